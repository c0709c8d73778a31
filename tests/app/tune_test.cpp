// herald-tune as a user runs it: self-play data, a fit written as a weights file, the engine
// taking that file by its EvalWeights option; and mistakes said with a non-zero exit.
#include <gtest/gtest.h>

#include <zlib.h>

#include <string>

#include "../temp_dir.h"
#include "programs.h"

namespace {

std::string Gunzip(const std::string &path) {
  gzFile gz = gzopen(path.c_str(), "rb");
  if (!gz) return "";
  std::string text;
  char buf[4096];
  for (int n; (n = gzread(gz, buf, sizeof buf)) > 0;) text.append(buf, static_cast<size_t>(n));
  gzclose(gz);
  return text;
}

int Lines(const std::string &text) {
  int n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

TEST(HeraldTune, PlaysFitsAndTheEngineTakesTheWeights) {
  TempDir dir;
  std::string data = dir.path + "/data.txt", weights = dir.path + "/chess.eval.gz";
  programs::Result play = programs::Shell(programs::Program("herald-tune") + " play chess --games 4 --nodes 300 " +
                                          "--threads 2 --random-plies 6 --out " + data);
  ASSERT_EQ(play.status, 0) << play.err;
  EXPECT_NE(play.out.find("4 games ("), std::string::npos) << play.out;
  std::string positions = programs::Slurp(data);
  ASSERT_GT(Lines(positions), 20) << positions;
  // Every line: the position, the game's result and the score the search gave the position.
  for (size_t at = 0, end; (end = positions.find('\n', at)) != std::string::npos; at = end + 1) {
    std::string line = positions.substr(at, end - at);
    size_t first = line.find(" | "), second = line.find(" | ", first + 3);
    ASSERT_NE(second, std::string::npos) << line;
    std::string result = line.substr(first + 3, second - first - 3), score = line.substr(second + 3);
    EXPECT_TRUE(result == "1" || result == "0" || result == "0.5") << line;
    EXPECT_EQ(score.find_first_not_of("-0123456789"), std::string::npos) << line;
  }
  programs::Result fit = programs::Shell(programs::Program("herald-tune") + " fit chess " + data +
                                         " --epochs 50 --score-weight 0.5 --out " + weights);
  ASSERT_EQ(fit.status, 0) << fit.err;
  std::string text = Gunzip(weights);
  EXPECT_NE(text.find("# herald evaluation weights, made by herald-tune"), std::string::npos) << text;
  EXPECT_NE(text.find("labels: results and search scores (" + std::to_string(Lines(positions)) +
                      " positions scored, score weight 0.5)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\ngame chess\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\nvalue."), std::string::npos) << text;
  programs::Result engine = programs::Shell("printf 'uci\\nsetoption name EvalWeights value " + weights +
                                            "\\nsetoption name EvalWeights value " + data +
                                            "\\nisready\\ngo depth 3\\nquit\\n' | " + programs::Program("herald"));
  ASSERT_EQ(engine.status, 0) << engine.err;
  EXPECT_NE(engine.out.find("option name EvalWeights type string default <default>"), std::string::npos);
  EXPECT_NE(engine.out.find("Error (bad EvalWeights, " + data + ":1: a 'game NAME' line must come before the weights)"),
            std::string::npos)
      << engine.out;
  EXPECT_NE(engine.out.find("readyok"), std::string::npos);
  EXPECT_NE(engine.out.find("bestmove "), std::string::npos);
}

TEST(HeraldTune, MistakesAreSaidWithANonZeroExit) {
  TempDir dir;
  std::string bad = dir.Write("bad.txt", "startpos | 1\nnot a position | 2\n");
  programs::Result r =
      programs::Shell(programs::Program("herald-tune") + " fit chess " + bad + " --out " + dir.path + "/w.gz");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find(bad + ":2: the result '2' is none of"), std::string::npos) << r.err;
  r = programs::Shell(programs::Program("herald-tune") + " play chess --games 0 --out " + dir.path + "/d.txt");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("--games"), std::string::npos) << r.err;
  r = programs::Shell(programs::Program("herald-tune") + " play nosuchgame --out " + dir.path + "/d.txt");
  EXPECT_EQ(r.status, 1);
  EXPECT_FALSE(r.err.empty());
  r = programs::Shell(programs::Program("herald-tune") + " play chess --weights " + bad + " --games 1 --out " +
                      dir.path + "/d.txt");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find(bad + ":1: a 'game NAME' line must come before the weights"), std::string::npos) << r.err;
  r = programs::Shell(programs::Program("herald-tune") + " fit chess --out " + dir.path + "/w.gz");
  EXPECT_EQ(r.status, 1);
  r = programs::Shell(programs::Program("herald-tune") + " fit chess " + bad + " --score-weight 1.5 --out " + dir.path +
                      "/w.gz");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("--score-weight"), std::string::npos) << r.err;
  r = programs::Shell(programs::Program("herald-tune"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("usage: herald-tune play"), std::string::npos);
}

} // namespace
