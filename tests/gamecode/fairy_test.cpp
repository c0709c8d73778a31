// Idioms of the fairychess include file, taken from seed 004: codenames through constants and
// aliases, the Cannon's nested cond, break-away chains, the legality dispatch with its
// %s description message, and the White_Pawn function that removes a pawn taken en passant.
#include <gtest/gtest.h>

#include "gamecode/shim.h"

using gctest::Interp;

namespace {

const char *kLibrary =
    "setconst k King; setconst K King; setconst r Rook; setconst R Rook; setconst c Cardinal;\n"
    "setconst C Cardinal; setconst p Black_Pawn; setconst P White_Pawn; setconst n Knight;\n"
    "setconst N Knight; setconst b Bishop; setconst B Bishop; setconst o Cannon; setconst O Cannon;\n"
    "alias Pawn White_Pawn; alias Pawn Black_Pawn; alias Archbishop Cardinal;\n"
    "def Rook checkride #0 #1 1 0; def Rook-Range rays #0 1 0;\n"
    "def Bishop checkride #0 #1 1 1; def Knight checkleap #0 #1 1 2;\n"
    "def King checkleap #0 #1 1 0 or checkleap #0 #1 1 1;\n"
    "def Cardinal fn Bishop #0 #1 or fn Knight #0 #1;\n"
    "def Cardinal2 or fn Bishop #0 #1 fn Knight #0 #1;\n"
    "def Cardinal3 fn Bishop #0 #1 unless fn Knight #0 #1;\n"
    "def Cannon cond cond empty #0 capture (not empty #1) (checkhop #0 #1 0 1) (checkride #0 #1 0 1) and #1;\n"
    "set Rook-Desc \"The %s may move any number of spaces in any vertical or horizontal direction "
    "until it reaches an occupied space.\";\n"
    "set Cardinal-Desc \"The %s moves as a Bishop or a Knight.\";\n"
    "set wpr 2; set bpr 7; set fps 2; set wprom Q R B N; set ep false; set movetype MOVE;\n"
    "def White_Pawn remove var ep and < rankname #1 var bpr and < rankname var ep rankname #1 and == "
    "filename var ep filename #1 and checkleap #0 #1 1 1 and var ep or and checkride #0 #1 0 1 == "
    "rankname #0 var wpr or checkleap #0 #1 0 1 and empty #1 and != var movetype CHECK or and islower "
    "space #1 checkleap #0 #1 1 1 and any onboard where #1 0 1 == var movetype CHECK count var wprom "
    "and <= distance #0 #1 var fps and > rank #1 rank #0;\n";

// The Post-Move dispatch of seed 004 (line for White), run after a move.
const char *kDispatch =
    "set codename const alias $moved; if sub #codename $origin $dest and issub #codename: elseif fn "
    "#codename $origin $dest and isfunc #codename and not issub #codename: else: set name alias "
    "#codename; set errmsg list \"You may not move your\" #name \"from\" $origin \"to\" join $dest "
    "\".<BR>\"; set desc join #codename \"-Desc\"; set errmsg str_replace \"_\" \" \" join #errmsg "
    "str_replace \"%s\" #name var #desc; die #errmsg; endif;";

class GcFairy : public ::testing::Test {
protected:
  Interp in;
  void SetUp() override { ASSERT_EQ(in.run(kLibrary, "fairychess.txt"), ""); }
};

} // namespace

TEST_F(GcFairy, CodenamesAndDisplayNames) {
  EXPECT_EQ(in.ev("const alias C"), "Cardinal");
  EXPECT_EQ(in.ev("alias const alias C"), "Archbishop");
  EXPECT_EQ(in.ev("alias White_Pawn"), "Pawn");
  EXPECT_EQ(in.ev("realname Pawn"), "Black_Pawn");
  EXPECT_EQ(in.ev("isfunc Rook-Range"), "true");
  EXPECT_EQ(in.ev("count fn Rook-Range a1"), "14");
}

