// herald-match's reading of an engine's output (mt_engine_reply_line, mt_engine_feature_line):
// scores, mates and depths as engines write them, and what a hostile or broken engine writes
// (numbers past int, 20-digit ranks, a move as long as the line allows) kept within bounds.
#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <string>

#include "match/engine.h"

namespace {

// An MtEngine only for its protocol and rank counting (its 64 KiB buffer is on the heap).
std::unique_ptr<MtEngine> Speaker(MtProtocol protocol, bool zero_based_ranks = false) {
  std::unique_ptr<MtEngine> e(new MtEngine());
  e->spec.protocol = protocol;
  e->zero_based_ranks = zero_based_ranks;
  e->nps_feature = -1;
  return e;
}

TEST(EngineOutput, UciScoresDepthsAndBestmove) {
  auto e = Speaker(MT_UCI);
  MtGoReply r = {};
  EXPECT_EQ(mt_engine_reply_line(e.get(), "info depth 7 seldepth 9 score cp -25 nodes 100 pv e2e4", &r), MT_LINE_SCORE);
  EXPECT_TRUE(r.has_score);
  EXPECT_EQ(r.score_cp, -25);
  EXPECT_EQ(r.mate, 0);
  EXPECT_EQ(r.depth, 7);
  EXPECT_EQ(mt_engine_reply_line(e.get(), "info depth 9 currmove g1f3", &r), MT_LINE_OTHER);
  EXPECT_EQ(r.depth, 7); // a line without a score leaves the last one's depth
  EXPECT_EQ(mt_engine_reply_line(e.get(), "info depth 12 score mate -3 pv a1a2", &r), MT_LINE_SCORE);
  EXPECT_EQ(r.mate, -3);
  EXPECT_EQ(r.score_cp, -100000 + 6);
  EXPECT_EQ(mt_engine_reply_line(e.get(), "bestmove e2e4 ponder e7e5", &r), MT_LINE_MOVE);
  EXPECT_STREQ(r.move, "e2e4");
}

// Past int, sscanf's %d gave whatever the conversion wrapped to, and 2 * mate overflowed (a
// mate for the engine read as a mate against it).
TEST(EngineOutput, UciNumbersPastIntAreBoundedNotWrapped) {
  auto e = Speaker(MT_UCI);
  MtGoReply r = {};
  ASSERT_EQ(mt_engine_reply_line(e.get(), "info depth 99999999999 score mate 2147483647", &r), MT_LINE_SCORE);
  EXPECT_EQ(r.mate, MT_MATE_MAX);
  EXPECT_GT(r.score_cp, 0);
  EXPECT_EQ(r.depth, MT_DEPTH_MAX);
  ASSERT_EQ(mt_engine_reply_line(e.get(), "info score mate -2147483648 depth -5", &r), MT_LINE_SCORE);
  EXPECT_EQ(r.mate, -MT_MATE_MAX);
  EXPECT_LT(r.score_cp, 0);
  EXPECT_EQ(r.depth, 0);
  ASSERT_EQ(mt_engine_reply_line(e.get(), "info score cp 99999999999999999999999", &r), MT_LINE_SCORE);
  EXPECT_EQ(r.score_cp, MT_SCORE_MAX);
  EXPECT_EQ(r.mate, 0);
  ASSERT_EQ(mt_engine_reply_line(e.get(), "info score cp -4294967296", &r), MT_LINE_SCORE);
  EXPECT_EQ(r.score_cp, -MT_SCORE_MAX);
}

TEST(EngineOutput, CecpThinkingMatesAndNumbersPastInt) {
  auto e = Speaker(MT_CECP);
  MtGoReply r = {};
  EXPECT_EQ(mt_engine_reply_line(e.get(), "  6  100003     12       400 g1f3", &r), MT_LINE_SCORE);
  EXPECT_EQ(r.mate, 3);
  EXPECT_EQ(r.depth, 6);
  EXPECT_EQ(mt_engine_reply_line(e.get(), "4294967301 -4294967296 0 0 e2e4", &r), MT_LINE_SCORE);
  EXPECT_EQ(r.depth, MT_DEPTH_MAX);
  EXPECT_EQ(r.score_cp, -MT_SCORE_MAX);
  EXPECT_EQ(r.mate, -MT_MATE_MAX);
  EXPECT_EQ(mt_engine_reply_line(e.get(), "7 x", &r), MT_LINE_OTHER);
}

TEST(EngineOutput, CecpMovePartsAndTenRankBoards) {
  auto e = Speaker(MT_CECP, true);
  MtGoReply r = {};
  EXPECT_EQ(mt_engine_reply_line(e.get(), "move a0a1,", &r), MT_LINE_PART);
  EXPECT_EQ(mt_engine_reply_line(e.get(), "move b9c7", &r), MT_LINE_MOVE);
  EXPECT_STREQ(r.move, "a1a2,b10c8");
  MtGoReply other = {};
  EXPECT_EQ(mt_engine_reply_line(e.get(), "resign", &other), MT_LINE_RESIGN);
  EXPECT_EQ(mt_engine_reply_line(e.get(), "Illegal move: e2e5", &other), MT_LINE_ERROR);
  EXPECT_EQ(mt_engine_reply_line(e.get(), "Error (unknown command): x", &other), MT_LINE_ERROR);
}

// A 19-digit "rank" was read with strtol and shifted (LONG_MAX + 1 overflowed), and a number
// printed near the end of the 256-byte move wrote past it.  A run of digits no board has as a
// rank is now copied as written, and the move stays within MT_TEXT.
TEST(EngineOutput, CecpLongRanksAndMovesStayInTheBuffer) {
  auto e = Speaker(MT_CECP, true);
  MtGoReply r = {};
  EXPECT_EQ(mt_engine_reply_line(e.get(), "move a9223372036854775807b1", &r), MT_LINE_MOVE);
  EXPECT_STREQ(r.move, "a9223372036854775807b2");
  std::string filler(240, 'x'), digits = "1234567890123456789";
  MtGoReply full = {};
  EXPECT_EQ(mt_engine_reply_line(e.get(), ("move " + filler + "a" + digits).c_str(), &full), MT_LINE_MOVE);
  EXPECT_EQ(std::string(full.move), (filler + "a" + digits).substr(0, MT_TEXT - 1));
  MtGoReply shifted = {};
  EXPECT_EQ(mt_engine_reply_line(e.get(), ("move " + std::string(250, 'x') + "a9999").c_str(), &shifted), MT_LINE_MOVE);
  EXPECT_LT(strlen(shifted.move), (size_t)MT_TEXT);
  EXPECT_EQ(std::string(shifted.move).substr(0, 251), std::string(250, 'x') + "a");
}

TEST(EngineOutput, FeatureLines) {
  auto e = Speaker(MT_CECP);
  EXPECT_FALSE(mt_engine_feature_line(e.get(), "feature usermove=1 setboard=1 nps=0 myping=1 done=0"));
  EXPECT_TRUE(e->usermove);
  EXPECT_TRUE(e->setboard);
  EXPECT_FALSE(e->ping); // "ping" inside another feature's name does not count
  EXPECT_EQ(e->nps_feature, 0);
  EXPECT_FALSE(mt_engine_feature_line(e.get(), "tellusererror done=1"));
  EXPECT_TRUE(mt_engine_feature_line(e.get(), "feature ping=1 done=1"));
  EXPECT_TRUE(e->ping);
}

// A CECP engine in sh that sleeps `before` seconds before it reads anything (a game loading)
// and, on protover, says done=0, sleeps `between`, then gives its features and done=1.
static std::string SlowCecp(const std::string &name, int before, int between) {
  std::string path = testing::TempDir() + "/" + name + ".sh";
  std::ofstream f(path);
  f << "sleep " << before << "\nwhile read -r line; do case \"$line\" in\n"
    << "protover*) echo 'feature done=0'; sleep " << between << "; echo 'feature setboard=1 ping=1 done=1';;\n"
    << "quit) exit 0;;\nesac; done\n";
  return "cmd=/bin/sh " + path + ",proto=cecp,name=" + name;
}

// The handshake waits for an engine that loads before it answers (beyond the 2 s a silent
// protocol-1 engine gets between lines), and, once it said done=0, until its done=1.
TEST(EngineStart, WaitsForASlowEnginesFeatures) {
  for (auto [before, between] : {std::pair<int, int>{3, 0}, std::pair<int, int>{0, 3}}) {
    MtEngineSpec spec;
    char err[256] = "";
    ASSERT_TRUE(mt_engine_spec_parse(&spec, SlowCecp("slow", before, between).c_str(), err, sizeof err)) << err;
    std::unique_ptr<MtEngine> e(new MtEngine());
    ASSERT_TRUE(mt_engine_start(e.get(), &spec, 10000, err, sizeof err)) << err;
    EXPECT_TRUE(e->setboard) << "sleeping " << before << " s, then " << between << " s after done=0";
    EXPECT_TRUE(e->ping);
    mt_engine_stop(e.get());
  }
}

} // namespace
