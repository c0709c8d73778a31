// The search on turns of several moves (Marseillais, Extra Move, Monster chess): the chess
// model with Rules.turn_parts = 2, so that each side makes two moves a turn.  Mates over both
// parts, dead ends in the middle of a turn, checks by a first part, repetitions in the middle
// of a turn, the principal variation that carries the rest of the turn, and the time a part
// may take.
#include <chrono>
#include <string>
#include <vector>

#include "search/shim.h"

namespace {

using search_test::MoveName;
using search_test::PositionOwner;
using search_test::RulesOwner;
using search_test::SearchOwner;

// The chess model with two moves a turn.
struct TwoPartChess : RulesOwner {
  TwoPartChess() : RulesOwner("chess") { r->turn_parts = 2; }
};

SearchResult Search(const Rules *r, Position *p, int depth) {
  SearchOwner s(r, 8, 1);
  SearchLimits limits;
  srch_limits_init(&limits);
  limits.depth = depth;
  return srch_run(s.s, p, &limits, nullptr, nullptr);
}

void Play(Position *p, const std::vector<std::string> &moves) {
  for (const auto &name : moves) {
    Move m = pos_parse_move(p, name.c_str());
    ASSERT_NE(m, MOVE_NONE) << name;
    pos_make(p, m);
  }
}

// Does the side to move stand checkmated: in check, with no legal move?
bool Checkmated(Position *p) {
  MoveList list;
  pos_legal_moves(p, &list);
  return list.count == 0 && pos_in_check(p);
}

TEST(SearchTurns, FindsAMateThatTakesBothParts) {
  TwoPartChess rules;
  // Ra8 mates at once once the knight has left the a-file; nothing mates in one part.
  PositionOwner pos(rules.r, "7k/6pp/8/8/N7/8/2P5/RK6 w - - 0 1");
  SearchResult res = Search(rules.r, &pos.p, 3);
  EXPECT_EQ(res.score, srch_mate_in(2)); // mated at ply 2: black's turn after both parts
  std::string first = MoveName(&pos.p, res.best);
  EXPECT_TRUE(first == "a4b2" || first == "a4b6" || first == "a4c3" || first == "a4c5") << first;
  ASSERT_GE(res.pv_length, 2);
  EXPECT_EQ(res.turn_length, 2); // the turn: the knight's move and the rook's
  EXPECT_EQ(res.pv[0], res.best);
  pos_make(&pos.p, res.pv[0]);
  EXPECT_EQ(pos.p.side, WHITE);
  EXPECT_EQ(MoveName(&pos.p, res.pv[1]), "a1a8");
  pos_make(&pos.p, res.pv[1]);
  EXPECT_EQ(pos.p.side, BLACK);
  EXPECT_TRUE(Checkmated(&pos.p));
  EXPECT_EQ(res.ponder, MOVE_NONE); // black has no move to ponder on
}

TEST(SearchTurns, TheFirstPartAvoidsADeadEnd) {
  TwoPartChess rules;
  // The white king cannot move (the knight holds a2 and b1, the bishop b2).  e2e4 leaves no
  // second part (the pawn is blocked on e4), so it is a loss, however good a stalemate would
  // be to a side down a knight and a bishop: white plays e2e3 and e3e4.
  const char *fen = "7k/8/8/4p3/8/b1n5/4P3/K7 w - - 0 1";
  PositionOwner pos(rules.r, fen);
  SearchResult res = Search(rules.r, &pos.p, 4);
  EXPECT_EQ(MoveName(&pos.p, res.best), "e2e3");
  EXPECT_GT(res.score, -SRCH_MATE_BOUND);
  EXPECT_LT(res.score, -500); // but still lost on material
  ASSERT_GE(res.pv_length, 2);
  EXPECT_EQ(res.turn_length, 2);
  EXPECT_EQ(MoveName(&pos.p, res.pv[1]), "e3e4") << "the pv carries the second part";
  // In the dead end itself: no move, and the score of a loss at the root.
  PositionOwner dead(rules.r, fen);
  Play(&dead.p, {"e2e4"});
  EXPECT_EQ(dead.p.part, 1);
  SearchResult none = Search(rules.r, &dead.p, 3);
  EXPECT_EQ(none.best, MOVE_NONE);
  EXPECT_EQ(none.score, srch_mated_in(0));
  EXPECT_EQ(none.pv_length, 0);
}

TEST(SearchTurns, AfterACheckingFirstPartTheSecondPartMates) {
  TwoPartChess rules;
  // Ra8+ checks, but black is not to move before white's second part, which must keep the
  // mate: h2h3, h2h4 or a8b8 (the king behind the rook's line stays attacked).  Taking the
  // king (a8d8) is a move of this model, and would leave black without pieces: no mate.
  const char *fen = "3k4/8/3K4/8/8/8/7P/R7 w - - 0 1";
  PositionOwner pos(rules.r, fen);
  Play(&pos.p, {"a1a8"});
  ASSERT_EQ(pos.p.side, WHITE) << "a check by a first part no longer ends the turn here";
  ASSERT_EQ(pos.p.part, 1);
  SearchResult res = Search(rules.r, &pos.p, 4);
  std::string second = MoveName(&pos.p, res.best);
  EXPECT_TRUE(second == "h2h3" || second == "h2h4" || second == "a8b8") << second;
  EXPECT_EQ(res.score, srch_mate_in(1));
  EXPECT_EQ(res.turn_length, 1);
  pos_make(&pos.p, res.best);
  EXPECT_TRUE(Checkmated(&pos.p));
  // From the turn's start the whole turn mates, by either order of the parts.
  PositionOwner start(rules.r, fen);
  SearchResult whole = Search(rules.r, &start.p, 4);
  EXPECT_EQ(whole.score, srch_mate_in(2));
  ASSERT_EQ(whole.turn_length, 2);
  pos_make(&start.p, whole.pv[0]);
  pos_make(&start.p, whole.pv[1]);
  EXPECT_TRUE(Checkmated(&start.p));
}

TEST(SearchTurns, NoRepetitionIsClaimedInTheMiddleOfATurn) {
  TwoPartChess rules;
  // White, a knight against a queen and a rook, has seen the position after g1f3 (white's
  // second part to play) twice: once as the first part of the first turn, once in the middle
  // of the second (h2h1 with the knight on f3).  A third time would be a draw if it counted;
  // in the middle of a turn it does not, and no turn of white's repeats a turn's start.
  PositionOwner pos(rules.r, "3qk3/r7/8/8/8/8/8/6NK w - - 0 1");
  Play(&pos.p, {"g1f3", "h1h2", "a7b7", "b7a7", "h2h1", "f3g1", "a7b7", "b7a7"});
  ASSERT_EQ(pos.p.side, WHITE);
  ASSERT_EQ(pos.p.part, 0);
  SearchResult res = Search(rules.r, &pos.p, 4);
  EXPECT_LT(res.score, -500) << MoveName(&pos.p, res.best);
  // The control: a turn's start seen twice before is still a draw when white's turn brings it
  // back (here the knight goes out and comes back, f3g1 g1f3, with the king on h2).
  PositionOwner control(rules.r, "3qk3/r7/8/8/8/8/8/6NK w - - 0 1");
  Play(&control.p, {"g1f3", "h1h2", "a7b7", "b7a7", "f3g1", "h2h1", "a7b7", "b7a7", "g1f3", "h1h2", "a7b7", "b7a7"});
  ASSERT_EQ(control.p.side, WHITE);
  SearchResult drawn = Search(rules.r, &control.p, 4);
  EXPECT_EQ(drawn.score, 0);
}

TEST(SearchTurns, EachPartOfATimedTurnTakesAboutHalfTheTurn) {
  TwoPartChess rules;
  PositionOwner pos(rules.r, "startpos");
  SearchOwner s(rules.r, 8, 1);
  SearchLimits limits;
  srch_limits_init(&limits);
  limits.overhead_ms = 0;
  // The turn's time: a second, so that the bounds below leave a slow build (the sanitizers, a
  // busy machine) hundreds of milliseconds while still telling half a turn from all of it.
  const long turn_ms = 1000;
  limits.movetime_ms = turn_ms;
  auto start = std::chrono::steady_clock::now();
  SearchResult first = srch_run(s.s, &pos.p, &limits, nullptr, nullptr);
  long first_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  ASSERT_NE(first.best, MOVE_NONE);
  EXPECT_GE(first_ms, turn_ms / 2 - 10); // the search ends at its share, half the turn
  EXPECT_LT(first_ms, turn_ms * 8 / 10);
  EXPECT_GE(first.time_ms, turn_ms / 2 - 5);
  // The second part gets what is left of the turn, all of it.
  pos_make(&pos.p, first.best);
  ASSERT_EQ(pos.p.part, 1);
  // At least 1 ms: a first part that overran the whole turn (a machine busy with other work)
  // must not leave 0, which sets no limit at all and searched for ever.
  limits.movetime_ms = first_ms < turn_ms ? turn_ms - first_ms : 1;
  start = std::chrono::steady_clock::now();
  SearchResult second = srch_run(s.s, &pos.p, &limits, nullptr, nullptr);
  long second_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  ASSERT_NE(second.best, MOVE_NONE);
  EXPECT_GE(second_ms, turn_ms - first_ms - 10);
  EXPECT_LT(first_ms + second_ms, turn_ms * 12 / 10);
}

} // namespace
