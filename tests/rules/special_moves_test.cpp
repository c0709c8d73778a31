// Castling (standard, flexible, extended, non-rook partner, Chess960), en passant (after 2- and 3-step
// moves), promotion (chess, shogi, to captured pieces only), drops, and game results.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core_shim.h"
#include "rules/core_helpers.h"

namespace {

using core_test::Fen;
using core_test::Finalize;
using core_test::Fixture;
using core_test::HasMove;
using core_test::LegalMoves;
using core_test::MoveNames;
using core_test::MovesFrom;
using core_test::Play;
using core_test::PosBox;
using core_test::RulesBox;
using core_test::SetFen;
using core_test::Square;
using core_test::StartRules;
using Names = std::vector<std::string>;

// Names of the drops among the legal moves.
Names Drops(Position *p) {
  Names out;
  for (Move m : LegalMoves(p))
    if (move_kind(m) == MOVE_DROP) out.push_back(core_test::MoveName(p, m));
  std::sort(out.begin(), out.end());
  return out;
}

Move Find(Position *p, const char *name) { return pos_parse_move(p, name); }

// ---------------------------------------------------------------------------------------------
// Castling

class CoreCastling : public ::testing::Test {
protected:
  std::unique_ptr<RulesBox> chess = Fixture("chess");
  PosBox pos;
  Names At(const char *fen) {
    EXPECT_TRUE(SetFen(pos.get(), chess->get(), fen));
    return MoveNames(pos.get());
  }
  bool Can(const char *fen, const char *move) {
    EXPECT_TRUE(SetFen(pos.get(), chess->get(), fen));
    return HasMove(pos.get(), move);
  }
};

TEST_F(CoreCastling, BothSidesWhenAllIsClear) {
  const char *fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  EXPECT_TRUE(Can(fen, "e1g1"));
  EXPECT_TRUE(Can(fen, "e1c1"));
  Move m = Find(pos.get(), "e1g1");
  ASSERT_NE(m, MOVE_NONE);
  EXPECT_EQ(move_kind(m), MOVE_CASTLING);
  ASSERT_TRUE(Play(pos.get(), "e1g1"));
  EXPECT_EQ(Fen(pos.get()), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
  ASSERT_TRUE(Play(pos.get(), "e8c8"));
  EXPECT_EQ(Fen(pos.get()), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
  pos_unmake(pos.get());
  pos_unmake(pos.get());
  EXPECT_EQ(Fen(pos.get()), fen);
  EXPECT_EQ(pos->key, pos_compute_key(pos.get()));
}

TEST_F(CoreCastling, NotThroughIntoOrOutOfCheck) {
  // Through: f1 attacked by the rook on f8.
  EXPECT_FALSE(Can("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"));
  EXPECT_TRUE(Can("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"));
  // Into: g1 attacked.
  EXPECT_FALSE(Can("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"));
  // Out of: the king on e1 is in check.
  Names in_check = At("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  EXPECT_EQ(std::count(in_check.begin(), in_check.end(), "e1g1"), 0);
  EXPECT_EQ(std::count(in_check.begin(), in_check.end(), "e1c1"), 0);
  // Long castling: c1 and d1 must be safe, b1 (only the rook passes it) need not be.
  EXPECT_FALSE(Can("2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"));
  EXPECT_FALSE(Can("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"));
  EXPECT_TRUE(Can("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"));
  // An attacked rook may castle.
  EXPECT_TRUE(Can("4k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"));
  // A knight on e2 attacks g1 and c1: neither castling.
  EXPECT_FALSE(Can("4k3/8/8/8/8/8/4n3/R3K2R w KQ - 0 1", "e1g1"));
  EXPECT_FALSE(Can("4k3/8/8/8/8/8/4n3/R3K2R w KQ - 0 1", "e1c1")); // it hits c1 as well
}

TEST_F(CoreCastling, NotWithPiecesBetween) {
  EXPECT_FALSE(Can("4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1", "e1g1"));
  EXPECT_FALSE(Can("4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1", "e1c1"));
  EXPECT_FALSE(Can("4k3/8/8/8/8/8/8/R2QK2R w KQ - 0 1", "e1c1"));
  EXPECT_TRUE(Can("4k3/8/8/8/8/8/8/R2QK2R w KQ - 0 1", "e1g1"));
  // The b1 square lies between king and rook: an enemy piece there blocks as well.
  EXPECT_FALSE(Can("4k3/8/8/8/8/8/8/Rn2K2R w KQ - 0 1", "e1c1"));
  EXPECT_FALSE(Can("4k3/8/8/8/8/8/8/R3KB1R w KQ - 0 1", "e1g1"));
}

TEST_F(CoreCastling, RightsAreLostByKingAndRookMovesAndRookCaptures) {
  const char *fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  ASSERT_TRUE(SetFen(pos.get(), chess->get(), fen));
  ASSERT_TRUE(Play(pos.get(), "e1f1"));
  EXPECT_EQ(Fen(pos.get()), "r3k2r/8/8/8/8/8/8/R4K1R b kq - 1 1");
  ASSERT_TRUE(Play(pos.get(), "a8a7"));
  ASSERT_TRUE(Play(pos.get(), "f1e1"));
  ASSERT_TRUE(Play(pos.get(), "h8h7"));
  EXPECT_EQ(Fen(pos.get()), "4k3/r6r/8/8/8/8/8/R3K2R w - - 4 3");
  EXPECT_FALSE(HasMove(pos.get(), "e1g1"));
  EXPECT_FALSE(HasMove(pos.get(), "e1c1"));

  ASSERT_TRUE(SetFen(pos.get(), chess->get(), fen));
  ASSERT_TRUE(Play(pos.get(), "h1h2"));
  EXPECT_EQ(Fen(pos.get()), "r3k2r/8/8/8/8/8/7R/R3K3 b Qkq - 1 1");

  // The rook on a1 takes the rook on a8: both a-side rights go.
  ASSERT_TRUE(SetFen(pos.get(), chess->get(), fen));
  ASSERT_TRUE(Play(pos.get(), "a1a8"));
  EXPECT_EQ(Fen(pos.get()), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
  pos_unmake(pos.get());
  EXPECT_EQ(Fen(pos.get()), fen);
}

// A 10-file board where the king may stop on any square towards the rook (flexible castling);
// all the moves towards one rook share one right.
class CoreFlexibleCastling : public ::testing::Test {
protected:
  RulesBox rules;
  PosBox pos;
  void SetUp() override {
    StartRules(rules.get(), 10, 8, {{"King", 'K', "K"}, {"Rook", 'R', "R"}});
    rules->types[0].royal = true;
    char err[RULES_ERR_LEN] = "";
    const char *ranks[2] = {"1", "8"};
    for (int c = 0; c < 2; c++) {
      auto sq = [&](char file) { return std::string(1, file) + ranks[c]; };
      const char kingside[][2] = {{'g', 'f'}, {'h', 'g'}, {'i', 'h'}};
      for (const auto &k : kingside)
        ASSERT_TRUE(rules_add_castling(rules.get(), c, sq('e').c_str(), sq(k[0]).c_str(), sq('j').c_str(),
                                       sq(k[1]).c_str(), err, sizeof err))
            << err;
      const char queenside[][2] = {{'c', 'd'}, {'b', 'c'}};
      for (const auto &k : queenside)
        ASSERT_TRUE(rules_add_castling(rules.get(), c, sq('e').c_str(), sq(k[0]).c_str(), sq('a').c_str(),
                                       sq(k[1]).c_str(), err, sizeof err))
            << err;
    }
    Finalize(rules.get());
  }
};

TEST_F(CoreFlexibleCastling, KingMayStopOnEverySquareAndTheMovesShareOneRight) {
  EXPECT_EQ(rules->castle_right[0], rules->castle_right[1]);
  EXPECT_EQ(rules->castle_right[1], rules->castle_right[2]);
  EXPECT_EQ(rules->castle_right[3], rules->castle_right[4]);
  EXPECT_NE(rules->castle_right[0], rules->castle_right[3]);
  const char *fen = "r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1";
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), fen));
  EXPECT_EQ(Fen(pos.get()), fen);
  Names king = MovesFrom(pos.get(), "e1");
  EXPECT_EQ(king, (Names{"e1b1", "e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1", "e1h1", "e1i1"}));
  ASSERT_TRUE(Play(pos.get(), "e1h1"));
  EXPECT_EQ(Fen(pos.get()), "r3k4r/10/10/10/10/10/10/R5RK2 b kq - 1 1");
  ASSERT_TRUE(Play(pos.get(), "e8b8"));
  // The king has moved: black's other right goes with it.
  EXPECT_EQ(Fen(pos.get()), "1kr6r/10/10/10/10/10/10/R5RK2 w - - 2 2");
}

TEST_F(CoreFlexibleCastling, ARookMoveSpendsTheSharedRight) {
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), "r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1"));
  ASSERT_TRUE(Play(pos.get(), "j1j2"));
  EXPECT_EQ(Fen(pos.get()), "r3k4r/10/10/10/10/10/9R/R3K5 b Qkq - 1 1");
  ASSERT_TRUE(Play(pos.get(), "a8a7"));
  Names king = MovesFrom(pos.get(), "e1");
  EXPECT_EQ(std::count(king.begin(), king.end(), "e1g1"), 0);
  EXPECT_EQ(std::count(king.begin(), king.end(), "e1i1"), 0);
  EXPECT_EQ(std::count(king.begin(), king.end(), "e1b1"), 1);
  EXPECT_EQ(std::count(king.begin(), king.end(), "e1c1"), 1);
  // A piece on h1 blocks only the castlings whose king or rook path crosses it.
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), "4k5/10/10/10/10/10/10/4K2R1R w K - 0 1"));
  EXPECT_EQ(MovesFrom(pos.get(), "e1"), (Names{"e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}));
}

TEST(CoreExtendedCastling, CapablancaKingGoesThreeSquares) {
  auto capa = Fixture("capablanca");
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), capa->get(), "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1"));
  EXPECT_TRUE(HasMove(pos.get(), "f1i1"));
  EXPECT_TRUE(HasMove(pos.get(), "f1c1"));
  ASSERT_TRUE(Play(pos.get(), "f1i1"));
  EXPECT_EQ(Fen(pos.get()), "r4k3r/10/10/10/10/10/10/R6RK1 b kq - 1 1");
  ASSERT_TRUE(Play(pos.get(), "f8c8"));
  EXPECT_EQ(Fen(pos.get()), "2kr5r/10/10/10/10/10/10/R6RK1 w - - 2 2");
  // g1 lies on the king's path: attacked, it forbids the castling.
  ASSERT_TRUE(SetFen(pos.get(), capa->get(), "r4kr2r/10/10/10/10/10/10/R4K3R w KQ - 0 1"));
  EXPECT_FALSE(HasMove(pos.get(), "f1i1"));
  EXPECT_TRUE(HasMove(pos.get(), "f1c1"));
}

