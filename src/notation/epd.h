/* EPD lines (Extended Position Description): a FEN's first four fields, then operations
 * "opcode operand ...;" such as bm (best moves), am (moves to avoid), id and c0 (comments).
 * Moves are read in coordinate form or SAN (the notation module's reader); the test-suite
 * runner `herald epd` and the epd fuzz target read lines through here. */
#ifndef HERALD_NOTATION_EPD_H
#define HERALD_NOTATION_EPD_H

#include <stdbool.h>

#include "rules/position.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { NT_EPD_MOVES = 8, NT_EPD_TEXT = 64, NT_EPD_FEN = 256 };

typedef struct NtEpd {
  char fen[NT_EPD_FEN];     /* the four fields, then the move counters that follow them on the
                               line ("0 12 bm ...": half-move clock, move number), else "0 1" */
  Move best[NT_EPD_MOVES];  /* bm: MOVE_NONE for a move that does not read */
  int best_count;           /* bm moves past NT_EPD_MOVES are left out */
  Move avoid[NT_EPD_MOVES]; /* am, as bm */
  int avoid_count;
  char id[NT_EPD_TEXT];      /* id's operand, quotes removed, cut to fit; "" when none */
  char comment[NT_EPD_TEXT]; /* c0's, the same */
} NtEpd;

/* Reads one EPD line under rules: p (zeroed or used before; free it with pos_free) gets the
 * position, epd its fields and operations.  1: read; 0: no position on the line (fewer than
 * four fields, e.g. a blank line); -1: the position is refused, with the reason in err. */
int nt_epd_read(const char *line, const Rules *rules, Position *p, NtEpd *epd, char *err, int errlen);

#ifdef __cplusplus
}
#endif
#endif
