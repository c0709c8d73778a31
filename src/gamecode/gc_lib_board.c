/* Built-ins: board and position queries, target generators (reference §4.3, §4.5). */
#include "gamecode/gc_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/wildcard.h"

#define OP(name) static int name(GcInterp *gc, GcValue *a, int n, GcValue *out)

/* A coordinate operand. A word that is not a coordinate but names a variable holding one is
 * read through it: seed 000 writes `checkaleap #to ep 0 1` (our heuristic, see docs). */
int gc_coord(GcInterp *gc, const GcValue *v) {
  if (v->type != GC_STR) {
    if (v->type != GC_NUM) return -1;
    char buf[32];
    return gc_board_index(&gc->board, gc_to_str(v, buf, sizeof buf));
  }
  int i = gc_square_index(gc, v->u.s);
  if (i >= 0) return i;
  const GcValue *var = gc_var_find(gc, v->u.s);
  if (var && var->type == GC_STR) return gc_board_index(&gc->board, var->u.s);
  return -1;
}

static GcValue coord_value(GcInterp *gc, int index) { return gc_coord_value(gc, index); }

static int offset(GcInterp *gc, int from, int dx, int dy) {
  if (from < 0) return -1;
  const GcBoard *b = &gc->board;
  return gc_board_at(b, gc_board_file_of(b, from) + dx, gc_board_rank_of(b, from) + dy);
}

static int real_space(const GcBoard *b, int i) { return i >= 0 && !gc_board_is_hole(b, i); }

OP(op_space) {
  (void)n;
  int i = gc_coord(gc, &a[0]);
  gc_memo_note(gc, i);
  *out = gc_label_value(gc, i >= 0 ? gc->board.cells[i] : "-");
  return ST_OK;
}
OP(op_where) {
  (void)n;
  int i = offset(gc, gc_coord(gc, &a[0]), gc_to_int(&a[1]), gc_to_int(&a[2]));
  *out = i >= 0 ? coord_value(gc, i) : gc_bool(0);
  return ST_OK;
}
OP(op_what) {
  (void)n;
  int i = offset(gc, gc_coord(gc, &a[0]), gc_to_int(&a[1]), gc_to_int(&a[2]));
  *out = gc_label_value(gc, i >= 0 ? gc->board.cells[i] : "-");
  return ST_OK;
}
/* insight c dx dy: contents of the first occupied space in that direction, false if none. */
OP(op_insight) {
  (void)n;
  int dx = gc_to_int(&a[1]), dy = gc_to_int(&a[2]);
  int i = gc_coord(gc, &a[0]);
  *out = gc_bool(0);
  if (dx == 0 && dy == 0) return ST_OK;
  for (i = offset(gc, i, dx, dy); real_space(&gc->board, i); i = offset(gc, i, dx, dy)) {
    if (!gc_board_is_empty(&gc->board, i)) {
      *out = gc_label_value(gc, gc->board.cells[i]);
      break;
    }
  }
  return ST_OK;
}
OP(op_rank) {
  (void)n;
  int i = gc_coord(gc, &a[0]);
  *out = i >= 0 ? gc_num(gc_board_rank_of(&gc->board, i)) : gc_bool(0);
  return ST_OK;
}
OP(op_file) {
  (void)n;
  int i = gc_coord(gc, &a[0]);
  *out = i >= 0 ? gc_num(gc_board_file_of(&gc->board, i)) : gc_bool(0);
  return ST_OK;
}
OP(op_rankname) {
  (void)n;
  int i = gc_coord(gc, &a[0]);
  *out = i >= 0 ? gc_str(gc->board.ranks[gc_board_rank_of(&gc->board, i)]) : gc_bool(0);
  return ST_OK;
}
OP(op_filename) {
  (void)n;
  int i = gc_coord(gc, &a[0]);
  *out = i >= 0 ? gc_str(gc->board.files[gc_board_file_of(&gc->board, i)]) : gc_bool(0);
  return ST_OK;
}
OP(op_distance) {
  (void)n;
  int i = gc_coord(gc, &a[0]), j = gc_coord(gc, &a[1]);
  if (i < 0 || j < 0) {
    *out = gc_bool(0);
    return ST_OK;
  }
  const GcBoard *b = &gc->board;
  int df = abs(gc_board_file_of(b, i) - gc_board_file_of(b, j));
  int dr = abs(gc_board_rank_of(b, i) - gc_board_rank_of(b, j));
  *out = gc_num(df > dr ? df : dr);
  return ST_OK;
}
OP(op_onboard) {
  (void)n;
  int i = gc_coord(gc, &a[0]);
  gc_memo_note(gc, i); /* a hole is a square's contents */
  *out = gc_bool(real_space(&gc->board, i));
  return ST_OK;
}
OP(op_empty) {
  (void)n;
  int i = gc_coord(gc, &a[0]);
  gc_memo_note(gc, i);
  *out = gc_bool(i >= 0 && gc_board_is_empty(&gc->board, i));
  return ST_OK;
}
/* remove c (as an operator): empties c and yields true, so it can end a guard chain ([T4]). */
OP(op_remove) {
  (void)n;
  int i = gc_coord(gc, &a[0]);
  if (i >= 0 && !gc_board_is_hole(&gc->board, i)) strcpy(gc->board.cells[i], "@");
  *out = gc_bool(1);
  return ST_OK;
}

