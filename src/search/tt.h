/* The transposition table shared by all search threads.  Each entry is two 64-bit words,
 * stored as (key ^ data, data): a torn write by another thread makes the check fail instead
 * of returning another position's data, so no lock is needed.  Entries live in buckets of
 * four (one cache line); replacement prefers the same key, then the entry of the oldest
 * search and lowest depth. */
#ifndef HERALD_SEARCH_TT_H
#define HERALD_SEARCH_TT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/move.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { TT_BOUND_NONE = 0, TT_BOUND_UPPER = 1, TT_BOUND_LOWER = 2, TT_BOUND_EXACT = 3 };
enum { TT_BUCKET = 4, TT_DEPTH_MIN = -8 };

typedef struct TTEntry TTEntry; /* two atomic words, defined in tt.c (C++ tests include this) */

typedef struct TTable {
  TTEntry *entries;
  size_t buckets;
  uint8_t age;
  bool faulted; /* every page of the table has been written: a probe takes no page fault */
} TTable;

/* What a probe returns. */
typedef struct TTHit {
  Move move; /* MOVE_NONE when the entry had none */
  int score; /* as stored: callers adjust mate scores by ply */
  int depth;
  int bound;
} TTHit;

/* Sizes the table to at most mb megabytes (at least one bucket); false if out of memory or if
 * mb is more than half the machine's memory. */
bool srch_tt_init(TTable *tt, size_t mb);
void srch_tt_free(TTable *tt);
/* Empties the table; one of TT_PREFAULT_MAX bytes at most is written through, so that it stays
 * faulted in. */
void srch_tt_clear(TTable *tt);
/* Writes a table not yet faulted in (TT_PREFAULT_MAX bytes at most) through as zero, so that
 * the next search's probes take no page faults: left to them, the first search of a game paid
 * for its pages on its own clock (64 MB on huge pages: 100-150 ms, most of it before depth 4).
 * A larger table faults in as it is used: 64 GB written through took half a minute. */
void srch_tt_prefault(TTable *tt);
enum { TT_PREFAULT_MAX = 1 << 30 };
/* Marks the start of a new search: older entries become preferred victims. */
void srch_tt_new_search(TTable *tt);
bool srch_tt_probe(const TTable *tt, uint64_t key, TTHit *hit);
/* Asks the processor to fetch the bucket of key ahead of its probe (a hint: nothing changes).
 * The search asks it as soon as a move is made, so that the child's probe, a miss of every
 * cache in a table of any size, overlaps the parent's check and pruning work; the same prefetch
 * inside pos_do_move, which static exchanges call too, had been measured slower. */
enum { TT_ENTRY_BYTES = 16 };
/* The index of key's bucket: the key's high bits scaled to the table, so any size serves. */
static inline size_t srch_tt_bucket_index(const TTable *tt, uint64_t key) {
  return (size_t)(((unsigned __int128)key * tt->buckets) >> 64);
}
static inline void srch_tt_prefetch(const TTable *tt, uint64_t key) {
  __builtin_prefetch((const char *)tt->entries + srch_tt_bucket_index(tt, key) * TT_BUCKET * TT_ENTRY_BYTES);
}
void srch_tt_store(TTable *tt, uint64_t key, Move move, int score, int depth, int bound);
/* Permille of sampled entries written by the current search. */
int srch_tt_hashfull(const TTable *tt);

#ifdef __cplusplus
}
#endif
#endif
