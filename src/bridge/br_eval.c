/* The three-valued evaluator of the compiler (br_compile.c): a def body's tree evaluated for
 * one trial move, with the squares the move passes known to be empty and everything else
 * unknown (reference §3.1-§4.5 for the operators).  Inside bridge/ only. */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridge/br_eval.h"
#include "platform/wildcard.h"

/* V_PIECE: a piece of another type than the mover's, whose label (str) tells only its side. */
typedef enum { V_UNKNOWN, V_BOOL, V_NUM, V_STR, V_SQ, V_ENEMY, V_NOEP, V_PATH, V_PIECE } ValKind;

typedef struct Val {
  ValKind kind;
  int num;  /* V_BOOL, V_NUM, V_SQ (square or -1 for off the board); V_PATH: its start */
  int num2; /* V_PATH: its end (the squares of `path`: start excluded, end included) */
  char str[48];
} Val;

static Val v_unknown(void) { return (Val){.kind = V_UNKNOWN}; }
static Val v_bool(bool b) { return (Val){.kind = V_BOOL, .num = b}; }
static Val v_num(int n) { return (Val){.kind = V_NUM, .num = n}; }
static Val v_sq(int sq) { return (Val){.kind = V_SQ, .num = sq}; }
/* Copies text into out (outlen > 0 bytes), cut short as snprintf would cut it.  By hand, as
 * the next function: the trials of a preset's pieces compare and copy strings by the million,
 * and snprintf was most of the time a preset took to load. */
static void copy_text(char *out, size_t outlen, const char *text) {
  size_t n = strnlen(text, outlen - 1);
  memcpy(out, text, n);
  out[n] = 0;
}

/* Writes the decimal number n into out (outlen > 0 bytes), cut short as snprintf would. */
static void number_text(char *out, size_t outlen, int n) {
  char digits[16];
  int len = 0;
  unsigned long long u = n < 0 ? 0ULL - (unsigned long long)n : (unsigned long long)n;
  do digits[len++] = (char)('0' + u % 10), u /= 10;
  while (u);
  if (n < 0) digits[len++] = '-';
  size_t w = 0;
  while (len && w + 1 < outlen) out[w++] = digits[--len];
  out[w] = 0;
}

static Val v_str(const char *s) {
  Val v = {.kind = V_STR};
  copy_text(v.str, sizeof v.str, s);
  return v;
}

/* -1 unknown, 0 false, 1 true (PHP truthiness; reference §3.4). */
static int truth(const Val *v) {
  switch (v->kind) {
  case V_BOOL:
  case V_NUM: return v->num != 0;
  case V_STR: return v->str[0] && strcmp(v->str, "0");
  case V_SQ: return v->num >= 0;
  case V_ENEMY:
  case V_PIECE: return 1;
  case V_NOEP: return 0;
  default: return -1; /* unknown, and paths (arrays) */
  }
}