TEST_F(GcFairy, CardinalThreeWays) {
  for (const char *f : {"Cardinal", "Cardinal2", "Cardinal3"}) {
    EXPECT_EQ(in.ev(std::string("fn ") + f + " b1 c3"), "true") << f;  // knight
    EXPECT_EQ(in.ev(std::string("fn ") + f + " c1 d2"), "true") << f;  // bishop
    EXPECT_EQ(in.ev(std::string("fn ") + f + " c1 c3"), "false") << f; // neither
  }
}

TEST_F(GcFairy, CannonMovesLikeARookAndCapturesByHopping) {
  ASSERT_EQ(gc_set_board(in.gc, "a b c d e f g h", "1 2 3 4 5 6 7 8", "8/8/8/8/8/p7/8/O1p4r", &in.err), GC_OK);
  // potential moves (the Cannon still on a1)
  EXPECT_EQ(in.ev("fn Cannon a1 b1"), "true");  // move to an empty square
  EXPECT_EQ(in.ev("fn Cannon a1 c1"), "false"); // no capture without a screen
  EXPECT_EQ(in.ev("fn Cannon a1 h1"), "true");  // capture over the c1 screen
  EXPECT_EQ(in.ev("fn Cannon a1 a3"), "false"); // no screen between a1 and a3
  EXPECT_EQ(in.ev("fn Cannon a1 a2"), "true");
  EXPECT_EQ(in.ev("fn Cannon a1 z9"), "false"); // off the board
}

TEST_F(GcFairy, DispatchAcceptsLegalAndExplainsIllegalMoves) {
  ASSERT_EQ(in.run("MOVE: R a1-a3;"), ""); // through the a2 pawn
  EXPECT_EQ(in.run(kDispatch), "DIE: You may not move your Rook from a1 to a3.<BR>The Rook may "
                               "move any number of spaces in any vertical or horizontal "
                               "direction until it reaches an occupied space.");
  ASSERT_EQ(gc_set_board(in.gc, "a b c d e f g h", "1 2 3 4 5 6 7 8", "8/8/8/8/8/8/8/R1C5", &in.err), GC_OK);
  ASSERT_EQ(in.run("MOVE: R a1-b1;"), "");
  ASSERT_EQ(in.run(kDispatch), "");
  ASSERT_EQ(in.run("MOVE: C c1-c2;"), "");
  EXPECT_EQ(in.run(kDispatch), "DIE: You may not move your Archbishop from c1 to c2.<BR>The Archbishop "
                               "moves as a Bishop or a Knight.");
}

TEST_F(GcFairy, WhitePawnFunction) {
  ASSERT_EQ(gc_set_board(in.gc, "a b c d e f g h", "1 2 3 4 5 6 7 8", "8/8/8/3pP3/8/8/4P3/8", &in.err), GC_OK);
  EXPECT_EQ(in.ev("fn White_Pawn e2 e3"), "true");
  EXPECT_EQ(in.ev("fn White_Pawn e2 e4"), "true");
  EXPECT_EQ(in.ev("fn White_Pawn e2 e5"), "false"); // beyond fps
  EXPECT_EQ(in.ev("fn White_Pawn e2 d3"), "false"); // diagonal onto an empty square
  EXPECT_EQ(in.ev("fn White_Pawn e5 d6"), "false"); // no en passant yet
  ASSERT_EQ(in.run("set ep d5;"), "");
  EXPECT_EQ(in.ev("fn White_Pawn e5 d6"), "true"); // en passant ...
  EXPECT_EQ(in.space("d5"), "@");                  // ... removes the pawn (`remove var ep`)
  ASSERT_EQ(in.run("set movetype CHECK;"), "");
  EXPECT_EQ(in.ev("fn White_Pawn e2 e3"), "false"); // CHECK tests consider captures only
}
