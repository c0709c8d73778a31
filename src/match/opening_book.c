/* Opening books: the files herald-match's --openings reads, in three formats.  Lines (one FEN or
 * coordinate move list a line, mt_opening_parse), EPD (a position a line, its operations
 * ignored: notation/epd.c reads it) and PGN (each game's FEN tag and main line in SAN:
 * notation/pgn.c reads it).  Every opening is set up and played on the rules while the book is
 * read, so that a bad one stops the match before it starts, named by line or game, rather than
 * being lost by whichever engine had it. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "match/match.h"
#include "notation/epd.h"
#include "notation/pgn.h"

MtBookFormat mt_book_format_of_path(const char *path) {
  const char *dot = strrchr(path, '.');
  if (dot && !strchr(dot, '/')) {
    if (!strcasecmp(dot, ".epd")) return MT_BOOK_EPD;
    if (!strcasecmp(dot, ".pgn")) return MT_BOOK_PGN;
  }
  return MT_BOOK_LINES;
}

bool mt_book_format_from_name(const char *name, MtBookFormat *format) {
  static const char *const names[] = {"lines", "epd", "pgn"};
  for (int f = 0; f < 3; f++)
    if (!strcmp(name, names[f])) {
      *format = (MtBookFormat)f;
      return true;
    }
  return false;
}

/* The openings read so far, growing by doubling. */
typedef struct Book {
  MtOpening *list;
  int count, cap;
} Book;

/* A new opening at the end of the book, cleared; NULL when memory runs out. */
static MtOpening *add(Book *b) {
  if (b->count == b->cap) {
    int cap = b->cap ? 2 * b->cap : 64;
    MtOpening *bigger = cap > b->cap ? realloc(b->list, (size_t)cap * sizeof *bigger) : NULL;
    if (!bigger) return NULL;
    b->list = bigger, b->cap = cap;
  }
  MtOpening *o = &b->list[b->count++];
  memset(o, 0, sizeof *o);
  return o;
}

/* An EPD line's position as an opening of no moves: false with why when the line is no
 * position (fewer than four fields), its position is refused or the game is over in it. */
static bool epd_opening(const Rules *r, const char *line, MtOpening *opening, char *why, int whylen) {
  Position p = {0};
  NtEpd epd;
  char err[160], reason[64];
  int got = nt_epd_read(line, r, &p, &epd, err, sizeof err);
  bool ok = got > 0;
  if (got == 0) snprintf(why, whylen, "not an EPD position (fewer than four fields)");
  if (got < 0) snprintf(why, whylen, "bad FEN: %s", err);
  if (ok && pos_game_result(&p, reason, sizeof reason) != RESULT_NONE) {
    snprintf(why, whylen, "the position ends the game (%s)", reason);
    ok = false;
  }
  if (ok) snprintf(opening->fen, sizeof opening->fen, "%s", epd.fen);
  pos_free(&p);
  return ok;
}

/* The books of one position or move list a line.  Blank lines and lines starting with '#' are
 * skipped; in the lines format, so is anything after a ';' (EPD operations after a FEN). */
static bool read_lines(const Rules *r, const char *name, const char *text, size_t len, MtBookFormat format,
                       int max_plies, Book *b, char *err, int errlen) {
  char *copy = malloc(len + 1);
  if (!copy) {
    snprintf(err, errlen, "%.80s: out of memory", name);
    return false;
  }
  memcpy(copy, text, len);
  copy[len] = 0;
  bool ok = true;
  int lineno = 0;
  for (char *line = copy, *next; ok && line < copy + len; line = next) {
    lineno++;
    char *end = memchr(line, '\n', (size_t)(copy + len - line));
    next = end ? end + 1 : copy + len;
    if (end) *end = 0;
    if (format == MT_BOOK_LINES) line[strcspn(line, ";")] = 0;
    line[strcspn(line, "\r")] = 0;
    while (*line == ' ' || *line == '\t') line++;
    if (!*line || line[0] == '#') continue;
    MtOpening *o = add(b);
    char why[NT_MESSAGE_LEN];
    if (!o) {
      snprintf(err, errlen, "%.80s: out of memory", name);
      ok = false;
    } else if (format == MT_BOOK_EPD ? !epd_opening(r, line, o, why, sizeof why)
                                     : !mt_opening_parse_cut(r, line, max_plies, o, why, sizeof why)) {
      snprintf(err, errlen, "%.80s:%d: %s", name, lineno, why);
      ok = false;
    }
  }
  free(copy);
  return ok;
}

