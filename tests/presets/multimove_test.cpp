// The library's presets whose turns have several parts (presets/marseillais, extramove and
// monster: seed 003's structure on the fairychess include): each rule of their headers, every
// turn refereed both typed whole and sent part by part with the same verdict, message and board.
#include <gtest/gtest.h>

#include <string>

#include "bridge/br_game.h"
#include "rules/perft_turns.h"
#include "presets/two_styles.h"

namespace {

using multimove::Referee;
using multimove::TwoStyles;

const char *kMarseillais = "presets/marseillais.preset";
const char *kExtraMove = "presets/extramove.preset";
const char *kMonster = "presets/monster.preset";

} // namespace

// ---- Marseillais ----

TEST(MarseillaisPreset, TwoMovesATurnFromTheFirst) {
  TwoStyles g(kMarseillais);
  ASSERT_EQ(g.whole.failure, "");
  EXPECT_EQ(g.Game({{"P e2-e4", "P d2-d4"},
                    {"p e7-e5", "p d7-d5"},
                    {"N g1-f3", "B f1-e2"},
                    {"n g8-f6", "b f8-e7"},
                    {"K e1-g1", "N b1-c3"}, // castling as a first part
                    {"b c8-g4", "k e8-g8"}}),
            "");
  EXPECT_STREQ(gc_space(g.whole.gc, "f1"), "R");
  EXPECT_STREQ(gc_space(g.whole.gc, "f8"), "r");
  EXPECT_EQ(g.Refused({"P a2-a3", "P b2-b3; P c2-c3"}), "Too many moves.");
}

TEST(MarseillaisPreset, AFirstPartGivingCheckEndsTheTurn) {
  TwoStyles g(kMarseillais);
  ASSERT_EQ(g.Game({{"P e2-e4", "P a2-a3"}, {"p f7-f6", "p a7-a6"}}), "");
  Referee &parts = g.parts;
  GcVerdict v;
  ASSERT_EQ(gc_play(g.whole.gc, "Q d1-h5; P h2-h3", &v), GC_ILLEGAL); // the whole turn is refused
  EXPECT_STREQ(v.message, "A first part that gives check ends the turn.");
  ASSERT_EQ(gc_play(parts.gc, "Q d1-h5", &v), GC_LEGAL) << v.message;
  EXPECT_STREQ(v.say, "Check!");
  EXPECT_FALSE(gc_turn_open(parts.gc));
  EXPECT_EQ(gc_side_to_move(parts.gc), 2);
  ASSERT_EQ(gc_play(g.whole.gc, "Q d1-h5", &v), GC_LEGAL);
  EXPECT_EQ(g.whole.Board(), parts.Board());
  // the reply's first part must answer the check; a second part may then check in turn
  EXPECT_EQ(g.Refused({"p a6-a5", "p g7-g6"}), "You may not move into check.");
  EXPECT_EQ(g.Game({{"p g7-g6", "p a6-a5"}, {"P a3-a4", "Q h5-g6"}}), "");
}

TEST(MarseillaisPreset, EnPassantOnlyAgainstTheLastPartAndOnlyFirst) {
  TwoStyles g(kMarseillais);
  ASSERT_EQ(g.Game({{"P e2-e4", "P e4-e5"}, {"p d7-d5", "p h7-h6"}}), ""); // d5 was Black's first part
  EXPECT_EQ(g.Refused({"P e5-d6", "P a2-a3"}).substr(0, 30), "You may not move your Pawn fro");
  ASSERT_EQ(g.Game({{"P a2-a3", "P b2-b3"}, {"p h6-h5", "p f7-f5"}}), ""); // f5: the last part
  EXPECT_EQ(g.Refused({"P a3-a4", "P e5-f6"}).substr(0, 30), "You may not move your Pawn fro");
  EXPECT_EQ(g.Game({{"P e5-f6", "P a3-a4"}}), "");
  EXPECT_STREQ(gc_space(g.whole.gc, "f5"), "@");
  // a double step in one's own first part is not taken by one's own second part
  TwoStyles h(kMarseillais, "4k3/8/8/8/8/8/3P4/4K3", 1);
  ASSERT_EQ(h.Game({{"P d2-d4", "K e1-f2"}}), "");
  TwoStyles s(kMarseillais, "4k3/8/8/8/4P3/8/3P4/4K3", 1);
  EXPECT_EQ(s.Refused({"P d2-d4", "P e4-d5"}).substr(0, 30), "You may not move your Pawn fro");
}

