// The two chess presets and Herald's built-in chess agree: every move of random legal games,
// written in Game Courier notation, is accepted by the preset's referee.
#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <string>

#include "gamecode/shim.h"

extern "C" {
#include "notation/notation.h"
#include "rules/reference_rules.h"
#include "rules/position.h"
}

namespace {

std::string RefereeRandomGames(const char *preset, int games, int plies, uint64_t seed) {
  auto rules =
      std::unique_ptr<Rules, void (*)(Rules *)>(static_cast<Rules *>(std::calloc(1, sizeof(Rules))), [](Rules *r) {
        rules_free(r);
        std::free(r);
      });
  char err[RULES_ERR_LEN];
  if (!reference_rules(rules.get(), "chess", err, sizeof err)) return err;
  auto list = std::make_unique<MoveList>();
  for (int g = 0; g < games; g++) {
    GcInterp *gc = gc_new();
    GcError gerr{};
    if (gc_load_preset_file(gc, preset, "presets/include", &gerr) != 0 || gc_start(gc, &gerr) != 0) {
      gc_free(gc);
      return std::string(gerr.file) + ":" + std::to_string(gerr.line) + ": " + gerr.message;
    }
    Position pos{};
    pos_set_fen(&pos, rules.get(), "startpos", err, sizeof err);
    std::string failure;
    for (int ply = 0; ply < plies && failure.empty(); ply++) {
      pos_legal_moves(&pos, list.get());
      if (!list->count) break;
      seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
      Move m = list->moves[seed % list->count];
      char text[NT_TEXT_LEN];
      nt_write(&pos, NT_GC, m, text, sizeof text);
      GcVerdict v{};
      if (gc_play(gc, text, &v) != GC_LEGAL) {
        char fen[600];
        pos_get_fen(&pos, fen, sizeof fen);
        failure = std::string(text) + " in " + fen + ": " + v.message;
      }
      pos_make(&pos, m);
      if (v.result != GC_RESULT_NONE) break;
    }
    pos_free(&pos);
    gc_free(gc);
    if (!failure.empty()) return failure;
  }
  return "";
}

TEST(GcAgreement, SeedZeroPresetAcceptsRandomChessGames) {
  EXPECT_EQ(RefereeRandomGames("presets/chess-tutorial.preset", 12, 200, 11), "");
}

TEST(GcAgreement, SeedOnePresetAcceptsRandomChessGames) {
  EXPECT_EQ(RefereeRandomGames("presets/chess-2004.preset", 12, 200, 12), "");
}

} // namespace
