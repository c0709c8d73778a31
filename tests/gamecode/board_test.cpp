// Board geometry, FEN, and the board built-ins (reference §1.3-1.4, §4.3-4.5).
#include <gtest/gtest.h>

#include "gamecode/shim.h"

using gctest::Interp;

class GcBoardFn : public ::testing::Test {
protected:
  Interp in;
  void board(const char *fen, const char *files = "a b c d e f g h", const char *ranks = "1 2 3 4 5 6 7 8") {
    ASSERT_EQ(gc_set_board(in.gc, files, ranks, fen, &in.err), GC_OK) << in.err.message;
  }
};

TEST_F(GcBoardFn, SeedExamples) {
  EXPECT_EQ(in.ev("checkleap b8 c6 1 2"), "true");
  board("8/8/8/8/8/8/8/3Q4");
  EXPECT_EQ(in.ev("checkride d1 g4 1 1"), "true");
  board("8/8/8/8/R2p2p1/8/8/8");
  EXPECT_EQ(in.ev("checkhop a4 g4 0 1"), "true");  // one screen (d4), capturing on g4
  EXPECT_EQ(in.ev("checkhop a4 f4 0 1"), "true");  // exactly one screen (d4)
  EXPECT_EQ(in.ev("checkhop a4 h4 0 1"), "false"); // two screens (d4, g4)
  EXPECT_EQ(in.ev("checkhop a4 c4 0 1"), "false"); // no screen
  board("8/8/8/8/8/8/8/1N6");
  EXPECT_EQ(in.ev("checktwostep b1 c3 0 1 1 1"), "true");
  EXPECT_EQ(in.ev("checktwostep b1 d2 0 1 1 1"), "true");
  EXPECT_EQ(in.ev("checktwostep b1 d3 0 1 1 1"), "false");
  board("8/8/8/8/8/8/1p6/1N6");
  EXPECT_EQ(in.ev("checktwostep b1 c3 0 1 1 1"), "false"); // the horse's leg is blocked
  EXPECT_EQ(in.ev("checktwostep b1 d2 0 1 1 1"), "true");
}

TEST_F(GcBoardFn, DirectedRidesAndHops) {
  board("8/8/8/8/8/8/8/R2p3p");
  EXPECT_EQ(in.ev("checkaride a1 c1 1 0"), "true");
  EXPECT_EQ(in.ev("checkaride a1 d1 1 0"), "true");
  EXPECT_EQ(in.ev("checkaride a1 e1 1 0"), "false");
  EXPECT_EQ(in.ev("checkaride a1 a5 1 0"), "false");
  EXPECT_EQ(in.ev("checkahop a1 h1 1 0"), "true");
  EXPECT_EQ(in.ev("checkahop a1 g1 1 0"), "true");
  EXPECT_EQ(in.ev("checkahop h1 a1 1 0"), "false"); // wrong direction
}

TEST_F(GcBoardFn, Grasshopper) {
  board("8/8/8/8/3p4/8/3G4/8");
  EXPECT_EQ(in.ev("checkgrasshop d2 d5"), "true");
  EXPECT_EQ(in.ev("checkgrasshop d2 d6"), "false");
  EXPECT_EQ(in.ev("checkgrasshop d2 d3"), "false");
}

TEST_F(GcBoardFn, LongLeaper) {
  board("8/8/8/3p4/8/3p4/8/3L4");
  EXPECT_EQ(in.ev("checklongleap d1 d2"), "true");
  EXPECT_EQ(in.ev("checklongleap d1 d4"), "true");  // jumps d3
  EXPECT_EQ(in.ev("checklongleap d1 d6"), "true");  // jumps d3 and d5
  EXPECT_EQ(in.ev("checklongleap d1 d5"), "false"); // occupied landing
  board("8/8/8/8/3P4/3p4/8/3L4");
  EXPECT_EQ(in.ev("checklongleap d1 d6"), "false"); // own piece / two in a row
}

TEST_F(GcBoardFn, HolesAndVoidMoves) {
  board("8/8/8/8/8/8/8/R-1-4");
  EXPECT_EQ(in.ev("space b1"), "-");
  EXPECT_EQ(in.ev("onboard b1"), "false");
  EXPECT_EQ(in.ev("onboard c1"), "true");
  EXPECT_EQ(in.ev("checkride a1 c1 1 0"), "false"); // a hole is off the board for rides
  EXPECT_EQ(in.ev("voidride a1 c1 1 0"), "true");
  EXPECT_EQ(in.ev("voidride a1 e1 1 0"), "true");
  EXPECT_EQ(in.ev("voidleap a1 b1 1 0"), "true");
  EXPECT_EQ(in.ev("voidleap a1 c1 1 0"), "false");
  EXPECT_EQ(in.ev("count spaces"), "62"); // holes are not spaces
}

