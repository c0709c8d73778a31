/* Compact game records.  The 16-bit move of seed 002 section 4 (2-bit flag, 6-bit from, 2-bit
 * promotion, 6-bit to) for 8x8 chess; for any rule set the legal-move-index code (a move is its
 * place in the ordered legal-move list, range-coded over the list's size, so a forced move costs
 * nothing and a choice among n costs log2 n bits); and an archive of games, zlib-compressed. */
#ifndef HERALD_NOTATION_RECORDS_H
#define HERALD_NOTATION_RECORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "notation/pgn.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { NT_MOVE16_NORMAL, NT_MOVE16_PROMOTION, NT_MOVE16_EN_PASSANT, NT_MOVE16_CASTLING };

/* The 16-bit move of the legal move m: false when the board is not 8x8 or m has no such code
 * (drops, passes, promotion to other than N B R Q). */
bool nt_move16_encode(const Position *p, Move m, uint16_t *code);
/* The legal move with that code, or MOVE_NONE. */
Move nt_move16_decode(Position *p, uint16_t code);

/* Section 4's "superpacked" four octal digits: from and to as rank digit then file digit (a1 =
 * 00, e2 = 14, h8 = 77), a promotion writing the new piece's number (N 2, B 3, R 4, Q 5) in place
 * of the destination rank.  8x8 only; out needs 5 bytes. */
bool nt_move_octal(const Position *p, Move m, char *out);
/* The legal move so written, or MOVE_NONE. */
Move nt_parse_octal(Position *p, const char *text);

/* Legal-move-index code of count moves played from p (p is left as it was).  Returns the bytes
 * written to out, or 0 when a move is not legal or cap is too small. */
size_t nt_index_encode(Position *p, const Move *moves, int count, uint8_t *out, size_t cap);
/* Decodes count moves from in; returns count, or -1 when the code is not a game from p. */
int nt_index_decode(Position *p, const uint8_t *in, size_t len, int count, Move *moves);

typedef struct NtArchiveGame {
  char rules[32];
  char *fen; /* NULL: the rules' start position */
  char result[8];
  NtPgnGame tags; /* tags only */
  int ply_count;
  Move *moves;
} NtArchiveGame;

typedef struct NtArchive {
  NtArchiveGame *games;
  int count, cap;
} NtArchive;

/* Finds the rules called name (the archive stores rule sets by name), or NULL. */
typedef const Rules *(*NtRulesLookup)(const char *name, void *context);

/* Adds a game to an archive in memory (copies everything).  The moves must be legal from fen
 * (NULL or "startpos" for the start position); false with a message otherwise.  A NULL or
 * empty result is kept as "*"; a Result tag among tags is set to the result. */
bool nt_archive_add(NtArchive *a, const Rules *rules, const char *fen, const NtPgnGame *tags, const Move *moves,
                    int count, const char *result, char *err, int errlen);
void nt_archive_free(NtArchive *a);
/* Serialises: "HRDA", version 1, raw size, zlib stream of the games with their index codes.
 * Returns a malloc'd buffer (its size in *len), or NULL. */
uint8_t *nt_archive_save(const NtArchive *a, NtRulesLookup lookup, void *context, size_t *len, char *err, int errlen);
/* Parses what nt_archive_save wrote, decoding every move against its rules.  Anything else is
 * refused with a message; max_raw bounds the decompressed size. */
bool nt_archive_load(NtArchive *a, const uint8_t *data, size_t len, size_t max_raw, NtRulesLookup lookup, void *context,
                     char *err, int errlen);

/* Told of each game nt_archive_import leaves out: its number in the text (from 1) and why. */
typedef void (*NtImportSkipped)(int number, const char *why, void *context);

/* Reads every game of a PGN text (len bytes) into a: its rules are those its Variant tag names
 * (lookup; "chess" when it has none), its start its FEN tag's, its result its movetext's (the
 * Result tag's when the movetext ends without one).  A game that does not read, set up or play
 * is left out and told to skipped (may be NULL).  Returns the games added. */
int nt_archive_import(NtArchive *a, const char *text, size_t len, NtRulesLookup lookup, void *context,
                      NtImportSkipped skipped, void *skipped_context);
/* Writes every game of a as PGN: its tags, its moves in SAN, a blank line after each.  Returns
 * a malloc'd string, or NULL with a message (rules that lookup does not know, no memory). */
char *nt_archive_export(const NtArchive *a, NtRulesLookup lookup, void *context, char *err, int errlen);

#ifdef __cplusplus
}
#endif
#endif
