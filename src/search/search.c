/* Iterative deepening PVS with aspiration windows, quiescence, pruning and reductions, over the
 * legal moves the rules engine generates; Lazy SMP threads share the transposition table. */
#include "search/search.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rules/make_inline.h" /* make/unmake folded into the search loops */
#include "search/search_internal.h"

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

typedef struct Frame {
  MoveList moves;
  int scores[MAX_MOVES];
  Move killers[2];
  Move current;       /* move being searched from this ply */
  int current_piece;  /* its history index */
  int static_eval;
  int pv_length;
  Move pv[SRCH_MAX_PLY + 1];
} Frame;

typedef struct RootMove {
  Move move;
  int score, previous;
  int pv_length;
  Move pv[SRCH_MAX_PV];
} RootMove;

typedef struct Worker {
  Search *search;
  int id;
  Position pos;
  Frame *frames;                      /* SRCH_MAX_PLY + 2 */
  MoveList *scratch;                  /* SEE replies */
  int history[2][PIECE_INDEXES][GEO_MAX_SQUARES];
  Move counter[PIECE_INDEXES][GEO_MAX_SQUARES];
  RootMove *root;
  int root_count;
  int root_depth, seldepth, completed_depth;
  _Atomic uint64_t nodes;
  pthread_t thread;
} Worker;