TEST_F(GcBoardFn, Steps) {
  board("8/8/8/8/8/8/1pp5/K7");
  EXPECT_EQ(in.ev("checkmaxsteps a1 a3 2"), "true");
  EXPECT_EQ(in.ev("checkmaxsteps a1 a3 1"), "false");
  EXPECT_EQ(in.ev("checknsteps a1 a3 2"), "true");
  EXPECT_EQ(in.ev("checknsteps a1 a3 3"), "true");
  EXPECT_EQ(in.ev("checknsteps a1 c3 2"), "false"); // b2 and c2 are in the way... via a2-b3
  EXPECT_EQ(in.ev("checknsteps a1 c3 3"), "true");
}

TEST_F(GcBoardFn, Paths) {
  board("8/8/8/8/8/8/8/1N6");
  EXPECT_EQ(in.ev("checkapath b1 c3 0 1 0 1 1 0"), "true");
  EXPECT_EQ(in.ev("checkapath b1 c3 (0 1 0 1 1 0)"), "true");
  EXPECT_EQ(in.ev("checkapath b1 a3 0 1 0 1 1 0"), "false");
  EXPECT_EQ(in.ev("checkpath b1 a3 0 1 0 1 1 0"), "true");
  board("8/8/8/8/8/8/1p6/1N6");
  EXPECT_EQ(in.ev("checkapath b1 c3 0 1 0 1 1 0"), "false");
}

TEST_F(GcBoardFn, Generators) {
  EXPECT_EQ(in.ev("leaps a1 1 1"), "[b2]");
  EXPECT_EQ(in.ev("count leaps e4 1 2"), "8");
  EXPECT_EQ(in.ev("rides d1 1 1"), "[e2,c2]");
  EXPECT_EQ(in.ev("count rays a1 1 0"), "14");
  EXPECT_EQ(in.ev("rides a3 1 0"), "[b3,c3,d3,e3,f3,g3,h3,a4,a5,a6,a7,a2]");
  EXPECT_EQ(in.ev("path e1 g1"), "[f1,g1]");
  EXPECT_EQ(in.ev("path e1 b4"), "[d2,c3,b4]");
  EXPECT_EQ(in.ev("path e1 f3"), "[]");
}