TEST(MarseillaisPreset, PromotionAsAFurtherPart) {
  TwoStyles g(kMarseillais, "8/4P3/7k/8/8/8/3p4/K7", 1);
  ASSERT_EQ(g.whole.failure, "");
  EXPECT_EQ(g.Game({{"P e7-e8; Q-e8", "K a1-b2"}, {"k h6-h7", "p d2-d1; q-d1"}}), "");
  EXPECT_STREQ(gc_space(g.whole.gc, "e8"), "Q");
  EXPECT_STREQ(gc_space(g.whole.gc, "d1"), "q");
  Referee r(kMarseillais, "8/4P3/7k/8/8/8/3p4/K7", 1);
  GcVerdict v;
  EXPECT_EQ(gc_play(r.gc, "P e7-e8", &v), GC_ILLEGAL);
  EXPECT_STREQ(v.choices, "Q R B N");
  EXPECT_EQ(gc_play(r.gc, "P e7-e8; P-e8", &v), GC_ILLEGAL);
  EXPECT_STREQ(v.message, "A Pawn may not promote to a Pawn.");
}

// ---- Extra Move ----

TEST(ExtraMovePreset, WhitesFirstTurnIsOneMoveThenTwoParts) {
  TwoStyles g(kExtraMove);
  GcVerdict v;
  ASSERT_EQ(gc_play(g.whole.gc, "P e2-e4; P d2-d4", &v), GC_ILLEGAL);
  EXPECT_STREQ(v.message, "You may not make more than one move at the start of the game.");
  EXPECT_EQ(g.Game({{"P e2-e4"},              // a double step as White's first move
                    {"p e7-e6", "p d7-d5"},   // and as the extra move
                    {"P e4-d5", "N g1-f3"},   // a capture as the first part
                    {"p e6-d5", "pass"},      // passing the extra move
                    {"B f1-e2", "K e1-g1"}}), // castling as the extra move
            "");
  EXPECT_STREQ(gc_space(g.whole.gc, "g1"), "K");
}

TEST(ExtraMovePreset, TheExtraMoveIsRestricted) {
  TwoStyles g(kExtraMove);
  ASSERT_EQ(g.Game({{"P e2-e4"}}), "");
  EXPECT_EQ(g.Refused({"p e7-e5"}), "A Pawn may advance two squares only with the extra move.");
  EXPECT_EQ(g.Refused({"pass"}), "A move of the kind 'pass' is not allowed as part 1 of a turn.");
  EXPECT_EQ(g.Refused({"n g8-f6", "n f6-g4"}), "You may not move the same piece twice on the same turn.");
  EXPECT_EQ(g.Refused({"p a7-a6", "p b7-b6; p c7-c6"}), "Too many moves.");
  ASSERT_EQ(g.Game({{"p d7-d6", "p e7-e5"}, {"N g1-f3", "P h2-h3"}}), "");
  EXPECT_EQ(g.Refused({"p a7-a6", "b c8-h3"}), "A move of the kind 'captures' is not allowed as part 2 of a turn.");
  EXPECT_EQ(g.Game({{"b c8-h3", "p a7-a6"}}), "");
}

