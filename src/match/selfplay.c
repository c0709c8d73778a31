/* Self-play games with the search in-process, and their report (text, JSON, sums). */
#include "match/selfplay.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/args.h"
#include "match/match.h"
#include "match/stats.h"
#include "match/text.h"
#include "search/search.h"

void mt_selfplay_config_init(MtSelfplayConfig *c) {
  memset(c, 0, sizeof *c);
  c->games = 10;
  c->nodes = 2000;
  c->max_plies = 400;
  c->random_plies = 4;
  c->shard_count = 1;
  c->threads = 1;
  c->hash_mb = 16;
}

static void report_init(MtSelfplayReport *r, const Rules *rules, uint64_t nodes) {
  memset(r, 0, sizeof *r);
  snprintf(r->rules, sizeof r->rules, "%s", rules->name);
  r->nodes = nodes;
  r->type_count = rules->type_count;
  for (int t = 0; t < rules->type_count; t++) {
    r->pieces[t].letter = rules->types[t].letter;
    snprintf(r->pieces[t].name, sizeof r->pieces[t].name, "%s", rules->types[t].name);
  }
}

static MtVerdictCount *verdict_slot(MtSelfplayReport *r, const char *reason) {
  for (int i = 0; i < r->verdict_count; i++)
    if (!strcmp(r->verdicts[i].reason, reason)) return &r->verdicts[i];
  if (r->verdict_count == MT_MAX_VERDICTS) return &r->verdicts[MT_MAX_VERDICTS - 1];
  MtVerdictCount *v = &r->verdicts[r->verdict_count++];
  memset(v, 0, sizeof *v);
  snprintf(v->reason, sizeof v->reason, "%.*s", (int)sizeof v->reason - 1, reason);
  return v;
}

/* winner: 0 first player, 1 second, -1 draw. */
static void count_game(MtSelfplayReport *r, int winner, const char *reason, int plies, bool capped) {
  if (!r->games || plies < r->shortest) r->shortest = plies;
  if (plies > r->longest) r->longest = plies;
  r->games++;
  r->total_plies += plies;
  r->capped += capped;
  int bucket = plies / MT_LENGTH_BUCKET_PLIES;
  r->lengths[bucket < MT_LENGTH_BUCKETS ? bucket : MT_LENGTH_BUCKETS - 1]++;
  MtVerdictCount *v = verdict_slot(r, reason);
  if (winner == 0)
    r->first_wins++, v->first++;
  else if (winner == 1)
    r->second_wins++, v->second++;
  else
    r->draws++, v->draws++;
}

