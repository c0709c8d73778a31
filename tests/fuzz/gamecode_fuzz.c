/* libFuzzer target for the GAME Code parser, evaluator, preset loader and move reader.
 * To join `make fuzz`, it belongs at tests/fuzz/gamecode_fuzz.c with the seed corpus of
 * tests/gamecode/fuzz/corpus/ at tests/fuzz/corpus/gamecode/. By hand:
 *
 *   clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -D_GNU_SOURCE -Isrc \
 *       tests/gamecode/fuzz/gc_fuzz.c src/gamecode/(all .c files) -lm -o build/gc_fuzz
 *   build/gc_fuzz -max_total_time=60
 *
 * The first byte of the input picks the entry point; the rest is its text. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gamecode/gamecode.h"

static const char *const kMiniPreset =
    "Game: fuzz\n"
    "Files: a b c d\nRanks: 1 2 3 4\nFEN: rk2/pp2/PP2/RK2\n"
    "[Pre-Game]\n"
    "setsystem maxmove 2;\n"
    "def R checkride #0 #1 1 0; def r fn R #0 #1;\n"
    "def K checkleap #0 #1 1 0 or checkleap #0 #1 1 1; def k fn K #0 #1;\n"
    "def P checkaleap #0 #1 0 1; def p checkaleap #0 #1 0 -1;\n"
    "[Post-Move 1]\n"
    "if islower moved or isupper old: die No.; endif;\n"
    "if not fn moved origin dest: die Not a move of moved from origin to dest; endif;\n"
    "[Post-Move 2]\n"
    "if isupper moved or islower old: die No.; endif;\n"
    "if not fn moved origin dest: die Not a move of moved from origin to dest; endif;\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  char *text = malloc(size);
  if (!text) return 0;
  memcpy(text, data + 1, size - 1);
  text[size - 1] = 0;
  GcInterp *gc = gc_new();
  GcLimits limits = gc_default_limits();
  limits.max_steps = 100000;
  limits.max_depth = 50;
  limits.max_string = 1 << 16;
  limits.max_array = 1 << 12;
  gc_set_limits(gc, &limits);
  gc_set_include_dir(gc, "/nonexistent");
  GcError err;
  GcValue v;
  GcVerdict verdict;
  switch (data[0] % 4) {
  case 0: gc_run_code(gc, text, "fuzz.gc", &err); break;
  case 1:
    if (gc_eval_expr(gc, text, &v, &err) == GC_OK) gc_release(&v);
    break;
  case 2:
    if (gc_load_preset_text(gc, text, "fuzz.preset", &err) == GC_OK && gc_start(gc, &err) == GC_OK)
      gc_play(gc, "K b1-c2", &verdict);
    break;
  default:
    if (gc_load_preset_text(gc, kMiniPreset, "mini.preset", &err) == GC_OK && gc_start(gc, &err) == GC_OK)
      gc_referee_game(gc, text, &verdict);
    break;
  }
  gc_free(gc);
  free(text);
  return 0;
}
