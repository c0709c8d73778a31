/* The EPD line reader: four FEN fields, then operations.  An operation is an opcode and its
 * operands up to a ';' (or the end of the line); an operand is a word or a "quoted string",
 * which may hold blanks and ';'.  Only bm, am, id and c0 are kept; the others are skipped.
 * Opening books written as EPD often keep the FEN's move counters after the four fields: an
 * opcode starts with a letter, so numbers there can only be the counters, and they are kept. */
#include "notation/epd.h"

#include <stdio.h>
#include <string.h>

#include "notation/notation.h"

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* The next operand at *at, copied into out (cap bytes, cut to fit, quotes removed); false at
 * the end of the operation (a ';' or the end of the line).  *at moves past the operand. */
static bool next_operand(const char **at, char *out, int cap) {
  const char *s = *at;
  while (blank(*s)) s++;
  if (!*s || *s == ';') {
    *at = s;
    return false;
  }
  int n = 0;
  if (*s == '"') {
    for (s++; *s && *s != '"'; s++)
      if (n < cap - 1) out[n++] = *s;
    if (*s == '"') s++;
  } else {
    for (; *s && !blank(*s) && *s != ';'; s++)
      if (n < cap - 1) out[n++] = *s;
  }
  out[n] = 0;
  *at = s;
  return true;
}

/* The length of the word at s when it is a number of at most 6 digits (a move counter), else 0. */
static int counter_length(const char *s) {
  int n = 0;
  while (s[n] >= '0' && s[n] <= '9') n++;
  return n && n <= 6 && (!s[n] || blank(s[n]) || s[n] == ';') ? n : 0;
}

/* A move in coordinate form first ("g3g6"), then SAN ("Qg6"); MOVE_NONE when neither reads. */
static Move read_move(Position *p, const char *text) {
  Move m = pos_parse_move(p, text);
  NtResult read;
  if (m == MOVE_NONE && nt_read(p, NT_SAN, text, &read) == NT_OK) m = read.move;
  return m;
}

int nt_epd_read(const char *line, const Rules *rules, Position *p, NtEpd *epd, char *err, int errlen) {
  memset(epd, 0, sizeof *epd);
  const char *at = line;
  enum { COUNTERS = 14 }; /* room for two counters of counter_length and their blanks */
  int n = 0;
  bool shogi_style = false;
  for (int field = 0; field < 4; field++) {
    while (blank(*at)) at++;
    const char *start = at;
    while (*at && !blank(*at)) at++;
    int len = (int)(at - start);
    if (!len) return 0;
    if (n + len + 1 >= NT_EPD_FEN - COUNTERS) {
      snprintf(err, errlen, "EPD position longer than %d characters", NT_EPD_FEN - COUNTERS - 1);
      return -1;
    }
    /* A FEN that goes from the side to move straight to its counters (Shogi-style, which
     * pos_set_fen reads) has them among its four fields. */
    if (field == 2) shogi_style = *start >= '0' && *start <= '9';
    memcpy(epd->fen + n, start, (size_t)len);
    n += len;
    epd->fen[n++] = ' ';
  }
  if (shogi_style)
    epd->fen[n - 1] = 0;
  else {
    /* The half-move clock, then the move number, when the line gives them; "0 1" otherwise. */
    const char *clock = "0", *number = "1";
    int clock_len = 1, number_len = 1, len;
    while (blank(*at)) at++;
    if ((len = counter_length(at)) > 0) {
      clock = at, clock_len = len, at += len;
      while (blank(*at)) at++;
      if ((len = counter_length(at)) > 0) number = at, number_len = len, at += len;
    }
    snprintf(epd->fen + n, NT_EPD_FEN - n, "%.*s %.*s", clock_len, clock, number_len, number);
  }
  if (!pos_set_fen(p, rules, epd->fen, err, errlen)) return -1;
  for (;;) {
    char opcode[16], operand[NT_EPD_TEXT];
    if (!next_operand(&at, opcode, sizeof opcode)) {
      if (!*at) break;
      at++; /* an empty operation: ";;" */
      continue;
    }
    bool best = !strcmp(opcode, "bm"), avoid = !strcmp(opcode, "am");
    char *text = !strcmp(opcode, "id") ? epd->id : !strcmp(opcode, "c0") ? epd->comment : NULL;
    for (int k = 0; next_operand(&at, operand, sizeof operand); k++) {
      if (best && epd->best_count < NT_EPD_MOVES) epd->best[epd->best_count++] = read_move(p, operand);
      if (avoid && epd->avoid_count < NT_EPD_MOVES) epd->avoid[epd->avoid_count++] = read_move(p, operand);
      if (text && k == 0) snprintf(text, NT_EPD_TEXT, "%s", operand);
    }
  }
  return 1;
}
