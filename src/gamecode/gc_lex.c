/* Lexer: GAME Code text -> statements of tokens, each statement with its line (reference §2.1).
 * Statements end at ';', and a block opener (if, else, do, for, sub, switch, case ...) also
 * ends at ':'. `//` starts a comment except inside double quotes. Parentheses make groups. */
#include "gamecode/gc_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const block_words[] = {"if",  "elseif", "else", "do",      "for",  "foreach",
                                          "sub", "switch", "case", "default", "loop", NULL};

static int is_block_word(const char *s, size_t n) {
  for (int i = 0; block_words[i]; i++)
    if (strlen(block_words[i]) == n && strncmp(block_words[i], s, n) == 0) return 1;
  return 0;
}

/* Does the word hold origin, dest, moved or old as a whole word (so it needs substitution)? */
static int is_move_word(const char *w) {
  static const char *const names[] = {"origin", "dest", "moved", "old", NULL};
  for (const char *p = w; *p; p++) {
    if (p > w && (isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '$' || p[-1] == '#')) continue;
    for (int i = 0; names[i]; i++) {
      size_t n = strlen(names[i]);
      if (strncmp(p, names[i], n) == 0 && !isalnum((unsigned char)p[n]) && p[n] != '_') return 1;
    }
  }
  return 0;
}

int gc_word_substituted(const char *w) { return strchr(w, '#') || is_move_word(w); }

typedef struct tokvec {
  GcToken *v;
  int n, cap;
} tokvec;

static GcToken *tv_push(tokvec *tv) {
  if (tv->n == tv->cap) {
    tv->cap = tv->cap ? tv->cap * 2 : 8;
    tv->v = realloc(tv->v, sizeof(GcToken) * (size_t)tv->cap);
    if (!tv->v) abort();
  }
  GcToken *t = &tv->v[tv->n++];
  memset(t, 0, sizeof *t);
  return t;
}

void gc_tokens_free(GcToken *toks, int n) {
  for (int i = 0; i < n; i++) {
    free(toks[i].text);
    if (toks[i].has_lit || toks[i].has_name) gc_release(&toks[i].lit);
    gc_tokens_free(toks[i].kids, toks[i].nkids);
  }
  free(toks);
}

void gc_source_free(GcSource *src) {
  for (int i = 0; i < src->nstmts; i++) gc_tokens_free(src->stmts[i].toks, src->stmts[i].ntoks);
  free(src->stmts);
  src->stmts = NULL;
  src->nstmts = 0;
}

/* The constant value of a plain word: a number, true/false/null, or the word itself. */
/* The interpreter's one string value of the text s (GcInterp.interned). */
GcValue gc_intern(GcInterp *gc, const char *s) {
  unsigned h = gc_hash(s);
  GcMapSlot *slot = gc_map_slot_h(&gc->interned, s, h);
  if (slot) return gc_copy(&slot->val);
  GcValue v = gc_str(s);
  gc_map_slot_put_key(&gc->interned, &v, h, gc_copy(&v));
  return v;
}

static GcValue word_constant(GcInterp *gc, const char *s) {
  double d;
  if (gc_is_numeric_str(s, &d) && !isspace((unsigned char)s[0])) return gc_num(d);
  if (!strcmp(s, "true")) return gc_bool(1);
  if (!strcmp(s, "false")) return gc_bool(0);
  if (!strcmp(s, "null")) return gc_null();
  return gc_intern(gc, s);
}

/* How gc_eval reads a finished word or string (GcTokEval). */
static unsigned char evaluation_of(GcToken *t) {
  static const char *const move_words[] = {"origin", "dest", "moved", "old"};
  if (t->has_lit) return EV_CONSTANT;
  if (t->kind != TK_WORD) return EV_GENERAL;
  if (t->op && !t->subst) return EV_OPERATOR;
  if (t->has_name) {
    /* the whole token is #name when the name runs to its end (not #a-#b or #name's) */
    const char *p = t->text + 1;
    while (gc_name_char(*p)) p++;
    return *p ? EV_GENERAL : EV_NAME;
  }
  /* $origin is origin read as a system variable: the same value during a move */
  const char *w = t->text[0] == '$' && !t->subst ? t->text + 1 : t->text;
  for (int i = 0; i < 4; i++)
    if (!strcmp(w, move_words[i])) {
      t->move_word = (unsigned char)i;
      return EV_MOVE_WORD;
    }
  if (w != t->text && !strcmp(w, "lastcaptured")) {
    t->move_word = 3;
    return EV_MOVE_WORD;
  }
  return EV_GENERAL;
}

