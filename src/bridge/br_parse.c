/* Parsing a piece's `def` body for the compiler (br_compile.c): words, then a tree read as
 * GAME Code's Polish notation right to left (reference §3.1), with break-away `and`/`or`
 * (§3.2) and `fn name #0 #1` calls inlined.  Operators the compiler does not model are refused
 * by name, so a piece that cannot compile says why.  A body is the def's words as the
 * interpreter parsed them, joined by single spaces (br_find_def, br_code.c): splitting it again
 * at spaces gives back those words, with strings and groups refused as a whole. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge/br_tree.h"

/* ---- tokens ---- */

bool br_tokenize(const char *body, Tokens *t, char *reason, int reasonlen) {
  t->count = 0;
  const char *s = body;
  while (*s) {
    while (isspace((unsigned char)*s)) s++;
    if (!*s) break;
    if (*s == '"') {
      snprintf(reason, reasonlen, "quoted strings are not compiled yet");
      return false;
    }
    if (t->count == TOK_MAX) {
      snprintf(reason, reasonlen, "body longer than %d words", TOK_MAX);
      return false;
    }
    int n = 0;
    if (*s == '(' || *s == ')') { /* a group's bounds are words of their own */
      t->text[t->count][0] = *s++;
      t->text[t->count++][1] = 0;
      continue;
    }
    while (*s && !isspace((unsigned char)*s) && *s != '(' && *s != ')') {
      if (n < TOK_LEN - 1) t->text[t->count][n++] = *s;
      s++;
    }
    t->text[t->count][n] = 0;
    t->count++;
  }
  return true;
}

/* ---- operators the compiler understands ---- */

static const struct {
  const char *name;
  OpCode op;
  int arity;
} kOps[] = {
    {"not", OP_NOT, 1},
    {"!", OP_NOT, 1},
    {"==", OP_EQ, 2},
    {"equal", OP_EQ, 2},
    {"!=", OP_NE, 2},
    {"unequal", OP_NE, 2},
    {"<", OP_LT, 2},
    {">", OP_GT, 2},
    {"<=", OP_LE, 2},
    {">=", OP_GE, 2},
    {"empty", OP_EMPTY, 1},
    {"capture", OP_CAPTURE, 0},
    {"space", OP_SPACE, 1},
    {"islower", OP_ISLOWER, 1},
    {"isupper", OP_ISUPPER, 1},
    {"rank", OP_RANK, 1},
    {"file", OP_FILE, 1},
    {"rankname", OP_RANKNAME, 1},
    {"filename", OP_FILENAME, 1},
    {"var", OP_VAR, 1},
    {"join", OP_JOIN, 2},
    {"where", OP_WHERE, 3},
    {"onboard", OP_ONBOARD, 1},
    {"neg", OP_NEG, 1},
    {"cond", OP_COND, 3},
    {"checkleap", OP_CHECKLEAP, 4},
    {"checkaleap", OP_CHECKALEAP, 4},
    {"checkride", OP_CHECKRIDE, 4},
    {"checkaride", OP_CHECKARIDE, 4},
    {"checkatwostep", OP_CHECKATWOSTEP, 6},
    {"checkhop", OP_CHECKHOP, 4},
    {"checkahop", OP_CHECKAHOP, 4},
    {"checktwostep", OP_CHECKTWOSTEP, 6},
    {"checkgrasshop", OP_CHECKGRASSHOP, 2},
    {"distance", OP_DISTANCE, 2},
    {"true", OP_TRUE, 0},
    {"false", OP_FALSE, 0},
    {"toupper", OP_TOUPPER, 1},
    {"tolower", OP_TOLOWER, 1},
    {"path", OP_PATH, 2},
    /* Variadic: they take every value to their right (reference §3.1), so they are compiled
     * where they stand alone in their own def. */
    {"findpiece", OP_FINDPIECE, -1},
    {"checkapath", OP_CHECKAPATH, -1},
    {"checkpath", OP_CHECKPATH, -1},
};

/* Operators of GAME Code that we know we do not compile yet: naming them gives a clear reason. */
static const char *const kNotYet[] = {"checkmaxsteps",
                                      "checknsteps",
                                      "checklongleap",
                                      "voidleap",
                                      "voidride",
                                      "sub",
                                      "match",
                                      "any",
                                      "anyfalse",
                                      "onlyif",
                                      "unless",
                                      "flag",
                                      "what",
                                      "insight",
                                      "const",
                                      "count",
                                      "nor",
                                      "and",
                                      "or",
                                      "minus",
                                      "plus",
                                      "-",
                                      "+",
                                      "*",
                                      "/",
                                      "abs",
                                      "sign",
                                      "mod",
                                      "remove",
                                      "in",
                                      "isempty",
                                      "lastrank",
                                      "isconst",
                                      "alias",
                                      NULL};