static int findpiece_in(GcInterp *gc, const char *pat, const GcValue *v, int last, int *found) {
  if (v->type == GC_ARR) {
    for (size_t k = 0; k < v->u.a->len; k++) {
      size_t idx = last ? v->u.a->len - 1 - k : k;
      if (findpiece_in(gc, pat, &v->u.a->items[idx].val, last, found) && !last) return 1;
    }
    return *found >= 0;
  }
  int i = gc_coord(gc, v);
  if (i >= 0 && plat_wildcard_match(pat, gc->board.cells[i])) {
    if (!last || *found < 0) *found = i;
    return 1;
  }
  return 0;
}

/* findpiece pattern [first|last] c1 ... cn  (or an array of coordinates) */
OP(op_findpiece) {
  *out = gc_bool(0);
  if (n < 1) return ST_OK;
  char *pat = gc_to_str_alloc(&a[0]);
  int k = 1, last = 0;
  if (n > 1 && a[1].type == GC_STR && (!strcmp(a[1].u.s, "first") || !strcmp(a[1].u.s, "last"))) {
    last = !strcmp(a[1].u.s, "last");
    k = 2;
  }
  int found = -1;
  if (!last) {
    for (; k < n && found < 0; k++) findpiece_in(gc, pat, &a[k], 0, &found);
  } else {
    for (int j = n - 1; j >= k && found < 0; j--) findpiece_in(gc, pat, &a[j], 1, &found);
  }
  free(pat);
  if (found >= 0) *out = coord_value(gc, found);
  return ST_OK;
}

/* The letter tests of the C locale, inline: the board is read 64 times or more a call. */
static inline int in_case(unsigned char c, int upper) { return upper ? c >= 'A' && c <= 'Z' : c >= 'a' && c <= 'z'; }
static int label_is(const char *s, int upper) {
  if (!*s) return 0;
  for (; *s; s++)
    if (!in_case((unsigned char)*s, upper)) return 0;
  return 1;
}
static int has_char(const char *s, int upper) {
  for (; *s; s++)
    if (in_case((unsigned char)*s, upper)) return 1;
  return 0;
}

enum { SEL_ALL, SEL_UPPER, SEL_LOWER, SEL_NOUPPER, SEL_NOLOWER };

static int select_spaces(GcInterp *gc, int sel, GcValue *out) {
  const GcBoard *b = &gc->board;
  int cells = b->nfiles * b->nranks;
  /* room for a side's pieces at the start (a quarter of the board in chess), not regrown */
  *out = gc_arr_new_cap(sel == SEL_UPPER || sel == SEL_LOWER ? (size_t)(cells / 4 + 1) : (size_t)cells);
  for (int i = 0; i < cells; i++) {
    const char *c = b->cells[i];
    if (gc_board_is_hole(b, i)) continue;
    switch (sel) {
    case SEL_ALL: gc_arr_push(out, coord_value(gc, i)); break;
    case SEL_UPPER:
    case SEL_LOWER:
      if (label_is(c, sel == SEL_UPPER))
        gc_arr_append_unique(out, coord_value(gc, i), gc_label_value(gc, c)); /* coordinates are distinct */
      break;
    default:
      if (!has_char(c, sel == SEL_NOUPPER)) gc_arr_push(out, coord_value(gc, i));
    }
  }
  return ST_OK;
}
OP(op_spaces) {
  (void)a, (void)n;
  return select_spaces(gc, SEL_ALL, out);
}
OP(op_onlyupper) {
  (void)a, (void)n;
  return select_spaces(gc, SEL_UPPER, out);
}
OP(op_onlylower) {
  (void)a, (void)n;
  return select_spaces(gc, SEL_LOWER, out);
}
OP(op_noupper) {
  (void)a, (void)n;
  return select_spaces(gc, SEL_NOUPPER, out);
}
OP(op_nolower) {
  (void)a, (void)n;
  return select_spaces(gc, SEL_NOLOWER, out);
}

OP(op_fencode) {
  (void)a, (void)n;
  char buf[GC_MAX_CELLS * 4];
  gc_board_fen(&gc->board, buf, sizeof buf);
  *out = gc_str(buf);
  return ST_OK;
}

static int cmp_str(const void *x, const void *y) { return strcmp(*(char *const *)x, *(char *const *)y); }

