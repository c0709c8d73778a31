/* libFuzzer target for mt_opening_parse (herald-match --openings lines): the first byte picks
 * the rules, the rest is the line.  An opening that parses must replay legally from its FEN and
 * leave a game that is not over; every failure says why. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "match/match.h"
#include "fuzz_rules.h"

static const char *names[] = {"chess", "shogi", "xiangqi", "crazyhouse", "grand"};
enum { RULE_SETS = sizeof names / sizeof names[0] };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char err[RULES_ERR_LEN];
  if (size < 1 || size > 2048) return 0;
  const Rules *r = fuzz_rules(names, RULE_SETS, data[0]);
  char line[2048];
  fuzz_text(line, data + 1, size - 1);
  static MtOpening opening;
  err[0] = 0;
  if (!mt_opening_parse(r, line, &opening, err, sizeof err)) {
    if (!err[0]) abort();
    return 0;
  }
  if (opening.ply_count < 0 || opening.ply_count > MT_MAX_OPENING_PLIES) abort();
  Position p = {0};
  if (!pos_set_fen(&p, r, opening.fen, err, sizeof err)) abort();
  for (int i = 0; i < opening.ply_count; i++) {
    if (!pos_is_legal(&p, opening.moves[i])) abort();
    pos_make(&p, opening.moves[i]);
  }
  char reason[64];
  if (pos_game_result(&p, reason, sizeof reason) != RESULT_NONE) abort();
  pos_free(&p);
  return 0;
}
