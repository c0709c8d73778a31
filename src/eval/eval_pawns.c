/* eval_pawns.h: the pawn-like terms, counted as eval.c's features() counts them, and a cache of
 * them per thread (a thread's searches evaluate one position at a time). */
#include "eval/eval_pawns.h"

#include <pthread.h>
#include <stdlib.h>

enum { CACHE_ENTRIES = 1 << 13 }; /* 8,192 entries of 112 bytes: 0.9 MB per thread */

typedef struct PawnCache {
  EvalPawns entries[CACHE_ENTRIES];
} PawnCache;

static pthread_key_t cache_key;
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;

static void cache_key_init(void) { pthread_key_create(&cache_key, free); }

void ev_pawns_thread_release(void) {
  pthread_once(&cache_once, cache_key_init);
  free(pthread_getspecific(cache_key));
  pthread_setspecific(cache_key, NULL);
}

/* The calling thread's cache; NULL when out of memory.  Fresh entries have serial 0, which no
 * EvalTables has. */
static PawnCache *thread_cache(void) {
  pthread_once(&cache_once, cache_key_init);
  PawnCache *c = pthread_getspecific(cache_key);
  if (c) return c;
  c = calloc(1, sizeof *c);
  if (c && pthread_setspecific(cache_key, c)) {
    free(c);
    return NULL;
  }
  return c;
}

/* Counts an entry for where[] into x (whose key is set); false when a square is attacked three
 * times by one side (the two square sets cannot tell the count). */
static bool count_pawns(const EvalTables *e, EvalPawns *x) {
  int types = e->pawn_type_count;
  uint64_t pawn_like[2] = {0, 0}, files[2] = {0, 0};
  for (int i = 0; i < types; i++)
    for (int c = 0; c < 2; c++) pawn_like[c] |= x->where[i][c];
  x->psq_mg = x->psq_eg = x->passed_mg = x->passed_eg = x->doubled = 0;
  for (int c = 0; c < 2; c++) {
    int sign = c == WHITE ? 1 : -1;
    for (int i = 0; i < types; i++) {
      int t = e->pawn_types[i];
      uint32_t on_file = 0;
      for (uint64_t bits = x->where[i][c]; bits; bits &= bits - 1) {
        int sq = __builtin_ctzll(bits), file = e->file_of[sq];
        x->psq_mg += sign * e->psq_mg[t][c][sq];
        x->psq_eg += sign * e->psq_eg[t][c][sq];
        if (on_file >> file & 1) x->doubled += sign;
        on_file |= 1u << file;
        files[c] |= 1ull << file;
        if (e->passed_eg[t][c][sq] && !(e->passed_ahead[c][sq].w[0] & pawn_like[c ^ 1])) {
          x->passed_eg += sign * e->passed_eg[t][c][sq];
          x->passed_mg += sign * (e->passed_eg[t][c][sq] / 3);
        }
      }
    }
  }
  for (int c = 0; c < 2; c++) {
    int isolated = 0, connected = 0;
    uint64_t once = 0, twice = 0, thrice = 0;
    for (int i = 0; i < types; i++) {
      int t = e->pawn_types[i];
      for (uint64_t bits = x->where[i][c]; bits; bits &= bits - 1) {
        int sq = __builtin_ctzll(bits), file = e->file_of[sq];
        if (!(files[c] & (5ull << file) >> 1))
          isolated++;
        else
          connected += (e->pawn_support[c][sq].w[0] & pawn_like[c]) != 0;
        /* Each capture of the piece is one attack, as features() counts a threat per capture. */
        const Bits *attacks = ev_pawn_attack_set(e, t, c, sq);
        if (attacks) { /* captures onto distinct squares, as one set */
          uint64_t set = attacks->w[0];
          thrice |= twice & set;
          twice |= once & set;
          once |= set;
          continue;
        }
        for (int k = 0; k < e->pawn_capture_count[t]; k++) {
          int to = ev_pawn_capture_square(e, t, c, sq, k);
          if (to < 0) continue;
          uint64_t bit = 1ull << to;
          thrice |= twice & bit;
          twice |= once & bit;
          once |= bit;
        }
      }
    }
    if (thrice) return false;
    x->isolated[c] = isolated;
    x->connected[c] = connected;
    x->attacked_once[c] = once;
    x->attacked_twice[c] = twice;
  }
  return true;
}

const EvalPawns *ev_pawns(const EvalTables *e, const Position *p) {
  if (e->words != 1 || e->pawn_type_count > EV_PAWN_TYPES) return NULL;
  PawnCache *cache = thread_cache();
  if (!cache) return NULL;
  uint64_t where[EV_PAWN_TYPES][2] = {{0, 0}, {0, 0}}, hash = e->serial * 0x9E3779B97F4A7C15ull;
  for (int i = 0; i < e->pawn_type_count; i++)
    for (int c = 0; c < 2; c++) {
      where[i][c] = p->by_piece[c][e->pawn_types[i]][0];
      hash = (hash ^ where[i][c]) * 0xFF51AFD7ED558CCDull;
    }
  EvalPawns *x = &cache->entries[(hash >> 40) & (CACHE_ENTRIES - 1)];
  bool same = x->serial == e->serial;
  for (int i = 0; i < EV_PAWN_TYPES && same; i++) same = x->where[i][0] == where[i][0] && x->where[i][1] == where[i][1];
  if (same) return x;
  x->serial = 0; /* unusable until counted */
  for (int i = 0; i < EV_PAWN_TYPES; i++) x->where[i][0] = where[i][0], x->where[i][1] = where[i][1];
  if (!count_pawns(e, x)) return NULL;
  x->serial = e->serial;
  return x;
}
