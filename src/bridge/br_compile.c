/* Compiling a piece's `def` body into movement atoms by partial evaluation.
 *
 * The body is parsed as GAME Code's Polish notation (reference §3.1: read right to left, with
 * break-away `and`/`or`, §3.2) into a tree.  Its move primitives (checkleap, checkride,
 * checkatwostep ...) give the candidate atoms.  Each candidate is then tried from every origin
 * square, for a destination that is empty and for one holding an enemy piece, with the squares
 * the atom passes known to be empty and everything else unknown; the tree is evaluated in
 * three-valued logic.  A candidate becomes an atom when the answers are definite and depend on
 * the origin only through its rank (pawn double steps).  Anything else is refused with a
 * reason, and the piece stays with the oracle. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge/br_internal.h"

/* ---- tokens ---- */

enum { TOK_MAX = 256, TOK_LEN = 64, NODE_MAX = 512, ARGS_MAX = 6, CAND_MAX = 128 };

typedef struct Tokens {
  char text[TOK_MAX][TOK_LEN];
  int count;
} Tokens;

static bool tokenize(const char *body, Tokens *t, char *reason, int reasonlen) {
  t->count = 0;
  const char *s = body;
  while (*s) {
    while (isspace((unsigned char)*s)) s++;
    if (!*s) break;
    if (*s == '"' || *s == '(') {
      snprintf(reason, reasonlen, "quoted strings and (...) groups are not compiled yet");
      return false;
    }
    if (t->count == TOK_MAX) {
      snprintf(reason, reasonlen, "body longer than %d words", TOK_MAX);
      return false;
    }
    int n = 0;
    while (*s && !isspace((unsigned char)*s)) {
      if (n < TOK_LEN - 1) t->text[t->count][n++] = *s;
      s++;
    }
    t->text[t->count][n] = 0;
    t->count++;
  }
  return true;
}

/* ---- operators the compiler understands ---- */

typedef enum {
  OP_LIT, OP_ARG, OP_AND, OP_OR, OP_BREAK_AND, OP_BREAK_OR, OP_NOT, OP_EQ, OP_NE, OP_LT, OP_GT,
  OP_LE, OP_GE, OP_EMPTY, OP_CAPTURE, OP_SPACE, OP_ISLOWER, OP_ISUPPER, OP_RANK, OP_FILE,
  OP_RANKNAME, OP_FILENAME, OP_VAR, OP_JOIN, OP_WHERE, OP_ONBOARD, OP_NEG, OP_COND,
  OP_CHECKLEAP, OP_CHECKALEAP, OP_CHECKRIDE, OP_CHECKARIDE, OP_CHECKATWOSTEP, OP_TRUE, OP_FALSE
} OpCode;

static const struct {
  const char *name;
  OpCode op;
  int arity;
} kOps[] = {
    {"not", OP_NOT, 1},           {"!", OP_NOT, 1},
    {"==", OP_EQ, 2},             {"equal", OP_EQ, 2},
    {"!=", OP_NE, 2},             {"unequal", OP_NE, 2},
    {"<", OP_LT, 2},              {">", OP_GT, 2},
    {"<=", OP_LE, 2},             {">=", OP_GE, 2},
    {"empty", OP_EMPTY, 1},       {"capture", OP_CAPTURE, 0},
    {"space", OP_SPACE, 1},       {"islower", OP_ISLOWER, 1},
    {"isupper", OP_ISUPPER, 1},   {"rank", OP_RANK, 1},
    {"file", OP_FILE, 1},         {"rankname", OP_RANKNAME, 1},
    {"filename", OP_FILENAME, 1}, {"var", OP_VAR, 1},
    {"join", OP_JOIN, 2},         {"where", OP_WHERE, 3},
    {"onboard", OP_ONBOARD, 1},   {"neg", OP_NEG, 1},
    {"cond", OP_COND, 3},         {"checkleap", OP_CHECKLEAP, 4},
    {"checkaleap", OP_CHECKALEAP, 4}, {"checkride", OP_CHECKRIDE, 4},
    {"checkaride", OP_CHECKARIDE, 4}, {"checkatwostep", OP_CHECKATWOSTEP, 6},
    {"true", OP_TRUE, 0},         {"false", OP_FALSE, 0},
};

/* Operators of GAME Code that we know we do not compile yet: naming them gives a clear reason. */
static const char *const kNotYet[] = {
    "checkhop", "checkahop", "checkmaxsteps", "checknsteps", "checktwostep", "checkgrasshop",
    "checkpath", "checkapath", "checklongleap", "voidleap", "voidride", "sub", "match",
    "any", "anyfalse", "onlyif", "unless", "flag", "distance", "what", "insight", "const",
    "count", "nor", "and", "or", "minus", "plus", "-", "+", "*", "/", "abs", "sign", "mod",
    "findpiece", "remove", "in", "isempty", "lastrank", "isconst", "alias", NULL};

