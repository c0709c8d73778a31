/* Built-ins: the check* move primitives (reference §4.4). They test geometry and blocking
 * only, never colours or turns; passed-over squares must be real and empty. Symmetric
 * versions try every image of the offset under sign changes and swapping the axes. */
#include "gamecode/gc_internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define OP(name) static int name(GcInterp *gc, GcValue *a, int n, GcValue *out)

static int step(const GcBoard *b, int from, int dx, int dy) {
  if (from < 0) return -1;
  return gc_board_at(b, gc_board_file_of(b, from) + dx, gc_board_rank_of(b, from) + dy);
}
static int real(const GcBoard *b, int i) { return i >= 0 && !gc_board_is_hole(b, i); }
static int num(const GcValue *v) { return gc_to_int(v); }

/* The eight transforms applied to a whole multi-step move together. */
static void transform(int t, int x, int y, int *ox, int *oy) {
  int sx = (t & 1) ? -1 : 1, sy = (t & 2) ? -1 : 1;
  if (t & 4) {
    int tmp = x;
    x = y;
    y = tmp;
  }
  *ox = sx * x;
  *oy = sy * y;
}

static int leap(const GcBoard *b, int o, int d, int dx, int dy) {
  return real(b, o) && real(b, d) && step(b, o, dx, dy) == d;
}
/* Ride (screens = 0) or hop over exactly one screen (screens = 1) in one direction. */
static int ride(const GcBoard *b, int o, int d, int dx, int dy, int screens) {
  if (!real(b, o) || !real(b, d) || (dx == 0 && dy == 0)) return 0;
  int seen = 0;
  for (int i = step(b, o, dx, dy); real(b, i); i = step(b, i, dx, dy)) {
    if (i == d) return seen == screens;
    if (!gc_board_is_empty(b, i) && ++seen > screens) return 0;
  }
  return 0;
}

typedef int (*dirtest)(const GcBoard *b, int o, int d, int dx, int dy, int extra);
static int leap_x(const GcBoard *b, int o, int d, int dx, int dy, int extra) {
  (void)extra;
  return leap(b, o, d, dx, dy);
}
static int ride_x(const GcBoard *b, int o, int d, int dx, int dy, int extra) { return ride(b, o, d, dx, dy, extra); }

/* Is (fx, fy) a whole number k >= 1 of steps (dx, dy)? */
static int along(long long fx, long long fy, long long dx, long long dy) {
  if (dx == 0) return fx == 0 && dy != 0 && fy % dy == 0 && fy / dy > 0;
  return fx % dx == 0 && fx / dx > 0 && fy == fx / dx * dy;
}

/* What a leap, ride or hop from o by (dx, dy) may read, noted for a watched call
 * (gc_memo_note): o and d, and for a ride or hop every square of the ray from o up to d or the
 * board's edge (more than it reads where a piece stands before d: never less). */
static void note_move(GcInterp *gc, int o, int d, int dx, int dy, bool ray) {
  if (!gc_memo_watching(gc)) return;
  gc_memo_note(gc, o);
  gc_memo_note(gc, d);
  if (!ray || o < 0 || (dx == 0 && dy == 0)) return;
  for (int i = step(&gc->board, o, dx, dy); i >= 0 && i != d; i = step(&gc->board, i, dx, dy)) gc_memo_note(gc, i);
}

/* A step, a ride or a hop reaches d only along the image of the offset that points from o
 * to d, and two images never point the same way (they have the same length): that one image
 * is tried, not all eight, which the referee asks for every piece that might give check. */
