// Turns of several parts whose parts are restricted (rules.h TurnRules, rules/turns.c): the
// parts by side and of the first turn, what each part may be, a check that ends the turn, the
// piece that may not move twice, a part that checkmates, the part in the FEN.
#include <gtest/gtest.h>

#include "rules/core_helpers.h"

using namespace core_test;

namespace {

// Chess with turns set after the fixture is built (rules_update_turns).
std::unique_ptr<RulesBox> ChessWithTurns(const TurnRules &t) {
  auto box = Fixture("chess");
  box->get()->turn = t;
  char err[RULES_ERR_LEN] = "";
  EXPECT_TRUE(rules_update_turns(box->get(), err, sizeof err)) << err;
  return box;
}

// Two parts a turn each side; with no_capture_later the second part may not capture (as Extra
// Move's extra move), the first may do anything.
TurnRules TwoParts(bool no_capture_later = false) {
  TurnRules t{};
  t.parts[0] = t.parts[1] = 2;
  if (no_capture_later) {
    t.kinds[0] = PART_MOVE | PART_CAPTURE | PART_MULTISTEP;
    t.kinds[1] = PART_MOVE | PART_MULTISTEP | PART_PASS;
  }
  return t;
}

} // namespace

// Marseillais: two parts each, a checking part ends the turn.
TEST(Turns, MarseillaisCheckEndsTheTurn) {
  TurnRules t{};
  t.parts[0] = t.parts[1] = 2;
  t.check_ends = true;
  auto rules = ChessWithTurns(t);
  EXPECT_EQ(rules->get()->turn_parts, 2);
  EXPECT_TRUE(rules->get()->turn_restricted); // chess castles: a castled Rook rests (below)
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), rules->get(), "startpos"));
  ASSERT_TRUE(Play(pos.get(), "e2e4"));
  EXPECT_EQ(pos->side, WHITE);
  EXPECT_EQ(Fen(pos.get()), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w2 KQkq - 0 1");
  ASSERT_TRUE(Play(pos.get(), "f2f4"));
  ASSERT_TRUE(Play(pos.get(), "e7e5"));
  ASSERT_TRUE(Play(pos.get(), "d8h4")); // check: White to move at once
  EXPECT_EQ(pos->side, WHITE);
  EXPECT_EQ(pos->part, 0);
  EXPECT_TRUE(pos_in_check(pos.get()));
  EXPECT_EQ(pos->key, pos_compute_key(pos.get()));
  for (int i = 0; i < 4; i++) pos_unmake(pos.get());
  EXPECT_EQ(pos->key, pos_compute_key(pos.get()));
  // A FEN in the middle of a turn reads back.
  ASSERT_TRUE(SetFen(pos.get(), rules->get(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w2 KQkq - 0 1"));
  EXPECT_EQ(pos->part, 1);
  EXPECT_EQ(pos_perft(pos.get(), 1), 30u); // White's second part: 30 moves after e4
  EXPECT_FALSE(SetFen(pos.get(), rules->get(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w3 KQkq - 0 1"));
  // Per part, perft matches a brute-force count over make/unmake.
  ASSERT_TRUE(SetFen(pos.get(), rules->get(), "startpos"));
  EXPECT_EQ(pos_perft(pos.get(), 3), BruteForcePerft(pos.get(), 3));
}

// A double step of a turn's first part leaves an en passant square for the opponent's reply,
// not for one's own next part: b2xc3 after c2-c4 would take one's own Pawn.
TEST(Turns, NoEnPassantAgainstOnesOwnPart) {
  auto rules = ChessWithTurns(TwoParts());
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), rules->get(), "rnbqkbnr/pppppppp/8/1P6/8/8/P1PPPPPP/RNBQKBNR w KQkq - 0 1"));
  ASSERT_TRUE(Play(pos.get(), "c2c4"));
  EXPECT_EQ(pos->ep_victim, -1); // the turn goes on: no en passant square for its own next part
  EXPECT_EQ(pos_parse_move(pos.get(), "b2c3"), MOVE_NONE);
  // Black, after White's second part, has no en passant either (the square went with it);
  // after a double step as White's last part, it has.
  ASSERT_TRUE(Play(pos.get(), "a2a3"));
  ASSERT_TRUE(SetFen(pos.get(), rules->get(), "rnbqkbnr/pppppppp/8/8/1p6/8/P1PPPPPP/RNBQKBNR w2 KQkq - 0 1"));
  ASSERT_TRUE(Play(pos.get(), "c2c4"));
  EXPECT_EQ(pos->side, BLACK);
  EXPECT_NE(pos_parse_move(pos.get(), "b4c3"), MOVE_NONE);
}

// A Rook that castled in a turn's first part may not move in its second: a Game Courier referee
// replays the turn's parts on the board before its code moves the Rook ("K e1-g1; R f1-d1"
// finds no piece on f1).  The King, the other Rook and the next turn are free.
TEST(Turns, ACastledRookRestsForTheTurn) {
  auto rules = ChessWithTurns(TwoParts());
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), rules->get(), "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"));
  ASSERT_TRUE(Play(pos.get(), "e1g1"));
  EXPECT_EQ(pos->turn_frozen, Square(rules->get(), "f1"));
  EXPECT_EQ(pos->turn_stale, Square(rules->get(), "h1"));
  EXPECT_EQ(pos_parse_move(pos.get(), "f1e1"), MOVE_NONE);
  EXPECT_NE(pos_parse_move(pos.get(), "g1h1"), MOVE_NONE);
  EXPECT_NE(pos_parse_move(pos.get(), "a1b1"), MOVE_NONE);
  EXPECT_EQ(pos->key, pos_compute_key(pos.get()));
  ASSERT_TRUE(Play(pos.get(), "a2a3"));
  EXPECT_EQ(pos->turn_frozen, -1);
  ASSERT_TRUE(Play(pos.get(), "a7a6"));
  ASSERT_TRUE(Play(pos.get(), "a6a5"));
  EXPECT_NE(pos_parse_move(pos.get(), "f1e1"), MOVE_NONE);
  for (int i = 0; i < 4; i++) pos_unmake(pos.get());
  EXPECT_EQ(pos->turn_frozen, -1);
  EXPECT_EQ(pos->key, pos_compute_key(pos.get()));
}

