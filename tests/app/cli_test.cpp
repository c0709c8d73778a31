// The three programs' command lines: --version is one line, --help and -h print the usage on
// stdout with exit 0, a wrong invocation a short word on stderr (exit 2 for herald, 1 for the
// tools, whose 2 means an engine never started), and every number option of the tools refuses
// a non-number, a negative or an absurd value with a message naming the option (exit 1).
#include <gtest/gtest.h>

#include <string>

#include "app/programs.h"
#include "temp_dir.h"

namespace {

using programs::Program;
using programs::Shell;

bool OneLine(const std::string &text) { return !text.empty() && text.find('\n') == text.size() - 1; }

TEST(Cli, VersionIsOneLineOfEachProgram) {
  for (const char *name : {"herald", "herald-match", "herald-selfplay"}) {
    programs::Result r = Shell(Program(name) + " --version");
    EXPECT_EQ(r.status, 0) << name;
    EXPECT_TRUE(OneLine(r.out)) << name << ": " << r.out;
    EXPECT_EQ(r.out.rfind(std::string(name) + " ", 0), 0u) << r.out;
    EXPECT_EQ(r.err, "") << name;
  }
  // The version of the VERSION file is the one printed.
  std::string version = programs::Slurp("VERSION");
  if (!version.empty()) {
    version.erase(version.find_last_not_of("\n ") + 1);
    EXPECT_EQ(Shell(Program("herald") + " --version").out.rfind("herald " + version, 0), 0u);
  }
}

// A GUI is told the same version: UCI's `id name` and CECP's `myname` (XBoard shows it in its
// title bar and engine list).
TEST(Cli, GuisAreToldTheVersion) {
  std::string version = programs::Slurp("VERSION");
  ASSERT_FALSE(version.empty());
  version.erase(version.find_last_not_of("\n ") + 1);
  programs::Result uci = Shell("printf 'uci\\nquit\\n' | " + Program("herald"));
  EXPECT_NE(uci.out.find("id name Herald " + version + "\n"), std::string::npos) << uci.out;
  programs::Result cecp = Shell("printf 'xboard\\nprotover 2\\nquit\\n' | " + Program("herald"));
  EXPECT_NE(cecp.out.find("myname=\"Herald " + version + "\""), std::string::npos) << cecp.out;
}

// `herald --presets DIR --load-time S` with no command is what a GUI's engine line runs: the
// folder's games are offered and playable, and LoadTime starts at S, in both protocols.
TEST(Cli, AGuiSessionTakesTheCommandLinesPresetsAndLoadTime) {
  TempDir d;
  d.Write("mine.preset", programs::Slurp("presets/chess.preset"));
  std::string herald = Program("herald") + " --presets " + d.path + " --load-time 77";
  programs::Result uci = Shell("printf 'uci\\nsetoption name UCI_Variant value mine\\nisready\\nquit\\n' | " + herald);
  EXPECT_NE(uci.out.find(" var mine"), std::string::npos) << uci.out;
  EXPECT_NE(uci.out.find("option name LoadTime type spin default 77 "), std::string::npos) << uci.out;
  EXPECT_NE(uci.out.find("readyok"), std::string::npos) << uci.out;
  EXPECT_EQ(uci.out.find("Error"), std::string::npos) << uci.out;
  programs::Result cecp = Shell("printf 'xboard\\nprotover 2\\nquit\\n' | " + herald);
  EXPECT_NE(cecp.out.find("mine"), std::string::npos) << cecp.out;
  EXPECT_NE(cecp.out.find("LoadTime -spin 77 "), std::string::npos) << cecp.out;
}

TEST(Cli, HelpGoesToStdoutWithExitZero) {
  for (const char *option : {"--help", "-h"}) {
    programs::Result r = Shell(Program("herald") + " " + option);
    EXPECT_EQ(r.status, 0) << option;
    EXPECT_NE(r.out.find("usage: herald"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("herald check GAME"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("capablanca"), std::string::npos) << "the games are listed";
    EXPECT_EQ(r.err, "");
    for (const char *tool : {"herald-match", "herald-selfplay"}) {
      r = Shell(Program(tool) + " " + option);
      EXPECT_EQ(r.status, 0) << tool << " " << option;
      EXPECT_NE(r.out.find(std::string("usage: ") + tool), std::string::npos) << r.out;
      EXPECT_NE(r.out.find("--games N"), std::string::npos) << r.out;
      EXPECT_EQ(r.err, "") << tool;
    }
  }
}

TEST(Cli, AWrongInvocationIsAShortWordOnStderr) {
  programs::Result r = Shell(Program("herald") + " frobnicate");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("unknown command 'frobnicate'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("herald --help"), std::string::npos) << r.err;
  EXPECT_LT(r.err.size(), 200u) << "a short usage, not the whole list";
  r = Shell(Program("herald") + " --frobnicate");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown option '--frobnicate'"), std::string::npos) << r.err;
  r = Shell(Program("herald") + " perft chess"); // a missing argument
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("usage: herald perft"), std::string::npos) << r.err;
  r = Shell(Program("herald") + " check");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("usage: herald check GAME"), std::string::npos) << r.err;

  r = Shell(Program("herald-selfplay") + " chess --frobnicate 3");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("unknown option --frobnicate"), std::string::npos) << r.err;
  r = Shell(Program("herald-selfplay") + " chess --games");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("--games needs a value"), std::string::npos) << r.err;
  r = Shell(Program("herald-match") + " --frobnicate");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("unknown option --frobnicate"), std::string::npos) << r.err;
  r = Shell(Program("herald-match") + " --games 3");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("two engines are needed"), std::string::npos) << r.err;
}

