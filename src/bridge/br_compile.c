/* Compiling a piece's `def` body into movement atoms by partial evaluation.
 *
 * The body is parsed as GAME Code's Polish notation (reference §3.1: read right to left, with
 * break-away `and`/`or`, §3.2) into a tree (br_parse.c).  Its move primitives (checkleap,
 * checkride, checkatwostep, checkhop, checkgrasshop ...) give the candidate atoms.  Each candidate is then tried from every origin
 * square, for a destination that is empty and for one holding an enemy piece, with the squares
 * the atom passes known to be empty and everything else unknown; the tree is evaluated in
 * three-valued logic.  A candidate becomes an atom when the answers are definite and depend on
 * the origin only through its rank (pawn double steps); hops and grasshopper moves are tried
 * with a screen on the line.  Anything else is refused with a reason, and the piece stays with
 * the oracle. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge/br_tree.h"

enum { CAND_MAX = 128 }; /* candidate atoms per def */

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
  int screen;             /* the hop trial's screen: known occupied, or -1 */
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
  if (sq == s->screen) return 0;
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

/* The t-th of the eight symmetries of the board (reference §4.4), applied to (x, y). */
static void symmetry(int t, int x, int y, int *ox, int *oy) {
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
    symmetry(t, v[0], v[1], &ax, &ay);
    symmetry(t, v[2], v[3], &bx, &by);
    int m = offset(s, o, ax, ay);
    if (!on_board(s, m) || offset(s, m, bx, by) != d) continue;
    int e = known_empty(s, m);
    if (e == 1) return 1;
    unknown |= e < 0;
  }
  return unknown ? -1 : 0;
}

/* A hop (checkhop, reference §4.4) from o to d along one of the steps: exactly one occupied
 * square strictly between.  True, false, or unknown when a square between is not known. */
static int hop_test(const Scene *s, int o, int d, int steps[8][2], int nsteps) {
  if (o < 0 || d < 0 || o == d) return 0;
  int fx = geo_file(s->geo, d) - geo_file(s->geo, o), fy = geo_rank(s->geo, d) - geo_rank(s->geo, o);
  for (int i = 0; i < nsteps; i++) {
    int sx = steps[i][0], sy = steps[i][1];
    if (!sx && !sy) continue;
    int k = sx ? fx / sx : fy / sy;
    if (k < 2 || k * sx != fx || k * sy != fy) continue;
    int occupied = 0;
    bool unknown = false;
    for (int j = 1; j < k; j++) {
      int e = known_empty(s, offset(s, o, j * sx, j * sy));
      occupied += e == 0;
      unknown |= e < 0;
    }
    if (occupied > 1) return 0;
    return unknown ? -1 : occupied == 1;
  }
  return 0;
}

/* checkgrasshop o d: d is the square just beyond the first piece met from o along a queen
 * line (reference §4.4). */
static int grasshop_test(const Scene *s, int o, int d) {
  if (o < 0 || d < 0 || o == d) return 0;
  int fx = geo_file(s->geo, d) - geo_file(s->geo, o), fy = geo_rank(s->geo, d) - geo_rank(s->geo, o);
  if (fx && fy && abs(fx) != abs(fy)) return 0;
  int sx = (fx > 0) - (fx < 0), sy = (fy > 0) - (fy < 0);
  for (int sq = offset(s, o, sx, sy); sq != d; sq = offset(s, sq, sx, sy)) {
    if (!on_board(s, sq)) return 0;
    int e = known_empty(s, sq);
    if (e < 0) return -1;
    if (e == 0) return offset(s, sq, sx, sy) == d;
  }
  return 0;
}