struct Search {
  const Rules *rules;
  EvalTables *tables;
  Evaluator evaluator;
  TTable tt;
  int thread_count;
  Worker *workers[SRCH_MAX_THREADS];
  /* The search in progress. */
  Position root;
  uint64_t *game_keys;                /* keys of the positions before the root, oldest first */
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

static int lmr_table[64][64];
static pthread_once_t lmr_once = PTHREAD_ONCE_INIT;
static void init_lmr(void) {
  for (int d = 1; d < 64; d++)
    for (int m = 1; m < 64; m++) lmr_table[d][m] = (int)(0.75 + log(d) * log(m) / 2.25);
}

int64_t srch_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static inline int min_int(int a, int b) { return a < b ? a : b; }
static inline int max_int(int a, int b) { return a > b ? a : b; }

/* ---- set-up ------------------------------------------------------------------------------ */

static void worker_free(Worker *w) {
  if (!w) return;
  pos_free(&w->pos);
  free(w->frames);
  free(w->scratch);
  free(w->root);
  free(w);
}

static Worker *worker_new(Search *s, int id) {
  Worker *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->search = s;
  w->id = id;
  w->frames = calloc(SRCH_MAX_PLY + 2, sizeof *w->frames);
  w->scratch = calloc(1, sizeof *w->scratch);
  w->root = calloc(MAX_MOVES, sizeof *w->root);
  if (!w->frames || !w->scratch || !w->root) {
    worker_free(w);
    return NULL;
  }
  return w;
}

static void clear_worker(Worker *w) {
  memset(w->history, 0, sizeof w->history);
  for (int i = 0; i < PIECE_INDEXES; i++)
    for (int sq = 0; sq < GEO_MAX_SQUARES; sq++) w->counter[i][sq] = MOVE_NONE;
  for (int ply = 0; ply < SRCH_MAX_PLY + 2; ply++) w->frames[ply].killers[0] = w->frames[ply].killers[1] = MOVE_NONE;
}

bool srch_set_threads(Search *s, int threads) {
  if (atomic_load(&s->running)) return false;
  if (threads < 1) threads = 1;
  if (threads > SRCH_MAX_THREADS) threads = SRCH_MAX_THREADS;
  for (int i = threads; i < s->thread_count; i++) worker_free(s->workers[i]), s->workers[i] = NULL;
  for (int i = s->thread_count; i < threads; i++) {
    s->workers[i] = worker_new(s, i);
    if (!s->workers[i]) {
      s->thread_count = i;
      return false;
    }
    clear_worker(s->workers[i]);
  }
  s->thread_count = threads;
  return true;
}

bool srch_set_hash(Search *s, int hash_mb) {
  if (atomic_load(&s->running)) return false;
  TTable fresh; /* the old table stays when the new one cannot be had */
  if (!srch_tt_init(&fresh, hash_mb > 0 ? (size_t)hash_mb : 1)) return false;
  srch_tt_free(&s->tt);
  s->tt = fresh;
  return true;
}

Search *srch_new(const Rules *r, int hash_mb, int threads) {
  pthread_once(&lmr_once, init_lmr);
  Search *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->rules = r;
  s->tables = malloc(sizeof *s->tables);
  if (!s->tables || !srch_tt_init(&s->tt, hash_mb > 0 ? (size_t)hash_mb : 1)) {
    free(s->tables);
    free(s);
    return NULL;
  }
  ev_init(s->tables, r);
  ev_default(&s->evaluator, s->tables);
  atomic_init(&s->stop, false);
  atomic_init(&s->pondering, false);
  atomic_init(&s->running, false);
  if (!srch_set_threads(s, threads)) {
    srch_free(s);
    return NULL;
  }
  return s;
}

void srch_free(Search *s) {
  if (!s) return;
  if (s->main_started) {
    srch_stop(s);
    srch_wait(s);
  }
  for (int i = 0; i < s->thread_count; i++) worker_free(s->workers[i]);
  srch_tt_free(&s->tt);
  pos_free(&s->root);
  free(s->game_keys);
  free(s->tables);
  free(s);
}

void srch_set_evaluator(Search *s, const Evaluator *ev) {
  if (ev) s->evaluator = *ev;
  else ev_default(&s->evaluator, s->tables);
}

const EvalTables *srch_eval_tables(const Search *s) { return s->tables; }

void srch_clear(Search *s) {
  srch_tt_clear(&s->tt);
  for (int i = 0; i < s->thread_count; i++) clear_worker(s->workers[i]);
}

/* ---- small helpers ----------------------------------------------------------------------- */

static inline int evaluate(Worker *w) {
  const Evaluator *ev = &w->search->evaluator;
  return ev->evaluate(ev, &w->pos);
}

static int result_score(GameResult result, int ply) {
  switch (result) {
  case RESULT_LOSS: return srch_mated_in(ply);
  case RESULT_WIN: return srch_mate_in(ply);
  default: return 0;
  }
}

static inline int to_tt(int score, int ply) {
  return score >= SRCH_MATE_BOUND ? score + ply : score <= -SRCH_MATE_BOUND ? score - ply : score;
}
static inline int from_tt(int score, int ply) {
  return score >= SRCH_MATE_BOUND ? score - ply : score <= -SRCH_MATE_BOUND ? score + ply : score;
}

static inline int piece_index(const Position *p, Move m) {
  switch (move_kind(m)) {
  case MOVE_DROP: return MAX_TYPES + move_arg(m);
  case MOVE_PASS: return NO_PIECE;
  default: return piece_type(p->board[move_from(m)]);
  }
}

static inline uint64_t total_nodes(const Search *s) {
  uint64_t n = 0;
  for (int i = 0; i < s->thread_count; i++) n += atomic_load_explicit(&s->workers[i]->nodes, memory_order_relaxed);
  return n;
}

static inline bool stopped(const Search *s) { return atomic_load_explicit(&s->stop, memory_order_relaxed); }

/* Counts a node and, on the main thread, checks the clock and the node limit.  True when the
 * search must unwind; a stopped search counts no further nodes, so node limits are exact. */
static inline bool enter_node(Worker *w) {
  Search *s = w->search;
  if (stopped(s)) return true;
  uint64_t n = atomic_load_explicit(&w->nodes, memory_order_relaxed) + 1;
  atomic_store_explicit(&w->nodes, n, memory_order_relaxed);
  if (w->id) return stopped(s);
  if (s->limits.nodes) {
    /* With one thread the limit is exact, so that a node-limited search is reproducible. */
    if (s->thread_count == 1 ? n >= s->limits.nodes : ((n & 1023) == 0 && total_nodes(s) >= s->limits.nodes))
      atomic_store(&s->stop, true);
  }
  if ((n & 1023) == 0 && s->plan.hard_ms >= 0 && !atomic_load_explicit(&s->pondering, memory_order_relaxed) &&
      srch_now_ms() - s->start_ms >= s->plan.hard_ms)
    atomic_store(&s->stop, true);
  return stopped(s);
}

/* Repetition: a position seen since the root is a draw at once; one from the game before the
 * root needs the rules' full count.  Null moves cut the chain. */
static bool repeated(Worker *w, int ply, GameResult *result) {
  const Rules *r = w->search->rules;
  if (r->repetition_count < 2) return false;
  Position *p = &w->pos;
  int seen = 1;
  for (int back = 1; back <= p->halfmove; back++) {
    int index = p->ply - back;
    uint64_t key;
    if (index >= 0) {
      if (p->history[index].move == move_make(0, 0, MOVE_PASS, 0) && !r->pass_allowed) return false;
      key = p->history[index].key;
    } else {
      int g = w->search->game_count + index;
      if (g < 0) return false;
      key = w->search->game_keys[g];
    }
    if (key != p->key) continue;
    if (back <= ply || ++seen >= r->repetition_count) {
      *result = r->repetition;
      return true;
    }
  }
  return false;
}

/* Ends decided by material (extinction, bare royal) for the side to move. */
static bool lost_by_material(const Position *p) {
  const Rules *r = p->rules;
  int us = p->side;
  if (r->extinction)
    for (int t = 0; t < r->type_count; t++) {
      if (r->initial_count[t] == 0 || p->hand[us][t]) continue;
      const uint64_t *b = p->by_piece[us][t];
      if (!(b[0] | b[1] | b[2] | b[3])) return true;
    }
  if (r->bare_royal_loses) {
    for (int t = 0; t < r->type_count; t++) {
      if (r->types[t].royal) continue;
      const uint64_t *b = p->by_piece[us][t];
      if (b[0] | b[1] | b[2] | b[3]) return false;
    }
    return true;
  }
  return false;
}

/* Null move is unsound in zugzwang: not with only royal and pawn-like pieces, not in drop
 * games (a tempo there is worth a piece), not in multi-move turns, not twice in a row. */
static bool null_move_allowed(Worker *w, int ply) {
  const Rules *r = w->search->rules;
  if (r->drops || r->turn_parts != 1 || r->pass_allowed) return false;
  if (ply > 0 && w->frames[ply - 1].current == NULL_MOVE) return false;
  const Position *p = &w->pos;
  const EvalTables *e = w->search->tables;
  for (int t = 0; t < r->type_count; t++) {
    if (e->royal[t] || e->pawn_like[t]) continue;
    const uint64_t *b = p->by_piece[p->side][t];
    if (b[0] | b[1] | b[2] | b[3]) return true;
  }
  return false;
}

/* ---- move ordering ----------------------------------------------------------------------- */

static void score_moves(Worker *w, int ply, Move tt_move, bool quiescence) {
  Frame *f = &w->frames[ply];
  Position *p = &w->pos;
  const EvalTables *e = w->search->tables;
  Move counter = MOVE_NONE;
  if (ply > 0 && w->frames[ply - 1].current != NULL_MOVE && w->frames[ply - 1].current_piece != NO_PIECE)
    counter = w->counter[w->frames[ply - 1].current_piece][move_to(w->frames[ply - 1].current)];
  for (int i = 0; i < f->moves.count; i++) {
    Move m = f->moves.moves[i];
    int score;
    if (m == tt_move) {
      score = SCORE_TT;
    } else if (srch_is_noisy(p, m)) {
      int victim = srch_captured_value(p, e, m) + srch_promotion_gain(p, e, m);
      int attacker = e->exchange[piece_type(p->board[move_from(m)])];
      int mvv = victim * 8 - min_int(attacker, EV_MAX_VALUE) / 64;
      bool good = quiescence || attacker <= victim || srch_see_with(p, e, m, w->scratch) >= 0;
      score = (good ? SCORE_GOOD_NOISY : SCORE_BAD_NOISY) + mvv;
    } else if (m == f->killers[0]) {
      score = SCORE_KILLER;
    } else if (m == f->killers[1]) {
      score = SCORE_KILLER - 1;
    } else if (m == counter) {
      score = SCORE_KILLER - 2;
    } else {
      int piece = piece_index(p, m);
      score = piece == NO_PIECE ? 0 : w->history[p->side][piece][move_to(m)];
    }
    f->scores[i] = score;
  }
}

/* Selection: brings the best remaining move to index i. */
static inline Move pick(Frame *f, int i) {
  int best = i;
  for (int j = i + 1; j < f->moves.count; j++)
    if (f->scores[j] > f->scores[best]) best = j;
  if (best != i) {
    Move m = f->moves.moves[i];
    f->moves.moves[i] = f->moves.moves[best];
    f->moves.moves[best] = m;
    int sc = f->scores[i];
    f->scores[i] = f->scores[best];
    f->scores[best] = sc;
  }
  return f->moves.moves[i];
}

static inline void add_history(int *h, int bonus) {
  *h += bonus - *h * abs(bonus) / HISTORY_MAX;
}

static void update_quiet_stats(Worker *w, int ply, Move best, int depth, const Move *tried, int tried_count) {
  Frame *f = &w->frames[ply];
  Position *p = &w->pos;
  if (f->killers[0] != best) f->killers[1] = f->killers[0], f->killers[0] = best;
  int bonus = min_int(depth * depth * 16, HISTORY_MAX / 4);
  int piece = piece_index(p, best);
  if (piece != NO_PIECE) add_history(&w->history[p->side][piece][move_to(best)], bonus);
  for (int i = 0; i < tried_count; i++) {
    if (tried[i] == best) continue;
    int other = piece_index(p, tried[i]);
    if (other != NO_PIECE) add_history(&w->history[p->side][other][move_to(tried[i])], -bonus);
  }
  if (ply > 0 && w->frames[ply - 1].current != NULL_MOVE && w->frames[ply - 1].current_piece != NO_PIECE)
    w->counter[w->frames[ply - 1].current_piece][move_to(w->frames[ply - 1].current)] = best;
}

static inline void update_pv(Worker *w, int ply, Move m) {
  Frame *f = &w->frames[ply], *child = &w->frames[ply + 1];
  f->pv[0] = m;
  int n = min_int(child->pv_length, SRCH_MAX_PLY - 1);
  memcpy(f->pv + 1, child->pv, (size_t)n * sizeof(Move));
  f->pv_length = n + 1;
}

/* ---- quiescence -------------------------------------------------------------------------- */

/* Negamax flips the window for the reply, unless the same side moves again (turns of several
 * moves, Rules.turn_parts > 1). */
static int qsearch(Worker *w, int alpha, int beta, int ply, int qdepth);
static int search(Worker *w, int alpha, int beta, int depth, int ply, bool cut_node);
static inline int qchild(Worker *w, bool flip, int alpha, int beta, int ply, int qdepth) {
  return flip ? -qsearch(w, -beta, -alpha, ply, qdepth) : qsearch(w, alpha, beta, ply, qdepth);
}
static inline int child(Worker *w, bool flip, int alpha, int beta, int depth, int ply, bool cut_node) {
  return flip ? -search(w, -beta, -alpha, depth, ply, cut_node) : search(w, alpha, beta, depth, ply, cut_node);
}

static int qsearch(Worker *w, int alpha, int beta, int ply, int qdepth) {
  Search *s = w->search;
  Position *p = &w->pos;
  Frame *f = &w->frames[ply];
  const EvalTables *e = s->tables;
  f->pv_length = 0;
  if (enter_node(w)) return 0;
  if (ply > w->seldepth) w->seldepth = ply;
  if (lost_by_material(p)) return srch_mated_in(ply);
  if (ply >= SRCH_MAX_PLY - 1) return evaluate(w);
  bool pv = beta - alpha > 1;
  TTHit hit;
  Move tt_move = MOVE_NONE;
  if (srch_tt_probe(&s->tt, p->key, &hit)) {
    int score = from_tt(hit.score, ply);
    if (!pv && (hit.bound == TT_BOUND_EXACT || (hit.bound == TT_BOUND_LOWER && score >= beta) ||
                (hit.bound == TT_BOUND_UPPER && score <= alpha)))
      return score;
    tt_move = hit.move;
  }
  bool in_check = pos_in_check(p);
  int best = -SRCH_INFINITE, stand = -SRCH_INFINITE;
  if (!in_check) {
    stand = best = evaluate(w);
    if (best >= beta) return best;
    if (best > alpha) alpha = best;
  }
  pos_legal_moves(p, &f->moves);
  if (!f->moves.count) return in_check ? result_score(s->rules->checkmate, ply) : result_score(s->rules->stalemate, ply);
  if (!in_check) {
    /* Captures and promotions; a quiet promotion only at the first quiescence ply. */
    int kept = 0;
    for (int i = 0; i < f->moves.count; i++) {
      Move m = f->moves.moves[i];
      if (!srch_is_noisy(p, m)) continue;
      if (move_kind(m) == MOVE_PROMOTION && srch_captured_value(p, e, m) == 0 && qdepth > 0) continue;
      f->moves.moves[kept++] = m;
    }
    f->moves.count = kept;
  }
  score_moves(w, ply, tt_move, true);
  int original_alpha = alpha;
  Move best_move = MOVE_NONE;
  for (int i = 0; i < f->moves.count; i++) {
    Move m = pick(f, i);
    if (!in_check) {
      int gain = srch_captured_value(p, e, m) + srch_promotion_gain(p, e, m);
      if (stand + gain + 200 <= alpha && move_kind(m) != MOVE_PROMOTION) continue; /* delta pruning */
      int attacker = e->exchange[piece_type(p->board[move_from(m)])];
      if (attacker > srch_captured_value(p, e, m) && srch_see_with(p, e, m, w->scratch) < 0) continue;
    }
    f->current = m;
    f->current_piece = piece_index(p, m);
    int us = p->side;
    pos_do_move(p, m);
    srch_tt_prefetch(&s->tt, p->key);
    int score = qchild(w, p->side != us, alpha, beta, ply + 1, qdepth + 1);
    pos_undo_move(p);
    if (stopped(s)) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        best_move = m;
        update_pv(w, ply, m);
        if (alpha >= beta) break;
      }
    }
  }
  int bound = best >= beta ? TT_BOUND_LOWER : alpha > original_alpha ? TT_BOUND_EXACT : TT_BOUND_UPPER;
  srch_tt_store(&s->tt, p->key, best_move, to_tt(best, ply), -1, bound);
  return best;
}

