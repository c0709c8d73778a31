// Perft by turns (rules/perft_turns.h) on the chess model with several moves a turn, against
// hand counts, a brute-force count of move sequences over pos_legal_moves, and pos_perft.
#include <gtest/gtest.h>

#include <cstdint>

#include "core_shim.h"
#include "rules/core_helpers.h"
#include "rules/perft_turns.h"

namespace {

using core_test::Fixture;
using core_test::PosBox;
using core_test::SetFen;

// Sequences of legal moves in which the side to move changes exactly `changes` times, the last
// time with the last move: whole turns, however many moves each took.  A move that ends the game
// in the middle of a turn (pos_game_result: a checkmate, or no move to follow) ends its turn.
uint64_t BruteTurns(Position *p, int changes) {
  MoveList list;
  pos_legal_moves(p, &list);
  uint64_t n = 0;
  for (int i = 0; i < list.count; i++) {
    int side = p->side;
    pos_make(p, list.moves[i]);
    char why[64];
    bool ended = p->side == side && pos_game_result(p, why, sizeof why) != RESULT_NONE;
    int left = changes - (p->side != side || ended);
    n += left == 0 ? 1 : ended ? 0 : BruteTurns(p, left);
    pos_unmake(p);
  }
  return n;
}

TEST(PerftTurns, TwoKingsCountedByHand) {
  auto rules = Fixture("chess");
  rules->get()->turn_parts = 2;
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), rules->get(), "k7/8/8/8/8/8/8/7K w - - 0 1"));
  // Kh1 has 3 moves (g1 g2 h2); then 5 from g1, 8 from g2, 5 from h2: 18 turns.  Black's
  // king on a8 is the mirror image, too far away to meet: 18 * 18 two-turn lines.
  EXPECT_EQ(pos_perft(pos.get(), 1), 3u);
  EXPECT_EQ(pos_perft(pos.get(), 2), 18u);
  EXPECT_EQ(pos_perft_turns(pos.get(), 1), 18u);
  EXPECT_EQ(pos_perft_turns(pos.get(), 2), 18u * 18u);
  EXPECT_EQ(pos_perft_turns(pos.get(), 0), 1u);
}

TEST(PerftTurns, ATurnThatCannotFinishEndsTheGame) {
  auto rules = Fixture("chess");
  rules->get()->turn_parts = 2;
  PosBox pos;
  // The white king is stuck (the knight holds a2 and b1, the bishop b2): e2e3 then e3e4 is
  // the one turn that goes on; after e2e4 the pawn is blocked, no second part can follow and the
  // game ends there, lost: a turn, and a leaf, with nothing below it.
  ASSERT_TRUE(SetFen(pos.get(), rules->get(), "7k/8/8/4p3/8/b1n5/4P3/K7 w - - 0 1"));
  EXPECT_EQ(pos_perft(pos.get(), 1), 2u);
  EXPECT_EQ(pos_perft(pos.get(), 2), 1u);
  EXPECT_EQ(pos_perft_turns(pos.get(), 1), 2u);
  EXPECT_EQ(BruteTurns(pos.get(), 1), 2u);
  Move e2e4 = pos_parse_move(pos.get(), "e2e4"), e2e3 = pos_parse_move(pos.get(), "e2e3");
  EXPECT_EQ(pos_perft_turns_after(pos.get(), e2e4, 1), 1u);
  EXPECT_EQ(pos_perft_turns_after(pos.get(), e2e4, 2), 0u);
  EXPECT_EQ(pos_perft_turns_after(pos.get(), e2e3, 1), 1u);
  EXPECT_EQ(pos_perft_turns(pos.get(), 2), BruteTurns(pos.get(), 2));
  // From the middle of the turn its rest is the first turn.
  pos_make(pos.get(), e2e3);
  EXPECT_EQ(pos_perft_turns(pos.get(), 1), 1u);
  EXPECT_EQ(pos_perft_turns(pos.get(), 2), BruteTurns(pos.get(), 2));
}

TEST(PerftTurns, TheStartPositionWithTwoMovesATurn) {
  auto rules = Fixture("chess");
  rules->get()->turn_parts = 2;
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), rules->get(), "startpos"));
  // By parts: 20 first moves, 445 pairs of white moves, then black's moves.  A double step of
  // the turn's first part is no en passant target for its own second part.
  EXPECT_EQ(core_test::BruteForcePerft(pos.get(), 1), 20u);
  EXPECT_EQ(core_test::BruteForcePerft(pos.get(), 2), 445u);
  EXPECT_EQ(core_test::BruteForcePerft(pos.get(), 3), 8864u);
  EXPECT_EQ(pos_perft(pos.get(), 2), 445u);
  EXPECT_EQ(pos_perft(pos.get(), 3), 8864u);
  // By turns: white's 445 turns, then black's turns after each.
  EXPECT_EQ(BruteTurns(pos.get(), 1), 445u);
  EXPECT_EQ(pos_perft_turns(pos.get(), 1), 445u);
  uint64_t two = BruteTurns(pos.get(), 2);
  EXPECT_EQ(two, 196646u);
  EXPECT_EQ(pos_perft_turns(pos.get(), 2), two);
  EXPECT_EQ(pos_perft(pos.get(), 4), two); // every turn here has both parts
  // Divide: the lines below each first part add up.
  MoveList list;
  pos_legal_moves(pos.get(), &list);
  uint64_t sum = 0;
  for (int i = 0; i < list.count; i++) sum += pos_perft_turns_after(pos.get(), list.moves[i], 2);
  EXPECT_EQ(sum, two);
}

TEST(PerftTurns, ThreeMovesATurnAndOne) {
  auto rules = Fixture("chess");
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), rules->get(), "startpos"));
  // One move a turn: perft by turns is perft.
  EXPECT_EQ(pos_perft_turns(pos.get(), 1), 20u);
  EXPECT_EQ(pos_perft_turns(pos.get(), 2), 400u);
  EXPECT_EQ(pos_perft_turns(pos.get(), 3), 8902u);
  rules->get()->turn_parts = 3;
  ASSERT_TRUE(SetFen(pos.get(), rules->get(), "startpos"));
  uint64_t three = core_test::BruteForcePerft(pos.get(), 3);
  EXPECT_EQ(three, 11048u); // three white moves in a row
  EXPECT_EQ(BruteTurns(pos.get(), 1), three);
  EXPECT_EQ(pos_perft_turns(pos.get(), 1), three);
  EXPECT_EQ(pos_perft(pos.get(), 3), three);
  EXPECT_EQ(pos->side, WHITE);
  EXPECT_EQ(pos->part, 0);
}

} // namespace
