/* libFuzzer target for the EPD line reader (nt_epd_read) under a built-in rule set picked by
 * the first byte.  A line is read, skipped or refused with a message; what is read holds at
 * most NT_EPD_MOVES moves a list, each legal or MOVE_NONE, strings within their buffers, and
 * the position its fen says, untouched by the reading of the moves. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_rules.h"
#include "notation/epd.h"

enum { RULE_SETS = 4 };
static const char *const names[RULE_SETS] = {"chess", "crazyhouse", "shogi", "capablanca"};

static void check_moves(Position *p, const Move *moves, int count) {
  if (count < 0 || count > NT_EPD_MOVES) abort();
  for (int i = 0; i < count; i++)
    if (moves[i] != MOVE_NONE && !pos_is_legal(p, moves[i])) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1 || size > 2000) return 0;
  const Rules *r = fuzz_rules(names, RULE_SETS, data[0]);
  char line[2001];
  fuzz_text(line, data + 1, size - 1);
  Position p = {0}, again = {0};
  NtEpd epd;
  char err[RULES_ERR_LEN] = "";
  int got = nt_epd_read(line, r, &p, &epd, err, sizeof err);
  if (got < -1 || got > 1 || (got < 0 && !err[0])) abort();
  if (got == 1) {
    if (!memchr(epd.fen, 0, sizeof epd.fen) || !memchr(epd.id, 0, sizeof epd.id) ||
        !memchr(epd.comment, 0, sizeof epd.comment))
      abort();
    check_moves(&p, epd.best, epd.best_count);
    check_moves(&p, epd.avoid, epd.avoid_count);
    char read[1024], fresh[1024];
    if (!pos_set_fen(&again, r, epd.fen, err, sizeof err)) abort();
    pos_get_fen(&p, read, sizeof read);
    pos_get_fen(&again, fresh, sizeof fresh);
    if (strcmp(read, fresh)) abort();
  }
  pos_free(&again);
  pos_free(&p);
  return 0;
}
