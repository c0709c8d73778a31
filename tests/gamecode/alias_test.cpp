// The alias command's two directions (seed 004, "Piece Notation" and "Proper and Improper Use of
// the alias command"): `alias X Y` makes X the notation or display name of Y. `alias Y` answers
// X and `realname X` answers Y, and each direction keeps its own map, so the lock-out idiom
// `alias c a C A; alias a nn A NN` leaves A shown as C while a typed A reaches the unused NN.
#include <gtest/gtest.h>

#include "gamecode/shim.h"

using gctest::Interp;

namespace {

const char *kLockOut = "alias c a C A; alias a nn A NN;";

} // namespace

TEST(GcAlias, LockOutKeepsTheNotationOfTheLabel) {
  Interp in;
  ASSERT_EQ(in.run(kLockOut), "");
  EXPECT_EQ(in.ev("alias A"), "C"); // the label's notation survives the second alias
  EXPECT_EQ(in.ev("alias a"), "c");
  EXPECT_EQ(in.ev("realname C"), "A"); // what a typed C stands for
  EXPECT_EQ(in.ev("realname c"), "a");
  EXPECT_EQ(in.ev("realname A"), "NN"); // a typed A points nowhere
  EXPECT_EQ(in.ev("realname a"), "nn");
  EXPECT_EQ(in.ev("alias NN"), "A");
  EXPECT_EQ(in.ev("alias C"), "C"); // notation without an alias of its own is itself
  EXPECT_EQ(in.ev("realname Q"), "Q");
}

TEST(GcAlias, DisplayNamesShareOneAlias) {
  Interp in;
  ASSERT_EQ(in.run("alias Pawn White_Pawn; alias Pawn Black_Pawn; alias Archbishop Cardinal;"), "");
  EXPECT_EQ(in.ev("alias White_Pawn"), "Pawn");
  EXPECT_EQ(in.ev("alias Black_Pawn"), "Pawn");
  EXPECT_EQ(in.ev("realname Pawn"), "Black_Pawn"); // seed 004: the last assignment wins
  EXPECT_EQ(in.ev("alias Cardinal"), "Archbishop");
  EXPECT_EQ(in.ev("alias Pawn"), "Pawn"); // a display name is the end of the line
}

// The fairychess dispatch (seed 004, "A Real Example from Chess") on a Cardinal whose label is
// A and whose notation is C: the codename comes from `const alias $moved`.
TEST(GcAlias, FairychessDispatchFindsTheCodenameThroughTheLockOut) {
  Interp in;
  ASSERT_EQ(gc_set_board(in.gc, "a b c d e f g h", "1 2 3 4 5 6 7 8", "8/8/8/8/8/8/8/1A6", &in.err), GC_OK);
  ASSERT_EQ(in.run(std::string(kLockOut) + "setconst c Cardinal; setconst C Cardinal;"
                                           "def Cardinal checkleap #0 #1 1 2 or checkride #0 #1 1 1;"),
            "");
  ASSERT_EQ(in.run("MOVE: C b1-c3;"), "");
  EXPECT_EQ(in.space("c3"), "A");
  EXPECT_EQ(in.ev("const alias $moved"), "Cardinal");
  EXPECT_EQ(in.run("set codename const alias $moved; if fn #codename $origin $dest and isfunc "
                   "#codename: set ok true; else: die \"You may not move your\" #codename; endif;"),
            "");
  EXPECT_EQ(in.var("ok"), "true");
}

// Moves are typed in notation: C moves the A, and the locked-out raw label A is refused.
TEST(GcAlias, TypedLabelsAreNotation) {
  Interp in;
  ASSERT_EQ(gc_set_board(in.gc, "a b c d e f g h", "1 2 3 4 5 6 7 8", "8/8/8/8/8/8/8/1A6", &in.err), GC_OK);
  ASSERT_EQ(in.run(kLockOut), "");
  EXPECT_EQ(in.run("MOVE: A b1-c3;"), "DIE: A b1-c3: the piece on b1 is C, not A.");
  EXPECT_EQ(in.space("b1"), "A");
  ASSERT_EQ(in.run("MOVE: C b1-c3;"), "");
  EXPECT_EQ(in.space("c3"), "A");
}