static int symmetric(GcInterp *gc, GcValue *a, dirtest t, int extra) {
  const GcBoard *b = &gc->board;
  int o = gc_coord(gc, &a[0]), d = gc_coord(gc, &a[1]);
  if (o < 0 || d < 0) return 0;
  int fx = gc_board_file_of(b, d) - gc_board_file_of(b, o), fy = gc_board_rank_of(b, d) - gc_board_rank_of(b, o);
  /* The images in gc_sym_dirs' order, a repeated one tried again: the first that points at d
   * is the one gc_sym_dirs would give first, and a repeat never points elsewhere. */
  int x = num(&a[2]), y = num(&a[3]);
  const int images[8][2] = {{x, y}, {-x, y}, {x, -y}, {-x, -y}, {y, x}, {-y, x}, {y, -x}, {-y, -x}};
  for (int k = 0; k < 8; k++)
    if (along(fx, fy, images[k][0], images[k][1])) {
      note_move(gc, o, d, images[k][0], images[k][1], t != leap_x);
      return t(b, o, d, images[k][0], images[k][1], extra);
    }
  return 0;
}
static int directed(GcInterp *gc, GcValue *a, dirtest t, int extra) {
  int o = gc_coord(gc, &a[0]), d = gc_coord(gc, &a[1]), dx = num(&a[2]), dy = num(&a[3]);
  note_move(gc, o, d, dx, dy, t != leap_x);
  return t(&gc->board, o, d, dx, dy, extra);
}

OP(op_checkleap) {
  (void)n;
  *out = gc_bool(symmetric(gc, a, leap_x, 0));
  return ST_OK;
}
OP(op_checkaleap) {
  (void)n;
  *out = gc_bool(directed(gc, a, leap_x, 0));
  return ST_OK;
}
OP(op_checkride) {
  (void)n;
  *out = gc_bool(symmetric(gc, a, ride_x, 0));
  return ST_OK;
}
OP(op_checkaride) {
  (void)n;
  *out = gc_bool(directed(gc, a, ride_x, 0));
  return ST_OK;
}
OP(op_checkhop) {
  (void)n;
  *out = gc_bool(symmetric(gc, a, ride_x, 1));
  return ST_OK;
}
OP(op_checkahop) {
  (void)n;
  *out = gc_bool(directed(gc, a, ride_x, 1));
  return ST_OK;
}

static const int queen_dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

/* Grasshopper: lands on the square just beyond the first piece on a queen line. */
OP(op_checkgrasshop) {
  (void)n;
  const GcBoard *b = &gc->board;
  int o = gc_coord(gc, &a[0]), d = gc_coord(gc, &a[1]), ok = 0;
  if (real(b, o) && real(b, d)) {
    for (int k = 0; k < 8 && !ok; k++) {
      int i = step(b, o, queen_dirs[k][0], queen_dirs[k][1]);
      while (real(b, i) && gc_board_is_empty(b, i)) i = step(b, i, queen_dirs[k][0], queen_dirs[k][1]);
      if (real(b, i)) ok = step(b, i, queen_dirs[k][0], queen_dirs[k][1]) == d;
    }
  }
  *out = gc_bool(ok);
  return ST_OK;
}

static int side_of(const char *label) {
  int up = 0, low = 0;
  for (; *label; label++) {
    up |= isupper((unsigned char)*label) != 0;
    low |= islower((unsigned char)*label) != 0;
  }
  return up && !low ? 1 : low && !up ? 2 : 0;
}

/* Ultima Long Leaper: queen line to an empty square, jumping only enemy pieces, never two in
 * a row (◐ reference §4.4: the jumped pieces are not removed here). */
OP(op_checklongleap) {
  (void)n;
  const GcBoard *b = &gc->board;
  int o = gc_coord(gc, &a[0]), d = gc_coord(gc, &a[1]), ok = 0;
  if (real(b, o) && real(b, d) && o != d && gc_board_is_empty(b, d)) {
    int me = side_of(b->cells[o]);
    for (int k = 0; k < 8 && !ok; k++) {
      int prev_occupied = 0, i = step(b, o, queen_dirs[k][0], queen_dirs[k][1]);
      for (; real(b, i); i = step(b, i, queen_dirs[k][0], queen_dirs[k][1])) {
        if (i == d) {
          ok = 1;
          break;
        }
        if (!gc_board_is_empty(b, i)) {
          int s = side_of(b->cells[i]);
          if (prev_occupied || s == me || s == 0) break;
          prev_occupied = 1;
        } else {
          prev_occupied = 0;
        }
      }
    }
  }
  *out = gc_bool(ok);
  return ST_OK;
}

