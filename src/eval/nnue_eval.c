/* NNUE inference: accumulators, kept per thread and brought up to date by what changed, and the
 * output layer.  Vectorised with AVX2 where the build targets it, plain C elsewhere.
 *
 * Why accumulators are found by diffing boards rather than updated in make/unmake: a move of a
 * preset may have side effects that only its referee decides (an oracle's captures, a piece
 * that changes), and make/unmake stays as fast as before for the classical evaluation.  Each
 * thread keeps, by ply, the accumulators of the positions it evaluated with a copy of their
 * board and hands; a new position starts from the one at its own ply, its parent's or its
 * grandparent's and changes only the features of the squares and hand counts that differ. */
#include "eval/nnue.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#ifdef __AVX2__
#include <immintrin.h>
#endif

enum {
  CACHE_PLIES = 256,  /* accumulators kept per thread, by ply modulo this */
  MOST_CHANGES = 12,  /* features changed, per perspective, beyond which a refresh is cheaper */
  SCORE_LIMIT = 10000 /* a net's score stays far from the search's mate scores */
};

typedef struct Entry {
  int ply;        /* -1: empty */
  int16_t *acc;   /* 2 x hidden: White's perspective, then Black's */
  uint8_t *board; /* squares */
  uint8_t hand[2][MAX_TYPES];
} Entry;

typedef struct Cache {
  uint64_t serial; /* of the net the entries belong to */
  int hidden, squares;
  Entry entries[CACHE_PLIES];
  int16_t *acc_pool;
  uint8_t *board_pool;
} Cache;

static pthread_key_t cache_key;
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;

static void cache_free(void *data) {
  Cache *c = data;
  if (!c) return;
  free(c->acc_pool);
  free(c->board_pool);
  free(c);
}
static void cache_key_init(void) { pthread_key_create(&cache_key, cache_free); }

void nn_thread_release(void) {
  pthread_once(&cache_once, cache_key_init);
  cache_free(pthread_getspecific(cache_key));
  pthread_setspecific(cache_key, NULL);
}

/* The calling thread's cache, made for net when it was another's; NULL when out of memory. */
static Cache *thread_cache(const NnueNet *net) {
  pthread_once(&cache_once, cache_key_init);
  Cache *c = pthread_getspecific(cache_key);
  if (c && c->serial == net->serial) return c;
  if (c && (c->hidden != net->hidden || c->squares != net->squares)) {
    nn_thread_release();
    c = NULL;
  }
  if (!c) {
    c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->acc_pool = malloc(sizeof(int16_t) * 2 * (size_t)net->hidden * CACHE_PLIES);
    c->board_pool = malloc((size_t)net->squares * CACHE_PLIES);
    if (!c->acc_pool || !c->board_pool || pthread_setspecific(cache_key, c)) {
      cache_free(c);
      return NULL;
    }
    c->hidden = net->hidden;
    c->squares = net->squares;
    for (int i = 0; i < CACHE_PLIES; i++) {
      c->entries[i].acc = c->acc_pool + (size_t)i * 2 * (size_t)net->hidden;
      c->entries[i].board = c->board_pool + (size_t)i * (size_t)net->squares;
    }
  }
  c->serial = net->serial;
  for (int i = 0; i < CACHE_PLIES; i++) c->entries[i].ply = -1;
  return c;
}

/* ---- vector kernels ---------------------------------------------------------------------- */

static inline void add_row(int16_t *acc, const int16_t *row, int n) {
#ifdef __AVX2__
  for (int i = 0; i < n; i += 16) {
    __m256i a = _mm256_loadu_si256((const __m256i *)(acc + i));
    __m256i w = _mm256_loadu_si256((const __m256i *)(row + i));
    _mm256_storeu_si256((__m256i *)(acc + i), _mm256_add_epi16(a, w));
  }
#else
  for (int i = 0; i < n; i++) acc[i] = (int16_t)(acc[i] + row[i]);
#endif
}

static inline void sub_row(int16_t *acc, const int16_t *row, int n) {
#ifdef __AVX2__
  for (int i = 0; i < n; i += 16) {
    __m256i a = _mm256_loadu_si256((const __m256i *)(acc + i));
    __m256i w = _mm256_loadu_si256((const __m256i *)(row + i));
    _mm256_storeu_si256((__m256i *)(acc + i), _mm256_sub_epi16(a, w));
  }
#else
  for (int i = 0; i < n; i++) acc[i] = (int16_t)(acc[i] - row[i]);
#endif
}

/* to = from less the rows of remove[], plus those of add[], in one pass: each chunk of the
 * accumulator is read and written once however many features changed (a move changes two to
 * four), and the parent's accumulator is not copied first. */
