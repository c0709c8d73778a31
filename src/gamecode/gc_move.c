/* Player notation (reference §1.8): `P e2-e4`, `e2-e4`, `Q-e8` (put a piece on a square),
 * `P*e5` (drop), `@*c4` (empty a square), `c4-` (remove), `pass`, `resign`. A real move part
 * updates origin/dest/moved/old and shifts the old values into the $prev* variables. */
#include "gamecode/gc_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *real_name(GcInterp *gc, const char *s) {
  const GcValue *v = gc_map_get(&gc->realnames, s);
  return v && v->type == GC_STR ? v->u.s : s;
}

static int cell_of(GcInterp *gc, const char *s) {
  int i = gc_board_index(&gc->board, s);
  if (i < 0) i = gc_board_index(&gc->board, real_name(gc, s));
  return i;
}

/* Where a refusal is reported: nowhere in the preset when the player's move text is at fault,
 * else the line of code that ran the notation (a `MOVE:` or a typo read as notation in
 * Pre-Game, where ":0" would leave the author searching). */
static int refused(GcInterp *gc) {
  if (gc->reading_move || !gc->cur_file) {
    gc->die_file[0] = 0;
  } else {
    gc_text_copy(gc->die_file, sizeof gc->die_file, gc->cur_file);
    gc->die_line = gc->cur_line;
  }
  return ST_DIE;
}

static int reject(GcInterp *gc, const char *fmt, const char *a) {
  snprintf(gc->die_msg, sizeof gc->die_msg, fmt, a);
  return refused(gc);
}

/* origin_at, dest_at: the board's indices of origin and dest (-1 for none) */
static void record(GcInterp *gc, const char *origin, int origin_at, const char *dest, int dest_at, const char *moved,
                   const char *old) {
  gc->prev = gc->mv;
  gc_text_copy(gc->mv.origin, sizeof gc->mv.origin, origin);
  gc_text_copy(gc->mv.dest, sizeof gc->mv.dest, dest);
  gc_text_copy(gc->mv.moved, sizeof gc->mv.moved, moved);
  gc_text_copy(gc->mv.old, sizeof gc->mv.old, old);
  gc->mv.origin_at = origin_at;
  gc->mv.dest_at = dest_at;
  gc->have_move = 1;
}

int gc_exec_notation(GcInterp *gc, const char *text) {
  char buf[256], label[256] = "", spec[256];
  gc_text_copy(buf, sizeof buf, text);
  char *cut = strstr(buf, "//");
  if (cut) *cut = 0;
  char *p = buf;
  while (isspace((unsigned char)*p)) p++;
  char *e = p + strlen(p);
  while (e > p && isspace((unsigned char)e[-1])) *--e = 0;
  gc->part_type = "pass";
  if (!*p || !strcmp(p, "pass")) return ST_OK;
  if (!strcmp(p, "resign")) {
    gc->result = GC_RESULT_LOST;
    gc->result_player = gc->player;
    return ST_OK;
  }
  char *sp = strchr(p, ' ');
  if (sp) {
    gc_text_copy_n(label, sizeof label, p, (size_t)(sp - p));
    while (isspace((unsigned char)*sp)) sp++;
    gc_text_copy(spec, sizeof spec, sp);
    if (strchr(spec, ' ')) return reject(gc, "Cannot read the move '%s'", p);
  } else {
    gc_text_copy(spec, sizeof spec, p);
  }
  char *op = strpbrk(spec, "-*");
  if (!op) return reject(gc, "'%s' is not a recognized piece, coordinate, command, or subroutine", p);
  char left[256], right[256];
  gc_text_copy_n(left, sizeof left, spec, (size_t)(op - spec));
  gc_text_copy(right, sizeof right, op + 1);
  if (*op == '*') { /* drop: label*coord */
    const char *lbl = real_name(gc, left[0] ? left : label);
    int to = cell_of(gc, right);
    if (to < 0 || gc_board_is_hole(&gc->board, to)) return reject(gc, "No such space: %s", right);
    if (!*lbl || strlen(lbl) >= GC_LABEL_MAX) return reject(gc, "Bad piece label in '%s'", p);
    char old[GC_LABEL_MAX];
    strcpy(old, gc->board.cells[to]);
    strcpy(gc->board.cells[to], lbl);
    gc->part_type = "drops";
    if (strcmp(lbl, "@") != 0) {
      char dest[2 * GC_LABEL_MAX];
      gc_board_coord(&gc->board, to, dest, sizeof dest);
      record(gc, "", -1, dest, to, lbl, old);
    }
    return ST_OK;
  }
  int from = cell_of(gc, left);
  if (from < 0) { /* label-coord: put a piece there (the promotion idiom) */
    const char *lbl = real_name(gc, left);
    int to = cell_of(gc, right);
    if (to < 0 || gc_board_is_hole(&gc->board, to) || !*lbl || strlen(lbl) >= GC_LABEL_MAX)
      return reject(gc, "Cannot read the move '%s'", p);
    gc->part_type = gc_board_is_empty(&gc->board, to) ? "drops" : "promotions";
    strcpy(gc->board.cells[to], lbl);
    return ST_OK;
  }
  if (!right[0]) { /* coord-: remove the piece */
    gc->part_type = "captures";
    strcpy(gc->board.cells[from], "@");
    return ST_OK;
  }
  int to = cell_of(gc, right);
  if (to < 0 || gc_board_is_hole(&gc->board, to)) return reject(gc, "No such space: %s", right);
  if (gc_board_is_hole(&gc->board, from)) return reject(gc, "No such space: %s", left);
  if (gc_board_is_empty(&gc->board, from)) return reject(gc, "There is no piece on %s", left);
  char moved[GC_LABEL_MAX], old[GC_LABEL_MAX], o[2 * GC_LABEL_MAX], d[2 * GC_LABEL_MAX];
  strcpy(moved, gc->board.cells[from]);
  strcpy(old, gc->board.cells[to]);
  /* A leading label must name the piece on the origin, in its notation: the label itself
   * unless an alias was given (seed 004, "Piece Notation": Game Courier translates what a
   * player types back into the raw label, and a label aliased to an unused name such as nn
   * can no longer be typed). The case is not compared: it tells the sides apart, which the
   * origin already does, and Herald's game records write P for both sides' Pawns. */
  if (label[0] && strcasecmp(real_name(gc, label), moved) != 0) {
    snprintf(gc->die_msg, sizeof gc->die_msg, "%.200s: the piece on %.32s is %.32s, not %.32s.", p, left,
             gc_alias_of(gc, moved), label);
    return refused(gc);
  }
  gc->part_type = gc_board_is_empty(&gc->board, to) ? "moves" : "captures";
  if (from != to) {
    strcpy(gc->board.cells[to], moved);
    strcpy(gc->board.cells[from], "@");
  }
  gc_board_coord(&gc->board, from, o, sizeof o);
  gc_board_coord(&gc->board, to, d, sizeof d);
  record(gc, o, from, d, to, moved, old);
  return ST_OK;
}