/* ---- main search ------------------------------------------------------------------------- */

static int search(Worker *w, int alpha, int beta, int depth, int ply, bool cut_node) {
  Search *s = w->search;
  Position *p = &w->pos;
  Frame *f = &w->frames[ply];
  bool pv = beta - alpha > 1;
  if (depth <= 0) return qsearch(w, alpha, beta, ply, 0);
  f->pv_length = 0;
  if (enter_node(w)) return 0;
  if (ply > w->seldepth) w->seldepth = ply;

  const Rules *r = s->rules;
  GameResult verdict;
  if (lost_by_material(p)) return srch_mated_in(ply);
  if (r->nmove_rule && p->halfmove >= r->nmove_rule) return 0;
  if (repeated(w, ply, &verdict)) return result_score(verdict, ply);
  if (ply >= SRCH_MAX_PLY - 1) return evaluate(w);
  /* Mate distance: no line from here beats a mate already found nearer the root. */
  alpha = max_int(alpha, srch_mated_in(ply));
  beta = min_int(beta, srch_mate_in(ply + 1));
  if (alpha >= beta) return alpha;

  TTHit hit;
  Move tt_move = MOVE_NONE;
  bool tt_hit = srch_tt_probe(&s->tt, p->key, &hit);
  if (tt_hit) {
    tt_move = hit.move;
    int score = from_tt(hit.score, ply);
    if (!pv && hit.depth >= depth &&
        (hit.bound == TT_BOUND_EXACT || (hit.bound == TT_BOUND_LOWER && score >= beta) ||
         (hit.bound == TT_BOUND_UPPER && score <= alpha)))
      return score;
  }

  bool in_check = pos_in_check(p);
  int eval = in_check ? -SRCH_INFINITE : evaluate(w);
  f->static_eval = eval;
  bool improving = !in_check && ply >= 2 && eval > w->frames[ply - 2].static_eval;
  if (!pv && !in_check && abs(beta) < SRCH_MATE_BOUND) {
    if (depth <= 3 && eval + 450 + 250 * depth * depth <= alpha) { /* razoring */
      int q = qsearch(w, alpha, alpha + 1, ply, 0);
      if (stopped(s)) return 0;
      if (q <= alpha) return q;
    }
    if (depth <= 7 && eval - 150 * (depth - improving) >= beta) return eval; /* reverse futility */
    if (depth >= 3 && eval >= beta && null_move_allowed(w, ply)) {
      int reduction = 3 + depth / 4 + min_int(3, (eval - beta) / 200);
      f->current = NULL_MOVE;
      f->current_piece = NO_PIECE;
      pos_do_move(p, move_make(0, 0, MOVE_PASS, 0));
      int score = -search(w, -beta, -beta + 1, depth - 1 - reduction, ply + 1, !cut_node);
      pos_undo_move(p);
      if (stopped(s)) return 0;
      if (score >= beta) return score >= SRCH_MATE_BOUND ? beta : score;
    }
  }
  /* No hash move deep in the tree: a shallower search is the cheaper way to find one. */
  if (depth >= 4 && tt_move == MOVE_NONE && !in_check) depth--;

  pos_legal_moves(p, &f->moves);
  if (!f->moves.count) return in_check ? result_score(r->checkmate, ply) : result_score(r->stalemate, ply);
  score_moves(w, ply, tt_move, false);
  w->frames[ply + 1].killers[0] = w->frames[ply + 1].killers[1] = MOVE_NONE;

  int best = -SRCH_INFINITE, original_alpha = alpha, searched = 0, quiets = 0, us = p->side;
  Move best_move = MOVE_NONE;
  Move tried[64];
  int tried_count = 0;
  for (int i = 0; i < f->moves.count; i++) {
    Move m = pick(f, i);
    bool noisy = srch_is_noisy(p, m);
    bool special = m == f->killers[0] || m == f->killers[1] || f->scores[i] == SCORE_KILLER - 2;
    if (!pv && !in_check && best > -SRCH_MATE_BOUND && noisy && depth <= 3 && f->scores[i] < 0)
      continue; /* a losing capture near the leaves */
    f->current = m;
    f->current_piece = piece_index(p, m);
    pos_do_move(p, m);
    srch_tt_prefetch(&s->tt, p->key);
    bool flip = p->side != us;
    bool gives_check = flip && pos_in_check(p);
    if (!pv && !in_check && !noisy && !gives_check && best > -SRCH_MATE_BOUND) {
      /* Late quiet moves near the leaves, and quiet moves that cannot lift the score. */
      if ((depth <= 4 && quiets >= 3 + depth * depth * (1 + improving)) ||
          (depth <= 5 && eval + 100 + 90 * depth <= alpha)) {
        pos_undo_move(p);
        quiets++;
        continue;
      }
    }
    if (!noisy) quiets++;
    int extension = gives_check && ply < 2 * w->root_depth ? 1 : 0;
    int new_depth = depth - 1 + extension;
    int score;
    if (searched == 0) {
      score = child(w, flip, alpha, beta, new_depth, ply + 1, false);
    } else {
      int reduction = 0;
      if (depth >= 3 && searched >= (pv ? 3 : 2) && !noisy && !in_check && !gives_check) {
        reduction = lmr_table[min_int(depth, 63)][min_int(searched, 63)];
        reduction += !improving + cut_node - pv - special;
        int piece = f->current_piece;
        if (piece != NO_PIECE) reduction -= w->history[us][piece][move_to(m)] / 6000;
        reduction = max_int(0, min_int(reduction, new_depth - 1));
      }
      score = child(w, flip, alpha, alpha + 1, new_depth - reduction, ply + 1, true);
      if (score > alpha && reduction > 0) score = child(w, flip, alpha, alpha + 1, new_depth, ply + 1, !cut_node);
      if (score > alpha && pv) score = child(w, flip, alpha, beta, new_depth, ply + 1, false);
    }
    pos_undo_move(p);
    if (stopped(s)) return 0;
    searched++;
    if (!noisy && tried_count < 64) tried[tried_count++] = m;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        best_move = m;
        if (pv) update_pv(w, ply, m);
        if (alpha >= beta) {
          if (!noisy) update_quiet_stats(w, ply, m, depth, tried, tried_count);
          break;
        }
      }
    }
  }
  int bound = best >= beta ? TT_BOUND_LOWER : alpha > original_alpha ? TT_BOUND_EXACT : TT_BOUND_UPPER;
  srch_tt_store(&s->tt, p->key, best_move, to_tt(best, ply), depth, bound);
  return best;
}