// Each of these is refused before any game is loaded or engine started, so each is quick.
TEST(Cli, PerftCountsByTurnsOnRequest) {
  // One move a turn: --turns changes nothing, and says nothing more.
  programs::Result r = Shell(Program("herald") + " perft chess startpos 3 --turns");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("nodes 8902 ", 0), 0u) << r.out;
  r = Shell(Program("herald") + " divide chess startpos 2 --turns");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("e2e4: 20\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("nodes 400 "), std::string::npos) << r.out;
  r = Shell(Program("herald") + " perft chess startpos 3 --plies");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("[--turns]"), std::string::npos) << r.err;
}

TEST(Cli, SelfplayRefusesBadNumbers) {
  const struct {
    const char *args, *message;
  } cases[] = {
      {"--games abc", "--games 'abc' is not a whole number from 1 to 50000000"},
      {"--games 0", "--games '0'"},
      {"--games 12x", "--games '12x'"},
      {"--nodes -1", "--nodes '-1' is not a whole number from 1 to 1000000000000"},
      {"--nodes 99999999999999999999", "--nodes '99999999999999999999'"},
      {"--max-plies -5", "--max-plies '-5'"},
      {"--random-plies 1e3", "--random-plies '1e3'"},
      {"--threads 0", "--threads '0'"},
      {"--threads 100000", "--threads '100000'"},
      {"--seed -3", "--seed '-3'"},
      {"--samples x", "--samples 'x'"},
      {"--shard 2/2", "--shard I/N with 0 <= I < N"},
      {"--shard 1", "--shard I/N"},
      {"--shard a/2", "--shard I 'a'"},
  };
  for (const auto &c : cases) {
    programs::Result r = Shell(Program("herald-selfplay") + " chess " + c.args);
    EXPECT_EQ(r.status, 1) << c.args;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << ": " << r.err;
    EXPECT_EQ(r.out, "") << c.args;
  }
}

TEST(Cli, MatchRefusesBadNumbers) {
  const std::string engines = " -engine cmd=/bin/false,proto=uci -engine cmd=/bin/false,proto=uci ";
  const struct {
    const char *args, *message;
  } cases[] = {
      {"--games abc", "--games 'abc' is not a whole number from 1 to 50000000"},
      {"--games -2", "--games '-2'"},
      {"--concurrency 0", "--concurrency '0'"},
      {"--tc x", "--tc BASE 'x'"},
      {"--tc 10+y", "--tc INC 'y'"},
      {"--tc -1+0.1", "--tc BASE '-1'"},
      {"--depth 0", "--depth '0'"},
      {"--nodes -1", "--nodes '-1'"},
      {"--movetime 5s", "--movetime '5s'"},
      {"--margin -1", "--margin '-1'"},
      {"--random-plies many", "--random-plies 'many'"},
      {"--resign 800 x", "--resign N 'x'"},
      {"--draw 10 10 z", "--draw AFTER 'z'"},
      {"--max-plies 0", "--max-plies '0'"},
      {"--sprt 0 5 0.05 x", "--sprt BETA 'x'"},
      {"--sprt 5 0 0.05 0.05", "--sprt ELO0 ELO1 ALPHA BETA with ELO0 < ELO1"},
      {"--seed 1.5", "--seed '1.5'"},
      {"--shard 0/0", "--shard N '0'"},
      {"--opening-plies -1", "--opening-plies '-1' is not a whole number from 0"},
      {"--opening-plies 4x", "--opening-plies '4x'"},
      {"--openings-format fen", "--openings-format 'fen' is none of epd, pgn, lines"},
      {"--openings-order shuffled", "--openings-order 'shuffled' is neither sequential nor random"},
      {"--sprt-min-games -5", "--sprt-min-games '-5' is not a whole number from 0"},
      {"--resume", "--resume goes on with the games of --pgn FILE; there is none"},
      {"--resume --pgn /nonexistent-dir/x.pgn", "/nonexistent-dir/x.pgn: No such file or directory"},
  };
  for (const auto &c : cases) {
    programs::Result r = Shell(Program("herald-match") + engines + c.args);
    EXPECT_EQ(r.status, 1) << c.args;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << ": " << r.err;
    EXPECT_EQ(r.out, "") << c.args;
  }
}

} // namespace