// Where the later part may not capture (Extra Move), the castled Rook's old square is no
// square to go to: the referee, replaying "K e1-g1; B f3-h1" before its code moves the Rook
// off h1, sees a capture there.
TEST(Turns, AfterCastlingTheRooksOldSquareIsACaptureToTheReferee) {
  auto rules = ChessWithTurns(TwoParts(true));
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), rules->get(), "r3k2r/pppppppp/8/8/8/5B2/PPPPPP1P/R3K2R w KQkq - 0 5"));
  ASSERT_TRUE(Play(pos.get(), "e1g1"));
  EXPECT_EQ(pos_parse_move(pos.get(), "f3h1"), MOVE_NONE);
  EXPECT_NE(pos_parse_move(pos.get(), "f3g4"), MOVE_NONE);
}

// Likewise the Pawn taken en passant: the referee removes it in its code, after replaying the
// turn's parts, so a later part that may not capture may not go to its square.
TEST(Turns, AfterEnPassantTheTakenPawnsSquareIsACaptureToTheReferee) {
  auto rules = ChessWithTurns(TwoParts(true));
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), rules->get(), "4k3/8/8/3pP3/8/8/8/3QK3 w - d6 0 5"));
  ASSERT_TRUE(Play(pos.get(), "e5d6"));
  EXPECT_EQ(pos->turn_stale, Square(rules->get(), "d5"));
  EXPECT_EQ(pos_parse_move(pos.get(), "d1d5"), MOVE_NONE);
  EXPECT_NE(pos_parse_move(pos.get(), "d1d4"), MOVE_NONE);
  EXPECT_EQ(pos->key, pos_compute_key(pos.get()));
}

// Extra Move: the first turn one part; then the second part may not capture, may not move the
// piece that just moved, may pass, and only it may make a double step.
TEST(Turns, ExtraMoveRestrictsTheSecondPart) {
  TurnRules t{};
  t.parts[0] = t.parts[1] = 2;
  t.first_parts = 1;
  t.piece_once = true;
  t.kinds[0] = PART_MOVE | PART_CAPTURE;
  t.kinds[1] = PART_MOVE | PART_MULTISTEP | PART_PASS;
  t.first_kinds[0] = PART_MOVE | PART_MULTISTEP;
  auto rules = ChessWithTurns(t);
  EXPECT_TRUE(rules->get()->turn_restricted);
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), rules->get(), "startpos"));
  EXPECT_EQ(pos_perft(pos.get(), 1), 20u); // the first turn: any of chess's 20, one part
  ASSERT_TRUE(Play(pos.get(), "e2e4"));
  EXPECT_EQ(pos->side, BLACK);
  // Black's first part: no double step (16 - 8 + the knights' 4 = 12 moves).
  EXPECT_EQ(pos_perft(pos.get(), 1), 12u);
  EXPECT_FALSE(HasMove(pos.get(), "d7d5"));
  ASSERT_TRUE(Play(pos.get(), "d7d6"));
  EXPECT_EQ(pos->side, BLACK);
  // The second part: d6 may not move again, double steps allowed, a pass allowed.
  EXPECT_FALSE(HasMove(pos.get(), "d6d5"));
  EXPECT_TRUE(HasMove(pos.get(), "e7e5"));
  EXPECT_TRUE(HasMove(pos.get(), "pass"));
  ASSERT_TRUE(Play(pos.get(), "c8g4"));
  ASSERT_TRUE(Play(pos.get(), "d2d3"));
  // White's second part may not capture: Qd1xg4 is not there, Bc1 moves are.
  EXPECT_FALSE(HasMove(pos.get(), "d1g4"));
  EXPECT_TRUE(HasMove(pos.get(), "c1e3"));
  EXPECT_EQ(pos->key, pos_compute_key(pos.get()));
  EXPECT_EQ(pos_perft(pos.get(), 3), BruteForcePerft(pos.get(), 3));
}

// A part that checkmates wins at once, though the turn is not over (seed 003's Post-Game).
TEST(Turns, CheckmateByAFirstPart) {
  TurnRules t = TwoParts(true);
  t.first_kinds[0] = t.kinds[0], t.first_kinds[1] = t.kinds[1];
  auto rules = ChessWithTurns(t);
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), rules->get(), "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 10"));
  ASSERT_TRUE(Play(pos.get(), "a1a8"));
  EXPECT_EQ(pos->side, WHITE);
  char reason[64];
  EXPECT_EQ(pos_game_result(pos.get(), reason, sizeof reason), RESULT_WIN);
  EXPECT_STREQ(reason, "checkmate by a part of the turn");
}