/* One game of a PGN book as an opening: its FEN tag's position (the rules' start without one)
 * and its main line's first max_plies plies.  False with why. */
static bool pgn_opening(const Rules *r, const NtPgnGame *g, int max_plies, MtOpening *opening, char *why, int whylen) {
  const char *fen = nt_pgn_tag(g, "FEN");
  if (!fen) fen = r->start_fen;
  while (isspace((unsigned char)*fen)) fen++;
  if (strlen(fen) >= sizeof opening->fen) {
    snprintf(why, whylen, "FEN longer than %d characters", (int)sizeof opening->fen - 1);
    return false;
  }
  snprintf(opening->fen, sizeof opening->fen, "%s", fen);
  NtPgnGame cut = *g; /* the moves past the limit are not read: only its count changes */
  if (max_plies >= 0 && cut.move_count > max_plies) cut.move_count = max_plies;
  if (cut.move_count > MT_MAX_OPENING_PLIES) {
    snprintf(why, whylen, "more than %d plies (a ply limit cuts it)", MT_MAX_OPENING_PLIES);
    return false;
  }
  Position p = {0};
  char err[160], reason[64];
  bool ok = pos_set_fen(&p, r, opening->fen, err, sizeof err);
  if (!ok) snprintf(why, whylen, "bad FEN: %s", err);
  NtResult res;
  int bad_ply = -1;
  if (ok) opening->ply_count = nt_pgn_play(&cut, &p, opening->moves, MT_MAX_OPENING_PLIES, &bad_ply, &res);
  if (ok && bad_ply >= 0) {
    snprintf(why, whylen, "illegal or unknown move '%s' (ply %d): %s", cut.moves[bad_ply], bad_ply + 1, res.message);
    ok = false;
  }
  if (ok && pos_game_result(&p, reason, sizeof reason) != RESULT_NONE) {
    snprintf(why, whylen, "the opening ends the game (%s)", reason);
    ok = false;
  }
  pos_free(&p);
  return ok;
}

/* The games of a PGN book, one opening each; a game the PGN reader refuses, or whose moves do
 * not play, stops the reading with the game's number. */
static bool read_pgn(const Rules *r, const char *name, const char *text, size_t len, int max_plies, Book *b, char *err,
                     int errlen) {
  size_t offset = 0;
  int line = 1;
  for (int number = 1;; number++) {
    NtPgnGame g;
    char why[NT_MESSAGE_LEN + 80];
    int got = nt_pgn_next(text, len, &offset, &line, &g, why, sizeof why);
    MtOpening *o = got > 0 ? add(b) : NULL;
    bool ok = got == 0 || (o && pgn_opening(r, &g, max_plies, o, why, sizeof why));
    if (got > 0 && !o) snprintf(why, sizeof why, "out of memory");
    if (!ok && got < 0) snprintf(err, errlen, "%.80s: game %d: %s", name, number, why);
    if (!ok && got > 0) snprintf(err, errlen, "%.80s: game %d (line %d): %s", name, number, g.line, why);
    nt_pgn_game_free(&g);
    if (!ok) return false;
    if (got == 0) return true;
  }
}

MtOpening *mt_book_read(const Rules *r, const char *name, const char *text, size_t len, MtBookFormat format,
                        int max_plies, int *count, char *err, int errlen) {
  Book b = {0};
  bool ok = format == MT_BOOK_PGN ? read_pgn(r, name, text, len, max_plies, &b, err, errlen)
                                  : read_lines(r, name, text, len, format, max_plies, &b, err, errlen);
  if (ok && !b.count) {
    snprintf(err, errlen, "%.80s: no openings", name);
    ok = false;
  }
  if (!ok) {
    free(b.list);
    return NULL;
  }
  *count = b.count;
  return b.list;
}