static Val eval(const Tree *t, int n, Scene *s);

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
  if (br_is_number(x) && br_is_number(y)) c = atoi(x) - atoi(y);
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
    case OP_DISTANCE: {
      /* King steps between two squares (reference §4.3). */
      Val a = eval(t, nd->args[0], s), b = eval(t, nd->args[1], s);
      int o = square_of(s, &a), d = square_of(s, &b);
      if (a.kind == V_UNKNOWN || b.kind == V_UNKNOWN || o < 0 || d < 0) return v_unknown();
      int fx = abs(geo_file(s->geo, d) - geo_file(s->geo, o)), fy = abs(geo_rank(s->geo, d) - geo_rank(s->geo, o));
      return v_num(fx > fy ? fx : fy);
    }
    case OP_CHECKHOP: case OP_CHECKAHOP: case OP_CHECKGRASSHOP: {
      Val a = eval(t, nd->args[0], s), b = eval(t, nd->args[1], s);
      bool ok = true;
      int dx = 0, dy = 0;
      if (nd->op != OP_CHECKGRASSHOP) dx = eval_int(t, nd->args[2], s, &ok), dy = eval_int(t, nd->args[3], s, &ok);
      int o = square_of(s, &a), d = square_of(s, &b);
      if (!ok || a.kind == V_UNKNOWN || b.kind == V_UNKNOWN) return v_unknown();
      if (o < 0 || d < 0 || !on_board(s, o) || !on_board(s, d)) return v_bool(false);
      int r;
      if (nd->op == OP_CHECKGRASSHOP) {
        r = grasshop_test(s, o, d);
      } else {
        int steps[8][2], count;
        if (nd->op == OP_CHECKHOP) count = images(dx, dy, steps);
        else steps[0][0] = dx, steps[0][1] = dy, count = 1;
        r = hop_test(s, o, d, steps, count);
      }
      return r < 0 ? v_unknown() : v_bool(r);
    }
    case OP_CHECKTWOSTEP: {
      Val a = eval(t, nd->args[0], s), b = eval(t, nd->args[1], s);
      bool ok = true;
      int v[4];
      for (int k = 0; k < 4; k++) v[k] = eval_int(t, nd->args[2 + k], s, &ok);
      int o = square_of(s, &a), d = square_of(s, &b);
      if (!ok || a.kind == V_UNKNOWN || b.kind == V_UNKNOWN) return v_unknown();
      if (o < 0 || d < 0 || !on_board(s, o) || !on_board(s, d)) return v_bool(false);
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
  if (nd->op == OP_LIT && br_is_number(nd->lit)) return *out = atoi(nd->lit), true;
  if (nd->op == OP_NEG && t->nodes[nd->args[0]].op == OP_LIT && br_is_number(t->nodes[nd->args[0]].lit))
    return *out = -atoi(t->nodes[nd->args[0]].lit), true;
  return false;
}

static bool collect(const Tree *t, int n, Cand *c, int *count, char *reason, int reasonlen) {
  const Node *nd = &t->nodes[n];
  for (int a = 0; a < nd->nargs; a++)
    if (!collect(t, nd->args[a], c, count, reason, reasonlen)) return false;
  if (nd->op < OP_CHECKLEAP || nd->op > OP_CHECKGRASSHOP) return true; /* not a move primitive */
  int st[8][2], ns;
  if (nd->op == OP_CHECKGRASSHOP) {
    ns = images(1, 0, st);
    ns += images(1, 1, st + ns);
    for (int i = 0; i < ns; i++) add_cand(c, count, (Cand){ATOM_GRASSHOP, st[i][0], st[i][1], false, 0, 0});
    return true;
  }
  int v[4];
  int first = nd->op == OP_CHECKATWOSTEP || nd->op == OP_CHECKTWOSTEP ? 4 : 2;
  for (int k = 0; k < first; k++)
    if (!literal_int(t, nd->args[2 + k], &v[k])) {
      snprintf(reason, reasonlen, "a move primitive has offsets that are not numbers");
      return false;
    }
  switch (nd->op) {
    case OP_CHECKHOP:
      ns = images(v[0], v[1], st);
      for (int i = 0; i < ns; i++) add_cand(c, count, (Cand){ATOM_HOP, st[i][0], st[i][1], false, 0, 0});
      break;
    case OP_CHECKAHOP: add_cand(c, count, (Cand){ATOM_HOP, v[0], v[1], false, 0, 0}); break;
    case OP_CHECKLEAP: case OP_CHECKRIDE:
      ns = images(v[0], v[1], st);
      for (int i = 0; i < ns; i++)
        add_cand(c, count, (Cand){nd->op == OP_CHECKLEAP ? ATOM_LEAP : ATOM_RIDE, st[i][0], st[i][1], false, 0, 0});
      break;
    case OP_CHECKALEAP: add_cand(c, count, (Cand){ATOM_LEAP, v[0], v[1], false, 0, 0}); break;
    case OP_CHECKTWOSTEP:
      for (int t = 0; t < 8; t++) {
        int ax, ay, bx, by;
        symmetry(t, v[0], v[1], &ax, &ay);
        symmetry(t, v[2], v[3], &bx, &by);
        add_cand(c, count, (Cand){ATOM_LEAP, ax + bx, ay + by, true, ax, ay});
      }
      break;
    case OP_CHECKARIDE: add_cand(c, count, (Cand){ATOM_RIDE, v[0], v[1], false, 0, 0}); break;
    default: add_cand(c, count, (Cand){ATOM_LEAP, v[0] + v[2], v[1] + v[3], true, v[0], v[1]}); break;
  }
  return true;
}

