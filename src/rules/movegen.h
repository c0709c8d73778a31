/* Width instances of the move generator (movegen_tmpl.h) and the dispatch over them. */
#ifndef HERALD_RULES_MOVEGEN_H
#define HERALD_RULES_MOVEGEN_H

#include "rules/position.h"

#define GEN_DECLARE(w)                                            \
  void gen_legal_moves_w##w(Position *p, MoveList *list);        \
  void gen_pseudo_moves_w##w(Position *p, MoveList *list);       \
  bool gen_in_check_w##w(const Position *p);                      \
  bool gen_extinct_w##w(const Position *p, int color);            \
  uint64_t gen_perft_w##w(Position *p, int depth);
GEN_DECLARE(1)
GEN_DECLARE(2)
GEN_DECLARE(4)
#undef GEN_DECLARE

#endif
