/* The searcher object and its threads: Lazy SMP helpers sharing the transposition table,
 * iterative deepening with aspiration windows and multi-PV, limits, pondering, reports. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "eval/eval_weights.h"
#include "eval/nnue.h"
#include "rules/oracle.h"
#include "search/search_internal.h"

int64_t srch_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ---- set-up ------------------------------------------------------------------------------ */

static void worker_free(Worker *w) {
  if (!w) return;
  pos_free(&w->pos);
  free(w->frames);
  free(w->scratch);
  free(w->eval_cache);
  free(w->root);
  free(w->cont);
  free(w);
}

static Worker *worker_new(Search *s, int id) {
  Worker *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->search = s;
  w->id = id;
  w->frames = calloc(SRCH_MAX_PLY + 2, sizeof *w->frames);
  w->scratch = calloc(1, sizeof *w->scratch);
  w->eval_cache = calloc(SRCH_EVAL_CACHE, sizeof *w->eval_cache);
  w->root = calloc(MAX_MOVES, sizeof *w->root);
  const Rules *r = s->rules;
  int keys = 4 * r->type_count * r->geo.squares;
  if ((int64_t)keys * keys <= SRCH_CONT_MAX_ENTRIES) {
    w->cont_keys = keys;
    w->cont = calloc((size_t)keys * keys, sizeof *w->cont);
  }
  if (!w->frames || !w->scratch || !w->eval_cache || !w->root || (w->cont_keys && !w->cont)) {
    worker_free(w);
    return NULL;
  }
  return w;
}

static void clear_worker(Worker *w) {
  memset(w->history, 0, sizeof w->history);
  if (w->cont) memset(w->cont, 0, (size_t)w->cont_keys * w->cont_keys * sizeof *w->cont);
  for (int k = 0; k < 2; k++)
    for (int i = 0; i < PIECE_INDEXES; i++)
      for (int sq = 0; sq < GEO_MAX_SQUARES; sq++) w->counter[k][i][sq] = MOVE_NONE;
  for (int ply = 0; ply < SRCH_MAX_PLY + 2; ply++)
    w->frames[ply].killers[0] = w->frames[ply].killers[1] = w->frames[ply].excluded = MOVE_NONE;
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
  srch_init_tables();
  Search *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->rules = r;
  s->tables = malloc(sizeof *s->tables);
  if (!s->tables || !ev_init(s->tables, r)) {
    free(s->tables);
    free(s);
    return NULL;
  }
  if (!srch_tt_init(&s->tt, hash_mb > 0 ? (size_t)hash_mb : 1)) {
    ev_free(s->tables);
    free(s->tables);
    free(s);
    return NULL;
  }
  srch_set_eval_weights(s, SRCH_WEIGHTS_DEFAULT, NULL, 0); /* a shipped file was tested: it parses */
  ev_default(&s->evaluator, s->tables);
  srch_set_eval_net(s, SRCH_WEIGHTS_DEFAULT, NULL, 0); /* a shipped net was tested: it loads */
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
  ev_free(s->tables);
  free(s->tables);
  nn_free(s->net);
  free(s);
}

void srch_set_evaluator(Search *s, const Evaluator *ev) {
  s->eval_epoch++;
  nn_free(s->net);
  s->net = NULL;
  if (ev)
    s->evaluator = *ev;
  else
    ev_default(&s->evaluator, s->tables);
}

bool srch_set_eval_net(Search *s, const char *source, char *err, int errlen) {
  if (atomic_load(&s->running)) {
    if (err && errlen > 0) snprintf(err, (size_t)errlen, "the evaluation cannot change during a search");
    return false;
  }
  NnueNet *net = NULL;
  bool found = false;
  char why[512] = "";
  if (!strcmp(source, SRCH_WEIGHTS_DEFAULT))
    net = nn_builtin(s->rules, &found, why, sizeof why);
  else if (strcmp(source, SRCH_WEIGHTS_NONE))
    net = nn_read(s->rules, source, why, sizeof why), found = true;
  if (found && !net) {
    if (err && errlen > 0) snprintf(err, (size_t)errlen, "%s", why);
    return false;
  }
  Evaluator ev;
  if (net) nn_evaluator(&ev, s->tables, net);
  srch_set_evaluator(s, net ? &ev : NULL);
  s->net = net;
  return true;
}

