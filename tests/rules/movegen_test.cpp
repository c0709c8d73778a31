// Every atom kind, one piece at a time on small custom boards: the legal moves from a known
// square are compared with counts worked out by hand.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core_shim.h"
#include "rules/core_helpers.h"

namespace {

using core_test::Finalize;
using core_test::MovesFrom;
using core_test::PosBox;
using core_test::RulesBox;
using core_test::SetFen;
using core_test::StartRules;
using Names = std::vector<std::string>;

// A board with the piece X under test and a plain wazir O used as blocker, screen or victim.
class CoreAtoms : public ::testing::Test {
protected:
  RulesBox rules;
  PosBox pos;

  void Build(const char *betza, int width = 8, int height = 8) {
    StartRules(rules.get(), width, height, {{"Tested", 'X', betza}, {"Blocker", 'O', "W"}});
    Finalize(rules.get());
  }
  Names From(const std::string &fen, const char *square) {
    EXPECT_TRUE(SetFen(pos.get(), rules.get(), fen));
    return MovesFrom(pos.get(), square);
  }
  int Count(const std::string &fen, const char *square) { return static_cast<int>(From(fen, square).size()); }
};

// FENs on 8x8 with the tested piece on d4 (white or black to move) or a1.
const char *kWhiteD4 = "8/8/8/8/3X4/8/8/8 w - - 0 1";
const char *kBlackD4 = "8/8/8/8/3x4/8/8/8 b - - 0 1";
const char *kWhiteA1 = "8/8/8/8/8/8/8/X7 w - - 0 1";

TEST_F(CoreAtoms, Knight) {
  Build("N");
  EXPECT_EQ(Count(kWhiteD4, "d4"), 8);
  EXPECT_EQ(Count(kWhiteA1, "a1"), 2);
  EXPECT_EQ(From(kWhiteA1, "a1"), (Names{"a1b3", "a1c2"}));
  EXPECT_EQ(Count("8/8/8/8/8/8/8/1X6 w - - 0 1", "b1"), 3);
  EXPECT_EQ(Count("7X/8/8/8/8/8/8/8 w - - 0 1", "h8"), 2);
}

TEST_F(CoreAtoms, Wazir) {
  Build("W");
  EXPECT_EQ(Count(kWhiteD4, "d4"), 4);
  EXPECT_EQ(Count(kWhiteA1, "a1"), 2);
  EXPECT_EQ(Count("8/8/8/8/X7/8/8/8 w - - 0 1", "a4"), 3);
}

TEST_F(CoreAtoms, Ferz) {
  Build("F");
  EXPECT_EQ(Count(kWhiteD4, "d4"), 4);
  EXPECT_EQ(Count(kWhiteA1, "a1"), 1);
  EXPECT_EQ(Count("8/8/8/8/X7/8/8/8 w - - 0 1", "a4"), 2);
}

TEST_F(CoreAtoms, Dabbaba) {
  Build("D");
  EXPECT_EQ(From(kWhiteD4, "d4"), (Names{"d4b4", "d4d2", "d4d6", "d4f4"}));
  EXPECT_EQ(Count(kWhiteA1, "a1"), 2);
  EXPECT_EQ(Count("8/8/8/8/8/8/1X6/8 w - - 0 1", "b2"), 2);
  // A leaper jumps: pieces in between do not matter.
  EXPECT_EQ(Count("8/8/8/3O4/2OXO3/3O4/8/8 w - - 0 1", "d4"), 4);
}

TEST_F(CoreAtoms, Alfil) {
  Build("A");
  EXPECT_EQ(From(kWhiteD4, "d4"), (Names{"d4b2", "d4b6", "d4f2", "d4f6"}));
  EXPECT_EQ(Count(kWhiteA1, "a1"), 1);
}

TEST_F(CoreAtoms, ThreeleaperH) {
  Build("H");
  EXPECT_EQ(From(kWhiteD4, "d4"), (Names{"d4a4", "d4d1", "d4d7", "d4g4"}));
  EXPECT_EQ(Count(kWhiteA1, "a1"), 2);
}

TEST_F(CoreAtoms, TripperG) {
  Build("G");
  EXPECT_EQ(From(kWhiteD4, "d4"), (Names{"d4a1", "d4a7", "d4g1", "d4g7"}));
}

TEST_F(CoreAtoms, Camel) {
  Build("C");
  EXPECT_EQ(From(kWhiteD4, "d4"), (Names{"d4a3", "d4a5", "d4c1", "d4c7", "d4e1", "d4e7", "d4g3", "d4g5"}));
  EXPECT_EQ(From(kWhiteA1, "a1"), (Names{"a1b4", "a1d2"}));
}

TEST_F(CoreAtoms, Zebra) {
  Build("Z");
  EXPECT_EQ(From(kWhiteD4, "d4"), (Names{"d4a2", "d4a6", "d4b1", "d4b7", "d4f1", "d4f7", "d4g2", "d4g6"}));
  EXPECT_EQ(From(kWhiteA1, "a1"), (Names{"a1c4", "a1d3"}));
}

TEST_F(CoreAtoms, LeaperCapturesEnemyButNotOwn) {
  Build("N");
  // Own blockers on c6 and e6, enemies on b5 and f3.
  Names moves = From("8/8/2O1O3/1o6/3X4/5o2/8/8 w - - 0 1", "d4");
  EXPECT_EQ(moves, (Names{"d4b3", "d4b5", "d4c2", "d4e2", "d4f3", "d4f5"}));
}

TEST_F(CoreAtoms, Rook) {
  Build("R");
  EXPECT_EQ(Count(kWhiteD4, "d4"), 14);
  EXPECT_EQ(Count(kWhiteA1, "a1"), 14);
  // Own piece on d6 stops the ride before it, enemy on b4 is taken and stops it.
  EXPECT_EQ(Count("8/8/3O4/8/1o1X4/8/8/8 w - - 0 1", "d4"), 1 + 2 + 3 + 4);
}

TEST_F(CoreAtoms, Bishop) {
  Build("B");
  EXPECT_EQ(Count(kWhiteD4, "d4"), 13);
  EXPECT_EQ(Count(kWhiteA1, "a1"), 7);
}

TEST_F(CoreAtoms, Queen) {
  Build("Q");
  EXPECT_EQ(Count(kWhiteD4, "d4"), 27);
  EXPECT_EQ(Count(kWhiteA1, "a1"), 21);
}

TEST_F(CoreAtoms, Nightrider) {
  Build("NN");
  EXPECT_EQ(From(kWhiteA1, "a1"), (Names{"a1b3", "a1c2", "a1c5", "a1d7", "a1e3", "a1g4"}));
  EXPECT_EQ(Count(kWhiteD4, "d4"), 12);
  // Own piece on c5 cuts the (1,2) ray after b3; an enemy there is taken.
  EXPECT_EQ(From("8/8/8/2O5/8/8/8/X7 w - - 0 1", "a1"), (Names{"a1b3", "a1c2", "a1e3", "a1g4"}));
  EXPECT_EQ(From("8/8/8/2o5/8/8/8/X7 w - - 0 1", "a1"), (Names{"a1b3", "a1c2", "a1c5", "a1e3", "a1g4"}));
  // A piece on the square a knight step away blocks; one beside the path does not.
  EXPECT_EQ(Count("8/8/8/8/8/1O6/8/X7 w - - 0 1", "a1"), 3);
  EXPECT_EQ(Count("8/8/8/8/8/8/1O6/X7 w - - 0 1", "a1"), 6);
}

TEST_F(CoreAtoms, LimitedRiders) {
  Build("R2");
  EXPECT_EQ(From(kWhiteD4, "d4"), (Names{"d4b4", "d4c4", "d4d2", "d4d3", "d4d5", "d4d6", "d4e4", "d4f4"}));
  EXPECT_EQ(Count(kWhiteA1, "a1"), 4);
  EXPECT_EQ(Count("8/8/8/3O4/3X4/8/8/8 w - - 0 1", "d4"), 6);
  EXPECT_EQ(Count("8/8/8/3o4/3X4/8/8/8 w - - 0 1", "d4"), 7);
  EXPECT_EQ(Count("8/8/3o4/8/3X4/8/8/8 w - - 0 1", "d4"), 8);
}

TEST_F(CoreAtoms, LimitedWazirRider) {
  Build("W3");
  EXPECT_EQ(Count(kWhiteD4, "d4"), 12);
  EXPECT_EQ(Count(kWhiteA1, "a1"), 6);
  EXPECT_EQ(Count("8/8/8/8/8/8/8/XO6 w - - 0 1", "a1"), 3);
}

TEST_F(CoreAtoms, ForwardRookMirrorsForBlack) {
  Build("fR");
  EXPECT_EQ(From(kWhiteD4, "d4"), (Names{"d4d5", "d4d6", "d4d7", "d4d8"}));
  EXPECT_EQ(From(kBlackD4, "d4"), (Names{"d4d1", "d4d2", "d4d3"}));
}

TEST_F(CoreAtoms, ForwardAndSidewaysWazir) {
  Build("fsW");
  EXPECT_EQ(From(kWhiteD4, "d4"), (Names{"d4c4", "d4d5", "d4e4"}));
  EXPECT_EQ(From(kBlackD4, "d4"), (Names{"d4c4", "d4d3", "d4e4"}));
}

TEST_F(CoreAtoms, ShogiKnight) {
  Build("ffN");
  EXPECT_EQ(From(kWhiteD4, "d4"), (Names{"d4c6", "d4e6"}));
  EXPECT_EQ(From(kBlackD4, "d4"), (Names{"d4c2", "d4e2"}));
  EXPECT_EQ(Count("X7/8/8/8/8/8/8/8 w - - 0 1", "a8"), 0);
}

TEST_F(CoreAtoms, ForwardFerzAndBackwardWazir) {
  Build("fFbW");
  EXPECT_EQ(From(kWhiteD4, "d4"), (Names{"d4c5", "d4d3", "d4e5"}));
  EXPECT_EQ(From(kBlackD4, "d4"), (Names{"d4c3", "d4d5", "d4e3"}));
}

TEST_F(CoreAtoms, LeftRook) {
  Build("lR");
  EXPECT_EQ(From(kWhiteD4, "d4"), (Names{"d4a4", "d4b4", "d4c4"}));
}

TEST_F(CoreAtoms, RightRook) {
  Build("rR");
  EXPECT_EQ(From(kWhiteD4, "d4"), (Names{"d4e4", "d4f4", "d4g4", "d4h4"}));
}

TEST_F(CoreAtoms, VerticalRook) {
  Build("vR");
  EXPECT_EQ(Count(kWhiteD4, "d4"), 7);
  EXPECT_EQ(Count(kBlackD4, "d4"), 7);
  for (const std::string &m : From(kWhiteD4, "d4")) EXPECT_EQ(m[2], 'd') << m;
}

TEST_F(CoreAtoms, SidewaysRook) {
  Build("sR");
  EXPECT_EQ(Count(kWhiteD4, "d4"), 7);
  for (const std::string &m : From(kWhiteD4, "d4")) EXPECT_EQ(m[3], '4') << m;
}

TEST_F(CoreAtoms, MoveOnlyRookNeverCaptures) {
  Build("mR");
  // Enemy on d6: the rook reaches d5 and stops; nothing is taken.
  Names moves = From("8/8/3o4/8/3X4/8/8/8 w - - 0 1", "d4");
  EXPECT_EQ(moves.size(), 11u);
  for (const std::string &m : moves) EXPECT_NE(m, "d4d6");
}

TEST_F(CoreAtoms, CaptureOnlyRookOnlyCaptures) {
  Build("cR");
  EXPECT_EQ(Count(kWhiteD4, "d4"), 0);
  EXPECT_EQ(From("8/8/3o4/8/o2X1O1o/8/8/8 w - - 0 1", "d4"), (Names{"d4a4", "d4d6"}));
}

TEST_F(CoreAtoms, PawnWithoutDoubleStep) {
  Build("fmWfcF");
  EXPECT_EQ(From(kWhiteD4, "d4"), (Names{"d4d5"}));
  EXPECT_EQ(From("8/8/8/2ooo3/3X4/8/8/8 w - - 0 1", "d4"), (Names{"d4c5", "d4e5"}));
  EXPECT_EQ(From("8/8/8/2OoO3/3X4/8/8/8 w - - 0 1", "d4"), (Names{}));
  EXPECT_EQ(From("8/8/8/8/3x4/2O1O3/8/8 b - - 0 1", "d4"), (Names{"d4c3", "d4d3", "d4e3"}));
}

TEST_F(CoreAtoms, InitialDoubleStepOnlyFromTheInitialZone) {
  StartRules(rules.get(), 8, 8, {{"Pawn", 'X', "fmWfcFifmnD"}, {"Blocker", 'O', "W"}});
  rules->types[0].initial_zone = rules_add_zone(rules.get(), "pawn start", 0, 7, 1, 1);
  Finalize(rules.get());
  EXPECT_EQ(From("8/8/8/8/8/8/3X4/8 w - - 0 1", "d2"), (Names{"d2d3", "d2d4"}));
  EXPECT_EQ(From("8/8/8/8/8/3X4/8/8 w - - 0 1", "d3"), (Names{"d3d4"}));
  // Lame: a piece on d3 blocks both steps, one on d4 only the double step.
  EXPECT_EQ(From("8/8/8/8/8/3o4/3X4/8 w - - 0 1", "d2"), (Names{}));
  EXPECT_EQ(From("8/8/8/8/3O4/8/3X4/8 w - - 0 1", "d2"), (Names{"d2d3"}));
  // Black's initial zone is the mirrored rank 7.
  EXPECT_EQ(From("8/3x4/8/8/8/8/8/8 b - - 0 1", "d7"), (Names{"d7d5", "d7d6"}));
  EXPECT_EQ(From("8/8/8/8/8/8/3x4/8 b - - 0 1", "d2"), (Names{"d2d1"}));
}

TEST_F(CoreAtoms, XiangqiHorseIsBlockedByItsLeg) {
  Build("nN");
  EXPECT_EQ(Count(kWhiteD4, "d4"), 8);
  // A piece on d5 (own or enemy) blocks c6 and e6; one on c5 blocks nothing.
  EXPECT_EQ(From("8/8/8/3O4/3X4/8/8/8 w - - 0 1", "d4"), (Names{"d4b3", "d4b5", "d4c2", "d4e2", "d4f3", "d4f5"}));
  EXPECT_EQ(Count("8/8/8/3o4/3X4/8/8/8 w - - 0 1", "d4"), 6);
  EXPECT_EQ(Count("8/8/8/2O5/3X4/8/8/8 w - - 0 1", "d4"), 8);
  // Legs on all four sides: no move at all.
  EXPECT_EQ(Count("8/8/8/3O4/2OXO3/3O4/8/8 w - - 0 1", "d4"), 0);
  // The horse still captures when its leg is free.
  EXPECT_EQ(Count("8/8/2o5/8/3X4/8/8/8 w - - 0 1", "d4"), 8);
}

TEST_F(CoreAtoms, XiangqiElephantIsBlockedInTheMiddle) {
  Build("nA");
  EXPECT_EQ(Count(kWhiteD4, "d4"), 4);
  EXPECT_EQ(From("8/8/8/4o3/3X4/8/8/8 w - - 0 1", "d4"), (Names{"d4b2", "d4b6", "d4f2"}));
}

TEST_F(CoreAtoms, CannonNeedsAScreenToCapture) {
  Build("mRcpR");
  EXPECT_EQ(Count(kWhiteD4, "d4"), 14);
  // Screen on d6, victim on d8: quiet d5, capture d8 (d7 is not reachable quietly).
  Names moves = From("3o4/8/3O4/8/3X4/8/8/8 w - - 0 1", "d4");
  EXPECT_EQ(moves.size(), 12u);
  EXPECT_NE(std::find(moves.begin(), moves.end(), "d4d8"), moves.end());
  EXPECT_EQ(std::find(moves.begin(), moves.end(), "d4d7"), moves.end());
  // Without a screen the enemy is out of reach (and blocks the quiet move to d8).
  EXPECT_EQ(Count("3o4/8/8/8/3X4/8/8/8 w - - 0 1", "d4"), 13);
  // An enemy screen is not taken, the piece beyond it is; own pieces beyond are not.
  Names two = From("3O4/8/3o4/8/3X4/8/8/8 w - - 0 1", "d4");
  EXPECT_EQ(two.size(), 11u);
  EXPECT_EQ(std::find(two.begin(), two.end(), "d4d6"), two.end());
  // The cannon takes the first piece beyond the screen only: d7 (enemy) but not d8 behind it,
  // and nothing when that first piece is its own.
  Names first = From("3o4/3o4/3o4/8/3X4/8/8/8 w - - 0 1", "d4");
  EXPECT_EQ(first.size(), 12u);
  EXPECT_NE(std::find(first.begin(), first.end(), "d4d7"), first.end());
  EXPECT_EQ(Count("3o4/3O4/3o4/8/3X4/8/8/8 w - - 0 1", "d4"), 11);
}

TEST_F(CoreAtoms, VaoCapturesDiagonallyOverAScreen) {
  Build("mBcpB");
  EXPECT_EQ(Count(kWhiteD4, "d4"), 13);
  Names moves = From("8/6o1/8/4O3/3X4/8/8/8 w - - 0 1", "d4");
  EXPECT_EQ(moves.size(), 10u);
  EXPECT_NE(std::find(moves.begin(), moves.end(), "d4g7"), moves.end());
}

TEST_F(CoreAtoms, GrasshopperLandsJustBeyondTheHurdle) {
  Build("gQ");
  EXPECT_EQ(Count(kWhiteD4, "d4"), 0);
  EXPECT_EQ(From("8/8/3O4/8/3X4/8/8/8 w - - 0 1", "d4"), (Names{"d4d7"}));
  EXPECT_EQ(From("8/3o4/3O4/8/3X4/8/8/8 w - - 0 1", "d4"), (Names{"d4d7"}));
  EXPECT_EQ(From("8/3O4/3O4/8/3X4/8/8/8 w - - 0 1", "d4"), (Names{}));
  EXPECT_EQ(Count("3O4/8/8/8/3X4/8/8/8 w - - 0 1", "d4"), 0);
  EXPECT_EQ(From("8/8/5O2/8/3X4/8/8/8 w - - 0 1", "d4"), (Names{"d4g7"}));
  EXPECT_EQ(From("8/8/8/8/O2X3O/8/8/8 w - - 0 1", "d4"), (Names{}));
  EXPECT_EQ(From("8/8/8/8/1O1X2O1/8/8/8 w - - 0 1", "d4"), (Names{"d4a4", "d4h4"}));
}

TEST_F(CoreAtoms, DestinationZoneKeepsAPieceInItsPalace) {
  StartRules(rules.get(), 8, 8, {{"Guard", 'X', "W"}, {"Blocker", 'O', "W"}});
  int palace = rules_add_zone(rules.get(), "palace", 3, 5, 0, 2);
  for (int i = 0; i < rules->types[0].atom_count; i++) rules->types[0].atoms[i].to_zone = (int8_t)palace;
  Finalize(rules.get());
  EXPECT_EQ(From("8/8/8/8/8/8/8/4X3 w - - 0 1", "e1"), (Names{"e1d1", "e1e2", "e1f1"}));
  EXPECT_EQ(From("8/8/8/8/8/8/8/3X4 w - - 0 1", "d1"), (Names{"d1d2", "d1e1"}));
  EXPECT_EQ(Count("8/8/8/8/8/8/4X3/8 w - - 0 1", "e2"), 4);
  EXPECT_EQ(From("8/8/8/8/8/4X3/8/8 w - - 0 1", "e3"), (Names{"e3d3", "e3e2", "e3f3"}));
  // Black's palace is the mirror image at the top.
  EXPECT_EQ(From("4x3/8/8/8/8/8/8/8 b - - 0 1", "e8"), (Names{"e8d8", "e8e7", "e8f8"}));
}

TEST_F(CoreAtoms, SourceZoneGivesSideStepsOverTheRiver) {
  StartRules(rules.get(), 8, 8, {{"Soldier", 'X', "fWsW"}, {"Blocker", 'O', "W"}});
  int river = rules_add_zone(rules.get(), "over the river", 0, 7, 4, 7);
  for (int i = 0; i < rules->types[0].atom_count; i++)
    if (rules->types[0].atoms[i].dy == 0) rules->types[0].atoms[i].from_zone = (int8_t)river;
  Finalize(rules.get());
  EXPECT_EQ(From(kWhiteD4, "d4"), (Names{"d4d5"}));
  EXPECT_EQ(From("8/8/8/3X4/8/8/8/8 w - - 0 1", "d5"), (Names{"d5c5", "d5d6", "d5e5"}));
  EXPECT_EQ(From("3X4/8/8/8/8/8/8/8 w - - 0 1", "d8"), (Names{"d8c8", "d8e8"}));
  EXPECT_EQ(From("8/8/8/3x4/8/8/8/8 b - - 0 1", "d5"), (Names{"d5d4"}));
  EXPECT_EQ(From(kBlackD4, "d4"), (Names{"d4c4", "d4d3", "d4e4"}));
}

// The xiangqi fixture's zones: palace, elephant's own half, soldier's river.
TEST(CoreAtomsXiangqi, PalaceRiverAndHomeHalf) {
  auto rules = core_test::Fixture("xiangqi");
  PosBox pos;
  auto from = [&](const char *fen, const char *sq) {
    EXPECT_TRUE(SetFen(pos.get(), rules->get(), fen));
    return MovesFrom(pos.get(), sq);
  };
  EXPECT_EQ(from("9/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e1"), (Names{"e1d1", "e1e2", "e1f1"}));
  EXPECT_EQ(from("9/9/9/9/9/9/9/9/9/3A5 w - - 0 1", "d1"), (Names{"d1e2"}));
  EXPECT_EQ(from("9/9/9/9/9/9/9/9/4A4/9 w - - 0 1", "e2").size(), 4u);
  EXPECT_EQ(from("9/9/9/9/9/9/9/9/9/2B6 w - - 0 1", "c1"), (Names{"c1a3", "c1e3"}));
  EXPECT_EQ(from("9/9/9/9/9/9/9/9/3P5/2B6 w - - 0 1", "c1"), (Names{"c1a3"}));
  // An elephant on the river bank may not cross.
  EXPECT_EQ(from("9/9/9/9/9/2B6/9/9/9/9 w - - 0 1", "c5"), (Names{"c5a3", "c5e3"}));
  EXPECT_EQ(from("9/9/9/9/9/4P4/9/9/9/9 w - - 0 1", "e5"), (Names{"e5e6"}));
  EXPECT_EQ(from("9/9/9/9/4P4/9/9/9/9/9 w - - 0 1", "e6"), (Names{"e6d6", "e6e7", "e6f6"}));
  EXPECT_EQ(from("4P4/9/9/9/9/9/9/9/9/9 w - - 0 1", "e10"), (Names{"e10d10", "e10f10"}));
  EXPECT_EQ(from("9/9/9/4p4/9/9/9/9/9/9 b - - 0 1", "e7"), (Names{"e7e6"}));
  EXPECT_EQ(from("9/9/9/9/9/4p4/9/9/9/9 b - - 0 1", "e5"), (Names{"e5d5", "e5e4", "e5f5"}));
}

TEST(CoreAtomsXiangqi, GeneralsMayNotFaceEachOther) {
  auto rules = core_test::Fixture("xiangqi");
  PosBox pos;
  // Generals on d1 and e10: stepping to e1 or e2 would face the other general.
  ASSERT_TRUE(SetFen(pos.get(), rules->get(), "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1"));
  EXPECT_EQ(MovesFrom(pos.get(), "d1"), (Names{"d1d2"}));
  // With a piece between them the file is blocked.
  ASSERT_TRUE(SetFen(pos.get(), rules->get(), "4k4/9/9/9/4p4/9/9/9/9/3K5 w - - 0 1"));
  EXPECT_EQ(MovesFrom(pos.get(), "d1"), (Names{"d1d2", "d1e1"}));
}

TEST(CoreAtomsLarge, RidersOnA16x16Board) {
  RulesBox rules;
  StartRules(rules.get(), 16, 16, {{"Queen", 'Q', "Q"}, {"Knight", 'N', "N"}});
  Finalize(rules.get());
  EXPECT_EQ(rules->bbw, 4);
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), "16/16/16/16/16/16/16/16/7Q8/16/16/16/16/16/16/16 w - - 0 1"));
  // Queen on h8 = (7,7) of a 16x16 board: 15 + 15 orthogonal, 8 + 7 + 7 + 7 diagonal.
  EXPECT_EQ(MovesFrom(pos.get(), "h8").size(), 59u);
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), "15N/16/16/16/16/16/16/16/16/16/16/16/16/16/16/Q15 w - - 0 1"));
  // Queen on a1: 15 + 15 + 14 (its own knight stands on p16).
  EXPECT_EQ(MovesFrom(pos.get(), "a1").size(), 44u);
  EXPECT_EQ(MovesFrom(pos.get(), "p16").size(), 2u);
}

