// A large preset is compiled once per process and its program shared by every interpreter
// (gc_shared.c): interpreters in four threads at once load the same 200 KB preset, copy its
// constant strings into their variables, play and free, and each sees exactly what it would
// with a program of its own.  Under ThreadSanitizer and AddressSanitizer this is the test that
// the shared constants are never written nor freed by any of them.
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "gamecode/gamecode.h"

namespace {

std::string LargePreset() {
  std::string text = "Game: Shared\nFiles: a b c\nRanks: 1 2 3\nFEN: k2/3/2K\n[Pre-Game]\n";
  for (int i = 0; i < 8000; i++) text += "set w" + std::to_string(i) + " \"word" + std::to_string(i) + "\";\n";
  text += "set last \"the last constant\";\n[Post-Move 1]\nif == dest a1:\n  die \"not to a1\";\nendif;\n";
  return text;
}

std::string Var(GcInterp *gc, const char *name) {
  char buf[64];
  const GcValue *v = gc_get_var(gc, name);
  return v ? gc_to_str(v, buf, sizeof buf) : "(none)";
}

std::string RunOnce(const std::string &text) {
  GcInterp *gc = gc_new();
  GcError err;
  std::string out;
  if (gc_load_preset_text(gc, text.c_str(), "shared.preset", &err) != GC_OK || gc_start(gc, &err) != GC_OK) {
    out = std::string("error: ") + err.message;
  } else {
    GcVerdict v;
    if (gc_play(gc, "K c1-b1", &v) != GC_LEGAL) out = std::string("refused: ") + v.message;
    if (gc_play(gc, "k a3-a2", &v) != GC_LEGAL) out = std::string("refused: ") + v.message;
    if (gc_play(gc, "K b1-a1", &v) != GC_ILLEGAL || std::string(v.message) != "not to a1") out = "a1 allowed";
    out += Var(gc, "w7999") + " " + Var(gc, "last");
  }
  gc_free(gc);
  return out;
}

} // namespace

TEST(GcSharedProgram, InterpretersInFourThreadsShareOneLargeProgram) {
  std::string text = LargePreset();
  ASSERT_GT(text.size(), 150000u);
  std::string alone = RunOnce(text);
  EXPECT_EQ(alone, "word7999 the last constant");
  std::vector<std::string> seen(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; t++)
    threads.emplace_back([&, t] {
      for (int round = 0; round < 3; round++) seen[t] = RunOnce(text);
    });
  for (auto &th : threads) th.join();
  for (const std::string &s : seen) EXPECT_EQ(s, alone);
}