static void finish_word(GcInterp *gc, GcToken *t) {
  t->argno = -1;
  t->text_hash = gc_hash(t->text);
  if (t->text[0] == '#' && t->text[1]) {
    int digits = 1, n = 0;
    for (const char *p = t->text + 1; *p && digits; p++) {
      digits = isdigit((unsigned char)*p) != 0;
      if (n < 100000) n = n * 10 + (*p - '0');
    }
    if (digits) t->argno = n;
    t->name_hash = gc_hash(t->text + 1);
    t->lit = gc_intern(gc, t->text + 1);
    t->has_name = 1;
  }
  if (t->kind == TK_WORD) {
    if (gc_word_substituted(t->text))
      t->subst = 1;
    else
      t->op = gc_find_op(gc, t->text);
    if (!t->subst && !t->op && t->text[0] != '$' && t->text[0] != '=') {
      t->lit = word_constant(gc, t->text);
      t->has_lit = 1;
    }
  } else if (t->kind == TK_STRING) {
    if (strchr(t->text, '#'))
      t->subst = 1;
    else {
      t->lit = gc_intern(gc, t->text);
      t->has_lit = 1;
    }
  }
  t->ev = evaluation_of(t);
}

static void mark_literal_group(GcToken *g) {
  int lit = 1;
  for (int i = 0; i < g->nkids && lit; i++)
    if (g->kids[i].kind == TK_GROUP || g->kids[i].op || g->kids[i].subst) lit = 0;
  g->literal = (unsigned char)lit;
}

/* A group, or a word beginning with `=` (in a function, =name takes values as a local): not one
 * value read from the token alone. */
static int not_a_value(const GcToken *t) { return t->kind == TK_GROUP || (t->kind == TK_WORD && t->text[0] == '='); }

/* An operand the calculator can read in place: one value, from the token alone. */
static int plain_operand(const GcToken *t) {
  if (not_a_value(t)) return 0;
  return t->ev == EV_CONSTANT || t->ev == EV_NAME || t->ev == EV_MOVE_WORD;
}

/* Marks the last operand of each fixed-arity operator whose operands are all plain (GcToken
 * fuse).  Operands run to the operator's right, the last one furthest. */
static void mark_fused(GcToken *v, int n) {
  for (int i = 0; i < n; i++) {
    const GcToken *t = &v[i];
    if (t->ev != EV_OPERATOR || t->op->kind != OP_FIXED) continue;
    int k = t->op->arity;
    if (k < 1 || k > GC_FUSE_MAX || i + k >= n) continue;
    int plain = 1;
    for (int j = i + 1; j <= i + k && plain; j++) plain = plain_operand(&v[j]);
    if (plain) v[i + k].fuse = (unsigned char)k;
  }
}

/* The end (one past) of the expression that starts at v[i] when it is one pure tree: values,
 * and built-ins of fixed arity that neither change anything nor fail on their operands, with
 * `and`/`or` between two such trees; -1 otherwise.  (Division and modulo fail on a zero, and
 * `remove` empties a square.) */
static int pure_tree_end(const GcToken *v, int n, int i, int depth) {
  if (i >= n || depth > 64) return -1;
  const GcToken *t = &v[i];
  if (not_a_value(t)) return -1;
  if (t->ev != EV_OPERATOR) return t->op ? -1 : i + 1;
  int k;
  if (t->op->kind == OP_AND || t->op->kind == OP_OR)
    k = 2;
  else if (t->op->kind == OP_FIXED && strcmp(t->op->name, "/") && strcmp(t->op->name, "%") &&
           strcmp(t->op->name, "remove"))
    k = t->op->arity;
  else
    return -1;
  int j = i + 1;
  for (int c = 0; c < k && j >= 0; c++) j = pure_tree_end(v, n, j, depth + 1);
  return j;
}

/* Marks the last token of each pure left operand of `and`/`or` (GcToken skip). */
static void mark_skips(GcToken *v, int n) {
  for (int i = 0; i < n; i++) {
    const GcToken *t = &v[i];
    if (t->ev != EV_OPERATOR || (t->op->kind != OP_AND && t->op->kind != OP_OR)) continue;
    int end = pure_tree_end(v, n, i + 1, 0);
    if (end < 0 || end >= n || end - 1 - i > 65535 || v[end - 1].skip_kind) continue; /* no right operand */
    v[end - 1].skip_kind = t->op->kind == OP_AND ? GC_SKIP_AND : GC_SKIP_OR;
    v[end - 1].skip = (unsigned short)(end - 1 - i);
  }
}

#define MAX_NEST 64

