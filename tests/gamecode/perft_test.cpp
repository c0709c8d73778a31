// Perft by the referee alone (gc_referee_perft): every move the side to move could type is
// tried through gc_play and taken back, a whole turn a ply (or each part with parts).  Checked
// on seed 000's Chess against the standard figures and on seed 003's multi-move presets, where
// a whole turn of two parts is two plies counted by parts.
#include <gtest/gtest.h>

#include <string>

#include "app/programs.h"
#include "gamecode/gamecode.h"

namespace {

struct Started {
  GcInterp *gc = gc_new();
  explicit Started(const char *path, const char *fen = nullptr, int player = 1) {
    GcError err;
    EXPECT_EQ(gc_load_preset_file(gc, path, "presets/include", &err), GC_OK) << err.message;
    EXPECT_EQ(fen ? gc_start_from(gc, fen, player, &err) : gc_start(gc, &err), GC_OK) << err.message;
  }
  ~Started() { gc_free(gc); }
  Started(const Started &) = delete;
  Started &operator=(const Started &) = delete;
};

} // namespace

TEST(GcRefereePerft, ChessTutorialHasTheStandardFigures) {
  Started s("presets/chess-tutorial.preset");
  EXPECT_EQ(gc_referee_perft(s.gc, 1, false), 20u);
  EXPECT_EQ(gc_referee_perft(s.gc, 2, false), 400u);
  EXPECT_EQ(gc_referee_perft(s.gc, 3, false), 8902u); // about 4 s
  EXPECT_EQ(gc_referee_perft(s.gc, 2, true), 400u);   // one part a turn: the same
  // the position is left as it was
  EXPECT_STREQ(gc_space(s.gc, "e2"), "P");
  EXPECT_EQ(gc_side_to_move(s.gc), 1);
  EXPECT_EQ(gc_ply(s.gc), 0);
}

TEST(GcRefereePerft, SharesAddUpToTheWhole) {
  Started s("presets/chess-tutorial.preset");
  uint64_t sum = 0;
  for (int share = 0; share < 3; share++) sum += gc_referee_perft_share(s.gc, 2, false, share, 3);
  EXPECT_EQ(sum, 400u);
  programs::Result r =
      programs::Shell(programs::Program("herald") + " referee-perft presets/chess-tutorial.preset 2 --jobs 2");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("perft 2 400 ("), std::string::npos) << r.out;
}

TEST(GcRefereePerft, PromotionChoicesAndGameEndsAreCounted) {
  // A White Pawn on b7: b8 with four choices, a8 taking the Rook with four; the King's moves.
  Started s("presets/chess-tutorial.preset", "r3k3/1P6/8/8/8/8/8/4K3", 1);
  EXPECT_EQ(gc_referee_perft(s.gc, 1, false), 8u + 5u);
  // Fool's mate: the mating move is a leaf at the last ply and adds nothing before it, as in
  // the generator's perft (575 at depth 2, herald perft chess FEN 2).
  Started m("presets/chess-tutorial.preset");
  GcVerdict v;
  for (const char *mv : {"P f2-f3", "p e7-e5", "P g2-g4"}) ASSERT_EQ(gc_play(m.gc, mv, &v), GC_LEGAL);
  uint64_t one = gc_referee_perft(m.gc, 1, false);
  EXPECT_EQ(one, 30u);
  EXPECT_EQ(gc_referee_perft(m.gc, 2, false), 575u);
  ASSERT_EQ(gc_play(m.gc, "q d8-h4", &v), GC_LEGAL);
  EXPECT_EQ(v.result, GC_RESULT_WON);
  EXPECT_EQ(gc_referee_perft(m.gc, 2, false), 0u); // nothing to play after the game's end
}

TEST(GcRefereePerft, MarseillaisTurnsAreTwoParts) {
  Started s("tests/presets/seed003/marseillais.preset");
  EXPECT_EQ(gc_referee_perft(s.gc, 1, true), 20u);
  uint64_t turn = gc_referee_perft(s.gc, 1, false);
  EXPECT_EQ(turn, gc_referee_perft(s.gc, 2, true)); // no first part checks from the start
  EXPECT_EQ(turn, 453u);                            // with the seed's Pawn that may go two squares from any rank
  EXPECT_FALSE(gc_turn_open(s.gc));
}

TEST(GcRefereePerft, ExtraMoveWhitesFirstTurnIsOnePart) {
  Started s("tests/presets/seed003/extramove.preset");
  EXPECT_EQ(gc_referee_perft(s.gc, 1, false), 20u);
  EXPECT_EQ(gc_referee_perft(s.gc, 1, true), 20u);
  // Black: twelve first parts (no double step), then the extra move or a pass
  GcVerdict v;
  ASSERT_EQ(gc_play(s.gc, "P e2-e4", &v), GC_LEGAL);
  EXPECT_EQ(gc_referee_perft(s.gc, 1, true), 12u);
}

TEST(GcRefereePerft, TheCommandPrintsEachDepth) {
  programs::Result r = programs::Shell(programs::Program("herald") + " referee-perft presets/chess-tutorial.preset 2");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("perft 1 20 ("), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("perft 2 400 ("), std::string::npos) << r.out;
  r = programs::Shell(programs::Program("herald") + " referee-perft presets/chess-tutorial.preset");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("usage: herald referee-perft"), std::string::npos) << r.err;
}
