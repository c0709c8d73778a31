/* The move generator: one table of functions per bitboard width (movegen_tmpl.h, compiled by
 * movegen_w1.c, movegen_w2.c and movegen_w4.c), chosen once by rules_finalize and kept in
 * Rules.gen, and the table for rules with an oracle (oracle.c).  Callers go through
 * position.h (pos_legal_moves ...), which picks the oracle's table when the rules have one. */
#ifndef HERALD_RULES_MOVEGEN_H
#define HERALD_RULES_MOVEGEN_H

#include "rules/position.h"

typedef struct MoveGenerator {
  /* The legal moves of the side to move; none once the game is over (passes, extinction). */
  void (*legal)(Position *p, MoveList *list);
  /* The moves before royal safety is tested (castling already checks its squares). */
  void (*pseudo_legal)(Position *p, MoveList *list);
  /* The legal moves that capture (en passant included, by any piece) or promote (every
   * promotion, capturing or not).  Drops never capture in this model, so they are quiet, as
   * castling and passes are. */
  void (*noisy)(Position *p, MoveList *list);
  /* The noisy moves onto the square sq, in the order noisy gives them (a static exchange's
   * recaptures); NULL where the generator has no quicker way than noisy's list, filtered. */
  void (*noisy_onto)(Position *p, int sq, MoveList *list);
  /* The legal moves that are not noisy: noisy and quiet give every legal move once. */
  void (*quiet)(Position *p, MoveList *list);
  /* In check, the legal moves (with one checker and one royal, only the royal's moves and
   * those onto the checker or between are tried); otherwise the legal moves too. */
  void (*evasions)(Position *p, MoveList *list);
  /* Is a royal piece of the side to move attacked? */
  bool (*in_check)(const Position *p);
  /* Has color lost every piece of some type it started with (extinction chess)? */
  bool (*extinct)(const Position *p, int color);
  /* Does a piece of colour `by` of one of the types (bit t) attack the square sq (and the piece
   * on it, if any)?  Pieces of other types still block. */
  bool (*attacked)(const Position *p, int sq, int by, uint32_t types);
  /* Does the quiet move m (MOVE_NORMAL onto an empty square, or MOVE_DROP) of the side to move
   * give check?  1 or 0, told from q (filled on first use at this position), or -1 where q
   * cannot tell (q->ready -1): the caller makes the move's squares and asks in_check.  NULL in
   * the generators that never tell. */
  int (*quiet_move_checks)(const Position *p, QuietChecks *q, Move m);
  /* Leaf nodes of the legal move tree depth plies deep (the last ply counted in bulk). */
  uint64_t (*perft)(Position *p, int depth);
} MoveGenerator;

/* The model's own generators, by width: 1, 2 and 4 words per bitboard. */
extern const MoveGenerator gen_w1, gen_w2, gen_w4;
/* Rules with an oracle: the model proposes, the oracle decides (oracle.c). */
extern const MoveGenerator gen_oracle;
/* Rules whose turns restrict what a part may be (TurnRules): the generator above them, its moves
 * filtered by the part's kinds (turns.c). */
extern const MoveGenerator gen_turns;
/* The generator under gen_turns: the oracle's or the model's. */
static inline const MoveGenerator *gen_untouched(const Position *p) {
  return p->rules->oracle ? &gen_oracle : p->rules->gen;
}

#endif
