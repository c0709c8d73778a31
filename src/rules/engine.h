/* Width instances of the hot code (engine_tmpl.h) and the dispatch over them. */
#ifndef HERALD_RULES_ENGINE_H
#define HERALD_RULES_ENGINE_H

#include "rules/position.h"

#define ENGINE_DECLARE(w)                                            \
  void engine_legal_moves_w##w(Position *p, MoveList *list);        \
  void engine_pseudo_moves_w##w(Position *p, MoveList *list);       \
  bool engine_in_check_w##w(const Position *p);                      \
  bool engine_extinct_w##w(const Position *p, int color);            \
  uint64_t engine_perft_w##w(Position *p, int depth);
ENGINE_DECLARE(1)
ENGINE_DECLARE(2)
ENGINE_DECLARE(4)
#undef ENGINE_DECLARE

#endif