bool srch_uses_net(const Search *s) { return s->net != NULL; }

const EvalTables *srch_eval_tables(const Search *s) { return s->tables; }

bool srch_set_eval_weights(Search *s, const char *source, char *err, int errlen) {
  if (atomic_load(&s->running)) {
    if (err && errlen > 0) snprintf(err, (size_t)errlen, "the evaluation cannot change during a search");
    return false;
  }
  EvalWeights w = s->tables->defaults;
  bool found = false;
  bool ok = !strcmp(source, SRCH_WEIGHTS_NONE)      ? true
            : !strcmp(source, SRCH_WEIGHTS_DEFAULT) ? ev_weights_builtin(s->tables, &w, &found, err, errlen)
                                                    : ev_weights_read(s->tables, source, &w, err, errlen);
  if (ok) {
    ev_set_weights(s->tables, &w);
    s->eval_epoch++;
  }
  return ok;
}

void srch_clear(Search *s) {
  srch_tt_clear(&s->tt);
  for (int i = 0; i < s->thread_count; i++) clear_worker(s->workers[i]);
}

void srch_prepare(Search *s) {
  if (!atomic_load(&s->running)) srch_tt_prefault(&s->tt);
}

/* ---- iterations and threads ------------------------------------------------------------- */

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
  /* The main thread's time use: how many iterations in a row kept the best move, and the score
   * of the last one. */
  Move last_best = MOVE_NONE;
  int stable = 0, last_score = -SRCH_INFINITE;
  for (int depth = 1 + (w->id & 1); depth <= max_depth; depth++) {
    w->root_depth = depth;
    w->seldepth = 0;
    for (int i = 0; i < w->root_count; i++) w->root[i].previous = w->root[i].score;
    for (int line = 0; line < lines; line++) {
      int previous = w->root[line].previous, delta = 25;
      int alpha = -SRCH_INFINITE, beta = SRCH_INFINITE;
      if (depth >= 4 && abs(previous) < SRCH_MATE_BOUND) alpha = previous - delta, beta = previous + delta;
      for (;;) {
        int score = srch_search_root(w, alpha, beta, depth, line);
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
      srch_sort_root(w->root, 0, line + 1);
    }
    if (stopped(s)) {
      /* Stopped within an iteration: the last complete one once more, with the nodes and the
       * time of the whole search, so that what a GUI shows last is what the search did. */
      w->seldepth = max_int(w->seldepth, w->completed_seldepth);
      for (int line = 0; line < lines && w->completed_depth; line++)
        report(w, w->completed_depth, line, TT_BOUND_EXACT);
      break;
    }
    for (int line = 0; line < lines; line++) report(w, depth, line, TT_BOUND_EXACT);
    w->completed_depth = depth;
    w->completed_seldepth = w->seldepth;
    if (w->id) continue;
    /* Main thread: no new iteration once the soft time is spent, or when mate is proven.  On a
     * clock the soft time is scaled by the best move's stability and the score's fall; a fixed
     * move time (UCI movetime, XBoard st, a part's share of a fixed turn time) is used whole. */
    stable = w->root[0].move == last_best ? stable + 1 : 0;
    last_best = w->root[0].move;
    bool fell = last_score != -SRCH_INFINITE && w->root[0].score < last_score - 30;
    last_score = w->root[0].score;
    if (s->plan.soft_ms >= 0 && !atomic_load(&s->pondering)) {
      int64_t soft = s->plan.soft_ms;
      if (s->limits.movetime_ms <= 0) soft = soft * srch_soft_time_percent(stable, depth, fell) / 100;
      if (srch_now_ms() - s->start_ms >= soft) break;
    }
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
  srch_order_root(w);
}

/* The search's clock for a referee asked during it (rules/oracle.h): the time is up when the
 * search was stopped or has run to its hard limit, which it then stops at.  The search itself
 * reads the clock only every 1024 nodes, and a slow referee may spend seconds on fewer. */
static bool search_time_up(void *ctx) {
  Search *s = ctx;
  if (stopped(s)) return true;
  if (!past_hard_limit(s)) return false;
  atomic_store(&s->stop, true);
  return true;
}

static void *helper_main(void *arg) {
  Worker *w = arg;
  oracle_set_thread_clock(search_time_up, w->search);
  iterate(w);
  oracle_set_thread_clock(NULL, NULL);
  return NULL;
}

/* How many of the moves of pv (from p) the side to move plays before the turn passes. */
static int turn_length(Position *p, const Move *pv, int length) {
  int us = p->side, n = 0;
  while (n < length && p->side == us) pos_make(p, pv[n++]);
  for (int i = 0; i < n; i++) pos_unmake(p);
  return n;
}

static void *main_search(void *arg) {
  Search *s = arg;
  Worker *main_worker = s->workers[0];
  oracle_set_thread_clock(search_time_up, s);
  for (int i = 0; i < s->thread_count; i++) prepare_worker(s->workers[i]);
  SearchResult *res = &s->result;
  memset(res, 0, sizeof *res);
  res->best = res->ponder = MOVE_NONE;
  if (main_worker->root_count == 0) {
    /* Mate or stalemate; later in a turn of several moves, a dead end: a loss (search.c). */
    bool check = pos_in_check(&main_worker->pos);
    res->score = main_worker->pos.part > 0
                     ? srch_mated_in(0)
                     : result_score(check ? s->rules->checkmate : pos_stalemate_result(&main_worker->pos), 0);
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
    res->pv_length = best->pv_length;
    memcpy(res->pv, best->pv, (size_t)best->pv_length * sizeof(Move));
    res->turn_length = turn_length(&main_worker->pos, res->pv, res->pv_length);
    res->ponder = res->turn_length < res->pv_length ? res->pv[res->turn_length] : MOVE_NONE;
    res->score = best->score != -SRCH_INFINITE ? best->score : best->previous;
    if (res->score == -SRCH_INFINITE) res->score = 0; /* stopped before any move was scored */
    res->depth = main_worker->completed_depth;
  }
  res->nodes = total_nodes(s);
  res->time_ms = srch_now_ms() - s->start_ms;
  oracle_set_thread_clock(NULL, NULL);
  atomic_store(&s->running, false);
  return NULL;
}

bool srch_start(Search *s, const Position *root, const SearchLimits *limits, SearchInfoFn info, void *context) {
  if (atomic_load(&s->running)) return false;
  if (s->main_started) srch_wait(s);
  s->start_ms = srch_now_ms();
  s->limits = *limits;
  if (s->limits.multipv < 1) s->limits.multipv = 1;
  SearchLimits timing = *limits;
  timing.ponder = false;
  /* A turn of several moves shares its time among its parts, searched one by one. */
  s->plan = srch_time_plan_parts(&timing, root->side, root->rules->turn_parts - root->part, root->rules->turn_parts);
  atomic_store(&s->stop, false);
  atomic_store(&s->pondering, limits->ponder);
  /* An oracle must decide in the workers' copies; root is left as it was.  The referee replays
   * the game on the search's clock. */
  oracle_set_thread_clock(search_time_up, s);
  pos_anchor((Position *)root);
  oracle_set_thread_clock(NULL, NULL);
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
  for (int i = 0; i < s->thread_count; i++) {
    Worker *w = s->workers[i];
    if (w->eval_epoch == s->eval_epoch) continue;
    memset(w->eval_cache, 0, SRCH_EVAL_CACHE * sizeof *w->eval_cache);
    w->eval_epoch = s->eval_epoch;
  }
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

SearchResult srch_run(Search *s, const Position *root, const SearchLimits *limits, SearchInfoFn info, void *context) {
  if (!srch_start(s, root, limits, info, context)) {
    SearchResult none;
    memset(&none, 0, sizeof none);
    none.best = none.ponder = MOVE_NONE;
    return none;
  }
  return srch_wait(s);
}