static inline void update_rows(int16_t *to, const int16_t *from, const int16_t *weights, const uint16_t *remove,
                               int removed, const uint16_t *add, int added, int n) {
#ifdef __AVX2__
  enum { BLOCK = 8 }; /* chunks of 16 held in registers at once: 128 hidden units */
  int i = 0;
  for (; i + 16 * BLOCK <= n; i += 16 * BLOCK) {
    __m256i a[BLOCK];
    for (int j = 0; j < BLOCK; j++) a[j] = _mm256_loadu_si256((const __m256i *)(from + i + 16 * j));
    for (int k = 0; k < removed; k++) {
      const int16_t *row = weights + (size_t)remove[k] * (size_t)n + i;
      for (int j = 0; j < BLOCK; j++)
        a[j] = _mm256_sub_epi16(a[j], _mm256_loadu_si256((const __m256i *)(row + 16 * j)));
    }
    for (int k = 0; k < added; k++) {
      const int16_t *row = weights + (size_t)add[k] * (size_t)n + i;
      for (int j = 0; j < BLOCK; j++)
        a[j] = _mm256_add_epi16(a[j], _mm256_loadu_si256((const __m256i *)(row + 16 * j)));
    }
    for (int j = 0; j < BLOCK; j++) _mm256_storeu_si256((__m256i *)(to + i + 16 * j), a[j]);
  }
  for (; i < n; i += 16) {
    __m256i a = _mm256_loadu_si256((const __m256i *)(from + i));
    for (int k = 0; k < removed; k++)
      a = _mm256_sub_epi16(a, _mm256_loadu_si256((const __m256i *)(weights + (size_t)remove[k] * (size_t)n + i)));
    for (int k = 0; k < added; k++)
      a = _mm256_add_epi16(a, _mm256_loadu_si256((const __m256i *)(weights + (size_t)add[k] * (size_t)n + i)));
    _mm256_storeu_si256((__m256i *)(to + i), a);
  }
#else
  if (to != from) memcpy(to, from, sizeof(int16_t) * (size_t)n);
  for (int k = 0; k < removed; k++) sub_row(to, weights + (size_t)remove[k] * (size_t)n, n);
  for (int k = 0; k < added; k++) add_row(to, weights + (size_t)add[k] * (size_t)n, n);
#endif
}

/* Sum over i of clip(acc[i], 0, QA)^2 * w[i]: with |w| <= 128 each clip * w fits 16 bits, and
 * the 32-bit lanes hold NN_MAX_HIDDEN / 16 pairs of products of at most 255 * 128 * 255. */
static inline int64_t screlu_dot(const int16_t *acc, const int16_t *w, int n) {
#ifdef __AVX2__
  const __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi16(NN_QA);
  __m256i sum = _mm256_setzero_si256();
  for (int i = 0; i < n; i += 16) {
    __m256i a = _mm256_loadu_si256((const __m256i *)(acc + i));
    a = _mm256_min_epi16(_mm256_max_epi16(a, zero), top);
    __m256i aw = _mm256_mullo_epi16(a, _mm256_loadu_si256((const __m256i *)(w + i)));
    sum = _mm256_add_epi32(sum, _mm256_madd_epi16(aw, a));
  }
  __m128i s = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
  return _mm_cvtsi128_si32(s);
#else
  int64_t sum = 0;
  for (int i = 0; i < n; i++) {
    int a = acc[i] < 0 ? 0 : acc[i] > NN_QA ? NN_QA : acc[i];
    sum += (int64_t)(int16_t)(a * w[i]) * a;
  }
  return sum;
#endif
}

/* ---- accumulators ------------------------------------------------------------------------ */

static void refresh(const NnueNet *net, const Position *p, int16_t *acc) {
  uint16_t features[GEO_MAX_SQUARES + 2 * MAX_TYPES * NN_HAND_SLOTS];
  int h = net->hidden;
  for (int c = 0; c < 2; c++) {
    int16_t *half = acc + c * h;
    memcpy(half, net->ft_bias, sizeof(int16_t) * (size_t)h);
    int n = nn_active_features(p, c, features);
    for (int i = 0; i < n; i++) add_row(half, net->ft_weights + (size_t)features[i] * (size_t)h, h);
  }
}

static int output(const NnueNet *net, const int16_t *acc, int side) {
  int h = net->hidden;
  const int16_t *us = acc + side * h, *them = acc + (1 - side) * h;
  int64_t sum = screlu_dot(us, net->out_weights, h) + screlu_dot(them, net->out_weights + h, h);
  int64_t score = (sum / NN_QA + net->out_bias) * NN_SCALE / (NN_QA * NN_QB);
  return score > SCORE_LIMIT ? SCORE_LIMIT : score < -SCORE_LIMIT ? -SCORE_LIMIT : (int)score;
}

