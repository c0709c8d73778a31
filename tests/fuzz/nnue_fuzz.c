/* libFuzzer target for net files (src/eval/nnue.h): the first byte picks the rules, the second
 * the reader's input: the bytes that follow as a whole file, or a valid net of those rules with
 * the bytes that follow written over it (an offset of two bytes, then a byte, in turn), so that
 * the fuzzer reaches past the header.  A refusal says why; a net that loads evaluates, and its
 * kept accumulators give what a refresh gives. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "eval/nnue.h"
#include "fuzz_rules.h"

static const char *names[] = {"chess", "shogi", "xiangqi", "crazyhouse", "capablanca"};
enum { RULE_SETS = sizeof names / sizeof names[0] };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 2 || size > 65536) return 0;
  const Rules *r = fuzz_rules(names, RULE_SETS, data[0]);
  unsigned char *bytes;
  size_t len;
  if (data[1] & 1) {
    NnueNet *valid = nn_create(r, 16);
    if (!valid) abort();
    for (int i = 0; i < 16; i++) valid->out_weights[i] = (int16_t)(i - 8);
    bytes = nn_format(valid, &len);
    nn_free(valid);
    if (!bytes) abort();
    for (size_t i = 2; i + 2 < size; i += 3) bytes[(data[i] | (size_t)data[i + 1] << 8) % len] = data[i + 2];
  } else {
    len = size - 2;
    bytes = malloc(len ? len : 1);
    if (!bytes) abort();
    memcpy(bytes, data + 2, len);
  }
  char err[512] = "";
  NnueNet *net = nn_parse(r, bytes, len, "fuzz", err, sizeof err);
  char game[64];
  bool named = nn_bytes_game(bytes, len, game, sizeof game);
  if (net) {
    if (!named || strcmp(game, r->name)) abort();
    Position p = {0};
    if (!pos_set_fen(&p, r, "startpos", err, sizeof err)) abort();
    int fresh = nn_evaluate_scratch(net, &p);
    if (fresh < -10000 || fresh > 10000 || nn_evaluate(net, &p) != fresh) abort();
    pos_free(&p);
    nn_free(net);
    nn_thread_release();
  } else if (!err[0]) {
    abort();
  }
  free(bytes);
  return 0;
}
