// Betza's notation read into atoms: letters, compounds, riders, ranges, modifiers, directions.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <utility>

#include "core_shim.h"
#include "rules/core_helpers.h"

namespace {

struct Parsed {
  int count = 0;
  Atom atoms[MAX_ATOMS];
  std::string err;
};

Parsed Parse(const char *text, int max = MAX_ATOMS) {
  Parsed p;
  char err[RULES_ERR_LEN] = "";
  p.count = betza_parse(text, p.atoms, max, err, sizeof err);
  p.err = err;
  return p;
}

std::set<std::pair<int, int>> Vectors(const Parsed &p) {
  std::set<std::pair<int, int>> v;
  for (int i = 0; i < p.count; i++) v.insert({p.atoms[i].dx, p.atoms[i].dy});
  return v;
}

using V = std::set<std::pair<int, int>>;

TEST(CoreBetza, LeaperLettersGiveTheirEightOrFourImages) {
  struct Case {
    const char *text;
    int count;
    int a, b;
  } cases[] = {{"W", 4, 0, 1}, {"F", 4, 1, 1}, {"D", 4, 0, 2}, {"N", 8, 1, 2}, {"A", 4, 2, 2},
               {"H", 4, 0, 3}, {"C", 8, 1, 3}, {"Z", 8, 2, 3}, {"G", 4, 3, 3}};
  for (const Case &c : cases) {
    Parsed p = Parse(c.text);
    ASSERT_EQ(p.count, c.count) << c.text << ": " << p.err;
    for (int i = 0; i < p.count; i++) {
      const Atom &a = p.atoms[i];
      EXPECT_EQ(a.kind, ATOM_LEAP) << c.text;
      EXPECT_EQ(a.mode, MODE_BOTH) << c.text;
      EXPECT_FALSE(a.initial);
      EXPECT_FALSE(a.lame);
      EXPECT_EQ(a.from_zone, NO_ZONE);
      EXPECT_EQ(a.to_zone, NO_ZONE);
      int lo = std::min(std::abs(a.dx), std::abs(a.dy)), hi = std::max(std::abs(a.dx), std::abs(a.dy));
      EXPECT_EQ(lo, c.a) << c.text;
      EXPECT_EQ(hi, c.b) << c.text;
    }
    EXPECT_EQ(static_cast<int>(Vectors(p).size()), c.count) << c.text << " has duplicate atoms";
  }
}

TEST(CoreBetza, CompoundsExpand) {
  Parsed k = Parse("K");
  ASSERT_EQ(k.count, 8);
  for (int i = 0; i < 8; i++) EXPECT_EQ(k.atoms[i].kind, ATOM_LEAP);
  Parsed q = Parse("Q");
  ASSERT_EQ(q.count, 8);
  for (int i = 0; i < 8; i++) {
    EXPECT_EQ(q.atoms[i].kind, ATOM_RIDE);
    EXPECT_EQ(q.atoms[i].range, 0);
  }
  EXPECT_EQ(Vectors(Parse("R")), (V{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}));
  EXPECT_EQ(Vectors(Parse("B")), (V{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}));
  EXPECT_EQ(Parse("RN").count, 12);
  EXPECT_EQ(Parse("BN").count, 12);
  EXPECT_EQ(Parse("QN").count, 16);
}

TEST(CoreBetza, DoubledLetterIsARiderAndANumberLimitsIt) {
  Parsed nn = Parse("NN");
  ASSERT_EQ(nn.count, 8);
  for (int i = 0; i < 8; i++) {
    EXPECT_EQ(nn.atoms[i].kind, ATOM_RIDE);
    EXPECT_EQ(nn.atoms[i].range, 0);
  }
  Parsed ww = Parse("WW");
  EXPECT_EQ(Vectors(ww), Vectors(Parse("R")));
  Parsed r2 = Parse("R2");
  ASSERT_EQ(r2.count, 4);
  for (int i = 0; i < 4; i++) {
    EXPECT_EQ(r2.atoms[i].kind, ATOM_RIDE);
    EXPECT_EQ(r2.atoms[i].range, 2);
  }
  Parsed w3 = Parse("W3");
  ASSERT_EQ(w3.count, 4);
  for (int i = 0; i < 4; i++) {
    EXPECT_EQ(w3.atoms[i].kind, ATOM_RIDE);
    EXPECT_EQ(w3.atoms[i].range, 3);
  }
  Parsed f15 = Parse("F15");
  ASSERT_EQ(f15.count, 4);
  EXPECT_EQ(f15.atoms[0].range, 15);
}

TEST(CoreBetza, MoveCaptureInitialAndLameModifiers) {
  // The orthodox pawn: fmW, fcF, ifmnD.
  Parsed pawn = Parse("fmWfcFifmnD");
  ASSERT_EQ(pawn.count, 4) << pawn.err;
  EXPECT_EQ(pawn.atoms[0].dx, 0);
  EXPECT_EQ(pawn.atoms[0].dy, 1);
  EXPECT_EQ(pawn.atoms[0].mode, MODE_MOVE);
  EXPECT_FALSE(pawn.atoms[0].initial);
  EXPECT_EQ(pawn.atoms[1].mode, MODE_CAPTURE);
  EXPECT_EQ(pawn.atoms[2].mode, MODE_CAPTURE);
  EXPECT_EQ(pawn.atoms[1].dy, 1);
  EXPECT_EQ(pawn.atoms[2].dy, 1);
  EXPECT_EQ(std::abs(pawn.atoms[1].dx), 1);
  EXPECT_EQ(pawn.atoms[3].dx, 0);
  EXPECT_EQ(pawn.atoms[3].dy, 2);
  EXPECT_EQ(pawn.atoms[3].mode, MODE_MOVE);
  EXPECT_TRUE(pawn.atoms[3].initial);
  EXPECT_TRUE(pawn.atoms[3].lame);
  EXPECT_EQ(pawn.atoms[3].kind, ATOM_LEAP);
  // mc together is both.
  Parsed mc = Parse("mcW");
  for (int i = 0; i < mc.count; i++) EXPECT_EQ(mc.atoms[i].mode, MODE_BOTH);
  // n on a rider is meaningless and dropped: riders are blocked anyway.
  Parsed nr = Parse("nR");
  for (int i = 0; i < nr.count; i++) EXPECT_FALSE(nr.atoms[i].lame);
}

TEST(CoreBetza, HoppersAndGrasshoppers) {
  Parsed cannon = Parse("mRcpR");
  ASSERT_EQ(cannon.count, 8);
  for (int i = 0; i < 4; i++) {
    EXPECT_EQ(cannon.atoms[i].kind, ATOM_RIDE);
    EXPECT_EQ(cannon.atoms[i].mode, MODE_MOVE);
  }
  for (int i = 4; i < 8; i++) {
    EXPECT_EQ(cannon.atoms[i].kind, ATOM_HOP);
    EXPECT_EQ(cannon.atoms[i].mode, MODE_CAPTURE);
  }
  Parsed vao = Parse("mBcpB");
  ASSERT_EQ(vao.count, 8);
  EXPECT_EQ(vao.atoms[4].kind, ATOM_HOP);
  EXPECT_EQ(std::abs(vao.atoms[4].dx), 1);
  EXPECT_EQ(std::abs(vao.atoms[4].dy), 1);
  // p on a single leap letter makes it a hopping rider.
  Parsed pw = Parse("pW");
  ASSERT_EQ(pw.count, 4);
  EXPECT_EQ(pw.atoms[0].kind, ATOM_HOP);
  Parsed grass = Parse("gQ");
  ASSERT_EQ(grass.count, 8);
  for (int i = 0; i < 8; i++) {
    EXPECT_EQ(grass.atoms[i].kind, ATOM_GRASSHOP);
    EXPECT_EQ(grass.atoms[i].mode, MODE_BOTH);
  }
}

TEST(CoreBetza, SingleDirectionsAreRelativeToWhite) {
  EXPECT_EQ(Vectors(Parse("fR")), (V{{0, 1}}));
  EXPECT_EQ(Vectors(Parse("bW")), (V{{0, -1}}));
  EXPECT_EQ(Vectors(Parse("lR")), (V{{-1, 0}}));
  EXPECT_EQ(Vectors(Parse("rR")), (V{{1, 0}}));
  EXPECT_EQ(Vectors(Parse("vR")), (V{{0, 1}, {0, -1}}));
  EXPECT_EQ(Vectors(Parse("sR")), (V{{1, 0}, {-1, 0}}));
  EXPECT_EQ(Vectors(Parse("fF")), (V{{1, 1}, {-1, 1}}));
  EXPECT_EQ(Vectors(Parse("bF")), (V{{1, -1}, {-1, -1}}));
  EXPECT_EQ(Vectors(Parse("lF")), (V{{-1, 1}, {-1, -1}}));
  EXPECT_EQ(Vectors(Parse("fN")), (V{{1, 2}, {-1, 2}, {2, 1}, {-2, 1}}));
  EXPECT_EQ(Vectors(Parse("bN")), (V{{1, -2}, {-1, -2}, {2, -1}, {-2, -1}}));
  EXPECT_EQ(Vectors(Parse("vN")), (V{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}}));
  EXPECT_EQ(Vectors(Parse("sN")), (V{{2, 1}, {-2, 1}, {2, -1}, {-2, -1}}));
  EXPECT_EQ(Vectors(Parse("fWbW")), (V{{0, 1}, {0, -1}}));
}

