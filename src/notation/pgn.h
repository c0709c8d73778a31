/* PGN: reading games (tags, move text, comments, NAGs, variations, results, Variant and FEN
 * tags) and writing them in SAN, with a comment after any move (engine evaluations). */
#ifndef HERALD_NOTATION_PGN_H
#define HERALD_NOTATION_PGN_H

#include <stdbool.h>
#include <stddef.h>

#include "notation/notation.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct NtPgnTag {
  char *name, *value;
} NtPgnTag;

typedef struct NtPgnGame {
  NtPgnTag *tags;
  int tag_count, tag_cap;
  char **moves;    /* move texts of the main line, as written */
  char **comments; /* comments[i]: the text of the {comments} after moves[i] in the main line
                      (several joined by a space), or NULL; a turn's comment is its last part's */
  int move_count, move_cap;
  char result[8]; /* "1-0", "0-1", "1/2-1/2", "*" or "" when the text gives none */
  int line;       /* line of the game's first token, from 1 */
} NtPgnGame;

/* Reads the next game of text (len bytes) from *offset.  1: a game was read; 0: only white
 * space or comments were left; -1: malformed (message in err, *offset moved past the bad part
 * so that reading can go on).  game is cleared first; free it with nt_pgn_game_free. */
int nt_pgn_next(const char *text, size_t len, size_t *offset, int *line, NtPgnGame *game, char *err, int errlen);
void nt_pgn_game_free(NtPgnGame *game);
/* The value of a tag, or NULL. */
const char *nt_pgn_tag(const NtPgnGame *game, const char *name);
bool nt_pgn_set_tag(NtPgnGame *game, const char *name, const char *value);
bool nt_pgn_add_move(NtPgnGame *game, const char *text);

/* Plays the game's moves (read as SAN, which also takes long algebraic and coordinate forms)
 * from p, which holds the start position.  Returns the plies played; when a move is bad,
 * *bad_ply gets its index (from 0) and result why; otherwise *bad_ply is -1.  Moves played are
 * stored in moves (up to cap). */
int nt_pgn_play(const NtPgnGame *game, Position *p, Move *moves, int cap, int *bad_ply, NtResult *result);

/* Writes a game: the tags of game (may be NULL; Seven Tag Roster filled in when missing), then
 * the moves from p's position in SAN, wrapped at 80 columns.  p is left as it was.  Returns a
 * malloc'd string, or NULL. */
/* The Seven Tag Roster's first four for a game a program played today: Event, Site "?", Date
 * (today, UTC), Round (round, from 1). */
bool nt_pgn_set_roster(NtPgnGame *tags, const char *event, int round);
char *nt_pgn_write(const NtPgnGame *tags, Position *p, const Move *moves, int count, const char *result);
/* The same with comments: comments[i] (NULL, or comments NULL: none) is written as {text} after
 * the turn holding moves[i]; a Black turn after a comment repeats its number ("1... e5"), as
 * the export format asks.  '}' in a comment is written as ')'. */
char *nt_pgn_write_annotated(const NtPgnGame *tags, Position *p, const Move *moves, const char *const *comments,
                             int count, const char *result);

#ifdef __cplusplus
}
#endif
#endif
