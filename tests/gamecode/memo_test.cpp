// Remembered functions (gc_memo.c): a def called on squares answers what running it answers
// after the squares it read change, after a variable it reads changes, after a subroutine it
// calls is defined anew, and when it changes something; a sub that captures empties the same
// squares when it is found; numbers, truths and labels are part of a call; and the referee's perft, where the check
// test asks the same pieces again and again, is the same with and without remembering.
#include <gtest/gtest.h>

#include <string>

#include "gamecode/shim.h"

using gctest::Interp;

TEST(GcMemo, APieceFunctionFollowsTheSquaresItRead) {
  Interp in;
  ASSERT_EQ(in.run("def Q checkride #0 #1 1 0 or checkride #0 #1 1 1;"), "");
  EXPECT_EQ(in.ev("fn Q d1 d4"), "false"); // the Pawn on d2 stands between
  EXPECT_EQ(in.ev("fn Q d1 d4"), "false");
  ASSERT_EQ(in.run("empty d2;"), "");
  EXPECT_EQ(in.ev("fn Q d1 d4"), "true");
  ASSERT_EQ(in.run("add p d3;"), "");
  EXPECT_EQ(in.ev("fn Q d1 d4"), "false");
  EXPECT_EQ(in.ev("fn Q d1 d3"), "true");
  ASSERT_EQ(in.run("empty h8;"), ""); // a square it never read
  EXPECT_EQ(in.ev("fn Q d1 d3"), "true");
  ASSERT_EQ(in.run("empty d1;"), ""); // its own square: a hole or not is read too
  EXPECT_EQ(in.ev("fn Q d1 d3"), "true");
}

TEST(GcMemo, AFunctionReadingAVariableIsAskedAgain) {
  Interp in;
  ASSERT_EQ(in.run("set mode 1;\n"
                   "def G and checkleap #0 #1 1 2 == var mode 1;\n"
                   "def H and checkleap #0 #1 1 2 == #mode 1;"),
            "");
  EXPECT_EQ(in.ev("fn G b1 c3"), "true");
  EXPECT_EQ(in.ev("fn H b1 c3"), "true");
  ASSERT_EQ(in.run("set mode 0;"), "");
  EXPECT_EQ(in.ev("fn G b1 c3"), "false");
  EXPECT_EQ(in.ev("fn H b1 c3"), "false");
}

TEST(GcMemo, AGlobalReadIsRememberedWithItsValueAndNotWhereALocalHidesIt) {
  Interp in;
  ASSERT_EQ(in.run("set ep e3;\n"
                   "def E == var ep #1;\n"
                   "sub hidden: local ep; set ep e3; return fn E a1 e3; endsub;"),
            "");
  EXPECT_EQ(in.ev("fn E a1 e3"), "true");
  EXPECT_EQ(in.ev("fn E a1 e3"), "true");
  ASSERT_EQ(in.run("set ep e6;"), "");
  EXPECT_EQ(in.ev("fn E a1 e3"), "false");
  EXPECT_EQ(in.ev("sub hidden"), "true"); // its own ep, not the global's
  EXPECT_EQ(in.ev("fn E a1 e3"), "false");
  ASSERT_EQ(in.run("set ep false;"), "");
  EXPECT_EQ(in.ev("fn E a1 e3"), "false");
  ASSERT_EQ(in.run("set ep e3;"), "");
  EXPECT_EQ(in.ev("fn E a1 e3"), "true");
}

TEST(GcMemo, ATwoStepFollowsTheSquareItPassesOver) {
  Interp in;
  ASSERT_EQ(in.run("def T checkatwostep #0 #1 0 1 0 1;"), "");
  EXPECT_EQ(in.ev("fn T e2 e4"), "true");
  ASSERT_EQ(in.run("add n e3;"), "");
  EXPECT_EQ(in.ev("fn T e2 e4"), "false");
  ASSERT_EQ(in.run("empty e3;"), "");
  EXPECT_EQ(in.ev("fn T e2 e4"), "true");
}

TEST(GcMemo, AFunctionCallingASubroutineDefinedAnewIsAskedAgain) {
  Interp in;
  ASSERT_EQ(in.run("sub far a b: my ok; set ok checkleap #a #b 1 2; return #ok; endsub;\n"
                   "def F sub far #0 #1;"),
            "");
  EXPECT_EQ(in.ev("fn F b1 c3"), "true");
  EXPECT_EQ(in.ev("fn F b1 c3"), "true");
  ASSERT_EQ(in.run("sub far a b: return checkleap #a #b 1 1; endsub;"), "");
  EXPECT_EQ(in.ev("fn F b1 c3"), "false");
}