/* ---- root -------------------------------------------------------------------------------- */

static void sort_root(RootMove *moves, int from, int count) {
  for (int i = from + 1; i < count; i++) { /* insertion sort: stable, so equal scores keep order */
    RootMove key = moves[i];
    int j = i - 1;
    while (j >= from && moves[j].score < key.score) moves[j + 1] = moves[j], j--;
    moves[j + 1] = key;
  }
}

static int search_root(Worker *w, int alpha, int beta, int depth, int pv_index) {
  Search *s = w->search;
  Position *p = &w->pos;
  Frame *f = &w->frames[0];
  int best = -SRCH_INFINITE;
  f->pv_length = 0;
  f->static_eval = -SRCH_INFINITE;
  for (int i = pv_index; i < w->root_count; i++) w->root[i].score = -SRCH_INFINITE;
  for (int i = pv_index; i < w->root_count; i++) {
    RootMove *rm = &w->root[i];
    Move m = rm->move;
    if (enter_node(w)) break;
    f->current = m;
    f->current_piece = piece_index(p, m);
    int us = p->side;
    pos_do_move(p, m);
    bool flip = p->side != us;
    bool gives_check = flip && pos_in_check(p);
    int new_depth = depth - 1 + (gives_check ? 1 : 0);
    int score;
    if (i == pv_index) {
      score = child(w, flip, alpha, beta, new_depth, 1, false);
    } else {
      score = child(w, flip, alpha, alpha + 1, new_depth, 1, true);
      if (score > alpha) score = child(w, flip, alpha, beta, new_depth, 1, false);
    }
    pos_undo_move(p);
    if (stopped(s)) break;
    if (i == pv_index || score > alpha) {
      rm->score = score;
      rm->pv[0] = m;
      int n = min_int(w->frames[1].pv_length, SRCH_MAX_PV - 1);
      memcpy(rm->pv + 1, w->frames[1].pv, (size_t)n * sizeof(Move));
      rm->pv_length = n + 1;
    }
    if (score > best) best = score;
    if (score > alpha) {
      alpha = score;
      if (alpha >= beta) break;
    }
  }
  sort_root(w->root, pv_index, w->root_count);
  return best;
}

