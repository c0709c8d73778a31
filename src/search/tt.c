#include "search/tt.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "platform/memory.h"

struct TTEntry {
  _Atomic uint64_t check; /* key ^ data */
  _Atomic uint64_t data;
};

/* data: move's low 24 bits | score + 32768 (16) | depth - TT_DEPTH_MIN (8) | bound (2) | age (6)
 * | move's high 8 bits (a castling index past 31: rules/move.h).  MOVE_NONE is all ones. */
static inline uint64_t pack(Move move, int score, int depth, int bound, int age) {
  return (uint64_t)(move & 0xFFFFFFu) | (uint64_t)(uint16_t)(score + 32768) << 24 |
         (uint64_t)(uint8_t)(depth - TT_DEPTH_MIN) << 40 | (uint64_t)(bound & 3) << 48 | (uint64_t)(age & 63) << 50 |
         (uint64_t)(move >> 24) << 56;
}
static inline Move data_move(uint64_t d) { return (Move)(d & 0xFFFFFFu) | (Move)(d >> 56) << 24; }
static inline int data_score(uint64_t d) { return (int)((d >> 24) & 0xFFFF) - 32768; }
static inline int data_depth(uint64_t d) { return (int)((d >> 40) & 0xFF) + TT_DEPTH_MIN; }
static inline int data_bound(uint64_t d) { return (int)((d >> 48) & 3); }
static inline int data_age(uint64_t d) { return (int)((d >> 50) & 63); }

bool srch_tt_init(TTable *tt, size_t mb) {
  /* A table beyond half the machine's memory would only be swapped (or killed) while cleared. */
  uint64_t physical = plat_physical_memory();
  if (physical && mb > physical / 2 / (1024 * 1024)) {
    tt->entries = NULL;
    tt->buckets = 0;
    return false;
  }
  size_t bytes = mb * 1024 * 1024, bucket = TT_BUCKET * sizeof(TTEntry);
  size_t buckets = bytes / bucket;
  if (buckets < 1) buckets = 1;
  /* The system's fresh pages are an empty table, had at once however large (platform/memory.h). */
  void *memory = plat_pages_alloc(buckets * bucket);
  if (!memory) {
    tt->entries = NULL;
    tt->buckets = 0;
    return false;
  }
  tt->entries = memory;
  tt->buckets = buckets;
  tt->age = 0;
  tt->faulted = false; /* the system's fresh pages: had at once, faulted in when first touched */
  return true;
}

void srch_tt_free(TTable *tt) {
  if (tt->entries) plat_pages_free((void *)tt->entries, tt->buckets * TT_BUCKET * sizeof(TTEntry));
  tt->entries = NULL;
  tt->buckets = 0;
}

static size_t table_bytes(const TTable *tt) { return tt->buckets * TT_BUCKET * sizeof(TTEntry); }

void srch_tt_prefault(TTable *tt) {
  /* Plain stores are fine here: no search runs while the table is written. */
  if (tt->faulted || !tt->entries || table_bytes(tt) > TT_PREFAULT_MAX) return;
  memset((void *)tt->entries, 0, table_bytes(tt));
  tt->faulted = true;
}

void srch_tt_clear(TTable *tt) {
  tt->age = 0;
  tt->faulted = false;
  if (table_bytes(tt) <= TT_PREFAULT_MAX)
    srch_tt_prefault(tt); /* written through: the pages stay the table's */
  else
    plat_pages_zero((void *)tt->entries, table_bytes(tt));
}

void srch_tt_new_search(TTable *tt) { tt->age = (uint8_t)((tt->age + 1) & 63); }

_Static_assert(sizeof(TTEntry) == TT_ENTRY_BYTES, "srch_tt_prefetch (tt.h) reckons with 16-byte entries");

static inline TTEntry *bucket_of(const TTable *tt, uint64_t key) {
  return tt->entries + srch_tt_bucket_index(tt, key) * TT_BUCKET;
}

bool srch_tt_probe(const TTable *tt, uint64_t key, TTHit *hit) {
  TTEntry *b = bucket_of(tt, key);
  for (int i = 0; i < TT_BUCKET; i++) {
    uint64_t data = atomic_load_explicit(&b[i].data, memory_order_relaxed);
    uint64_t check = atomic_load_explicit(&b[i].check, memory_order_relaxed);
    if ((check ^ data) != key || data == 0) continue;
    hit->move = data_move(data);
    hit->score = data_score(data);
    hit->depth = data_depth(data);
    hit->bound = data_bound(data);
    return true;
  }
  return false;
}

void srch_tt_store(TTable *tt, uint64_t key, Move move, int score, int depth, int bound) {
  TTEntry *b = bucket_of(tt, key);
  TTEntry *victim = NULL;
  int worst = 1 << 30;
  for (int i = 0; i < TT_BUCKET; i++) {
    uint64_t data = atomic_load_explicit(&b[i].data, memory_order_relaxed);
    uint64_t check = atomic_load_explicit(&b[i].check, memory_order_relaxed);
    if (data == 0 || (check ^ data) == key) {
      /* Same position: keep the old move when the new result has none, and a deeper result
       * of this search unless the new one is exact. */
      if (data && (check ^ data) == key) {
        if (move == MOVE_NONE) move = data_move(data);
        if (bound != TT_BOUND_EXACT && data_age(data) == tt->age && data_depth(data) > depth + 2) return;
      }
      victim = &b[i];
      break;
    }
    int age_distance = (tt->age - data_age(data)) & 63;
    int worth = data_depth(data) - 8 * age_distance;
    if (worth < worst) worst = worth, victim = &b[i];
  }
  if (depth < TT_DEPTH_MIN) depth = TT_DEPTH_MIN;
  if (depth > 255 + TT_DEPTH_MIN) depth = 255 + TT_DEPTH_MIN;
  uint64_t data = pack(move, score, depth, bound, tt->age);
  atomic_store_explicit(&victim->check, key ^ data, memory_order_relaxed);
  atomic_store_explicit(&victim->data, data, memory_order_relaxed);
}

int srch_tt_hashfull(const TTable *tt) {
  size_t sample = tt->buckets < 250 ? tt->buckets : 250;
  int used = 0, total = 0;
  for (size_t i = 0; i < sample; i++)
    for (int j = 0; j < TT_BUCKET; j++) {
      uint64_t data = atomic_load_explicit(&tt->entries[i * TT_BUCKET + j].data, memory_order_relaxed);
      used += data && data_age(data) == tt->age;
      total++;
    }
  return total ? used * 1000 / total : 0;
}