/* Voidrider moves (◐): a single step in the given direction that may land on or cross void;
 * voidride continues through empty squares and void. */
OP(op_voidleap) {
  (void)n;
  const GcBoard *b = &gc->board;
  int o = gc_coord(gc, &a[0]), d = gc_coord(gc, &a[1]);
  *out = gc_bool(o >= 0 && d >= 0 && step(b, o, num(&a[2]), num(&a[3])) == d);
  return ST_OK;
}
OP(op_voidride) {
  (void)n;
  const GcBoard *b = &gc->board;
  int o = gc_coord(gc, &a[0]), d = gc_coord(gc, &a[1]), dx = num(&a[2]), dy = num(&a[3]), ok = 0;
  if (o >= 0 && d >= 0 && (dx || dy)) {
    for (int i = step(b, o, dx, dy); i >= 0; i = step(b, i, dx, dy)) {
      if (i == d) {
        ok = 1;
        break;
      }
      if (!gc_board_is_empty(b, i) && !gc_board_is_hole(b, i)) break;
    }
  }
  *out = gc_bool(ok);
  return ST_OK;
}

/* Paths of king steps through empty squares, no square visited twice (◐ Jetan). */
static int steps_search(const GcBoard *b, int at, int d, int left, int exact, unsigned char *seen) {
  if (at == d && (!exact || left == 0)) return 1;
  if (left == 0) return 0;
  for (int k = 0; k < 8; k++) {
    int i = step(b, at, queen_dirs[k][0], queen_dirs[k][1]);
    if (!real(b, i) || seen[i]) continue;
    if (i != d && !gc_board_is_empty(b, i)) continue;
    seen[i] = 1;
    int ok = steps_search(b, i, d, left - 1, exact, seen);
    seen[i] = 0;
    if (ok) return 1;
  }
  return 0;
}
static int nsteps(GcInterp *gc, GcValue *a, int exact) {
  const GcBoard *b = &gc->board;
  int o = gc_coord(gc, &a[0]), d = gc_coord(gc, &a[1]), count = num(&a[2]);
  if (!real(b, o) || !real(b, d) || o == d || count < 1 || count > 16) return 0;
  unsigned char seen[GC_MAX_CELLS] = {0};
  seen[o] = 1;
  return steps_search(b, o, d, count, exact, seen);
}
OP(op_checkmaxsteps) {
  (void)n;
  *out = gc_bool(nsteps(gc, a, 0));
  return ST_OK;
}
OP(op_checknsteps) {
  (void)n;
  *out = gc_bool(nsteps(gc, a, 1));
  return ST_OK;
}

/* Follows a path of (dx, dy) steps under transform t; intermediate squares must be empty. */
static int follow(const GcBoard *b, int o, int d, const int *steps, int nsteps_, int t) {
  if (!real(b, o) || !real(b, d) || nsteps_ == 0) return 0;
  int at = o;
  for (int k = 0; k < nsteps_; k++) {
    int dx, dy;
    transform(t, steps[2 * k], steps[2 * k + 1], &dx, &dy);
    at = step(b, at, dx, dy);
    if (!real(b, at)) return 0;
    if (k < nsteps_ - 1 && !gc_board_is_empty(b, at)) return 0;
  }
  return at == d;
}
static int any_transform(const GcBoard *b, int o, int d, const int *steps, int ns, int symmetric_) {
  for (int t = 0; t < (symmetric_ ? 8 : 1); t++)
    if (follow(b, o, d, steps, ns, t)) return 1;
  return 0;
}

/* What follow may read under each transform tried, noted for a watched call (gc_memo_note):
 * o, d and every square of each path, as far as the board goes. */
