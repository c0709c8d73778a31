/* libFuzzer target for Betza descriptions: whatever parses builds a piece that must generate,
 * make and unmake moves on a small board without fault. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules/position.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 64) return 0;
  char betza[65];
  memcpy(betza, data, size);
  betza[size] = 0;
  static Rules r;
  char err[RULES_ERR_LEN];
  if (!rules_init(&r, "fuzz", 8, 8, err, sizeof err)) abort();
  int king = rules_add_piece(&r, "King", 'K', "K", err, sizeof err);
  int piece = rules_add_piece(&r, "Fuzz", 'X', betza, err, sizeof err);
  if (piece < 0) {
    if (!err[0]) abort();
    return 0;
  }
  r.types[king].royal = true;
  r.types[piece].initial_zone = rules_add_zone(&r, "start", 0, 7, 0, 1);
  strcpy(r.start_fen, "4k3/2x5/8/3X4/8/8/1X6/4K3 w - - 0 1");
  if (!rules_finalize(&r, err, sizeof err)) {
    rules_free(&r);
    return 0;
  }
  Position p = {0};
  if (!pos_set_fen(&p, &r, "startpos", err, sizeof err)) abort();
  pos_perft(&p, 3);
  pos_free(&p);
  rules_free(&r);
  return 0;
}
