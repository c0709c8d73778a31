// herald-selfplay's library: the counts of the report add up, shards add up to the whole run,
// and JSON reads back what it wrote.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>

#include "match/selfplay.h"
#include "rules/reference_rules.h"

namespace {

class MatchSelfplay : public ::testing::Test {
protected:
  void Load(const char *name) {
    char err[128];
    ASSERT_TRUE(reference_rules(&rules_, name, err, sizeof err)) << err;
    loaded_ = true;
    mt_selfplay_config_init(&config_);
    config_.rules = &rules_;
    config_.nodes = 300;
    config_.games = 4;
    config_.max_plies = 60;
    config_.random_plies = 2;
    config_.seed = 5;
  }
  void TearDown() override {
    if (loaded_) rules_free(&rules_);
  }
  MtSelfplayReport Run() {
    MtSelfplayReport r;
    char err[128];
    EXPECT_TRUE(mt_selfplay_run(&config_, &r, err, sizeof err)) << err;
    return r;
  }

  Rules rules_;
  bool loaded_ = false;
  MtSelfplayConfig config_;
};

void ExpectConsistent(const MtSelfplayReport &r, int random_plies) {
  EXPECT_EQ(r.first_wins + r.draws + r.second_wins, r.games);
  int verdict_games = 0, length_games = 0;
  for (int i = 0; i < r.verdict_count; i++)
    verdict_games += r.verdicts[i].first + r.verdicts[i].draws + r.verdicts[i].second;
  for (int i = 0; i < MT_LENGTH_BUCKETS; i++) length_games += r.lengths[i];
  EXPECT_EQ(verdict_games, r.games);
  EXPECT_EQ(length_games, r.games);
  int64_t moves = 0, captures = 0, taken = 0;
  for (int t = 0; t < r.type_count; t++) {
    moves += r.pieces[t].moves;
    captures += r.pieces[t].captures;
    taken += r.pieces[t].taken;
  }
  // Every ply after the random ones was chosen by the search and counted once.
  EXPECT_EQ(moves, r.total_plies - (int64_t)r.games * random_plies);
  EXPECT_EQ(captures, taken);
  EXPECT_LE(r.shortest, r.longest);
  EXPECT_EQ(r.disagreements, 0);
}

TEST_F(MatchSelfplay, ReportCountsAddUp) {
  Load("chess");
  MtSelfplayReport r = Run();
  EXPECT_EQ(r.games, 4);
  EXPECT_STREQ(r.rules, "chess");
  ExpectConsistent(r, 2);
  EXPECT_EQ(r.type_count, 6);
  char *text = mt_selfplay_report_text(&r);
  ASSERT_NE(text, nullptr);
  EXPECT_NE(std::string(text).find("First player: +"), std::string::npos);
  EXPECT_NE(std::string(text).find("Pawn"), std::string::npos);
  free(text);
}

TEST_F(MatchSelfplay, MoveCapCutsEveryGame) {
  Load("chess");
  config_.max_plies = 10;
  MtSelfplayReport r = Run();
  EXPECT_EQ(r.capped, 4);
  EXPECT_EQ(r.draws, 4);
  ASSERT_EQ(r.verdict_count, 1);
  EXPECT_STREQ(r.verdicts[0].reason, "move cap");
  EXPECT_EQ(r.lengths[1], 4); // 10 plies: the 10-19 bucket
  EXPECT_EQ(r.total_plies, 40);
  ExpectConsistent(r, 2);
}

TEST_F(MatchSelfplay, DropsAreCountedInShogiFamilies) {
  Load("minishogi");
  config_.games = 2;
  config_.max_plies = 80;
  MtSelfplayReport r = Run();
  ExpectConsistent(r, 2);
  int64_t drops = 0;
  for (int t = 0; t < r.type_count; t++) drops += r.pieces[t].drops;
  EXPECT_GT(drops, 0);
}

TEST_F(MatchSelfplay, ShardsAddUpToTheWholeRunAndJsonRoundTrips) {
  Load("chess");
  config_.threads = 2;
  MtSelfplayReport whole = Run();
  config_.threads = 1;
  config_.shard_count = 2;
  MtSelfplayReport sum;
  memset(&sum, 0, sizeof sum);
  char err[128];
  for (int i = 0; i < 2; i++) {
    config_.shard_index = i;
    MtSelfplayReport part = Run();
    EXPECT_EQ(part.games, 2);
    // Through JSON, as merge does.
    char *json = mt_selfplay_report_json(&part);
    ASSERT_NE(json, nullptr);
    MtSelfplayReport back;
    ASSERT_TRUE(mt_selfplay_report_parse(&back, json, err, sizeof err)) << err;
    free(json);
    EXPECT_EQ(back.games, part.games);
    EXPECT_EQ(back.total_plies, part.total_plies);
    EXPECT_EQ(back.verdict_count, part.verdict_count);
    EXPECT_EQ(back.pieces[5].moves, part.pieces[5].moves);
    EXPECT_EQ(0, memcmp(back.lengths, part.lengths, sizeof back.lengths));
    ASSERT_TRUE(mt_selfplay_report_add(&sum, &back, err, sizeof err)) << err;
  }
  EXPECT_EQ(sum.games, whole.games);
  EXPECT_EQ(sum.total_plies, whole.total_plies);
  EXPECT_EQ(sum.first_wins, whole.first_wins);
  EXPECT_EQ(sum.second_wins, whole.second_wins);
  EXPECT_EQ(sum.shortest, whole.shortest);
  EXPECT_EQ(sum.longest, whole.longest);
  for (int t = 0; t < whole.type_count; t++) EXPECT_EQ(sum.pieces[t].moves, whole.pieces[t].moves) << t;
  ExpectConsistent(sum, 2);

  MtSelfplayReport other;
  memset(&other, 0, sizeof other);
  snprintf(other.rules, sizeof other.rules, "xiangqi");
  other.games = 1;
  EXPECT_FALSE(mt_selfplay_report_add(&sum, &other, err, sizeof err));
  EXPECT_FALSE(mt_selfplay_report_parse(&other, "{}", err, sizeof err));
}

// Bugs fixed with tests/fuzz/selfplayjson_fuzz.c: negative or huge counts from a file broke the
// text report's bar chart (a negative memset size) and overflowed the sums of merge; a long
// rule_note line was cut on reading.
TEST(MatchSelfplayJson, CountsOutOfRangeAreRefused) {
  MtSelfplayReport r;
  char err[256] = "";
  EXPECT_FALSE(mt_selfplay_report_parse(&r, "{\n\"rules\": \"chess\",\n\"lengths\": [1, -3, 2]\n}\n", err, sizeof err));
  EXPECT_STREQ(err, "a count is negative or out of range (at most 50000000 games)");
  EXPECT_FALSE(mt_selfplay_report_parse(
      &r, "\"rules\": \"chess\"\n{\"reason\": \"checkmate\", \"first\": 9999999999, \"draws\": 0, \"second\": 0}\n",
      err, sizeof err));
  EXPECT_STREQ(err, "line 2: verdict count out of range");
  ASSERT_TRUE(
      mt_selfplay_report_parse(&r, "\"rules\": \"chess\"\n\"games\": 3\n\"lengths\": [1, 0, 2]\n", err, sizeof err))
      << err;
  EXPECT_EQ(r.lengths[2], 2);
  // The longest line the writer makes, a rule_note of escaped quotes, reads back whole.
  std::string note(599, '"');
  snprintf(r.rule_note, sizeof r.rule_note, "%s", note.c_str());
  r.rule_disagreements = 1;
  char *json = mt_selfplay_report_json(&r);
  MtSelfplayReport back;
  ASSERT_TRUE(mt_selfplay_report_parse(&back, json, err, sizeof err)) << err;
  EXPECT_EQ(std::string(back.rule_note), note);
  free(json);
}

// Found by the CI fuzz run: two reports each in range merged into bucket counts whose bar chart
// overflowed (88,888,888 x 40).  A merge that leaves the range is refused and changes nothing.
TEST(MatchSelfplayJson, MergeBeyondTheRangeIsRefusedAndKeepsTheTotal) {
  MtSelfplayReport one, sum;
  char err[256] = "";
  ASSERT_TRUE(mt_selfplay_report_parse(&one, "\"rules\": \"chess\"\n\"games\": 44444444\n\"lengths\": [44444444]\n",
                                       err, sizeof err))
      << err;
  memset(&sum, 0, sizeof sum);
  ASSERT_TRUE(mt_selfplay_report_add(&sum, &one, err, sizeof err)) << err;
  EXPECT_FALSE(mt_selfplay_report_add(&sum, &one, err, sizeof err));
  EXPECT_STREQ(err, "a count is negative or out of range (at most 50000000 games)");
  EXPECT_EQ(sum.games, 44444444);
  EXPECT_EQ(sum.lengths[0], 44444444);
  char *text = mt_selfplay_report_text(&sum);
  ASSERT_NE(text, nullptr);
  EXPECT_NE(strstr(text, "44444444 ########################################"), nullptr) << text;
  free(text);
}

} // namespace

