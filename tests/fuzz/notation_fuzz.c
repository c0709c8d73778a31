/* libFuzzer target for nt_read (every notation) and the paper's octal and 16-bit move codes:
 * byte 0 picks the rules, byte 1 the notation and a position (the start or one reached by a
 * few legal moves), the rest is the move text.  Whatever reads as a move must be legal, must
 * be written back and read again as itself. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "notation/notation.h"
#include "notation/records.h"
#include "fuzz_rules.h"

static const char *names[] = {"chess", "shogi", "xiangqi", "crazyhouse", "grand", "capablanca"};
enum { RULE_SETS = sizeof names / sizeof names[0] };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char err[RULES_ERR_LEN];
  if (size < 2 || size > 200) return 0;
  const Rules *r = fuzz_rules(names, RULE_SETS, data[0]);
  NtStyle style = (NtStyle)(data[1] % NT_STYLE_COUNT);
  char text[201];
  fuzz_text(text, data + 2, size - 2);
  Position p = {0};
  if (!pos_set_fen(&p, r, "startpos", err, sizeof err)) abort();
  static MoveList list;
  for (int i = 0; i < (data[1] / NT_STYLE_COUNT) % 8; i++) {
    pos_legal_moves(&p, &list);
    if (!list.count) break;
    pos_make(&p, list.moves[(i * 7 + data[0]) % list.count]);
  }
  NtResult res;
  NtStatus status = nt_read(&p, style, text, &res);
  if (status != NT_OK && !res.message[0]) abort(); /* every failure says why */
  if (status == NT_OK) {
    if (!pos_is_legal(&p, res.move)) abort();
    char out[NT_TEXT_LEN];
    if (style != NT_DESCRIPTIVE || r->geo.width == 8) {
      if (!nt_write(&p, style, res.move, out, sizeof out)) abort();
      NtResult again;
      if (nt_read(&p, style, out, &again) != NT_OK || again.move != res.move) abort();
    }
  }
  Move octal = nt_parse_octal(&p, text);
  if (octal != MOVE_NONE && !pos_is_legal(&p, octal)) abort();
  Move coded = nt_move16_decode(&p, (uint16_t)(data[2 % size] << 8 | data[size - 1]));
  if (coded != MOVE_NONE) {
    uint16_t code;
    if (!pos_is_legal(&p, coded) || !nt_move16_encode(&p, coded, &code)) abort();
    if (code != (uint16_t)(data[2 % size] << 8 | data[size - 1])) abort();
  }
  pos_free(&p);
  return 0;
}
