/* Helpers shared by the files of search/; not for other layers. */
#ifndef HERALD_SEARCH_SEARCH_INTERNAL_H
#define HERALD_SEARCH_SEARCH_INTERNAL_H

#include "search/search.h"

#include <pthread.h>
#include <stdatomic.h>

enum {
  HISTORY_MAX = 16384,
  PIECE_INDEXES = 2 * MAX_TYPES, /* moving type, or MAX_TYPES + dropped type */
  NO_PIECE = -1,
  SCORE_TT = 1 << 30,
  SCORE_GOOD_NOISY = 1 << 28,
  SCORE_KILLER = 1 << 27,
  SCORE_BAD_NOISY = -(1 << 28)
};

static const Move NULL_MOVE = 0xFFFFFFFEu;

enum { CHECK_UNKNOWN = 0, CHECK_NONE = 1, CHECK_GIVEN = 2 };

typedef struct Frame {
  MoveList moves;
  int scores[MAX_MOVES];
  Move killers[2];
  Move excluded;     /* the hash move, left out by the search that tests whether it is singular */
  Move current;      /* move being searched from this ply */
  int current_piece; /* its history index */
  int static_eval;
  int side, part; /* of the position, with static_eval (search nodes and the root) */
  /* Whether the position this ply searches is in check, as the ply before found it when it
   * asked whether its move gives check: CHECK_UNKNOWN, or CHECK_NONE / CHECK_GIVEN. */
  uint8_t check;
  QuietChecks quiet_checks; /* the checks of this position's quiet moves, once asked */
  int pv_length;
  Move pv[SRCH_MAX_PLY + 1];
} Frame;

typedef struct RootMove {
  Move move;
  int score, previous;
  int pv_length;
  Move pv[SRCH_MAX_PV];
} RootMove;

/* The continuation history's size limit, in entries of two bytes (chess needs 2.4 M, capablanca
 * 6.6 M): a larger game orders its quiet moves by their own history alone. */
enum { SRCH_CONT_MAX_ENTRIES = 24 << 20 };

/* Entries of a worker's cache of static evaluations: 512 KiB, in reach of the L2 cache. */
enum { SRCH_EVAL_CACHE = 1 << 16 };

typedef struct Worker {
  Search *search;
  int id;
  Position pos;
  Frame *frames;        /* SRCH_MAX_PLY + 2 */
  MoveList *scratch;    /* SEE replies */
  uint64_t *eval_cache; /* SRCH_EVAL_CACHE static evaluations by key (search.c evaluate) */
  unsigned eval_epoch;  /* the Search's eval_epoch the cache holds evaluations of */
  int history[2][PIECE_INDEXES][GEO_MAX_SQUARES];
  Move counter[2][PIECE_INDEXES][GEO_MAX_SQUARES]; /* [the same side moved last] (search.c) */
  /* Continuation history: how a quiet move (side, piece, target) fared after a move one or two
   * plies before, [cont_keys * before + after] by srch_cont_key; NULL where the table would
   * pass SRCH_CONT_MAX_ENTRIES (large boards with many types). */
  int16_t *cont;
  int cont_keys;
  RootMove *root;
  int root_count;
  int root_depth, seldepth, completed_depth;
  int completed_seldepth; /* the seldepth of the iteration of completed_depth */
  _Atomic uint64_t nodes;
  pthread_t thread;
} Worker;

struct Search {
  const Rules *rules;
  EvalTables *tables;
  Evaluator evaluator;
  struct NnueNet *net; /* the net evaluator's, owned (srch_set_eval_net), or NULL */
  unsigned eval_epoch; /* changes with the evaluation: the workers' eval caches are stale */
  TTable tt;
  int thread_count;
  Worker *workers[SRCH_MAX_THREADS];
  /* The search in progress. */
  Position root;
  uint64_t *game_keys; /* keys of the positions before the root, oldest first */
  int game_count, game_capacity;
  SearchLimits limits;
  TimePlan plan;
  _Atomic int64_t start_ms;
  atomic_bool stop, pondering, running;
  SearchInfoFn info;
  void *context;
  pthread_t main;
  bool main_started;
  SearchResult result;
};

/* The continuation history's index of a move by side of piece (history index) to `to`. */
static inline int srch_cont_key(const Rules *r, int side, int piece, int to) {
  int index = piece < MAX_TYPES ? piece : r->type_count + piece - MAX_TYPES; /* drops after the moves */
  return (side * 2 * r->type_count + index) * r->geo.squares + to;
}

static inline int min_int(int a, int b) { return a < b ? a : b; }
static inline int max_int(int a, int b) { return a > b ? a : b; }

static inline int result_score(GameResult result, int ply) {
  switch (result) {
  case RESULT_LOSS: return srch_mated_in(ply);
  case RESULT_WIN: return srch_mate_in(ply);
  default: return 0;
  }
}

static inline uint64_t total_nodes(const Search *s) {
  uint64_t n = 0;
  for (int i = 0; i < s->thread_count; i++) n += atomic_load_explicit(&s->workers[i]->nodes, memory_order_relaxed);
  return n;
}

static inline bool stopped(const Search *s) { return atomic_load_explicit(&s->stop, memory_order_relaxed); }

/* Monotonic milliseconds. */
int64_t srch_now_ms(void);
/* Whether the search has run to its hard time limit (never while pondering). */
static inline bool past_hard_limit(const Search *s) {
  return s->plan.hard_ms >= 0 && !atomic_load_explicit(&s->pondering, memory_order_relaxed) &&
         srch_now_ms() - s->start_ms >= s->plan.hard_ms;
}

/* search.c: the per-process tables (once), the root moves in search order, one root search of
 * an iteration (moves from pv_index on), and the stable sort of root moves by score. */
void srch_init_tables(void);
void srch_order_root(Worker *w);
int srch_search_root(Worker *w, int alpha, int beta, int depth, int pv_index);
void srch_sort_root(RootMove *moves, int from, int count);

/* Exchange value of what m captures (0 for none), and what its promotion adds. */
int srch_captured_value(const Position *p, const EvalTables *e, Move m);
int srch_promotion_gain(const Position *p, const EvalTables *e, Move m);
/* Captures (en passant included) and promotions. */
bool srch_is_noisy(const Position *p, Move m);
/* srch_see_ge asked just after m was made (the mover stands on its target, the opponent to
 * move), with what m itself gained: the search, which has made the move already, need not undo
 * it to ask.  Castling and passing put nothing en prise; an oracle's move is worth what it took. */
bool srch_see_after_ge(Position *p, const EvalTables *e, Move m, int gained, int threshold, MoveList *scratch);

#endif