/* ---- the tree ---- */

enum { INLINE_MAX = 8, BREAK_MAX = 48 }; /* fn nesting; parse levels (break-away and/or, fn) */

static int parse_range(Tree *t, const Tokens *tk, int begin, int end, int level, char *reason, int reasonlen);

/* `fn name #0 #1`: the called function's body parsed in place (its #0 #1 are ours). */
static int inline_call(Tree *t, const char *name, int level, char *reason, int reasonlen) {
  char body[4096];
  if (!t->lookup || !t->lookup(t->lookup_ctx, name, body, sizeof body)) {
    snprintf(reason, reasonlen, "calls fn %s, whose def was not found", name);
    return -1;
  }
  if (t->inline_depth == INLINE_MAX || level >= BREAK_MAX) {
    snprintf(reason, reasonlen, "fn calls nested deeper than %d", INLINE_MAX);
    return -1;
  }
  Tokens *tk = malloc(sizeof *tk);
  if (!tk) {
    snprintf(reason, reasonlen, "out of memory");
    return -1;
  }
  int root = -1;
  if (br_tokenize(body, tk, reason, reasonlen)) {
    t->inline_depth++;
    root = tk->count ? parse_range(t, tk, 0, tk->count, level + 1, reason, reasonlen) : -1;
    t->inline_depth--;
    if (!tk->count) snprintf(reason, reasonlen, "fn %s has an empty body", name);
  }
  free(tk);
  return root;
}

static int new_node(Tree *t, OpCode op) {
  if (t->count == NODE_MAX) return -1;
  Node *n = &t->nodes[t->count];
  memset(n, 0, sizeof *n);
  n->op = op;
  return t->count++;
}

bool br_is_number(const char *s) {
  if (*s == '-' || *s == '+') s++;
  if (!*s) return false;
  for (; *s; s++)
    if (!isdigit((unsigned char)*s)) return false;
  return true;
}

/* The index of the ( that opens the group whose ) is at close, or -1. */
static int group_start(const Tokens *tk, int begin, int close) {
  int open = 0;
  for (int i = close; i >= begin; i--) {
    open += !strcmp(tk->text[i], ")") - !strcmp(tk->text[i], "(");
    if (open == 0) return i;
  }
  return -1;
}

/* Whether tokens [begin, end) are words alone, no operator, #name or group among them: the
 * interpreter reads such a group as an array literal, not an expression. */
static bool plain_group(const Tokens *tk, int begin, int end) {
  for (int i = begin; i < end; i++) {
    const char *w = tk->text[i];
    if (w[0] == '#' || w[0] == '(' || !strcmp(w, "and") || !strcmp(w, "or") || !strcmp(w, "fn")) return false;
    for (size_t k = 0; k < sizeof kOps / sizeof kOps[0]; k++)
      if (!strcmp(w, kOps[k].name) && kOps[k].op != OP_TRUE && kOps[k].op != OP_FALSE) return false;
  }
  return true;
}

/* Parses tokens[begin..end) right to left; returns the root node or -1 with a reason.  A (...)
 * group is an expression of its own, one value (reference §3.4: several make an array, which
 * the compiler does not model). */