/* The engine's path for a lame leap: orthogonal steps first, then diagonal (rules/tables.c).
 * Its squares, from the origin outwards, go to path[] (at most GEO_MAX_SIDE); their count. */
static int lame_path(int dx, int dy, int path[][2]) {
  int adx = abs(dx), ady = abs(dy), sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
  int diag = adx < ady ? adx : ady, straight = (adx > ady ? adx : ady) - diag;
  int x = 0, y = 0, n = 0;
  for (int s = 0; s < straight + diag - 1 && n < GEO_MAX_SIDE; s++) {
    if (s < straight) {
      if (adx > ady) x += sx; else y += sy;
    } else {
      x += sx, y += sy;
    }
    path[n][0] = x, path[n][1] = y, n++;
  }
  return n;
}

/* A two-step compiles to a lame leap only when its middle square is the first square of the
 * engine's path.  A longer path (the Omega pawn's triple step, (0,1)+(0,2)) is accepted too:
 * try_move then requires the def to demand every square of it empty. */
static bool lame_matches_engine(int dx, int dy, int px, int py) {
  int path[GEO_MAX_SIDE][2];
  int n = lame_path(dx, dy, path);
  return n >= 1 && path[0][0] == px && path[0][1] == py;
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

/* A leap allowed exactly when its destination lies in one rectangle of the board (the xiangqi
 * palace, the elephant's own half): the zone of that rectangle, written for White, or -1. */
static int destination_zone(const Geometry *g, const Scene *sc, const uint8_t *res, int dx, int dy,
                            int color) {
  int f0 = g->width, f1 = -1, r0 = g->height, r1 = -1;
  for (int sq = 0; sq < g->squares; sq++) {
    if (res[sq] != R_TRUE) continue;
    int d = offset(sc, sq, dx, dy), f = geo_file(g, d), r = geo_rank(g, d);
    f0 = f < f0 ? f : f0, f1 = f > f1 ? f : f1, r0 = r < r0 ? r : r0, r1 = r > r1 ? r : r1;
  }
  if (f1 < 0) return -1;
  static _Thread_local bool refused[GEO_MAX_SQUARES];
  memset(refused, 0, sizeof refused);
  for (int sq = 0; sq < g->squares; sq++) {
    if (res[sq] == R_OFF) continue;
    int d = offset(sc, sq, dx, dy), f = geo_file(g, d), r = geo_rank(g, d);
    bool inside = f >= f0 && f <= f1 && r >= r0 && r <= r1;
    if (inside != (res[sq] == R_TRUE)) return -1;
    refused[d] = res[sq] == R_FALSE;
  }
  /* Squares the leap can never land on may join the rectangle: grown as far as it goes, it is
   * the same for every direction of the piece (the whole palace), so they share one zone. */
  for (bool grown = true; grown;) {
    grown = false;
    int *edge[4] = {&f0, &f1, &r0, &r1};
    for (int e = 0; e < 4; e++) {
      int step = e % 2 ? 1 : -1, at = *edge[e] + step;
      bool file_edge = e < 2;
      if (at < 0 || at >= (file_edge ? g->width : g->height)) continue;
      bool clear = true;
      for (int k = file_edge ? r0 : f0; clear && k <= (file_edge ? r1 : f1); k++) {
        int sq = file_edge ? geo_square(g, at, k) : geo_square(g, k, at);
        clear = sq < 0 || !refused[sq];
      }
      if (clear) *edge[e] = at, grown = true;
    }
  }
  if (color != WHITE) {
    int t = g->height - 1 - r1;
    r1 = g->height - 1 - r0, r0 = t;
  }
  return br_zone_for_rect(f0, f1, r0, r1);
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
  s->screen = -1;
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
      int leg[GEO_MAX_SIDE][2], n = lame_path(c->dx, c->dy, leg);
      for (int j = 0; j < n; j++) {
        int sq = offset(s, origin, leg[j][0], leg[j][1]);
        if (!on_board(s, sq)) return R_OFF;
        s->path[sq] = true;
      }
    }
    dest = offset(s, origin, c->dx, c->dy);
  }
  if (!on_board(s, dest)) return R_OFF;
  s->origin = origin, s->dest = dest, s->dest_enemy = enemy, s->ep_square = ep_square;
  s->unknown_var = false;
  Val v = eval(tr->tree, tr->tree->root, s);
  int tv = truth(&v);
  if (tv > 0 && c->kind != ATOM_RIDE && c->lame) {
    /* The engine blocks the leap on any square of its leg: beyond the two-step's middle square
     * the def must say so too, answering false with that square occupied. */
    int leg[GEO_MAX_SIDE][2], n = lame_path(c->dx, c->dy, leg);
    for (int j = 1; j < n; j++) {
      int sq = offset(s, origin, leg[j][0], leg[j][1]);
      s->path[sq] = false, s->screen = sq;
      Val w = eval(tr->tree, tr->tree->root, s);
      s->path[sq] = true, s->screen = -1;
      if (truth(&w) != 0) return R_UNKNOWN;
    }
  }
  return tv < 0 ? R_UNKNOWN : tv ? R_TRUE : R_FALSE;
}