typedef struct Node {
  OpCode op;
  int nargs;
  int args[ARGS_MAX];
  char lit[TOK_LEN];
  int arg_index; /* OP_ARG: #0 or #1 */
} Node;

typedef struct Tree {
  Node nodes[NODE_MAX];
  int count;
  int root;
  BrDefLookup lookup; /* finds the bodies of functions called with fn, or NULL */
  void *lookup_ctx;
  int inline_depth;
} Tree;

enum { INLINE_MAX = 8, BREAK_MAX = 48 }; /* fn nesting; parse levels (break-away and/or, fn) */

static int parse_range(Tree *t, const Tokens *tk, int end, int level, char *reason, int reasonlen);
static bool tokenize(const char *body, Tokens *t, char *reason, int reasonlen);

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
  if (tokenize(body, tk, reason, reasonlen)) {
    t->inline_depth++;
    root = tk->count ? parse_range(t, tk, tk->count, level + 1, reason, reasonlen) : -1;
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

static bool is_number(const char *s) {
  if (*s == '-' || *s == '+') s++;
  if (!*s) return false;
  for (; *s; s++)
    if (!isdigit((unsigned char)*s)) return false;
  return true;
}


/* Parses tokens[0..end) right to left; returns the root node or -1 with a reason. */
static int parse_range(Tree *t, const Tokens *tk, int end, int level, char *reason, int reasonlen) {
  int stack[TOK_MAX];
  int depth = 0;
  for (int i = end - 1; i >= 0; i--) {
    const char *w = tk->text[i];
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
      if (depth != 1 || i == 0) {
        snprintf(reason, reasonlen, "'%s' at word %d has nothing to work on", w, i + 1);
        return -1;
      }
      /* Break-away form: the value decides, or the rest of the expression (to the left) does. */
      if (level == BREAK_MAX) {
        snprintf(reason, reasonlen, "more than %d break-away and/or", BREAK_MAX);
        return -1;
      }
      int rest = parse_range(t, tk, i, level + 1, reason, reasonlen);
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
      if (depth < 3 || t->nodes[stack[depth - 1]].op != OP_LIT ||
          t->nodes[stack[depth - 2]].op != OP_ARG || t->nodes[stack[depth - 2]].arg_index != 0 ||
          t->nodes[stack[depth - 3]].op != OP_ARG || t->nodes[stack[depth - 3]].arg_index != 1) {
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
      bool name = i > 0 && (!strcmp(tk->text[i - 1], "var") || !strcmp(tk->text[i - 1], "fn"));
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

/* ---- three-valued evaluation ---- */

typedef enum { V_UNKNOWN, V_BOOL, V_NUM, V_STR, V_SQ, V_ENEMY, V_NOEP } ValKind;

typedef struct Val {
  ValKind kind;
  int num; /* V_BOOL, V_NUM, V_SQ (square or -1 for off the board) */
  char str[48];
} Val;

/* The situation a candidate move is tried in. */
typedef struct Scene {
  const Geometry *geo;
  int color;
  char mover[4];          /* the mover's label */
  int origin, dest;
  bool dest_enemy;        /* destination holds an enemy piece (else it is empty) */
  bool path[GEO_MAX_SQUARES]; /* squares known to be empty */
  int ep_square;          /* value of `var ep` in the en passant trial, or -1 */
  bool unknown_var;       /* some variable other than ep was read */
} Scene;

static Val v_unknown(void) { return (Val){.kind = V_UNKNOWN}; }
static Val v_bool(bool b) { return (Val){.kind = V_BOOL, .num = b}; }
static Val v_num(int n) { return (Val){.kind = V_NUM, .num = n}; }
static Val v_sq(int sq) { return (Val){.kind = V_SQ, .num = sq}; }
static Val v_str(const char *s) {
  Val v = {.kind = V_STR};
  snprintf(v.str, sizeof v.str, "%s", s);
  return v;
}

/* -1 unknown, 0 false, 1 true (PHP truthiness; reference §3.4). */
static int truth(const Val *v) {
  switch (v->kind) {
    case V_BOOL: case V_NUM: return v->num != 0;
    case V_STR: return v->str[0] && strcmp(v->str, "0");
    case V_SQ: return v->num >= 0;
    case V_ENEMY: return 1;
    case V_NOEP: return 0;
    default: return -1;
  }
}

static bool text_of(const Scene *s, const Val *v, char *out, int outlen) {
  if (v->kind == V_STR) snprintf(out, outlen, "%s", v->str);
  else if (v->kind == V_NUM) snprintf(out, outlen, "%d", v->num);
  else if (v->kind == V_SQ && v->num >= 0) geo_square_name(s->geo, v->num, out);
  else if (v->kind == V_SQ) out[0] = 0;
  else return false;
  return true;
}

static int square_of(const Scene *s, const Val *v) {
  if (v->kind == V_SQ) return v->num;
  if (v->kind == V_STR) {
    int used = 0, sq = geo_parse_square(s->geo, v->str, &used);
    if (sq >= 0 && !v->str[used]) return sq;
  }
  return -2; /* not a coordinate */
}

static bool on_board(const Scene *s, int sq) { return sq >= 0 && !s->geo->hole[sq]; }

/* Symmetric images of (a, b) (reference §4.4), duplicates removed. */
static int images(int a, int b, int out[8][2]) {
  int cand[8][2] = {{a, b}, {-a, b}, {a, -b}, {-a, -b}, {b, a}, {-b, a}, {b, -a}, {-b, -a}};
  int n = 0;
  for (int i = 0; i < 8; i++) {
    bool seen = false;
    for (int j = 0; j < n; j++) seen |= out[j][0] == cand[i][0] && out[j][1] == cand[i][1];
    if (!seen) out[n][0] = cand[i][0], out[n][1] = cand[i][1], n++;
  }
  return n;
}

static int offset(const Scene *s, int sq, int dx, int dy) {
  int f = geo_file(s->geo, sq) + dx, r = geo_rank(s->geo, sq) + dy;
  if (f < 0 || r < 0 || f >= s->geo->width || r >= s->geo->height) return -1;
  return geo_square(s->geo, f, r);
}

/* Is the square known empty (1), known occupied (0), or unknown (-1)? */
static int known_empty(const Scene *s, int sq) {
  if (sq < 0 || s->geo->hole[sq]) return 0;
  if (sq == s->origin) return 0;
  if (sq == s->dest) return !s->dest_enemy;
  return s->path[sq] ? 1 : -1;
}

/* A ride from o to d along one of the steps: true, false, or unknown when a square between is
 * not known. */
static int ride_test(const Scene *s, int o, int d, int steps[8][2], int nsteps) {
  if (o < 0 || d < 0 || o == d) return 0;
  int fx = geo_file(s->geo, d) - geo_file(s->geo, o), fy = geo_rank(s->geo, d) - geo_rank(s->geo, o);
  for (int i = 0; i < nsteps; i++) {
    int sx = steps[i][0], sy = steps[i][1];
    if (!sx && !sy) continue;
    int k = sx ? fx / sx : fy / sy;
    if (k < 1 || k * sx != fx || k * sy != fy) continue;
    int result = 1;
    for (int j = 1; j < k; j++) {
      int e = known_empty(s, offset(s, o, j * sx, j * sy));
      if (e == 0) return 0;
      if (e < 0) result = -1;
    }
    return result;
  }
  return 0;
}

static Val eval(const Tree *t, int n, Scene *s);

static int eval_int(const Tree *t, int n, Scene *s, bool *ok) {
  Val v = eval(t, n, s);
  if (v.kind == V_NUM) return v.num;
  if (v.kind == V_STR && is_number(v.str)) return atoi(v.str);
  *ok = false;
  return 0;
}

static Val compare(const Scene *s, OpCode op, Val a, Val b) {
  if (a.kind == V_NOEP || b.kind == V_NOEP) {
    if (op == OP_EQ) return v_bool(false);
    if (op == OP_NE) return v_bool(true);
    return v_unknown();
  }
  char x[64], y[64];
  if (!text_of(s, &a, x, sizeof x) || !text_of(s, &b, y, sizeof y)) return v_unknown();
  int c;
  if (is_number(x) && is_number(y)) c = atoi(x) - atoi(y);
  else c = strcmp(x, y);
  switch (op) {
    case OP_EQ: return v_bool(c == 0);
    case OP_NE: return v_bool(c != 0);
    case OP_LT: return v_bool(c < 0);
    case OP_GT: return v_bool(c > 0);
    case OP_LE: return v_bool(c <= 0);
    default: return v_bool(c >= 0);
  }
}

static Val eval(const Tree *t, int n, Scene *s) {
  const Node *nd = &t->nodes[n];
  switch (nd->op) {
    case OP_LIT: return v_str(nd->lit);
    case OP_ARG: return v_sq(nd->arg_index == 0 ? s->origin : s->dest);
    case OP_TRUE: return v_bool(true);
    case OP_FALSE: return v_bool(false);
    case OP_AND: case OP_OR: case OP_BREAK_AND: case OP_BREAK_OR: {
      bool is_and = nd->op == OP_AND || nd->op == OP_BREAK_AND;
      Val a = eval(t, nd->args[0], s);
      int ta = truth(&a);
      if (is_and && ta == 0) return v_bool(false);
      if (!is_and && ta == 1) return v_bool(true);
      Val b = eval(t, nd->args[1], s);
      int tb = truth(&b);
      if (ta == 1 || ta == 0) return tb < 0 ? v_unknown() : v_bool(tb);
      /* a unknown */
      if (is_and && tb == 0) return v_bool(false);
      if (!is_and && tb == 1) return v_bool(true);
      return v_unknown();
    }
    case OP_NOT: {
      Val a = eval(t, nd->args[0], s);
      int ta = truth(&a);
      return ta < 0 ? v_unknown() : v_bool(!ta);
    }
    case OP_EQ: case OP_NE: case OP_LT: case OP_GT: case OP_LE: case OP_GE:
      return compare(s, nd->op, eval(t, nd->args[0], s), eval(t, nd->args[1], s));
    case OP_CAPTURE: return v_bool(s->dest_enemy);
    case OP_EMPTY: case OP_SPACE: case OP_ONBOARD: case OP_RANK: case OP_FILE: case OP_RANKNAME:
    case OP_FILENAME: {
      Val a = eval(t, nd->args[0], s);
      int sq = square_of(s, &a);
      if (a.kind == V_UNKNOWN) return v_unknown();
      if (nd->op == OP_ONBOARD) return v_bool(sq >= 0 && on_board(s, sq));
      if (sq < 0 || s->geo->hole[sq]) {
        if (nd->op == OP_EMPTY) return v_bool(false);
        return v_unknown();
      }
      switch (nd->op) {
        case OP_EMPTY: {
          int e = known_empty(s, sq);
          return e < 0 ? v_unknown() : v_bool(e);
        }
        case OP_SPACE:
          if (sq == s->origin) return v_str(s->mover);
          if (sq == s->dest && s->dest_enemy) return (Val){.kind = V_ENEMY};
          if (known_empty(s, sq) == 1) return v_str("@");
          return v_unknown();
        case OP_RANK: return v_num(geo_rank(s->geo, sq));
        case OP_FILE: return v_num(geo_file(s->geo, sq));
        case OP_RANKNAME: return v_str(s->geo->rank_label[geo_rank(s->geo, sq)]);
        default: return v_str(s->geo->file_label[geo_file(s->geo, sq)]);
      }
    }
    case OP_ISLOWER: case OP_ISUPPER: {
      Val a = eval(t, nd->args[0], s);
      bool lower = nd->op == OP_ISLOWER;
      if (a.kind == V_ENEMY) return v_bool(lower == (s->color == WHITE));
      if (a.kind != V_STR) return v_unknown();
      bool any = false, all = true;
      for (const char *c = a.str; *c; c++) {
        if (!isalpha((unsigned char)*c)) continue;
        any = true;
        all &= lower ? islower((unsigned char)*c) != 0 : isupper((unsigned char)*c) != 0;
      }
      return v_bool(any && all);
    }
    case OP_VAR: {
      Val a = eval(t, nd->args[0], s);
      if (a.kind == V_STR && !strcmp(a.str, "ep")) {
        if (s->ep_square >= 0) return v_sq(s->ep_square);
        return (Val){.kind = V_NOEP};
      }
      s->unknown_var = true;
      return v_unknown();
    }
    case OP_JOIN: {
      Val a = eval(t, nd->args[0], s), b = eval(t, nd->args[1], s);
      char x[64], y[64];
      if (!text_of(s, &a, x, sizeof x) || !text_of(s, &b, y, sizeof y)) return v_unknown();
      Val v = {.kind = V_STR};
      snprintf(v.str, sizeof v.str, "%.20s%.20s", x, y);
      return v;
    }
    case OP_WHERE: {
      Val a = eval(t, nd->args[0], s);
      bool ok = true;
      int dx = eval_int(t, nd->args[1], s, &ok), dy = eval_int(t, nd->args[2], s, &ok);
      int sq = square_of(s, &a);
      if (!ok || sq < 0) return v_unknown();
      return v_sq(offset(s, sq, dx, dy));
    }
    case OP_NEG: {
      bool ok = true;
      int x = eval_int(t, nd->args[0], s, &ok);
      return ok ? v_num(-x) : v_unknown();
    }
    case OP_COND: {
      Val c = eval(t, nd->args[0], s);
      int tc = truth(&c);
      if (tc == 1) return eval(t, nd->args[1], s);
      if (tc == 0) return eval(t, nd->args[2], s);
      Val a = eval(t, nd->args[1], s), b = eval(t, nd->args[2], s);
      int ta = truth(&a), tb = truth(&b);
      if (ta >= 0 && ta == tb) return v_bool(ta);
      return v_unknown();
    }
    case OP_CHECKLEAP: case OP_CHECKALEAP: case OP_CHECKRIDE: case OP_CHECKARIDE: {
      Val a = eval(t, nd->args[0], s), b = eval(t, nd->args[1], s);
      bool ok = true;
      int dx = eval_int(t, nd->args[2], s, &ok), dy = eval_int(t, nd->args[3], s, &ok);
      int o = square_of(s, &a), d = square_of(s, &b);
      if (!ok || a.kind == V_UNKNOWN || b.kind == V_UNKNOWN) return v_unknown();
      if (o < 0 || d < 0 || !on_board(s, o) || !on_board(s, d)) return v_bool(false);
      int steps[8][2], count;
      if (nd->op == OP_CHECKLEAP || nd->op == OP_CHECKRIDE) count = images(dx, dy, steps);
      else steps[0][0] = dx, steps[0][1] = dy, count = 1;
      if (nd->op == OP_CHECKRIDE || nd->op == OP_CHECKARIDE) {
        int r = ride_test(s, o, d, steps, count);
        return r < 0 ? v_unknown() : v_bool(r);
      }
      for (int i = 0; i < count; i++)
        if (offset(s, o, steps[i][0], steps[i][1]) == d) return v_bool(true);
      return v_bool(false);
    }
    case OP_CHECKATWOSTEP: {
      Val a = eval(t, nd->args[0], s), b = eval(t, nd->args[1], s);
      bool ok = true;
      int x1 = eval_int(t, nd->args[2], s, &ok), y1 = eval_int(t, nd->args[3], s, &ok);
      int x2 = eval_int(t, nd->args[4], s, &ok), y2 = eval_int(t, nd->args[5], s, &ok);
      int o = square_of(s, &a), d = square_of(s, &b);
      if (!ok || a.kind == V_UNKNOWN || b.kind == V_UNKNOWN) return v_unknown();
      if (o < 0 || d < 0 || !on_board(s, o) || !on_board(s, d)) return v_bool(false);
      int m = offset(s, o, x1, y1);
      if (!on_board(s, m) || offset(s, m, x2, y2) != d) return v_bool(false);
      int e = known_empty(s, m);
      return e < 0 ? v_unknown() : v_bool(e);
    }
  }
  return v_unknown();
}

/* ---- candidates ---- */

typedef struct Cand {
  AtomKind kind; /* ATOM_LEAP or ATOM_RIDE */
  int dx, dy;
  bool lame;     /* leap through the one square (px, py), which must be empty */
  int px, py;
} Cand;

static void add_cand(Cand *c, int *n, Cand x) {
  if (!x.dx && !x.dy) return; /* a null move: never a destination (the origin is occupied) */
  if (abs(x.dx) >= GEO_MAX_SIDE || abs(x.dy) >= GEO_MAX_SIDE) return; /* off any board */
  for (int i = 0; i < *n; i++)
    if (c[i].kind == x.kind && c[i].dx == x.dx && c[i].dy == x.dy && c[i].lame == x.lame &&
        c[i].px == x.px && c[i].py == x.py)
      return;
  if (*n < CAND_MAX) c[(*n)++] = x;
}

static bool literal_int(const Tree *t, int n, int *out) {
  const Node *nd = &t->nodes[n];
  if (nd->op == OP_LIT && is_number(nd->lit)) return *out = atoi(nd->lit), true;
  if (nd->op == OP_NEG && t->nodes[nd->args[0]].op == OP_LIT && is_number(t->nodes[nd->args[0]].lit))
    return *out = -atoi(t->nodes[nd->args[0]].lit), true;
  return false;
}

static bool collect(const Tree *t, int n, Cand *c, int *count, char *reason, int reasonlen) {
  const Node *nd = &t->nodes[n];
  for (int a = 0; a < nd->nargs; a++)
    if (!collect(t, nd->args[a], c, count, reason, reasonlen)) return false;
  if (nd->op < OP_CHECKLEAP || nd->op > OP_CHECKATWOSTEP) return true;
  int v[4];
  int first = nd->op == OP_CHECKATWOSTEP ? 4 : 2;
  for (int k = 0; k < first; k++)
    if (!literal_int(t, nd->args[2 + k], &v[k])) {
      snprintf(reason, reasonlen, "a move primitive has offsets that are not numbers");
      return false;
    }
  int st[8][2], ns;
  switch (nd->op) {
    case OP_CHECKLEAP: case OP_CHECKRIDE:
      ns = images(v[0], v[1], st);
      for (int i = 0; i < ns; i++)
        add_cand(c, count, (Cand){nd->op == OP_CHECKLEAP ? ATOM_LEAP : ATOM_RIDE, st[i][0], st[i][1], false, 0, 0});
      break;
    case OP_CHECKALEAP: add_cand(c, count, (Cand){ATOM_LEAP, v[0], v[1], false, 0, 0}); break;
    case OP_CHECKARIDE: add_cand(c, count, (Cand){ATOM_RIDE, v[0], v[1], false, 0, 0}); break;
    default: add_cand(c, count, (Cand){ATOM_LEAP, v[0] + v[2], v[1] + v[3], true, v[0], v[1]}); break;
  }
  return true;
}

/* The engine's path for a lame leap: orthogonal steps first, then diagonal (rules/tables.c). A
 * two-step compiles to a lame leap only when that path is the two-step's middle square. */
static bool lame_matches_engine(int dx, int dy, int px, int py) {
  int adx = abs(dx), ady = abs(dy), sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
  int diag = adx < ady ? adx : ady, straight = (adx > ady ? adx : ady) - diag;
  if (straight + diag != 2) return false;
  int fx = 0, fy = 0;
  if (straight >= 1) {
    if (adx > ady) fx = sx; else fy = sy;
  } else {
    fx = sx, fy = sy;
  }
  return fx == px && fy == py;
}

/* ---- from results to atoms ---- */

enum { R_FALSE = 0, R_TRUE = 1, R_UNKNOWN = 2, R_OFF = 3 };

/* Ranks (in the mover's own frame) of a set of origins, if the set is exactly the possible
 * origins of those ranks; else false. */
static bool rank_set(const Geometry *g, const uint8_t *res, uint32_t *ranks) {
  uint32_t rk = 0;
  for (int sq = 0; sq < g->squares; sq++)
    if (res[sq] == R_TRUE) rk |= 1u << geo_rank(g, sq);
  for (int sq = 0; sq < g->squares; sq++) {
    if (res[sq] == R_OFF) continue;
    bool in = rk >> geo_rank(g, sq) & 1;
    if (in != (res[sq] == R_TRUE)) return false;
  }
  *ranks = rk;
  return true;
}

typedef struct Trial {
  const Tree *tree;
  Scene scene;
  const Cand *cand;
} Trial;

/* Result of the candidate's k-th step from origin in one mode. */
static int try_move(Trial *tr, int origin, int k, bool enemy, int ep_square) {
  Scene *s = &tr->scene;
  const Cand *c = tr->cand;
  memset(s->path, 0, sizeof s->path);
  int dest;
  if (c->kind == ATOM_RIDE) {
    for (int j = 1; j < k; j++) {
      int sq = offset(s, origin, j * c->dx, j * c->dy);
      if (!on_board(s, sq)) return R_OFF;
      s->path[sq] = true;
    }
    dest = offset(s, origin, k * c->dx, k * c->dy);
  } else {
    if (c->lame) {
      int sq = offset(s, origin, c->px, c->py);
      if (!on_board(s, sq)) return R_OFF;
      s->path[sq] = true;
    }
    dest = offset(s, origin, c->dx, c->dy);
  }
  if (!on_board(s, dest)) return R_OFF;
  s->origin = origin, s->dest = dest, s->dest_enemy = enemy, s->ep_square = ep_square;
  s->unknown_var = false;
  Val v = eval(tr->tree, tr->tree->root, s);
  int tv = truth(&v);
  return tv < 0 ? R_UNKNOWN : tv ? R_TRUE : R_FALSE;
}

static void describe(const Geometry *g, const Cand *c, int origin, bool enemy, char *reason,
                     int reasonlen, const char *what) {
  char o[24];
  geo_square_name(g, origin, o);
  snprintf(reason, reasonlen, "%s for the %s (%d,%d)%s %s from %s", what,
           c->kind == ATOM_RIDE ? "ride" : c->lame ? "lame leap" : "leap", c->dx, c->dy,
           enemy ? " capturing" : "", enemy ? "" : "to an empty square", o);
}

static bool push_atom(BrCompiled *out, Atom a, uint32_t ranks, char *reason, int reasonlen) {
  if (out->count == MAX_ATOMS) {
    snprintf(reason, reasonlen, "more than %d atoms", MAX_ATOMS);
    return false;
  }
  out->atoms[out->count] = a;
  out->from_ranks[out->count] = ranks;
  out->count++;
  return true;
}

/* Is the candidate's move (one step or leap) already produced by an earlier ride? Same
 * destination, same squares that must be empty. */
static bool covered_by_ride(const BrCompiled *out, const Cand *c, int mode, uint32_t ranks) {
  for (int i = 0; i < out->count; i++) {
    const Atom *a = &out->atoms[i];
    if (a->kind != ATOM_RIDE || (a->mode & mode) != mode || (out->from_ranks[i] & ranks) != ranks)
      continue;
    if (!c->lame && a->dx == c->dx && a->dy == c->dy) return true;
    if (c->lame && a->dx == c->px && a->dy == c->py && 2 * c->px == c->dx && 2 * c->py == c->dy &&
        (a->range == 0 || a->range >= 2))
      return true;
  }
  return false;
}

bool br_compile_def(const Rules *r, const char *body, int color, BrCompiled *out, char *reason,
                    int reasonlen) {
  return br_compile_def_with(r, body, color, NULL, NULL, out, reason, reasonlen);
}

bool br_compile_def_with(const Rules *r, const char *body, int color, BrDefLookup lookup,
                         void *lookup_ctx, BrCompiled *out, char *reason, int reasonlen) {
  memset(out, 0, sizeof *out);
  static _Thread_local Tokens tk;
  static _Thread_local Tree tree;
  if (!tokenize(body, &tk, reason, reasonlen)) return false;
  if (!tk.count) {
    snprintf(reason, reasonlen, "empty def");
    return false;
  }
  tree.count = 0;
  tree.lookup = lookup, tree.lookup_ctx = lookup_ctx, tree.inline_depth = 0;
  tree.root = parse_range(&tree, &tk, tk.count, 0, reason, reasonlen);
  if (tree.root < 0) return false;
  static _Thread_local Cand cands[CAND_MAX];
  int ncand = 0;
  if (!collect(&tree, tree.root, cands, &ncand, reason, reasonlen)) return false;
  if (!ncand) {
    snprintf(reason, reasonlen, "no move primitive (checkleap, checkride ...) in the def");
    return false;
  }
  const Geometry *g = &r->geo;
  Trial tr = {.tree = &tree};
  tr.scene.geo = g;
  tr.scene.color = color;
  snprintf(tr.scene.mover, sizeof tr.scene.mover, "%c", color == WHITE ? 'X' : 'x');
  int forward = color == WHITE ? 1 : -1;
  /* Rides first, so that leaps they already cover can be recognised. */
  for (int pass = 0; pass < 2; pass++)
    for (int ci = 0; ci < ncand; ci++) {
      const Cand *c = &cands[ci];
      if ((pass == 0) != (c->kind == ATOM_RIDE)) continue;
      if (c->lame && !lame_matches_engine(c->dx, c->dy, c->px, c->py)) {
        snprintf(reason, reasonlen, "two-step (%d,%d)+(%d,%d) has a leg the engine does not model",
                 c->px, c->py, c->dx - c->px, c->dy - c->py);
        return false;
      }
      tr.cand = c;
      uint32_t ranks[2] = {0, 0};
      int range[2] = {0, 0};
      bool present[2] = {false, false};
      for (int m = 0; m < 2; m++) {
        static _Thread_local uint8_t first[GEO_MAX_SQUARES];
        int limited = 0;          /* the reach of rides that stop before the edge, or 0 */
        int longest_to_edge = 0;  /* the longest reach of rides that go to the edge */
        for (int sq = 0; sq < g->squares; sq++) {
          first[sq] = R_OFF;
          if (g->hole[sq]) continue;
          int res = try_move(&tr, sq, 1, m == 1, -1);
          if (res == R_UNKNOWN) {
            describe(g, c, sq, m == 1, reason, reasonlen,
                     tr.scene.unknown_var ? "depends on a variable" : "cannot decide");
            return false;
          }
          first[sq] = (uint8_t)res;
          if (c->kind != ATOM_RIDE || res != R_TRUE) continue;
          /* The ride's reach from this origin: true up to some k, then false. */
          int k = 2, last_true = 1;
          for (;; k++) {
            int rk = try_move(&tr, sq, k, m == 1, -1);
            if (rk == R_OFF) break;
            if (rk == R_UNKNOWN) {
              describe(g, c, sq, m == 1, reason, reasonlen, "cannot decide a longer step");
              return false;
            }
            if (rk == R_TRUE) {
              if (last_true != k - 1) {
                describe(g, c, sq, m == 1, reason, reasonlen, "gaps in the reach");
                return false;
              }
              last_true = k;
            }
          }
          if (last_true == k - 1) {
            if (last_true > longest_to_edge) longest_to_edge = last_true;
          } else if (limited && limited != last_true) {
            describe(g, c, sq, m == 1, reason, reasonlen, "reach differs by origin");
            return false;
          } else {
            limited = last_true;
          }
        }
        if (limited && longest_to_edge > limited) {
          describe(g, c, 0, m == 1, reason, reasonlen, "reach differs by origin");
          return false;
        }
        int common_range = limited;
        uint32_t rk;
        if (!rank_set(g, first, &rk)) {
          describe(g, c, 0, m == 1, reason, reasonlen, "origins are not whole ranks");
          return false;
        }
        if (!rk) continue;
        present[m] = true;
        ranks[m] = rk;
        range[m] = common_range > 0 ? common_range : 0;
      }
      uint32_t all = 0;
      for (int sq = 0; sq < g->squares; sq++)
        if (!g->hole[sq]) all |= 1u << geo_rank(g, sq);
      for (int m = 0; m < 2; m++) {
        if (!present[m]) continue;
        int mode = m == 0 ? MODE_MOVE : MODE_CAPTURE;
        bool both = m == 0 && present[1] && ranks[1] == ranks[0] && range[1] == range[0];
        if (both) mode = MODE_BOTH, present[1] = false;
        /* Ranks from which the move cannot land count as allowed: the atom needs no zone. */
        uint32_t from = ranks[m];
        Atom a = {.kind = c->kind, .dx = (int8_t)c->dx, .dy = (int8_t)(c->dy * forward),
                  .range = (uint8_t)range[m], .mode = (uint8_t)mode, .lame = c->lame,
                  .from_zone = NO_ZONE, .to_zone = NO_ZONE};
        uint32_t white_ranks = 0;
        for (int rk = 0; rk < g->height; rk++)
          if (from >> rk & 1) white_ranks |= 1u << (color == WHITE ? rk : g->height - 1 - rk);
        uint32_t white_all = 0;
        for (int rk = 0; rk < g->height; rk++)
          if (all >> rk & 1) white_all |= 1u << (color == WHITE ? rk : g->height - 1 - rk);
        /* Does the set exclude a rank the move could start from?  Only then is it a zone. */
        uint32_t possible = 0;
        for (int sq = 0; sq < g->squares; sq++) {
          if (g->hole[sq]) continue;
          int d = offset(&tr.scene, sq, c->dx, c->dy);
          if (on_board(&tr.scene, d)) {
            int rk = geo_rank(g, sq);
            possible |= 1u << (color == WHITE ? rk : g->height - 1 - rk);
          }
        }
        /* Ranks the move could never start from are added, so equal rules share one zone. */
        uint32_t zone_ranks = white_ranks;
        if ((white_ranks & possible) == possible) {
          zone_ranks = white_all;
        } else {
          uint32_t wider = white_ranks | (white_all & ~possible);
          uint32_t low = wider & -wider;
          if (((wider + low) & wider) == 0) zone_ranks = wider; /* still one run of ranks */
        }
        if (c->kind == ATOM_LEAP && covered_by_ride(out, c, mode, zone_ranks)) continue;
        if (!push_atom(out, a, zone_ranks == white_all ? ~0u : zone_ranks, reason, reasonlen))
          return false;
      }
    }
  /* En passant: moves to an empty square that become legal when `ep` names the square behind
   * the destination (the piece that made a multi-step move; seed 000 `set ep #to`). */
  for (int ci = 0; ci < ncand; ci++) {
    const Cand *c = &cands[ci];
    if (c->kind != ATOM_LEAP || c->lame) continue;
    tr.cand = c;
    for (int sq = 0; sq < g->squares; sq++) {
      if (g->hole[sq]) continue;
      int dest = offset(&tr.scene, sq, c->dx, c->dy);
      if (!on_board(&tr.scene, dest)) continue;
      int victim = offset(&tr.scene, dest, 0, -forward);
      if (!on_board(&tr.scene, victim) || victim == sq) continue;
      int plain = try_move(&tr, sq, 1, false, -1);
      int with_ep = try_move(&tr, sq, 1, false, victim);
      if (with_ep == R_TRUE && plain != R_TRUE) {
        if (try_move(&tr, sq, 1, true, -1) != R_TRUE) {
          describe(g, c, sq, false, reason, reasonlen, "en passant on a move that is not a capture");
          return false;
        }
        out->ep_capture = true;
      }
    }
  }
  if (!out->count) {
    snprintf(reason, reasonlen, "the def allows no move on an empty board");
    return false;
  }
  return true;
}