TEST(CoreAtomsLarge, RidersOnA10x10Board) {
  RulesBox rules;
  StartRules(rules.get(), 10, 10, {{"Rook", 'R', "R"}, {"Nightrider", 'N', "NN"}});
  Finalize(rules.get());
  EXPECT_EQ(rules->bbw, 2);
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), "10/10/10/10/10/10/10/10/10/R8N w - - 0 1"));
  EXPECT_EQ(MovesFrom(pos.get(), "a1").size(), 17u);
  // Nightrider from j1: (-1,2) i3 g5? no: i3, h5, g7, f9; (-2,1) h2, f3, d4, b5.
  EXPECT_EQ(MovesFrom(pos.get(), "j1"), (Names{"j1b5", "j1d4", "j1f3", "j1f9", "j1g7", "j1h2", "j1h5", "j1i3"}));
}

TEST(CoreAtomsHoles, RidersStopAtHolesAndLeapersSkipThem) {
  RulesBox rules;
  StartRules(rules.get(), 5, 5, {{"Rook", 'R', "R"}, {"Knight", 'N', "N"}});
  rules->geo.hole[geo_square(&rules->geo, 2, 2)] = true; // c3
  Finalize(rules.get());
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), "5/5/R1*2/5/5 w - - 0 1"));
  // Rook on a3: b3 then the hole; up a4 a5, down a2 a1.
  EXPECT_EQ(MovesFrom(pos.get(), "a3"), (Names{"a3a1", "a3a2", "a3a4", "a3a5", "a3b3"}));
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), "5/5/2*2/5/N4 w - - 0 1"));
  // Knight on a1: b3 and c2; neither is the hole.
  EXPECT_EQ(MovesFrom(pos.get(), "a1"), (Names{"a1b3", "a1c2"}));
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), "5/5/2*2/5/1N3 w - - 0 1"));
  // Knight on b1: a3, c3 (hole), d2.
  EXPECT_EQ(MovesFrom(pos.get(), "b1"), (Names{"b1a3", "b1d2"}));
}

} // namespace