static int parse_range(Tree *t, const Tokens *tk, int begin, int end, int level, char *reason, int reasonlen) {
  int stack[TOK_MAX];
  int depth = 0;
  for (int i = end - 1; i >= begin; i--) {
    const char *w = tk->text[i];
    if (!strcmp(w, ")")) {
      int open = group_start(tk, begin, i);
      if (open < 0 || level >= BREAK_MAX) {
        snprintf(reason, reasonlen, open < 0 ? "a ) without its (" : "groups nested too deep");
        return -1;
      }
      if (plain_group(tk, open + 1, i)) {
        snprintf(reason, reasonlen, "a (...) group of plain words, which is an array");
        return -1;
      }
      int n = parse_range(t, tk, open + 1, i, level + 1, reason, reasonlen);
      if (n < 0) return -1;
      stack[depth++] = n;
      i = open;
      continue;
    }
    if (!strcmp(w, "(")) {
      snprintf(reason, reasonlen, "a ( without its )");
      return -1;
    }
    if (!strcmp(w, "and") || !strcmp(w, "or")) {
      bool is_and = w[0] == 'a';
      if (depth >= 2) {
        int n = new_node(t, is_and ? OP_AND : OP_OR);
        if (n < 0) goto too_big;
        t->nodes[n].nargs = 2;
        t->nodes[n].args[0] = stack[depth - 1];
        t->nodes[n].args[1] = stack[depth - 2];
        depth -= 2;
        stack[depth++] = n;
        continue;
      }
      if (depth != 1 || i == begin) {
        snprintf(reason, reasonlen, "'%s' at word %d has nothing to work on", w, i + 1);
        return -1;
      }
      /* Break-away form: the value decides, or the rest of the expression (to the left) does. */
      if (level == BREAK_MAX) {
        snprintf(reason, reasonlen, "more than %d break-away and/or", BREAK_MAX);
        return -1;
      }
      int rest = parse_range(t, tk, begin, i, level + 1, reason, reasonlen);
      if (rest < 0) return -1;
      int n = new_node(t, is_and ? OP_BREAK_AND : OP_BREAK_OR);
      if (n < 0) goto too_big;
      t->nodes[n].nargs = 2;
      t->nodes[n].args[0] = stack[0];
      t->nodes[n].args[1] = rest;
      return n;
    }
    if (!strcmp(w, "fn")) {
      /* Operands to the right: the name, then the arguments; only (#0 #1) calls inline. */
      if (depth < 3 || t->nodes[stack[depth - 1]].op != OP_LIT || t->nodes[stack[depth - 2]].op != OP_ARG ||
          t->nodes[stack[depth - 2]].arg_index != 0 || t->nodes[stack[depth - 3]].op != OP_ARG ||
          t->nodes[stack[depth - 3]].arg_index != 1) {
        snprintf(reason, reasonlen, "fn is compiled only as `fn name #0 #1`");
        return -1;
      }
      char name[TOK_LEN];
      snprintf(name, sizeof name, "%s", t->nodes[stack[depth - 1]].lit);
      int n = inline_call(t, name, level, reason, reasonlen);
      if (n < 0) return -1;
      depth -= 3;
      stack[depth++] = n;
      continue;
    }
    int op = -1;
    for (size_t k = 0; k < sizeof kOps / sizeof kOps[0]; k++)
      if (!strcmp(w, kOps[k].name)) op = (int)k;
    if (op >= 0) {
      int arity = kOps[op].arity;
      if (arity < 0) arity = depth;
      if (arity > ARGS_MAX) {
        snprintf(reason, reasonlen, "'%s' has more than %d operands", w, ARGS_MAX);
        return -1;
      }
      if (depth < arity) {
        snprintf(reason, reasonlen, "'%s' lacks operands", w);
        return -1;
      }
      int n = new_node(t, kOps[op].op);
      if (n < 0) goto too_big;
      t->nodes[n].nargs = arity;
      for (int a = 0; a < arity; a++) t->nodes[n].args[a] = stack[depth - 1 - a];
      depth -= arity;
      stack[depth++] = n;
      continue;
    }
    for (int k = 0; kNotYet[k]; k++)
      if (!strcmp(w, kNotYet[k])) {
        snprintf(reason, reasonlen, "uses '%s', which the compiler does not handle yet", w);
        return -1;
      }
    int n;
    if (w[0] == '#' && isdigit((unsigned char)w[1]) && !w[2]) {
      n = new_node(t, OP_ARG);
      if (n < 0) goto too_big;
      t->nodes[n].arg_index = w[1] - '0';
      if (t->nodes[n].arg_index > 1) {
        snprintf(reason, reasonlen, "uses argument %s beyond #0 #1", w);
        return -1;
      }
    } else if (w[0] == '#') {
      snprintf(reason, reasonlen, "depends on the variable %s", w);
      return -1;
    } else {
      /* A plain word: a number, label or coordinate.  Long lower-case words are probably
       * operators we do not know: refuse rather than misread them. */
      bool word = strlen(w) >= 3;
      for (const char *c = w; *c; c++) word &= islower((unsigned char)*c) != 0;
      bool name = i > begin && (!strcmp(tk->text[i - 1], "var") || !strcmp(tk->text[i - 1], "fn"));
      if (word && !name) {
        snprintf(reason, reasonlen, "uses '%s', not understood by the compiler", w);
        return -1;
      }
      n = new_node(t, OP_LIT);
      if (n < 0) goto too_big;
      snprintf(t->nodes[n].lit, TOK_LEN, "%s", w);
    }
    stack[depth++] = n;
  }
  if (depth != 1) {
    snprintf(reason, reasonlen, "expression leaves %d values", depth);
    return -1;
  }
  return stack[0];
too_big:
  snprintf(reason, reasonlen, "expression too large");
  return -1;
}

int br_parse_tree(Tree *t, const Tokens *tk, char *reason, int reasonlen) {
  return parse_range(t, tk, 0, tk->count, 0, reason, reasonlen);
}