TEST(CoreBetza, DirectionPairsOnObliqueAndDiagonalAtoms) {
  // ffN: the narrow forward pair (the shogi knight); fsN: the wide forward pair.
  EXPECT_EQ(Vectors(Parse("ffN")), (V{{1, 2}, {-1, 2}}));
  EXPECT_EQ(Vectors(Parse("fsN")), (V{{2, 1}, {-2, 1}}));
  EXPECT_EQ(Vectors(Parse("bbN")), (V{{1, -2}, {-1, -2}}));
  EXPECT_EQ(Vectors(Parse("bsN")), (V{{2, -1}, {-2, -1}}));
  EXPECT_EQ(Vectors(Parse("llN")), (V{{-2, 1}, {-2, -1}}));
  EXPECT_EQ(Vectors(Parse("rvN")), (V{{1, 2}, {1, -2}}));
  // On a diagonal atom a pair names one diagonal.
  EXPECT_EQ(Vectors(Parse("frF")), (V{{1, 1}}));
  EXPECT_EQ(Vectors(Parse("flF")), (V{{-1, 1}}));
  EXPECT_EQ(Vectors(Parse("brF")), (V{{1, -1}}));
  EXPECT_EQ(Vectors(Parse("blB")), (V{{-1, -1}}));
  EXPECT_EQ(Vectors(Parse("fsF")), (V{{1, 1}, {-1, 1}}));
  EXPECT_EQ(Parse("ffNN").atoms[0].kind, ATOM_RIDE);
}

