// Static exchange evaluation on concrete positions, hoppers included.
#include "search/shim.h"

namespace {

using search_test::PositionOwner;
using search_test::RulesOwner;
using search_test::SearchOwner;

struct SeeFixture {
  RulesOwner rules;
  SearchOwner search;
  const EvalTables *e;
  explicit SeeFixture(const char *name) : rules(name), search(rules.r, 1, 1), e(srch_eval_tables(search.s)) {}
  int Value(char letter) const { return e->exchange[rules_find_type(rules.r, letter, false)]; }
  int See(const char *fen, const char *move) {
    PositionOwner pos(rules.r, fen);
    Move m = pos_parse_move(&pos.p, move);
    EXPECT_NE(m, MOVE_NONE) << move << " in " << fen;
    uint64_t key = pos.p.key;
    int v = srch_see(&pos.p, e, m);
    EXPECT_EQ(pos.p.key, key); // the position is restored
    EXPECT_EQ(pos.p.ply, 0);
    // The threshold form, which stops the exchange early, gives srch_see's answer at every
    // threshold, just around the figure and far from it.
    auto scratch = std::make_unique<MoveList>();
    for (int t : {v - 1000, v - 101, v - 1, v, v + 1, v + 99, v + 1000}) {
      EXPECT_EQ(srch_see_ge(&pos.p, e, m, t, scratch.get()), v >= t) << move << " in " << fen << " against " << t;
      EXPECT_EQ(pos.p.key, key);
    }
    return v;
  }
};

TEST(SearchSee, ChessExchanges) {
  SeeFixture f("chess");
  int p = f.Value('P'), n = f.Value('N'), r = f.Value('R'), b = f.Value('B');
  EXPECT_EQ(f.See("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), p);                   // free pawn
  EXPECT_EQ(f.See("4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 0);                 // pawn for pawn
  EXPECT_EQ(f.See("4k3/8/2p5/3p4/8/4N3/8/4K3 w - - 0 1", "e3d5"), p - n);             // knight lost for pawn
  EXPECT_EQ(f.See("4k3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), p);                // x-ray backs the rook
  EXPECT_EQ(f.See("3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), p - r);           // two against two
  EXPECT_EQ(f.See("4k3/8/2b5/3n4/8/4N3/8/4K3 w - - 0 1", "e3d5"), n - n + b - b + 0); // trade
  // A queen taking a defended pawn loses the queen's worth less the pawn.
  int q = f.Value('Q');
  EXPECT_EQ(f.See("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"), p - q);
  // The royal may recapture only when the square is not defended.
  EXPECT_EQ(f.See("8/8/3k4/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), p - r);
  EXPECT_EQ(f.See("8/8/3k4/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), p);
  // Promotions: the piece a pawn becomes is what the recapture wins, and a recapture may itself
  // promote (the bound the early stop allows for).
  EXPECT_EQ(f.See("4k3/1P6/8/8/8/8/7K/1r6 w - - 0 1", "b7b8q"), -p);
  EXPECT_EQ(f.See("r3k3/1P6/1n6/8/8/8/8/R3K3 w - - 0 1", "b7a8q"), r + q - p - q + n);
  EXPECT_EQ(f.See("1r2k3/P1P5/8/8/8/8/8/4K3 b - - 0 1", "b8b1"), 0);
  EXPECT_EQ(f.See("4k3/8/8/8/8/7K/p2N4/1r6 w - - 0 1", "d2b1"), r - n - (q - p)); // retaken by promoting
  EXPECT_EQ(f.See("1r2k3/P1P5/8/8/8/8/8/4K3 w - - 0 1", "a7b8q"), r + q - p);
  EXPECT_EQ(f.See("1rr1k3/P7/8/8/8/8/8/1R2K3 w - - 0 1", "a7b8q"), r + q - p - q + r);
}

TEST(SearchSee, XiangqiCannonCapturesOverAScreen) {
  SeeFixture f("xiangqi");
  int soldier = f.Value('P'), cannon = f.Value('C');
  // The cannon on e2 takes e6 over the soldier on e4; the chariot on e9 takes back.
  EXPECT_EQ(f.See("5k3/4r4/9/9/4p4/9/4P4/9/4C4/3K5 w - - 0 1", "e2e6"), soldier - cannon);
  EXPECT_EQ(f.See("5k3/9/9/9/4p4/9/4P4/9/4C4/3K5 w - - 0 1", "e2e6"), soldier);
  // A second cannon behind the first: once the first has jumped, the soldier on e4 is the
  // screen again for the recapture (the screen changes with every capture).
  EXPECT_EQ(f.See("5k3/4r4/9/9/4p4/9/4P4/9/4C4/3KC4 w - - 0 1", "e2e6"), soldier);
}

TEST(SearchSee, ShogiCapturesGoToHandAndStillCount) {
  SeeFixture f("shogi");
  int pawn = f.Value('P'), silver = f.Value('S');
  EXPECT_EQ(f.See("4k4/9/9/4p4/4P4/9/9/9/4K4[] w - - 0 1", "e5e6"), pawn);
  EXPECT_EQ(f.See("4k4/9/3s5/4p4/4P4/9/9/9/4K4[] w - - 0 1", "e5e6"), 0);
  EXPECT_EQ(f.See("4k4/9/3g5/4p4/4S4/9/9/9/4K4[] w - - 0 1", "e5e6"), pawn - silver);
}

} // namespace

namespace {

TEST(SearchSee, QuietMovesAndDropsExchangeNothing) {
  SeeFixture f("crazyhouse");
  EXPECT_EQ(f.See("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "N@e4"), 0);
  EXPECT_EQ(f.See("4k3/8/8/8/8/8/8/4K3[] w - - 0 1", "e1d2"), 0);
  EXPECT_EQ(f.See("r3k3/8/8/8/8/8/8/R3K2R[] w KQq - 0 1", "e1g1"), 0);
}

} // namespace
