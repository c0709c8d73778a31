/* Perft by the referee alone: counts the move sequences a preset accepts from the current
 * position, with no move generator.  In each position every move the side to move could type
 * is tried through gc_play (every pair of a square holding one of its pieces and another
 * square, each promotion choice the referee asks for, and `pass`) and taken back with
 * gc_state_save / gc_state_restore.  Slow (about a thousand refereed tries per position of
 * Chess), and meant as the truth the compiled rules' perft is compared with, above all for
 * presets whose turns have several parts (seed 003's `continuemove`). */
#include "gamecode/gamecode.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  GcInterp *gc;
  bool parts;
  int share, shares; /* at the root, only the tries whose index % shares == share */
} perft_ctx;

static uint64_t perft_node(perft_ctx *c, int depth);

/* Whether the label on a cell is one of the player's pieces: player 1 moves upper-case
 * labels, player 2 lower-case ones (Game Courier's convention). */
static bool owns(const char *label, int player) {
  unsigned char ch = (unsigned char)label[0];
  if (!isalpha(ch)) return false;
  return player == 1 ? isupper(ch) != 0 : islower(ch) != 0;
}

/* The count below a part just accepted: a leaf when the depth is spent; the same depth while
 * the turn goes on (whole turns), else one less.  Below a part that ended the game there is
 * nothing, as in a move generator's perft (a checkmate before the last ply adds no leaf). */
static uint64_t after_part(perft_ctx *c, int depth, const GcVerdict *v) {
  int below = depth - 1;
  if (!c->parts && gc_turn_open(c->gc) && v->result == GC_RESULT_NONE) below = depth; /* the turn goes on */
  if (below == 0) return 1;
  return v->result != GC_RESULT_NONE ? 0 : perft_node(c, below);
}

/* Plays text from the saved state; the count below it (0 when refused), trying each promotion
 * choice the referee asks for. */
static uint64_t try_move(perft_ctx *c, const GcState *here, const char *text, int depth) {
  GcVerdict v;
  GcStatus st = gc_play(c->gc, text, &v);
  uint64_t n = 0;
  if (st == GC_LEGAL) {
    n = after_part(c, depth, &v);
  } else if (st == GC_ILLEGAL && v.choices[0] && v.promote_square[0]) {
    char choices[sizeof v.choices], square[sizeof v.promote_square];
    snprintf(choices, sizeof choices, "%s", v.choices);
    snprintf(square, sizeof square, "%s", v.promote_square);
    char *save = NULL;
    for (char *ch = strtok_r(choices, " ", &save); ch; ch = strtok_r(NULL, " ", &save)) {
      char move[300];
      snprintf(move, sizeof move, "%s; %s-%s", text, ch, square);
      gc_state_restore(c->gc, here);
      GcVerdict pv;
      if (gc_play(c->gc, move, &pv) == GC_LEGAL) n += after_part(c, depth, &pv);
    }
  }
  gc_state_restore(c->gc, here);
  return n;
}

static uint64_t perft_node(perft_ctx *c, int depth) {
  GcInterp *gc = c->gc;
  int shares = c->shares, share = c->share, tries = 0;
  c->shares = 1; /* below the root every try counts */
  c->share = 0;
  int player = gc_side_to_move(gc);
  GcState *here = gc_state_save(gc);
  GcBoard board = *gc_get_board(gc); /* the position's board: the tries change the live one */
  int cells = board.nfiles * board.nranks;
  uint64_t n = 0;
  for (int from = 0; from < cells; from++) {
    if (!owns(board.cells[from], player)) continue;
    for (int to = 0; to < cells; to++) {
      if (to == from || gc_board_is_hole(&board, to)) continue;
      if (tries++ % shares != share) continue;
      char text[128];
      snprintf(text, sizeof text, "%s %s-%s", board.cells[from], gc_board_name(&board, from),
               gc_board_name(&board, to));
      n += try_move(c, here, text, depth);
    }
  }
  if (tries % shares == share) n += try_move(c, here, "pass", depth);
  gc_state_free(here);
  return n;
}

uint64_t gc_referee_perft_share(GcInterp *gc, int depth, bool parts, int share, int shares) {
  if (depth <= 0) return share == 0;
  if (shares < 1 || share < 0 || share >= shares) return 0;
  perft_ctx c = {gc, parts, share, shares};
  return perft_node(&c, depth);
}

uint64_t gc_referee_perft(GcInterp *gc, int depth, bool parts) {
  return gc_referee_perft_share(gc, depth, parts, 0, 1);
}