static void note_paths(GcInterp *gc, int o, int d, const int *steps, int ns, int symmetric_) {
  if (!gc_memo_watching(gc)) return;
  gc_memo_note(gc, o);
  gc_memo_note(gc, d);
  for (int t = 0; t < (symmetric_ ? 8 : 1) && o >= 0; t++)
    for (int k = 0, at = o; k < ns && at >= 0; k++) {
      int dx, dy;
      transform(t, steps[2 * k], steps[2 * k + 1], &dx, &dy);
      at = step(&gc->board, at, dx, dy);
      gc_memo_note(gc, at);
    }
}

static int two_step(GcInterp *gc, GcValue *a, int symmetric_) {
  int steps[4] = {num(&a[2]), num(&a[3]), num(&a[4]), num(&a[5])};
  int o = gc_coord(gc, &a[0]), d = gc_coord(gc, &a[1]);
  note_paths(gc, o, d, steps, 2, symmetric_);
  return any_transform(&gc->board, o, d, steps, 2, symmetric_);
}
OP(op_checkatwostep) {
  (void)n;
  *out = gc_bool(two_step(gc, a, 0));
  return ST_OK;
}
OP(op_checktwostep) {
  (void)n;
  *out = gc_bool(two_step(gc, a, 1));
  return ST_OK;
}

static int path_op(GcInterp *gc, GcValue *a, int n, int symmetric_) {
  if (n < 3) return 0;
  int *steps = malloc(sizeof(int) * (size_t)(2 * n + 2));
  if (!steps) abort();
  int ns = 0;
  for (int k = 2; k < n; k++) {
    if (a[k].type == GC_ARR) {
      for (size_t j = 0; j < a[k].u.a->len && ns < 2 * n; j++) steps[ns++] = num(&a[k].u.a->items[j].val);
    } else if (ns < 2 * n) {
      steps[ns++] = num(&a[k]);
    }
  }
  int ok = ns >= 2 && any_transform(&gc->board, gc_coord(gc, &a[0]), gc_coord(gc, &a[1]), steps, ns / 2, symmetric_);
  free(steps);
  return ok;
}
OP(op_checkapath) {
  *out = gc_bool(path_op(gc, a, n, 0));
  return ST_OK;
}
OP(op_checkpath) {
  *out = gc_bool(path_op(gc, a, n, 1));
  return ST_OK;
}

const GcOpDef gc_check_ops[] = {
    {"checkleap", OP_FIXED, 4, op_checkleap, GC_MEMO_READS},
    {"checkaleap", OP_FIXED, 4, op_checkaleap, GC_MEMO_READS},
    {"checkride", OP_FIXED, 4, op_checkride, GC_MEMO_READS},
    {"checkaride", OP_FIXED, 4, op_checkaride, GC_MEMO_READS},
    {"checkhop", OP_FIXED, 4, op_checkhop, GC_MEMO_READS},
    {"checkahop", OP_FIXED, 4, op_checkahop, GC_MEMO_READS},
    {"checkgrasshop", OP_FIXED, 2, op_checkgrasshop, GC_MEMO_NO},
    {"checklongleap", OP_FIXED, 2, op_checklongleap, GC_MEMO_NO},
    {"voidleap", OP_FIXED, 4, op_voidleap, GC_MEMO_NO},
    {"voidride", OP_FIXED, 4, op_voidride, GC_MEMO_NO},
    {"checkmaxsteps", OP_FIXED, 3, op_checkmaxsteps, GC_MEMO_NO},
    {"checknsteps", OP_FIXED, 3, op_checknsteps, GC_MEMO_NO},
    {"checkatwostep", OP_FIXED, 6, op_checkatwostep, GC_MEMO_READS},
    {"checktwostep", OP_FIXED, 6, op_checktwostep, GC_MEMO_READS},
    {"checkapath", OP_VARIADIC, 0, op_checkapath, GC_MEMO_NO},
    {"checkpath", OP_VARIADIC, 0, op_checkpath, GC_MEMO_NO},
    {NULL, 0, 0, NULL, GC_MEMO_NO},
};
