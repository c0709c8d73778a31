/* Shared between the notation files: the skeleton (a partial move description), the legal
 * moves of a position with their facts, and the matcher. */
#ifndef HERALD_NOTATION_NT_INTERNAL_H
#define HERALD_NOTATION_NT_INTERNAL_H

#include <stdint.h>

#include "notation/notation.h"

enum { NT_ANY = -1 };
enum { NT_PROMO_ANY = -1, NT_PROMO_NONE = -2, NT_PROMO_PLUS = -3 };
enum { NT_CASTLE_NONE, NT_CASTLE_SHORT, NT_CASTLE_LONG };
enum { NT_MARK_NONE, NT_MARK_CHECK, NT_MARK_MATE };
enum { NT_MAX_ALTS = 8 };

/* The fields a text gives; NT_ANY / zero masks for what it leaves out.  The masks are over
 * file and rank indices (bit i = file i), so descriptive's "B4" (c4 or f4) is one skeleton. */
typedef struct NtSkeleton {
  int group; /* alternatives are tried group by group, lowest first */
  int piece; /* type index of the mover (the dropped type for drops) */
  uint32_t from_files, from_ranks, to_files, to_ranks;
  int capture;  /* NT_ANY, 0 (must not capture), 1 (must capture) */
  int captured; /* type taken, or NT_ANY */
  uint32_t captured_files, captured_ranks;
  int promo; /* NT_PROMO_* or the type promoted to */
  bool drop, ep, pass;
  int castle; /* NT_CASTLE_* */
  int marks;  /* NT_MARK_* */
} NtSkeleton;

typedef struct NtFacts {
  int piece, from, to, kind, promo, captured, victim, castle;
} NtFacts;

/* The legal moves of a position and their facts, computed once per position. */
typedef struct NtMoves {
  Position *p;
  MoveList list;
  NtFacts facts[MAX_MOVES];
} NtMoves;

NtMoves *nt_moves_new(Position *p);
void nt_moves_free(NtMoves *mv);
int nt_moves_find(const NtMoves *mv, Move m);

void nt_skeleton_init(NtSkeleton *s);
/* Resolves the alternatives against the legal moves as the header of notation.h says.  With
 * quiet, no nearest moves nor explanation are computed (used by the writers). */
NtStatus nt_resolve(NtMoves *mv, const NtSkeleton *alts, int count, bool quiet, NtResult *result);
NtStatus nt_syntax(NtResult *result, const char *fmt, ...);

/* Parsers: fill alternatives, return their count, or -1 with result set to NT_SYNTAX. */
int nt_parse_algebraic(const Position *p, const char *text, bool case_free, NtSkeleton *alts, NtResult *result);
int nt_parse_gc(const Position *p, const char *text, NtSkeleton *alts, NtResult *result);
int nt_parse_descriptive(const Position *p, const char *text, NtSkeleton *alts, NtResult *result);

/* Reads text with the legal moves already known. */
NtStatus nt_read_moves(NtMoves *mv, NtStyle style, const char *text, bool quiet, NtResult *result);
/* Writers given the legal moves; index is the move's place in mv->list. */
bool nt_write_algebraic(NtMoves *mv, NtStyle style, int index, char *out, int outlen);
bool nt_write_descriptive(NtMoves *mv, int index, char *out, int outlen);

/* The pawn of the rule set: the unpromoted type lettered P, or -1. */
int nt_pawn_type(const Rules *r);
/* A piece token at text ("N", "+P"): the type, or -1; *used gets its length.  With
 * any_case the letter may be lower case. */
int nt_piece_token(const Rules *r, const char *text, bool any_case, int *used);
/* Writes the piece token of type t ("N", "+P") into out (at least 3 bytes). */
void nt_piece_letters(const Rules *r, int t, char *out);
/* The check mark a move earns: NT_MARK_NONE, CHECK or MATE. */
int nt_move_marks(Position *p, Move m);
/* True when some legal move has the same from and to as index and promotes, while it does
 * not (an optional promotion declined). */
bool nt_promotion_declined(const NtMoves *mv, int index);

#endif
