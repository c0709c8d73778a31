// The catalog: every game is a preset, built into the binary, found the same way by every
// program; a user's folder adds games and may replace a built-in one; includes are found beside
// the preset, in the user's folders and among the built-in ones, never outside through a header.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

#include "bridge/builtin_files.h"
#include "bridge/br_game.h"
#include "bridge/catalog.h"
#include "rules/position.h"
#include "temp_dir.h"

namespace {

std::string ReadFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Output of a shell command (stdout), run from a folder.
std::string RunIn(const std::string &folder, const std::string &command) {
  std::string line = "cd " + folder + " && " + command + " 2>&1";
  FILE *p = popen(line.c_str(), "r");
  std::string out;
  char buf[512];
  while (p && fgets(buf, sizeof buf, p)) out += buf;
  if (p) pclose(p);
  return out;
}

std::string HeraldBin() {
  const char *bin = std::getenv("HERALD_BIN");
  char here[4096];
  std::string base = getcwd(here, sizeof here) ? here : ".";
  std::string path = bin ? bin : "build/herald";
  return path[0] == '/' ? path : base + "/" + path;
}

const char *kTinyGame = "Game: Tiny\nFiles: a b c\nRanks: 1 2 3\nFEN: k2/3/2K\n"
                        "[Pre-Game]\ninclude tinylib;\n"
                        "[Post-Move 1]\nif not fn moved origin dest:\n  die You may not move there.;\nendif;\n"
                        "[Post-Move 2]\nif not fn moved origin dest:\n  die You may not move there.;\nendif;\n";
const char *kTinyLib = "def K checkleap #0 #1 1 0 or checkleap #0 #1 1 1;\ndef k fn K #0 #1;\n";

TEST(Catalog, EveryBuiltInPresetIsInTheBinaryAsItIsInPresets) {
  int presets = 0;
  for (const BuiltinFile *f = builtin_files; f->name; f++) {
    std::string disk = ReadFile(std::string("presets/") + f->name);
    if (disk.empty()) continue; // run from elsewhere: nothing to compare with
    EXPECT_EQ(disk, std::string(f->text, (size_t)f->size)) << f->name << " was changed after the build";
    presets += std::string(f->name).find(".preset") != std::string::npos;
  }
  EXPECT_GE(presets, 30);
}

TEST(Catalog, ABuiltInGamePlaysFromAnyFolder) {
  TempDir empty;
  std::string out = RunIn(empty.path, HeraldBin() + " perft chess startpos 3");
  EXPECT_NE(out.find("nodes 8902 "), std::string::npos) << out;
  out = RunIn(empty.path, HeraldBin() + " perft xiangqi startpos 2");
  EXPECT_NE(out.find("nodes 1920 "), std::string::npos) << out;
}

TEST(Catalog, AnUnknownNameListsTheGames) {
  Catalog c;
  catalog_init(&c);
  BrSource src;
  char err[4096];
  ASSERT_FALSE(catalog_find(&c, "no-such-game", &src, err, sizeof err));
  EXPECT_NE(std::string(err).find("no game called 'no-such-game'"), std::string::npos) << err;
  EXPECT_NE(std::string(err).find(" xiangqi"), std::string::npos) << err;
}

TEST(Catalog, AUsersFolderAddsGamesAndReplacesABuiltInOne) {
  TempDir dir;
  dir.Write("tiny.preset", kTinyGame);
  dir.Write("include/tinylib.txt", kTinyLib);
  // A "chess" of the user's: the tiny game under the built-in name.
  dir.Write("chess.preset", std::string(kTinyGame));
  Catalog c;
  catalog_init(&c);
  char err[4096];
  ASSERT_TRUE(catalog_add_folder(&c, dir.path.c_str(), err, sizeof err)) << err;
  Rules rules;
  ASSERT_TRUE(catalog_rules(&c, "tiny", &rules, err, sizeof err)) << err;
  Position p = {};
  ASSERT_TRUE(pos_set_fen(&p, &rules, "startpos", err, sizeof err)) << err;
  EXPECT_EQ(pos_perft(&p, 1), 3u); // the King in the corner: three steps
  pos_free(&p);
  rules_free(&rules);
  BrSource src;
  ASSERT_TRUE(catalog_find(&c, "chess", &src, err, sizeof err)) << err;
  EXPECT_EQ(std::string(src.path), dir.path + "/chess.preset");
  EXPECT_FALSE(src.builtin);
  br_source_free(&src);
  // Listed once, the user's copy first; the built-in games are still there.
  CatalogGame games[CATALOG_MAX_GAMES];
  int n = catalog_list(&c, games, CATALOG_MAX_GAMES), chess = 0, tiny = 0, xiangqi = 0;
  for (int i = 0; i < n; i++) {
    std::string name = games[i].name;
    chess += name == "chess";
    tiny += name == "tiny";
    xiangqi += name == "xiangqi";
    if (name == "chess") {
      EXPECT_FALSE(games[i].builtin);
    }
    if (i) {
      EXPECT_LT(std::string(games[i - 1].name), name);
    }
  }
  EXPECT_EQ(chess, 1);
  EXPECT_EQ(tiny, 1);
  EXPECT_EQ(xiangqi, 1);
  // Without the folder, chess is the built-in preset again.
  catalog_clear_folders(&c);
  ASSERT_TRUE(catalog_find(&c, "chess", &src, err, sizeof err)) << err;
  EXPECT_NE(std::string(src.path), dir.path + "/chess.preset");
  br_source_free(&src);
}

TEST(Catalog, APresetByPathFindsItsIncludesBesideItAndTheBuiltInOnes) {
  TempDir dir;
  dir.Write("tiny.preset", kTinyGame);
  dir.Write("tinylib.txt", kTinyLib);
  // The built-in piece library is found for a preset anywhere.
  dir.Write("library.preset",
            "Game: Library\nFiles: a b c\nRanks: 1 2 3\nFEN: k2/3/2K\n[Pre-Game]\ninclude herald-pieces;\n"
            "setconst K King;\nsetconst k King;\n");
  Catalog c;
  catalog_init(&c);
  char err[4096];
  BrGame *g = catalog_open(&c, (dir.path + "/tiny.preset").c_str(), false, err, sizeof err);
  ASSERT_NE(g, nullptr) << err;
  EXPECT_TRUE(g->all_compiled);
  br_free(g);
  g = catalog_open(&c, (dir.path + "/library.preset").c_str(), false, err, sizeof err);
  ASSERT_NE(g, nullptr) << err;
  br_free(g);
}

TEST(Catalog, AMissingIncludeNamesThePresetLineAndWhereItLooked) {
  TempDir dir;
  dir.Write("tiny.preset", kTinyGame); // no tinylib anywhere
  Catalog c;
  catalog_init(&c);
  char err[4096];
  BrGame *g = catalog_open(&c, (dir.path + "/tiny.preset").c_str(), false, err, sizeof err);
  ASSERT_EQ(g, nullptr);
  EXPECT_NE(std::string(err).find(dir.path + "/tiny.preset:6:"), std::string::npos) << err;
  EXPECT_NE(std::string(err).find("include tinylib: not found"), std::string::npos) << err;
}

TEST(Catalog, AnIncludeHeaderMayNotLeaveThePresetsFolder) {
  TempDir dir;
  dir.Write("outside.preset", std::string("Include: ../elsewhere\n") + kTinyGame);
  dir.Write("below.preset", std::string("Include: lib\n") + kTinyGame);
  dir.Write("lib/tinylib.txt", kTinyLib);
  Catalog c;
  catalog_init(&c);
  char err[4096];
  BrGame *g = catalog_open(&c, (dir.path + "/outside.preset").c_str(), false, err, sizeof err);
  ASSERT_EQ(g, nullptr);
  EXPECT_NE(std::string(err).find("must be a folder below the preset's own"), std::string::npos) << err;
  g = catalog_open(&c, (dir.path + "/below.preset").c_str(), false, err, sizeof err);
  ASSERT_NE(g, nullptr) << err;
  br_free(g);
}

TEST(Catalog, PresetsOptionOfTheProgramsAddsAFolder) {
  TempDir dir;
  dir.Write("tiny.preset", kTinyGame);
  dir.Write("include/tinylib.txt", kTinyLib);
  TempDir elsewhere;
  std::string out = RunIn(elsewhere.path, HeraldBin() + " perft tiny startpos 2 --presets " + dir.path);
  EXPECT_NE(out.find("nodes 9 "), std::string::npos) << out; // 3 King moves, then 3 for Black
  out = RunIn(elsewhere.path, HeraldBin() + " perft tiny startpos 2");
  EXPECT_NE(out.find("no game called 'tiny'"), std::string::npos) << out;
  out = RunIn(elsewhere.path, HeraldBin() + " perft tiny startpos 2 --presets /no/such/folder");
  EXPECT_NE(out.find("--presets: no folder '/no/such/folder'"), std::string::npos) << out;
}

} // namespace
