#include "search/timeman.h"

#include <string.h>

void srch_limits_init(SearchLimits *l) {
  memset(l, 0, sizeof *l);
  l->time_ms[0] = l->time_ms[1] = -1;
  l->overhead_ms = 30;
  l->multipv = 1;
}

void srch_limits_uci(SearchLimits *l, int64_t wtime, int64_t btime, int64_t winc, int64_t binc, int movestogo,
                     int64_t movetime, int64_t nodes, int depth, bool infinite) {
  l->time_ms[0] = wtime;
  l->time_ms[1] = btime;
  l->inc_ms[0] = winc > 0 ? winc : 0;
  l->inc_ms[1] = binc > 0 ? binc : 0;
  l->moves_to_go = movestogo > 0 ? movestogo : 0;
  l->movetime_ms = movetime > 0 ? movetime : 0;
  l->nodes = nodes > 0 ? (uint64_t)nodes : 0;
  l->depth = depth > 0 ? depth : 0;
  l->infinite = infinite;
}

void srch_limits_xboard_level(SearchLimits *l, int side, int mps, int64_t base_ms, int64_t inc_ms, int moves_played,
                              int64_t time_cs, int64_t otim_cs) {
  (void)base_ms; /* the clock itself comes with "time"; base only matters before it is sent */
  int64_t own = time_cs >= 0 ? time_cs * 10 : base_ms;
  l->time_ms[side] = own;
  l->time_ms[side ^ 1] = otim_cs >= 0 ? otim_cs * 10 : -1;
  l->inc_ms[side] = l->inc_ms[side ^ 1] = inc_ms > 0 ? inc_ms : 0;
  l->moves_to_go = mps > 0 ? mps - moves_played % mps : 0;
}

void srch_limits_xboard_st(SearchLimits *l, int64_t seconds) { l->movetime_ms = seconds * 1000; }
void srch_limits_xboard_sd(SearchLimits *l, int depth) { l->depth = depth > 0 ? depth : 0; }

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

TimePlan srch_time_plan(const SearchLimits *l, int side) { return srch_time_plan_parts(l, side, 1, 1); }

TimePlan srch_time_plan_parts(const SearchLimits *l, int side, int parts_left, int turn_parts) {
  TimePlan plan = {-1, -1};
  if (l->infinite || l->ponder) return plan;
  if (turn_parts < 1) turn_parts = 1;
  parts_left = parts_left < 1 ? 1 : parts_left > turn_parts ? turn_parts : parts_left;
  if (l->movetime_ms > 0) {
    int64_t t = max64(1, (l->movetime_ms - l->overhead_ms * parts_left) / parts_left);
    plan.soft_ms = plan.hard_ms = t;
    return plan;
  }
  int64_t left = l->time_ms[side];
  if (left < 0) return plan;
  int64_t inc = l->inc_ms[side];
  /* The turns until the control (or a horizon), and the parts they hold: this turn's parts
   * left, then whole turns. */
  int horizon = l->moves_to_go > 0 ? (l->moves_to_go < 50 ? l->moves_to_go : 50) : 30;
  int64_t parts = (int64_t)(horizon - 1) * turn_parts + parts_left;
  /* Keep a reserve for the overhead of every move still to play before the control. */
  int64_t usable = max64(1, left - l->overhead_ms * (parts < 10 ? parts : 10));
  /* The increment comes once a turn: each part counts on its share. */
  int64_t base = usable / parts + (l->moves_to_go == 1 ? 0 : inc * 3 / 4 / turn_parts);
  /* No turn takes more than a third of the clock (the last before the control: 80%), and this
   * part no more than its share of that. */
  int64_t cap = (l->moves_to_go == 1 ? usable * 8 / 10 : usable / 3) / parts_left;
  plan.soft_ms = max64(1, min64(base, cap));
  plan.hard_ms = max64(1, min64(base * 4, cap));
  /* Never past the flag: the hard limit keeps the overhead free for this turn's parts. */
  int64_t flag = left - l->overhead_ms * parts_left;
  if (plan.hard_ms > flag) plan.hard_ms = max64(1, flag);
  if (plan.soft_ms > plan.hard_ms) plan.soft_ms = plan.hard_ms;
  return plan;
}

int srch_soft_time_percent(int stable, int depth, bool score_fell) {
  int percent = stable >= 6 ? 55 : stable >= 3 ? 75 : stable == 0 && depth >= 5 ? 150 : 100;
  return score_fell ? percent * 13 / 10 : percent;
}

void srch_limits_rest_of_turn(const SearchLimits *turn, int side, int64_t elapsed_ms, SearchLimits *rest) {
  *rest = *turn;
  rest->infinite = rest->ponder = false;
  rest->root_move_count = 0;
  if (elapsed_ms < 0) elapsed_ms = 0;
  if (turn->movetime_ms > 0) { /* a fixed time for the turn: what is left of it */
    rest->movetime_ms = max64(1 + turn->overhead_ms, turn->movetime_ms - elapsed_ms);
    return;
  }
  if (turn->time_ms[side] < 0) return;         /* no clock: depth or nodes limit the search */
  TimePlan first = srch_time_plan(rest, side); /* the turn's budget, as if it had not pondered */
  rest->time_ms[side] = max64(0, turn->time_ms[side] - elapsed_ms);
  TimePlan clock = srch_time_plan(rest, side);
  int64_t share = max64(first.soft_ms - elapsed_ms, first.soft_ms / 4);
  rest->movetime_ms = min64(share, clock.hard_ms) + turn->overhead_ms;
}
