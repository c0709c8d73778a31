// Herald's fairychess include (presets/include/fairychess.txt) and Chess written on it the way
// seed 004 teaches (presets/chess-fairychess.preset): the include keeps its copy of the piece
// library identical to herald-pieces, every piece compiles, and the preset's referee accepts
// and refuses the moves Chess does, with the preset's messages.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "bridge/br_internal.h"
#include "bridge/bridge.h"
#include "gamecode/gamecode.h"
#include "gamecode/gc_board.h"
#include "rules/rules.h"

namespace {

const char *kIncludeDir = "presets/include";
const char *kPreset = "presets/chess-fairychess.preset";

std::string ReadFile(const char *path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Referee {
  GcInterp *gc = gc_new();
  explicit Referee(const char *path) {
    GcError err;
    EXPECT_EQ(gc_load_preset_file(gc, path, kIncludeDir, &err), GC_OK) << err.message;
    EXPECT_EQ(gc_start(gc, &err), GC_OK) << err.message;
  }
  ~Referee() { gc_free(gc); }
  Referee(const Referee &) = delete;
  Referee &operator=(const Referee &) = delete;
  GcVerdict Play(const char *move) {
    GcVerdict v;
    gc_play(gc, move, &v);
    return v;
  }
  // Plays legal moves; false (with a failure) at the first refused.
  bool PlayAll(std::initializer_list<const char *> moves) {
    for (const char *m : moves) {
      GcVerdict v = Play(m);
      if (v.status != GC_LEGAL) {
        ADD_FAILURE() << m << ": " << v.message;
        return false;
      }
    }
    return true;
  }
  std::string At(const char *coord) {
    const GcBoard *b = gc_get_board(gc);
    int i = gc_board_index(b, coord);
    return i < 0 ? "?" : b->cells[i];
  }
};

} // namespace

// One library: the include takes its pieces from herald-pieces, not from a copy.
TEST(FairychessInclude, IncludesThePieceLibrary) {
  std::string include = ReadFile("presets/include/fairychess.txt");
  ASSERT_FALSE(include.empty());
  EXPECT_NE(include.find("\ninclude herald-pieces;\n"), std::string::npos);
  EXPECT_EQ(include.find("\ndef King "), std::string::npos) << "a piece def copied into fairychess.txt";
}

TEST(FairychessInclude, ChessCompilesWithoutTheOracle) {
  char err[512] = "";
  BrGame *g = br_load_with(kPreset, kIncludeDir, false, err, sizeof err);
  ASSERT_NE(g, nullptr) << err;
  EXPECT_TRUE(g->all_compiled);
  Position p{};
  char perr[RULES_ERR_LEN];
  ASSERT_TRUE(pos_set_fen(&p, &g->rules, g->start_fen, perr, sizeof perr)) << perr;
  EXPECT_EQ(pos_perft(&p, 4), 197281u);
  pos_free(&p);
  br_free(g);
}

TEST(FairychessInclude, KingStepsAndKeepsItsPosition) {
  Referee ref(kPreset);
  ASSERT_TRUE(ref.PlayAll({"P e2-e4", "P e7-e5", "K e1-e2", "K e8-e7", "K e2-d3"}));
  // The King sub keeps Kpos, so the check test looks at d3: d3-d4 stays out of check.
  GcVerdict v = ref.Play("P d7-d5");
  EXPECT_EQ(v.status, GC_LEGAL) << v.message;
}

TEST(FairychessInclude, RefusesMovingIntoCheck) {
  Referee ref(kPreset);
  ASSERT_TRUE(ref.PlayAll({"P e2-e4", "P d7-d5", "K e1-e2", "Q d8-d6", "K e2-e3", "Q d6-e5"}));
  GcVerdict v = ref.Play("K e3-f4");
  EXPECT_EQ(v.status, GC_ILLEGAL);
  EXPECT_STREQ(v.message, "You may not move into check.");
}

TEST(FairychessInclude, RefusesCapturingOwnPiece) {
  Referee ref(kPreset);
  GcVerdict v = ref.Play("N b1-d2");
  EXPECT_EQ(v.status, GC_ILLEGAL);
  EXPECT_STREQ(v.message, "You may not capture your own pieces.");
}

TEST(FairychessInclude, RefusesCastlingThroughCheck) {
  Referee ref(kPreset);
  // Black's Bishop on a6 watches f1 along the emptied diagonal.
  ASSERT_TRUE(ref.PlayAll({"P e2-e4", "P b7-b6", "P g2-g3", "B c8-a6", "B f1-h3", "P h7-h6", "N g1-f3", "P h6-h5"}));
  GcVerdict v = ref.Play("K e1-g1");
  EXPECT_EQ(v.status, GC_ILLEGAL);
  EXPECT_STREQ(v.message, "You may not castle through check.");
}

TEST(FairychessInclude, RefusesAPieceMoveWithItsDescription) {
  Referee ref(kPreset);
  GcVerdict v = ref.Play("B c1-g5");
  EXPECT_EQ(v.status, GC_ILLEGAL);
  std::string m = v.message;
  EXPECT_EQ(m.find("You may not move your Bishop from c1 to g5."), 0u) << m;
  EXPECT_NE(m.find("The Bishop moves any number of empty squares along a diagonal"), std::string::npos) << m;
}

TEST(FairychessInclude, CastlesOnBothSides) {
  Referee ref(kPreset);
  ASSERT_TRUE(ref.PlayAll(
      {"P e2-e4", "P d7-d5", "N g1-f3", "Q d8-d6", "B f1-c4", "B c8-g4", "K e1-g1", "N b8-c6", "P d2-d3", "K e8-c8"}));
  EXPECT_EQ(ref.At("g1"), "K");
  EXPECT_EQ(ref.At("f1"), "R");
  EXPECT_EQ(ref.At("h1"), "@");
  EXPECT_EQ(ref.At("c8"), "k");
  EXPECT_EQ(ref.At("d8"), "r");
  EXPECT_EQ(ref.At("a8"), "@");
}

TEST(FairychessInclude, RefusesCastlingWithARookThatHasMoved) {
  Referee ref(kPreset);
  ASSERT_TRUE(ref.PlayAll(
      {"P e2-e4", "P e7-e5", "N g1-f3", "N b8-c6", "B f1-c4", "P d7-d6", "R h1-g1", "P a7-a6", "R g1-h1", "P a6-a5"}));
  GcVerdict v = ref.Play("K e1-g1");
  EXPECT_EQ(v.status, GC_ILLEGAL);
  EXPECT_STREQ(v.message, "You may not castle with a piece that has moved.");
}

// A Rook taken at home by another piece ends that side's castling there: the next piece to
// stand on the square (a Bishop here) may not castle (seed 004 cleared the flag only when a
// King or Rook moved; the library's Post-Move clears it for every move).
TEST(FairychessInclude, RefusesCastlingWithWhateverStandsWhereTheRookWasTaken) {
  Referee ref(kPreset);
  ASSERT_TRUE(ref.PlayAll({"P g2-g3", "P b7-b6", "B f1-g2", "P e7-e6", "B g2-a8", "N b8-c6", "P a2-a3", "B c8-b7",
                           "P a3-a4", "B b7-a8", "P a4-a5", "Q d8-e7", "P h2-h3"}));
  GcVerdict v = ref.Play("K e8-c8");
  EXPECT_EQ(v.status, GC_ILLEGAL);
  EXPECT_STREQ(v.message, "You may not castle with a piece that has moved.");
}

TEST(FairychessInclude, TakesEnPassant) {
  Referee ref(kPreset);
  ASSERT_TRUE(ref.PlayAll({"P e2-e4", "P a7-a6", "P e4-e5", "P d7-d5", "P e5-d6"}));
  EXPECT_EQ(ref.At("d5"), "@");
  EXPECT_EQ(ref.At("d6"), "P");
  // Only right after the double step.
  Referee late(kPreset);
  ASSERT_TRUE(late.PlayAll({"P e2-e4", "P a7-a6", "P e4-e5", "P d7-d5", "P a2-a3", "P a6-a5"}));
  EXPECT_EQ(late.Play("P e5-d6").status, GC_ILLEGAL);
}

TEST(FairychessInclude, PromotesToTheChosenPiece) {
  Referee ref(kPreset);
  ASSERT_TRUE(ref.PlayAll(
      {"P a2-a4", "P h7-h5", "P a4-a5", "P b7-b5", "P a5-b6", "P h5-h4", "P g2-g4", "P h4-g3", "P b6-c7", "P g3-h2"}));
  GcVerdict ask = ref.Play("P c7-b8");
  EXPECT_EQ(ask.status, GC_ILLEGAL); // the choice is asked for
  EXPECT_STRNE(ask.choices, "");
  EXPECT_EQ(ref.Play("P c7-b8; K-b8").status, GC_ILLEGAL);
  ASSERT_TRUE(ref.PlayAll({"P c7-b8; N-b8", "P h2-g1; q-g1"}));
  EXPECT_EQ(ref.At("b8"), "N");
  EXPECT_EQ(ref.At("g1"), "q");
}

TEST(FairychessInclude, DeclaresCheckmate) {
  Referee ref(kPreset);
  ASSERT_TRUE(ref.PlayAll({"P f2-f3", "P e7-e5", "P g2-g4"}));
  GcVerdict v = ref.Play("Q d8-h4");
  EXPECT_EQ(v.status, GC_LEGAL) << v.message;
  EXPECT_EQ(v.result, GC_RESULT_WON);
  EXPECT_EQ(v.result_player, 2);
  EXPECT_STREQ(v.say, "Checkmate! Black has won!");
}

// Grand Chess the seed's way (presets/grand-fairychess.preset): a Pawn promotes only to a piece
// its side has lost, here the Knight Black took, and not to a Queen it still has.
TEST(FairychessInclude, GrandPromotesOnlyToACapturedPiece) {
  Referee ref("presets/grand-fairychess.preset");
  ASSERT_TRUE(ref.PlayAll({"N b2-c4", "P j8-j7", "N c4-d6", "P e8-e7", "N d6-c8", "Q d9-c8", "P d3-d5", "P j7-j6",
                           "P d5-d6", "P j6-j5", "P d6-d7", "P j5-j4"}));
  EXPECT_EQ(ref.Play("P d7-c8; Q-c8").status, GC_ILLEGAL);
  ASSERT_TRUE(ref.PlayAll({"P d7-c8; N-c8"}));
  EXPECT_EQ(ref.At("c8"), "N");
}
