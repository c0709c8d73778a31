/* Helpers shared by the files of search/; not for other layers. */
#ifndef HERALD_SEARCH_SEARCH_INTERNAL_H
#define HERALD_SEARCH_SEARCH_INTERNAL_H

#include "search/search.h"

/* Exchange value of what m captures (0 for none), and what its promotion adds. */
int srch_captured_value(const Position *p, const EvalTables *e, Move m);
int srch_promotion_gain(const Position *p, const EvalTables *e, Move m);
/* Captures (en passant included) and promotions. */
bool srch_is_noisy(const Position *p, Move m);
/* srch_see with a caller's move list for the replies. */
int srch_see_with(Position *p, const EvalTables *e, Move m, MoveList *scratch);
/* Monotonic milliseconds. */
int64_t srch_now_ms(void);

#endif
