/* Openings read from a file: FENs and move lists, played on the rules before any game starts
 * so that a bad line is reported at once rather than as a lost game. */
#include <stdio.h>
#include <string.h>

#include "match/match.h"

static const char *skip_spaces(const char *s) {
  while (*s == ' ' || *s == '\t') s++;
  return s;
}

static size_t word_length(const char *s) { return strcspn(s, " \t"); }

static bool is_word(const char *s, const char *word) {
  size_t n = strlen(word);
  return !strncmp(s, word, n) && (s[n] == 0 || s[n] == ' ' || s[n] == '\t');
}

/* Where the word "moves" starts in s, or NULL. */
static const char *find_moves_word(const char *s) {
  for (const char *w = strstr(s, "moves"); w; w = strstr(w + 1, "moves"))
    if ((w == s || w[-1] == ' ' || w[-1] == '\t') && is_word(w, "moves")) return w;
  return NULL;
}

/* Fills opening->fen with the start position the line names and returns the text of its moves.
 * A FEN is told from a move by its board field, whose ranks are split by '/'. */
static const char *start_position(const Rules *r, const char *line, MtOpening *opening, char *err, int errlen) {
  const char *s = skip_spaces(line);
  size_t first = word_length(s);
  if (memchr(s, '/', first)) {
    const char *moves = find_moves_word(s);
    size_t len = moves ? (size_t)(moves - s) : strlen(s);
    while (len && (s[len - 1] == ' ' || s[len - 1] == '\t')) len--;
    if (len >= sizeof opening->fen) {
      snprintf(err, errlen, "FEN longer than %d characters", (int)sizeof opening->fen - 1);
      return NULL;
    }
    memcpy(opening->fen, s, len);
    opening->fen[len] = 0;
    s = moves ? moves : s + strlen(s);
  } else {
    snprintf(opening->fen, sizeof opening->fen, "%s", r->start_fen);
    if (is_word(s, "startpos")) s = skip_spaces(s + 8);
  }
  if (is_word(s, "moves")) s += 5;
  return s;
}

/* Plays the coordinate moves of text from p into opening, up to max_plies of them (all when
 * negative): words split by blanks, a turn of several parts one word of them joined by commas
 * ("e2e4,d2d4"). */
static bool play_moves(Position *p, const char *text, int max_plies, MtOpening *opening, char *err, int errlen) {
  for (const char *s = skip_spaces(text); *s; s = skip_spaces(s + word_length(s))) {
    for (const char *part = s, *end = s + word_length(s); part < end;) {
      if (opening->ply_count == max_plies) return true;
      int len = (int)strcspn(part, ", \t");
      char word[64];
      snprintf(word, sizeof word, "%.*s", len < 63 ? len : 63, part);
      if (opening->ply_count == MT_MAX_OPENING_PLIES) {
        snprintf(err, errlen, "more than %d plies", MT_MAX_OPENING_PLIES);
        return false;
      }
      Move m = len && len < 63 ? pos_parse_move(p, word) : MOVE_NONE;
      if (m == MOVE_NONE) {
        snprintf(err, errlen, "illegal or unknown move '%s' (ply %d)", word, opening->ply_count + 1);
        return false;
      }
      opening->moves[opening->ply_count++] = m;
      pos_make(p, m);
      part += len + (part[len] == ',');
    }
  }
  return true;
}

bool mt_opening_parse(const Rules *r, const char *line, MtOpening *opening, char *err, int errlen) {
  return mt_opening_parse_cut(r, line, -1, opening, err, errlen);
}

bool mt_opening_parse_cut(const Rules *r, const char *line, int max_plies, MtOpening *opening, char *err, int errlen) {
  memset(opening, 0, sizeof *opening);
  const char *moves = start_position(r, line, opening, err, errlen);
  if (!moves) return false;
  Position p = {0}; /* pos_set_fen keeps the history buffer it finds */
  char why[128], reason[64];
  bool ok = pos_set_fen(&p, r, opening->fen, why, sizeof why);
  if (!ok) snprintf(err, errlen, "bad FEN: %s", why);
  ok = ok && play_moves(&p, moves, max_plies, opening, err, errlen);
  if (ok && pos_game_result(&p, reason, sizeof reason) != RESULT_NONE) {
    snprintf(err, errlen, "the opening ends the game (%s)", reason);
    ok = false;
  }
  pos_free(&p);
  return ok;
}