#include <fstream>
#include <sstream>

#include "bridge/br_game.h"
#include "match/selfplay_preset.h"

namespace {

std::string ReadPreset(const char *path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Self-play of a preset watched by its referee: a clean preset gives no rule disagreement; one
// whose Post-Move refuses a move its def allows is reported with the preset's message and line,
// and the JSON report carries it.
TEST(MatchSelfplayPreset, TheRefereeWatchesEveryGame) {
  for (bool buggy : {false, true}) {
    std::string text = ReadPreset("presets/chess-tutorial.preset");
    ASSERT_FALSE(text.empty());
    if (buggy) {
      size_t at = text.find("[Post-Move 1]\n");
      ASSERT_NE(at, std::string::npos);
      text.insert(at + 14, "if == dest h3: die No h3 today.; endif;\n");
    }
    std::string path = testing::TempDir() + (buggy ? "/selfplay-noh3.preset" : "/selfplay-clean.preset");
    std::ofstream(path) << text;
    char err[512];
    BrGame *g = br_load_with(path.c_str(), "presets/include", !buggy, err, sizeof err); /* the probe would mend it */
    ASSERT_NE(g, nullptr) << err;
    MtSelfplayConfig c;
    mt_selfplay_config_init(&c);
    c.rules = br_game_rules(g);
    c.nodes = 200;
    c.games = 2;
    c.threads = 2;
    c.max_plies = 40;
    c.seed = 3;
    MtPresetReferee judge;
    MtReferee referee;
    mt_preset_referee(&referee, &judge, g, 4, 3);
    c.referee = &referee;
    MtSelfplayReport r;
    ASSERT_TRUE(mt_selfplay_run(&c, &r, err, sizeof err)) << err;
    EXPECT_EQ(r.games, 2);
    if (!buggy) {
      EXPECT_EQ(r.rule_disagreements, 0) << r.rule_note;
    } else {
      EXPECT_GT(r.rule_disagreements, 0);
      EXPECT_NE(std::string(r.rule_note).find("No h3 today."), std::string::npos) << r.rule_note;
      EXPECT_NE(std::string(r.rule_note).find("selfplay-noh3.preset:"), std::string::npos) << r.rule_note;
      char *json = mt_selfplay_report_json(&r);
      MtSelfplayReport back;
      ASSERT_TRUE(mt_selfplay_report_parse(&back, json, err, sizeof err)) << err;
      EXPECT_EQ(back.rule_disagreements, r.rule_disagreements);
      EXPECT_STREQ(back.rule_note, r.rule_note);
      std::free(json);
    }
    br_free(g);
  }
}

// The options that shape a run, shared by herald-selfplay and herald-tune play.
TEST(MatchSelfplayOptions, RunOptionsAreTakenOrRefusedWithoutChange) {
  MtSelfplayConfig c;
  mt_selfplay_config_init(&c);
  char err[160] = "";
  EXPECT_EQ(mt_selfplay_option(&c, "--games", "12", err, sizeof err), 1);
  EXPECT_EQ(mt_selfplay_option(&c, "--nodes", "700", err, sizeof err), 1);
  EXPECT_EQ(mt_selfplay_option(&c, "--shard", "1/3", err, sizeof err), 1);
  EXPECT_EQ(mt_selfplay_option(&c, "--seed", "18446744073709551615", err, sizeof err), 1);
  EXPECT_EQ(c.games, 12);
  EXPECT_EQ(c.nodes, 700u);
  EXPECT_EQ(c.shard_index, 1);
  EXPECT_EQ(c.shard_count, 3);
  EXPECT_EQ(c.seed, UINT64_MAX);
  EXPECT_EQ(mt_selfplay_option(&c, "--json", "x.json", err, sizeof err), 0);
  EXPECT_EQ(mt_selfplay_option(&c, "--shard", "3/3", err, sizeof err), -1);
  EXPECT_STREQ(err, "--shard I/N with 0 <= I < N, not 3/3");
  EXPECT_EQ(mt_selfplay_option(&c, "--threads", "0", err, sizeof err), -1);
  EXPECT_EQ(mt_selfplay_option(&c, "--games", "-1", err, sizeof err), -1);
  EXPECT_EQ(c.games, 12);
  EXPECT_EQ(c.shard_index, 1);
}

} // namespace