TEST(CoreBetza, DirectionPairsOnOrthogonalAtomsJoin) {
  // On W-like atoms every letter names disjoint moves, so a pair is their union (fsW = fW + sW).
  EXPECT_EQ(Vectors(Parse("fsW")), (V{{0, 1}, {1, 0}, {-1, 0}}));
  EXPECT_EQ(Vectors(Parse("frW")), (V{{0, 1}, {1, 0}}));
  EXPECT_EQ(Vectors(Parse("blW")), (V{{0, -1}, {-1, 0}}));
  EXPECT_EQ(Vectors(Parse("ffW")), (V{{0, 1}}));
  EXPECT_EQ(Vectors(Parse("fsR")), (V{{0, 1}, {1, 0}, {-1, 0}}));
  EXPECT_EQ(Vectors(Parse("bsD")), (V{{0, -2}, {2, 0}, {-2, 0}}));
}

TEST(CoreBetza, XiangqiAndShogiPieces) {
  // Soldier over the river, written as two groups.
  EXPECT_EQ(Vectors(Parse("fWsW")), (V{{0, 1}, {1, 0}, {-1, 0}}));
  // Gold general: W plus the forward diagonals.
  EXPECT_EQ(Vectors(Parse("WfF")), (V{{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, 1}}));
  // Silver general.
  EXPECT_EQ(Vectors(Parse("FfW")), (V{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}, {0, 1}}));
  Parsed horse = Parse("nN");
  ASSERT_EQ(horse.count, 8);
  for (int i = 0; i < 8; i++) {
    EXPECT_TRUE(horse.atoms[i].lame);
    EXPECT_EQ(horse.atoms[i].kind, ATOM_LEAP);
  }
  Parsed elephant = Parse("nA");
  ASSERT_EQ(elephant.count, 4);
  EXPECT_TRUE(elephant.atoms[0].lame);
  // The xiangqi general: W plus a capture-only vertical rider (flying general).
  Parsed general = Parse("WcvR");
  ASSERT_EQ(general.count, 6);
  EXPECT_EQ(general.atoms[4].kind, ATOM_RIDE);
  EXPECT_EQ(general.atoms[4].mode, MODE_CAPTURE);
  EXPECT_EQ(general.atoms[4].dx, 0);
}

