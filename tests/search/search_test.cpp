// The search on concrete positions: mates with their distance, draws by stalemate, repetition
// and the n-move rule, reproducible node counts, node and time limits, multi-PV, threads.
#include <chrono>
#include <map>
#include <set>
#include <thread>
#include <vector>

#include "search/shim.h"

namespace {

using search_test::MoveName;
using search_test::PositionOwner;
using search_test::RulesOwner;
using search_test::SearchDepth;
using search_test::SearchOwner;

// Runs a search from pos and gives every info line it reported, in order.
std::vector<SearchInfo> SearchReports(Search *s, Position *pos, const SearchLimits &limits, SearchResult *res) {
  std::vector<SearchInfo> infos;
  auto collect = [](void *context, const Position *, const SearchInfo *info) {
    static_cast<std::vector<SearchInfo> *>(context)->push_back(*info);
  };
  *res = srch_run(s, pos, &limits, collect, &infos);
  return infos;
}

struct MateCase {
  const char *fen;
  const char *move;
  int moves; // mate in this many moves
  int depth;
};

// Mates from the Win At Chess suite (their "dm" figures) and two by hand.
const MateCase kChessMates[] = {
    {"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8", 1, 3},
    {"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "f1f8", 1, 4},                              // not f1f7, which stalemates
    {"r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1", "h6h7", 2, 5},  // WAC.004
    {"7k/pp4np/2p3p1/3pN1q1/3P4/Q7/1r3rPP/2R2RK1 w - - 0 1", "a3f8", 2, 5},        // WAC.027
    {"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", "g3g6", 2, 8}, // WAC.001
    {"k4r2/1R4pb/1pQp1n1p/3P4/5p1P/3P2P1/r1q1R2K/8 w - - 0 1", "b7b6", 3, 6},      // WAC.050
    {"r3q1kr/ppp5/3p2pQ/8/3PP1b1/5R2/PPP3P1/5RK1 w - - 0 1", "f3f8", 3, 6},        // WAC.057
    {"8/6pp/3q1p2/3n1k2/1P6/3NQ2P/5PP1/6K1 w - - 0 1", "g2g4", 3, 6},              // WAC.064
};

TEST(SearchMate, FindsChessMatesWithTheirDistance) {
  RulesOwner rules("chess");
  for (const auto &c : kChessMates) {
    std::string best;
    SearchResult res = SearchDepth(rules.r, c.fen, c.depth, &best);
    EXPECT_EQ(best, c.move) << c.fen;
    EXPECT_EQ(res.score, srch_mate_in(2 * c.moves - 1)) << c.fen;
  }
}

TEST(SearchMate, TheMatedSideSeesItsDistance) {
  RulesOwner rules("chess");
  PositionOwner pos(rules.r, "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1");
  pos_make(&pos.p, pos_parse_move(&pos.p, "h6h7"));
  SearchOwner s(rules.r, 4, 1);
  SearchLimits limits;
  srch_limits_init(&limits);
  limits.depth = 4;
  SearchResult res = srch_run(s.s, &pos.p, &limits, nullptr, nullptr);
  EXPECT_EQ(MoveName(&pos.p, res.best), "h8h7"); // the only move
  EXPECT_EQ(res.score, srch_mated_in(2));
}

TEST(SearchMate, FindsMatesInOtherRuleSets) {
  RulesOwner xiangqi("xiangqi");
  std::string best;
  // Two chariots: one checks on the back rank, the other guards the ninth.
  SearchResult res = SearchDepth(xiangqi.r, "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", 4, &best);
  EXPECT_EQ(best, "b1b10");
  EXPECT_EQ(res.score, srch_mate_in(1));
  RulesOwner shogi("shogi");
  // A gold dropped in front of the king, guarded by the silver, mates.
  res = SearchDepth(shogi.r, "4k4/9/4S4/9/9/9/9/9/4K4[G] w - - 0 1", 4, &best);
  EXPECT_EQ(best, "G@e8");
  EXPECT_EQ(res.score, srch_mate_in(1));
}

struct CaptureCase {
  const char *fen;
  const char *move;
};

// Captures that win a queen or mate, the moves fairy-stockfish 11.1 plays at depth 16, searched
// to depth 8, where the pruning near the leaves, the null move and the reductions all act: none
// of them may cost the search the capture that wins.
const CaptureCase kWinningCaptures[] = {
    {"rnb1kbnr/pppp1ppp/8/4p1q1/4P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 0 3", "c1g5"},
    {"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "h5f7"},
    {"2kr3r/ppp2ppp/2n5/2b1q3/8/2N2N2/PPPQ1PPP/R3KB1R w KQ - 0 10", "f3e5"},
    {"r3k2r/ppp2ppp/2n1b3/3qp3/8/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 0 8", "c3d5"},
};

TEST(SearchTactics, TakesTheQueenOrTheKingWhereACaptureWins) {
  RulesOwner rules("chess");
  for (const auto &c : kWinningCaptures) {
    std::string best;
    SearchResult res = SearchDepth(rules.r, c.fen, 8, &best);
    EXPECT_EQ(best, c.move) << c.fen;
    EXPECT_GT(res.score, 300) << c.fen; // a queen's worth, less what the reply wins back
  }
}

TEST(SearchDraw, StalemateIsADrawInChessAndALossInXiangqi) {
  RulesOwner chess("chess");
  std::string best;
  SearchResult res = SearchDepth(chess.r, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 5, &best);
  EXPECT_EQ(res.best, MOVE_NONE);
  EXPECT_EQ(res.score, 0);
  // A stalemating reply is worth a draw to the side that is behind.
  res = SearchDepth(chess.r, "7k/8/5QK1/8/8/8/8/8 w - - 0 1", 3, &best);
  EXPECT_GT(res.score, SRCH_MATE_BOUND); // white finds the mate, not the stalemate
  RulesOwner xiangqi("xiangqi");
  // Black's lone general on d10 is not in check, but the chariot guards rank 9 and e10 would
  // face White's general. Stalemate loses in xiangqi.
  res = SearchDepth(xiangqi.r, "3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1", 3, &best);
  EXPECT_EQ(res.best, MOVE_NONE);
  EXPECT_EQ(res.score, srch_mated_in(0));
}

TEST(SearchDraw, RepetitionWithTheGameHistoryScoresZero) {
  RulesOwner rules("chess");
  PositionOwner pos(rules.r, "startpos");
  for (const char *m : {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"}) {
    Move move = pos_parse_move(&pos.p, m);
    ASSERT_NE(move, MOVE_NONE) << m;
    pos_make(&pos.p, move);
  }
  // f6g8 brings the start position back a third time.
  SearchOwner s(rules.r, 4, 1);
  SearchLimits limits;
  srch_limits_init(&limits);
  limits.depth = 4;
  limits.multipv = 30;
  struct Lines {
    std::map<std::string, int> score;
    const Position *root = nullptr;
  } lines;
  auto collect = [](void *context, const Position *root, const SearchInfo *info) {
    auto *l = static_cast<Lines *>(context);
    if (info->bound == TT_BOUND_EXACT && info->depth == 4) l->score[MoveName(root, info->pv[0])] = info->score;
  };
  srch_run(s.s, &pos.p, &limits, collect, &lines);
  ASSERT_TRUE(lines.score.count("f6g8"));
  EXPECT_EQ(lines.score["f6g8"], 0);
  // Without the history the same move is an ordinary move with an ordinary score.
  char fen[600];
  pos_get_fen(&pos.p, fen, sizeof fen);
  PositionOwner fresh(rules.r, fen);
  Lines plain;
  srch_clear(s.s);
  srch_run(s.s, &fresh.p, &limits, collect, &plain);
  ASSERT_TRUE(plain.score.count("f6g8"));
  EXPECT_NE(plain.score["f6g8"], 0);
}

TEST(SearchDraw, TheMoveRuleEndsTheGame) {
  RulesOwner rules("chess");
  std::string best;
  // Queen up, but the 50-move count runs out before any mate.
  SearchResult res = SearchDepth(rules.r, "8/8/8/4k3/8/8/8/KQ6 w - - 99 80", 4, &best);
  EXPECT_EQ(res.score, 0);
  res = SearchDepth(rules.r, "8/8/8/4k3/8/8/8/KQ6 w - - 0 80", 4, &best);
  EXPECT_GT(res.score, 500);
}

TEST(SearchDeterminism, OneThreadAtFixedDepthRepeatsItsNodeCount) {
  RulesOwner rules("chess");
  const char *fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  std::string first, second;
  SearchResult a = SearchDepth(rules.r, fen, 7, &first);
  SearchResult b = SearchDepth(rules.r, fen, 7, &second);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(first, second);
  EXPECT_EQ(a.score, b.score);
  // The same searcher gives the same count again once cleared.
  PositionOwner pos(rules.r, fen);
  SearchOwner s(rules.r, 8, 1);
  SearchLimits limits;
  srch_limits_init(&limits);
  limits.depth = 7;
  SearchResult c = srch_run(s.s, &pos.p, &limits, nullptr, nullptr);
  srch_clear(s.s);
  SearchResult d = srch_run(s.s, &pos.p, &limits, nullptr, nullptr);
  EXPECT_EQ(c.nodes, d.nodes);
  EXPECT_EQ(c.nodes, a.nodes);
}

TEST(SearchLimits, NodeLimitIsExactWithOneThread) {
  RulesOwner rules("capablanca");
  PositionOwner pos(rules.r, "startpos");
  SearchOwner s(rules.r, 4, 1);
  SearchLimits limits;
  srch_limits_init(&limits);
  limits.nodes = 20000;
  SearchResult a = srch_run(s.s, &pos.p, &limits, nullptr, nullptr);
  srch_clear(s.s);
  SearchResult b = srch_run(s.s, &pos.p, &limits, nullptr, nullptr);
  EXPECT_EQ(a.nodes, 20000u);
  EXPECT_EQ(a.best, b.best);
  EXPECT_NE(a.best, MOVE_NONE);
  EXPECT_TRUE(pos_is_legal(&pos.p, a.best));
}

TEST(SearchLimits, MoveTimeIsKept) {
  RulesOwner rules("chess");
  PositionOwner pos(rules.r, "startpos");
  SearchOwner s(rules.r, 4, 1);
  SearchLimits limits;
  srch_limits_init(&limits);
  limits.movetime_ms = 150;
  limits.overhead_ms = 20;
  auto start = std::chrono::steady_clock::now();
  SearchResult res = srch_run(s.s, &pos.p, &limits, nullptr, nullptr);
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(ms, 400);
  EXPECT_GE(ms, 100);
  EXPECT_TRUE(pos_is_legal(&pos.p, res.best));
  EXPECT_GE(res.depth, 3);
}

TEST(SearchLimits, InfiniteSearchRunsUntilStopped) {
  RulesOwner rules("xiangqi");
  PositionOwner pos(rules.r, "startpos");
  SearchOwner s(rules.r, 4, 2);
  SearchLimits limits;
  srch_limits_init(&limits);
  limits.infinite = true;
  limits.depth = 2; // reached at once; an infinite search still waits for the stop
  ASSERT_TRUE(srch_start(s.s, &pos.p, &limits, nullptr, nullptr));
  EXPECT_FALSE(srch_start(s.s, &pos.p, &limits, nullptr, nullptr)); // one at a time
  std::this_thread::sleep_for(std::chrono::milliseconds(60));
  EXPECT_TRUE(srch_running(s.s));
  srch_stop(s.s);
  SearchResult res = srch_wait(s.s);
  EXPECT_FALSE(srch_running(s.s));
  EXPECT_TRUE(pos_is_legal(&pos.p, res.best));
}

// A search its node limit stops within an iteration says last what it did in all: the last
// complete iteration again, with every node searched, and its move is the one played.
TEST(SearchLimits, AStopWithinAnIterationReportsTheWholeSearchLast) {
  RulesOwner rules("chess");
  PositionOwner pos(rules.r, "startpos");
  SearchOwner s(rules.r, 4, 1);
  SearchLimits limits;
  srch_limits_init(&limits);
  limits.nodes = 20000;
  SearchResult res;
  std::vector<SearchInfo> infos = SearchReports(s.s, &pos.p, limits, &res);
  ASSERT_GE(infos.size(), 2u);
  const SearchInfo &last = infos.back();
  size_t complete = infos.size() - 2; // the last complete iteration's report before it
  while (complete > 0 && infos[complete].bound != TT_BOUND_EXACT) complete--;
  const SearchInfo &before = infos[complete];
  EXPECT_EQ(last.nodes, 20000u);
  EXPECT_GT(last.nodes, infos[infos.size() - 2].nodes);
  EXPECT_EQ(last.depth, res.depth);
  EXPECT_EQ(last.depth, before.depth); // the complete iteration, once more
  EXPECT_EQ(last.bound, TT_BOUND_EXACT);
  ASSERT_GT(last.pv_length, 0);
  EXPECT_EQ(last.pv[0], res.best);
  EXPECT_GE(last.seldepth, before.seldepth);
}

TEST(SearchMultiPV, ReportsDistinctLinesInOrder) {
  RulesOwner rules("chess");
  PositionOwner pos(rules.r, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
  SearchOwner s(rules.r, 4, 1);
  SearchLimits limits;
  srch_limits_init(&limits);
  limits.depth = 5;
  limits.multipv = 3;
  SearchResult res;
  std::vector<SearchInfo> last;
  for (const SearchInfo &info : SearchReports(s.s, &pos.p, limits, &res))
    if (info.depth == 5 && info.bound == TT_BOUND_EXACT) last.push_back(info);
  ASSERT_EQ(last.size(), 3u);
  std::set<Move> firsts;
  for (size_t i = 0; i < last.size(); i++) {
    EXPECT_EQ(last[i].multipv, static_cast<int>(i) + 1);
    EXPECT_GT(last[i].pv_length, 0);
    firsts.insert(last[i].pv[0]);
    if (i) {
      EXPECT_LE(last[i].score, last[i - 1].score);
    }
  }
  EXPECT_EQ(firsts.size(), 3u);
  EXPECT_EQ(res.best, last[0].pv[0]);
}

TEST(SearchThreads, TwoThreadsAgreeOnAForcedMate) {
  RulesOwner rules("chess");
  PositionOwner pos(rules.r, "k4r2/1R4pb/1pQp1n1p/3P4/5p1P/3P2P1/r1q1R2K/8 w - - 0 1");
  SearchOwner s(rules.r, 8, 2);
  SearchLimits limits;
  srch_limits_init(&limits);
  limits.depth = 7;
  SearchResult res = srch_run(s.s, &pos.p, &limits, nullptr, nullptr);
  EXPECT_EQ(MoveName(&pos.p, res.best), "b7b6");
  EXPECT_EQ(res.score, srch_mate_in(5));
  EXPECT_TRUE(srch_set_threads(s.s, 3));
  EXPECT_TRUE(srch_set_hash(s.s, 2));
  res = srch_run(s.s, &pos.p, &limits, nullptr, nullptr);
  EXPECT_EQ(MoveName(&pos.p, res.best), "b7b6");
}

TEST(SearchRoot, NoLegalMoveGivesNoMoveAndTheVerdict) {
  RulesOwner rules("chess");
  std::string best;
  SearchResult res = SearchDepth(rules.r, "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", 3, &best);
  EXPECT_EQ(res.best, MOVE_NONE);
  EXPECT_EQ(res.score, srch_mated_in(0));
}

} // namespace

namespace {

TEST(SearchTurns, TwoMovesPerTurnKeepTheWindowForTheSameSide) {
  search_test::RulesOwner rules("chess");
  rules.r->turn_parts = 2; // Marseillais-style turns on the chess model
  search_test::PositionOwner pos(rules.r, "k7/8/8/8/3n3n/8/8/3QK3 w - - 0 1");
  search_test::SearchOwner s(rules.r, 2, 1);
  SearchLimits limits;
  srch_limits_init(&limits);
  limits.depth = 2;
  SearchResult res = srch_run(s.s, &pos.p, &limits, nullptr, nullptr);
  // Both knights fall in one turn: the queen takes one and then the other.
  EXPECT_EQ(search_test::MoveName(&pos.p, res.best), "d1d4");
  const EvalTables *e = srch_eval_tables(s.s);
  EXPECT_GT(res.score, e->value[rules_find_type(rules.r, 'N', false)]);
}

} // namespace

namespace {

TEST(SearchLimits, PonderingIgnoresTheClockUntilTheHit) {
  search_test::RulesOwner rules("chess");
  search_test::PositionOwner pos(rules.r, "startpos");
  search_test::SearchOwner s(rules.r, 4, 1);
  SearchLimits limits;
  srch_limits_init(&limits);
  limits.ponder = true;
  limits.movetime_ms = 60;
  limits.overhead_ms = 0;
  ASSERT_TRUE(srch_start(s.s, &pos.p, &limits, nullptr, nullptr));
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  EXPECT_TRUE(srch_running(s.s)); // well past the move time: still pondering
  auto hit = std::chrono::steady_clock::now();
  srch_ponderhit(s.s);
  SearchResult res = srch_wait(s.s);
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - hit).count();
  EXPECT_LT(ms, 300); // the move time then runs from the hit
  EXPECT_TRUE(pos_is_legal(&pos.p, res.best));
}

} // namespace

namespace {

TEST(SearchDraw, BareRoyalRuleDecidesLikeAMate) {
  search_test::RulesOwner rules("chess");
  rules.r->bare_royal_loses = true; // shatranj-style: a lone king loses
  std::string best;
  SearchResult res = search_test::SearchDepth(rules.r, "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", 3, &best);
  EXPECT_EQ(best, "d1d5");
  EXPECT_EQ(res.score, srch_mate_in(1));
}

} // namespace

namespace {

// Short games of the searcher against itself in every rule set: each move it returns is legal,
// and the game history it is given (for repetitions) grows as the game goes on.
TEST(SearchSelfPlay, ShortGamesInEveryRuleSetStayLegal) {
  for (const char *name : {"chess", "capablanca", "xiangqi", "shogi", "crazyhouse"}) {
    search_test::RulesOwner rules(name);
    search_test::PositionOwner pos(rules.r, "startpos");
    search_test::SearchOwner s(rules.r, 2, 1);
    SearchLimits limits;
    srch_limits_init(&limits);
    limits.depth = 3;
    for (int ply = 0; ply < 16; ply++) {
      SearchResult res = srch_run(s.s, &pos.p, &limits, nullptr, nullptr);
      if (res.best == MOVE_NONE) break;
      ASSERT_TRUE(pos_is_legal(&pos.p, res.best)) << name << " ply " << ply;
      EXPECT_LT(std::abs(res.score), SRCH_INFINITE);
      pos_make(&pos.p, res.best);
    }
    EXPECT_GE(pos.p.ply, 8) << name;
  }
}

} // namespace
