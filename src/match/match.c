/* The match scheduler: pairings (round robin, gauntlet), openings, colour pairs, shards, worker
 * threads, tallies and SPRT. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/match.h"

void mt_match_config_init(MtMatchConfig *c) {
  memset(c, 0, sizeof *c);
  c->variant = "chess";
  c->games = 2;
  c->concurrency = 1;
  c->shard_count = 1;
  c->tc.base_ms = 10000;
  c->tc.inc_ms = 100;
  c->tc.margin_ms = 1000;
}

/* splitmix64: a small generator whose stream depends only on the seed given. */
static uint64_t next_random(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

bool mt_random_opening(const Rules *r, int plies, uint64_t seed, int o, MtOpening *opening) {
  memset(opening, 0, sizeof *opening);
  snprintf(opening->fen, sizeof opening->fen, "%s", r->start_fen);
  if (plies <= 0) return true;
  if (plies > MT_MAX_OPENING_PLIES) plies = MT_MAX_OPENING_PLIES;
  uint64_t state = seed ^ (0xD1B54A32D192ED03ull * (uint64_t)(o + 1));
  MoveList *list = malloc(sizeof *list);
  if (!list) return false;
  char err[128], reason[64];
  bool found = false;
  for (int attempt = 0; attempt < 100 && !found; attempt++) {
    Position p = {0}; /* pos_set_fen keeps the history buffer it finds */
    if (!pos_set_fen(&p, r, r->start_fen, err, sizeof err)) break;
    int ply = 0;
    for (; ply < plies; ply++) {
      pos_legal_moves(&p, list);
      if (!list->count) break;
      opening->moves[ply] = list->moves[next_random(&state) % (uint64_t)list->count];
      pos_make(&p, opening->moves[ply]);
    }
    if (ply == plies && pos_game_result(&p, reason, sizeof reason) == RESULT_NONE) {
      opening->ply_count = plies;
      found = true;
    }
    pos_free(&p);
  }
  free(list);
  return found;
}

void mt_openings_shuffle(MtOpening *openings, int count, uint64_t seed) {
  uint64_t state = seed;
  for (int i = count - 1; i > 0; i--) { /* Fisher-Yates: each order equally likely */
    int j = (int)(next_random(&state) % (uint64_t)(i + 1));
    MtOpening swap = openings[i];
    openings[i] = openings[j], openings[j] = swap;
  }
}

bool mt_opening(const MtMatchConfig *c, int o, MtOpening *opening) {
  if (c->opening_count > 0) {
    *opening = c->openings[o % c->opening_count];
    return true;
  }
  return mt_random_opening(c->rules, c->random_plies, c->seed, o, opening);
}

static int engine_count(const MtMatchConfig *c) {
  return c->engine_count < 2 ? 2 : c->engine_count > MT_MAX_ENGINES ? MT_MAX_ENGINES : c->engine_count;
}

int mt_pair_count(const MtMatchConfig *c) {
  int n = engine_count(c);
  return c->gauntlet ? n - 1 : n * (n - 1) / 2;
}

void mt_pair_engines(const MtMatchConfig *c, int pair, int engines[2]) {
  int n = engine_count(c);
  engines[0] = 0, engines[1] = 1;
  if (c->gauntlet) {
    engines[1] = pair + 1;
    return;
  }
  /* Row by row: 0-1, 0-2, ... 0-(n-1), 1-2, ... */
  for (int first = 0, k = 0; first < n; first++)
    for (int second = first + 1; second < n; second++, k++)
      if (k == pair) {
        engines[0] = first, engines[1] = second;
        return;
      }
}

typedef struct Scheduler {
  const MtMatchConfig *config;
  pthread_mutex_t lock;
  int next;
  bool stop;
  MtMatchState state;
  int engine_failures[MT_MAX_ENGINES]; /* games lost because an engine did not start */
  bool *played;                        /* by game number: an earlier run played it (config.played) */
} Scheduler;

static bool in_shard(const MtMatchConfig *c, int game) {
  int count = c->shard_count > 0 ? c->shard_count : 1;
  return (game / 2) % count == c->shard_index;
}

static void count(MtTally *t, int points2) {
  if (points2 == 2)
    t->wins++;
  else if (points2 == 1)
    t->draws++;
  else
    t->losses++;
}

/* Counts a game; `fresh` when played now (not one of config.played), to be told to on_game. */
static void record(Scheduler *s, const MtGameRecord *g, bool fresh) {
  const MtMatchConfig *c = s->config;
  MtMatchState *st = &s->state;
  st->games_done++;
  if (g->pair == 0) count(&st->tally, g->points2[0]);
  for (int side = 0; side < 2; side++) {
    MtStanding *standing = &st->standings[g->engines[side]];
    count(side == g->white ? &standing->as_white : &standing->as_black, g->points2[side]);
  }
  MtStanding *pair = &st->pairs[g->pair];
  count(g->white == 0 ? &pair->as_white : &pair->as_black, g->points2[0]);
  int side = g->points2[0] == 0 ? 0 : g->points2[1] == 0 ? 1 : -1;
  if (side >= 0) {
    int loser = g->engines[side];
    if (g->ending == MT_END_CRASH) st->crashes[loser]++;
    if (g->ending == MT_END_TIME) st->forfeits[loser]++;
    if (g->ending == MT_END_ILLEGAL) st->illegal[loser]++;
    if (g->ending == MT_END_CRASH && strstr(g->reason, "did not start")) s->engine_failures[loser]++;
  }
  /* The decision stands once made: a game that was in play then, or an earlier run's game
   * recorded after the one that decided, cannot take it back. */
  if (c->use_sprt && st->sprt == MT_SPRT_CONTINUE) {
    st->sprt = mt_sprt_verdict(&c->sprt, st->tally, &st->llr);
    if (st->sprt != MT_SPRT_CONTINUE) {
      s->stop = true;
      st->stopped_early = true;
      st->sprt_games = st->games_done;
    }
  }
  if (c->on_game && fresh) c->on_game(c->context, g, st);
}

/* The games of config.played, counted as the run that played them counted them, each of them
 * (a test the earlier run decided before its last games ended stays decided where it was). */
static void record_played(Scheduler *s) {
  const MtMatchConfig *c = s->config;
  for (int i = 0; i < c->played_count; i++) {
    const MtPlayedGame *p = &c->played[i];
    MtGameRecord g;
    memset(&g, 0, sizeof g);
    g.index = p->index;
    g.pair = p->index / c->games;
    mt_pair_engines(c, g.pair, g.engines);
    g.opening = p->index % c->games / 2;
    g.white = p->index % c->games % 2;
    g.points2[0] = p->points2;
    g.points2[1] = 2 - p->points2;
    g.ending = MT_END_RULES;
    s->played[p->index] = true;
    record(s, &g, false);
  }
}

static void *worker(void *arg) {
  Scheduler *s = arg;
  const MtMatchConfig *c = s->config;
  for (;;) {
    pthread_mutex_lock(&s->lock);
    int total = c->games * mt_pair_count(c);
    while (s->next < total && (!in_shard(c, s->next) || s->played[s->next])) s->next++;
    if (s->stop || (c->cancel && *c->cancel) || s->next >= total) {
      pthread_mutex_unlock(&s->lock);
      return NULL;
    }
    int index = s->next++;
    pthread_mutex_unlock(&s->lock);
    MtOpening opening;
    MtGameRecord g;
    /* Each pair plays its games in a row: opening k/2 twice, colours swapped. */
    int pair = index / c->games, k = index % c->games;
    if (!mt_opening(c, k / 2, &opening)) {
      if (c->on_log) c->on_log(c->context, "no random opening could be drawn");
      pthread_mutex_lock(&s->lock);
      s->stop = true;
      pthread_mutex_unlock(&s->lock);
      return NULL;
    }
    mt_play_game(c, index, pair, k / 2, k % 2, &opening, &g);
    pthread_mutex_lock(&s->lock);
    record(s, &g, true);
    pthread_mutex_unlock(&s->lock);
    mt_game_record_free(&g);
  }
}

int mt_match_run(const MtMatchConfig *c, MtMatchState *state, char *err, int errlen) {
  memset(state, 0, sizeof *state);
  if (!c->rules || c->games <= 0 || c->shard_count < 1 || c->shard_index < 0 || c->shard_index >= c->shard_count ||
      c->engine_count > MT_MAX_ENGINES || (c->gauntlet && engine_count(c) < 2)) {
    snprintf(err, errlen, "bad match configuration (rules, games, shard, engines)");
    return MT_EXIT_USAGE;
  }
  Scheduler s;
  memset(&s, 0, sizeof s);
  s.config = c;
  int total = c->games * mt_pair_count(c);
  for (int i = 0; i < c->played_count; i++)
    if (c->played[i].index < 0 || c->played[i].index >= total) {
      snprintf(err, errlen, "a game played before is numbered %d, outside this match", c->played[i].index + 1);
      return MT_EXIT_USAGE;
    }
  s.played = calloc((size_t)total, sizeof *s.played);
  if (!s.played) {
    snprintf(err, errlen, "out of memory");
    return MT_EXIT_USAGE;
  }
  pthread_mutex_init(&s.lock, NULL);
  for (int g = 0; g < total; g++) s.state.games_planned += in_shard(c, g);
  record_played(&s);
  int threads = c->concurrency < 1 ? 1 : c->concurrency > 256 ? 256 : c->concurrency;
  pthread_t ids[256];
  int started = 0;
  for (; started < threads; started++)
    if (pthread_create(&ids[started], NULL, worker, &s)) break;
  if (!started) worker(&s);
  for (int i = 0; i < started; i++) pthread_join(ids[i], NULL);
  pthread_mutex_destroy(&s.lock);
  free(s.played);
  *state = s.state;
  for (int e = 0; e < engine_count(c); e++) {
    const MtStanding *standing = &s.state.standings[e];
    int played = standing->as_white.wins + standing->as_white.draws + standing->as_white.losses +
                 standing->as_black.wins + standing->as_black.draws + standing->as_black.losses;
    if (played && s.engine_failures[e] == played) {
      snprintf(err, errlen, "engine %s could not be started", c->engines[e].name);
      return MT_EXIT_ENGINE;
    }
  }
  if (s.state.sprt == MT_SPRT_H1) return MT_EXIT_SPRT_H1;
  if (s.state.sprt == MT_SPRT_H0) return MT_EXIT_SPRT_H0;
  if (s.state.games_done < s.state.games_planned) {
    snprintf(err, errlen, "stopped after %d of %d games", s.state.games_done, s.state.games_planned);
    return MT_EXIT_CANCELLED;
  }
  return MT_EXIT_DONE;
}