TEST(ExtraMovePreset, CheckLeavesTheExtraMoveAndMateWinsAtOnce) {
  TwoStyles g(kExtraMove);
  ASSERT_EQ(g.Game({{"P e2-e4"}, {"p f7-f6", "p a7-a6"}}), "");
  EXPECT_EQ(g.Game({{"Q d1-h5", "P a2-a3"}}), ""); // the turn stays open after the check

  EXPECT_STREQ(g.w.say, "Check!");
  // a first part that mates ends the game with no extra move
  TwoStyles m(kExtraMove);
  ASSERT_EQ(m.Game({{"P f2-f3"}, {"p e7-e6", "p a7-a6"}, {"P a2-a3", "P g2-g4"}}), "");
  ASSERT_EQ(m.Game({{"q d8-h4"}}), "");
  EXPECT_EQ(m.w.result, GC_RESULT_WON);
  EXPECT_EQ(m.w.result_player, 2);
}

TEST(ExtraMovePreset, EnPassantOnlyAsTheFirstPart) {
  TwoStyles g(kExtraMove);
  ASSERT_EQ(g.Game({{"P e2-e4"}, {"p a7-a6", "p h7-h6"}, {"P e4-e5", "P a2-a3"}, {"p h6-h5", "p d7-d5"}}), "");
  EXPECT_EQ(g.Refused({"P h2-h3", "P e5-d6"}).substr(0, 36), "You may not move your Pawn from e5 t");
  EXPECT_EQ(g.Game({{"P e5-d6", "P h2-h3"}}), "");
  EXPECT_STREQ(gc_space(g.whole.gc, "d5"), "@");
}

// ---- Monster ----

TEST(MonsterPreset, WhiteMovesTwiceAndBlackOnce) {
  TwoStyles g(kMonster);
  ASSERT_EQ(g.whole.failure, "");
  EXPECT_EQ(g.Game({{"P e2-e4", "P d2-d4"}, {"p e7-e5"}, {"P d4-e5", "K e1-d2"}}), "");
  GcVerdict v;
  ASSERT_EQ(gc_play(g.whole.gc, "p d7-d6; p c7-c6", &v), GC_ILLEGAL);
  EXPECT_STREQ(v.message, "Black makes one move a turn.");
  EXPECT_EQ(g.Game({{"n g8-f6"}, {"P e5-f6", "K d2-e3"}, {"b f8-c5"}}), ""); // check by the Bishop
  EXPECT_STREQ(g.w.say, "Check!");
  // no part may leave White's King in check, the first included
  EXPECT_EQ(g.Refused({"P c2-c3", "K e3-d3"}), "You may not move into check.");
  EXPECT_EQ(g.Game({{"K e3-d3", "P c2-c3"}, {"k e8-g8"}}), ""); // Black castles
  EXPECT_STREQ(gc_space(g.whole.gc, "f8"), "r");
}

TEST(MonsterPreset, AFirstPartGivingCheckEndsWhitesTurn) {
  TwoStyles g(kMonster, "4k3/8/8/8/8/8/2PP4/4K3", 1);
  ASSERT_EQ(g.whole.failure, "");
  ASSERT_EQ(g.Game({{"K e1-f2", "K f2-f3"}, {"k e8-e7"}, {"P d2-d4", "P c2-c3"}, {"k e7-e6"}}), "");
  GcVerdict v;
  ASSERT_EQ(gc_play(g.whole.gc, "P d4-d5; P c3-c4", &v), GC_ILLEGAL);
  EXPECT_STREQ(v.message, "A first part that gives check ends the turn.");
  EXPECT_EQ(g.Game({{"P d4-d5"}}), "");
  EXPECT_STREQ(g.w.say, "Check!");
  EXPECT_EQ(gc_side_to_move(g.parts.gc), 2);
}