TEST_F(GcBoardFn, Queries) {
  EXPECT_EQ(in.ev("where e2 0 2"), "e4");
  EXPECT_EQ(in.ev("where h8 1 1"), "false");
  EXPECT_EQ(in.ev("what e1 0 1"), "P");
  EXPECT_EQ(in.ev("what e1 0 -1"), "-");
  EXPECT_EQ(in.ev("insight e1 0 1"), "P");
  EXPECT_EQ(in.ev("insight e3 -1 1"), "p");
  EXPECT_EQ(in.ev("insight e3 1 1"), "false");
  EXPECT_EQ(in.ev("insight e4 1 0"), "false");
  EXPECT_EQ(in.ev("distance a1 h8"), "7");
  EXPECT_EQ(in.ev("distance b1 c3"), "2");
  EXPECT_EQ(in.ev("count spaces"), "64");
  EXPECT_EQ(in.ev("count onlylower"), "16");
  EXPECT_EQ(in.ev("elem e8 onlylower"), "k");
  EXPECT_EQ(in.ev("count noupper"), "48");
  EXPECT_EQ(in.ev("count nolower"), "48");
  EXPECT_EQ(in.ev("fencode"), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
  EXPECT_EQ(in.ev("findpiece R spaces"), "a1");
  EXPECT_EQ(in.ev("findpiece R last spaces"), "h1");
  EXPECT_EQ(in.ev("findpiece \"[KQ]\" d1 e1"), "d1");
  EXPECT_EQ(in.ev("findpiece Z spaces"), "false");
  EXPECT_EQ(in.ev("remove e2"), "true");
  EXPECT_EQ(in.space("e2"), "@");
  EXPECT_EQ(in.ev("count $space"), "64");
  EXPECT_EQ(in.ev("elem e1 $space"), "K");
}

// gc_board_fen writes into the caller's buffer: runs of ten and more, labels in braces, and a
// buffer too small cut to fit (its first size - 1 characters, always terminated); a buffer with
// room for any board (fencode's) and one with room for this text alone give the same.
TEST_F(GcBoardFn, FenIsCutToTheBuffer) {
  board("12/{+p}10K/12", "a b c d e f g h i j k l", "1 2 3");
  EXPECT_EQ(in.ev("fencode"), "12/{+p}10K/12");
  char out[8];
  memset(out, 'x', sizeof out);
  gc_board_fen(gc_get_board(in.gc), out, sizeof out);
  EXPECT_STREQ(out, "12/{+p}");
  gc_board_fen(gc_get_board(in.gc), out, 1);
  EXPECT_STREQ(out, "");
  char fits[32]; // room for the text, not for any board of 36 squares: the careful writer
  gc_board_fen(gc_get_board(in.gc), fits, sizeof fits);
  EXPECT_STREQ(fits, "12/{+p}10K/12");
}

TEST_F(GcBoardFn, OddGeometryAndLabels) {
  // Shogi-style: numbers for files, letters for ranks; multi-letter labels in braces
  board("{+p}8/9/9/9/9/9/9/9/8K", "9 8 7 6 5 4 3 2 1", "i h g f e d c b a");
  EXPECT_EQ(in.space("9a"), "+p");
  EXPECT_EQ(in.space("1i"), "K");
  EXPECT_EQ(in.ev("file 1i"), "8");
  EXPECT_EQ(in.ev("rankname 1i"), "i");
  EXPECT_EQ(in.ev("isupper +p"), "false");
  EXPECT_EQ(in.ev("fencode"), "{+p}8/9/9/9/9/9/9/9/8K");
  // ten files: labels of two characters
  board("10/10/10/10/10/10/10/10/10/R9", "a b c d e f g h i j", "1 2 3 4 5 6 7 8 9 10");
  EXPECT_EQ(in.space("a1"), "R");
  EXPECT_EQ(in.ev("where a1 0 9"), "a10");
  EXPECT_EQ(in.ev("checkride a1 a10 0 1"), "true");
}

TEST_F(GcBoardFn, CompactFenAndErrors) {
  board("rnbqkbnrpppppppp32PPPPPPPPRNBQKBNR");
  EXPECT_EQ(in.space("e8"), "k");
  EXPECT_EQ(in.space("d1"), "Q");
  EXPECT_EQ(gc_set_board(in.gc, "a b c", "1 2", "3/2", &in.err), GC_ERROR);
  EXPECT_STREQ(in.err.message, "FEN: 5 squares given, board has 6");
  EXPECT_EQ(gc_set_board(in.gc, "a b c", "1 2", "4/2", &in.err), GC_ERROR);
  EXPECT_STREQ(in.err.message, "FEN: rank 2 does not fill 3 files");
  EXPECT_EQ(gc_set_board(in.gc, "", "1 2", "6", &in.err), GC_ERROR);
  EXPECT_STREQ(in.err.message, "no files given");
}

TEST_F(GcBoardFn, CaptureFlagFollowsTheLastMove) {
  ASSERT_EQ(in.run("MOVE: P e2-e4;"), "");
  EXPECT_EQ(in.ev("capture"), "false");
  ASSERT_EQ(in.run("MOVE: B f1-d7;"), ""); // the move primitives do not check legality
  EXPECT_EQ(in.ev("capture"), "true");
  EXPECT_EQ(in.ev("$old"), "p");
  EXPECT_EQ(in.ev("cond empty e4 capture (not empty e4)"), "true");
}

TEST_F(GcBoardFn, PlayerNotationForms) {
  ASSERT_EQ(in.run("MOVE: Q*e4; MOVE: c2-; MOVE: @*d2;"), "");
  EXPECT_EQ(in.space("e4"), "Q");
  EXPECT_EQ(in.ev("$dest"), "e4");
  EXPECT_EQ(in.space("c2"), "@");
  EXPECT_EQ(in.space("d2"), "@");
  EXPECT_EQ(in.run("MOVE: Q*z9;"), "DIE: No such space: z9");
}

// Found by the libFuzzer target: a huge run of empty squares overflowed the counter.
TEST_F(GcBoardFn, HugeFenRunIsAnError) {
  EXPECT_EQ(gc_set_board(in.gc, "a b", "1 2", "99999999999999999999", &in.err), GC_ERROR);
  EXPECT_STREQ(in.err.message, "FEN: more than 4 squares");
}