static void report(Worker *w, int depth, int pv_index, int bound) {
  Search *s = w->search;
  if (!s->info || w->id) return;
  SearchInfo info;
  memset(&info, 0, sizeof info);
  const RootMove *rm = &w->root[pv_index];
  info.depth = depth;
  info.seldepth = w->seldepth;
  info.multipv = pv_index + 1;
  info.score = rm->score == -SRCH_INFINITE ? rm->previous : rm->score;
  info.bound = bound;
  info.nodes = total_nodes(s);
  info.time_ms = srch_now_ms() - s->start_ms;
  info.nps = info.time_ms > 0 ? info.nodes * 1000 / (uint64_t)info.time_ms : 0;
  info.hashfull = srch_tt_hashfull(&s->tt);
  info.pv_length = rm->pv_length;
  memcpy(info.pv, rm->pv, (size_t)rm->pv_length * sizeof(Move));
  s->info(s->context, &s->root, &info);
}

static void iterate(Worker *w) {
  Search *s = w->search;
  int max_depth = s->limits.depth > 0 ? min_int(s->limits.depth, SRCH_MAX_PLY - 8) : SRCH_MAX_PLY - 8;
  int lines = max_int(1, min_int(s->limits.multipv, w->root_count));
  w->completed_depth = 0;
  for (int depth = 1 + (w->id & 1); depth <= max_depth; depth++) {
    w->root_depth = depth;
    w->seldepth = 0;
    for (int i = 0; i < w->root_count; i++) w->root[i].previous = w->root[i].score;
    for (int line = 0; line < lines; line++) {
      int previous = w->root[line].previous, delta = 25;
      int alpha = -SRCH_INFINITE, beta = SRCH_INFINITE;
      if (depth >= 4 && abs(previous) < SRCH_MATE_BOUND) alpha = previous - delta, beta = previous + delta;
      for (;;) {
        int score = search_root(w, alpha, beta, depth, line);
        if (stopped(s)) break;
        if (score <= alpha) {
          report(w, depth, line, TT_BOUND_UPPER);
          beta = (alpha + beta) / 2;
          alpha = max_int(score - delta, -SRCH_INFINITE);
        } else if (score >= beta) {
          report(w, depth, line, TT_BOUND_LOWER);
          beta = min_int(score + delta, SRCH_INFINITE);
        } else {
          break;
        }
        delta += delta / 2;
        if (delta > 1000) alpha = -SRCH_INFINITE, beta = SRCH_INFINITE;
      }
      if (stopped(s)) break;
      sort_root(w->root, 0, line + 1);
    }
    if (stopped(s)) break;
    for (int line = 0; line < lines; line++) report(w, depth, line, TT_BOUND_EXACT);
    w->completed_depth = depth;
    if (w->id) continue;
    /* Main thread: no new iteration once the soft time is spent, or when mate is proven. */
    if (s->plan.soft_ms >= 0 && !atomic_load(&s->pondering) && srch_now_ms() - s->start_ms >= s->plan.soft_ms) break;
    if (s->plan.soft_ms >= 0 && w->root_count == 1) break;
    if (s->limits.depth == 0 && abs(w->root[0].score) >= SRCH_MATE_BOUND && s->plan.soft_ms >= 0 &&
        SRCH_MATE - abs(w->root[0].score) < depth)
      break;
  }
}