TEST(CoreExtendedCastling, KingToTheBFileWithTheRookCrossing) {
  // Aberg-style long castling on ten files: king f1 to b1, rook a1 to c1.
  RulesBox rules;
  StartRules(rules.get(), 10, 8, {{"King", 'K', "K"}, {"Rook", 'R', "R"}, {"Knight", 'N', "N"}});
  rules->types[0].royal = true;
  char err[RULES_ERR_LEN] = "";
  ASSERT_TRUE(rules_add_castling(rules.get(), WHITE, "f1", "b1", "a1", "c1", err, sizeof err)) << err;
  ASSERT_TRUE(rules_add_castling(rules.get(), BLACK, "f8", "b8", "a8", "c8", err, sizeof err)) << err;
  Finalize(rules.get());
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), "r4k4/10/10/10/10/10/10/R4K4 w Qq - 0 1"));
  ASSERT_TRUE(Play(pos.get(), "f1b1"));
  EXPECT_EQ(Fen(pos.get()), "r4k4/10/10/10/10/10/10/1KR7 b q - 1 1");
  // Any attacked square from e1 to b1 forbids it.
  for (const char *fen : {"r2r1k4/10/10/10/10/10/10/R4K4 w Q - 0 1", "rr3k4/10/10/10/10/10/10/R4K4 w Q - 0 1"}) {
    ASSERT_TRUE(SetFen(pos.get(), rules.get(), fen));
    EXPECT_FALSE(HasMove(pos.get(), "f1b1")) << fen;
  }
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), "r4k4/10/10/10/10/10/10/RN3K4 w Q - 0 1"));
  EXPECT_FALSE(HasMove(pos.get(), "f1b1"));
}

TEST(CoreNonRookCastling, CastlingWithAKnightPartner) {
  RulesBox rules;
  StartRules(rules.get(), 8, 8, {{"King", 'K', "K"}, {"Knight", 'N', "N"}});
  rules->types[0].royal = true;
  char err[RULES_ERR_LEN] = "";
  ASSERT_TRUE(rules_add_castling(rules.get(), WHITE, "e1", "g1", "h1", "f1", err, sizeof err)) << err;
  ASSERT_TRUE(rules_add_castling(rules.get(), BLACK, "e8", "g8", "h8", "f8", err, sizeof err)) << err;
  Finalize(rules.get());
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), "4k2n/8/8/8/8/8/8/4K2N w Kk - 0 1"));
  Move m = Find(pos.get(), "e1g1");
  ASSERT_NE(m, MOVE_NONE);
  EXPECT_EQ(move_kind(m), MOVE_CASTLING);
  pos_make(pos.get(), m);
  EXPECT_EQ(Fen(pos.get()), "4k2n/8/8/8/8/8/8/5NK1 b k - 1 1");
  ASSERT_TRUE(Play(pos.get(), "e8g8"));
  EXPECT_EQ(Fen(pos.get()), "5nk1/8/8/8/8/8/8/5NK1 w - - 2 2");
  pos_unmake(pos.get());
  pos_unmake(pos.get());
  EXPECT_EQ(Fen(pos.get()), "4k2n/8/8/8/8/8/8/4K2N w Kk - 0 1");
  // A knight move spends the right.
  ASSERT_TRUE(Play(pos.get(), "h1g3"));
  EXPECT_EQ(Fen(pos.get()), "4k2n/8/8/8/8/6N1/8/4K3 b k - 1 1");
}

