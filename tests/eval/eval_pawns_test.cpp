// The pawn-like terms kept per thread (eval/eval_pawns.h): the evaluation with them is the
// evaluation counted afresh (ev_features), over random games of the games whose boards they
// serve, with every pawn-like term weighed; and an entry is found again, not counted again.
#include <cstdint>

#include "eval/eval_pawns.h"
#include "search/shim.h"

namespace {

using search_test::PositionOwner;
using search_test::RulesOwner;
using Tables = search_test::TablesOwner;

// The evaluation as features() counts it without the cache: White's view of ev_features.
int Afresh(const EvalTables *e, const Position *p) {
  EvalFeatures f;
  ev_features(e, p, &f);
  int white = ev_score_features(&e->weights, &f);
  return p->side == WHITE ? white : -white;
}

TEST(EvalPawns, KeptTermsGiveTheEvaluationCountedAfresh) {
  const char *games[] = {"chess", "crazyhouse", "makruk", "knightmate", "extinction", "minishogi", "3check"};
  for (const char *game : games) {
    RulesOwner rules(game);
    Tables t(rules.r);
    EvalWeights w = t.e->weights; // every pawn-like term weighs, as a tuned file may make them
    w.w[EV_ISOLATED] = EvalPair{-7, -11};
    w.w[EV_CONNECTED] = EvalPair{5, 3};
    w.w[EV_PAWN_THREAT] = EvalPair{13, 17};
    w.w[EV_DOUBLED] = EvalPair{-9, -23};
    w.w[EV_PIECE_THREAT] = EvalPair{19, 29}; // and the threats, which read the kept pawn attacks
    w.w[EV_HANGING] = EvalPair{31, 7};
    ev_set_weights(t.e, &w);
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    int positions = 0, kept = 0;
    for (int g = 0; g < 12; g++) {
      PositionOwner pos(rules.r, "startpos");
      static MoveList list;
      for (int ply = 0; ply < 120; ply++) {
        int score = ev_classic(t.e, &pos.p);
        ASSERT_EQ(score, Afresh(t.e, &pos.p)) << game << " game " << g << " ply " << ply;
        ASSERT_EQ(score, ev_classic(t.e, &pos.p)) << game; // the second time from the cache
        kept += ev_pawns(t.e, &pos.p) != nullptr;
        positions++;
        pos_legal_moves(&pos.p, &list);
        if (!list.count) break;
        seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
        pos_make(&pos.p, list.moves[seed % list.count]);
      }
    }
    EXPECT_GT(kept, positions * 9 / 10) << game << ": the terms were kept for few positions";
  }
  ev_pawns_thread_release();
}

TEST(EvalPawns, NotKeptOnLargerBoards) {
  const char *games[] = {"capablanca", "shogi", "xiangqi"};
  for (const char *game : games) {
    RulesOwner rules(game);
    Tables t(rules.r);
    PositionOwner pos(rules.r, "startpos");
    EXPECT_EQ(ev_pawns(t.e, &pos.p), nullptr) << game;
  }
}

// An entry is the tables' and the pawn-like pieces' own: other tables of the same game, or
// another placing of the same pieces, do not find it.
TEST(EvalPawns, AnEntryIsFoundOnlyForItsTablesAndItsPieces) {
  RulesOwner rules("chess");
  Tables a(rules.r), b(rules.r);
  PositionOwner start(rules.r, "startpos");
  PositionOwner moved(rules.r, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  const EvalPawns *x = ev_pawns(a.e, &start.p);
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->serial, a.e->serial);
  EXPECT_NE(a.e->serial, b.e->serial);
  EXPECT_EQ(ev_pawns(a.e, &start.p), x);
  const EvalPawns *y = ev_pawns(b.e, &start.p);
  ASSERT_NE(y, nullptr);
  EXPECT_EQ(y->serial, b.e->serial);
  const EvalPawns *z = ev_pawns(a.e, &moved.p);
  ASSERT_NE(z, nullptr);
  EXPECT_NE(z->where[0][WHITE], start.p.by_piece[WHITE][a.e->pawn_types[0]][0]);
  // The start position: nothing doubled, isolated or passed; White's eight Pawns make fourteen
  // attacks on the eight squares of the third rank, those of b-g twice.
  EXPECT_EQ(x->doubled, 0);
  EXPECT_EQ(x->passed_eg, 0);
  EXPECT_EQ(x->isolated[WHITE], 0);
  EXPECT_EQ(__builtin_popcountll(x->attacked_once[WHITE]), 8);
  EXPECT_EQ(__builtin_popcountll(x->attacked_twice[WHITE]), 6);
  ev_pawns_thread_release();
}

} // namespace
