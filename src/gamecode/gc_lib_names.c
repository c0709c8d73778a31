/* Built-ins about names and state: var const flag system isfunc issub isconst alias realname
 * thismove capture, and the $ system variables (reference §2.3, §4.7). */
#include "gamecode/gc_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OP(name) static int name(GcInterp *gc, GcValue *a, int n, GcValue *out)

/* A value as a name: a string is read where it is, a number written into buf; only an array is
 * written out into fresh memory (*owned, to be freed). */
static const char *name_of(const GcValue *v, char *buf, size_t size, char **owned) {
  *owned = NULL;
  return v->type == GC_ARR ? (*owned = gc_to_str_alloc(v)) : gc_to_str(v, buf, size);
}

OP(op_var) {
  (void)n;
  char buf[64], *owned;
  const char *nm = name_of(&a[0], buf, sizeof buf, &owned);
  const GcValue *v = gc_var_find(gc, nm);
  *out = v ? gc_copy(v) : gc_null();
  free(owned);
  return ST_OK;
}

static int from_map(GcMap *m, const GcValue *key, GcValue *out) {
  char buf[64], *owned;
  const char *nm = name_of(key, buf, sizeof buf, &owned);
  const GcValue *v = gc_map_get(m, nm);
  *out = v ? gc_copy(v) : gc_null();
  free(owned);
  return ST_OK;
}
OP(op_const) {
  (void)n;
  return from_map(&gc->consts, &a[0], out);
}
OP(op_flag) {
  (void)n;
  from_map(&gc->flags, &a[0], out);
  int t = gc_truthy(out);
  gc_release(out);
  *out = gc_bool(t);
  return ST_OK;
}
OP(op_system) {
  (void)n;
  char buf[64], *owned;
  const char *nm = name_of(&a[0], buf, sizeof buf, &owned);
  if (!gc_sysvar(gc, nm, out)) {
    const GcValue *v = gc_map_get(&gc->system, nm);
    *out = v ? gc_copy(v) : gc_null();
  }
  free(owned);
  return ST_OK;
}

static int exists(GcMap *m, const GcValue *key, GcValue *out) {
  char buf[64], *owned;
  const char *nm = name_of(key, buf, sizeof buf, &owned);
  *out = gc_bool(gc_map_get(m, nm) != NULL);
  free(owned);
  return ST_OK;
}
OP(op_isfunc) {
  (void)n;
  return exists(&gc->funcs, &a[0], out);
}
OP(op_issub) {
  (void)n;
  return exists(&gc->subs, &a[0], out);
}
OP(op_isconst) {
  (void)n;
  return exists(&gc->consts, &a[0], out);
}
OP(op_isvar) {
  (void)n;
  char buf[64], *owned;
  const char *nm = name_of(&a[0], buf, sizeof buf, &owned);
  *out = gc_bool(gc_var_find(gc, nm) != NULL);
  free(owned);
  return ST_OK;
}

/* alias x: the alias of x, or x itself; realname x: what x is an alias of ([T4], §1.5). */
OP(op_alias) {
  (void)n;
  if (a[0].type != GC_STR) {
    *out = gc_copy(&a[0]);
    return ST_OK;
  }
  *out = gc_str(gc_alias_of(gc, a[0].u.s));
  return ST_OK;
}
OP(op_realname) {
  (void)n;
  if (a[0].type != GC_STR) {
    *out = gc_copy(&a[0]);
    return ST_OK;
  }
  const GcValue *v = gc_map_get(&gc->realnames, a[0].u.s);
  *out = v ? gc_copy(v) : gc_copy(&a[0]);
  return ST_OK;
}

OP(op_thismove) {
  (void)a, (void)n;
  *out = gc->thismove ? gc_str(gc->thismove) : gc_null();
  return ST_OK;
}

/* capture: did the last executed move part capture? ([T1], gotcha 7) */
OP(op_capture) {
  (void)a, (void)n;
  *out = gc_bool(gc->have_move && strcmp(gc->mv.old, "@") != 0 && gc->mv.old[0]);
  return ST_OK;
}

static GcValue board_array(GcInterp *gc) {
  GcValue arr = gc_arr_new();
  const GcBoard *b = &gc->board;
  for (int i = 0; i < b->nfiles * b->nranks; i++)
    gc_arr_append_unique(&arr, gc_coord_value(gc, i), gc_label_value(gc, b->cells[i]));
  return arr;
}

static void add_labels(GcValue *arr, GcInterp *gc) {
  const GcBoard *b = &gc->board;
  for (int i = 0; i < b->nfiles * b->nranks; i++) {
    if (gc_board_is_empty(b, i) || gc_board_is_hole(b, i)) continue;
    GcValue key = gc_label_value(gc, b->cells[i]);
    if (!gc_arr_get(arr, &key)) gc_arr_set(arr, &key, gc_str(gc_alias_of(gc, b->cells[i])));
    gc_release(&key);
  }
}