TEST(CoreCastlingRules, OnlyTheNamedPieceTypesCastle) {
  auto chess = Fixture("chess");
  PosBox pos;
  char err[RULES_ERR_LEN] = "";
  // A knight in the corner holds no castling right, and no castling is generated for it.
  EXPECT_FALSE(pos_set_fen(pos.get(), chess->get(), "4k3/8/8/8/8/8/8/4K2N w K - 0 1", err, sizeof err));
  EXPECT_NE(std::string(err).find("not in place"), std::string::npos) << err;
  // Nor does a rook standing on the king's square.
  EXPECT_FALSE(pos_set_fen(pos.get(), chess->get(), "4k3/8/8/8/8/8/8/4R2R w K - 0 1", err, sizeof err));
  ASSERT_TRUE(SetFen(pos.get(), chess->get(), "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"));
  auto names = MoveNames(pos.get());
  EXPECT_EQ(std::count(names.begin(), names.end(), "e1g1"), 1);
}

TEST(CoreCastlingRules, NotThroughASquareAGrasshopperWouldLandOn) {
  // Grasshopper Chess: the grasshopper on a4 hops over the rook on c2 onto d1, which the king
  // crosses in long castling.  The square is empty, and still attacked.
  RulesBox rules;
  StartRules(rules.get(), 8, 8, {{"King", 'K', "K"}, {"Rook", 'R', "R"}, {"Grasshopper", 'G', "gQ"}});
  rules->types[0].royal = true;
  char err[RULES_ERR_LEN] = "";
  ASSERT_TRUE(rules_add_castling(rules.get(), WHITE, "e1", "c1", "a1", "d1", err, sizeof err)) << err;
  ASSERT_TRUE(rules_add_castling(rules.get(), BLACK, "e8", "c8", "a8", "d8", err, sizeof err)) << err;
  Finalize(rules.get());
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), "4k3/8/8/8/g7/8/2R5/R3K3 w Q - 0 1"));
  EXPECT_FALSE(HasMove(pos.get(), "e1c1"));
  // Off that line it attacks nothing the king crosses.
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), "4k3/8/8/g7/8/8/2R5/R3K3 w Q - 0 1"));
  EXPECT_TRUE(HasMove(pos.get(), "e1c1"));
}

TEST(CoreCastlingRules, BadCastlingSquaresAreRejected) {
  RulesBox rules;
  StartRules(rules.get(), 8, 8, {{"King", 'K', "K"}});
  char err[RULES_ERR_LEN] = "";
  EXPECT_FALSE(rules_add_castling(rules.get(), WHITE, "e1", "i1", "h1", "f1", err, sizeof err));
  EXPECT_NE(std::string(err).find("'i1' is not a square of the board"), std::string::npos) << err;
  EXPECT_FALSE(rules_add_castling(rules.get(), WHITE, "e1", "g1", "h1x", "f1", err, sizeof err));
  EXPECT_NE(std::string(err).find("'h1x'"), std::string::npos) << err;
}

// ---------------------------------------------------------------------------------------------
// Chess960 castling (rules_add_free_castling): from any king square with either rook, the king
// to the c- or g-file and the rook beside it; written as the king taking its own rook.

class Core960Castling : public ::testing::Test {
protected:
  std::unique_ptr<RulesBox> rules = Fixture("chess960");
  PosBox pos;
  void Set(const char *fen) { ASSERT_TRUE(SetFen(pos.get(), rules->get(), fen)); }
  Move Castling(const char *name) {
    Move m = Find(pos.get(), name);
    EXPECT_NE(m, MOVE_NONE) << name << " in " << Fen(pos.get());
    EXPECT_EQ(move_kind(m), MOVE_CASTLING) << name;
    return m;
  }
};

TEST_F(Core960Castling, TheKingMayStayWhereItIs) {
  // King g1, rook h1: the king stays on g1 and the rook goes to f1.
  Set("r5kr/8/8/8/8/8/8/R5KR w HAha - 0 1");
  pos_make(pos.get(), Castling("g1h1"));
  EXPECT_EQ(Fen(pos.get()), "r5kr/8/8/8/8/8/8/R4RK1 b kq - 1 1");
  pos_unmake(pos.get());
  EXPECT_EQ(Fen(pos.get()), "r5kr/8/8/8/8/8/8/R5KR w KQkq - 0 1");
  // Toward a1 the king goes from g1 to c1 and the rook from a1 to d1.
  pos_make(pos.get(), Castling("g1a1"));
  EXPECT_EQ(Fen(pos.get()), "r5kr/8/8/8/8/8/8/2KR3R b kq - 1 1");
}

