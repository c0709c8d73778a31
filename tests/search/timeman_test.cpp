// Time management: the plans for the controls XBoard and UCI send.
#include "search/shim.h"

namespace {

TEST(SearchTime, FixedMoveTimeLeavesTheOverhead) {
  SearchLimits l;
  srch_limits_init(&l);
  srch_limits_uci(&l, -1, -1, -1, -1, -1, 1000, -1, -1, false);
  TimePlan plan = srch_time_plan(&l, WHITE);
  EXPECT_EQ(plan.hard_ms, 1000 - l.overhead_ms);
  EXPECT_EQ(plan.soft_ms, plan.hard_ms);
  srch_limits_init(&l);
  srch_limits_xboard_st(&l, 5);
  EXPECT_EQ(srch_time_plan(&l, BLACK).hard_ms, 5000 - l.overhead_ms);
}

TEST(SearchTime, NoClockMeansNoTimeLimit) {
  SearchLimits l;
  srch_limits_init(&l);
  srch_limits_xboard_sd(&l, 9);
  TimePlan plan = srch_time_plan(&l, WHITE);
  EXPECT_EQ(plan.soft_ms, -1);
  EXPECT_EQ(plan.hard_ms, -1);
  EXPECT_EQ(l.depth, 9);
  srch_limits_uci(&l, 60000, 60000, 0, 0, 0, 0, 0, 0, true); // infinite wins over the clock
  EXPECT_EQ(srch_time_plan(&l, WHITE).hard_ms, -1);
  l.infinite = false;
  l.ponder = true;
  EXPECT_EQ(srch_time_plan(&l, WHITE).hard_ms, -1);
}

TEST(SearchTime, SuddenDeathSpendsAFractionAndNeverThePlag) {
  SearchLimits l;
  srch_limits_init(&l);
  srch_limits_uci(&l, 60000, 1000, 0, 0, -1, -1, -1, -1, false);
  TimePlan white = srch_time_plan(&l, WHITE), black = srch_time_plan(&l, BLACK);
  EXPECT_GT(white.soft_ms, 1000);
  EXPECT_LT(white.soft_ms, 4000);
  EXPECT_GT(white.hard_ms, white.soft_ms);
  EXPECT_LE(white.hard_ms, 60000 / 3);
  EXPECT_LT(black.hard_ms, 1000 / 3 + 1);
  EXPECT_GE(black.soft_ms, 1);
  // Almost flagged: still a positive time, inside the clock less the overhead.
  srch_limits_uci(&l, 40, 40, 0, 0, -1, -1, -1, -1, false);
  TimePlan tiny = srch_time_plan(&l, WHITE);
  EXPECT_GE(tiny.hard_ms, 1);
  EXPECT_LE(tiny.hard_ms, 40);
}

TEST(SearchTime, IncrementAndMovesToGoShapeTheBudget) {
  SearchLimits l;
  srch_limits_init(&l);
  srch_limits_uci(&l, 10000, 10000, 0, 0, -1, -1, -1, -1, false);
  int64_t plain = srch_time_plan(&l, WHITE).soft_ms;
  srch_limits_uci(&l, 10000, 10000, 100, 100, -1, -1, -1, -1, false);
  EXPECT_GT(srch_time_plan(&l, WHITE).soft_ms, plain);
  srch_limits_uci(&l, 10000, 10000, 0, 0, 2, -1, -1, -1, false);
  EXPECT_GT(srch_time_plan(&l, WHITE).soft_ms, 2 * plain); // two moves left: spend more
  srch_limits_uci(&l, 10000, 10000, 0, 0, 1, -1, -1, -1, false);
  TimePlan last = srch_time_plan(&l, WHITE);
  EXPECT_LE(last.hard_ms, 8000);
  EXPECT_GT(last.soft_ms, 2000);
}

TEST(SearchTime, XboardLevelCountsMovesToTheControl) {
  SearchLimits l;
  srch_limits_init(&l);
  // level 40 5 0: 40 moves in 5 minutes; 39 played, 12.34 s left on our clock.
  srch_limits_xboard_level(&l, BLACK, 40, 300000, 0, 39, 1234, 5000);
  EXPECT_EQ(l.moves_to_go, 1);
  EXPECT_EQ(l.time_ms[BLACK], 12340);
  EXPECT_EQ(l.time_ms[WHITE], 50000);
  TimePlan plan = srch_time_plan(&l, BLACK);
  EXPECT_GT(plan.soft_ms, 3000);
  EXPECT_LE(plan.hard_ms, 12340 - l.overhead_ms);
  srch_limits_xboard_level(&l, WHITE, 40, 300000, 0, 40, 30000, 30000);
  EXPECT_EQ(l.moves_to_go, 40);
  srch_limits_xboard_level(&l, WHITE, 0, 120000, 2000, 10, 11000, 9000); // 2 min + 2 s
  EXPECT_EQ(l.moves_to_go, 0);
  EXPECT_EQ(l.inc_ms[WHITE], 2000);
  EXPECT_GT(srch_time_plan(&l, WHITE).soft_ms, 1500);
}

TEST(SearchTime, APartOfATurnTakesItsShareOfTheTurn) {
  SearchLimits l;
  srch_limits_init(&l);
  srch_limits_uci(&l, 60000, 60000, 0, 0, -1, -1, -1, -1, false);
  // One part a turn is the ordinary plan: (60000 - 10 overheads) / 30 moves.
  TimePlan chess = srch_time_plan(&l, WHITE), one = srch_time_plan_parts(&l, WHITE, 1, 1);
  EXPECT_EQ(chess.soft_ms, 1990);
  EXPECT_EQ(chess.hard_ms, 7960);
  EXPECT_EQ(one.soft_ms, chess.soft_ms);
  EXPECT_EQ(one.hard_ms, chess.hard_ms);
  // Two parts a turn: the first part of 30 turns' 60 parts gets half a chess move's time ...
  TimePlan first = srch_time_plan_parts(&l, WHITE, 2, 2);
  EXPECT_EQ(first.soft_ms, 59700 / 60);
  EXPECT_EQ(first.hard_ms, 4 * (59700 / 60));
  // ... and the second, searched on with the clock less what the first took, as much again.
  srch_limits_uci(&l, 59005, 60000, 0, 0, -1, -1, -1, -1, false);
  EXPECT_EQ(srch_time_plan_parts(&l, WHITE, 1, 2).soft_ms, (59005 - 300) / 59);
  // The last turn before the control: its two parts share the 80% one move could take.
  srch_limits_uci(&l, 10000, 10000, 0, 0, 1, -1, -1, -1, false);
  EXPECT_EQ(srch_time_plan(&l, WHITE).hard_ms, 9970 * 8 / 10);
  TimePlan last_first = srch_time_plan_parts(&l, WHITE, 2, 2);
  EXPECT_EQ(last_first.hard_ms, 9940 * 8 / 10 / 2);
  EXPECT_EQ(last_first.soft_ms, last_first.hard_ms);
  srch_limits_uci(&l, 6000, 10000, 0, 0, 1, -1, -1, -1, false);
  EXPECT_EQ(srch_time_plan_parts(&l, WHITE, 1, 2).hard_ms, 5970 * 8 / 10);
  // A fixed time is the turn's: each part takes its share of what is left, less its overhead.
  srch_limits_init(&l);
  srch_limits_uci(&l, -1, -1, -1, -1, -1, 1000, -1, -1, false);
  EXPECT_EQ(srch_time_plan_parts(&l, BLACK, 2, 2).hard_ms, (1000 - 2 * 30) / 2);
  EXPECT_EQ(srch_time_plan_parts(&l, BLACK, 1, 2).hard_ms, 1000 - 30);
  // Out-of-range counts are clamped: parts_left to 1 .. turn_parts.
  EXPECT_EQ(srch_time_plan_parts(&l, BLACK, 5, 2).hard_ms, (1000 - 2 * 30) / 2);
  EXPECT_EQ(srch_time_plan_parts(&l, BLACK, 0, 2).hard_ms, 1000 - 30);
}

// A turn of several parts shares one budget: the rest of the turn gets what the first search
// left of its soft time (at least a quarter of it), never past the clock.
TEST(SearchTime, TheRestOfATurnSharesTheFirstPartsBudget) {
  SearchLimits turn, rest;
  srch_limits_init(&turn);
  srch_limits_uci(&turn, 60000, 60000, 0, 0, -1, -1, -1, -1, false);
  TimePlan first = srch_time_plan(&turn, WHITE);
  turn.ponder = true; // the first part was pondered: the rest is on the clock
  turn.root_move_count = 1;
  srch_limits_rest_of_turn(&turn, WHITE, 100, &rest);
  EXPECT_FALSE(rest.ponder);
  EXPECT_EQ(rest.root_move_count, 0);
  EXPECT_EQ(rest.time_ms[WHITE], 59900);
  EXPECT_EQ(srch_time_plan(&rest, WHITE).hard_ms, first.soft_ms - 100);
  // The first search spent its whole budget: a quarter of it more, not a whole move's time.
  srch_limits_rest_of_turn(&turn, WHITE, first.soft_ms, &rest);
  EXPECT_EQ(srch_time_plan(&rest, WHITE).hard_ms, first.soft_ms / 4);
  // A clock almost spent: the flag wins over the share.
  srch_limits_uci(&turn, 200, 200, 0, 0, -1, -1, -1, -1, false);
  srch_limits_rest_of_turn(&turn, BLACK, 150, &rest);
  EXPECT_LE(srch_time_plan(&rest, BLACK).hard_ms, 50);
  // A fixed time per turn: what is left of it; depth limits stay.
  srch_limits_init(&turn);
  srch_limits_uci(&turn, -1, -1, -1, -1, -1, 1000, -1, 7, false);
  srch_limits_rest_of_turn(&turn, WHITE, 400, &rest);
  EXPECT_EQ(srch_time_plan(&rest, WHITE).hard_ms, 600 - rest.overhead_ms);
  EXPECT_EQ(rest.depth, 7);
}

TEST(SearchTime, TheSoftTimeFollowsTheBestMovesStability) {
  /* A best move kept for several iterations needs less time, one that has just changed more;
   * the first iterations, whose moves change as a matter of course, take the plain budget. */
  EXPECT_EQ(100, srch_soft_time_percent(0, 3, false));
  EXPECT_EQ(100, srch_soft_time_percent(2, 9, false));
  EXPECT_LT(srch_soft_time_percent(6, 12, false), srch_soft_time_percent(3, 12, false));
  EXPECT_LT(srch_soft_time_percent(3, 12, false), 100);
  EXPECT_GT(srch_soft_time_percent(0, 5, false), 100);
  /* A falling score asks for more whatever the stability, and never past twice the soft time
   * (the hard limit is four times it). */
  for (int stable = 0; stable < 10; stable++) {
    EXPECT_GT(srch_soft_time_percent(stable, 10, true), srch_soft_time_percent(stable, 10, false));
    EXPECT_LE(srch_soft_time_percent(stable, 10, true), 200);
  }
}

} // namespace
