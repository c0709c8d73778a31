/* Reading and writing moves in human notations, for any rule set.  Reading is the skeleton
 * method of seed 002 (Bell & Jacobi 1977): the text is turned into a partial description of a
 * move (piece, from file/rank, destination, capture, promotion, drop, castling side, check
 * marks) and matched against the legal moves.  One match is the move; several are narrowed by
 * the check and mate marks; still several is an ambiguity listing every candidate; none is an
 * error naming the nearest legal moves (and, when a move of that description exists but leaves
 * the king attacked, saying so).  Writing picks the shortest form that reads back uniquely. */
#ifndef HERALD_NOTATION_NOTATION_H
#define HERALD_NOTATION_NOTATION_H

#include <stdbool.h>

#include "rules/position.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum NtStyle {
  NT_COORD,       /* e2e4, e7e8q, P@e4, a10a9, e1g1, pass */
  NT_LAN,         /* e2-e4, Ng1-f3, Nb1xc3, e7-e8=Q, O-O */
  NT_SAN,         /* e4, Nf3, Nbd7, exd5, e8=Q, O-O, P@e4, +/# marks */
  NT_GC,          /* Game Courier: P e2-e4, P e7-e8; Q-e8, P*e4, K e1-g1 (also read: K e1-g1; R h1-f1) */
  NT_DESCRIPTIVE, /* English descriptive: P-K4, PxP e.p., N/3-B4, QN-B3, P-K8(Q), O-O */
  NT_CASEFREE,    /* the paper's case-free algebraic: E4, EF6E, N3F4, 000 */
  NT_STYLE_COUNT
} NtStyle;

typedef enum NtStatus { NT_OK, NT_AMBIGUOUS, NT_NO_MATCH, NT_SYNTAX } NtStatus;

enum { NT_MAX_CANDIDATES = 16, NT_MESSAGE_LEN = 320, NT_TEXT_LEN = 64 };

typedef struct NtResult {
  NtStatus status;
  Move move;           /* the move when status is NT_OK */
  int candidate_count; /* ambiguous: the candidates; no match: nearest moves */
  Move candidates[NT_MAX_CANDIDATES];
  bool would_leave_check;       /* a move so described exists but is not legal */
  char message[NT_MESSAGE_LEN]; /* why, in words, when status is not NT_OK */
} NtResult;

const char *nt_style_name(NtStyle style);
/* "coord", "lan", "san", "gc", "descriptive", "casefree"; -1 when unknown. */
int nt_style_from_name(const char *name);

/* Reads text as a move of the side to move in p.  p is left as it was. */
NtStatus nt_read(Position *p, NtStyle style, const char *text, NtResult *result);
/* Writes the legal move m in the style.  False (with "?" written) when m is not legal or the
 * style cannot express it (descriptive needs 8 files). */
bool nt_write(Position *p, NtStyle style, Move m, char *out, int outlen);

#ifdef __cplusplus
}
#endif
#endif