/* boardflags: the set flags, sorted, so equal positions give equal repetition keys ([T1]). */
OP(op_boardflags) {
  (void)a, (void)n;
  const char **names = malloc(sizeof(char *) * (gc->flags.count + 1));
  if (!names) abort();
  size_t k = 0;
  for (size_t i = 0; i < gc->flags.cap; i++) {
    const GcMapSlot *s = &gc->flags.slots[i];
    if (s->key && s->key != (char *)1 && gc_truthy(&s->val)) names[k++] = s->key;
  }
  qsort(names, k, sizeof *names, cmp_str);
  GcBuf b = {0};
  gc_buf_add(&b, "", 0);
  for (size_t i = 0; i < k; i++) {
    gc_buf_adds(&b, names[i]);
    gc_buf_addc(&b, ',');
  }
  free(names);
  *out = gc_str_own(b.data);
  return ST_OK;
}

/* leaps / rides / rays c a b */
enum { GEN_LEAPS, GEN_RIDES, GEN_RAYS };
static int generate(GcInterp *gc, GcValue *a, int kind, GcValue *out) {
  int from = gc_coord(gc, &a[0]);
  int dirs[8][2];
  int nd = gc_sym_dirs(gc_to_int(&a[1]), gc_to_int(&a[2]), dirs);
  *out = gc_arr_new();
  if (from < 0) return ST_OK;
  const GcBoard *b = &gc->board;
  for (int d = 0; d < nd; d++) {
    int i = offset(gc, from, dirs[d][0], dirs[d][1]);
    for (; gc_memo_note(gc, i), real_space(b, i);) {
      gc_arr_push(out, coord_value(gc, i));
      if (kind == GEN_LEAPS || (kind == GEN_RIDES && !gc_board_is_empty(b, i))) break;
      i = offset(gc, i, dirs[d][0], dirs[d][1]);
    }
  }
  return ST_OK;
}
OP(op_leaps) {
  (void)n;
  return generate(gc, a, GEN_LEAPS, out);
}
OP(op_rides) {
  (void)n;
  return generate(gc, a, GEN_RIDES, out);
}
OP(op_rays) {
  (void)n;
  return generate(gc, a, GEN_RAYS, out);
}

/* path a b: the squares from a toward b along a straight line, a excluded, b included;
 * empty when a and b are not on one line (◐ reference §4.5). */
OP(op_path) {
  (void)n;
  int i = gc_coord(gc, &a[0]), j = gc_coord(gc, &a[1]);
  *out = gc_arr_new();
  if (i < 0 || j < 0 || i == j) return ST_OK;
  const GcBoard *b = &gc->board;
  int df = gc_board_file_of(b, j) - gc_board_file_of(b, i);
  int dr = gc_board_rank_of(b, j) - gc_board_rank_of(b, i);
  if (df && dr && abs(df) != abs(dr)) return ST_OK;
  int sx = (df > 0) - (df < 0), sy = (dr > 0) - (dr < 0);
  for (int k = offset(gc, i, sx, sy); k >= 0; k = offset(gc, k, sx, sy)) {
    gc_arr_push(out, coord_value(gc, k));
    if (k == j) break;
  }
  return ST_OK;
}

const GcOpDef gc_board_ops[] = {
    {"space", OP_FIXED, 1, op_space, GC_MEMO_READS},
    {"where", OP_FIXED, 3, op_where, GC_MEMO_PURE},
    {"what", OP_FIXED, 3, op_what, GC_MEMO_NO},
    {"insight", OP_FIXED, 3, op_insight, GC_MEMO_NO},
    {"rank", OP_FIXED, 1, op_rank, GC_MEMO_PURE},
    {"file", OP_FIXED, 1, op_file, GC_MEMO_PURE},
    {"rankname", OP_FIXED, 1, op_rankname, GC_MEMO_PURE},
    {"filename", OP_FIXED, 1, op_filename, GC_MEMO_PURE},
    {"distance", OP_FIXED, 2, op_distance, GC_MEMO_PURE},
    {"onboard", OP_FIXED, 1, op_onboard, GC_MEMO_READS},
    {"empty", OP_FIXED, 1, op_empty, GC_MEMO_READS},
    {"remove", OP_FIXED, 1, op_remove, GC_MEMO_NO},
    {"findpiece", OP_VARIADIC, 0, op_findpiece, GC_MEMO_NO},
    {"spaces", OP_FIXED, 0, op_spaces, GC_MEMO_NO},
    {"onlyupper", OP_FIXED, 0, op_onlyupper, GC_MEMO_NO},
    {"onlylower", OP_FIXED, 0, op_onlylower, GC_MEMO_NO},
    {"noupper", OP_FIXED, 0, op_noupper, GC_MEMO_NO},
    {"nolower", OP_FIXED, 0, op_nolower, GC_MEMO_NO},
    {"fencode", OP_FIXED, 0, op_fencode, GC_MEMO_NO},
    {"boardflags", OP_FIXED, 0, op_boardflags, GC_MEMO_NO},
    {"leaps", OP_FIXED, 3, op_leaps, GC_MEMO_READS},
    {"rides", OP_FIXED, 3, op_rides, GC_MEMO_READS},
    {"rays", OP_FIXED, 3, op_rays, GC_MEMO_READS},
    {"path", OP_FIXED, 2, op_path, GC_MEMO_PURE},
    {NULL, 0, 0, NULL, GC_MEMO_NO},
};