static void prepare_worker(Worker *w) {
  Search *s = w->search;
  pos_free(&w->pos); /* pos_copy drops the history pointer: release it first */
  pos_copy(&w->pos, &s->root);
  atomic_store_explicit(&w->nodes, 0, memory_order_relaxed);
  for (int ply = 0; ply < SRCH_MAX_PLY + 2; ply++) {
    w->frames[ply].current = MOVE_NONE;
    w->frames[ply].static_eval = -SRCH_INFINITE;
    w->frames[ply].killers[0] = w->frames[ply].killers[1] = MOVE_NONE;
  }
  /* Root moves in the order the main search would try them. */
  Frame *f = &w->frames[0];
  pos_legal_moves(&w->pos, &f->moves);
  TTHit hit;
  Move tt_move = srch_tt_probe(&s->tt, w->pos.key, &hit) ? hit.move : MOVE_NONE;
  score_moves(w, 0, tt_move, false);
  w->root_count = f->moves.count;
  for (int i = 0; i < f->moves.count; i++) {
    Move m = pick(f, i);
    w->root[i].move = m;
    w->root[i].score = w->root[i].previous = -SRCH_INFINITE;
    w->root[i].pv[0] = m;
    w->root[i].pv_length = 1;
  }
}

static void *helper_main(void *arg) {
  iterate(arg);
  return NULL;
}

