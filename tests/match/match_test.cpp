// herald-match's library: real games through pipes (Herald against Herald and against
// scripted engines that crash, hang, play illegal moves or report fixed scores).
#include <algorithm>
#include <gtest/gtest.h>

#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>
#include <vector>

#include "app/programs.h"
#include "match/match.h"
#include "notation/pgn.h"
#include "rules/reference_rules.h"

namespace {

std::string HeraldBin() {
  const char *bin = std::getenv("HERALD_BIN");
  return bin ? bin : "build/herald";
}

// The movetext without the engines' evaluation comments (and the move numbers repeated after
// them), on one line, for comparing moves.
std::string WithoutComments(const std::string &pgn) {
  std::string text = std::regex_replace(pgn, std::regex("\\s*\\{[^}]*\\}(\\s+[0-9]+\\.\\.\\.)?"), "");
  for (char &c : text)
    if (c == '\n') c = ' ';
  return text;
}

struct Collected {
  std::vector<std::string> pgn, reasons;
  std::vector<std::vector<Move>> moves;
  std::vector<MtEnding> endings;
  std::vector<int> points0;
};

void Collect(void *context, const MtGameRecord *g, const MtMatchState *) {
  auto *c = static_cast<Collected *>(context);
  c->pgn.push_back(g->pgn ? g->pgn : "");
  c->reasons.push_back(g->reason);
  c->endings.push_back(g->ending);
  c->points0.push_back(g->points2[0]);
  c->moves.emplace_back(g->moves, g->moves + g->move_count);
}

class MatchTest : public ::testing::Test {
protected:
  void SetUp() override {
    char err[128];
    ASSERT_TRUE(reference_rules(&rules_, "chess", err, sizeof err)) << err;
    char dir[] = "/tmp/herald-match-test-XXXXXX";
    ASSERT_NE(mkdtemp(dir), nullptr);
    dir_ = dir;
    mt_match_config_init(&config_);
    config_.rules = &rules_;
    config_.variant = "chess";
    config_.tc.base_ms = 0;
    config_.tc.nodes = 400;
    config_.on_game = Collect;
    config_.context = &collected_;
  }
  void TearDown() override {
    rules_free(&rules_);
    std::string cmd = "rm -rf " + dir_;
    if (system(cmd.c_str())) {}
  }
  void Engine(int i, const std::string &spec) {
    char err[256];
    ASSERT_TRUE(mt_engine_spec_parse(&config_.engines[i], spec.c_str(), err, sizeof err)) << err;
  }
  void Herald(int i, const char *name) { Engine(i, "cmd=" + HeraldBin() + ",proto=uci,name=" + name); }
  // A UCI engine in sh: answers the handshake, then on "go" does `on_go`.  $n counts its moves,
  // $pos is the last position command.
  std::string Script(const std::string &name, const std::string &on_go) {
    std::string path = dir_ + "/" + name + ".sh";
    std::ofstream f(path);
    f << "n=0\nwhile read -r line; do case \"$line\" in\n"
         "uci) echo 'id name "
      << name << "'; echo uciok;;\nisready) echo readyok;;\nquit) exit 0;;\nposition*) pos=\"$line\";;\n"
      << "go*) " << on_go << "; n=$((n+1));;\nesac; done\n";
    return "cmd=/bin/sh " + path + ",proto=uci,name=" + name;
  }
  // A CECP engine in sh: announces `features`, logs every command to NAME.log, handles the
  // `cases` (sh case arms) and on "go" does `on_go` ($n counts its moves).
  std::string Cecp(const std::string &name, const std::string &features, const std::string &cases,
                   const std::string &on_go) {
    std::string path = dir_ + "/" + name + ".sh";
    std::ofstream f(path);
    f << "n=0\nwhile read -r line; do echo \"$line\" >> " << dir_ << "/" << name << ".log; case \"$line\" in\n"
      << "protover*) echo 'feature " << features << " done=1';;\nquit) exit 0;;\n"
      << cases << "\ngo) " << on_go << "; n=$((n+1));;\nesac; done\n";
    return "cmd=/bin/sh " + path + ",proto=cecp,name=" + name;
  }
  std::string Log(const std::string &name) {
    std::ifstream f(dir_ + "/" + name + ".log");
    return std::string(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
  }
  int Run(MtMatchState *st) {
    char err[256] = "";
    return mt_match_run(&config_, st, err, sizeof err);
  }

  Rules rules_;
  std::string dir_;
  MtMatchConfig config_;
  Collected collected_;
};

TEST_F(MatchTest, HeraldAgainstHeraldThroughPipesWritesPgn) {
  Herald(0, "A");
  Engine(1, "cmd=" + HeraldBin() + ",proto=cecp,name=B");
  config_.tc.nodes = 0;
  config_.tc.depth = 2;
  config_.games = 2;
  config_.concurrency = 2;
  config_.random_plies = 2;
  config_.seed = 7;
  config_.adjudication.max_plies = 60;
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  EXPECT_EQ(st.games_done, 2);
  EXPECT_EQ(st.tally.wins + st.tally.draws + st.tally.losses, 2);
  ASSERT_EQ(collected_.pgn.size(), 2u);
  for (size_t i = 0; i < 2; i++) {
    const std::string &pgn = collected_.pgn[i];
    // Random openings are moves from the start position: no FEN needed.
    EXPECT_EQ(pgn.find("[FEN"), std::string::npos) << pgn;
    EXPECT_EQ(pgn.find("[Variant"), std::string::npos); // chess needs none
    EXPECT_NE(pgn.find("[Termination \""), std::string::npos);
    EXPECT_NE(pgn.find("1. "), std::string::npos);
    EXPECT_NE(collected_.endings[i], MT_END_CRASH) << collected_.reasons[i];
    EXPECT_NE(collected_.endings[i], MT_END_ILLEGAL) << collected_.reasons[i];
    ASSERT_GE(collected_.moves[i].size(), 2u);
  }
  // Both games of an opening start with the same random plies, colours swapped.
  EXPECT_EQ(collected_.moves[0][0], collected_.moves[1][0]);
  EXPECT_EQ(collected_.moves[0][1], collected_.moves[1][1]);
  bool a_white_once = (collected_.pgn[0].find("[White \"A\"]") != std::string::npos) !=
                      (collected_.pgn[1].find("[White \"A\"]") != std::string::npos);
  EXPECT_TRUE(a_white_once);
}

// The PGN read back with Herald's reader: engine moves carry cutechess-style evaluations
// ("+0.25/1 0.01s"), opening moves none, and the tags say the time control and duration.
TEST_F(MatchTest, EngineMovesCarryEvaluationCommentsReadBackFromThePgn) {
  Herald(0, "A");
  Engine(1, "cmd=" + HeraldBin() + ",proto=cecp,name=B");
  config_.tc.nodes = 0;
  config_.tc.depth = 1;
  config_.games = 2;
  config_.random_plies = 2;
  config_.adjudication.max_plies = 12;
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  ASSERT_EQ(collected_.pgn.size(), 2u);
  const std::regex comment("[+-]([0-9]+\\.[0-9]{2}|M[0-9]+)/1 [0-9]+\\.[0-9]{2}s");
  for (const std::string &pgn : collected_.pgn) {
    NtPgnGame g;
    size_t offset = 0;
    int line = 1;
    char err[200];
    ASSERT_EQ(nt_pgn_next(pgn.data(), pgn.size(), &offset, &line, &g, err, sizeof err), 1) << err;
    EXPECT_STREQ(nt_pgn_tag(&g, "TimeControl"), "-"); // a fixed depth: no clock
    ASSERT_NE(nt_pgn_tag(&g, "GameDuration"), nullptr);
    EXPECT_TRUE(std::regex_match(nt_pgn_tag(&g, "GameDuration"), std::regex("[0-9]{2}:[0-9]{2}:[0-9]{2}")));
    EXPECT_EQ(nt_pgn_tag(&g, "PlyCount"), std::to_string(g.move_count));
    ASSERT_GT(g.move_count, 2) << pgn;
    for (int i = 0; i < g.move_count; i++) {
      if (i < 2) {
        EXPECT_EQ(g.comments[i], nullptr) << "opening ply " << i << "\n" << pgn;
        continue;
      }
      ASSERT_NE(g.comments[i], nullptr) << "ply " << i << "\n" << pgn;
      EXPECT_TRUE(std::regex_match(g.comments[i], comment)) << g.comments[i];
    }
    nt_pgn_game_free(&g);
  }
}

// Mate scores are written in moves, from the mover's side; the depth is that of the report
// with the score, not of a later line without one.
TEST_F(MatchTest, MateScoresAndDepthInTheComment) {
  Engine(0, Script("mater", "echo 'info depth 7 score mate 3 pv g1f3'; echo 'info depth 9 currmove g1f3'; "
                            "if [ $((n%2)) = 0 ]; then echo 'bestmove g1f3'; else echo 'bestmove f3g1'; fi"));
  Engine(1, Script("mated", "echo 'info depth 4 score mate -2'; if [ $((n%2)) = 0 ]; then echo 'bestmove b8c6'; "
                            "else echo 'bestmove c6b8'; fi"));
  config_.games = 1;
  config_.adjudication.max_plies = 2;
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  ASSERT_EQ(collected_.pgn.size(), 1u);
  std::smatch m;
  EXPECT_TRUE(std::regex_search(collected_.pgn[0], m,
                                std::regex("1\\. Nf3 \\{\\+M3/7 [0-9.]+s\\} 1\\.\\.\\. Nc6 "
                                           "\\{-M2/4 [0-9.]+s\\}")))
      << collected_.pgn[0];
}

// Three engines: every pair plays its games (colours swapped) and each engine's results are
// kept by colour; a gauntlet plays only the first engine's pairs.
TEST_F(MatchTest, RoundRobinPlaysEveryPairAndGauntletTheFirstEnginesOnly) {
  Herald(0, "A");
  Herald(1, "B");
  Engine(2, "cmd=" + HeraldBin() + ",proto=cecp,name=C");
  config_.engine_count = 3;
  config_.tc.nodes = 0;
  config_.tc.depth = 1;
  config_.games = 2;
  config_.concurrency = 2;
  config_.random_plies = 2;
  config_.adjudication.max_plies = 8;
  ASSERT_EQ(mt_pair_count(&config_), 3);
  int engines[2];
  mt_pair_engines(&config_, 2, engines);
  EXPECT_EQ(engines[0], 1);
  EXPECT_EQ(engines[1], 2);
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  EXPECT_EQ(st.games_done, 6);
  for (int e = 0; e < 3; e++) {
    const MtStanding &s = st.standings[e];
    EXPECT_EQ(s.as_white.wins + s.as_white.draws + s.as_white.losses, 2) << e;
    EXPECT_EQ(s.as_black.wins + s.as_black.draws + s.as_black.losses, 2) << e;
  }
  for (int pair = 0; pair < 3; pair++) {
    const MtStanding &s = st.pairs[pair];
    EXPECT_EQ(s.as_white.wins + s.as_white.draws + s.as_white.losses, 1) << pair;
    EXPECT_EQ(s.as_black.wins + s.as_black.draws + s.as_black.losses, 1) << pair;
  }
  int b_against_c = 0;
  for (const std::string &pgn : collected_.pgn)
    b_against_c += pgn.find("[White \"B\"]\n[Black \"C\"]") != std::string::npos ||
                   pgn.find("[White \"C\"]\n[Black \"B\"]") != std::string::npos;
  EXPECT_EQ(b_against_c, 2);

  collected_ = Collected();
  config_.gauntlet = true;
  ASSERT_EQ(mt_pair_count(&config_), 2);
  mt_pair_engines(&config_, 1, engines);
  EXPECT_EQ(engines[0], 0);
  EXPECT_EQ(engines[1], 2);
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  EXPECT_EQ(st.games_done, 4);
  for (const std::string &pgn : collected_.pgn) EXPECT_NE(pgn.find("\"A\"]"), std::string::npos) << pgn;
}

// CECP thinking output, padded with spaces as Fairy-Max writes it, mates as 100000 + moves.
TEST_F(MatchTest, CecpThinkingOutputGivesTheComment) {
  Engine(0, Cecp("padded", "usermove=1", "",
                 "echo '  5     -37      0   100 g1f3'; echo '  6  100003     12       400 g1f3'; "
                 "if [ $((n%2)) = 0 ]; then echo 'move g1f3'; else echo 'move f3g1'; fi"));
  Engine(1, Cecp("plain", "usermove=1", "",
                 "echo '3 -125 1 50 b8c6'; if [ $((n%2)) = 0 ]; then echo 'move b8c6'; else echo 'move c6b8'; fi"));
  config_.games = 1;
  config_.tc.nodes = 0;
  config_.tc.depth = 3;
  config_.adjudication.max_plies = 2;
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  ASSERT_EQ(collected_.pgn.size(), 1u);
  EXPECT_TRUE(std::regex_search(collected_.pgn[0], std::regex("1\\. Nf3 \\{\\+M3/6 [0-9.]+s\\} 1\\.\\.\\. Nc6 "
                                                              "\\{-1\\.25/3 [0-9.]+s\\}")))
      << collected_.pgn[0];
}

TEST_F(MatchTest, FenOpeningsGetSetUpAndFenTags) {
  Herald(0, "A");
  Herald(1, "B");
  MtOpening opening;
  char err[128];
  ASSERT_TRUE(mt_opening_parse(&rules_, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", &opening, err, sizeof err)) << err;
  config_.openings = &opening;
  config_.opening_count = 1;
  config_.adjudication.max_plies = 6;
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  ASSERT_EQ(collected_.pgn.size(), 2u);
  for (const std::string &pgn : collected_.pgn) {
    EXPECT_NE(pgn.find("[SetUp \"1\"]"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("[Termination \"adjudication\"]"), std::string::npos) << pgn;
  }
}

TEST_F(MatchTest, OpeningLinesAreFensOrMoveListsPlayedLegally) {
  MtOpening o;
  char err[256] = "";
  ASSERT_TRUE(mt_opening_parse(&rules_, "e2e4 e7e5 g1f3", &o, err, sizeof err)) << err;
  EXPECT_STREQ(o.fen, rules_.start_fen);
  EXPECT_EQ(o.ply_count, 3);
  ASSERT_TRUE(mt_opening_parse(&rules_, "  startpos moves d2d4 d7d5 ", &o, err, sizeof err)) << err;
  EXPECT_EQ(o.ply_count, 2);
  ASSERT_TRUE(mt_opening_parse(&rules_, "moves c2c4", &o, err, sizeof err)) << err;
  EXPECT_EQ(o.ply_count, 1);
  ASSERT_TRUE(mt_opening_parse(&rules_, "startpos", &o, err, sizeof err)) << err;
  EXPECT_EQ(o.ply_count, 0);
  ASSERT_TRUE(mt_opening_parse(&rules_, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e4 e8d7", &o, err, sizeof err)) << err;
  EXPECT_STREQ(o.fen, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  EXPECT_EQ(o.ply_count, 2);

  EXPECT_FALSE(mt_opening_parse(&rules_, "e2e4 e7e6 e4e6", &o, err, sizeof err));
  EXPECT_STREQ(err, "illegal or unknown move 'e4e6' (ply 3)");
  EXPECT_FALSE(mt_opening_parse(&rules_, "moves e2e4 hello", &o, err, sizeof err));
  EXPECT_STREQ(err, "illegal or unknown move 'hello' (ply 2)");
  EXPECT_FALSE(mt_opening_parse(&rules_, "f2f3 e7e5 g2g4 d8h4", &o, err, sizeof err));
  EXPECT_NE(std::string(err).find("the opening ends the game"), std::string::npos) << err;
  EXPECT_FALSE(mt_opening_parse(&rules_, "8/8/8/8 w - - 0 1", &o, err, sizeof err));
  EXPECT_EQ(std::string(err).rfind("bad FEN", 0), 0u) << err;
  std::string longest;
  for (int i = 0; i < MT_MAX_OPENING_PLIES / 4 + 1; i++) longest += "g1f3 g8f6 f3g1 f6g8 ";
  EXPECT_FALSE(mt_opening_parse(&rules_, longest.c_str(), &o, err, sizeof err));
  EXPECT_STREQ(err, "more than 64 plies");
}

TEST_F(MatchTest, MoveListOpeningsArePlayedTwiceAndWrittenAsMoves) {
  Herald(0, "A");
  Engine(1, "cmd=" + HeraldBin() + ",proto=cecp,name=B");
  MtOpening opening;
  char err[256];
  ASSERT_TRUE(mt_opening_parse(&rules_, "e2e4 e7e5 g1f3", &opening, err, sizeof err)) << err;
  config_.openings = &opening;
  config_.opening_count = 1;
  config_.adjudication.max_plies = 7; // and 400 nodes a move: CECP B gets "nps 400" + "st 1"
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  ASSERT_EQ(collected_.pgn.size(), 2u);
  for (size_t i = 0; i < 2; i++) {
    const std::string &pgn = collected_.pgn[i];
    // The PGN carries the opening moves themselves from the start position: no FEN tag.
    EXPECT_EQ(pgn.find("[FEN"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("1. e4 e5 2. Nf3 "), std::string::npos) << pgn;
    EXPECT_EQ(collected_.endings[i], MT_END_MOVE_CAP) << collected_.reasons[i];
  }
  EXPECT_NE(collected_.pgn[0].find("[White \"A\"]"), std::string::npos);
  EXPECT_NE(collected_.pgn[1].find("[White \"B\"]"), std::string::npos);
}

TEST_F(MatchTest, OpeningsFileWithAnIllegalMoveStopsBeforeAnyGame) {
  std::string path = dir_ + "/openings.txt";
  std::ofstream(path) << "# two openings\n\ne2e4 e7e5\nstartpos moves d2d4 d7d5 c1c1\n";
  // herald-match is built beside herald (build/ or build/asan/).
  std::string bin = HeraldBin(), dir = bin.find('/') == std::string::npos ? "." : bin.substr(0, bin.rfind('/'));
  std::string cmd = dir + "/herald-match -engine cmd=/bin/false -engine cmd=/bin/false --openings " + path + " 2>&1";
  FILE *p = popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  char buffer[1024];
  std::string output;
  while (fgets(buffer, sizeof buffer, p)) output += buffer;
  int status = pclose(p);
  EXPECT_EQ(WEXITSTATUS(status), MT_EXIT_USAGE);
  EXPECT_NE(output.find(path + ":4: illegal or unknown move 'c1c1' (ply 3)"), std::string::npos) << output;
  EXPECT_EQ(output.find("games"), std::string::npos) << output;
}

// A CECP engine that said something before the game (here a move, as a stale answer would be)
// must not have it taken as its move: ping/pong drops it.
TEST_F(MatchTest, CecpPingSyncDropsWhatCameBeforeThePong) {
  Engine(0, Cecp("stale", "ping=1 usermove=1", "new) echo 'move a7a6';;\nping*) echo \"pong ${line#ping }\";;",
                 "if [ $((n%2)) = 0 ]; then echo 'move g1f3'; else echo 'move f3g1'; fi"));
  Herald(1, "H");
  config_.games = 1;
  config_.adjudication.max_plies = 4;
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  ASSERT_EQ(collected_.endings.size(), 1u);
  EXPECT_EQ(collected_.endings[0], MT_END_MOVE_CAP) << collected_.reasons[0];
  std::string log = Log("stale");
  size_t ping = log.find("ping 1\n"), go = log.find("go\n");
  ASSERT_NE(ping, std::string::npos) << log;
  EXPECT_LT(ping, go) << log;
  EXPECT_LT(log.find("new\n"), ping) << log;
}

// An engine that has no thinking output and says so ("Error (unkown command): post", as
// Fairy-Stockfish 11.1 spells it) plays on; any other refusal still loses the set-up.
TEST_F(MatchTest, CecpEngineWithoutPostPlaysOnWithoutComments) {
  Engine(0, Cecp("quiet", "ping=1 usermove=1",
                 "post) echo 'Error (unkown command): post';;\nping*) echo \"pong ${line#ping }\";;",
                 "if [ $((n%2)) = 0 ]; then echo 'move g1f3'; else echo 'move f3g1'; fi"));
  Herald(1, "H");
  config_.games = 1;
  config_.adjudication.max_plies = 4;
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  ASSERT_EQ(collected_.endings.size(), 1u);
  EXPECT_EQ(collected_.endings[0], MT_END_MOVE_CAP) << collected_.reasons[0];
  collected_ = Collected();
  Engine(0, Cecp("picky", "ping=1 usermove=1",
                 "force) echo 'Error (unknown command): force';;\nping*) echo \"pong ${line#ping }\";;",
                 "echo 'move g1f3'"));
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  EXPECT_EQ(collected_.reasons.at(0), "picky refused the set-up: Error (unknown command): force");
}

TEST_F(MatchTest, CecpEngineWithoutPongLosesTheSetUp) {
  Engine(0, Cecp("mute", "ping=1", "", "echo 'move g1f3'"));
  Herald(1, "H");
  config_.games = 1;
  // Long enough for Herald to start under the sanitizers (it compiles the chess preset and plays
  // its load-time probe game before it answers), short enough to keep the test quick.
  config_.start_timeout_ms = 4000;
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  EXPECT_EQ(st.tally.losses, 1);
  EXPECT_EQ(collected_.reasons.at(0), "mute: no 'pong 1' after the set-up (time-out)");
}

TEST_F(MatchTest, CecpNodeLimitIsSentAsNpsWithOneSecondPerMove) {
  Engine(0, Cecp("counter", "ping=1 nps=1", "ping*) echo \"pong ${line#ping }\";;",
                 "if [ $((n%2)) = 0 ]; then echo 'move g1f3'; else echo 'move f3g1'; fi"));
  Herald(1, "H");
  config_.games = 1;
  config_.tc.nodes = 1234;
  config_.adjudication.max_plies = 2;
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  EXPECT_EQ(collected_.endings.at(0), MT_END_MOVE_CAP) << collected_.reasons[0];
  std::string log = Log("counter");
  EXPECT_NE(log.find("nps 1234\nst 1\n"), std::string::npos) << log;
  EXPECT_EQ(log.find("level"), std::string::npos) << log;
}

TEST_F(MatchTest, CecpEngineRefusingNpsLosesTheSetUpWithAReason) {
  Engine(0, Cecp("nonps", "nps=0", "", "echo 'move g1f3'"));
  Engine(1,
         Cecp("errnps", "ping=1", "nps*) echo 'Error (unknown command): nps';;\nping*) echo \"pong ${line#ping }\";;",
              "echo 'move g1f3'"));
  config_.games = 2;
  config_.tc.nodes = 1000;
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  ASSERT_EQ(collected_.reasons.size(), 2u);
  // Game 1: nonps is White and is refused first; game 2: errnps is White.
  EXPECT_EQ(collected_.reasons[0],
            "nonps announced feature nps=0, so it cannot search a node limit: use depth or time");
  EXPECT_EQ(collected_.reasons[1], "errnps refused the set-up: Error (unknown command): nps");
  EXPECT_EQ(collected_.endings[1], MT_END_CRASH);
}

// A UCI engine that refuses an option (Herald's "Error (...)") loses the set-up with its words,
// rather than playing its games without the option.
TEST_F(MatchTest, UciEngineRefusingAnOptionLosesTheSetUpWithAReason) {
  Engine(0, "cmd=" + HeraldBin() + ",proto=uci,name=picky,option.NoSuchOption=1");
  Herald(1, "plain");
  config_.games = 1;
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  ASSERT_EQ(collected_.reasons.size(), 1u);
  EXPECT_EQ(collected_.reasons[0],
            "picky refused the set-up: Error (unknown option): setoption name NoSuchOption value 1");
  EXPECT_EQ(collected_.endings[0], MT_END_CRASH);
}

TEST_F(MatchTest, VariantTagAndTenRankBoard) {
  char err[128];
  rules_free(&rules_);
  ASSERT_TRUE(reference_rules(&rules_, "xiangqi", err, sizeof err));
  config_.variant = "xiangqi";
  Herald(0, "uci");
  // CECP counts xiangqi ranks from 0: the translation must keep every move legal.
  Engine(1, "cmd=" + HeraldBin() + ",proto=cecp,name=cecp");
  config_.tc.nodes = 0;
  config_.tc.depth = 1;
  config_.adjudication.max_plies = 24;
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  ASSERT_EQ(collected_.pgn.size(), 2u);
  EXPECT_NE(collected_.pgn[0].find("[Variant \"xiangqi\"]"), std::string::npos);
  for (size_t i = 0; i < 2; i++) EXPECT_EQ(collected_.endings[i], MT_END_MOVE_CAP) << collected_.reasons[i];
}

// Chess960: every engine is told the start position, the PGN too (its variant names no one
// start), and the castlings, the king taking its own rook, pass both protocols.
TEST_F(MatchTest, Chess960StartIsAlwaysToldAndCastlingPassesBothProtocols) {
  char err[128];
  rules_free(&rules_);
  ASSERT_TRUE(reference_rules(&rules_, "chess960", err, sizeof err));
  config_.variant = "chess960";
  Herald(0, "uci");
  Engine(1, "cmd=" + HeraldBin() + ",proto=cecp,name=cecp");
  MtOpening opening;
  // Both sides may castle at once: White's King to c1 or staying on g1, Black's the same.
  ASSERT_TRUE(mt_opening_parse(&rules_, "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1 moves g1h1 g8a8", &opening,
                               err, sizeof err))
      << err;
  config_.openings = &opening;
  config_.opening_count = 1;
  config_.tc.nodes = 0;
  config_.tc.depth = 1;
  config_.adjudication.max_plies = 12;
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  ASSERT_EQ(collected_.pgn.size(), 2u);
  for (size_t i = 0; i < 2; i++) {
    const std::string &pgn = collected_.pgn[i];
    EXPECT_NE(pgn.find("[Variant \"chess960\"]"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("[FEN \"r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1\"]"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("1. O-O O-O-O"), std::string::npos) << pgn;
    EXPECT_EQ(collected_.endings[i], MT_END_MOVE_CAP) << collected_.reasons[i];
  }
  // From the variant's own start, too, the FEN goes to the engines and the PGN.
  config_.openings = nullptr;
  config_.opening_count = 0;
  collected_ = Collected();
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  ASSERT_EQ(collected_.pgn.size(), 2u);
  EXPECT_NE(collected_.pgn[0].find("[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]"),
            std::string::npos)
      << collected_.pgn[0];
  for (size_t i = 0; i < 2; i++) EXPECT_EQ(collected_.endings[i], MT_END_MOVE_CAP) << collected_.reasons[i];
}

TEST_F(MatchTest, EngineThatCannotStartLosesAndMatchReportsIt) {
  Herald(0, "H");
  Engine(1, "cmd=/bin/false,proto=uci,name=false");
  config_.games = 2;
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_ENGINE);
  EXPECT_EQ(st.tally.wins, 2);
  EXPECT_EQ(st.crashes[1], 2);
}

TEST_F(MatchTest, EngineExitingMidGameLosesAndMatchGoesOn) {
  Herald(0, "H");
  Engine(1, Script("quitter", "[ $n -ge 1 ] && exit 3; case \"$pos\" in *moves*) echo 'bestmove a7a6';; "
                              "*) echo 'bestmove a2a3';; esac"));
  config_.games = 2;
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  EXPECT_EQ(st.games_done, 2);
  EXPECT_EQ(st.tally.wins, 2);
  EXPECT_EQ(st.crashes[1], 2);
  for (const std::string &r : collected_.reasons) EXPECT_EQ(r, "quitter crashed");
}

TEST_F(MatchTest, SilentEngineForfeitsOnTime) {
  Herald(0, "H");
  Engine(1, Script("sleeper", "sleep 0"));
  config_.tc.nodes = 0;
  config_.tc.movetime_ms = 50;
  config_.tc.margin_ms = 100;
  config_.games = 1;
  config_.random_plies = 1; // the sleeper is Black
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  EXPECT_EQ(st.forfeits[1], 1);
  EXPECT_EQ(collected_.endings.at(0), MT_END_TIME);
}

TEST_F(MatchTest, IllegalMoveLoses) {
  Engine(0, Script("cheat", "echo 'bestmove e2e5'"));
  Herald(1, "H");
  config_.games = 1;
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  EXPECT_EQ(st.tally.losses, 1);
  EXPECT_EQ(st.illegal[0], 1);
  EXPECT_EQ(collected_.reasons.at(0), "cheat played an illegal move (e2e5)");
}

// A game where a side may pass (Rules.pass_allowed, two passes in a row draw, as in Janggi): an
// engine's pass is read as other programs write it (the King's square twice, "0000", "@@@@"),
// and the engines are told a pass as Herald's front end for their protocol writes it (UCI: the
// King's square twice; CECP: "@@@@"); another square written twice is an illegal move.
TEST_F(MatchTest, PassesAreReadInEachSpellingAndToldAsEachProtocolWritesThem) {
  rules_.pass_allowed = true;
  rules_.double_pass_ends = true;
  config_.games = 1;
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  Engine(0, Script("uci-white", "echo 'bestmove e1e1'"));
  Engine(1, Cecp("cecp-black", "usermove=1", "", "echo 'move @@@@'"));
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  EXPECT_EQ(collected_.endings.at(0), MT_END_RULES) << collected_.reasons.at(0);
  EXPECT_EQ(collected_.reasons.at(0), "two passes in a row");
  EXPECT_EQ(collected_.moves.at(0).size(), 2u);
  EXPECT_NE(Log("cecp-black").find("usermove @@@@\n"), std::string::npos) << Log("cecp-black");
  collected_ = Collected();
  Engine(0, Cecp("cecp-white", "usermove=1", "", "echo 'move 0000'"));
  Engine(1, Script("uci-black", "echo \"$pos\" >> " + dir_ + "/uci-black.log; echo 'bestmove e8e8'"));
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  EXPECT_EQ(collected_.reasons.at(0), "two passes in a row");
  EXPECT_EQ(Log("uci-black"), "position fen " + start + " moves e1e1\n");
  collected_ = Collected();
  Engine(0, Script("cheat", "echo 'bestmove d1d1'")); // the Queen's square
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  EXPECT_EQ(collected_.reasons.at(0), "cheat played an illegal move (d1d1)");
}

TEST_F(MatchTest, ResignAdjudicationUsesBothScores) {
  // White shuffles its knight claiming -900, Black shuffles claiming +900: after 3 moves each
  // both agree and White loses.
  Engine(0, Script("pessimist", "echo 'info depth 1 score cp -900'; if [ $((n%2)) = 0 ]; then echo 'bestmove g1f3'; "
                                "else echo 'bestmove f3g1'; fi"));
  Engine(1, Script("optimist", "echo 'info depth 1 score cp 900'; if [ $((n%2)) = 0 ]; then echo 'bestmove b8c6'; "
                               "else echo 'bestmove c6b8'; fi"));
  config_.games = 1;
  config_.adjudication.resign_cp = 500;
  config_.adjudication.resign_moves = 3;
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  EXPECT_EQ(st.tally.losses, 1);
  ASSERT_EQ(collected_.endings.size(), 1u);
  EXPECT_EQ(collected_.endings[0], MT_END_ADJUDICATED);
  EXPECT_EQ(collected_.reasons[0], "resign threshold");
  EXPECT_NE(collected_.pgn[0].find("[PlyCount \"6\"]"), std::string::npos) << collected_.pgn[0];
  EXPECT_NE(WithoutComments(collected_.pgn[0]).find("1. Nf3 Nc6 2. Ng1 Nb8 3. Nf3 Nc6 0-1"), std::string::npos)
      << collected_.pgn[0];
}

TEST_F(MatchTest, DrawAdjudicationAndMoveCap) {
  Herald(0, "A");
  Herald(1, "B");
  config_.games = 1;
  config_.adjudication.draw_cp = 100000;
  config_.adjudication.draw_moves = 4;
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  EXPECT_EQ(st.tally.draws, 1);
  EXPECT_EQ(collected_.reasons.at(0), "draw threshold");
  EXPECT_NE(collected_.pgn[0].find("[PlyCount \"4\"]"), std::string::npos);

  collected_ = Collected();
  config_.adjudication = MtAdjudication{};
  config_.adjudication.max_plies = 5;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  EXPECT_EQ(collected_.endings.at(0), MT_END_MOVE_CAP);
  EXPECT_NE(collected_.pgn[0].find("[Result \"1/2-1/2\"]"), std::string::npos);
}

TEST_F(MatchTest, SprtStopsADecidedMatchEarly) {
  Herald(0, "H");
  Engine(1, Script("quitter", "exit 1"));
  config_.games = 200;
  config_.concurrency = 2;
  config_.use_sprt = true;
  config_.sprt = MtSprt{0, 50, 0.05, 0.05, 0};
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_SPRT_H1);
  EXPECT_TRUE(st.stopped_early);
  EXPECT_LT(st.games_done, 20);
  EXPECT_EQ(st.tally.wins, st.games_done);
  // The game still in play when the test was decided counts in the tally, not in the test.
  EXPECT_GT(st.sprt_games, 0);
  EXPECT_LE(st.games_done - st.sprt_games, 1);
  double lower, upper;
  mt_sprt_bounds(&config_.sprt, &lower, &upper);
  EXPECT_GE(st.llr, upper);
}

// A test the earlier run decided stays decided where it was, though a game that was in play then
// ended afterwards against the verdict; every game of the file counts, and none is played.
TEST_F(MatchTest, ResumedMatchKeepsTheTestsDecisionAndCountsEveryGame) {
  Herald(0, "H");
  Engine(1, Script("quitter", "exit 1"));
  config_.games = 200;
  config_.use_sprt = true;
  config_.sprt = MtSprt{0, 50, 0.05, 0.05, 0};
  MtTally wins = {0, 0, 0};
  double llr = 0;
  while (mt_sprt_verdict(&config_.sprt, wins, &llr) == MT_SPRT_CONTINUE) wins.wins++;
  ASSERT_GT(wins.wins, 1);
  std::vector<MtPlayedGame> played;
  for (int i = 0; i <= wins.wins; i++) played.push_back(MtPlayedGame{i, i < wins.wins ? 2 : 0});
  config_.played = played.data();
  config_.played_count = (int)played.size();
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_SPRT_H1);
  EXPECT_EQ(st.games_done, wins.wins + 1);
  EXPECT_EQ(st.tally.losses, 1);
  EXPECT_EQ(st.sprt_games, wins.wins);
  EXPECT_DOUBLE_EQ(st.llr, llr);
  EXPECT_TRUE(collected_.pgn.empty());
}

TEST_F(MatchTest, ShardsSplitOpeningsAndRandomOpeningsAreSeeded) {
  config_.random_plies = 4;
  config_.seed = 42;
  MtOpening a, b, c;
  ASSERT_TRUE(mt_opening(&config_, 3, &a));
  ASSERT_TRUE(mt_opening(&config_, 3, &b));
  ASSERT_TRUE(mt_opening(&config_, 4, &c));
  ASSERT_EQ(a.ply_count, 4);
  EXPECT_EQ(0, memcmp(a.moves, b.moves, sizeof a.moves));
  EXPECT_NE(0, memcmp(a.moves, c.moves, sizeof a.moves));
  Herald(0, "A");
  Engine(1, Script("quitter", "exit 1"));
  config_.games = 8;
  config_.shard_count = 2;
  config_.shard_index = 1;
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  EXPECT_EQ(st.games_planned, 4); // openings 1 and 3, two games each
  EXPECT_EQ(st.games_done, 4);
}

// Turns of several parts (chess with two moves a turn): the engines are told whole turns, as
// parts joined by commas, and their replies are whole turns.
class MatchTurnsTest : public MatchTest {
protected:
  void SetUp() override {
    MatchTest::SetUp();
    rules_.turn_parts = 2;
    config_.games = 1;
    config_.adjudication.max_plies = 40;
  }
  // A UCI engine in sh that plays `turn` at every go and logs the position it was sent.
  std::string Turns(const std::string &name, const std::string &turn) {
    return Script(name, "echo \"$pos\" >> " + dir_ + "/" + name + ".log; echo 'bestmove " + turn + "'");
  }
};

const char *const START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

TEST_F(MatchTurnsTest, UciEnginesAreToldAndAnswerWholeTurns) {
  Engine(0, Turns("W", "g1f3,f3g1"));
  Engine(1, Turns("B", "g8f6,f6g8"));
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  // The knights go out and back each turn: the start position comes back a third time.
  ASSERT_EQ(collected_.endings.at(0), MT_END_RULES) << collected_.reasons.at(0);
  EXPECT_EQ(collected_.reasons.at(0), "3-fold repetition");
  EXPECT_EQ(collected_.moves.at(0).size(), 8u);
  EXPECT_EQ(Log("W"),
            std::string("position fen ") + START_FEN + "\nposition fen " + START_FEN + " moves g1f3,f3g1 g8f6,f6g8\n");
  EXPECT_EQ(Log("B").substr(0, 13 + strlen(START_FEN) + 16),
            std::string("position fen ") + START_FEN + " moves g1f3,f3g1");
  EXPECT_NE(WithoutComments(collected_.pgn.at(0)).find("1. Nf3,Ng1 Nf6,Ng8 2. Nf3,Ng1 Nf6,Ng8"), std::string::npos)
      << collected_.pgn.at(0);
}

TEST_F(MatchTurnsTest, CecpEnginesGetAUsermoveATurnAndSendEachPart) {
  Engine(0, Cecp("W", "usermove=1", "", "echo 'move g1f3,'; echo 'move f3g1'"));
  Engine(1, Cecp("B", "usermove=1", "", "echo 'move g8f6,'; echo 'move f6g8'"));
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  // The knights go out and back each turn: the start position comes back a third time.
  ASSERT_EQ(collected_.endings.at(0), MT_END_RULES) << collected_.reasons.at(0);
  EXPECT_EQ(collected_.reasons.at(0), "3-fold repetition");
  EXPECT_EQ(collected_.moves.at(0).size(), 8u);
  EXPECT_NE(Log("W").find("usermove g8f6,f6g8\n"), std::string::npos) << Log("W");
  EXPECT_NE(Log("B").find("usermove g1f3,f3g1\n"), std::string::npos) << Log("B");
  EXPECT_EQ(Log("B").find("usermove g1f3\n"), std::string::npos) << Log("B");
}

TEST_F(MatchTurnsTest, OpeningLinesTakeTurnsOfPartsJoinedByCommas) {
  MtOpening o;
  char err[160] = "";
  ASSERT_TRUE(mt_opening_parse(&rules_, "e2e4,d2d4 e7e5", &o, err, sizeof err)) << err;
  EXPECT_EQ(o.ply_count, 3);
  EXPECT_FALSE(mt_opening_parse(&rules_, "e2e4,,d2d4", &o, err, sizeof err));
  EXPECT_STREQ(err, "illegal or unknown move '' (ply 2)");
}

TEST_F(MatchTurnsTest, ATurnLeftUnfinishedOrOverrunLoses) {
  Engine(0, Turns("W", "g1f3"));
  Engine(1, Turns("B", "g8f6,f6g8"));
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  EXPECT_EQ(st.illegal[0], 1);
  EXPECT_EQ(collected_.reasons.at(0), "W played a turn it did not finish (g1f3)");
  collected_ = Collected();
  Engine(0, Turns("W2", "g1f3,f3g1,e2e4"));
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  EXPECT_EQ(collected_.reasons.at(0), "W2 played parts beyond the end of its turn (g1f3,f3g1,e2e4)");
  EXPECT_EQ(collected_.endings.at(0), MT_END_ILLEGAL);
}

TEST(MatchEngineSpec, FieldsOptionsAndDefaultName) {
  MtEngineSpec spec;
  char err[256] = "";
  ASSERT_TRUE(mt_engine_spec_parse(&spec, "cmd=/usr/games/fairymax -x,proto=xboard,option.Hash=64", err, sizeof err));
  EXPECT_STREQ(spec.name, "fairymax");
  EXPECT_STREQ(spec.command, "/usr/games/fairymax -x");
  EXPECT_EQ(spec.protocol, MT_CECP);
  ASSERT_EQ(spec.option_count, 1);
  EXPECT_STREQ(spec.options[0], "Hash=64");
  // Bugs fixed with tests/fuzz/enginespec_fuzz.c, whose invariants catch them: a command after
  // spaces got an empty name, and a long option was cut before its '=' (send_options then
  // split a NAME=VALUE without '=': a NULL dereference).
  ASSERT_TRUE(mt_engine_spec_parse(&spec, "cmd=  bin/eng --x", err, sizeof err));
  EXPECT_STREQ(spec.name, "eng");
  ASSERT_TRUE(mt_engine_spec_parse(&spec, "cmd=a/", err, sizeof err));
  EXPECT_STREQ(spec.name, "engine");
  std::string long_option = "cmd=x,option." + std::string(300, 'N') + "=1";
  EXPECT_FALSE(mt_engine_spec_parse(&spec, long_option.c_str(), err, sizeof err));
  EXPECT_STREQ(err, "engine option longer than 255 characters");
  EXPECT_FALSE(mt_engine_spec_parse(&spec, ("cmd=" + std::string(700, 'x')).c_str(), err, sizeof err));
  EXPECT_STREQ(err, "engine field longer than 599 characters");
  EXPECT_FALSE(mt_engine_spec_parse(&spec, "cmd=   ", err, sizeof err));
  EXPECT_STREQ(err, "engine without cmd=");
  EXPECT_FALSE(mt_engine_spec_parse(&spec, "cmd=x,proto=telnet", err, sizeof err));
  EXPECT_STREQ(err, "unknown protocol telnet (uci or cecp)");
}

TEST(MatchPgn, EvaluationCommentsAndTimeControlTags) {
  char text[64];
  MtGoReply reply{};
  reply.elapsed_ms = 510;
  mt_eval_comment(&reply, text, sizeof text);
  EXPECT_STREQ(text, "0.51s"); // no score said
  reply.has_score = true;
  reply.score_cp = 25;
  mt_eval_comment(&reply, text, sizeof text);
  EXPECT_STREQ(text, "+0.25 0.51s");
  reply.depth = 12;
  reply.score_cp = -130;
  mt_eval_comment(&reply, text, sizeof text);
  EXPECT_STREQ(text, "-1.30/12 0.51s");
  reply.mate = -3;
  mt_eval_comment(&reply, text, sizeof text);
  EXPECT_STREQ(text, "-M3/12 0.51s");
  MtTimeControl tc{};
  tc.base_ms = 300000, tc.inc_ms = 100;
  mt_time_control_tag(&tc, text, sizeof text);
  EXPECT_STREQ(text, "300+0.1");
  tc.moves = 40, tc.inc_ms = 0;
  mt_time_control_tag(&tc, text, sizeof text);
  EXPECT_STREQ(text, "40/300");
  tc.movetime_ms = 500;
  mt_time_control_tag(&tc, text, sizeof text);
  EXPECT_STREQ(text, "0.5/move");
  tc.movetime_ms = 0, tc.depth = 3;
  mt_time_control_tag(&tc, text, sizeof text);
  EXPECT_STREQ(text, "-");
}

TEST(MatchPgn, TallyFollowsOnePlayerThroughBothColours) {
  const char *pgn = "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n"
                    "[White \"B\"]\n[Black \"A\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n"
                    "[White \"B\"]\n[Black \"A\"]\n[Result \"0-1\"]\n\n1. e4 e5 0-1\n\n"
                    "[White \"A\"]\n[Black \"B\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2\n\n"
                    "[White \"C\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n"
                    "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n";
  char player[64] = "", err[128];
  MtTally t{0, 0, 0};
  EXPECT_EQ(mt_pgn_tally(pgn, strlen(pgn), player, sizeof player, &t, err, sizeof err), 4);
  EXPECT_STREQ(player, "A");
  EXPECT_EQ(t.wins, 2);
  EXPECT_EQ(t.draws, 1);
  EXPECT_EQ(t.losses, 1);
  // From B's side, added to what is there: a shard merged onto another.
  char other[64] = "B";
  MtTally b{1, 0, 0};
  EXPECT_EQ(mt_pgn_tally(pgn, strlen(pgn), other, sizeof other, &b, err, sizeof err), 5);
  EXPECT_EQ(b.wins, 1 + 1);
  EXPECT_EQ(b.losses, 3);
}

// The program's summary: cutechess-cli's lines for each pair and the table of a round robin;
// the PGN file holds every game, with TimeControl tags.
TEST(MatchProgram, RoundRobinPrintsEachPairAndTheStandings) {
  std::string herald = programs::Program("herald");
  char pgn[] = "/tmp/herald-match-rr-XXXXXX";
  int fd = mkstemp(pgn);
  ASSERT_GE(fd, 0);
  close(fd);
  programs::Result r = programs::Shell(programs::Program("herald-match") + " -engine cmd=" + herald +
                                       ",proto=uci,name=A -engine cmd=" + herald + ",proto=uci,name=B,option.Hash=16" +
                                       " -engine cmd=" + herald + ",proto=cecp,name=C --depth 1 --games 2 " +
                                       "--random-plies 2 --max-plies 8 --concurrency 2 --pgn " + pgn);
  EXPECT_EQ(r.status, 0) << r.err;
  for (const char *line : {"Round robin of 3 engines (chess): games 6/6\n", "Score of A vs B: ", "Score of A vs C: ",
                           "Score of B vs C: ", "...      A playing White: ", "...      B playing Black: ",
                           "...      White vs Black: ", ", LOS: ", " %, DrawRatio: ", "Rank Name"})
    EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
  // Points of the table add up to the games played.
  double points = 0;
  for (const char *name : {"A", "B", "C"}) {
    size_t at = r.out.find(std::string(" ") + name + " ", r.out.find("Rank Name"));
    ASSERT_NE(at, std::string::npos) << r.out;
    std::string row = r.out.substr(at, r.out.find('\n', at) - at);
    int games;
    double p;
    // Name, Elo text (one to four words), then games and points.
    std::smatch m;
    ASSERT_TRUE(std::regex_search(row, m, std::regex(" ([0-9]+) +([0-9]+\\.[0-9]) +[0-9.]+% +[0-9.]+%$"))) << row;
    games = std::stoi(m[1]), p = std::stod(m[2]);
    EXPECT_EQ(games, 4) << row;
    points += p;
  }
  EXPECT_DOUBLE_EQ(points, 6);
  std::string text = programs::Slurp(pgn);
  std::remove(pgn);
  size_t offset = 0;
  int line = 1, games = 0;
  char err[200];
  NtPgnGame g;
  while (nt_pgn_next(text.data(), text.size(), &offset, &line, &g, err, sizeof err) == 1) {
    games++;
    EXPECT_STREQ(nt_pgn_tag(&g, "TimeControl"), "-");
    nt_pgn_game_free(&g);
  }
  EXPECT_EQ(games, 6);
}

// The round robin a user runs against the engines a variant player knows: Herald, Fairy-Max
// (CECP) and Fairy-Stockfish (UCI), Debian's packages (CI installs them).  Every game ends with
// a result, each engine move carries its evaluation as cutechess writes it (Fairy-Max may move
// without thinking output, from its book), and pgn-extract keeps every game without a word.
TEST(MatchProgram, RoundRobinOfHeraldFairyMaxAndFairyStockfish) {
  std::string fairymax = programs::Installed("fairymax"), stockfish = programs::Installed("fairy-stockfish");
  if (fairymax.empty() || stockfish.empty()) GTEST_SKIP() << "fairymax or fairy-stockfish is not installed";
  char pgn[] = "/tmp/herald-match-peers-XXXXXX";
  int fd = mkstemp(pgn);
  ASSERT_GE(fd, 0);
  close(fd);
  programs::Result r = programs::Shell(
      programs::Program("herald-match") + " -engine cmd=" + programs::Program("herald") +
      ",proto=uci,name=Herald -engine cmd=" + fairymax + ",proto=cecp,name=Fairy-Max -engine cmd=" + stockfish +
      ",proto=uci,name=Fairy-Stockfish --depth 3 --games 2 --random-plies 2 " + "--max-plies 80 --pgn " + pgn);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  for (const char *line : {"Round robin of 3 engines (chess): games 6/6\n", "Score of Herald vs Fairy-Max: ",
                           "Score of Herald vs Fairy-Stockfish: ", "Score of Fairy-Max vs Fairy-Stockfish: "})
    EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
  EXPECT_EQ(r.err.find("crash"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("illegal"), std::string::npos) << r.err;
  std::string text = programs::Slurp(pgn);
  const std::regex comment("[+-]([0-9]+\\.[0-9]{2}|M[0-9]+)/[0-9]+ [0-9]+\\.[0-9]{2}s");
  size_t offset = 0;
  int line = 1, games = 0;
  char err[200];
  NtPgnGame g;
  while (nt_pgn_next(text.data(), text.size(), &offset, &line, &g, err, sizeof err) == 1) {
    games++;
    EXPECT_TRUE(!strcmp(g.result, "1-0") || !strcmp(g.result, "0-1") || !strcmp(g.result, "1/2-1/2")) << g.result;
    std::string white = nt_pgn_tag(&g, "White"), black = nt_pgn_tag(&g, "Black");
    for (int i = 2; i < g.move_count; i++) {
      const std::string &mover = i % 2 == 0 ? white : black;
      if (mover == "Fairy-Max" && !g.comments[i]) continue;
      ASSERT_NE(g.comments[i], nullptr) << mover << ", ply " << i + 1 << "\n" << text;
      EXPECT_TRUE(std::regex_match(g.comments[i], comment)) << g.comments[i];
    }
    nt_pgn_game_free(&g);
  }
  EXPECT_EQ(games, 6) << text;
  std::string pgn_extract = programs::Installed("pgn-extract");
  if (!pgn_extract.empty()) {
    std::string log = std::string(pgn) + ".log", kept = std::string(pgn) + ".kept";
    r = programs::Shell(pgn_extract + " -s --nobadresults -l" + log + " -o" + kept + " " + pgn);
    EXPECT_EQ(programs::Slurp(log), "");
    std::string kept_text = programs::Slurp(kept);
    int kept_games = 0;
    for (size_t at = kept_text.find("[Event "); at != std::string::npos; at = kept_text.find("[Event ", at + 1))
      kept_games++;
    EXPECT_EQ(kept_games, 6);
    std::remove(log.c_str());
    std::remove(kept.c_str());
  }
  std::remove(pgn);
}

// A Fischer-random game (variant) against Fairy-Stockfish from a few starts of an openings
// file, both engines speaking proto (uci or cecp), every game to its end without an illegal
// move or a crash.
void RandomStartsAgainstFairyStockfish(const char *variant, const char *starts, const std::string &proto = "uci") {
  std::string stockfish = programs::Installed("fairy-stockfish");
  if (stockfish.empty()) GTEST_SKIP() << "fairy-stockfish is not installed";
  char book[] = "/tmp/herald-match-960-XXXXXX";
  int fd = mkstemp(book);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(write(fd, starts, strlen(starts)), (ssize_t)strlen(starts));
  close(fd);
  programs::Result r = programs::Shell(
      programs::Program("herald-match") + " -engine cmd=" + programs::Program("herald") + ",proto=" + proto +
      ",name=Herald -engine cmd=" + stockfish + ",proto=" + proto + ",name=Fairy-Stockfish --variant " + variant +
      " --openings " + book + " --depth 2 --max-plies 60");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("Score of Herald vs Fairy-Stockfish: "), std::string::npos) << r.out;
  EXPECT_EQ(r.err.find("crash"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("time forfeit"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("illegal"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("illegal"), std::string::npos) << r.out;
  std::remove(book);
}

// Chess960 (UCI_Chess960 for both).
TEST(MatchProgram, Chess960AgainstFairyStockfish) {
  RandomStartsAgainstFairyStockfish("chess960", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\n"
                                                "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1\n");
}

// Chess960 over XBoard's protocol (variant fischerandom for both, castling as the King taking
// its own Rook).
TEST(MatchProgram, Chess960OverXBoardAgainstFairyStockfish) {
  RandomStartsAgainstFairyStockfish("chess960",
                                    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\n"
                                    "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1\n",
                                    "cecp");
}

// Capablanca random chess (UCI_Variant caparandom for both), the second start ready to castle.
TEST(MatchProgram, CaparandomAgainstFairyStockfish) {
  RandomStartsAgainstFairyStockfish("caparandom",
                                    "rqbnkbncra/pppppppppp/10/10/10/10/PPPPPPPPPP/RQBNKBNCRA w IAia - 0 1\n"
                                    "r2k4nr/pppppppppp/10/10/10/10/PPPPPPPPPP/R2K4NR w JAja - 0 1\n");
}

} // namespace

// --resume: the games of an earlier run's PGN count as they are, and only the others are played.
TEST_F(MatchTest, ResumedMatchCountsThePgnsGamesAndPlaysTheOthers) {
  Herald(0, "H");
  Engine(1, Script("quitter", "exit 1"));
  config_.games = 6;
  MtMatchState first;
  EXPECT_EQ(Run(&first), MT_EXIT_DONE);
  ASSERT_EQ(collected_.pgn.size(), 6u);
  // The earlier run got through rounds 1, 2 and 4 (round 3 had no result yet).
  std::string pgn = collected_.pgn[0] + "\n" + collected_.pgn[1] + "\n" + collected_.pgn[3] + "\n";
  std::string unfinished = collected_.pgn[2];
  size_t result = unfinished.find("[Result \"");
  ASSERT_NE(result, std::string::npos);
  unfinished.replace(result, unfinished.find(']', result) - result + 1, "[Result \"*\"]");
  size_t end = unfinished.rfind("1-0");
  ASSERT_NE(end, std::string::npos);
  unfinished.replace(end, 3, "*");
  pgn += unfinished + "\n";
  MtPlayedGame *played = nullptr;
  int count = 0;
  char err[256] = "";
  ASSERT_TRUE(mt_pgn_played(&config_, pgn.data(), pgn.size(), &played, &count, err, sizeof err)) << err;
  ASSERT_EQ(count, 3);
  EXPECT_EQ(played[0].index, 0);
  EXPECT_EQ(played[1].index, 1);
  EXPECT_EQ(played[2].index, 3);
  for (int i = 0; i < 3; i++) EXPECT_EQ(played[i].points2, 2) << i; // H won each, with either colour
  collected_ = Collected();
  config_.played = played;
  config_.played_count = count;
  MtMatchState st;
  EXPECT_EQ(Run(&st), MT_EXIT_DONE);
  EXPECT_EQ(st.games_done, 6);
  EXPECT_EQ(st.tally.wins, 6);
  ASSERT_EQ(collected_.pgn.size(), 3u); // rounds 3, 5 and 6
  std::vector<std::string> rounds;
  for (const std::string &g : collected_.pgn) {
    size_t at = g.find("[Round \"");
    ASSERT_NE(at, std::string::npos);
    rounds.push_back(g.substr(at + 8, g.find('"', at + 8) - at - 8));
  }
  std::sort(rounds.begin(), rounds.end());
  EXPECT_EQ(rounds, (std::vector<std::string>{"3", "5", "6"}));
  free(played);
}

TEST_F(MatchTest, ResumeRefusesGamesOfAnotherMatch) {
  Herald(0, "H");
  Herald(1, "G");
  config_.games = 4;
  auto game = [](const char *round, const char *white, const char *black) {
    return std::string("[Event \"e\"]\n[Round \"") + round + "\"]\n[White \"" + white + "\"]\n[Black \"" + black +
           "\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n";
  };
  struct Case {
    std::string pgn, message;
  } cases[] = {
      {game("5", "H", "G"), "Round tag is no game of this match"},
      {game("x", "H", "G"), "Round tag is no game of this match"},
      {game("2", "H", "G"), "round 2 is G against H here, not H against G"},
      {game("1", "H", "G") + game("1", "H", "G"), "round 1 was played already"},
  };
  for (const Case &c : cases) {
    MtPlayedGame *played = nullptr;
    int count = -1;
    char err[256] = "";
    EXPECT_FALSE(mt_pgn_played(&config_, c.pgn.data(), c.pgn.size(), &played, &count, err, sizeof err)) << c.pgn;
    EXPECT_NE(std::string(err).find(c.message), std::string::npos) << err;
    EXPECT_EQ(played, nullptr);
    EXPECT_EQ(count, 0);
  }
  config_.shard_count = 2;
  config_.shard_index = 1;
  std::string other = game("1", "H", "G");
  MtPlayedGame *played = nullptr;
  int count = 0;
  char err[256] = "";
  EXPECT_FALSE(mt_pgn_played(&config_, other.data(), other.size(), &played, &count, err, sizeof err));
  EXPECT_NE(std::string(err).find("round 1 is of another shard"), std::string::npos) << err;
  std::string mine = game("3", "H", "G") + game("4", "G", "H");
  ASSERT_TRUE(mt_pgn_played(&config_, mine.data(), mine.size(), &played, &count, err, sizeof err)) << err;
  ASSERT_EQ(count, 2);
  EXPECT_EQ(played[0].points2, 2); // H had White and won
  EXPECT_EQ(played[1].points2, 0); // H had Black and lost
  free(played);
}
