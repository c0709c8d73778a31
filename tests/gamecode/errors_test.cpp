// Where errors are reported (STYLE: preset errors carry file:line): a statement of Pre-Game that
// is neither a command nor a move, a die in Pre-Game, and every kind of error inside an
// included file (its compilation, its subs, its one-line defs) name the file and line where
// the faulty code is written, not ":0" nor the line that called it.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "gamecode/gamecode.h"

namespace {

struct Dir {
  char path[32] = "/tmp/gcerrorsXXXXXX";
  Dir() { EXPECT_NE(mkdtemp(path), nullptr); }
  ~Dir() {
    for (const char *f : {"lib.txt", "game.preset"}) remove((std::string(path) + "/" + f).c_str());
    rmdir(path);
  }
  std::string write(const char *name, const std::string &text) {
    std::string p = std::string(path) + "/" + name;
    FILE *f = fopen(p.c_str(), "w");
    EXPECT_NE(f, nullptr);
    fputs(text.c_str(), f);
    fclose(f);
    return p;
  }
};

// Loads the preset with Pre-Game `pregame` (its first line is line 3) and starts it; returns
// "file:line: message" of the failure, or "" when it started.
std::string start(Dir &d, const std::string &pregame, const std::string &lib = "") {
  if (!lib.empty()) d.write("lib.txt", lib);
  std::string preset = d.write("game.preset", "Game: errors\n[Pre-Game]\n" + pregame);
  GcInterp *gc = gc_new();
  GcError err;
  std::string out;
  if (gc_load_preset_file(gc, preset.c_str(), d.path, &err) != GC_OK || gc_start(gc, &err) != GC_OK) {
    std::string file = err.file;
    if (file.rfind(d.path, 0) == 0) file = file.substr(strlen(d.path) + 1);
    out = file + ":" + std::to_string(err.line) + ": " + err.message;
  }
  gc_free(gc);
  return out;
}

} // namespace

TEST(GcErrors, PreGameStatementThatIsNoCommandNamesItsLine) {
  Dir d;
  EXPECT_EQ(start(d, "set x 1;\nsett y 2;\n"), "game.preset:4: Pre-Game died: Cannot read the move 'sett y 2'");
}

TEST(GcErrors, PreGameDieNamesItsLine) {
  Dir d;
  EXPECT_EQ(start(d, "set x 1;\n\ndie Broken setup;\n"), "game.preset:5: Pre-Game died: Broken setup");
}

TEST(GcErrors, IncludeCompileErrorNamesTheIncludedFile) {
  Dir d;
  EXPECT_EQ(start(d, "include lib;\n", "set a 1;\nif true:\n  set b 2;\n"), "lib.txt:2: if at line 2 is never closed");
}

TEST(GcErrors, ErrorInAnIncludedSubNamesTheIncludedFile) {
  Dir d;
  EXPECT_EQ(start(d, "include lib;\nset r sub broken;\n",
                  "// a library\nsub broken:\n  set a 1;\n  set z checkleap a1;\n  return #z;\nendsub;\n"),
            "lib.txt:4: checkleap needs 4 operands, has 1");
}

TEST(GcErrors, DieInAnIncludedSubNamesTheIncludedFile) {
  Dir d;
  EXPECT_EQ(start(d, "include lib;\ngosub setup;\n", "sub setup:\n\n  die The library refuses;\nendsub;\n"),
            "lib.txt:3: Pre-Game died: The library refuses");
}

TEST(GcErrors, ErrorInAnIncludedDefNamesTheIncludedFile) {
  Dir d;
  EXPECT_EQ(start(d, "include lib;\nset y fn Broken a1 b2;\n",
                  "def Fine checkleap #0 #1 1 0;\n\ndef Broken fn Fine #0 #1 and checkride #0;\n"),
            "lib.txt:3: checkride needs 4 operands, has 1");
}

TEST(GcErrors, AnUnknownIncludeNamesThePreGameLine) {
  Dir d;
  std::string e = start(d, "\ninclude nosuchfile;\n");
  EXPECT_EQ(e.substr(0, e.find(':', e.find(':') + 1)), "game.preset:4") << e;
}

namespace {

// herald check's reading (gc_load_preset_text_all): a section that does not compile is recorded
// with its file:line and left out, the others still load, and the first error is the one a
// plain load would stop at.
TEST(GcErrors, EverySectionThatDoesNotCompileIsRecordedAndTheRestLoads) {
  const char *text = "Game: two mistakes\n" // 1
                     "[Pre-Game]\n"         // 2
                     "set a 1;\n"           // 3
                     "[Post-Move 1]\n"      // 4
                     "if == 1 1:\n"         // 5: never closed
                     "set b 2;\n"           // 6
                     "[Post-Move 2]\n"      // 7
                     "set c 3;\n"           // 8
                     "[Post-Game 1]\n"      // 9
                     "endif;\n";            // 10: no if to close
  GcInterp *gc = gc_new();
  GcLintIssue problems[4];
  EXPECT_EQ(gc_load_preset_text_all(gc, text, "two.preset", problems, 4), 2);
  EXPECT_STREQ(problems[0].file, "two.preset");
  EXPECT_EQ(problems[0].line, 5);
  EXPECT_TRUE(problems[0].error);
  EXPECT_EQ(problems[1].line, 10);
  EXPECT_FALSE(gc_pregame_failed(gc));
  GcError err;
  EXPECT_EQ(gc_start(gc, &err), GC_OK) << err.message; // Pre-Game loaded and runs
  gc_free(gc);

  // A plain load stops at the first, with the same words.
  gc = gc_new();
  EXPECT_EQ(gc_load_preset_text(gc, text, "two.preset", &err), GC_ERROR);
  EXPECT_EQ(err.line, 5);
  gc_free(gc);

  // A Pre-Game that does not compile is said to have failed: its includes are unknown.
  gc = gc_new();
  EXPECT_EQ(gc_load_preset_text_all(gc, "Game: x\n[Pre-Game]\nif 1:\n", "x.preset", problems, 4), 1);
  EXPECT_TRUE(gc_pregame_failed(gc));
  gc_free(gc);
}

} // namespace