TEST_F(Core960Castling, TheRookMayStandOnTheKingsDestination) {
  // King e1, rook g1: they change places, the king to g1, the rook to f1.
  Set("4k3/8/8/8/8/8/8/4K1R1 w G - 0 1");
  Move m = Castling("e1g1");
  pos_make(pos.get(), m);
  EXPECT_EQ(Fen(pos.get()), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
  EXPECT_EQ(pos_compute_key(pos.get()), pos.get()->key);
  pos_unmake(pos.get());
  EXPECT_EQ(Fen(pos.get()), "4k3/8/8/8/8/8/8/4K1R1 w K - 0 1");
  // King f1, rook g1 (b1q1rrkb, Chess960 position 2 of the perft suite): the same swap.
  Set("4k3/8/8/8/8/8/8/4RKR1 w GE - 0 1");
  pos_make(pos.get(), Castling("f1g1"));
  EXPECT_EQ(Fen(pos.get()), "4k3/8/8/8/8/8/8/4RRK1 b - - 1 1");
}

TEST_F(Core960Castling, EverySquareTheTwoCrossOrReachMustBeEmpty) {
  // King b1, rook a1: toward a1 the king goes right, to c1, and the rook to d1, which must be
  // empty though it lies beyond both.
  Set("4k3/8/8/8/8/8/8/RK6 w A - 0 1");
  pos_make(pos.get(), Castling("b1a1"));
  EXPECT_EQ(Fen(pos.get()), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
  Set("4k3/8/8/8/8/8/8/RK1N4 w A - 0 1");
  EXPECT_FALSE(HasMove(pos.get(), "b1a1"));
  // King f1, rook h1: castling is "f1h1"; "f1g1" stays the king's step.
  Set("4k3/8/8/8/8/8/8/5K1R w H - 0 1");
  EXPECT_TRUE(HasMove(pos.get(), "f1h1"));
  Move step = Find(pos.get(), "f1g1");
  ASSERT_NE(step, MOVE_NONE);
  EXPECT_EQ(move_kind(step), MOVE_NORMAL);
}

TEST_F(Core960Castling, NoCastlingIntoAnAttackTheRookHid) {
  // King c1 castles toward the rook on b1 without moving; the rook leaving b1 would open the
  // rank to the black rook on a1.
  Set("4k3/8/8/8/8/8/8/rRK5 w B - 0 1");
  EXPECT_FALSE(HasMove(pos.get(), "c1b1"));
  // Passing an attacked square forbids it too: king b1 to g1 crosses f1, which the rook on f8 sees.
  Set("5rk1/8/8/8/8/8/8/1K5R w H - 0 1");
  EXPECT_FALSE(HasMove(pos.get(), "b1h1"));
  Set("6k1/8/8/8/8/8/8/1K5R w H - 0 1");
  EXPECT_TRUE(HasMove(pos.get(), "b1h1"));
}

TEST_F(Core960Castling, RightsFollowTheRookFilesAndTheKing) {
  Set("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1");
  EXPECT_EQ(Fen(pos.get()), "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1");
  ASSERT_TRUE(Play(pos.get(), "g1g2")); // the g-rook's right goes, the b-rook's stays
  EXPECT_EQ(Fen(pos.get()), "1r2k1r1/8/8/8/8/8/6R1/1R2K3 b Qkq - 1 1");
  ASSERT_TRUE(Play(pos.get(), "e8d8")); // a king's move spends both of its side's rights
  EXPECT_EQ(Fen(pos.get()), "1r1k2r1/8/8/8/8/8/6R1/1R2K3 w Q - 2 2");
  ASSERT_TRUE(Play(pos.get(), "g2g1")); // a rook back on g1 gets no right back
  EXPECT_EQ(Fen(pos.get()), "1r1k2r1/8/8/8/8/8/8/1R2K1R1 b Q - 3 2");
  // A capture of the castling rook on its square spends its right.
  Set("4k3/8/8/8/8/8/6b1/R3K2R b HA - 0 1");
  ASSERT_TRUE(Play(pos.get(), "g2h1"));
  EXPECT_EQ(Fen(pos.get()), "4k3/8/8/8/8/8/8/R3K2b w Q - 0 2");
}

TEST_F(Core960Castling, CastlingIsReadAsOtherProgramsWriteIt) {
  Set("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  Move short_castle = Castling("e1h1");
  EXPECT_EQ(Find(pos.get(), "O-O"), short_castle);
  EXPECT_EQ(Find(pos.get(), "0-0"), short_castle);
  EXPECT_EQ(Find(pos.get(), "e1g1"), short_castle); // a GUI that is not in Chess960 mode
  Move long_castle = Castling("e1a1");
  EXPECT_EQ(Find(pos.get(), "O-O-O"), long_castle);
  EXPECT_EQ(Find(pos.get(), "e1c1"), long_castle);
  EXPECT_EQ(core_test::MoveName(pos.get(), short_castle), "e1h1");
}

// ---------------------------------------------------------------------------------------------
// En passant

TEST(CoreEnPassant, AfterADoubleStepInChess) {
  auto chess = Fixture("chess");
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), chess->get(), "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1"));
  ASSERT_TRUE(Play(pos.get(), "e2e4"));
  EXPECT_EQ(Fen(pos.get()), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
  Move ep = Find(pos.get(), "d4e3");
  ASSERT_NE(ep, MOVE_NONE);
  EXPECT_EQ(move_kind(ep), MOVE_EN_PASSANT);
  pos_make(pos.get(), ep);
  EXPECT_EQ(Fen(pos.get()), "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2");
  pos_unmake(pos.get());
  EXPECT_EQ(Fen(pos.get()), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
  // The chance lapses after one move.
  ASSERT_TRUE(Play(pos.get(), "e8d8"));
  ASSERT_TRUE(Play(pos.get(), "e1d1"));
  EXPECT_FALSE(HasMove(pos.get(), "d4e3"));
  // A single step leaves no en-passant square.
  ASSERT_TRUE(SetFen(pos.get(), chess->get(), "4k3/8/8/8/8/3p4/4P3/4K3 w - - 0 1"));
  ASSERT_TRUE(Play(pos.get(), "e2e3"));
  EXPECT_EQ(Fen(pos.get()), "4k3/8/8/8/8/3pP3/8/4K3 b - - 0 1");
}

TEST(CoreEnPassant, FromTheFenField) {
  auto chess = Fixture("chess");
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), chess->get(), "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2"));
  EXPECT_EQ(MovesFrom(pos.get(), "d5"), (Names{"d5d6", "d5e6"}));
  ASSERT_TRUE(Play(pos.get(), "d5e6"));
  EXPECT_EQ(Fen(pos.get()), "4k3/8/4P3/8/8/8/8/4K3 b - - 0 2");
}

TEST(CoreEnPassant, CaptureThatExposesTheKingIsIllegal) {
  auto chess = Fixture("chess");
  PosBox pos;
  // Taking c6 en passant would empty b5 and c5 and open the rank to the rook on h5.
  ASSERT_TRUE(SetFen(pos.get(), chess->get(), "4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2"));
  EXPECT_EQ(MovesFrom(pos.get(), "b5"), (Names{"b5b6"}));
  ASSERT_TRUE(SetFen(pos.get(), chess->get(), "4k3/8/8/KPp5/8/8/8/8 w - c6 0 2"));
  EXPECT_EQ(MovesFrom(pos.get(), "b5"), (Names{"b5b6", "b5c6"}));
  // Taking the pawn that just double-stepped with check resolves the check.
  ASSERT_TRUE(SetFen(pos.get(), chess->get(), "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1"));
  EXPECT_TRUE(HasMove(pos.get(), "e4d3"));
}

// A pawn with a lame triple step from its start rank: both passed squares may be taken.
class CoreTripleStep : public ::testing::Test {
protected:
  RulesBox rules;
  PosBox pos;
  void SetUp() override {
    StartRules(rules.get(), 8, 8, {{"King", 'K', "K"}, {"Pawn", 'P', "fmWfcFifmnDifmnH"}});
    rules->types[0].royal = true;
    PieceType *pawn = &rules->types[1];
    pawn->ep_creator = pawn->ep_capturer = pawn->resets_clock = true;
    pawn->initial_zone = rules_add_zone(rules.get(), "pawn start", 0, 7, 1, 1);
    Finalize(rules.get());
  }
};

TEST_F(CoreTripleStep, BothPassedSquaresCanBeTakenEnPassant) {
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), "4k3/8/8/2p5/p7/8/1P6/4K3 w - - 0 1"));
  EXPECT_EQ(MovesFrom(pos.get(), "b2"), (Names{"b2b3", "b2b4", "b2b5"}));
  ASSERT_TRUE(Play(pos.get(), "b2b5"));
  Move low = Find(pos.get(), "a4b3"), high = Find(pos.get(), "c5b4");
  ASSERT_NE(low, MOVE_NONE);
  ASSERT_NE(high, MOVE_NONE);
  EXPECT_EQ(move_kind(low), MOVE_EN_PASSANT);
  EXPECT_EQ(move_kind(high), MOVE_EN_PASSANT);
  pos_make(pos.get(), low);
  EXPECT_EQ(core_test::Fen(pos.get()).substr(0, 27), "4k3/8/8/2p5/8/1p6/8/4K3 w -");
  EXPECT_EQ(pos->key, pos_compute_key(pos.get()));
  pos_unmake(pos.get());
  pos_make(pos.get(), high);
  EXPECT_EQ(core_test::Fen(pos.get()).substr(0, 27), "4k3/8/8/8/pp6/8/8/4K3 w - -");
  pos_unmake(pos.get());
  EXPECT_EQ(pos->key, pos_compute_key(pos.get()));
}

