/* libFuzzer target for herald-match's openings: one line (mt_opening_parse) or a whole book in
 * the lines, EPD or PGN format (mt_book_read).  The first byte picks the rules (its value modulo
 * the rule sets) and the reader (its value divided by them, modulo 4: 0 one line, 1 lines,
 * 2 EPD, 3 PGN); a book's second byte is its ply limit (255: none, else the byte modulo 70, past
 * the 64 plies an opening holds), the rest is the text.  An opening read must replay legally
 * from its FEN within the limit and leave a game that is not over; every failure says why. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "match/match.h"
#include "fuzz_rules.h"

static const char *names[] = {"chess", "shogi", "xiangqi", "crazyhouse", "grand"};
enum { RULE_SETS = sizeof names / sizeof names[0], READERS = 4 };

static void check_opening(const Rules *r, const MtOpening *opening, int max_plies) {
  char err[RULES_ERR_LEN], reason[64];
  if (opening->ply_count < 0 || opening->ply_count > MT_MAX_OPENING_PLIES) abort();
  if (max_plies >= 0 && opening->ply_count > max_plies) abort();
  if (!memchr(opening->fen, 0, sizeof opening->fen)) abort();
  Position p = {0};
  if (!pos_set_fen(&p, r, opening->fen, err, sizeof err)) abort();
  for (int i = 0; i < opening->ply_count; i++) {
    if (!pos_is_legal(&p, opening->moves[i])) abort();
    pos_make(&p, opening->moves[i]);
  }
  if (pos_game_result(&p, reason, sizeof reason) != RESULT_NONE) abort();
  pos_free(&p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char err[1024];
  if (size < 1 || size > 4096) return 0;
  const Rules *r = fuzz_rules(names, RULE_SETS, data[0]);
  int reader = data[0] / RULE_SETS % READERS;
  err[0] = 0;
  if (reader == 0) {
    static MtOpening opening;
    char line[4096];
    fuzz_text(line, data + 1, size - 1);
    if (!mt_opening_parse(r, line, &opening, err, sizeof err)) {
      if (!err[0]) abort();
      return 0;
    }
    check_opening(r, &opening, -1);
    return 0;
  }
  if (size < 2) return 0;
  int max_plies = data[1] == 255 ? -1 : data[1] % 70, count = -1;
  static const MtBookFormat formats[READERS] = {MT_BOOK_LINES, MT_BOOK_LINES, MT_BOOK_EPD, MT_BOOK_PGN};
  /* The text as it is, NUL bytes and all, without a NUL after it: the reader takes a length. */
  char *text = malloc(size - 2 ? size - 2 : 1);
  if (!text) return 0;
  memcpy(text, data + 2, size - 2);
  MtOpening *book = mt_book_read(r, "fuzz", text, size - 2, formats[reader], max_plies, &count, err, sizeof err);
  if (!book) {
    if (!err[0] || strncmp(err, "fuzz", 4)) abort(); /* every refusal names the book */
  } else {
    if (count < 1) abort();
    for (int i = 0; i < count; i++) check_opening(r, &book[i], max_plies);
  }
  free(book);
  free(text);
  return 0;
}