TEST(CoreBetza, EmptyTextHasNoAtoms) {
  Parsed p = Parse("");
  EXPECT_EQ(p.count, 0);
}

TEST(CoreBetza, ErrorsNameTheOffendingCharacter) {
  struct Case {
    const char *text, *message;
  } cases[] = {
      {"X", "unknown atom 'X'"},          {"qN", "unknown modifier 'q'"},
      {"Nx", "unknown modifier 'x'"},     {"f", "expected an atom letter"},
      {"fm", "expected an atom letter"},  {"R0", "range 0 outside 1..15"},
      {"R16", "range 16 outside 1..15"},  {"W99999999999999999999", "outside 1..15"},
      {"fm3", "expected an atom letter"}, {"*", "expected an atom letter"},
  };
  for (const Case &c : cases) {
    Parsed p = Parse(c.text);
    EXPECT_EQ(p.count, -1) << c.text;
    EXPECT_NE(p.err.find(c.message), std::string::npos) << c.text << ": " << p.err;
    EXPECT_NE(p.err.find(c.text), std::string::npos) << p.err;
  }
}

TEST(CoreBetza, RefusesToOverflowTheAtomArray) {
  Parsed p = Parse("Q", 4);
  EXPECT_EQ(p.count, -1);
  EXPECT_NE(p.err.find("more than 4 atoms"), std::string::npos) << p.err;
  EXPECT_EQ(Parse("QN", 16).count, 16);
  EXPECT_EQ(Parse("QNW", 16).count, -1);
}

} // namespace

