// Starting from another position (gc_start_from) with a preset whose Pre-Game hard-codes the
// Kings' squares (seed 001: `set K e1; set k e8`): the variables follow the Kings of the FEN,
// or the FEN is refused with a reason, never judged from squares the Kings are not on.
#include <gtest/gtest.h>

#include <string>

#include "gamecode/gamecode.h"
#include "gamecode/shim.h"

namespace {

std::string var(GcInterp *gc, const char *name) {
  const GcValue *v = gc_get_var(gc, name);
  return v ? gctest::show(*v) : "undefined";
}

} // namespace

TEST(GcStartFrom, HardCodedKingSquaresFollowTheFen) {
  GcInterp *gc = gc_new();
  GcError err;
  ASSERT_EQ(gc_load_preset_file(gc, "presets/chess-2004.preset", "presets/include", &err), GC_OK) << err.message;
  // perft position 3: the White King on a5, the Black King on h4
  ASSERT_EQ(gc_start_from(gc, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 1, &err), GC_OK) << err.message;
  EXPECT_EQ(var(gc, "K"), "a5");
  EXPECT_EQ(var(gc, "k"), "h4");
  GcVerdict v;
  // b5-b6 opens the fifth rank to the h5 Rook: judged from a5, not e1, it exposes the King
  EXPECT_EQ(gc_play(gc, "P b5-b6", &v), GC_ILLEGAL);
  EXPECT_EQ(gc_play(gc, "K a5-a6", &v), GC_LEGAL) << v.message;
  EXPECT_EQ(var(gc, "K"), "a6");
  ASSERT_EQ(gc_start(gc, &err), GC_OK); // the preset's own start is untouched
  EXPECT_EQ(var(gc, "K"), "e1");
  EXPECT_EQ(var(gc, "k"), "e8");
  gc_free(gc);
}

TEST(GcStartFrom, AFenWithTwoKingsOfOneSideIsRefused) {
  GcInterp *gc = gc_new();
  GcError err;
  ASSERT_EQ(gc_load_preset_file(gc, "presets/chess-2004.preset", "presets/include", &err), GC_OK) << err.message;
  EXPECT_EQ(gc_start_from(gc, "4k3/8/8/8/8/8/8/K6K w - - 0 1", 1, &err), GC_ERROR);
  EXPECT_STREQ(err.message,
               "Pre-Game set K to e1, where the position has no K, and the position has 2 of them: which one it "
               "means cannot be told");
  gc_free(gc);
}
