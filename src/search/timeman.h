/* Search limits and time management for every control XBoard and UCI send.  Pure C, no I/O:
 * the protocol front ends fill a SearchLimits from their commands, and the search asks
 * srch_time_plan how long it may think. */
#ifndef HERALD_SEARCH_TIMEMAN_H
#define HERALD_SEARCH_TIMEMAN_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/move.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct SearchLimits {
  int depth;           /* plies, 0 = no limit (UCI depth, XBoard sd) */
  uint64_t nodes;      /* 0 = no limit */
  int64_t movetime_ms; /* fixed time for this move, 0 = none (UCI movetime, XBoard st) */
  int64_t time_ms[2];  /* clock of White and Black, -1 = no clock */
  int64_t inc_ms[2];
  int moves_to_go;     /* moves until the next time control, 0 = sudden death */
  bool infinite;       /* until stopped (UCI infinite, XBoard analyze) */
  bool ponder;         /* thinking on the opponent's time until srch_ponderhit */
  int64_t overhead_ms; /* subtracted for lag between engine and GUI */
  int multipv;         /* lines to report, 1 when 0 */
  int root_move_count; /* > 0: search only these root moves (UCI searchmoves, XBoard exclude) */
  Move root_moves[256];
} SearchLimits;

/* No limit at all, no clock, 1 line, 30 ms move overhead. */
void srch_limits_init(SearchLimits *l);

/* UCI "go": pass -1 for a value that was not sent (and false for the flags). */
void srch_limits_uci(SearchLimits *l, int64_t wtime, int64_t btime, int64_t winc, int64_t binc, int movestogo,
                     int64_t movetime, int64_t nodes, int depth, bool infinite);

/* XBoard "level MPS BASE INC" with "time"/"otim" (centiseconds, as XBoard sends them) for the
 * engine's side `side`; moves_played counts the engine's own moves since the game started.
 * mps = 0 is sudden death with increment. */
void srch_limits_xboard_level(SearchLimits *l, int side, int mps, int64_t base_ms, int64_t inc_ms, int moves_played,
                              int64_t time_cs, int64_t otim_cs);
/* XBoard "st SECONDS" and "sd DEPTH". */
void srch_limits_xboard_st(SearchLimits *l, int64_t seconds);
void srch_limits_xboard_sd(SearchLimits *l, int depth);

/* How long to think, in milliseconds: the search starts no new iteration after `soft` and stops
 * at `hard`.  Both are -1 when time does not limit the search. */
typedef struct TimePlan {
  int64_t soft_ms, hard_ms;
} TimePlan;
TimePlan srch_time_plan(const SearchLimits *l, int side);

/* How much of the soft time, in percent, the search may have spent and still start another
 * iteration, from how the last iterations went: less while the best move has stayed the same
 * for `stable` iterations (the next is unlikely to change it), more when it has just changed
 * (from depth 5 on) or when the score fell by more than 30 centipawns in the last iteration
 * (the next may find the move played).  Never more than twice the soft time, within the hard
 * limit (four times the soft time or the clock's cap).  For a clock only: a fixed move time is
 * used whole. */
int srch_soft_time_percent(int stable, int depth, bool score_fell);

/* The plan for one part of a turn of several moves (Rules.turn_parts > 1), searched on its own
 * from the clock as it stands: parts_left counts this part and the turn's later ones (the
 * search passes turn_parts - part, an upper bound where a turn may end early), and every later
 * turn is taken to have turn_parts parts.  The clock is shared among the parts to come, so that
 * the parts of a turn get about equal shares of the turn's time.  A fixed move time is the
 * turn's: pass what is left of it for each part, which takes its share.  srch_time_plan is this
 * with one part a turn. */
TimePlan srch_time_plan_parts(const SearchLimits *l, int side, int parts_left, int turn_parts);

/* Turns of several parts: the limits of a further search for the rest of the engine's turn
 * (side's), elapsed_ms after the turn's first search began under `turn`.  The turn's budget is
 * the first plan's: the rest gets what is left of its soft time, at least a quarter of it (a
 * part is not played blind), never past the clock (the elapsed time is taken off it) nor past a
 * fixed move time.  Depth and node limits stay as they were; pondering, infinite and root
 * moves are dropped (they belonged to the first part). */
void srch_limits_rest_of_turn(const SearchLimits *turn, int side, int64_t elapsed_ms, SearchLimits *rest);

#ifdef __cplusplus
}
#endif
#endif