void gc_note_start_labels(GcInterp *gc) {
  gc_release(&gc->start_labels);
  gc->start_labels = gc_arr_new();
  add_labels(&gc->start_labels, gc);
}

/* $pieces: in Game Courier the piece set, label -> image file ([T4], seed 004 "Piece
 * Identifiers"); code iterates its keys to visit the game's pieces. Herald has no set files:
 * the keys are the labels of the starting position and then any other label now on the board
 * (a promoted piece), in that order, and each value is the label's notation (its alias). */
static GcValue pieces_array(GcInterp *gc) {
  GcValue arr = gc_arr_new();
  const GcValue *start = &gc->start_labels;
  for (size_t i = 0; i < gc_arr_len(start); i++) {
    const GcEntry *e = &start->u.a->items[i];
    gc_arr_set(&arr, &e->key, e->key.type == GC_STR ? gc_str(gc_alias_of(gc, e->key.u.s)) : gc_copy(&e->val));
  }
  add_labels(&arr, gc);
  return arr;
}

int gc_sysvar(GcInterp *gc, const char *name, GcValue *out) {
  /* squares and labels: the board's shared strings, as the bare words give them */
  const char *square = NULL, *label = NULL;
  int at = -1; /* square's index, where known */
  if (!strcmp(name, "origin"))
    square = gc->mv.origin, at = gc->mv.origin_at;
  else if (!strcmp(name, "dest"))
    square = gc->mv.dest, at = gc->mv.dest_at;
  else if (!strcmp(name, "moved"))
    label = gc->mv.moved;
  else if (!strcmp(name, "old") || !strcmp(name, "lastcaptured"))
    label = gc->mv.old;
  else if (!strcmp(name, "prevorigin"))
    square = gc->prev.origin, at = gc->prev.origin_at;
  else if (!strcmp(name, "prevdest"))
    square = gc->prev.dest, at = gc->prev.dest_at;
  else if (!strcmp(name, "prevmoved"))
    label = gc->prev.moved;
  else if (!strcmp(name, "prevcaptured"))
    label = gc->prev.old;
  if (square || label) {
    *out = square ? gc_square_value_at(gc, square, at) : gc_label_value(gc, label);
    return 1;
  }
  if (!strcmp(name, "space")) {
    *out = board_array(gc);
    return 1;
  }
  if (!strcmp(name, "pieces")) {
    *out = pieces_array(gc);
    return 1;
  }
  if (!strcmp(name, "moves") || !strcmp(name, "thismove")) {
    *out = gc->thismove ? gc_str(gc->thismove) : gc_null();
    return 1;
  }
  if (!strcmp(name, "legalmoves")) {
    *out = gc_copy(&gc->legal);
    return 1;
  }
  if (!strcmp(name, "turn") || !strcmp(name, "mln")) {
    *out = gc_num(gc->ply / 2 + 1);
    return 1;
  }
  if (!strcmp(name, "ply")) {
    *out = gc_num(gc->ply);
    return 1;
  }
  if (!strcmp(name, "player")) {
    *out = gc_num(gc->player);
    return 1;
  }
  if (!strcmp(name, "maxmove") || !strcmp(name, "part")) {
    if (!strcmp(name, "part")) {
      *out = gc_num(gc->part);
      return 1;
    }
  }
  const GcValue *v = gc_map_get(&gc->system, name);
  if (v) {
    *out = gc_copy(v);
    return 1;
  }
  return 0;
}

/* var reads a variable through gc_var_find, which notes it for a watched call (gc_memo.c). */
const GcOpDef gc_name_ops[] = {
    {"var", OP_FIXED, 1, op_var, GC_MEMO_READS},
    {"const", OP_FIXED, 1, op_const, GC_MEMO_NO},
    {"flag", OP_FIXED, 1, op_flag, GC_MEMO_NO},
    {"system", OP_FIXED, 1, op_system, GC_MEMO_NO},
    {"isfunc", OP_FIXED, 1, op_isfunc, GC_MEMO_NO},
    {"issub", OP_FIXED, 1, op_issub, GC_MEMO_NO},
    {"isconst", OP_FIXED, 1, op_isconst, GC_MEMO_NO},
    {"isvar", OP_FIXED, 1, op_isvar, GC_MEMO_NO},
    {"alias", OP_FIXED, 1, op_alias, GC_MEMO_NO},
    {"realname", OP_FIXED, 1, op_realname, GC_MEMO_NO},
    {"thismove", OP_FIXED, 0, op_thismove, GC_MEMO_NO},
    {"capture", OP_FIXED, 0, op_capture, GC_MEMO_NO},
    {NULL, 0, 0, NULL, GC_MEMO_NO},
};
