/* libFuzzer target for pos_set_fen: the first byte picks the rules, the rest is the FEN.
 * Whatever parses must round-trip through both FEN forms with the same key, and every legal
 * move must make and unmake back to the same key. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_rules.h"
#include "rules/position.h"

static const char *names[] = {"chess", "shogi", "xiangqi", "crazyhouse", "grand", "minishogi", "chess960", "3check"};
enum { RULE_SETS = sizeof names / sizeof names[0] };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char err[RULES_ERR_LEN];
  if (size < 1 || size > 600) return 0;
  const Rules *r = fuzz_rules(names, RULE_SETS, data[0]);
  char fen[601];
  fuzz_text(fen, data + 1, size - 1);
  Position p = {0}, q = {0};
  if (!pos_set_fen(&p, r, fen, err, sizeof err)) {
    if (!err[0]) abort(); /* every failure says why */
    pos_free(&p);
    return 0;
  }
  char out[2048], compact[2048];
  pos_get_fen(&p, out, sizeof out);
  if (!pos_set_fen(&q, r, out, err, sizeof err) || q.key != p.key) abort();
  pos_get_compact(&p, compact, sizeof compact);
  static MoveList list;
  pos_legal_moves(&p, &list);
  for (int i = 0; i < list.count; i++) {
    uint64_t key = p.key;
    pos_make(&p, list.moves[i]);
    if (p.key != pos_compute_key(&p)) abort();
    pos_unmake(&p);
    if (p.key != key) abort();
  }
  pos_free(&p);
  pos_free(&q);
  return 0;
}
