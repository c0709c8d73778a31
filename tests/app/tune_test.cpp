// herald-tune as a user runs it: self-play data, a fit written as a weights file, the engine
// taking that file by its EvalWeights option; the data packed for a net, a net trained by
// tools/train/train.py and taken by the EvalFile option; and mistakes said with a non-zero exit.
#include <gtest/gtest.h>

#include <zlib.h>

#include <cstdlib>
#include <sstream>
#include <string>

#include "../temp_dir.h"
#include "bridge/bridge.h"
#include "bridge/catalog.h"
#include "eval/nnue.h"
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

// The Python that has PyTorch (.ci/run installs Debian's python3-torch), or "".
std::string PythonWithTorch() {
  for (const char *python : {"python3", "/usr/bin/python3"})
    if (programs::Shell(std::string(python) + " -c 'import torch, numpy' 2>/dev/null").status == 0) return python;
  return "";
}

TEST(HeraldTune, PacksTrainsANetThatTheEngineScoresAsTheTrainerDoes) {
  std::string python = PythonWithTorch();
  if (python.empty()) GTEST_SKIP() << "no python3 with torch and numpy (Debian: python3-torch)";
  TempDir dir;
  std::string data = dir.path + "/data.txt", packed = dir.path + "/data.bin", net = dir.path + "/chess.nnue.gz",
              scores = dir.path + "/scores.txt";
  programs::Result play = programs::Shell(programs::Program("herald-tune") + " play chess --games 6 --nodes 300 " +
                                          "--threads 2 --random-plies 6 --out " + data);
  ASSERT_EQ(play.status, 0) << play.err;
  programs::Result pack =
      programs::Shell(programs::Program("herald-tune") + " pack chess " + data + " --out " + packed);
  ASSERT_EQ(pack.status, 0) << pack.err;
  int lines = Lines(programs::Slurp(data));
  EXPECT_NE(pack.out.find(std::to_string(lines) + " positions of chess in " + packed), std::string::npos) << pack.out;
  // play --out FILE.bin packs the positions itself, for the trainer to take with pack's.
  std::string played = dir.path + "/played.bin";
  programs::Result direct = programs::Shell(programs::Program("herald-tune") + " play chess --games 2 --nodes 300 " +
                                            "--random-plies 6 --seed 3 --out " + played);
  ASSERT_EQ(direct.status, 0) << direct.err;
  EXPECT_EQ(Gunzip(played).substr(0, 8), "HERALDND");
  programs::Result train =
      programs::Shell(python + " tools/train/train.py " + packed + " " + played + " --out " + net +
                      " --hidden 32 --epochs 3 --batch 256 --device cpu --threads 1 --scores " + scores);
  ASSERT_EQ(train.status, 0) << train.out << train.err;
  EXPECT_NE(train.out.find("epoch 3/3: train "), std::string::npos) << train.out;
  EXPECT_NE(train.out.find("written to " + net), std::string::npos) << train.out;

  // Herald's evaluation of the first positions with that net is the trainer's, to the centipawn.
  Catalog catalog;
  catalog_init(&catalog);
  char err[512] = "";
  BrGame *game = catalog_open(&catalog, "chess", true, err, sizeof err);
  ASSERT_NE(game, nullptr) << err;
  NnueNet *loaded = nn_read(br_game_rules(game), net.c_str(), err, sizeof err);
  ASSERT_NE(loaded, nullptr) << err;
  EXPECT_FALSE(loaded->adds_classical);
  std::istringstream positions(programs::Slurp(data)), expected(programs::Slurp(scores));
  std::string line;
  int compared = 0, nonzero = 0;
  for (long want; std::getline(positions, line) && expected >> want; compared++) {
    Position p{};
    ASSERT_TRUE(pos_set_fen(&p, br_game_rules(game), line.substr(0, line.find(" | ")).c_str(), err, sizeof err)) << err;
    EXPECT_EQ(nn_evaluate_scratch(loaded, &p), want) << line;
    nonzero += want != 0;
    pos_free(&p);
  }
  EXPECT_EQ(compared, lines < 100 ? lines : 100);
  EXPECT_GT(nonzero, compared / 2);
  nn_free(loaded);
  // A correction of the classical evaluation says so in its file.
  std::string correction = dir.path + "/correction.nnue.gz";
  programs::Result train_correction =
      programs::Shell(python + " tools/train/train.py " + packed + " --out " + correction +
                      " --hidden 16 --epochs 2 --device cpu --threads 1 --adds-classical --hold-out games "
                      "--validation 0.2 --weight-decay 0.01");
  ASSERT_EQ(train_correction.status, 0) << train_correction.out << train_correction.err;
  EXPECT_NE(train_correction.out.find("the classical evaluation alone: held out "), std::string::npos);
  // Held out by games: the last fifth of the file's positions, the last games played.
  int tail = lines / 5;
  EXPECT_NE(train_correction.out.find(std::to_string(lines) + " positions (" + std::to_string(lines - tail) +
                                      " to train, " + std::to_string(tail) + " held out)"),
            std::string::npos)
      << train_correction.out;
  loaded = nn_read(br_game_rules(game), correction.c_str(), err, sizeof err);
  ASSERT_NE(loaded, nullptr) << err;
  EXPECT_TRUE(loaded->adds_classical);
  nn_free(loaded);
  br_free(game);
  // A generation starts from its parent (--init): with no pass to train, the parent is written
  // back to the bit; with one, it trains on from there.
  std::string again = dir.path + "/again.nnue.gz", child = dir.path + "/child.nnue.gz";
  const std::string init = " tools/train/train.py " + packed + " --hidden 16 --device cpu --threads 1 " +
                           "--adds-classical --validation 0.2 --init " + correction;
  programs::Result copied = programs::Shell(python + init + " --epochs 0 --out " + again);
  ASSERT_EQ(copied.status, 0) << copied.out << copied.err;
  EXPECT_NE(copied.out.find("starting from " + correction), std::string::npos) << copied.out;
  EXPECT_EQ(Gunzip(again), Gunzip(correction));
  programs::Result refined = programs::Shell(python + init + " --epochs 1 --lr 1e-4 --out " + child);
  ASSERT_EQ(refined.status, 0) << refined.out << refined.err;
  EXPECT_NE(refined.out.find("epoch 1/1: train "), std::string::npos) << refined.out;
  EXPECT_NE(Gunzip(child), "");
  // A parent of another size, another kind or another game is refused, with the reason.
  programs::Result wrong = programs::Shell(python + " tools/train/train.py " + packed + " --hidden 32 --device cpu " +
                                           "--adds-classical --epochs 0 --init " + correction + " --out " + again);
  EXPECT_NE(wrong.status, 0);
  EXPECT_NE(wrong.err.find("16 hidden units"), std::string::npos) << wrong.err;
  wrong = programs::Shell(python + " tools/train/train.py " + packed + " --hidden 16 --device cpu --epochs 0 " +
                          "--init " + correction + " --out " + again);
  EXPECT_NE(wrong.status, 0);
  EXPECT_NE(wrong.err.find("a correction of the classical evaluation; give --adds-classical"), std::string::npos)
      << wrong.err;
  wrong = programs::Shell(python + " tools/train/train.py " + packed + " --hidden 128 --device cpu " +
                          "--adds-classical --epochs 0 --init nets/capablanca.nnue.gz --out " + again);
  EXPECT_NE(wrong.status, 0);
  EXPECT_NE(wrong.err.find("a net of capablanca"), std::string::npos) << wrong.err;

  programs::Result engine =
      programs::Shell("printf 'uci\\nsetoption name EvalFile value " + net + "\\nsetoption name EvalFile value " +
                      packed + "\\nisready\\ngo depth 3\\nquit\\n' | " + programs::Program("herald"));
  ASSERT_EQ(engine.status, 0) << engine.err;
  EXPECT_NE(engine.out.find("option name EvalFile type string default <default>"), std::string::npos);
  EXPECT_NE(engine.out.find("Error (bad EvalFile, " + packed + ": not a Herald net (no HERALDNN at its start))"),
            std::string::npos)
      << engine.out;
  EXPECT_NE(engine.out.find("bestmove "), std::string::npos);
  // A net of another game is kept for that game (GUIs set options before they name the
  // variant), and the engine says so.
  programs::Result xboard =
      programs::Shell("printf 'xboard\\nprotover 2\\nvariant capablanca\\noption EvalFile=" + net + "\\nquit\\n' | " +
                      programs::Program("herald"));
  EXPECT_NE(xboard.out.find("feature option=\"EvalFile -file <default>\""), std::string::npos) << xboard.out;
  EXPECT_NE(xboard.out.find("# " + net +
                            " is a net for chess, kept for when chess is played; capablanca plays with its "
                            "default"),
            std::string::npos)
      << xboard.out;
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
  r = programs::Shell(programs::Program("herald-tune") + " pack chess " + bad + " --out " + dir.path + "/d.bin");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find(bad + ":2: the result '2' is none of"), std::string::npos) << r.err;
  r = programs::Shell(programs::Program("herald-tune") + " pack chess --out " + dir.path + "/d.bin");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("pack needs data files and --out FILE"), std::string::npos) << r.err;
  r = programs::Shell(programs::Program("herald-tune") + " play chess --net " + bad + " --games 1 --out " + dir.path +
                      "/d.txt");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find(bad + ": not a Herald net"), std::string::npos) << r.err;
  r = programs::Shell(programs::Program("herald-tune"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("usage: herald-tune play"), std::string::npos);
}

} // namespace