int gc_lex(GcInterp *gc, const char *text, const char *file, GcSource *out, GcError *err) {
  memset(out, 0, sizeof *out);
  int cap = 0, line = 1, stmt_line = 0;
  tokvec stack[MAX_NEST];
  int depth = 0;
  memset(&stack[0], 0, sizeof stack[0]);
  const char *p = text;
  int first_word_block = -1; /* -1 unknown, 0/1 once the first word is complete */

#define FAIL(...)                                                                                                      \
  do {                                                                                                                 \
    snprintf(err->message, sizeof err->message, __VA_ARGS__);                                                          \
    snprintf(err->file, sizeof err->file, "%s", file);                                                                 \
    err->line = line;                                                                                                  \
    for (int d_ = depth; d_ >= 0; d_--) gc_tokens_free(stack[d_].v, stack[d_].n);                                      \
    gc_source_free(out);                                                                                               \
    return -1;                                                                                                         \
  } while (0)

  for (;;) {
    char c = *p;
    int end_stmt = 0;
    if (c == 0 || c == ';') {
      end_stmt = 1;
    } else if (c == '\n') {
      line++;
      p++;
      continue;
    } else if (isspace((unsigned char)c)) {
      p++;
      continue;
    } else if (c == '/' && p[1] == '/') {
      while (*p && *p != '\n') p++;
      continue;
    } else if (c == ':' && depth == 0 && first_word_block == 1) {
      end_stmt = 1;
    } else if (c == '(') {
      if (depth + 1 >= MAX_NEST) FAIL("parentheses nested too deeply");
      if (!stmt_line) stmt_line = line;
      if (first_word_block < 0) first_word_block = 0;
      depth++;
      memset(&stack[depth], 0, sizeof stack[depth]);
      p++;
      continue;
    } else if (c == ')') {
      if (depth == 0) FAIL("unbalanced ')'");
      tokvec kids = stack[depth--];
      GcToken *g = tv_push(&stack[depth]);
      g->kind = TK_GROUP;
      g->kids = kids.v;
      g->nkids = kids.n;
      mark_literal_group(g);
      mark_fused(g->kids, g->nkids);
      mark_skips(g->kids, g->nkids);
      p++;
      continue;
    } else if (c == '"') {
      const char *q = p + 1;
      while (*q && *q != '"') q++;
      if (!*q) FAIL("unterminated string");
      if ((size_t)(q - p - 1) > gc->limits.max_string) /* no value may be longer, nor its source */
        FAIL("string literal of %zu bytes over the limit of %zu", (size_t)(q - p - 1), gc->limits.max_string);
      if (!stmt_line) stmt_line = line;
      GcToken *t = tv_push(&stack[depth]);
      t->kind = TK_STRING;
      t->text = malloc((size_t)(q - p));
      if (!t->text) abort();
      memcpy(t->text, p + 1, (size_t)(q - p - 1));
      t->text[q - p - 1] = 0;
      for (const char *r = p; r < q; r++)
        if (*r == '\n') line++;
      finish_word(gc, t);
      if (first_word_block < 0) first_word_block = 0;
      p = q + 1;
      continue;
    } else {
      /* a word: up to whitespace, ';', parentheses, or ':' closing a block opener */
      const char *q = p;
      int is_first = stack[0].n == 0 && depth == 0;
      while (*q && !isspace((unsigned char)*q) && *q != ';' && *q != '(' && *q != ')' && *q != '"' &&
             !(q[0] == '/' && q[1] == '/')) {
        if (*q == ':' && depth == 0 && (first_word_block == 1 || (is_first && is_block_word(p, (size_t)(q - p)))))
          break;
        q++;
      }
      if (!stmt_line) stmt_line = line;
      GcToken *t = tv_push(&stack[depth]);
      t->kind = TK_WORD;
      t->text = malloc((size_t)(q - p) + 1);
      if (!t->text) abort();
      memcpy(t->text, p, (size_t)(q - p));
      t->text[q - p] = 0;
      if (is_first) first_word_block = is_block_word(p, (size_t)(q - p));
      finish_word(gc, t);
      p = q;
      continue;
    }
    if (end_stmt) {
      if (depth > 0) {
        if (c == 0) FAIL("unbalanced '('");
        /* a ';' or ':' inside parentheses is part of a word there */
        GcToken *t = tv_push(&stack[depth]);
        t->kind = TK_WORD;
        t->text = malloc(2);
        if (!t->text) abort();
        t->text[0] = c;
        t->text[1] = 0;
        p++;
        continue;
      }
      if (stack[0].n > 0) {
        if (out->nstmts == cap) {
          cap = cap ? cap * 2 : 64;
          out->stmts = realloc(out->stmts, sizeof(GcStmt) * (size_t)cap);
          if (!out->stmts) abort();
        }
        GcStmt *s = &out->stmts[out->nstmts++];
        s->toks = stack[0].v;
        s->ntoks = stack[0].n;
        s->line = stmt_line;
        mark_fused(s->toks, s->ntoks);
        mark_skips(s->toks, s->ntoks);
      }
      memset(&stack[0], 0, sizeof stack[0]);
      stmt_line = 0;
      first_word_block = -1;
      if (c == 0) break;
      p++;
    }
  }
#undef FAIL
  return 0;
}
