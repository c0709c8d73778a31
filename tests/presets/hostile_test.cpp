// Hostile presets: endless loops (in Pre-Game, in Post-Move, in a def), endless recursion,
// arrays and strings without end, an include cycle, an include outside the preset's folder,
// boards of 0x0 and 17x17, binary garbage.  Each is refused with the preset's file:line and
// what is wrong, by `herald check` (exit 1), and over UCI the engine stays responsive.  A 16x16
// board is a board like any other.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "app/programs.h"
#include "protocol/engine_process.h"
#include "temp_dir.h"

namespace {

const char *kBoard = "Files: a b c\nRanks: 1 2 3\nFEN: k2/3/2K\n";

struct Case {
  const char *name;
  std::string text;
  const char *where; // "FILE:LINE: " of the error, FILE relative to the folder
  const char *what;  // the start of the message after it
};

std::vector<Case> Cases() {
  std::string b = kBoard;
  std::string garbage;
  for (int i = 0; i < 3000; i++) garbage += (char)((i * 7919 + 13) % 256);
  return {
      {"loop_pregame", "Game: L\n" + b + "[Pre-Game]\nset i 0;\ndo while true:\n  inc i;\nloop;\n",
       "loop_pregame.preset:8: ", "step limit exceeded"},
      {"loop_postmove",
       "Game: L\n" + b + "[Pre-Game]\nsub spin:\n  do while true:\n    inc i;\n  loop;\nendsub;\n" +
           "[Post-Move 1]\ngosub spin;\n[Post-Move 2]\ngosub spin;\n",
       "loop_postmove.preset:9: ", "step limit exceeded"},
      {"recursion_def",
       "Game: R\n" + b + "[Pre-Game]\ndef King fn King #0 #1;\n[Post-Move 1]\nverify fn King origin dest;\n" +
           "[Post-Move 2]\nverify fn King origin dest;\n",
       "recursion_def.preset:6: ", "recursion limit"},
      {"recursion_sub", "Game: R\n" + b + "[Pre-Game]\nsub deeper n:\n  gosub deeper #n;\nendsub;\ngosub deeper 1;\n",
       "recursion_sub.preset:7: ", "recursion limit"},
      {"huge_array",
       "Game: A\n" + b + "[Pre-Game]\nset a array 1 2 3 4;\ndo while true:\n  set a merge #a #a;\nloop;\n",
       "huge_array.preset:8: ", "array of"},
      {"huge_string", "Game: S\n" + b + "[Pre-Game]\nset a \"xxxxxxxx\";\ndo while true:\n  set a join #a #a;\nloop;\n",
       "huge_string.preset:8: ", "string of"},
      {"include_cycle", "Game: C\n" + b + "[Pre-Game]\ninclude cycle;\n",
       "cycle.txt:1: ", "includes nested too deeply"},
      {"include_outside", "Game: O\n" + b + "Include: /etc\n[Pre-Game]\ninclude passwd;\n",
       "include_outside.preset:5: ", "Include: '/etc' must be a folder below the preset's own"},
      {"board0", "Game: Z\nFiles: \nRanks: \nFEN: \n[Pre-Game]\n", "board0.preset:2: ", "no files given"},
      {"board17",
       "Game: Big\nFiles: a b c d e f g h i j k l m n o p q\nRanks: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17\n"
       "FEN: k16/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K\n[Pre-Game]\n",
       "board17.preset:2: ", "board of 17x17 is outside the supported 2x2 to 16x16"},
      {"garbage", garbage, "garbage.preset:1: ", "expected 'Key: value' or a [Section]"},
      // Found by tests/fuzz/preset_fuzz.c: errors of the geometry and of labels had no place.
      {"rank_twice", "Game: D\nFiles: a b c\nRanks: 1 2 2\nFEN: k2/3/2K\n[Pre-Game]\n",
       "rank_twice.preset:3: ", "rank label '2' appears twice"},
      {"promoted_word", "Game: P\n" + b + "[Pre-Game]\nset promoted Knight;\n",
       "promoted_word.preset:6: ", "piece labels of more than one letter are not supported yet"},
  };
}

class Hostile : public testing::TestWithParam<Case> {};

TEST_P(Hostile, CheckRefusesItWithItsFileAndLine) {
  const Case &c = GetParam();
  TempDir d;
  d.Write("cycle.txt", "include cycle;\n");
  std::string path = d.Write(std::string(c.name) + ".preset", c.text);
  programs::Result r = programs::Shell(programs::Program("herald") + " check " + path + " --games 1");
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  std::string all = r.out + r.err, expected = d.path + "/" + c.where + c.what;
  EXPECT_NE(all.find(expected), std::string::npos) << "expected: " << expected << "\n" << all;
}

// Over UCI the variant is refused with the same words, on one line, and the engine answers.
TEST_P(Hostile, TheEngineRefusesTheVariantAndStaysResponsive) {
  const Case &c = GetParam();
  TempDir d;
  d.Write("cycle.txt", "include cycle;\n");
  std::string path = d.Write(std::string(c.name) + ".preset", c.text);
  EngineProcess e;
  e.Send("uci");
  ASSERT_FALSE(e.Expect("uciok").empty());
  e.Send("setoption name UCI_Variant value " + path);
  e.Send("isready");
  ASSERT_FALSE(e.Expect("readyok").empty());
  // The error may come when the variant is set or, for a preset error in play, when it is played.
  e.Send("position startpos");
  e.Send("go depth 2");
  ASSERT_FALSE(e.Expect("bestmove .*").empty());
  e.Send("isready");
  ASSERT_FALSE(e.Expect("readyok").empty());
  bool told = false;
  for (const std::string &l : e.Seen()) told |= l.find(std::string(c.where) + c.what) != std::string::npos;
  EXPECT_TRUE(told) << "no line says " << c.where << c.what;
}

INSTANTIATE_TEST_SUITE_P(Presets, Hostile, testing::ValuesIn(Cases()),
                         [](const testing::TestParamInfo<Case> &info) { return std::string(info.param.name); });

TEST(HostileBoards, SixteenBySixteenIsABoardLikeAnyOther) {
  TempDir d;
  std::string path = d.Write("board16.preset", "Game: B16\nFiles: a b c d e f g h i j k l m n o p\n"
                                               "Ranks: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n"
                                               "FEN: k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/15K\n"
                                               "[Pre-Game]\ninclude fairychess;\nsetconst K King;\nsetconst k King;\n");
  programs::Result r = programs::Shell(programs::Program("herald") + " perft " + path + " startpos 2");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("nodes 9 "), std::string::npos) << r.out; // 3 king moves, then 3 each
}

} // namespace