static bool text_of(const Scene *s, const Val *v, char *out, int outlen) {
  if (v->kind == V_STR)
    copy_text(out, (size_t)outlen, v->str);
  else if (v->kind == V_NUM)
    number_text(out, (size_t)outlen, v->num);
  else if (v->kind == V_SQ && v->num >= 0)
    geo_square_name(s->geo, v->num, out);
  else if (v->kind == V_SQ)
    out[0] = 0;
  else
    return false;
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

bool br_on_board(const Scene *s, int sq) { return sq >= 0 && !s->geo->hole[sq]; }

/* Symmetric images of (a, b) (reference §4.4), duplicates removed. */
int br_images(int a, int b, int out[8][2]) {
  int cand[8][2] = {{a, b}, {-a, b}, {a, -b}, {-a, -b}, {b, a}, {-b, a}, {b, -a}, {-b, -a}};
  int n = 0;
  for (int i = 0; i < 8; i++) {
    bool seen = false;
    for (int j = 0; j < n; j++) seen |= out[j][0] == cand[i][0] && out[j][1] == cand[i][1];
    if (!seen) out[n][0] = cand[i][0], out[n][1] = cand[i][1], n++;
  }
  return n;
}

int br_offset(const Scene *s, int sq, int dx, int dy) {
  int f = geo_file(s->geo, sq) + dx, r = geo_rank(s->geo, sq) + dy;
  if (f < 0 || r < 0 || f >= s->geo->width || r >= s->geo->height) return -1;
  return geo_square(s->geo, f, r);
}

/* Is the square known empty (1), known occupied (0), or unknown (-1)? */
static int known_empty(const Scene *s, int sq) {
  if (sq < 0 || s->geo->hole[sq]) return 0;
  if (sq == s->origin) return 0;
  if (sq == s->dest) return !s->dest_enemy;
  if (sq == s->screen) return 0;
  return s->path[sq] ? 1 : -1;
}

/* What a square holds as GAME Code's `space` gives it ("@" when empty), or NULL when unknown. */
static const char *label_at(const Scene *s, int sq) {
  if (sq == s->origin) return s->mover;
  if (sq == s->screen) return s->screen_label[0] ? s->screen_label : NULL;
  if (sq == s->dest && s->dest_enemy) return s->dest_label[0] ? s->dest_label : NULL;
  return known_empty(s, sq) == 1 ? "@" : NULL;
}

/* The squares of `path a b`: from a toward b along a straight line, a excluded, b included;
 * none when they are not on one line.  Returns how many. */
static int path_squares(const Scene *s, int a, int b, int out[GEO_MAX_SIDE]) {
  if (a < 0 || b < 0 || a == b) return 0;
  int fx = geo_file(s->geo, b) - geo_file(s->geo, a), fy = geo_rank(s->geo, b) - geo_rank(s->geo, a);
  if (fx && fy && abs(fx) != abs(fy)) return 0;
  int sx = (fx > 0) - (fx < 0), sy = (fy > 0) - (fy < 0), n = 0;
  for (int sq = br_offset(s, a, sx, sy); sq >= 0 && n < GEO_MAX_SIDE; sq = br_offset(s, sq, sx, sy)) {
    out[n++] = sq;
    if (sq == b) return n;
  }
  return 0;
}

/* The first of the steps whose multiple k >= min_k leads from o to d: *sx, *sy and k, or 0. */
static int steps_to(const Scene *s, int o, int d, int steps[8][2], int nsteps, int min_k, int *sx, int *sy) {
  if (o < 0 || d < 0 || o == d) return 0;
  int fx = geo_file(s->geo, d) - geo_file(s->geo, o), fy = geo_rank(s->geo, d) - geo_rank(s->geo, o);
  for (int i = 0; i < nsteps; i++) {
    *sx = steps[i][0], *sy = steps[i][1];
    if (!*sx && !*sy) continue;
    int k = *sx ? fx / *sx : fy / *sy;
    /* In 64 bits: a preset's step may be any int (checkhop c1 #0 1 2999999999), and k times
     * the other component would overflow. */
    if (k >= min_k && (int64_t)k * *sx == fx && (int64_t)k * *sy == fy) return k;
  }
  return 0;
}

/* A ride from o to d along one of the steps: true, false, or unknown when a square between is
 * not known. */
static int ride_test(const Scene *s, int o, int d, int steps[8][2], int nsteps) {
  int sx, sy, k = steps_to(s, o, d, steps, nsteps, 1, &sx, &sy);
  if (!k) return 0;
  int result = 1;
  for (int j = 1; j < k; j++) {
    int e = known_empty(s, br_offset(s, o, j * sx, j * sy));
    if (e == 0) return 0;
    if (e < 0) result = -1;
  }
  return result;
}

/* The t-th of the eight symmetries of the board (reference §4.4), applied to (x, y). */
void br_symmetry(int t, int x, int y, int *ox, int *oy) {
  static const int kMap[8][4] = {{1, 0, 0, 1}, {-1, 0, 0, 1}, {1, 0, 0, -1}, {-1, 0, 0, -1},
                                 {0, 1, 1, 0}, {0, -1, 1, 0}, {0, 1, -1, 0}, {0, -1, -1, 0}};
  *ox = kMap[t][0] * x + kMap[t][1] * y;
  *oy = kMap[t][2] * x + kMap[t][3] * y;
}

/* checktwostep o d x1 y1 x2 y2: some symmetry of the pair of steps, applied to both, leads
 * from o through an empty square to d.  True, false, or unknown. */
static int twostep_test(const Scene *s, int o, int d, const int v[4]) {
  bool unknown = false;
  for (int t = 0; t < 8; t++) {
    int ax, ay, bx, by;
    br_symmetry(t, v[0], v[1], &ax, &ay);
    br_symmetry(t, v[2], v[3], &bx, &by);
    int m = br_offset(s, o, ax, ay);
    if (!br_on_board(s, m) || br_offset(s, m, bx, by) != d) continue;
    int e = known_empty(s, m);
    if (e == 1) return 1;
    unknown |= e < 0;
  }
  return unknown ? -1 : 0;
}

/* checkpath / checkapath o d x1 y1 ... xn yn: following the steps from o (under some symmetry
 * when symmetric) lands on d, every square landed on before it being empty. */
static int path_test(const Scene *s, int o, int d, const int *steps, int nsteps, bool symmetric) {
  bool unknown = false;
  for (int t = 0; t < (symmetric ? 8 : 1); t++) {
    int at = o, e = 1;
    for (int k = 0; k < nsteps && at >= 0; k++) {
      int x, y;
      br_symmetry(t, steps[2 * k], steps[2 * k + 1], &x, &y);
      at = br_offset(s, at, x, y);
      if (!br_on_board(s, at))
        at = -1;
      else if (k < nsteps - 1 && e) {
        int here = known_empty(s, at);
        e = here == 0 ? 0 : here < 0 ? -1 : e;
      }
    }
    if (at != d) continue;
    if (e == 1) return 1;
    unknown |= e < 0;
  }
  return unknown ? -1 : 0;
}

/* A hop (checkhop, reference §4.4) from o to d along one of the steps: exactly one occupied
 * square strictly between.  True, false, or unknown when a square between is not known. */
static int hop_test(const Scene *s, int o, int d, int steps[8][2], int nsteps) {
  int sx, sy, k = steps_to(s, o, d, steps, nsteps, 2, &sx, &sy);
  if (!k) return 0;
  int occupied = 0;
  bool unknown = false;
  for (int j = 1; j < k; j++) {
    int e = known_empty(s, br_offset(s, o, j * sx, j * sy));
    occupied += e == 0;
    unknown |= e < 0;
  }
  if (occupied > 1) return 0;
  return unknown ? -1 : occupied == 1;
}

/* checkgrasshop o d: d is the square just beyond the first piece met from o along a queen
 * line (reference §4.4). */
static int grasshop_test(const Scene *s, int o, int d) {
  if (o < 0 || d < 0 || o == d) return 0;
  int fx = geo_file(s->geo, d) - geo_file(s->geo, o), fy = geo_rank(s->geo, d) - geo_rank(s->geo, o);
  if (fx && fy && abs(fx) != abs(fy)) return 0;
  int sx = (fx > 0) - (fx < 0), sy = (fy > 0) - (fy < 0);
  for (int sq = br_offset(s, o, sx, sy); sq != d; sq = br_offset(s, sq, sx, sy)) {
    if (!br_on_board(s, sq)) return 0;
    int e = known_empty(s, sq);
    if (e < 0) return -1;
    if (e == 0) return br_offset(s, sq, sx, sy) == d;
  }
  return 0;
}

static Val eval(const Tree *t, int n, Scene *s);

/* A label of a hop trial: the mover's type (either side) as text, another type only by side. */
static Val label_value(const Scene *s, const char *label) {
  Val v = v_str(label);
  if (strcasecmp(label, s->mover)) v.kind = V_PIECE;
  return v;
}

static int eval_int(const Tree *t, int n, Scene *s, bool *ok) {
  Val v = eval(t, n, s);
  if (v.kind == V_NUM) return v.num;
  if (v.kind == V_STR && br_is_number(v.str)) return atoi(v.str);
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
  if (br_is_number(x) && br_is_number(y))
    c = atoi(x) - atoi(y);
  else
    c = strcmp(x, y);
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
  case OP_AND:
  case OP_OR:
  case OP_BREAK_AND:
  case OP_BREAK_OR: {
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
  case OP_EQ:
  case OP_NE:
  case OP_LT:
  case OP_GT:
  case OP_LE:
  case OP_GE: return compare(s, nd->op, eval(t, nd->args[0], s), eval(t, nd->args[1], s));
  case OP_CAPTURE: return v_bool(s->dest_enemy);
  case OP_EMPTY:
  case OP_SPACE:
  case OP_ONBOARD:
  case OP_RANK:
  case OP_FILE:
  case OP_RANKNAME:
  case OP_FILENAME: {
    Val a = eval(t, nd->args[0], s);
    int sq = square_of(s, &a);
    if (a.kind == V_UNKNOWN) return v_unknown();
    if (nd->op == OP_ONBOARD) return v_bool(sq >= 0 && br_on_board(s, sq));
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
      if (sq == s->dest && s->dest_enemy && s->dest_label[0]) return label_value(s, s->dest_label);
      if (sq == s->dest && s->dest_enemy) return (Val){.kind = V_ENEMY};
      if (sq == s->screen && s->screen_label[0]) return label_value(s, s->screen_label);
      if (known_empty(s, sq) == 1) return v_str("@");
      return v_unknown();
    case OP_RANK: return v_num(geo_rank(s->geo, sq));
    case OP_FILE: return v_num(geo_file(s->geo, sq));
    case OP_RANKNAME: return v_str(s->geo->rank_label[geo_rank(s->geo, sq)]);
    default: return v_str(s->geo->file_label[geo_file(s->geo, sq)]);
    }
  }
  case OP_ISLOWER:
  case OP_ISUPPER: {
    Val a = eval(t, nd->args[0], s);
    bool lower = nd->op == OP_ISLOWER;
    if (a.kind == V_ENEMY) return v_bool(lower == (s->color == WHITE));
    if (a.kind == V_PIECE) a.kind = V_STR; /* its case is its side */
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
    /* herald-rules `eppass`: the square the multi-step move passed, which the en passant
       * trial makes the destination (Berolina pawns take by stepping onto it). */
    if (a.kind == V_STR && !strcmp(a.str, "eppass")) {
      if (s->ep_square >= 0) return v_sq(s->dest);
      return (Val){.kind = V_NOEP};
    }
    char setting[48];
    if (a.kind == V_STR && br_setting_text(a.str, setting, sizeof setting)) return v_str(setting);
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
    return v_sq(br_offset(s, sq, dx, dy));
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
  case OP_CHECKLEAP:
  case OP_CHECKALEAP:
  case OP_CHECKRIDE:
  case OP_CHECKARIDE: {
    Val a = eval(t, nd->args[0], s), b = eval(t, nd->args[1], s);
    bool ok = true;
    int dx = eval_int(t, nd->args[2], s, &ok), dy = eval_int(t, nd->args[3], s, &ok);
    int o = square_of(s, &a), d = square_of(s, &b);
    if (!ok || a.kind == V_UNKNOWN || b.kind == V_UNKNOWN) return v_unknown();
    if (o < 0 || d < 0 || !br_on_board(s, o) || !br_on_board(s, d)) return v_bool(false);
    int steps[8][2], count;
    if (nd->op == OP_CHECKLEAP || nd->op == OP_CHECKRIDE)
      count = br_images(dx, dy, steps);
    else
      steps[0][0] = dx, steps[0][1] = dy, count = 1;
    if (nd->op == OP_CHECKRIDE || nd->op == OP_CHECKARIDE) {
      int r = ride_test(s, o, d, steps, count);
      return r < 0 ? v_unknown() : v_bool(r);
    }
    for (int i = 0; i < count; i++)
      if (br_offset(s, o, steps[i][0], steps[i][1]) == d) return v_bool(true);
    return v_bool(false);
  }
  case OP_DISTANCE: {
    /* King steps between two squares (reference §4.3). */
    Val a = eval(t, nd->args[0], s), b = eval(t, nd->args[1], s);
    int o = square_of(s, &a), d = square_of(s, &b);
    if (a.kind == V_UNKNOWN || b.kind == V_UNKNOWN || o < 0 || d < 0) return v_unknown();
    int fx = abs(geo_file(s->geo, d) - geo_file(s->geo, o)), fy = abs(geo_rank(s->geo, d) - geo_rank(s->geo, o));
    return v_num(fx > fy ? fx : fy);
  }
  case OP_CHECKHOP:
  case OP_CHECKAHOP:
  case OP_CHECKGRASSHOP: {
    Val a = eval(t, nd->args[0], s), b = eval(t, nd->args[1], s);
    bool ok = true;
    int dx = 0, dy = 0;
    if (nd->op != OP_CHECKGRASSHOP) dx = eval_int(t, nd->args[2], s, &ok), dy = eval_int(t, nd->args[3], s, &ok);
    int o = square_of(s, &a), d = square_of(s, &b);
    if (!ok || a.kind == V_UNKNOWN || b.kind == V_UNKNOWN) return v_unknown();
    if (o < 0 || d < 0 || !br_on_board(s, o) || !br_on_board(s, d)) return v_bool(false);
    int r;
    if (nd->op == OP_CHECKGRASSHOP) {
      r = grasshop_test(s, o, d);
    } else {
      int steps[8][2], count;
      if (nd->op == OP_CHECKHOP)
        count = br_images(dx, dy, steps);
      else
        steps[0][0] = dx, steps[0][1] = dy, count = 1;
      r = hop_test(s, o, d, steps, count);
    }
    return r < 0 ? v_unknown() : v_bool(r);
  }
  case OP_TOUPPER:
  case OP_TOLOWER: {
    Val a = eval(t, nd->args[0], s);
    if (a.kind != V_STR) return v_unknown();
    for (char *c = a.str; *c; c++)
      *c = (char)(nd->op == OP_TOUPPER ? toupper((unsigned char)*c) : tolower((unsigned char)*c));
    return a;
  }
  case OP_PATH: {
    Val a = eval(t, nd->args[0], s), b = eval(t, nd->args[1], s);
    int o = square_of(s, &a), d = square_of(s, &b);
    if (a.kind == V_UNKNOWN || b.kind == V_UNKNOWN || o < 0 || d < 0) return v_unknown();
    return (Val){.kind = V_PATH, .num = o, .num2 = d};
  }
  case OP_FINDPIECE: {
    /* findpiece pattern c1 ... cn: the first listed square whose contents match the wildcard
       * pattern, or false (reference §4.3); squares given one by one or as a path. */
    if (nd->nargs < 2) return v_unknown();
    Val pat = eval(t, nd->args[0], s);
    char pattern[64];
    if (!text_of(s, &pat, pattern, sizeof pattern)) return v_unknown();
    /* Only the mover's own label (either case) is known to match exactly the pieces of its
       * type: the trials name no other label truly. */
    if (strcasecmp(pattern, s->mover)) return v_unknown();
    for (int k = 1; k < nd->nargs; k++) {
      Val v = eval(t, nd->args[k], s);
      int squares[GEO_MAX_SIDE], n = 0;
      if (v.kind == V_PATH)
        n = path_squares(s, v.num, v.num2, squares);
      else if (square_of(s, &v) >= 0)
        squares[n++] = square_of(s, &v);
      else
        return v_unknown(); /* `first`, `last`, or not a square */
      for (int i = 0; i < n; i++) {
        if (!br_on_board(s, squares[i])) continue;
        const char *label = label_at(s, squares[i]);
        if (!label) return v_unknown();
        if (plat_wildcard_match(pattern, label)) return v_sq(squares[i]);
      }
    }
    return v_bool(false);
  }
  case OP_CHECKPATH:
  case OP_CHECKAPATH: {
    if (nd->nargs < 4 || nd->nargs % 2) return v_unknown();
    Val a = eval(t, nd->args[0], s), b = eval(t, nd->args[1], s);
    bool ok = true;
    int steps[ARGS_MAX];
    for (int k = 2; k < nd->nargs; k++) steps[k - 2] = eval_int(t, nd->args[k], s, &ok);
    int o = square_of(s, &a), d = square_of(s, &b);
    if (!ok || a.kind == V_UNKNOWN || b.kind == V_UNKNOWN) return v_unknown();
    if (o < 0 || d < 0 || !br_on_board(s, o) || !br_on_board(s, d)) return v_bool(false);
    int r = path_test(s, o, d, steps, (nd->nargs - 2) / 2, nd->op == OP_CHECKPATH);
    return r < 0 ? v_unknown() : v_bool(r);
  }
  case OP_CHECKTWOSTEP: {
    Val a = eval(t, nd->args[0], s), b = eval(t, nd->args[1], s);
    bool ok = true;
    int v[4];
    for (int k = 0; k < 4; k++) v[k] = eval_int(t, nd->args[2 + k], s, &ok);
    int o = square_of(s, &a), d = square_of(s, &b);
    if (!ok || a.kind == V_UNKNOWN || b.kind == V_UNKNOWN) return v_unknown();
    if (o < 0 || d < 0 || !br_on_board(s, o) || !br_on_board(s, d)) return v_bool(false);
    int r = twostep_test(s, o, d, v);
    return r < 0 ? v_unknown() : v_bool(r);
  }
  case OP_CHECKATWOSTEP: {
    Val a = eval(t, nd->args[0], s), b = eval(t, nd->args[1], s);
    bool ok = true;
    int x1 = eval_int(t, nd->args[2], s, &ok), y1 = eval_int(t, nd->args[3], s, &ok);
    int x2 = eval_int(t, nd->args[4], s, &ok), y2 = eval_int(t, nd->args[5], s, &ok);
    int o = square_of(s, &a), d = square_of(s, &b);
    if (!ok || a.kind == V_UNKNOWN || b.kind == V_UNKNOWN) return v_unknown();
    if (o < 0 || d < 0 || !br_on_board(s, o) || !br_on_board(s, d)) return v_bool(false);
    int m = br_offset(s, o, x1, y1);
    if (!br_on_board(s, m) || br_offset(s, m, x2, y2) != d) return v_bool(false);
    int e = known_empty(s, m);
    return e < 0 ? v_unknown() : v_bool(e);
  }
  }
  return v_unknown();
}

int br_eval_truth(const Tree *t, Scene *s) {
  Val v = eval(t, t->root, s);
  return truth(&v);
}
