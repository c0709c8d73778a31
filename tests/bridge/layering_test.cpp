// The bridge is the engine's only door to the interpreter (DESIGN.md: "the protocol asks the
// bridge to referee a move and never calls the interpreter itself"): no source file of the
// engine's layers names a gc_ function or type, a GC_ constant or a gamecode/ header.  Only
// src/bridge/, src/gamecode/, the programs (src/app/) and tools/ may.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

namespace {

TEST(BridgeLayering, TheEnginesLayersDoNotTalkToTheInterpreter) {
  const char *layers[] = {"src/protocol", "src/search",   "src/eval", "src/rules",
                          "src/board",    "src/notation", "src/match"};
  std::regex interpreter("(^|[^A-Za-z0-9_])(gc_|GC_)[A-Za-z0-9_]|gamecode/");
  int files = 0;
  for (const char *layer : layers) {
    std::error_code ec;
    for (const auto &entry : std::filesystem::directory_iterator(layer, ec)) {
      std::string path = entry.path().string();
      if (!std::regex_search(path, std::regex("\\.[ch]$"))) continue;
      files++;
      std::ifstream in(path);
      std::string line;
      for (int number = 1; std::getline(in, line); number++)
        EXPECT_FALSE(std::regex_search(line, interpreter)) << path << ":" << number << ": " << line;
    }
    EXPECT_FALSE(ec) << layer << ": " << ec.message();
  }
  EXPECT_GT(files, 20);
}

} // namespace