namespace {

using core_test::RulesBox;

// Building a rule set: every impossible request gives a message, never a crash.
TEST(CoreRulesModel, ImpossibleBoardsAndPiecesAreRefused) {
  RulesBox r;
  char err[RULES_ERR_LEN] = "";
  EXPECT_FALSE(rules_init(r.get(), "wide", 17, 8, err, sizeof err));
  EXPECT_NE(std::string(err).find("17x8 is outside the supported 2x2 to 16x16"), std::string::npos) << err;
  EXPECT_FALSE(rules_init(r.get(), "thin", 1, 8, err, sizeof err));
  EXPECT_FALSE(rules_init(r.get(), "none", 0, 0, err, sizeof err));
  ASSERT_TRUE(rules_init(r.get(), "ok", 8, 8, err, sizeof err)) << err;
  EXPECT_EQ(rules_add_piece(r.get(), "Digit", '1', "W", err, sizeof err), -1);
  EXPECT_NE(std::string(err).find("letter '1' is not a letter"), std::string::npos) << err;
  EXPECT_EQ(rules_add_piece(r.get(), "Bad", 'X', "fmQx", err, sizeof err), -1);
  EXPECT_NE(std::string(err).find("unknown modifier 'x'"), std::string::npos) << err;
  EXPECT_FALSE(rules_finalize(r.get(), err, sizeof err));
  EXPECT_NE(std::string(err).find("no piece types"), std::string::npos) << err;
  int pawn = rules_add_piece(r.get(), "Pawn", 'p', "fmWfcF", err, sizeof err);
  ASSERT_EQ(pawn, 0) << err;
  EXPECT_EQ(r->types[pawn].letter, 'P');
  EXPECT_EQ(rules_find_type(r.get(), 'p', false), pawn);
  EXPECT_EQ(rules_find_type(r.get(), 'P', true), -1);
  r->types[pawn].promo_choices[0] = pawn;
  r->types[pawn].promo_count = 1;
  EXPECT_FALSE(rules_finalize(r.get(), err, sizeof err));
  EXPECT_NE(std::string(err).find("promotion choices but no promotion zone"), std::string::npos) << err;
  r->types[pawn].promo_zone = rules_add_zone(r.get(), "last", 0, 7, 7, 7);
  r->types[pawn].promo_choices[0] = 7;
  EXPECT_FALSE(rules_finalize(r.get(), err, sizeof err));
  EXPECT_NE(std::string(err).find("promotes to an unknown type"), std::string::npos) << err;
  r->types[pawn].promo_choices[0] = pawn;
  EXPECT_TRUE(rules_finalize(r.get(), err, sizeof err)) << err;
  EXPECT_EQ(r->bbw, 1);
}

TEST(CoreRulesModel, TooManyPieceTypes) {
  RulesBox r;
  char err[RULES_ERR_LEN] = "";
  ASSERT_TRUE(rules_init(r.get(), "many", 8, 8, err, sizeof err));
  for (int i = 0; i < MAX_TYPES; i++)
    ASSERT_EQ(rules_add_piece(r.get(), "Piece", static_cast<char>('A' + i % 26), "W", err, sizeof err), i) << err;
  EXPECT_EQ(rules_add_piece(r.get(), "One more", 'Z', "W", err, sizeof err), -1);
  EXPECT_NE(std::string(err).find("more than 30 piece types"), std::string::npos) << err;
}

TEST(CoreRulesModel, ZonesAreMirroredForBlack) {
  RulesBox r;
  char err[RULES_ERR_LEN] = "";
  ASSERT_TRUE(rules_init(r.get(), "zones", 9, 10, err, sizeof err));
  int palace = rules_add_zone(r.get(), "palace", 3, 5, 0, 2);
  ASSERT_EQ(palace, 0);
  EXPECT_EQ(bits_count(&r->zones[palace][WHITE]), 9);
  EXPECT_EQ(bits_count(&r->zones[palace][BLACK]), 9);
  EXPECT_TRUE(bits_test(&r->zones[palace][WHITE], geo_square(&r->geo, 4, 1)));
  EXPECT_TRUE(bits_test(&r->zones[palace][BLACK], geo_square(&r->geo, 4, 8)));
  EXPECT_FALSE(bits_test(&r->zones[palace][BLACK], geo_square(&r->geo, 4, 1)));
  for (int i = 1; i < MAX_ZONES; i++) EXPECT_EQ(rules_add_zone(r.get(), "more", 0, 0, 0, 0), i);
  EXPECT_EQ(rules_add_zone(r.get(), "too many", 0, 0, 0, 0), -1);
}

TEST(CoreRulesModel, FixturesBuildAndUnknownNamesAreListed) {
  for (const char *name : {"chess", "capablanca", "xiangqi", "shogi", "crazyhouse"}) {
    auto r = core_test::Fixture(name);
    EXPECT_TRUE(r->r->finalized) << name;
    EXPECT_STREQ(r->r->name, name);
  }
  RulesBox r;
  char err[RULES_ERR_LEN] = "";
  EXPECT_FALSE(reference_rules(r.get(), "nochess", err, sizeof err));
  EXPECT_NE(std::string(err).find("no built-in rules called 'nochess'"), std::string::npos) << err;
  EXPECT_NE(std::string(err).find("chess capablanca xiangqi shogi"), std::string::npos) << err;
}

TEST(CoreRulesModel, CustomLabelsReachMoveNamesAndFen) {
  // Shogi's own coordinates: files 9..1 from White's left, ranks i..a from White's side.
  RulesBox r;
  char err[RULES_ERR_LEN] = "";
  core_test::StartRules(r.get(), 9, 9, {{"King", 'K', "K"}, {"Pawn", 'P', "fW"}});
  ASSERT_TRUE(geo_set_labels(&r->geo, "9 8 7 6 5 4 3 2 1", "i h g f e d c b a", err, sizeof err)) << err;
  r->types[0].royal = true;
  core_test::Finalize(r.get());
  core_test::PosBox pos;
  ASSERT_TRUE(core_test::SetFen(pos.get(), r.get(), "4k4/9/9/9/9/9/2P6/9/4K4 w - - 0 1"));
  EXPECT_EQ(core_test::MovesFrom(pos.get(), "7g"), (std::vector<std::string>{"7g7f"}));
  EXPECT_EQ(core_test::MovesFrom(pos.get(), "5i").size(), 5u);
  ASSERT_TRUE(core_test::Play(pos.get(), "7g7f"));
  EXPECT_EQ(core_test::Fen(pos.get()), "4k4/9/9/9/9/2P6/9/9/4K4 b - - 1 1");
}

} // namespace