// White's only first move boxes its lone King in: no second move can follow, and a turn that
// cannot be finished loses (the referee says so at once; the compiled rules agree).
TEST(MonsterPreset, NoSecondMoveLoses) {
  const char *board = "1r5k/8/8/8/8/8/2n5/K7"; // the Knight checks; only K a1-a2 gets out
  TwoStyles g(kMonster, board, 1);
  ASSERT_EQ(g.whole.failure, "");
  EXPECT_EQ(g.Game({{"K a1-a2"}}), "");
  EXPECT_EQ(g.w.result, GC_RESULT_LOST);
  EXPECT_STREQ(g.w.say, "White cannot make a second move and has lost.");
  char err[512] = "";
  BrGame *game = br_load_with(kMonster, "presets/include", false, err, sizeof err);
  ASSERT_NE(game, nullptr) << err;
  Position pos{};
  ASSERT_TRUE(pos_set_fen(&pos, &game->rules, (std::string(board) + " w - - 0 5").c_str(), err, sizeof err)) << err;
  Move m = pos_parse_move(&pos, "a1a2");
  ASSERT_NE(m, MOVE_NONE);
  pos_make(&pos, m);
  EXPECT_EQ(pos.side, WHITE);
  char why[64];
  EXPECT_EQ(pos_game_result(&pos, why, sizeof why), RESULT_LOSS) << why;
  pos_free(&pos);
  br_free(game);
}

// ---- the compiled rules against the referee ----

// A part that checkmates ends the game and its turn (Extra Move: a check does not end the turn,
// a mate does).  Perft by the referee alone and by the compiled rules agree, by turns and by
// parts, counting R a1-a8# as one whole turn and nothing below it.
TEST(MultiPartPerft, ACheckmatingPartEndsItsTurn) {
  // White's one-part first turn and a turn of Black's first, so that White has two parts.
  Referee ref(kExtraMove, "6k1/5ppp/8/8/8/8/8/R5K1", 1);
  ASSERT_EQ(ref.failure, "");
  GcVerdict v;
  for (const char *part : {"K g1-f1", "k g8-h8", "pass"}) ASSERT_EQ(gc_play(ref.gc, part, &v), GC_LEGAL) << v.message;
  ASSERT_EQ(gc_side_to_move(ref.gc), 1);
  const char *board = "7k/5ppp/8/8/8/8/8/R4K2";
  char err[512] = "";
  BrGame *g = br_load_with(kExtraMove, "presets/include", false, err, sizeof err);
  ASSERT_NE(g, nullptr) << err;
  Position pos{};
  ASSERT_TRUE(pos_set_fen(&pos, &g->rules, (std::string(board) + " w - - 0 10").c_str(), err, sizeof err)) << err;
  uint64_t turns = pos_perft_turns(&pos, 1), parts = pos_perft(&pos, 2);
  EXPECT_EQ(gc_referee_perft(ref.gc, 1, false), turns);
  EXPECT_EQ(gc_referee_perft(ref.gc, 2, true), parts);
  Move mate = pos_parse_move(&pos, "a1a8");
  ASSERT_NE(mate, MOVE_NONE);
  EXPECT_EQ(pos_perft_turns_after(&pos, mate, 1), 1u);
  pos_make(&pos, mate);
  EXPECT_EQ(pos.side, WHITE); // the turn had a second part, but the game is over
  char why[64];
  EXPECT_EQ(pos_game_result(&pos, why, sizeof why), RESULT_WIN) << why;
  pos_free(&pos);
  br_free(g);
}

// The turn structure the bridge derives is what the referee plays: a verify run agrees, and a
// wrong figure (Black given one part in Marseillais) is caught at the first hand-over.
TEST(MultiPartVerify, TheTurnStructureIsCheckedAgainstTheReferee) {
  char err[512] = "";
  BrGame *g = br_load_with(kMarseillais, "presets/include", false, err, sizeof err);
  ASSERT_NE(g, nullptr) << err;
  EXPECT_EQ(g->rules.turn.parts[WHITE], 2);
  EXPECT_EQ(g->rules.turn.parts[BLACK], 2);
  EXPECT_TRUE(g->rules.turn.check_ends);
  BrVerifyStats st;
  EXPECT_TRUE(br_verify(g, 1, 24, 4, 3, &st)) << st.first;
  g->rules.turn.parts[BLACK] = 1;
  char rerr[RULES_ERR_LEN];
  ASSERT_TRUE(rules_update_turns(&g->rules, rerr, sizeof rerr)) << rerr;
  EXPECT_FALSE(br_verify(g, 1, 24, 4, 3, &st));
  EXPECT_NE(std::string(st.first).find("the turn goes on differently"), std::string::npos) << st.first;
  br_free(g);
}
