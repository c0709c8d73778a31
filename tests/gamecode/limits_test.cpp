// The budgets of every run of a preset's code (#18): the memory that values hold over the whole
// process, the wall time of one run, a caller's clock that stops a run (and is told apart from a
// preset error), string literals held to the string limit, and the size of a preset's source.
// Each stops the run with the file:line it had reached and leaves the interpreter usable.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>

#include "gamecode/shim.h"

using gctest::Interp;

namespace {

// Builds 1 MiB strings in a loop, each kept in a variable of its own: every value is under the
// 1 MiB string limit, but together they would take all the memory there is (a preset that did
// this asked for about 50 GB and the engine died with SIGABRT).
const char *kHoarder = "set s \"xxxxxxxxxxxxxxxx\";\n"
                       "set i 0;\n"
                       "do while < #i 15:\n"
                       "  set s join #s #s;\n"
                       "  inc i;\n"
                       "loop;\n"
                       "set i 0;\n"
                       "do while true:\n"
                       "  set v#i join #s #i;\n"
                       "  inc i;\n"
                       "loop;\n";

struct Deadline {
  std::atomic<int> asked{0};
  int stop_after = 0; // stop at the ask with this number
  std::string where;
};

bool deadline_passed(void *ctx, const char *file, int line) {
  Deadline *d = static_cast<Deadline *>(ctx);
  if (++d->asked < d->stop_after) return false;
  d->where = std::string(file) + ":" + std::to_string(line);
  return true;
}

} // namespace

TEST(GcLimits, HoardedValuesStopAtTheMemoryLimitWithTheirLine) {
  Interp in;
  GcLimits l = gc_default_limits();
  l.max_memory = (size_t)64 << 20; // the default is 512 MiB; the same code, sooner
  gc_set_limits(in.gc, &l);
  EXPECT_EQ(in.run(kHoarder, "hoard.gc"),
            "ERROR hoard.gc:9: memory limit exceeded: the preset's values hold over 64 MiB");
  EXPECT_LT(gc_memory_held(), (size_t)72 << 20);
}

TEST(GcLimits, MemoryHeldIsGivenBackWhenTheValuesGo) {
  size_t before = gc_memory_held();
  {
    Interp in;
    // 8 MiB in sixteen strings (the count moves to the shared total a quarter megabyte at a time)
    ASSERT_EQ(in.run("set s \"xxxxxxxxxxxxxxxx\";\nset i 0;\ndo while < #i 15:\n  set s join #s #s;\n  inc i;\nloop;\n"
                     "set i 0;\ndo while < #i 16:\n  set v#i join #s #i;\n  inc i;\nloop;\n"),
              "");
    EXPECT_GT(gc_memory_held(), before + ((size_t)7 << 20));
  }
  EXPECT_LT(gc_memory_held(), before + ((size_t)1 << 20));
}

TEST(GcLimits, ASlowRunStopsAtItsTimeLimit) {
  Interp in;
  GcLimits l = gc_default_limits();
  l.max_steps = 2000000000L; // the step limit would stop it much later
  l.max_millis = 100;
  gc_set_limits(in.gc, &l);
  auto start = std::chrono::steady_clock::now();
  std::string out = in.run("set i 0;\ndo while true:\n  inc i;\nloop;\n", "slow.gc");
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(out.substr(0, 40), "ERROR slow.gc:2: time limit exceeded (10");
  EXPECT_LT(seconds, 30.0); // a hang guard, not a timing: the limit is 0.1 s
  EXPECT_FALSE(gc_interrupted(in.gc));
  EXPECT_EQ(in.run("set j 5;"), ""); // the next run has its own time
}

TEST(GcLimits, TheCallersClockStopsARunAndIsNoPresetError) {
  Interp in;
  Deadline d;
  d.stop_after = 3;
  gc_set_interrupt(in.gc, deadline_passed, &d);
  std::string out = in.run("set i 0;\ndo while true:\n  inc i;\nloop;\n", "loop.gc");
  EXPECT_EQ(out, "ERROR loop.gc:2: stopped: the caller's time ran out");
  EXPECT_TRUE(gc_interrupted(in.gc));
  EXPECT_EQ(d.where, "loop.gc:2");
  EXPECT_EQ(d.asked, 3);
  // A run that ends on its own never asks (the clock is read from the 1024th step on).
  gc_set_interrupt(in.gc, deadline_passed, &d);
  d.asked = 0;
  d.stop_after = 1;
  EXPECT_EQ(in.run("set j 5;"), "");
  EXPECT_EQ(d.asked, 0);
  EXPECT_FALSE(gc_interrupted(in.gc));
}

TEST(GcLimits, AMoveStoppedByTheClockSaysSoInItsVerdict) {
  GcInterp *gc = gc_new();
  GcError err;
  const char *preset = "Game: T\nFiles: a b c\nRanks: 1 2 3\nFEN: k2/3/2K\n[Post-Move 1]\nset i 0;\n"
                       "do while < #i 100000:\n  inc i;\nloop;\n";
  ASSERT_EQ(gc_load_preset_text(gc, preset, "t.preset", &err), GC_OK) << err.message;
  ASSERT_EQ(gc_start(gc, &err), GC_OK) << err.message;
  Deadline d;
  d.stop_after = 2;
  gc_set_interrupt(gc, deadline_passed, &d);
  GcVerdict v;
  EXPECT_EQ(gc_play(gc, "K c1-b1", &v), GC_PRESET_ERROR);
  EXPECT_TRUE(v.stopped);
  EXPECT_EQ(std::string(v.file) + ":" + std::to_string(v.line), "t.preset:9"); // in the loop
  gc_set_interrupt(gc, nullptr, nullptr); // without the clock the same move is legal
  EXPECT_EQ(gc_play(gc, "K c1-b1", &v), GC_LEGAL) << v.message;
  EXPECT_FALSE(v.stopped);
  gc_free(gc);
}

TEST(GcLimits, AStringLiteralOverTheStringLimitIsRefusedAtItsLine) {
  Interp in;
  GcLimits l = gc_default_limits();
  l.max_string = 1000;
  gc_set_limits(in.gc, &l);
  EXPECT_EQ(in.run("set a 1;\nset b \"" + std::string(1001, 'y') + "\";\n", "lit.gc"),
            "ERROR lit.gc:2: string literal of 1001 bytes over the limit of 1000");
  EXPECT_EQ(in.run("set b \"" + std::string(1000, 'y') + "\";\n", "lit.gc"), "");
}

TEST(GcLimits, APresetOverEightMebibytesIsRefusedAtItsFirstLine) {
  GcInterp *gc = gc_new();
  GcError err;
  std::string text = "Game: Big\nFiles: a b c\nRanks: 1 2 3\nFEN: k2/3/2K\n[Pre-Game]\n";
  while (text.size() <= (size_t)8 << 20) text += "set x 1;\n";
  EXPECT_EQ(gc_load_preset_text(gc, text.c_str(), "big.preset", &err), GC_ERROR);
  EXPECT_EQ(std::string(err.file) + ":" + std::to_string(err.line), "big.preset:1");
  EXPECT_NE(std::string(err.message).find("over the limit of 8 MiB"), std::string::npos) << err.message;
  gc_free(gc);
}