namespace {

// The atoms as a comparable set: step, kind, mode, range, lameness, initial-only.
std::multiset<std::string> AtomSet(const Parsed &p) {
  std::multiset<std::string> set;
  for (int i = 0; i < p.count; i++) {
    const Atom &a = p.atoms[i];
    set.insert(std::to_string(a.dx) + "," + std::to_string(a.dy) + " k" + std::to_string(a.kind) + " m" +
               std::to_string(a.mode) + " r" + std::to_string(a.range) + " l" + std::to_string(a.lame) + " i" +
               std::to_string(a.initial));
  }
  return set;
}

// The one writer (betza_write) and the one reader agree: what is written reads back as the same
// atoms, and the usual pieces keep their usual letters.
TEST(CoreBetza, WrittenTextReadsBackAsTheSameAtoms) {
  const std::pair<const char *, const char *> cases[] = {{"K", "K"},
                                                         {"Q", "Q"},
                                                         {"N", "N"},
                                                         {"RN", "RN"},
                                                         {"BN", "BN"},
                                                         {"pR", "pR"},
                                                         {"gQ", "gRgB"},
                                                         {"W2", "W2"},
                                                         {"NN", "NN"},
                                                         {"fmWfcF", "fmWfcF"},
                                                         {"fmWfcFifmnD", "fmWfcFifmnD"},
                                                         {"mRcB", "mRcB"},
                                                         {"sWfF", "sWfF"}};
  for (const auto &c : cases) {
    Parsed first = Parse(c.first);
    ASSERT_GT(first.count, 0) << c.first << ": " << first.err;
    char text[128];
    betza_write(first.atoms, first.count, text, sizeof text);
    EXPECT_STREQ(text, c.second) << c.first;
    Parsed again = Parse(text);
    EXPECT_EQ(AtomSet(again), AtomSet(first)) << c.first << " written " << text;
  }
}

} // namespace