TEST_F(CoreTripleStep, FenNamesTheFirstPassedSquareAndReadsBothBack) {
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), "4k3/8/8/2p5/p7/8/1P6/4K3 w - - 0 1"));
  ASSERT_TRUE(Play(pos.get(), "b2b5"));
  std::string fen = core_test::Fen(pos.get());
  EXPECT_EQ(fen, "4k3/8/8/1Pp5/p7/8/8/4K3 b - b3 0 1");
  PosBox again;
  ASSERT_TRUE(SetFen(again.get(), rules.get(), fen));
  EXPECT_EQ(again->key, pos->key);
  EXPECT_EQ(move_kind(Find(again.get(), "a4b3")), MOVE_EN_PASSANT);
  EXPECT_EQ(move_kind(Find(again.get(), "c5b4")), MOVE_EN_PASSANT);
  // Black's triple step is written with its first passed square too (the highest one).
  ASSERT_TRUE(SetFen(again.get(), rules.get(), "4k3/6p1/8/8/7P/8/8/4K3 b - - 0 1"));
  ASSERT_TRUE(Play(again.get(), "g7g4"));
  EXPECT_EQ(core_test::Fen(again.get()), "4k3/8/8/8/6pP/8/8/4K3 w - g6 0 2");
  PosBox third;
  ASSERT_TRUE(SetFen(third.get(), rules.get(), core_test::Fen(again.get())));
  EXPECT_EQ(third->key, again->key);
  EXPECT_EQ(move_kind(Find(third.get(), "h4g5")), MOVE_EN_PASSANT);
}

TEST_F(CoreTripleStep, BlockedAndShorterSteps) {
  // A piece on b4 blocks the triple step only; one on b3 blocks all.
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), "4k3/8/8/8/1p6/8/1P6/4K3 w - - 0 1"));
  EXPECT_EQ(MovesFrom(pos.get(), "b2"), (Names{"b2b3"}));
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), "4k3/8/8/1p6/8/8/1P6/4K3 w - - 0 1"));
  EXPECT_EQ(MovesFrom(pos.get(), "b2"), (Names{"b2b3", "b2b4"}));
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), "4k3/8/8/8/8/1p6/1P6/4K3 w - - 0 1"));
  EXPECT_EQ(MovesFrom(pos.get(), "b2"), (Names{}));
  // After a double step only the one passed square is open.
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), "4k3/8/8/8/p7/2p5/1P6/4K3 w - - 0 1"));
  ASSERT_TRUE(Play(pos.get(), "b2b4"));
  EXPECT_EQ(move_kind(Find(pos.get(), "a4b3")), MOVE_EN_PASSANT);
  EXPECT_EQ(Find(pos.get(), "c3b2"), MOVE_NONE);
}

// ---------------------------------------------------------------------------------------------
// Promotion

TEST(CorePromotion, ChessOffersFourChoicesAndNoPlainMove) {
  auto chess = Fixture("chess");
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), chess->get(), "3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1"));
  EXPECT_EQ(MovesFrom(pos.get(), "e7"),
            (Names{"e7d8b", "e7d8n", "e7d8q", "e7d8r", "e7e8b", "e7e8n", "e7e8q", "e7e8r"}));
  Move m = Find(pos.get(), "e7e8n");
  ASSERT_NE(m, MOVE_NONE);
  EXPECT_EQ(move_kind(m), MOVE_PROMOTION);
  pos_make(pos.get(), m);
  EXPECT_EQ(Fen(pos.get()), "3rN3/8/8/8/8/8/8/k3K3 b - - 0 1");
  pos_unmake(pos.get());
  ASSERT_TRUE(Play(pos.get(), "e7d8q"));
  EXPECT_EQ(Fen(pos.get()), "3Q4/8/8/8/8/8/8/k3K3 b - - 0 1");
  // Black promotes on rank 1.
  ASSERT_TRUE(SetFen(pos.get(), chess->get(), "k3K3/8/8/8/8/8/4p3/8 b - - 0 1"));
  EXPECT_EQ(MovesFrom(pos.get(), "e2"), (Names{"e2e1b", "e2e1n", "e2e1q", "e2e1r"}));
}

class CoreShogiPromotion : public ::testing::Test {
protected:
  std::unique_ptr<RulesBox> shogi = Fixture("shogi");
  PosBox pos;
  Names From(const char *fen, const char *sq) {
    EXPECT_TRUE(SetFen(pos.get(), shogi->get(), fen));
    return MovesFrom(pos.get(), sq);
  }
};

TEST_F(CoreShogiPromotion, OptionalInTheZone) {
  EXPECT_EQ(From("4k4/9/9/2P6/9/9/9/9/4K4[] w - - 0 1", "c6"), (Names{"c6c7", "c6c7+"}));
  // Gold does not promote.
  EXPECT_EQ(From("4k4/9/2G6/9/9/9/9/9/4K4[] w - - 0 1", "c7").size(), 6u);
  // A move leaving the zone may promote too.
  EXPECT_EQ(From("4k4/9/2S6/9/9/9/9/9/4K4[] w - - 0 1", "c7"),
            (Names{"c7b6", "c7b6+", "c7b8", "c7b8+", "c7c8", "c7c8+", "c7d6", "c7d6+", "c7d8", "c7d8+"}));
  // Knight entering rank 7 may stay unpromoted.
  EXPECT_EQ(From("4k4/9/9/9/2N6/9/9/9/4K4[] w - - 0 1", "c5"), (Names{"c5b7", "c5b7+", "c5d7", "c5d7+"}));
  ASSERT_TRUE(Play(pos.get(), "c5b7+"));
  EXPECT_EQ(Fen(pos.get()), "4k4/9/1+N7/9/9/9/9/9/4K4[] b - - 1 1");
}

TEST_F(CoreShogiPromotion, ForcedWhereThePieceCouldNotMoveAgain) {
  EXPECT_EQ(From("4k4/2P6/9/9/9/9/9/9/4K4[] w - - 0 1", "c8"), (Names{"c8c9+"}));
  EXPECT_EQ(From("4k4/9/9/2N6/9/9/9/9/4K4[] w - - 0 1", "c6"), (Names{"c6b8+", "c6d8+"}));
  EXPECT_EQ(From("4k4/9/9/9/9/9/9/8L/4K4[] w - - 0 1", "i2"),
            (Names{"i2i3", "i2i4", "i2i5", "i2i6", "i2i7", "i2i7+", "i2i8", "i2i8+", "i2i9+"}));
  // Black's zone is ranks 1 to 3.
  EXPECT_EQ(From("4k4/9/9/9/9/9/9/2p6/4K4[] b - - 0 1", "c2"), (Names{"c2c1+"}));
  EXPECT_EQ(From("4k4/9/9/9/9/2n6/9/9/4K4[] b - - 0 1", "c4"), (Names{"c4b2+", "c4d2+"}));
}

