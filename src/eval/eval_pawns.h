/* The classical evaluation's terms of the pawn-like pieces alone (piece-square, doubled, passed,
 * isolated, connected, and where they attack), for boards of 64 squares at most, kept per thread
 * by where those pieces stand: they change in few of the moves a search makes, and counting them
 * again for every evaluation was about a fifth of it in chess.  What a cached entry holds is
 * exactly what ev_classic would count, so that the evaluation does not change. */
#ifndef HERALD_EVAL_EVAL_PAWNS_H
#define HERALD_EVAL_EVAL_PAWNS_H

#include <stdbool.h>
#include <stdint.h>

#include "eval/eval.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { EV_PAWN_TYPES = 2 }; /* pawn-like types an entry can tell apart; more: no cache */

typedef struct EvalPawns {
  /* Which position of which tables: the serial of the EvalTables, then per pawn-like type (in
   * type order) where White's and Black's stand. */
  uint64_t serial;
  uint64_t where[EV_PAWN_TYPES][2];
  /* White's minus Black's: the pawn-like pieces' piece-square sums, their passed bonus (end
   * game, and the middle game's thirds), a further one of a type on a file. */
  int psq_mg, psq_eg, passed_mg, passed_eg, doubled;
  /* Per colour: pawn-like pieces with none of their own on a file beside, connected ones (a
   * count of those beside or just behind), and the squares its pawn-like pieces attack once and
   * twice or more (no square is attacked three times: else the entry is not made). */
  int isolated[2], connected[2];
  uint64_t attacked_once[2], attacked_twice[2];
} EvalPawns;

/* The pawn-like terms of p, from the calling thread's cache or counted now; NULL where they are
 * not kept (a board of more than 64 squares, more than EV_PAWN_TYPES pawn-like types, a square
 * attacked three times by one side's pawn-like pieces, no memory): the caller counts them. */
const EvalPawns *ev_pawns(const EvalTables *e, const Position *p);

/* Frees the calling thread's cache (it is also freed when the thread ends). */
void ev_pawns_thread_release(void);

#ifdef __cplusplus
}
#endif
#endif