TEST(GcMemo, AFunctionThatChangesSomethingRunsEveryTime) {
  Interp in;
  ASSERT_EQ(in.run("sub mark a: set marked #a; return true; endsub;\n"
                   "def M and sub mark #1 empty #1;"),
            "");
  EXPECT_EQ(in.ev("fn M b1 e4"), "true");
  EXPECT_EQ(in.var("marked"), "e4");
  ASSERT_EQ(in.run("set marked none;"), "");
  EXPECT_EQ(in.ev("fn M b1 e4"), "true");
  EXPECT_EQ(in.var("marked"), "e4");
}

TEST(GcMemo, ASubroutineLookingAroundASquareFollowsTheBoard) {
  // Ultima's `frozen`: a sub called on a square, answering the square where it found a piece.
  Interp in;
  ASSERT_EQ(in.run("sub guard sq: my n; for n leaps #sq 1 1: if == space #n N: return #n; endif; next; "
                   "return false; endsub;"),
            "");
  EXPECT_EQ(in.ev("sub guard e4"), "false");
  ASSERT_EQ(in.run("add N d5;"), "");
  EXPECT_EQ(in.ev("sub guard e4"), "d5");
  EXPECT_EQ(in.ev("sub guard e4"), "d5"); // remembered: the same square's name
  EXPECT_EQ(in.ev("== sub guard e4 d5"), "true");
  ASSERT_EQ(in.run("add N e5;"), ""); // not a diagonal neighbour
  EXPECT_EQ(in.ev("sub guard e4"), "d5");
  ASSERT_EQ(in.run("empty d5;"), "");
  EXPECT_EQ(in.ev("sub guard e4"), "false");
  ASSERT_EQ(in.run("add N f3;"), "");
  EXPECT_EQ(in.ev("sub guard e4"), "f3");
}

TEST(GcMemo, ASubroutineReadingItsCallersVariableIsAskedAgain) {
  Interp in;
  ASSERT_EQ(in.run("sub peek sq: return == #mode #sq; endsub;\n"
                   "sub caller: local mode; set mode e4; return sub peek e4; endsub;"),
            "");
  EXPECT_EQ(in.ev("sub caller"), "true");   // the caller's local mode
  EXPECT_EQ(in.ev("sub peek e4"), "false"); // no global mode
  EXPECT_EQ(in.ev("sub caller"), "true");
  ASSERT_EQ(in.run("set mode e4;"), "");
  EXPECT_EQ(in.ev("sub peek e4"), "true");
  ASSERT_EQ(in.run("set mode e5;"), "");
  EXPECT_EQ(in.ev("sub peek e4"), "false");
}

TEST(GcMemo, AFunctionInsideACallThatChangesSomethingFollowsTheBoard) {
  // seed 000's `checked` defines a function and asks each piece's def: the defs are remembered
  // on their own, inside a call that is not.
  Interp in;
  ASSERT_EQ(in.run("def Q checkride #0 #1 1 0 or checkride #0 #1 1 1;\n"
                   "sub probe a b: def enemies onlylower; return fn Q #a #b; endsub;"),
            "");
  EXPECT_EQ(in.ev("sub probe d1 d4"), "false");
  EXPECT_EQ(in.ev("sub probe d1 d4"), "false");
  ASSERT_EQ(in.run("empty d2;"), "");
  EXPECT_EQ(in.ev("sub probe d1 d4"), "true");
  EXPECT_EQ(in.ev("fn Q d1 d4"), "true");
  ASSERT_EQ(in.run("add p d3;"), "");
  EXPECT_EQ(in.ev("sub probe d1 d4"), "false");
  EXPECT_EQ(in.ev("fn Q d1 d4"), "false");
}

