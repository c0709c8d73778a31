// Deterministic fuzzing of the parser, the evaluator and the move reader: random programs made
// of GAME Code vocabulary and random bytes must end in OK, DIE or a reported error, never in a
// crash or a hang (run under `make sanitize` for memory errors).
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "gamecode/chess_presets.h"
#include "gamecode/shim.h"

namespace {

const char *const kVocabulary[] = {
    "if",
    "elseif",
    "else",
    "endif",
    "endif 2",
    "endif all",
    "for",
    "foreach",
    "next",
    "do",
    "loop",
    "while",
    "until",
    "never",
    "switch",
    "case",
    "default",
    "endswitch",
    "break",
    "continue",
    "sub",
    "endsub",
    "return",
    "verify",
    "gosub",
    "def",
    "set",
    "set many",
    "my",
    "local",
    "inc",
    "dec",
    "die",
    "say",
    "setflag",
    "unsetflag",
    "setconst",
    "move",
    "add",
    "empty",
    "store",
    "restore",
    "eval",
    "MOVE:",
    "setlegal",
    "askpromote",
    "alias",
    "include",
    "and",
    "or",
    "not",
    "unless",
    "onlyif",
    "cond",
    "fn",
    "var",
    "const",
    "flag",
    "==",
    "!=",
    "<",
    "+",
    "-",
    "*",
    "/",
    "%",
    ">>",
    "join",
    "array",
    "merge",
    "match",
    "count",
    "elem",
    "explode",
    "chr",
    "any",
    "checkleap",
    "checkride",
    "checkhop",
    "checkpath",
    "checkapath",
    "checknsteps",
    "checklongleap",
    "leaps",
    "rides",
    "path",
    "where",
    "what",
    "insight",
    "space",
    "findpiece",
    "spaces",
    "onlyupper",
    "fencode",
    "boardflags",
    "remove",
    "e2",
    "e4",
    "a1",
    "h8",
    "z9",
    "K",
    "p",
    "@",
    "-",
    "0",
    "1",
    "2",
    "-1",
    "99999999",
    "x",
    "y",
    "#x",
    "#y",
    "#0",
    "#1",
    "=x",
    "origin",
    "dest",
    "moved",
    "old",
    "$origin",
    "$space",
    "(",
    ")",
    ";",
    ":",
    "\"",
    "//",
    "\n",
    "true",
    "false",
    "null",
};

std::string random_program(std::mt19937 &rng) {
  std::string s;
  int n = std::uniform_int_distribution<int>(1, 40)(rng);
  const int vocab = sizeof kVocabulary / sizeof kVocabulary[0];
  for (int i = 0; i < n; i++) {
    int pick = std::uniform_int_distribution<int>(0, vocab + 3)(rng);
    if (pick >= vocab) {
      s += static_cast<char>(std::uniform_int_distribution<int>(1, 255)(rng));
    } else {
      s += kVocabulary[pick];
      s += ' ';
    }
  }
  return s;
}

} // namespace

TEST(GcFuzz, RandomProgramsNeverCrash) {
  std::mt19937 rng(12345);
  GcLimits limits = gc_default_limits();
  limits.max_steps = 20000;
  limits.max_depth = 40;
  limits.max_string = 1 << 14;
  limits.max_array = 1 << 10;
  int ok = 0, died = 0, errors = 0;
  for (int round = 0; round < 40; round++) {
    gctest::Interp in;
    gc_set_limits(in.gc, &limits);
    gc_set_include_dir(in.gc, "/nonexistent");
    for (int i = 0; i < 100; i++) {
      int rc = gc_run_code(in.gc, random_program(rng).c_str(), "fuzz.gc", &in.err);
      ASSERT_TRUE(rc == GC_OK || rc == GC_DIE || rc == GC_ERROR);
      if (rc == GC_ERROR) {
        EXPECT_NE(in.err.message[0], '\0');
      }
      (rc == GC_OK ? ok : rc == GC_DIE ? died : errors)++;
    }
  }
  EXPECT_GT(ok, 0);
  EXPECT_GT(errors, 0);
}

