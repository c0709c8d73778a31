// The transposition table: store, probe, replacement, mate-score packing.
#include "search/shim.h"

namespace {

TEST(SearchTT, StoreThenProbeGivesEverythingBack) {
  TTable tt;
  ASSERT_TRUE(srch_tt_init(&tt, 1));
  uint64_t key = 0x123456789abcdef0ULL;
  Move m = move_make(12, 28, MOVE_NORMAL, 0);
  srch_tt_store(&tt, key, m, -1234, 7, TT_BOUND_LOWER);
  TTHit hit;
  ASSERT_TRUE(srch_tt_probe(&tt, key, &hit));
  EXPECT_EQ(hit.move, m);
  EXPECT_EQ(hit.score, -1234);
  EXPECT_EQ(hit.depth, 7);
  EXPECT_EQ(hit.bound, TT_BOUND_LOWER);
  EXPECT_FALSE(srch_tt_probe(&tt, key ^ 1, &hit));
  srch_tt_free(&tt);
}

TEST(SearchTT, KeepsExtremeScoresDepthsAndMoves) {
  TTable tt;
  ASSERT_TRUE(srch_tt_init(&tt, 1));
  Move drop = move_make(0, 80, MOVE_DROP, 29);
  srch_tt_store(&tt, 42, drop, SRCH_MATE - 3, -1, TT_BOUND_EXACT);
  srch_tt_store(&tt, 43, MOVE_NONE, -SRCH_MATE + 5, 120, TT_BOUND_UPPER);
  TTHit hit;
  ASSERT_TRUE(srch_tt_probe(&tt, 42, &hit));
  EXPECT_EQ(hit.move, drop);
  EXPECT_EQ(hit.score, SRCH_MATE - 3);
  EXPECT_EQ(hit.depth, -1);
  ASSERT_TRUE(srch_tt_probe(&tt, 43, &hit));
  EXPECT_EQ(hit.move, MOVE_NONE);
  EXPECT_EQ(hit.score, -SRCH_MATE + 5);
  EXPECT_EQ(hit.depth, 120);
  srch_tt_free(&tt);
}

TEST(SearchTT, SameKeyWithoutMoveKeepsTheOldMove) {
  TTable tt;
  ASSERT_TRUE(srch_tt_init(&tt, 1));
  Move m = move_make(1, 2, MOVE_NORMAL, 0);
  srch_tt_store(&tt, 99, m, 10, 3, TT_BOUND_LOWER);
  srch_tt_store(&tt, 99, MOVE_NONE, 20, 4, TT_BOUND_UPPER);
  TTHit hit;
  ASSERT_TRUE(srch_tt_probe(&tt, 99, &hit));
  EXPECT_EQ(hit.move, m);
  EXPECT_EQ(hit.score, 20);
  EXPECT_EQ(hit.depth, 4);
  srch_tt_free(&tt);
}

TEST(SearchTT, FullBucketReplacesTheShallowestAndOldEntriesFirst) {
  TTable tt;
  ASSERT_TRUE(srch_tt_init(&tt, 0)); // one bucket: every key shares it
  ASSERT_EQ(tt.buckets, 1u);
  for (uint64_t k = 1; k <= 4; k++) srch_tt_store(&tt, k, MOVE_NONE, 0, (int)k * 2, TT_BOUND_EXACT);
  srch_tt_store(&tt, 5, MOVE_NONE, 0, 9, TT_BOUND_EXACT);
  TTHit hit;
  EXPECT_FALSE(srch_tt_probe(&tt, 1, &hit)); // depth 2 was the cheapest
  EXPECT_TRUE(srch_tt_probe(&tt, 5, &hit));
  srch_tt_new_search(&tt);
  srch_tt_new_search(&tt);
  srch_tt_store(&tt, 6, MOVE_NONE, 0, 1, TT_BOUND_EXACT); // old deep entries give way
  EXPECT_TRUE(srch_tt_probe(&tt, 6, &hit));
  EXPECT_EQ(srch_tt_hashfull(&tt), 250); // 1 of 4 sampled entries is from this search
  srch_tt_clear(&tt);
  EXPECT_FALSE(srch_tt_probe(&tt, 5, &hit));
  srch_tt_free(&tt);
}

TEST(SearchTT, PrefaultWritesASmallTableOnceAndClearKeepsItWritten) {
  TTable tt;
  ASSERT_TRUE(srch_tt_init(&tt, 2));
  EXPECT_FALSE(tt.faulted); // fresh pages: nothing written yet
  srch_tt_store(&tt, 77, MOVE_NONE, 5, 3, TT_BOUND_EXACT);
  srch_tt_prefault(&tt); // written through as zero: what was stored is gone
  EXPECT_TRUE(tt.faulted);
  TTHit hit;
  EXPECT_FALSE(srch_tt_probe(&tt, 77, &hit));
  srch_tt_store(&tt, 78, MOVE_NONE, 5, 3, TT_BOUND_EXACT);
  srch_tt_prefault(&tt); // already written: nothing happens
  EXPECT_TRUE(srch_tt_probe(&tt, 78, &hit));
  srch_tt_clear(&tt);
  EXPECT_TRUE(tt.faulted);
  EXPECT_FALSE(srch_tt_probe(&tt, 78, &hit));
  srch_tt_free(&tt);
}

TEST(SearchTT, ATableBeyondThePrefaultLimitIsLeftToFaultIn) {
  TTable tt;
  // Only the address space is taken: the pages are never touched.  A machine with less than
  // four gigabytes refuses the size, and there is nothing to check.
  if (!srch_tt_init(&tt, (TT_PREFAULT_MAX >> 20) * 2)) GTEST_SKIP() << "a 2 GB table is refused here";
  srch_tt_prefault(&tt);
  EXPECT_FALSE(tt.faulted);
  srch_tt_free(&tt);
}

TEST(SearchTT, RefusesAbsurdSizesAndKeepsTheOldTable) {
  TTable tt;
  EXPECT_FALSE(srch_tt_init(&tt, size_t{1} << 40)); // a million terabytes
  EXPECT_EQ(tt.buckets, 0u);
  search_test::RulesOwner rules("chess");
  search_test::SearchOwner s(rules.r, 1, 1);
  EXPECT_FALSE(srch_set_hash(s.s, 1 << 30));
  std::string best;
  search_test::PositionOwner pos(rules.r, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
  SearchLimits limits;
  srch_limits_init(&limits);
  limits.depth = 3;
  SearchResult res = srch_run(s.s, &pos.p, &limits, nullptr, nullptr); // the 1 MB table still serves
  EXPECT_EQ(search_test::MoveName(&pos.p, res.best), "d1d8");
}

} // namespace