static uint64_t next_random(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* The piece statistics of a move the search chose, before it is made. */
static void count_move(MtSelfplayReport *r, const Position *p, Move m) {
  int kind = move_kind(m), type = -1;
  if (kind == MOVE_PASS) return;
  if (kind == MOVE_DROP) {
    type = move_arg(m);
    if (type >= 0 && type < MAX_TYPES) r->pieces[type].drops++;
  } else {
    type = piece_type(p->board[move_from(m)]);
  }
  if (type >= 0 && type < MAX_TYPES) r->pieces[type].moves++;
  if (kind == MOVE_DROP || kind == MOVE_CASTLING) return;
  int victim_square = kind == MOVE_EN_PASSANT ? p->ep_victim : move_to(m);
  if (victim_square < 0) return;
  int victim = p->board[victim_square];
  if (victim == SQ_EMPTY || victim == SQ_HOLE) return;
  int victim_type = piece_type(victim);
  if (type >= 0 && type < MAX_TYPES) r->pieces[type].captures++;
  if (victim_type >= 0 && victim_type < MAX_TYPES) r->pieces[victim_type].taken++;
}

static void note_rule_disagreements(MtSelfplayReport *r, int found, const char *note) {
  if (found <= 0) return;
  if (!r->rule_disagreements) snprintf(r->rule_note, sizeof r->rule_note, "%s", note);
  r->rule_disagreements += found;
}

static int max_plies_of(const MtSelfplayConfig *c) { return c->max_plies > 0 ? c->max_plies : 400; }

/* Counts the game's end in the report and describes it in *game. */
static void end_game(MtSelfplayReport *r, MtSelfplayGame *game, int winner, MtSelfplayEnding ending, const char *reason,
                     int plies) {
  count_game(r, winner, reason, plies, ending == MT_SELFPLAY_MOVE_CAP);
  snprintf(game->reason, sizeof game->reason, "%s", reason);
  game->winner = winner;
  game->ending = ending;
  game->move_count = plies;
}

/* Plays game number index into r, its moves into moves and their scores into scores (room for
 * max_plies each) and *game; false
 * when no game could start. */
static bool play_game(const MtSelfplayConfig *c, Search *s, MoveList *list, int index, Move *moves, int *scores,
                      MtSelfplayGame *game, MtSelfplayReport *r) {
  Position p = {0}; /* pos_set_fen keeps the history buffer it finds */
  char err[128], reason[64], note[600] = "";
  memset(game, 0, sizeof *game);
  game->index = index;
  game->moves = moves;
  game->scores = scores;
  if (!pos_set_fen(&p, c->rules, c->rules->start_fen, err, sizeof err)) {
    r->disagreements++;
    return false;
  }
  const MtReferee *ref = c->referee;
  void *judged = ref ? ref->game_start(ref->ctx, index, note, sizeof note) : NULL;
  if (ref && !judged) note_rule_disagreements(r, 1, note);
  srch_clear(s);
  uint64_t state = c->seed ^ (0xD1B54A32D192ED03ull * (uint64_t)(index + 1));
  SearchLimits limits;
  srch_limits_init(&limits);
  limits.nodes = c->nodes;
  int max_plies = max_plies_of(c);
  for (int ply = 0;; ply++) {
    GameResult verdict = pos_game_result(&p, reason, sizeof reason);
    if (verdict != RESULT_NONE) {
      int winner = verdict == RESULT_DRAW ? -1 : verdict == RESULT_WIN ? p.side : p.side ^ 1;
      end_game(r, game, winner, MT_SELFPLAY_RULES, reason, ply);
      break;
    }
    if (ply >= max_plies) {
      end_game(r, game, -1, MT_SELFPLAY_MOVE_CAP, "move cap", ply);
      break;
    }
    Move m;
    int score = MT_SELFPLAY_NO_SCORE;
    if (ply < c->random_plies) {
      pos_legal_moves(&p, list);
      m = list->moves[next_random(&state) % (uint64_t)list->count];
    } else {
      SearchResult best = srch_run(s, &p, &limits, NULL, NULL);
      m = best.best;
      score = p.side == WHITE ? best.score : -best.score;
      if (m == MOVE_NONE || !pos_is_legal(&p, m)) {
        r->disagreements++;
        end_game(r, game, -1, MT_SELFPLAY_SEARCH_DISAGREED, "search and rules disagree", ply);
        break;
      }
      count_move(r, &p, m);
    }
    if (judged) {
      if (ply >= c->random_plies) pos_legal_moves(&p, list);
      bool stop = false;
      note[0] = 0;
      note_rule_disagreements(r, ref->judge(judged, &p, list, m, &stop, note, sizeof note), note);
      if (stop) {
        end_game(r, game, -1, MT_SELFPLAY_REFEREE_STOPPED, "the preset's referee stopped", ply);
        break;
      }
    }
    moves[ply] = m; /* ply < max_plies: the cap ends the game first */
    scores[ply] = score;
    pos_make(&p, m);
  }
  if (judged) ref->game_end(judged);
  pos_free(&p);
  return true;
}

typedef struct Pool {
  const MtSelfplayConfig *config;
  pthread_mutex_t lock;
  int next, done, planned;
  bool failed;
  MtSelfplayReport *total;
} Pool;

static bool in_shard(const MtSelfplayConfig *c, int game) {
  return game % (c->shard_count > 0 ? c->shard_count : 1) == c->shard_index;
}

static void *worker(void *arg) {
  Pool *pool = arg;
  const MtSelfplayConfig *c = pool->config;
  Search *s = srch_new(c->rules, c->hash_mb > 0 ? c->hash_mb : 16, 1);
  char weights_err[512];
  if (s && ((c->eval_weights && !srch_set_eval_weights(s, c->eval_weights, weights_err, sizeof weights_err)) ||
            (c->eval_net && !srch_set_eval_net(s, c->eval_net, weights_err, sizeof weights_err)))) {
    srch_free(s); /* mt_selfplay_run read the files before: they no longer can */
    s = NULL;
  }
  MoveList *list = malloc(sizeof *list);
  MtSelfplayReport *mine = malloc(sizeof *mine);
  Move *moves = malloc((size_t)max_plies_of(c) * sizeof *moves);
  int *scores = malloc((size_t)max_plies_of(c) * sizeof *scores);
  MtSelfplayGame game;
  if (!s || !list || !mine || !moves || !scores) {
    pthread_mutex_lock(&pool->lock);
    pool->failed = true;
    pthread_mutex_unlock(&pool->lock);
  }
  for (; s && list && mine && moves && scores;) {
    pthread_mutex_lock(&pool->lock);
    while (pool->next < c->games && !in_shard(c, pool->next)) pool->next++;
    bool stop = pool->next >= c->games || (c->cancel && *c->cancel);
    int index = pool->next++;
    pthread_mutex_unlock(&pool->lock);
    if (stop) break;
    report_init(mine, c->rules, c->nodes);
    bool played = play_game(c, s, list, index, moves, scores, &game, mine);
    pthread_mutex_lock(&pool->lock);
    char err[64];
    mt_selfplay_report_add(pool->total, mine, err, sizeof err);
    if (played && c->on_game) c->on_game(c->context, &game);
    pool->done++;
    if (c->on_progress) c->on_progress(c->context, pool->done, pool->planned);
    pthread_mutex_unlock(&pool->lock);
  }
  free(moves);
  free(scores);
  free(mine);
  free(list);
  if (s) srch_free(s);
  return NULL;
}

int mt_selfplay_option(MtSelfplayConfig *c, const char *name, const char *value, char *err, int errlen) {
  long n;
  uint64_t u;
  /* The ranges: what a run can mean (merge refuses reports beyond 50 million games). */
  if (!strcmp(name, "--games")) {
    if (!mt_arg_long(value, 1, 50000000, name, &n, err, errlen)) return -1;
    c->games = (int)n;
  } else if (!strcmp(name, "--nodes")) {
    if (!mt_arg_u64(value, 1, 1000000000000ULL, name, &u, err, errlen)) return -1;
    c->nodes = u;
  } else if (!strcmp(name, "--max-plies")) {
    if (!mt_arg_long(value, 1, 100000, name, &n, err, errlen)) return -1;
    c->max_plies = (int)n;
  } else if (!strcmp(name, "--random-plies")) {
    if (!mt_arg_long(value, 0, 1000, name, &n, err, errlen)) return -1;
    c->random_plies = (int)n;
  } else if (!strcmp(name, "--threads")) {
    if (!mt_arg_long(value, 1, 1024, name, &n, err, errlen)) return -1;
    c->threads = (int)n;
  } else if (!strcmp(name, "--seed")) {
    if (!mt_arg_u64(value, 0, UINT64_MAX, name, &u, err, errlen)) return -1;
    c->seed = u;
  } else if (!strcmp(name, "--shard")) {
    const char *slash = strchr(value, '/');
    char first[32];
    long i, count;
    size_t len = slash ? (size_t)(slash - value) : 0;
    if (!slash || len >= sizeof first) {
      snprintf(err, (size_t)errlen, "--shard I/N with 0 <= I < N, not %.40s", value);
      return -1;
    }
    memcpy(first, value, len);
    first[len] = 0;
    if (!mt_arg_long(first, 0, 999999, "--shard I", &i, err, errlen) ||
        !mt_arg_long(slash + 1, 1, 1000000, "--shard N", &count, err, errlen))
      return -1;
    if (i >= count) {
      snprintf(err, (size_t)errlen, "--shard I/N with 0 <= I < N, not %.40s", value);
      return -1;
    }
    c->shard_index = (int)i, c->shard_count = (int)count;
  } else {
    return 0;
  }
  return 1;
}

bool mt_selfplay_run(const MtSelfplayConfig *c, MtSelfplayReport *report, char *err, int errlen) {
  report_init(report, c->rules, c->nodes);
  if (c->shard_count < 1 || c->shard_index < 0 || c->shard_index >= c->shard_count) {
    snprintf(err, errlen, "bad shard %d/%d", c->shard_index, c->shard_count);
    return false;
  }
  if (c->eval_weights || c->eval_net) { /* a file that cannot be used is said once, before any game */
    Search *probe = srch_new(c->rules, 1, 1);
    bool ok = probe && (!c->eval_weights || srch_set_eval_weights(probe, c->eval_weights, err, errlen)) &&
              (!c->eval_net || srch_set_eval_net(probe, c->eval_net, err, errlen));
    if (!probe) snprintf(err, errlen, "out of memory for the searcher");
    srch_free(probe);
    if (!ok) return false;
  }
  Pool pool;
  memset(&pool, 0, sizeof pool);
  pool.config = c;
  pool.total = report;
  pthread_mutex_init(&pool.lock, NULL);
  for (int g = 0; g < c->games; g++) pool.planned += in_shard(c, g);
  int threads = c->threads < 1 ? 1 : c->threads > 64 ? 64 : c->threads;
  pthread_t ids[64];
  int started = 0;
  for (; started < threads; started++)
    if (pthread_create(&ids[started], NULL, worker, &pool)) break;
  if (!started) worker(&pool);
  for (int i = 0; i < started; i++) pthread_join(ids[i], NULL);
  pthread_mutex_destroy(&pool.lock);
  if (pool.failed && !pool.done) {
    snprintf(err, errlen, "out of memory for the searcher");
    return false;
  }
  return true;
}

static bool counts_in_range(const MtSelfplayReport *r, char *err, int errlen);

static bool add_counts(MtSelfplayReport *dst, const MtSelfplayReport *src, char *err, int errlen) {
  if (dst->games && strcmp(dst->rules, src->rules)) {
    snprintf(err, errlen, "reports of different rules (%s, %s)", dst->rules, src->rules);
    return false;
  }
  if (!dst->games) {
    snprintf(dst->rules, sizeof dst->rules, "%s", src->rules);
    dst->nodes = src->nodes;
    dst->shortest = src->shortest;
  }
  if (!dst->type_count) {
    dst->type_count = src->type_count;
    for (int t = 0; t < src->type_count; t++) {
      dst->pieces[t].letter = src->pieces[t].letter;
      memcpy(dst->pieces[t].name, src->pieces[t].name, sizeof dst->pieces[t].name);
    }
  }
  if (src->games && src->shortest < dst->shortest) dst->shortest = src->shortest;
  if (src->longest > dst->longest) dst->longest = src->longest;
  dst->games += src->games;
  dst->first_wins += src->first_wins;
  dst->draws += src->draws;
  dst->second_wins += src->second_wins;
  dst->capped += src->capped;
  dst->disagreements += src->disagreements;
  if (!dst->rule_disagreements && src->rule_disagreements)
    snprintf(dst->rule_note, sizeof dst->rule_note, "%s", src->rule_note);
  dst->rule_disagreements += src->rule_disagreements;
  dst->total_plies += src->total_plies;
  for (int i = 0; i < MT_LENGTH_BUCKETS; i++) dst->lengths[i] += src->lengths[i];
  for (int i = 0; i < src->verdict_count; i++) {
    MtVerdictCount *v = verdict_slot(dst, src->verdicts[i].reason);
    v->first += src->verdicts[i].first;
    v->draws += src->verdicts[i].draws;
    v->second += src->verdicts[i].second;
  }
  for (int t = 0; t < src->type_count && t < MAX_TYPES; t++) {
    dst->pieces[t].moves += src->pieces[t].moves;
    dst->pieces[t].captures += src->pieces[t].captures;
    dst->pieces[t].taken += src->pieces[t].taken;
    dst->pieces[t].drops += src->pieces[t].drops;
  }
  return true;
}

/* Both reports are in range (read with the checks below, or counted here), so one sum cannot
 * overflow; a sum that leaves the range is refused and the total stays as it was. */
bool mt_selfplay_report_add(MtSelfplayReport *dst, const MtSelfplayReport *src, char *err, int errlen) {
  if (!src->games && !src->disagreements) return true;
  MtSelfplayReport *before = malloc(sizeof *before);
  if (!before) {
    snprintf(err, errlen, "out of memory");
    return false;
  }
  *before = *dst;
  bool ok = add_counts(dst, src, err, errlen) && counts_in_range(dst, err, errlen);
  if (!ok) *dst = *before;
  free(before);
  return ok;
}

static MtTally first_player_tally(const MtSelfplayReport *r) {
  return (MtTally){r->first_wins, r->draws, r->second_wins};
}

char *mt_selfplay_report_text(const MtSelfplayReport *r) {
  MtText t = {0};
  mt_text_put(&t, "Self-play of %s: %d games at %llu nodes per move\n", r->rules, r->games,
              (unsigned long long)r->nodes);
  double mean, half;
  mt_score_interval(first_player_tally(r), &mean, &half);
  MtEloEstimate e = mt_elo_estimate(first_player_tally(r));
  mt_text_put(&t, "\nFirst player: +%d =%d -%d, score %.1f%% +/- %.1f%% (95%%), Elo %+.0f +/- %.0f\n", r->first_wins,
              r->draws, r->second_wins, 100 * mean, 100 * half, e.elo + 0.0, e.margin);
  mt_text_put(&t, "\nHow games ended:\n");
  for (int i = 0; i < r->verdict_count; i++) {
    const MtVerdictCount *v = &r->verdicts[i];
    mt_text_put(&t, "  %-28s %5d   (first player won %d, drawn %d, second won %d)\n", v->reason,
                v->first + v->draws + v->second, v->first, v->draws, v->second);
  }
  mt_text_put(&t, "  cut by the move cap: %d; search/rules disagreements: %d\n", r->capped, r->disagreements);
  mt_text_put(&t, "\nRule disagreements (generator against the preset's referee): %d\n", r->rule_disagreements);
  if (r->rule_disagreements) mt_text_put(&t, "  first: %s\n", r->rule_note);
  mt_text_put(&t, "\nGame length (plies): shortest %d, mean %.1f, longest %d\n", r->shortest,
              r->games ? (double)r->total_plies / r->games : 0.0, r->longest);
  int most = 0, last = -1;
  for (int i = 0; i < MT_LENGTH_BUCKETS; i++) {
    if (r->lengths[i] > most) most = r->lengths[i];
    if (r->lengths[i]) last = i;
  }
  for (int i = 0; i <= last; i++) {
    int bar = most ? (int)(((long long)r->lengths[i] * 40 + most - 1) / most) : 0;
    char stars[41];
    memset(stars, '#', (size_t)bar);
    stars[bar] = 0;
    if (i == MT_LENGTH_BUCKETS - 1)
      mt_text_put(&t, "  %4d+     %5d %s\n", i * MT_LENGTH_BUCKET_PLIES, r->lengths[i], stars);
    else
      mt_text_put(&t, "  %4d-%-4d %5d %s\n", i * MT_LENGTH_BUCKET_PLIES, (i + 1) * MT_LENGTH_BUCKET_PLIES - 1,
                  r->lengths[i], stars);
  }
  mt_text_put(&t, "\nPieces (moves chosen by the search):\n  %-24s %8s %8s %8s %8s\n", "type", "moves", "captures",
              "taken", "drops");
  for (int i = 0; i < r->type_count; i++) {
    const MtPieceCount *p = &r->pieces[i];
    char label[40];
    snprintf(label, sizeof label, "%c %s", p->letter, p->name);
    mt_text_put(&t, "  %-24s %8lld %8lld %8lld %8lld\n", label, (long long)p->moves, (long long)p->captures,
                (long long)p->taken, (long long)p->drops);
  }
  return mt_text_finish(&t);
}

char *mt_selfplay_report_json(const MtSelfplayReport *r) {
  MtText t = {0};
  double mean, half;
  mt_score_interval(first_player_tally(r), &mean, &half);
  mt_text_put(&t, "{\n  \"rules\": \"%s\",\n  \"nodes\": %llu,\n  \"games\": %d,\n", r->rules,
              (unsigned long long)r->nodes, r->games);
  mt_text_put(&t, "  \"first_wins\": %d,\n  \"draws\": %d,\n  \"second_wins\": %d,\n", r->first_wins, r->draws,
              r->second_wins);
  mt_text_put(&t, "  \"first_score\": %.4f,\n  \"first_score_95\": %.4f,\n", mean, half);
  mt_text_put(&t, "  \"capped\": %d,\n  \"disagreements\": %d,\n", r->capped, r->disagreements);
  mt_text_put(&t, "  \"rule_disagreements\": %d,\n  \"rule_note\": \"", r->rule_disagreements);
  for (const char *q = r->rule_note; *q; q++) { /* a JSON string: quotes, backslashes, controls */
    if (*q == '"' || *q == '\\')
      mt_text_put(&t, "\\%c", *q);
    else if ((unsigned char)*q < 0x20)
      mt_text_put(&t, " ");
    else
      mt_text_put(&t, "%c", *q);
  }
  mt_text_put(&t, "\",\n");
  mt_text_put(&t, "  \"total_plies\": %lld,\n  \"shortest\": %d,\n  \"longest\": %d,\n", (long long)r->total_plies,
              r->shortest, r->longest);
  mt_text_put(&t, "  \"length_bucket_plies\": %d,\n  \"lengths\": [", MT_LENGTH_BUCKET_PLIES);
  for (int i = 0; i < MT_LENGTH_BUCKETS; i++) mt_text_put(&t, "%s%d", i ? ", " : "", r->lengths[i]);
  mt_text_put(&t, "],\n  \"verdicts\": [\n");
  for (int i = 0; i < r->verdict_count; i++)
    mt_text_put(&t, "    {\"reason\": \"%s\", \"first\": %d, \"draws\": %d, \"second\": %d}%s\n", r->verdicts[i].reason,
                r->verdicts[i].first, r->verdicts[i].draws, r->verdicts[i].second, i + 1 < r->verdict_count ? "," : "");
  mt_text_put(&t, "  ],\n  \"pieces\": [\n");
  for (int i = 0; i < r->type_count; i++) {
    const MtPieceCount *p = &r->pieces[i];
    mt_text_put(&t,
                "    {\"letter\": \"%c\", \"name\": \"%s\", \"moves\": %lld, \"captures\": %lld, \"taken\": %lld, "
                "\"drops\": %lld}%s\n",
                p->letter, p->name, (long long)p->moves, (long long)p->captures, (long long)p->taken,
                (long long)p->drops, i + 1 < r->type_count ? "," : "");
  }
  mt_text_put(&t, "  ]\n}\n");
  return mt_text_finish(&t);
}

/* Counts read from a file are checked so that the report's arithmetic (sums when merging, the
 * bar chart's scaling) cannot overflow: no run has 50 million games. */
enum { MAX_COUNT = 50000000 };
static bool count_ok(long long n) { return n >= 0 && n <= MAX_COUNT; }
static bool total_ok(int64_t n) { return n >= 0 && n <= (int64_t)MAX_COUNT * 100000; }

static bool counts_in_range(const MtSelfplayReport *r, char *err, int errlen) {
  int ints[] = {r->games,         r->first_wins,         r->draws,    r->second_wins, r->capped,
                r->disagreements, r->rule_disagreements, r->shortest, r->longest};
  bool ok = total_ok(r->total_plies);
  for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) ok = ok && count_ok(ints[i]);
  for (int i = 0; i < MT_LENGTH_BUCKETS; i++) ok = ok && count_ok(r->lengths[i]);
  for (int i = 0; i < r->verdict_count; i++)
    ok = ok && count_ok(r->verdicts[i].first) && count_ok(r->verdicts[i].draws) && count_ok(r->verdicts[i].second);
  for (int t = 0; t < r->type_count; t++) {
    const MtPieceCount *p = &r->pieces[t];
    ok = ok && total_ok(p->moves) && total_ok(p->captures) && total_ok(p->taken) && total_ok(p->drops);
  }
  if (!ok) snprintf(err, errlen, "a count is negative or out of range (at most %d games)", MAX_COUNT);
  return ok;
}