TEST(GcMemo, ASubroutineThatCapturesEmptiesTheSameSquaresWhenRemembered) {
  // Ultima's pincer: enemies next to #at with a friend beyond are captured.  Found again on the
  // same squares, the remembered call empties them again; where one of them changed it runs.
  Interp in;
  ASSERT_EQ(in.run("sub pinch at: my n b; for n leaps #at 1 0: "
                   "set b where #n minus file #n file #at minus rank #n rank #at; "
                   "if islower space #n and isupper space #b: capture #n; endif; next; return true; endsub;"),
            "");
  ASSERT_EQ(in.run("add p e5; add R e6; add p d4; add R c4; add p f4;"), "");
  for (int round = 0; round < 2; round++) {
    EXPECT_EQ(in.ev("sub pinch e4"), "true");
    EXPECT_EQ(in.ev("space e5"), "@");
    EXPECT_EQ(in.ev("space d4"), "@");
    EXPECT_EQ(in.ev("space f4"), "p"); // nothing beyond it
    ASSERT_EQ(in.run("add p e5; add p d4;"), "");
  }
  ASSERT_EQ(in.run("empty c4;"), ""); // a square it read: the d4 Pawn is not taken now
  EXPECT_EQ(in.ev("sub pinch e4"), "true");
  EXPECT_EQ(in.ev("space e5"), "@");
  EXPECT_EQ(in.ev("space d4"), "p");
  ASSERT_EQ(in.run("add p e5; add R c4;"), "");
  EXPECT_EQ(in.ev("sub pinch e4"), "true");
  EXPECT_EQ(in.ev("space d4"), "@");
}

TEST(GcMemo, ASubroutineReadingASquareItEmptiedIsKeptWithWhatItHeldBefore) {
  // It takes the piece and then looks at the square: remembered with the piece there first, so
  // that where the square is empty to begin with it runs and answers for an empty square.
  Interp in;
  ASSERT_EQ(in.run("sub take sq: my was; set was space #sq; capture #sq; return join #was space #sq; endsub;"), "");
  EXPECT_EQ(in.ev("sub take e2"), "P@");
  EXPECT_EQ(in.ev("sub take e2"), "@@");
  ASSERT_EQ(in.run("add P e2;"), "");
  EXPECT_EQ(in.ev("sub take e2"), "P@");
  EXPECT_EQ(in.ev("space e2"), "@");
}

TEST(GcMemo, ASubroutineIsRememberedByItsNumbersTruthsAndLabelsToo) {
  // Ultima's `gosub pinch #to #me false` and `sub pname #piece`: arguments besides squares are
  // part of what is remembered.
  Interp in;
  ASSERT_EQ(in.run("sub far at n: return + rank #at #n; endsub;\n"
                   "sub pick at flag: if #flag: return rankname #at; endif; return filename #at; endsub;\n"
                   "sub pname lab: switch toupper #lab: case P: return \"Pincer Pawn\"; case K: return King; "
                   "endswitch; return piece; endsub;"),
            "");
  EXPECT_EQ(in.ev("sub far e4 1"), "4");
  EXPECT_EQ(in.ev("sub far e4 2"), "5");
  EXPECT_EQ(in.ev("sub far e4 1"), "4");
  EXPECT_EQ(in.ev("sub pick e4 true"), "4");
  EXPECT_EQ(in.ev("sub pick e4 false"), "e");
  EXPECT_EQ(in.ev("sub pick e4 true"), "4");
  EXPECT_EQ(in.ev("sub pname p"), "Pincer Pawn");
  EXPECT_EQ(in.ev("sub pname K"), "King");
  EXPECT_EQ(in.ev("sub pname p"), "Pincer Pawn");
  EXPECT_EQ(in.ev("sub pname Q"), "piece");
  ASSERT_EQ(in.run("sub pname lab: return #lab; endsub;"), ""); // defined anew: asked again
  EXPECT_EQ(in.ev("sub pname p"), "p");
}

namespace {

// gc_referee_perft from fen with seed 000's Chess preset, remembering on or off.
uint64_t TutorialPerft(const char *fen, int depth, bool remember) {
  GcInterp *gc = gc_new();
  GcError err{};
  uint64_t n = 0;
  gc_set_memo(gc, remember);
  if (gc_load_preset_file(gc, "presets/chess-tutorial.preset", "presets/include", &err) == GC_OK &&
      gc_start_from(gc, fen, 1, &err) == GC_OK)
    n = gc_referee_perft(gc, depth, false);
  else
    ADD_FAILURE() << err.message;
  gc_free(gc);
  return n;
}

} // namespace

TEST(GcMemo, TheRefereesPerftIsTheSameWithoutRemembering) {
  // Many pieces, pins and checks ("Kiwipete", castling as the preset's own flags allow it) the
  // same remembered or not; a position of pins and discovered checks, its standard figure.
  const char *kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R";
  EXPECT_EQ(TutorialPerft(kiwipete, 2, true), TutorialPerft(kiwipete, 2, false));
  const char *pins = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8";
  EXPECT_EQ(TutorialPerft(pins, 3, true), 2812u);
  EXPECT_EQ(TutorialPerft(pins, 3, false), 2812u);
}