TEST(CorePromotion, OnlyToCapturedPieces) {
  // Chess with Grand Chess's rule: a pawn promotes only to a piece its side has lost, and may
  // not reach the last rank when there is none.
  auto rules = Fixture("chess");
  int pawn = rules_find_type(rules->get(), 'P', false);
  rules->r->types[pawn].promo_only_captured = true;
  core_test::Finalize(rules->get());
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), rules->get(), "1n2k3/P7/8/8/8/8/8/RNBQKBNR w - - 0 1"));
  EXPECT_EQ(MovesFrom(pos.get(), "a7"), (Names{}));
  ASSERT_TRUE(SetFen(pos.get(), rules->get(), "1n2k3/P7/8/8/8/8/8/RNB1KBNR w - - 0 1"));
  EXPECT_EQ(MovesFrom(pos.get(), "a7"), (Names{"a7a8q", "a7b8q"}));
  ASSERT_TRUE(SetFen(pos.get(), rules->get(), "1n2k3/P7/8/8/8/8/8/R1B1K1NR w - - 0 1"));
  EXPECT_EQ(MovesFrom(pos.get(), "a7"), (Names{"a7a8b", "a7a8n", "a7a8q", "a7b8b", "a7b8n", "a7b8q"}));
  // A capture makes the choice available.
  ASSERT_TRUE(SetFen(pos.get(), rules->get(), "4k3/P7/8/8/8/8/r7/RNBQKBNR b - - 0 1"));
  ASSERT_TRUE(Play(pos.get(), "a2a1"));
  EXPECT_EQ(MovesFrom(pos.get(), "a7"), (Names{"a7a8r"}));
  pos_unmake(pos.get());
  ASSERT_TRUE(Play(pos.get(), "a2b2"));
  EXPECT_EQ(MovesFrom(pos.get(), "a7"), (Names{}));
}

TEST(CorePromotion, EachSideFromItsOwnList) {
  // Sort of Almost Chess: of the choices, White may not take the Queen, Black the Chancellor.
  RulesBox rules;
  StartRules(rules.get(), 8, 8,
             {{"King", 'K', "K"}, {"Queen", 'Q', "Q"}, {"Chancellor", 'C', "RN"}, {"Pawn", 'P', "fmWfcF"}});
  rules->types[0].royal = true;
  char err[RULES_ERR_LEN] = "";
  int zone = rules_add_zone(rules.get(), "last rank", 0, 7, 7, 7);
  PieceType &pawn = rules->types[3];
  pawn.promo_zone = zone;
  pawn.promo_mandatory = true;
  pawn.promo_count = 2;
  pawn.promo_choices[0] = 1;
  pawn.promo_choices[1] = 2;
  pawn.promo_denied[WHITE] = 1u << 1;
  pawn.promo_denied[BLACK] = 1u << 2;
  ASSERT_TRUE(rules_finalize(rules.get(), err, sizeof err)) << err;
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), "4k3/P7/8/8/8/8/p7/4K3 w - - 0 1"));
  EXPECT_EQ(MovesFrom(pos.get(), "a7"), (Names{"a7a8c"}));
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), "4k3/P7/8/8/8/8/p7/4K3 b - - 0 1"));
  EXPECT_EQ(MovesFrom(pos.get(), "a2"), (Names{"a2a1q"}));
}

TEST(CorePromotion, GrandChessPromotesOnlyToLostPieces) {
  auto grand = Fixture("grand");
  PosBox pos;
  // Nothing on the board but the kings: all six piece types have been lost.
  ASSERT_TRUE(SetFen(pos.get(), grand->get(), "4k5/1P8/10/10/10/10/10/10/10/4K5 w - - 0 1"));
  EXPECT_EQ(MovesFrom(pos.get(), "b9"), (Names{"b9b10a", "b9b10b", "b9b10c", "b9b10n", "b9b10q", "b9b10r"}));
  // Every piece still on the board: the pawn may not enter the last rank at all.
  ASSERT_TRUE(SetFen(pos.get(), grand->get(), "4k5/1P8/10/10/10/10/10/10/1NBQKCABN1/R8R w - - 0 1"));
  EXPECT_EQ(MovesFrom(pos.get(), "b9"), (Names{}));
  // On the eighth and ninth ranks promotion is optional, and impossible without a lost piece.
  ASSERT_TRUE(SetFen(pos.get(), grand->get(), "4k5/10/1P8/10/10/10/10/10/1NBQKCABN1/R8R w - - 0 1"));
  EXPECT_EQ(MovesFrom(pos.get(), "b8"), (Names{"b8b9"}));
  ASSERT_TRUE(SetFen(pos.get(), grand->get(), "4k5/10/1P8/10/10/10/10/10/1NB1KCABN1/R8R w - - 0 1"));
  EXPECT_EQ(MovesFrom(pos.get(), "b8"), (Names{"b8b9", "b8b9q"}));
}

// ---------------------------------------------------------------------------------------------
// Turn structure: several moves per turn, and passing.

TEST(CoreTurnStructure, TwoPartTurnsAndPass) {
  RulesBox rules;
  StartRules(rules.get(), 8, 8, {{"King", 'K', "K"}, {"Rook", 'R', "R"}});
  rules->types[0].royal = true;
  rules->turn_parts = 2;
  rules->pass_allowed = true;
  Finalize(rules.get());
  PosBox pos;
  const char *fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), fen));
  Names moves = MoveNames(pos.get());
  EXPECT_EQ(moves.size(), 16u); // 10 rook moves, 5 king moves, pass
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "pass"), 1);
  ASSERT_TRUE(Play(pos.get(), "a1a2"));
  EXPECT_EQ(pos->side, WHITE);
  EXPECT_EQ(pos->part, 1);
  EXPECT_EQ(pos->key, pos_compute_key(pos.get()));
  ASSERT_TRUE(Play(pos.get(), "pass"));
  EXPECT_EQ(pos->side, BLACK);
  EXPECT_EQ(pos->part, 0);
  EXPECT_EQ(pos->key, pos_compute_key(pos.get()));
  EXPECT_EQ(Fen(pos.get()), "4k3/8/8/8/8/8/R7/4K3 b - - 2 1");
  ASSERT_TRUE(Play(pos.get(), "e8d8"));
  ASSERT_TRUE(Play(pos.get(), "d8c8"));
  EXPECT_EQ(pos->side, WHITE);
  EXPECT_EQ(pos->fullmove, 2);
  for (int i = 0; i < 4; i++) pos_unmake(pos.get());
  EXPECT_EQ(Fen(pos.get()), fen);
  EXPECT_EQ(pos->key, pos_compute_key(pos.get()));
  EXPECT_EQ(pos->part, 0);
  // The two parts of a turn count as two plies of perft.
  EXPECT_EQ(pos_perft(pos.get(), 1), 16u);
  // A pass that would leave the own king in check is illegal.
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), "4k3/8/8/8/8/8/8/r3K3 w - - 0 1"));
  EXPECT_FALSE(HasMove(pos.get(), "pass"));
  // Without the rule there is no pass.
  auto chess = Fixture("chess");
  ASSERT_TRUE(SetFen(pos.get(), chess->get(), "startpos"));
  EXPECT_FALSE(HasMove(pos.get(), "pass"));
}

