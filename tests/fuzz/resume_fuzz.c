/* libFuzzer target for mt_pgn_played (herald-match --resume reading the PGN of an earlier run):
 * whatever it takes is a set of games of the match, each numbered within it, in its shard,
 * once, with a result; every refusal says why and hands back nothing. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/match.h"
#include "rules/reference_rules.h"

static Rules chess;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int ready;
  char err[256];
  if (!ready) {
    if (!reference_rules(&chess, "chess", err, sizeof err)) abort();
    ready = 1;
  }
  if (size > 4000) return 0;
  MtMatchConfig c;
  mt_match_config_init(&c);
  c.rules = &chess;
  snprintf(c.engines[0].name, sizeof c.engines[0].name, "%s", "net");
  snprintf(c.engines[1].name, sizeof c.engines[1].name, "%s", "classical");
  c.games = 12;
  c.shard_count = 2;
  c.shard_index = 1;
  MtPlayedGame *games = NULL;
  int count = -1;
  err[0] = 0;
  if (mt_pgn_played(&c, (const char *)data, size, &games, &count, err, sizeof err)) {
    bool seen[12] = {false};
    if (count < 0 || count > 12 || (count == 0) != (games == NULL)) abort();
    for (int i = 0; i < count; i++) {
      int index = games[i].index;
      if (index < 0 || index >= 12 || seen[index] || (index / 2) % 2 != 1) abort();
      if (games[i].points2 < 0 || games[i].points2 > 2) abort();
      seen[index] = true;
    }
  } else if (!err[0] || games || count != 0) {
    abort();
  }
  free(games);
  return 0;
}
