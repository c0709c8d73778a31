// The preset's referee asked about one move of a game (br_referee_move): legal, illegal in the
// preset's own words, a preset error with its file:line, and no verdict for a game that did
// not start at the preset's start.
#include <gtest/gtest.h>

#include <string>

#include "bridge/br_game.h"
#include "bridge/broken_preset.h"

namespace {

struct Game {
  BrGame *g = nullptr;
  Position pos = {};
  std::string err;
  explicit Game(const std::string &path) {
    char e[512] = "";
    g = br_load(path.c_str(), "presets/include", e, sizeof e);
    err = e;
    if (g) {
      EXPECT_TRUE(pos_set_fen(&pos, br_game_rules(g), br_game_start_fen(g), e, sizeof e)) << e;
    }
  }
  ~Game() {
    pos_free(&pos);
    br_free(g);
  }
  Game(const Game &) = delete;
  Game &operator=(const Game &) = delete;
  // A move from its coordinates, legal or not (so the referee can refuse it).
  Move Coordinates(const char *from, const char *to) {
    int used = 0;
    int a = geo_parse_square(&br_game_rules(g)->geo, from, &used);
    int b = geo_parse_square(&br_game_rules(g)->geo, to, &used);
    return move_make(a, b, MOVE_NORMAL, 0);
  }
  void Play(const char *text) {
    Move m = pos_parse_move(&pos, text);
    ASSERT_NE(m, MOVE_NONE) << text;
    pos_make(&pos, m);
  }
};

TEST(BridgeReferee, JudgesAMoveAfterTheGameSoFar) {
  Game t("presets/chess-tutorial.preset");
  ASSERT_NE(t.g, nullptr) << t.err;
  BrVerdict v;
  EXPECT_EQ(br_referee_move(t.g, &t.pos, t.Coordinates("e2", "e4"), &v), BR_LEGAL);
  EXPECT_EQ(br_referee_move(t.g, &t.pos, t.Coordinates("e2", "e5"), &v), BR_ILLEGAL);
  EXPECT_STREQ(v.message, "A Pawn cannot make a non-capturing move from e2 to e5");
  // After 1. e4 e5 the game is replayed first: Bc4 is legal now, and still was not before.
  t.Play("e2e4");
  t.Play("e7e5");
  EXPECT_EQ(br_referee_move(t.g, &t.pos, t.Coordinates("f1", "c4"), &v), BR_LEGAL);
  EXPECT_EQ(br_referee_move(t.g, &t.pos, t.Coordinates("e1", "e2"), &v), BR_LEGAL);
  EXPECT_EQ(br_referee_move(t.g, &t.pos, t.Coordinates("e1", "e3"), &v), BR_ILLEGAL);
  EXPECT_STRNE(v.message, "");
  // The interpreter is left at the start: the same question, the same answer.
  EXPECT_EQ(br_referee_move(t.g, &t.pos, t.Coordinates("f1", "c4"), &v), BR_LEGAL);
}

// The referee keeps its state after the game it was last asked about and plays only the moves
// made since; a game taken back or gone another way is played again from its start.
TEST(BridgeReferee, JudgesAlongAGameTakenBackAndPlayedOtherwise) {
  Game t("presets/chess-tutorial.preset");
  ASSERT_NE(t.g, nullptr) << t.err;
  BrVerdict v;
  t.Play("e2e4");
  t.Play("e7e5");
  EXPECT_EQ(br_referee_move(t.g, &t.pos, t.Coordinates("f1", "c4"), &v), BR_LEGAL);
  t.Play("f1c4");
  t.Play("b8c6");
  t.Play("d1h5");
  t.Play("g8f6");
  // Qxf7 is mate, and legal; the h7 Pawn stands between the Queen and h8.
  EXPECT_EQ(br_referee_move(t.g, &t.pos, t.Coordinates("h5", "f7"), &v), BR_LEGAL);
  EXPECT_EQ(br_referee_move(t.g, &t.pos, t.Coordinates("c4", "f1"), &v), BR_LEGAL);
  EXPECT_EQ(br_referee_move(t.g, &t.pos, t.Coordinates("h5", "h8"), &v), BR_ILLEGAL);
  // Taken back to before 3. Qh5: no Queen on h5 now.
  pos_unmake(&t.pos);
  pos_unmake(&t.pos);
  EXPECT_EQ(br_referee_move(t.g, &t.pos, t.Coordinates("h5", "f7"), &v), BR_ILLEGAL);
  EXPECT_EQ(br_referee_move(t.g, &t.pos, t.Coordinates("g1", "f3"), &v), BR_LEGAL);
  // Another line from 2... Nc6: the Queen is not on h5, so Qxf7 is no move.
  t.Play("g1f3");
  t.Play("g8f6");
  EXPECT_EQ(br_referee_move(t.g, &t.pos, t.Coordinates("h5", "f7"), &v), BR_ILLEGAL);
  EXPECT_EQ(br_referee_move(t.g, &t.pos, t.Coordinates("f3", "g5"), &v), BR_LEGAL);
  // And back along the first line: the same answers as the first time.
  pos_unmake(&t.pos);
  pos_unmake(&t.pos);
  t.Play("d1h5");
  t.Play("g8f6");
  EXPECT_EQ(br_referee_move(t.g, &t.pos, t.Coordinates("h5", "f7"), &v), BR_LEGAL);
  EXPECT_EQ(br_referee_move(t.g, &t.pos, t.Coordinates("h5", "h8"), &v), BR_ILLEGAL);
}

TEST(BridgeReferee, TheGameIsReadThroughItsAccessors) {
  Game t("presets/chess-tutorial.preset");
  ASSERT_NE(t.g, nullptr) << t.err;
  EXPECT_EQ(br_game_rules(t.g), &t.g->rules);
  EXPECT_STREQ(br_game_start_fen(t.g), t.g->start_fen);
  EXPECT_STREQ(br_game_name(t.g), t.g->name);
  EXPECT_STRNE(br_game_name(t.g), "");
  ASSERT_EQ(br_game_piece_count(t.g), 12);
  for (int i = 0; i < br_game_piece_count(t.g); i++) {
    const BrPiece *p = br_game_piece(t.g, i);
    ASSERT_NE(p, nullptr);
    EXPECT_TRUE(p->compiled) << p->label;
    EXPECT_EQ(p->royal, p->label[0] == 'K' || p->label[0] == 'k') << p->label;
  }
  EXPECT_EQ(br_game_piece(t.g, 12), nullptr);
  EXPECT_EQ(br_game_piece(t.g, -1), nullptr);
}

TEST(BridgeReferee, CannotJudgeAGameNotFromThePresetsStart) {
  Game t("presets/chess-tutorial.preset");
  ASSERT_NE(t.g, nullptr) << t.err;
  char e[256];
  ASSERT_TRUE(pos_set_fen(&t.pos, br_game_rules(t.g), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", e, sizeof e)) << e;
  BrVerdict v;
  EXPECT_EQ(br_referee_move(t.g, &t.pos, t.Coordinates("e2", "e4"), &v), -1);
}

TEST(BridgeReferee, APresetErrorIsNotAnIllegalMove) {
  std::string text = broken_preset::Text();
  Game t(broken_preset::Write(testing::TempDir(), "broken-tutorial.preset"));
  ASSERT_NE(t.g, nullptr) << t.err;
  BrVerdict v;
  // A legal move whose Post-Game fails.
  EXPECT_EQ(br_referee_move(t.g, &t.pos, t.Coordinates("g1", "h3"), &v), BR_PRESET_ERROR);
  EXPECT_NE(std::string(v.file).find("broken-tutorial.preset"), std::string::npos) << v.file;
  EXPECT_EQ(v.line, broken_preset::LineOfError(text, 2));
  EXPECT_NE(std::string(v.message).find("nosuchsub"), std::string::npos) << v.message;
  // An illegal move whose Post-Move fails before it refuses.
  EXPECT_EQ(br_referee_move(t.g, &t.pos, t.Coordinates("g2", "g4"), &v), BR_LEGAL);
  EXPECT_EQ(br_referee_move(t.g, &t.pos, t.Coordinates("g1", "g4"), &v), BR_PRESET_ERROR);
  EXPECT_EQ(v.line, broken_preset::LineOfError(text, 1));
  EXPECT_EQ(br_referee_move(t.g, &t.pos, t.Coordinates("g1", "g3"), &v), BR_ILLEGAL);
}

} // namespace