// A pass as other programs write it, for the protocols and herald-match: "0000" (UCI's null
// move), "@@@@" (XBoard's) and the mover's royal square twice (Fairy-Stockfish); any other
// square twice is no move.  Written for UCI as the royal square twice, "0000" without one royal.
TEST(CoreTurnStructure, APassInOtherProgramsSpellings) {
  RulesBox rules;
  StartRules(rules.get(), 8, 8, {{"King", 'K', "K"}, {"Rook", 'R', "R"}});
  rules->types[0].royal = true;
  rules->pass_allowed = true;
  Finalize(rules.get());
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
  const Move pass = move_make(0, 0, MOVE_PASS, 0);
  for (const char *text : {"pass", "0000", "@@@@", "e1e1"}) EXPECT_EQ(pos_parse_move(pos.get(), text), pass) << text;
  for (const char *text : {"a1a1", "e8e8", "e4e4", "e1e1q", "e1e", "00000", "@@@"})
    EXPECT_EQ(pos_parse_move(pos.get(), text), MOVE_NONE) << text;
  char name[32];
  pos_move_name_spelled(pos.get(), pass, PASS_ROYAL_SQUARE, name, sizeof name);
  EXPECT_STREQ(name, "e1e1");
  pos_move_name_spelled(pos.get(), pass, PASS_AT_SIGNS, name, sizeof name);
  EXPECT_STREQ(name, "@@@@");
  pos_move_name_spelled(pos.get(), pass, PASS_WORD, name, sizeof name);
  EXPECT_STREQ(name, "pass");
  pos_move_name_spelled(pos.get(), pos_parse_move(pos.get(), "a1a2"), PASS_AT_SIGNS, name, sizeof name);
  EXPECT_STREQ(name, "a1a2");
  // Two Kings: either square twice is read, and the pass is written "0000".
  ASSERT_TRUE(SetFen(pos.get(), rules.get(), "4k3/8/8/8/8/8/8/R2KK3 w - - 0 1"));
  EXPECT_EQ(pos_royal_square(pos.get()), -1);
  for (const char *text : {"d1d1", "e1e1"}) EXPECT_EQ(pos_parse_move(pos.get(), text), pass) << text;
  pos_move_name_spelled(pos.get(), pass, PASS_ROYAL_SQUARE, name, sizeof name);
  EXPECT_STREQ(name, "0000");
  // Without the rule no spelling is a move.
  auto chess = Fixture("chess");
  ASSERT_TRUE(SetFen(pos.get(), chess->get(), "startpos"));
  for (const char *text : {"pass", "0000", "@@@@", "e1e1"}) EXPECT_EQ(pos_parse_move(pos.get(), text), MOVE_NONE);
}

// ---------------------------------------------------------------------------------------------
// Drops

TEST(CoreDrops, CrazyhouseCapturesGoToHandAndPromotedPiecesReturnAsPawns) {
  auto zh = Fixture("crazyhouse");
  PosBox pos;
  const char *fen = "4k3/8/8/3q~4/4P3/8/8/4K3[] w - - 0 1";
  ASSERT_TRUE(SetFen(pos.get(), zh->get(), fen));
  ASSERT_TRUE(Play(pos.get(), "e4d5"));
  EXPECT_EQ(Fen(pos.get()), "4k3/8/8/3P4/8/8/8/4K3[P] b - - 0 1");
  pos_unmake(pos.get());
  EXPECT_EQ(Fen(pos.get()), fen);
  EXPECT_EQ(pos->key, pos_compute_key(pos.get()));
  // An unmarked queen stays a queen in hand.
  ASSERT_TRUE(SetFen(pos.get(), zh->get(), "4k3/8/8/3q4/4P3/8/8/4K3[] w - - 0 1"));
  ASSERT_TRUE(Play(pos.get(), "e4d5"));
  EXPECT_EQ(Fen(pos.get()), "4k3/8/8/3P4/8/8/8/4K3[Q] b - - 0 1");
  // A promotion leaves the promoted mark behind.
  ASSERT_TRUE(SetFen(pos.get(), zh->get(), "4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1"));
  ASSERT_TRUE(Play(pos.get(), "b7b8q"));
  EXPECT_EQ(Fen(pos.get()), "1Q~2k3/8/8/8/8/8/8/4K3[] b - - 0 1");
}

TEST(CoreDrops, CrazyhouseDropSquares) {
  auto zh = Fixture("crazyhouse");
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), zh->get(), "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1"));
  Names pawn = Drops(pos.get());
  EXPECT_EQ(pawn.size(), 48u); // ranks 2 to 7
  EXPECT_EQ(std::count(pawn.begin(), pawn.end(), "P@a1"), 0);
  EXPECT_EQ(std::count(pawn.begin(), pawn.end(), "P@a8"), 0);
  EXPECT_EQ(std::count(pawn.begin(), pawn.end(), "P@e4"), 1);
  ASSERT_TRUE(SetFen(pos.get(), zh->get(), "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1"));
  EXPECT_EQ(Drops(pos.get()).size(), 62u);
  ASSERT_TRUE(Play(pos.get(), "N@c3"));
  EXPECT_EQ(Fen(pos.get()), "4k3/8/8/8/8/2N5/8/4K3[] b - - 1 1");
  pos_unmake(pos.get());
  EXPECT_EQ(Fen(pos.get()), "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1");
  // Black drops with the same rules, mirrored.
  ASSERT_TRUE(SetFen(pos.get(), zh->get(), "4k3/8/8/8/8/8/8/4K3[p] b - - 0 1"));
  EXPECT_EQ(Drops(pos.get()).size(), 48u);
  // A drop may block a check; no other drop is legal then.
  ASSERT_TRUE(SetFen(pos.get(), zh->get(), "4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1"));
  EXPECT_EQ(Drops(pos.get()), (Names{"N@b1", "N@c1", "N@d1"}));
}

class CoreShogiDrops : public ::testing::Test {
protected:
  std::unique_ptr<RulesBox> shogi = Fixture("shogi");
  PosBox pos;
  Names At(const char *fen) {
    EXPECT_TRUE(SetFen(pos.get(), shogi->get(), fen));
    return Drops(pos.get());
  }
};

TEST_F(CoreShogiDrops, CapturedPiecesRevertAndChangeSides) {
  ASSERT_TRUE(SetFen(pos.get(), shogi->get(), "4k4/9/9/9/4+r4/4P4/9/9/4K4[] w - - 0 1"));
  ASSERT_TRUE(Play(pos.get(), "e4e5"));
  EXPECT_EQ(Fen(pos.get()), "4k4/9/9/9/4P4/9/9/9/4K4[R] b - - 0 1");
  pos_unmake(pos.get());
  EXPECT_EQ(Fen(pos.get()), "4k4/9/9/9/4+r4/4P4/9/9/4K4[] w - - 0 1");
}

TEST_F(CoreShogiDrops, PawnsOnePerFileAndNeverOnTheLastRank) {
  // Own pawn on e2: no pawn drop on the e-file; none on rank 9.
  Names drops = At("4k4/9/9/9/9/9/9/4P4/4K4[P] w - - 0 1");
  EXPECT_EQ(drops.size(), 64u);
  for (const std::string &d : drops) {
    EXPECT_NE(d[2], 'e') << d;
    EXPECT_NE(d[3], '9') << d;
  }
  // A tokin does not count as a pawn.
  EXPECT_EQ(At("4k4/9/9/9/9/9/9/4+P4/4K4[P] w - - 0 1").size(), 70u);
  // An enemy pawn on the file does not count either.
  EXPECT_EQ(At("4k4/4p4/9/9/9/9/9/9/4K4[P] w - - 0 1").size(), 70u);
}