TEST(GcFuzz, RandomExpressionsNeverCrash) {
  std::mt19937 rng(777);
  gctest::Interp in;
  GcLimits limits = gc_default_limits();
  limits.max_steps = 20000;
  limits.max_depth = 40;
  gc_set_limits(in.gc, &limits);
  int errors = 0;
  for (int i = 0; i < 3000; i++) errors += in.ev(random_program(rng)).rfind("ERROR: ", 0) == 0;
  EXPECT_GT(errors, 0);
  // the board survives: every cell still holds a label, "@" or "-"
  for (const char *c : {"a1", "e4", "h8"}) EXPECT_NE(in.space(c), "(none)");
}

TEST(GcFuzz, RandomMovesAreRefusedCleanly) {
  std::mt19937 rng(99);
  GcInterp *gc = gc_new();
  std::string text = std::string(gctest::chess_tutorial_header()) + gctest::chess_tutorial_code();
  GcError err;
  ASSERT_EQ(gc_load_preset_text(gc, text.c_str(), "chess.preset", &err), GC_OK);
  ASSERT_EQ(gc_start(gc, &err), GC_OK);
  const char *parts[] = {"P",  "p",  "N", "K", "Q", "e2", "e4", "e7",   "e5", "g1",    "f3",
                         "a8", "z0", "-", "*", ";", " ",  "@",  "pass", "//", "e2-e4", "g8-f6"};
  const int np = sizeof parts / sizeof parts[0];
  int legal = 0;
  for (int i = 0; i < 1500; i++) {
    std::string m;
    int n = std::uniform_int_distribution<int>(1, 6)(rng);
    for (int k = 0; k < n; k++) m += parts[std::uniform_int_distribution<int>(0, np - 1)(rng)];
    GcVerdict v;
    GcStatus st = gc_play(gc, m.c_str(), &v);
    ASSERT_NE(st, GC_PRESET_ERROR) << m << ": " << v.message << " at " << v.file << ":" << v.line;
    if (st == GC_LEGAL) legal++;
    if (v.result != GC_RESULT_NONE) break;
  }
  EXPECT_GT(legal, 0);
  gc_free(gc);
}

TEST(GcFuzz, RandomPresetFilesLoadOrFailCleanly) {
  std::mt19937 rng(4242);
  const char *lines[] = {"Game: x",  "Files: a b c",     "Ranks: 1 2 3",  "FEN: 3/1K1/3",  "FEN: 9",
                         "Files: ",  "[Pre-Game]",       "[Post-Move 1]", "[Post-Game 2]", "[Bogus]",
                         "set x 1;", "if true:",         "endif;",        "sub f:",        "endsub;",
                         "die no;",  "include nothing;", "Key value",     "# comment",     "for x (a b): next;"};
  const int nl = sizeof lines / sizeof lines[0];
  int loaded = 0;
  for (int i = 0; i < 400; i++) {
    std::string text;
    int n = std::uniform_int_distribution<int>(0, 12)(rng);
    for (int k = 0; k < n; k++) {
      text += lines[std::uniform_int_distribution<int>(0, nl - 1)(rng)];
      text += '\n';
    }
    if (i % 3 == 0) text += random_program(rng);
    GcInterp *gc = gc_new();
    gc_set_include_dir(gc, "/nonexistent");
    GcError err;
    if (gc_load_preset_text(gc, text.c_str(), "fuzz.preset", &err) == GC_OK) {
      loaded++;
      if (gc_start(gc, &err) == GC_OK) {
        GcVerdict v;
        gc_play(gc, "K b2-b3", &v);
        EXPECT_TRUE(v.status == GC_LEGAL || v.status == GC_ILLEGAL || v.status == GC_PRESET_ERROR);
      }
    } else {
      EXPECT_NE(err.message[0], '\0');
    }
    gc_free(gc);
  }
  EXPECT_GT(loaded, 0);
}
