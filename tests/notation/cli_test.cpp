// The notation tools: `herald pgn check` names each bad move by game, ply and reason;
// `herald records import` then `export` gives back the same PGN.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "app/app.h"
#include "gamecode/gamecode.h"
#include "notation/shim.h"

namespace {

std::string TempPath(const char *name) { return ::testing::TempDir() + "herald_notation_" + name; }

void WriteFile(const std::string &path, const std::string &text) { std::ofstream(path, std::ios::binary) << text; }

int RunTool(std::vector<std::string> args, std::string *out) {
  std::vector<char *> argv;
  for (auto &a : args) argv.push_back(&a[0]);
  ::testing::internal::CaptureStdout();
  int status = -1;
  if (args[1] == "pgn")
    status = app_pgn_main((int)argv.size(), argv.data());
  else if (args[1] == "records")
    status = app_records_main((int)argv.size(), argv.data());
  else if (args[1] == "notation")
    status = app_notation_main((int)argv.size(), argv.data());
  *out = ::testing::internal::GetCapturedStdout();
  return status;
}

TEST(NotationCli, PgnCheckReportsGamePlyAndReason) {
  std::string path = TempPath("check.pgn");
  WriteFile(path, "[Event \"good\"]\n1. e4 e5 2. Nf3 Nc6 1-0\n\n"
                  "[Event \"bad\"]\n1. e4 e5 2. Ke3 Nc6 0-1\n\n"
                  "[Event \"shogi\"]\n[Variant \"shogi\"]\n1. c4 g6 2. Bxh8+ *\n\n"
                  "[Event \"ambiguous\"]\n[FEN \"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1\"]\n1. Nd2 *\n");
  std::string out;
  EXPECT_EQ(RunTool({"herald", "pgn", "check", path}, &out), 1);
  EXPECT_NE(out.find("game 2 (line 4), ply 3 (move 2.) 'Ke3': no legal move fits"), std::string::npos) << out;
  EXPECT_EQ(out.find("game 1 "), std::string::npos) << out;
  EXPECT_EQ(out.find("game 3 "), std::string::npos) << out;
  EXPECT_NE(out.find("game 4 (line 11), ply 1 (move 1.) 'Nd2': ambiguous, 2 moves fit: Nbd2, Nfd2"), std::string::npos)
      << out;
  EXPECT_NE(out.find("4 games, 9 plies read, 2 with errors"), std::string::npos) << out;
  std::remove(path.c_str());
}

TEST(NotationCli, RecordsImportExportIsLossless) {
  std::string pgn = TempPath("corpus.pgn"), archive = TempPath("corpus.hra");
  std::string corpus;
  ASSERT_EQ(RunTool({"herald", "pgn", "random", "chess", "20", "300", "4"}, &corpus), 0);
  std::string shogi;
  ASSERT_EQ(RunTool({"herald", "pgn", "random", "shogi", "5", "200", "5"}, &shogi), 0);
  corpus += shogi;
  WriteFile(pgn, corpus);
  std::string out;
  ASSERT_EQ(RunTool({"herald", "records", "import", pgn, archive}, &out), 0) << out;
  EXPECT_NE(out.find("25 games"), std::string::npos) << out;
  std::string back;
  ASSERT_EQ(RunTool({"herald", "records", "export", archive}, &back), 0);
  EXPECT_EQ(back, corpus);
  ASSERT_EQ(RunTool({"herald", "records", "stats", pgn}, &out), 0);
  EXPECT_NE(out.find("archive (zlib)"), std::string::npos) << out;
  std::remove(pgn.c_str());
  std::remove(archive.c_str());
}

TEST(NotationCli, NotationReadSaysWhereTheDemonstrationGameTurnsIllegal) {
  std::string out;
  EXPECT_EQ(RunTool({"herald", "notation", "read", "chess", "startpos", "casefree", "E4",   "D5",
                     "E5",     "F5",       "EF6E", "QD6",   "FE7",      "BD7",      "EF8B", "QF8",
                     "B4",     "D4",       "B5",   "C5",    "BC6E",     "QF2",      "C4",   "DC3E"},
                    &out),
            1);
  EXPECT_NE(out.find("ply 17 (move 9.) 'C4': illegal: it does not answer the check (White is in "
                     "check); nearest legal: Kxf2"),
            std::string::npos)
      << out;
}

// `pgn convert FILE gc` writes a promoted piece by the preset's own label (shogi's H for a
// promoted Bishop, as in "B b2-h8; H-h8"), not by its FEN letters (+B), which the preset's
// referee does not know: every converted game plays through the referee.
TEST(NotationCli, GameCourierConversionPlaysThroughThePresetsReferee) {
  std::string pgn = TempPath("shogi-gc.pgn"), games, out;
  ASSERT_EQ(RunTool({"herald", "pgn", "random", "shogi", "4", "160", "11"}, &games), 0);
  WriteFile(pgn, games);
  ASSERT_EQ(RunTool({"herald", "pgn", "convert", pgn, "gc"}, &out), 0) << out;
  static const std::regex move(R"(\+?[A-Za-z]\*[a-z]\d+|\+?[A-Za-z] [a-z]\d+-[a-z]\d+(; \+?[A-Za-z]-[a-z]\d+)?)");
  std::istringstream lines(out);
  std::string line;
  int played = 0, promotions = 0, converted = 0;
  while (std::getline(lines, line)) {
    if (line.rfind("game ", 0) != 0) continue;
    converted++;
    GcInterp *gc = gc_new();
    GcError e;
    ASSERT_EQ(gc_load_preset_file(gc, "presets/shogi.preset", "presets/include", &e), GC_OK) << e.message;
    ASSERT_EQ(gc_start(gc, &e), GC_OK) << e.message;
    for (std::sregex_iterator it(line.begin(), line.end(), move), end; it != end; ++it) {
      std::string text = it->str();
      promotions += text.find(';') != std::string::npos;
      GcVerdict v;
      gc_play(gc, text.c_str(), &v);
      ASSERT_EQ(v.status, GC_LEGAL) << text << ": " << v.message << "\n" << line;
      played++;
    }
    gc_free(gc);
  }
  EXPECT_EQ(converted, 4);
  EXPECT_GT(played, 200);
  EXPECT_GT(promotions, 0) << out;
  std::remove(pgn.c_str());
}

} // namespace
