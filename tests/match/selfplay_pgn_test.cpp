// herald-selfplay's games in PGN: read back with the project's PGN reader, the games, their
// results and their moves are those of the report, with threads and shards alike, and a turn of
// several parts is one token of parts joined by commas.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app/programs.h"
#include "bridge/br_game.h"
#include "match/selfplay.h"
#include "notation/pgn.h"
#include "rules/reference_rules.h"

namespace {

struct Written {
  const Rules *rules;
  uint64_t nodes;
  std::string pgn;
  std::vector<int> move_counts; // by game index
};

// What herald-selfplay --pgn does: each game's PGN as it ends, one after another.
void WritePgn(void *context, const MtSelfplayGame *game) {
  auto *w = static_cast<Written *>(context);
  char *pgn = mt_selfplay_game_pgn(w->rules, w->nodes, game);
  ASSERT_NE(pgn, nullptr);
  w->pgn += pgn;
  w->pgn += "\n";
  std::free(pgn);
  if ((int)w->move_counts.size() <= game->index) w->move_counts.resize(game->index + 1, -1);
  w->move_counts[game->index] = game->move_count;
}

struct ReadBack {
  int games = 0, first_wins = 0, draws = 0, second_wins = 0, capped = 0;
  int64_t plies = 0;
  std::vector<std::string> tokens; // the move texts as written, all games
};

// Reads every game with nt_pgn_next and plays its moves from the start position.
ReadBack Read(const Rules *rules, const std::string &text) {
  ReadBack back;
  size_t offset = 0;
  int line = 1;
  NtPgnGame g;
  char err[256];
  int status;
  while ((status = nt_pgn_next(text.data(), text.size(), &offset, &line, &g, err, sizeof err)) == 1) {
    back.games++;
    std::string result = g.result;
    back.first_wins += result == "1-0";
    back.draws += result == "1/2-1/2";
    back.second_wins += result == "0-1";
    EXPECT_STREQ(nt_pgn_tag(&g, "Result"), g.result);
    EXPECT_STREQ(nt_pgn_tag(&g, "Variant"), rules->name);
    EXPECT_NE(nt_pgn_tag(&g, "TerminationDetails"), nullptr);
    const char *termination = nt_pgn_tag(&g, "Termination");
    EXPECT_NE(termination, nullptr);
    back.capped += termination && !strcmp(termination, "adjudication");
    Position p = {};
    char fen_err[128];
    EXPECT_TRUE(pos_set_fen(&p, rules, rules->start_fen, fen_err, sizeof fen_err)) << fen_err;
    int bad_ply;
    NtResult why;
    int played = nt_pgn_play(&g, &p, nullptr, 0, &bad_ply, &why);
    EXPECT_EQ(bad_ply, -1) << why.message << " in game " << back.games;
    const char *plies = nt_pgn_tag(&g, "PlyCount");
    EXPECT_EQ(played, plies ? atoi(plies) : -1);
    back.plies += played;
    for (int i = 0; i < g.move_count; i++) back.tokens.push_back(g.moves[i]);
    pos_free(&p);
    nt_pgn_game_free(&g);
  }
  EXPECT_EQ(status, 0) << err;
  return back;
}

void ExpectMatches(const ReadBack &back, const MtSelfplayReport &r) {
  EXPECT_EQ(back.games, r.games);
  EXPECT_EQ(back.first_wins, r.first_wins);
  EXPECT_EQ(back.draws, r.draws);
  EXPECT_EQ(back.second_wins, r.second_wins);
  EXPECT_EQ(back.capped, r.capped);
  EXPECT_EQ(back.plies, r.total_plies);
}

TEST(MatchSelfplayPgn, GamesReadBackAsTheReportCountsThemWithThreadsAndShards) {
  Rules rules;
  char err[128];
  ASSERT_TRUE(reference_rules(&rules, "chess", err, sizeof err)) << err;
  MtSelfplayConfig c;
  mt_selfplay_config_init(&c);
  c.rules = &rules;
  c.nodes = 300;
  c.games = 6;
  c.max_plies = 50;
  c.random_plies = 2;
  c.seed = 11;
  c.threads = 2;
  Written whole{&rules, c.nodes, "", {}};
  c.on_game = WritePgn;
  c.context = &whole;
  MtSelfplayReport r;
  ASSERT_TRUE(mt_selfplay_run(&c, &r, err, sizeof err)) << err;
  ExpectMatches(Read(&rules, whole.pgn), r);

  // Shards: each its own file; together the whole run, game for game.
  std::string joined;
  MtSelfplayReport sum;
  memset(&sum, 0, sizeof sum);
  c.threads = 1;
  c.shard_count = 2;
  for (int i = 0; i < 2; i++) {
    Written part{&rules, c.nodes, "", {}};
    c.context = &part;
    c.shard_index = i;
    MtSelfplayReport shard;
    ASSERT_TRUE(mt_selfplay_run(&c, &shard, err, sizeof err)) << err;
    ExpectMatches(Read(&rules, part.pgn), shard);
    ASSERT_TRUE(mt_selfplay_report_add(&sum, &shard, err, sizeof err)) << err;
    for (size_t g = 0; g < part.move_counts.size(); g++)
      if (part.move_counts[g] >= 0) {
        EXPECT_EQ(part.move_counts[g], whole.move_counts[g]) << g;
      }
    joined += part.pgn;
  }
  ExpectMatches(Read(&rules, joined), sum);
  EXPECT_EQ(sum.games, r.games);
  rules_free(&rules);
}

TEST(MatchSelfplayPgn, TheEndingGivesTheTerminationTags) {
  Rules rules;
  char err[128];
  ASSERT_TRUE(reference_rules(&rules, "chess", err, sizeof err)) << err;
  MtSelfplayGame game;
  memset(&game, 0, sizeof game);
  game.index = 4;
  game.winner = -1;
  game.ending = MT_SELFPLAY_MOVE_CAP;
  snprintf(game.reason, sizeof game.reason, "move cap");
  char *pgn = mt_selfplay_game_pgn(&rules, 700, &game);
  ASSERT_NE(pgn, nullptr);
  std::string text = pgn;
  std::free(pgn);
  EXPECT_NE(text.find("[Round \"5\"]"), std::string::npos) << text;
  EXPECT_NE(text.find("[White \"Herald 700 nodes\"]"), std::string::npos) << text;
  EXPECT_NE(text.find("[Result \"1/2-1/2\"]"), std::string::npos) << text;
  EXPECT_NE(text.find("[Termination \"adjudication\"]"), std::string::npos) << text;
  EXPECT_NE(text.find("[TerminationDetails \"move cap\"]"), std::string::npos) << text;
  game.winner = 1;
  game.ending = MT_SELFPLAY_RULES;
  snprintf(game.reason, sizeof game.reason, "checkmate");
  pgn = mt_selfplay_game_pgn(&rules, 700, &game);
  ASSERT_NE(pgn, nullptr);
  text = pgn;
  std::free(pgn);
  EXPECT_NE(text.find("[Result \"0-1\"]"), std::string::npos) << text;
  EXPECT_NE(text.find("[Termination \"normal\"]"), std::string::npos) << text;
  rules_free(&rules);
}

// Marseillais chess: two moves a turn; the PGN writes each turn as one token, its parts joined
// by commas as herald-match does, and the reader plays them back part by part.
TEST(MatchSelfplayPgn, TurnsOfSeveralPartsAreJoinedByCommas) {
  char err[512];
  BrGame *g = br_load_with("presets/marseillais.preset", "presets/include", true, err, sizeof err);
  ASSERT_NE(g, nullptr) << err;
  MtSelfplayConfig c;
  mt_selfplay_config_init(&c);
  c.rules = br_game_rules(g);
  c.nodes = 200;
  c.games = 1;
  c.max_plies = 16;
  c.random_plies = 2;
  c.seed = 3;
  Written w{c.rules, c.nodes, "", {}};
  c.on_game = WritePgn;
  c.context = &w;
  MtSelfplayReport r;
  ASSERT_TRUE(mt_selfplay_run(&c, &r, err, sizeof err)) << err;
  ReadBack back = Read(c.rules, w.pgn);
  ExpectMatches(back, r);
  size_t joined = 0;
  std::istringstream words(w.pgn.substr(w.pgn.find("\n\n")));
  for (std::string word; words >> word;) joined += word.find(',') != std::string::npos;
  EXPECT_GT(joined, 0u) << w.pgn;
  br_free(g);
}

// The program: herald-selfplay --pgn with threads and shards, each shard's file read back as the
// JSON report of that shard counts its games.
TEST(MatchSelfplayPgn, TheProgramWritesEveryGameOfItsShard) {
  Rules rules;
  char err[256];
  ASSERT_TRUE(reference_rules(&rules, "chess", err, sizeof err)) << err;
  std::string dir = testing::TempDir() + "/selfplay-pgn-" + std::to_string(getpid());
  ASSERT_EQ(std::system(("mkdir -p " + dir).c_str()), 0);
  for (int shard = 0; shard < 2; shard++) {
    std::string base = dir + "/part" + std::to_string(shard);
    programs::Result run =
        programs::Shell(programs::Program("herald-selfplay") +
                        " chess --games 6 --nodes 200 --max-plies 40 --threads 2 --seed 9"
                        " --shard " +
                        std::to_string(shard) + "/2 --pgn " + base + ".pgn --json " + base + ".json");
    ASSERT_EQ(run.status, 0) << run.err;
    MtSelfplayReport report;
    ASSERT_TRUE(mt_selfplay_report_parse(&report, programs::Slurp(base + ".json").c_str(), err, sizeof err)) << err;
    EXPECT_EQ(report.games, 3);
    ExpectMatches(Read(&rules, programs::Slurp(base + ".pgn")), report);
  }
  (void)!std::system(("rm -rf " + dir).c_str());
  rules_free(&rules);
}

} // namespace