TEST_F(CoreShogiDrops, LanceAndKnightNotWhereTheyCouldNotMove) {
  EXPECT_EQ(At("4k4/9/9/9/9/9/9/9/4K4[L] w - - 0 1").size(), 71u);
  EXPECT_EQ(At("4k4/9/9/9/9/9/9/9/4K4[N] w - - 0 1").size(), 62u);
  EXPECT_EQ(At("4k4/9/9/9/9/9/9/9/4K4[G] w - - 0 1").size(), 79u);
  Names black_knight = At("4k4/9/9/9/9/9/9/9/4K4[n] b - - 0 1");
  EXPECT_EQ(black_knight.size(), 62u);
  for (const std::string &d : black_knight) {
    EXPECT_NE(d[3], '1') << d;
    EXPECT_NE(d[3], '2') << d;
  }
}

TEST_F(CoreShogiDrops, NoMateByPawnDrop) {
  // P@i8 would mate the king on i9 (gold covers h8 and h9, the knight guards i8).
  Names drops = At("8k/6G2/9/7N1/9/9/9/9/4K4[P] w - - 0 1");
  EXPECT_EQ(std::count(drops.begin(), drops.end(), "P@i8"), 0);
  EXPECT_EQ(std::count(drops.begin(), drops.end(), "P@i7"), 1);
  // The same check is legal when the king can take the pawn.
  drops = At("8k/6G2/9/9/9/9/9/9/4K4[P] w - - 0 1");
  EXPECT_EQ(std::count(drops.begin(), drops.end(), "P@i8"), 1);
  // Mate by dropping another piece is fine.
  drops = At("8k/6G2/9/7N1/9/9/9/9/4K4[G] w - - 0 1");
  EXPECT_EQ(std::count(drops.begin(), drops.end(), "G@i8"), 1);
  ASSERT_TRUE(Play(pos.get(), "G@i8"));
  char reason[64] = "";
  EXPECT_EQ(pos_game_result(pos.get(), reason, sizeof reason), RESULT_LOSS);
  EXPECT_STREQ(reason, "checkmate");
}

// ---------------------------------------------------------------------------------------------
// Game results

GameResult Result(const char *rules, const char *fen, std::string *reason_out = nullptr) {
  auto r = Fixture(rules);
  PosBox pos;
  EXPECT_TRUE(SetFen(pos.get(), r->get(), fen));
  char reason[64] = "";
  GameResult result = pos_game_result(pos.get(), reason, sizeof reason);
  if (reason_out) *reason_out = reason;
  return result;
}

TEST(CoreGameResult, CheckmateLoses) {
  std::string reason;
  EXPECT_EQ(Result("chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", &reason), RESULT_LOSS);
  EXPECT_EQ(reason, "checkmate");
  EXPECT_EQ(Result("chess", "startpos"), RESULT_NONE);
  // Check that is not mate.
  EXPECT_EQ(Result("chess", "4k3/8/8/8/8/8/8/4K2r w - - 0 1"), RESULT_NONE);
  // Xiangqi: one chariot checks along rank 1, the other shuts rank 2.
  EXPECT_EQ(Result("xiangqi", "3k5/9/9/9/9/9/9/9/9/4K3r w - - 0 1"), RESULT_NONE);
  EXPECT_EQ(Result("xiangqi", "3k5/9/9/9/9/9/9/9/r8/4K3r w - - 0 1", &reason), RESULT_LOSS);
  EXPECT_EQ(reason, "checkmate");
}

TEST(CoreGameResult, StalemateIsADrawInChessAndALossInXiangqiAndShogi) {
  std::string reason;
  EXPECT_EQ(Result("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &reason), RESULT_DRAW);
  EXPECT_EQ(reason, "stalemate");
  EXPECT_EQ(Result("xiangqi", "4k4/R8/9/9/9/3R1R3/9/9/9/3K5 b - - 0 1", &reason), RESULT_LOSS);
  EXPECT_EQ(reason, "stalemate");
  EXPECT_EQ(Result("shogi", "k8/9/1GN6/9/9/9/9/9/4K4[] b - - 0 1", &reason), RESULT_LOSS);
  EXPECT_EQ(reason, "stalemate");
  // With a piece in hand it is no stalemate.
  EXPECT_EQ(Result("shogi", "k8/9/1GN6/9/9/9/9/9/4K4[g] b - - 0 1"), RESULT_NONE);
}

TEST(CoreGameResult, FiftyMoveRule) {
  auto chess = Fixture("chess");
  PosBox pos;
  char reason[64] = "";
  ASSERT_TRUE(SetFen(pos.get(), chess->get(), "4k3/8/8/8/8/8/8/4K2R w - - 99 80"));
  EXPECT_EQ(pos_game_result(pos.get(), reason, sizeof reason), RESULT_NONE);
  ASSERT_TRUE(Play(pos.get(), "h1h2"));
  EXPECT_EQ(pos_game_result(pos.get(), reason, sizeof reason), RESULT_DRAW);
  EXPECT_STREQ(reason, "50-move rule");
  pos_unmake(pos.get());
  // A pawn move resets the count.
  ASSERT_TRUE(SetFen(pos.get(), chess->get(), "4k3/8/8/8/8/8/4P3/4K3 w - - 99 80"));
  ASSERT_TRUE(Play(pos.get(), "e2e3"));
  EXPECT_EQ(pos->halfmove, 0);
  EXPECT_EQ(pos_game_result(pos.get(), reason, sizeof reason), RESULT_NONE);
  // Mate on the hundredth ply is still mate.
  ASSERT_TRUE(SetFen(pos.get(), chess->get(), "R3k3/8/4K3/8/8/8/8/8 b - - 100 80"));
  EXPECT_EQ(pos_game_result(pos.get(), reason, sizeof reason), RESULT_LOSS);
}

TEST(CoreGameResult, ThreefoldRepetition) {
  auto chess = Fixture("chess");
  PosBox pos;
  char reason[64] = "";
  ASSERT_TRUE(SetFen(pos.get(), chess->get(), "startpos"));
  const char *cycle[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
  for (const char *m : cycle) ASSERT_TRUE(Play(pos.get(), m));
  EXPECT_EQ(pos_game_result(pos.get(), reason, sizeof reason), RESULT_NONE);
  for (int i = 0; i < 3; i++) ASSERT_TRUE(Play(pos.get(), cycle[i]));
  EXPECT_EQ(pos_game_result(pos.get(), reason, sizeof reason), RESULT_NONE);
  ASSERT_TRUE(Play(pos.get(), cycle[3]));
  EXPECT_EQ(pos_game_result(pos.get(), reason, sizeof reason), RESULT_DRAW);
  EXPECT_STREQ(reason, "3-fold repetition");
  pos_unmake(pos.get());
  EXPECT_EQ(pos_game_result(pos.get(), reason, sizeof reason), RESULT_NONE);
}

TEST(CoreGameResult, ShogiNeedsFourfoldRepetition) {
  auto shogi = Fixture("shogi");
  PosBox pos;
  char reason[64] = "";
  ASSERT_TRUE(SetFen(pos.get(), shogi->get(), "startpos"));
  const char *cycle[] = {"h2g2", "b8c8", "g2h2", "c8b8"};
  for (int round = 0; round < 3; round++) {
    EXPECT_EQ(pos_game_result(pos.get(), reason, sizeof reason), RESULT_NONE) << round;
    for (const char *m : cycle) ASSERT_TRUE(Play(pos.get(), m));
  }
  EXPECT_EQ(pos_game_result(pos.get(), reason, sizeof reason), RESULT_DRAW);
  EXPECT_STREQ(reason, "4-fold repetition");
}

} // namespace
