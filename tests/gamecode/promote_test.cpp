// askpromote (seed 000; herald-rules' promotion sub): a pawn move into the zone written without
// a choice is refused with the choices and the square, so that the player or the engine
// chooses; the move written with its choice ("P a7-a8; Q-a8", as br_move_text writes it) is
// played; a wrong choice gets the preset's own message.
#include <gtest/gtest.h>

#include <string>

#include "gamecode/gamecode.h"

namespace {

struct Preset {
  GcInterp *gc = gc_new();
  std::string failure;
  Preset(const char *path, const char *fen) {
    GcError err;
    if (gc_load_preset_file(gc, path, "presets/include", &err) != GC_OK || gc_start_from(gc, fen, 1, &err) != GC_OK)
      failure = std::string(err.file) + ":" + std::to_string(err.line) + ": " + err.message;
  }
  ~Preset() { gc_free(gc); }
  Preset(const Preset &) = delete;
  Preset &operator=(const Preset &) = delete;
  // Plays a move and takes it back.
  GcVerdict try_move(const char *move) {
    GcState *here = gc_state_save(gc);
    GcVerdict v;
    gc_play(gc, move, &v);
    gc_state_restore(gc, here);
    gc_state_free(here);
    return v;
  }
};

const char *kFen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";

} // namespace

TEST(GcPromote, AskpromoteAnswersWithTheChoices) {
  for (const char *path : {"presets/chess.preset", "presets/chess-tutorial.preset"}) {
    Preset p(path, kFen);
    ASSERT_EQ(p.failure, "") << path;
    GcVerdict v = p.try_move("P a7-a8");
    EXPECT_EQ(v.status, GC_ILLEGAL) << path;
    EXPECT_STREQ(v.choices, "Q R B N") << path;
    EXPECT_STREQ(v.promote_square, "a8") << path;
    EXPECT_STREQ(v.message, "A promotion is required here: choose one of Q R B N") << path;
    EXPECT_STREQ(gc_space(p.gc, "a7"), "P"); // nothing was picked
    // The choices come back as the player would choose: each one, added as a part, is played.
    std::string choices = v.choices;
    for (size_t at = 0; at < choices.size(); at += 2) {
      std::string move = "P a7-a8; " + choices.substr(at, 1) + "-" + v.promote_square;
      GcVerdict chosen = p.try_move(move.c_str());
      EXPECT_EQ(chosen.status, GC_LEGAL) << path << " " << move << ": " << chosen.message;
      EXPECT_STREQ(chosen.choices, "");
    }
  }
}

TEST(GcPromote, WrongChoicesGetThePresetsMessage) {
  Preset chess("presets/chess.preset", kFen);
  ASSERT_EQ(chess.failure, "");
  GcVerdict v = chess.try_move("P a7-a8; K-a8");
  EXPECT_EQ(v.status, GC_ILLEGAL);
  EXPECT_STREQ(v.message, "A Pawn may not promote to K here; the choices are Q R B N");
  EXPECT_STREQ(v.choices, "");
  Preset tutorial("presets/chess-tutorial.preset", kFen);
  EXPECT_STREQ(tutorial.try_move("P a7-a8; K-a8").message, "Illegal Pawn promotion");
}

// The 2004 preset (seed 001) has no askpromote: its own die, and no choices offered.
TEST(GcPromote, PresetsWithoutAskpromoteKeepTheirOwnRefusal) {
  Preset p("presets/chess-2004.preset", kFen);
  ASSERT_EQ(p.failure, "");
  GcVerdict v = p.try_move("P a7-a8");
  EXPECT_STREQ(v.message, "You must promote a Pawn when it reaches your last rank.");
  EXPECT_STREQ(v.choices, "");
  EXPECT_EQ(p.try_move("P a7-a8; Q-a8").status, GC_LEGAL);
}