int nn_evaluate_scratch(const NnueNet *net, const Position *p) {
  int16_t acc[2 * NN_MAX_HIDDEN];
  refresh(net, p, acc);
  return output(net, acc, p->side);
}

/* The feature changes that take `from`'s board and hands to p's, for both perspectives, into
 * removed/added (MOST_CHANGES each at most); false when there are more. */
typedef struct Changes {
  int removed, added;
  uint16_t remove[2][MOST_CHANGES], add[2][MOST_CHANGES];
} Changes;

/* One feature more to remove or add: a piece (code) on sq, or else the k-th of type t in pc's hand. */
static bool note(Changes *ch, bool adding, const Rules *r, int code, int sq, int pc, int t, int k) {
  int *n = adding ? &ch->added : &ch->removed;
  if (*n == MOST_CHANGES) return false;
  for (int c = 0; c < 2; c++)
    (adding ? ch->add : ch->remove)[c][*n] =
        (uint16_t)(code ? nn_board_feature(r, c, code, sq) : nn_hand_feature(r, c, pc, t, k));
  (*n)++;
  return true;
}

static bool find_changes(const Entry *from, const Position *p, Changes *ch) {
  const Rules *r = p->rules;
  ch->removed = ch->added = 0;
  int squares = r->geo.squares;
  /* Eight squares at a time: most of the board has not changed. */
  for (int base = 0; base < squares; base += 8) {
    uint64_t was = 0, now = 0;
    if (squares - base >= 8) {
      memcpy(&was, from->board + base, 8);
      memcpy(&now, p->board + base, 8);
    } else { /* the entry holds just `squares` bytes */
      memcpy(&was, from->board + base, (size_t)(squares - base));
      memcpy(&now, p->board + base, (size_t)(squares - base));
    }
    for (uint64_t diff = was ^ now; diff;) {
      int k = __builtin_ctzll(diff) >> 3, sq = base + k;
      diff &= ~(0xFFull << (8 * k));
      int before = from->board[sq], after = p->board[sq];
      if (before != SQ_EMPTY && !note(ch, false, r, before, sq, 0, 0, 0)) return false;
      if (after != SQ_EMPTY && !note(ch, true, r, after, sq, 0, 0, 0)) return false;
    }
  }
  int slots = nn_hand_slots(r);
  for (int pc = 0; pc < 2 && slots; pc++)
    for (int t = 0; t < r->type_count; t++) {
      int was = from->hand[pc][t] < slots ? from->hand[pc][t] : slots;
      int now = p->hand[pc][t] < slots ? p->hand[pc][t] : slots;
      for (int k = now + 1; k <= was; k++)
        if (!note(ch, false, r, 0, 0, pc, t, k)) return false;
      for (int k = was + 1; k <= now; k++)
        if (!note(ch, true, r, 0, 0, pc, t, k)) return false;
    }
  return true;
}

static void remember(Entry *e, const Position *p, int squares) {
  e->ply = p->ply;
  memcpy(e->board, p->board, (size_t)squares);
  memcpy(e->hand, p->hand, sizeof e->hand);
}

int nn_evaluate(const NnueNet *net, const Position *p) {
  Cache *c = thread_cache(net);
  if (!c) return nn_evaluate_scratch(net, p);
  int h = net->hidden, ply = p->ply;
  Entry *here = &c->entries[ply & (CACHE_PLIES - 1)];
  Changes ch;
  for (int back = 0; back <= 2 && back <= ply; back++) {
    const Entry *from = &c->entries[(ply - back) & (CACHE_PLIES - 1)];
    if (from->ply != ply - back || !find_changes(from, p, &ch)) continue;
    for (int side = 0; side < 2; side++)
      update_rows(here->acc + side * h, from->acc + side * h, net->ft_weights, ch.remove[side], ch.removed,
                  ch.add[side], ch.added, h);
    remember(here, p, net->squares);
    return output(net, here->acc, p->side);
  }
  refresh(net, p, here->acc);
  remember(here, p, net->squares);
  return output(net, here->acc, p->side);
}

static int net_entry(const Evaluator *self, const Position *p) {
  const NnueNet *net = self->context;
  if (!net->adds_classical) return nn_evaluate(net, p);
  int score = ev_classic(self->tables, p) + nn_evaluate(net, p);
  return score > SCORE_LIMIT ? SCORE_LIMIT : score < -SCORE_LIMIT ? -SCORE_LIMIT : score;
}

void nn_evaluator(Evaluator *ev, const EvalTables *tables, const NnueNet *net) {
  ev->evaluate = net_entry;
  ev->tables = tables;
  ev->context = (void *)net;
}