/* The candidate's hop from origin over a screen j steps out to the square k steps out. */
static int try_hop(Trial *tr, int origin, int j, int k, bool enemy) {
  Scene *s = &tr->scene;
  const Cand *c = tr->cand;
  memset(s->path, 0, sizeof s->path);
  for (int i = 1; i < k; i++) {
    int sq = offset(s, origin, i * c->dx, i * c->dy);
    if (!on_board(s, sq)) return R_OFF;
    s->path[sq] = i != j;
  }
  s->screen = offset(s, origin, j * c->dx, j * c->dy);
  int dest = offset(s, origin, k * c->dx, k * c->dy);
  if (!on_board(s, dest)) return R_OFF;
  s->origin = origin, s->dest = dest, s->dest_enemy = enemy, s->ep_square = -1;
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

/* Hops (cannons) and grasshopper moves: tried from every origin with the screen j steps out
 * and the destination k steps out (k = j + 1 for the grasshopper), the squares between empty.
 * The answer may not depend on the origin, j or k: these atoms carry no zone and no range. */
static bool compile_hop(Trial *tr, int forward, BrCompiled *out, char *reason, int reasonlen) {
  const Cand *c = tr->cand;
  const Geometry *g = tr->scene.geo;
  int verdict[2] = {-1, -1};
  for (int m = 0; m < 2; m++)
    for (int sq = 0; sq < g->squares; sq++) {
      if (g->hole[sq]) continue;
      for (int j = 1; j < GEO_MAX_SIDE; j++) {
        int last = c->kind == ATOM_GRASSHOP ? j + 1 : GEO_MAX_SIDE;
        int k = j + 1;
        for (; k <= last; k++) {
          int res = try_hop(tr, sq, j, k, m == 1);
          if (res == R_OFF) break;
          if (res == R_UNKNOWN || (verdict[m] >= 0 && verdict[m] != res)) {
            describe(g, c, sq, m == 1, reason, reasonlen,
                     res == R_UNKNOWN ? "cannot decide" : "the answer depends on the distances");
            return false;
          }
          verdict[m] = res;
        }
        if (k == j + 1) break; /* the screen's square or the one beyond is off the board */
      }
    }
  int mode = (verdict[0] == R_TRUE ? MODE_MOVE : 0) | (verdict[1] == R_TRUE ? MODE_CAPTURE : 0);
  if (!mode) return true;
  Atom a = {.kind = c->kind, .dx = (int8_t)c->dx, .dy = (int8_t)(c->dy * forward), .mode = (uint8_t)mode,
            .from_zone = NO_ZONE, .to_zone = NO_ZONE};
  return push_atom(out, a, ~0u, reason, reasonlen);
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
  if (!br_tokenize(body, &tk, reason, reasonlen)) return false;
  if (!tk.count) {
    snprintf(reason, reasonlen, "empty def");
    return false;
  }
  tree.count = 0;
  tree.lookup = lookup, tree.lookup_ctx = lookup_ctx, tree.inline_depth = 0;
  tree.root = br_parse_tree(&tree, &tk, reason, reasonlen);
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
      if (c->kind == ATOM_HOP || c->kind == ATOM_GRASSHOP) {
        tr.cand = c;
        if (pass == 1 && !compile_hop(&tr, forward, out, reason, reasonlen)) return false;
        continue;
      }
      if ((pass == 0) != (c->kind == ATOM_RIDE)) continue;
      if (c->lame && !lame_matches_engine(c->dx, c->dy, c->px, c->py)) {
        snprintf(reason, reasonlen, "two-step (%d,%d)+(%d,%d) has a leg the engine does not model",
                 c->px, c->py, c->dx - c->px, c->dy - c->py);
        return false;
      }
      tr.cand = c;
      uint32_t ranks[2] = {0, 0};
      int range[2] = {0, 0};
      int to_zone[2] = {NO_ZONE, NO_ZONE};
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
          /* Not a matter of the origin's rank: perhaps of where the leap lands. */
          int z = c->kind == ATOM_LEAP ? destination_zone(g, &tr.scene, first, c->dx, c->dy, color) : -1;
          if (z < 0) {
            describe(g, c, 0, m == 1, reason, reasonlen, "origins are not whole ranks");
            return false;
          }
          to_zone[m] = z;
          rk = 0;
          for (int sq = 0; sq < g->squares; sq++)
            if (!g->hole[sq]) rk |= 1u << geo_rank(g, sq);
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
        bool both = m == 0 && present[1] && ranks[1] == ranks[0] && range[1] == range[0] &&
                    to_zone[1] == to_zone[0];
        if (both) mode = MODE_BOTH, present[1] = false;
        /* Ranks from which the move cannot land count as allowed: the atom needs no zone. */
        uint32_t from = ranks[m];
        Atom a = {.kind = c->kind, .dx = (int8_t)c->dx, .dy = (int8_t)(c->dy * forward),
                  .range = (uint8_t)range[m], .mode = (uint8_t)mode, .lame = c->lame,
                  .from_zone = NO_ZONE, .to_zone = (int8_t)to_zone[m]};
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
        if (c->kind == ATOM_LEAP && to_zone[m] == NO_ZONE && covered_by_ride(out, c, mode, zone_ranks))
          continue;
        if (!push_atom(out, a, zone_ranks == white_all ? ~0u : zone_ranks, reason, reasonlen))
          return false;
      }
    }
  /* En passant: moves to an empty square that become legal when `ep` names a square behind
   * the destination (the piece that made a multi-step move; seed 000 `set ep #to`). */
  for (int ci = 0; ci < ncand; ci++) {
    const Cand *c = &cands[ci];
    if (c->kind != ATOM_LEAP || c->lame) continue;
    tr.cand = c;
    for (int sq = 0; sq < g->squares; sq++) {
      if (g->hole[sq]) continue;
      int dest = offset(&tr.scene, sq, c->dx, c->dy);
      if (!on_board(&tr.scene, dest)) continue;
      /* The pawn taken stands behind the passed square: straight behind it after a straight
       * double step, diagonally after a Berolina pawn's diagonal one. */
      for (int vx = -1; vx <= 1; vx++) {
        int victim = offset(&tr.scene, dest, vx, -forward);
        if (!on_board(&tr.scene, victim) || victim == sq) continue;
        int plain = try_move(&tr, sq, 1, false, -1);
        int with_ep = try_move(&tr, sq, 1, false, victim);
        if (with_ep != R_TRUE || plain == R_TRUE) continue;
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