static void *main_search(void *arg) {
  Search *s = arg;
  Worker *main_worker = s->workers[0];
  for (int i = 0; i < s->thread_count; i++) prepare_worker(s->workers[i]);
  SearchResult *res = &s->result;
  memset(res, 0, sizeof *res);
  res->best = res->ponder = MOVE_NONE;
  if (main_worker->root_count == 0) {
    bool check = pos_in_check(&main_worker->pos);
    res->score = result_score(check ? s->rules->checkmate : s->rules->stalemate, 0);
  } else {
    int started = 1;
    for (int i = 1; i < s->thread_count; i++, started++)
      if (pthread_create(&s->workers[i]->thread, NULL, helper_main, s->workers[i])) break;
    iterate(main_worker);
    /* An infinite or pondering search waits for its stop even when the depth is exhausted. */
    while (!stopped(s) && (s->limits.infinite || atomic_load(&s->pondering))) {
      struct timespec pause = {0, 2000000};
      nanosleep(&pause, NULL);
    }
    atomic_store(&s->stop, true);
    for (int i = 1; i < started; i++) pthread_join(s->workers[i]->thread, NULL);
    const RootMove *best = &main_worker->root[0];
    res->best = best->move;
    res->ponder = best->pv_length > 1 ? best->pv[1] : MOVE_NONE;
    res->score = best->score != -SRCH_INFINITE ? best->score : best->previous;
    res->depth = main_worker->completed_depth;
  }
  res->nodes = total_nodes(s);
  res->time_ms = srch_now_ms() - s->start_ms;
  atomic_store(&s->running, false);
  return NULL;
}