bool mt_selfplay_report_parse(MtSelfplayReport *r, const char *json, char *err, int errlen) {
  memset(r, 0, sizeof *r);
  const char *line = json;
  int lineno = 0;
  bool saw_rules = false;
  while (*line) {
    lineno++;
    const char *end = strchr(line, '\n');
    size_t len = end ? (size_t)(end - line) : strlen(line);
    char text[4096]; /* the writer's longest line is a rule_note of escaped quotes, 1216 */
    if (len >= sizeof text) len = sizeof text - 1;
    memcpy(text, line, len);
    text[len] = 0;
    const char *s = text;
    while (*s == ' ') s++;
    unsigned long long u;
    long long a, b, c, d;
    char word[48], name[24], letter;
    if (sscanf(s, "\"rules\": \"%31[^\"]\"", r->rules) == 1)
      saw_rules = true;
    else if (sscanf(s, "\"nodes\": %llu", &u) == 1)
      r->nodes = u;
    else if (sscanf(s, "\"games\": %d", &r->games) == 1) {
    } else if (sscanf(s, "\"first_wins\": %d", &r->first_wins) == 1) {
    } else if (sscanf(s, "\"draws\": %d", &r->draws) == 1) {
    } else if (sscanf(s, "\"second_wins\": %d", &r->second_wins) == 1) {
    } else if (sscanf(s, "\"capped\": %d", &r->capped) == 1) {
    } else if (sscanf(s, "\"disagreements\": %d", &r->disagreements) == 1) {
    } else if (sscanf(s, "\"rule_disagreements\": %d", &r->rule_disagreements) == 1) {
    } else if (!strncmp(s, "\"rule_note\": \"", 14)) {
      size_t n = 0;
      for (const char *q = s + 14; *q && *q != '"' && n + 1 < sizeof r->rule_note; q++) {
        if (*q == '\\' && q[1]) q++;
        r->rule_note[n++] = *q;
      }
      r->rule_note[n] = 0;
    } else if (sscanf(s, "\"total_plies\": %lld", &a) == 1)
      r->total_plies = a;
    else if (sscanf(s, "\"shortest\": %d", &r->shortest) == 1) {
    } else if (sscanf(s, "\"longest\": %d", &r->longest) == 1) {
    } else if (!strncmp(s, "\"lengths\": [", 12)) {
      const char *q = s + 12;
      for (int i = 0; i < MT_LENGTH_BUCKETS && *q && *q != ']'; i++) {
        char *after;
        r->lengths[i] = (int)strtol(q, &after, 10);
        if (after == q) break;
        q = after;
        while (*q == ',' || *q == ' ') q++;
      }
    } else if (sscanf(s, "{\"reason\": \"%47[^\"]\", \"first\": %lld, \"draws\": %lld, \"second\": %lld", word, &a, &b,
                      &c) == 4) {
      if (!count_ok(a) || !count_ok(b) || !count_ok(c)) {
        snprintf(err, errlen, "line %d: verdict count out of range", lineno);
        return false;
      }
      MtVerdictCount *v = verdict_slot(r, word);
      v->first += (int)a, v->draws += (int)b, v->second += (int)c;
    } else if (sscanf(s,
                      "{\"letter\": \"%c\", \"name\": \"%23[^\"]\", \"moves\": %lld, \"captures\": %lld, "
                      "\"taken\": %lld, \"drops\": %lld",
                      &letter, name, &a, &b, &c, &d) == 6) {
      if (r->type_count == MAX_TYPES) {
        snprintf(err, errlen, "line %d: more than %d piece types", lineno, MAX_TYPES);
        return false;
      }
      MtPieceCount *p = &r->pieces[r->type_count++];
      p->letter = letter;
      snprintf(p->name, sizeof p->name, "%s", name);
      p->moves = a, p->captures = b, p->taken = c, p->drops = d;
    }
    line = end ? end + 1 : line + strlen(line);
  }
  if (!saw_rules) {
    snprintf(err, errlen, "not a herald-selfplay report (no \"rules\")");
    return false;
  }
  return counts_in_range(r, err, errlen);
}