bool srch_start(Search *s, const Position *root, const SearchLimits *limits, SearchInfoFn info,
                void *context) {
  if (atomic_load(&s->running)) return false;
  if (s->main_started) srch_wait(s);
  s->start_ms = srch_now_ms();
  s->limits = *limits;
  if (s->limits.multipv < 1) s->limits.multipv = 1;
  SearchLimits timing = *limits;
  timing.ponder = false;
  s->plan = srch_time_plan(&timing, root->side);
  s->info = info;
  s->context = context;
  pos_free(&s->root);
  pos_copy(&s->root, root);
  if (root->ply > s->game_capacity) {
    uint64_t *keys = realloc(s->game_keys, (size_t)root->ply * sizeof *keys);
    if (!keys) return false;
    s->game_keys = keys;
    s->game_capacity = root->ply;
  }
  for (int i = 0; i < root->ply; i++) s->game_keys[i] = root->history[i].key;
  s->game_count = root->ply;
  srch_tt_new_search(&s->tt);
  atomic_store(&s->stop, false);
  atomic_store(&s->pondering, limits->ponder);
  atomic_store(&s->running, true);
  if (pthread_create(&s->main, NULL, main_search, s)) {
    atomic_store(&s->running, false);
    return false;
  }
  s->main_started = true;
  return true;
}

SearchResult srch_wait(Search *s) {
  if (s->main_started) {
    pthread_join(s->main, NULL);
    s->main_started = false;
  }
  return s->result;
}

void srch_stop(Search *s) { atomic_store(&s->stop, true); }
void srch_ponderhit(Search *s) {
  s->start_ms = srch_now_ms(); /* our clock runs from the hit */
  atomic_store(&s->pondering, false);
}
bool srch_running(const Search *s) { return atomic_load(&s->running); }

SearchResult srch_run(Search *s, const Position *root, const SearchLimits *limits, SearchInfoFn info,
                      void *context) {
  if (!srch_start(s, root, limits, info, context)) {
    SearchResult none = {MOVE_NONE, MOVE_NONE, 0, 0, 0, 0};
    return none;
  }
  return srch_wait(s);
}
