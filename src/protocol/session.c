#include "protocol/session.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bridge/bridge.h"
#include "eval/eval_weights.h"
#include "eval/nnue.h"

/* What an evaluation option chooses: weights (EvalWeights) or a net (EvalFile). */
typedef struct EvalSource {
  const char *what;                                                   /* "a weights file", "a net" */
  bool (*apply)(Search *, const char *source, char *err, int errlen); /* puts it in force */
  bool (*file_game)(const char *path, char *game, int gamelen, char *err, int errlen);
} EvalSource;

static const EvalSource WEIGHTS = {"a weights file", srch_set_eval_weights, ev_weights_file_game};
static const EvalSource NET = {"a net", srch_set_eval_net, nn_file_game};

/* Whether source is a file of kind made for a game other than `game`; its game in other. */
static bool for_another_game(const EvalSource *kind, const char *source, const char *game, char *other, int otherlen) {
  if (!strcmp(source, SRCH_WEIGHTS_DEFAULT) || !strcmp(source, SRCH_WEIGHTS_NONE)) return false;
  char why[600];
  return kind->file_game(source, other, otherlen, why, sizeof why) && strcmp(other, game);
}

/* Puts source in force for a game just loaded; a file that does not fit it leaves the game its
 * default, silently when the file is another game's, else with the reason in warning. */
static void apply_to_new_game(const EvalSource *kind, Search *search, const char *game, const char *source,
                              char *warning, int warninglen) {
  char why[900], other[64];
  *warning = 0;
  if (kind->apply(search, source, why, sizeof why) || for_another_game(kind, source, game, other, sizeof other)) return;
  snprintf(warning, (size_t)warninglen, "%s plays with its default evaluation: %s", game, why);
}

bool session_init(Session *s, FILE *out, int hash_mb, char *err, int errlen) {
  return session_init_with(s, out, hash_mb, NULL, NULL, err, errlen);
}

bool session_init_with(Session *s, FILE *out, int hash_mb, SessionLendFn lend, void *lend_ctx, char *err, int errlen) {
  return session_init_from(s, out, hash_mb, NULL, lend, lend_ctx, err, errlen);
}

bool session_init_from(Session *s, FILE *out, int hash_mb, const Catalog *base, SessionLendFn lend, void *lend_ctx,
                       char *err, int errlen) {
  memset(s, 0, sizeof *s);
  s->out = out;
  pthread_mutex_init(&s->out_lock, NULL);
  pthread_mutex_init(&s->search_lock, NULL);
  s->hash_mb = hash_mb > 0 ? hash_mb : 64;
  s->threads = 1;
  snprintf(s->eval_weights, sizeof s->eval_weights, "%s", SRCH_WEIGHTS_DEFAULT);
  snprintf(s->eval_net, sizeof s->eval_net, "%s", SRCH_WEIGHTS_DEFAULT);
  s->move_overhead_ms = 30;
  s->multipv = 1;
  s->post = true;
  if (base)
    s->catalog = *base;
  else
    catalog_init(&s->catalog);
  s->lend = lend;
  s->lend_ctx = lend_ctx;
  return session_set_variant(s, "chess", err, errlen);
}

int session_load_limit_s(const Session *s) {
  return (s->catalog.load_limit_ms ? s->catalog.load_limit_ms : br_default_load_limit_ms()) / 1000;
}

/* Frees the game in play unless it was lent. */
static void drop_game(Session *s) {
  if (!s->game_lent) br_free(s->game);
  s->game = NULL;
  s->game_lent = false;
}

void session_free(Session *s) {
  session_stop(s);
  srch_free(s->search);
  pos_free(&s->pos);
  drop_game(s);
  pthread_mutex_destroy(&s->out_lock);
  pthread_mutex_destroy(&s->search_lock);
}

/* Every line to the GUI goes through here, and a line is one line: texts from a preset (its
 * `die` messages, preset errors) or from the user may hold newlines or other control
 * characters, which would start lines of their own ("bestmove a1a1", "1-0 {White mates}") that
 * the GUI believes.  Each becomes a space. */
void session_say(Session *s, const char *fmt, ...) {
  char small[4096], *text = small;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n >= sizeof small && (text = malloc((size_t)n + 1))) {
    va_start(ap, fmt);
    vsnprintf(text, (size_t)n + 1, fmt, ap);
    va_end(ap);
  } else if (!text) { /* no memory for the whole line: its beginning */
    text = small;
    n = (int)sizeof small - 1;
  }
  for (int i = 0; i < n; i++)
    if ((unsigned char)text[i] < 0x20 || text[i] == 0x7f) text[i] = ' ';
  pthread_mutex_lock(&s->out_lock);
  fwrite(text, 1, (size_t)n, s->out);
  fputc('\n', s->out);
  fflush(s->out);
  pthread_mutex_unlock(&s->out_lock);
  if (text != small) free(text);
}

void session_variants(const Session *s, char *out, int outlen) { catalog_names(&s->catalog, out, outlen); }

bool session_set_preset_path(Session *s, const char *dir, char *err, int errlen) {
  Catalog fresh = s->catalog;
  catalog_clear_folders(&fresh);
  if (dir && *dir && !catalog_add_folder(&fresh, dir, err, errlen)) return false;
  s->catalog = fresh;
  return true;
}

int session_set_hash(Session *s, int mb) {
  session_stop(s);
  for (int size = mb; size >= SESSION_HASH_MIN_MB; size /= 2)
    if (srch_set_hash(s->search, size)) return s->hash_mb = size;
  return 0;
}

bool session_set_variant(Session *s, const char *name, char *err, int errlen) {
  session_stop(s);
  if (s->search && !strcmp(s->variant, name)) return session_set_fen(s, "startpos", err, errlen);
  /* A lent game is the one the catalog would load, as long as no user folder comes first. */
  BrGame *game = s->lend && !s->catalog.user_count ? s->lend(s->lend_ctx, name) : NULL;
  bool lent = game != NULL;
  if (!game) game = catalog_open(&s->catalog, name, true, err, errlen);
  if (!game) return false;
  Search *search = srch_new(br_game_rules(game), s->hash_mb, s->threads);
  if (!search) {
    snprintf(err, errlen, "out of memory for a %d MB hash table", s->hash_mb);
    if (!lent) br_free(game);
    return false;
  }
  const char *game_name = br_game_rules(game)->name; /* from here on the switch cannot fail */
  apply_to_new_game(&WEIGHTS, search, game_name, s->eval_weights, s->weights_warning, sizeof s->weights_warning);
  apply_to_new_game(&NET, search, game_name, s->eval_net, s->net_warning, sizeof s->net_warning);
  srch_free(s->search);
  pos_free(&s->pos);
  drop_game(s);
  s->rules = br_game_rules(game);
  s->game = game;
  s->game_lent = lent;
  s->failure_told = false;
  s->search = search;
  snprintf(s->variant, sizeof s->variant, "%s", name);
  return session_set_fen(s, "startpos", err, errlen);
}

/* Puts an evaluation source in force and keeps it in slot for the games loaded later; a file
 * made for another game is kept for that game, and the game in play goes back to its default. */
static bool set_eval_source(Session *s, char *slot, size_t cap, const EvalSource *kind, const char *source, char *note,
                            int notelen, char *err, int errlen) {
  session_stop(s);
  if (note && notelen > 0) *note = 0;
  if (strlen(source) >= cap) {
    snprintf(err, errlen, "a path of more than %zu characters", cap - 1);
    return false;
  }
  if (!kind->apply(s->search, source, err, errlen)) {
    char other[64];
    if (!for_another_game(kind, source, s->rules->name, other, sizeof other)) return false;
    kind->apply(s->search, SRCH_WEIGHTS_DEFAULT, NULL, 0); /* the shipped files were tested: they load */
    if (note && notelen > 0)
      snprintf(note, (size_t)notelen, "%s is %s for %s, kept for when %s is played; %s plays with its default", source,
               kind->what, other, other, s->rules->name);
  }
  snprintf(slot, cap, "%s", source);
  return true;
}

bool session_set_eval_weights(Session *s, const char *source, char *note, int notelen, char *err, int errlen) {
  return set_eval_source(s, s->eval_weights, sizeof s->eval_weights, &WEIGHTS, source, note, notelen, err, errlen);
}

bool session_set_eval_net(Session *s, const char *source, char *note, int notelen, char *err, int errlen) {
  return set_eval_source(s, s->eval_net, sizeof s->eval_net, &NET, source, note, notelen, err, errlen);
}

void session_eval_option(Session *s, bool net, const char *value, const char *note_prefix, const char *original) {
  char why[1024], note[1600];
  const char *source = value && *value ? value : SRCH_WEIGHTS_DEFAULT;
  if (!(net ? session_set_eval_net : session_set_eval_weights)(s, source, note, sizeof note, why, sizeof why))
    session_say(s, "Error (bad %s, %s): %s", net ? "EvalFile" : "EvalWeights", why, original);
  else if (note[0])
    session_say(s, "%s%s", note_prefix, note);
}

bool session_preset_failure(Session *s, const SearchResult *result, char *out, int outlen) {
  if (!s->game || !br_game_oracle(s->game)) return false;
  BrOracleStats st;
  br_oracle_stats(br_game_oracle(s->game), &st);
  if (result && result->best == MOVE_NONE && st.stopped > s->stopped_before && !s->user_stopped && !st.error[0]) {
    snprintf(out, outlen,
             "preset error at %s: the referee could not decide the moves of the position in the time for the move "
             "(%lld ms)",
             st.stop_where, (long long)result->time_ms);
    return true;
  }
  if (s->failure_told || !st.error[0]) return false;
  snprintf(out, outlen, "%s", st.error);
  s->failure_told = true;
  return true;
}

void session_tell_warnings(Session *s, const char *prefix) {
  if (!s->game) return;
  for (int i = 0; i < br_game_warning_count(s->game); i++) session_say(s, "%s%s", prefix, br_game_warning(s->game, i));
  if (s->weights_warning[0]) session_say(s, "%s%s", prefix, s->weights_warning);
  if (s->net_warning[0]) session_say(s, "%s%s", prefix, s->net_warning);
}

bool session_set_fen(Session *s, const char *fen, char *err, int errlen) {
  session_stop(s);
  Position fresh = {0};
  if (!pos_set_fen(&fresh, s->rules, fen, err, errlen)) {
    pos_free(&fresh);
    return false;
  }
  pos_free(&s->pos);
  s->pos = fresh;
  return true;
}

/* The preset's words on a preset error: where in its code, and what. */
static void preset_error_text(const BrVerdict *v, char *out, int outlen) {
  snprintf(out, outlen, "preset error at %s:%d: %s", v->file, v->line, v->message);
}

Move session_safe_move(Session *s, Move m, char *note, int notelen, bool *preset_error) {
  if (notelen > 0) note[0] = 0;
  *preset_error = false;
  BrVerdict v;
  if (!s->game || m == MOVE_NONE) return m;
  int status = br_referee_move(s->game, &s->pos, m, &v);
  if (status == BR_PRESET_ERROR) { /* the preset cannot judge it: the model's move stands */
    *preset_error = true;
    preset_error_text(&v, note, notelen);
    return m;
  }
  if (status != BR_ILLEGAL) return m;
  char name[32];
  pos_move_name_spelled(&s->pos, m, s->pass_spelling, name, sizeof name);
  snprintf(note, notelen, "the preset refused %s (%s)", name, v.message);
  MoveList *list = malloc(sizeof *list);
  pos_legal_moves(&s->pos, list);
  Move chosen = m;
  for (int i = 0; i < list->count; i++)
    if (list->moves[i] != m && br_referee_move(s->game, &s->pos, list->moves[i], &v) == BR_LEGAL) {
      chosen = list->moves[i];
      break;
    }
  free(list);
  return chosen;
}

/* A move in coordinate notation made into a Move even when it is not legal, so that the
 * preset's referee can say why ("e2e5", "e7e8q"); MOVE_NONE if it names no squares. */
static Move coordinate_move(const Session *s, const char *text) {
  const Geometry *g = &s->rules->geo;
  int used = 0, from = geo_parse_square(g, text, &used);
  if (from < 0) return MOVE_NONE;
  int more = 0, to = geo_parse_square(g, text + used, &more);
  if (to < 0) return MOVE_NONE;
  char promo = text[used + more];
  if (promo) {
    int t = rules_find_type(s->rules, promo, false);
    if (t >= 0) return move_make(from, to, MOVE_PROMOTION, t);
  }
  return move_make(from, to, MOVE_NORMAL, 0);
}

SessionPlay session_play(Session *s, const char *text, char *reason, int reasonlen) {
  session_stop(s);
  Move m = pos_parse_move(&s->pos, text);
  if (m == MOVE_NONE) {
    MoveList *list = malloc(sizeof *list);
    pos_legal_moves(&s->pos, list);
    snprintf(reason, reasonlen, list->count ? "not a legal move here" : "the game is over");
    free(list);
    /* A preset explains in its own words (its `die` message), or fails with its file:line. */
    Move attempt = coordinate_move(s, text);
    if (!s->game || attempt == MOVE_NONE || s->pos.board[move_from(attempt)] == SQ_EMPTY ||
        s->pos.board[move_from(attempt)] == SQ_HOLE)
      return SESSION_ILLEGAL;
    BrVerdict v;
    int status = br_referee_move(s->game, &s->pos, attempt, &v);
    if (status == BR_PRESET_ERROR) {
      preset_error_text(&v, reason, reasonlen);
      return SESSION_PRESET_ERROR;
    }
    if (status == BR_ILLEGAL && v.message[0]) snprintf(reason, reasonlen, "%s", v.message);
    return SESSION_ILLEGAL;
  }
  pos_make(&s->pos, m);
  return SESSION_PLAYED;
}

SessionPlay session_play_turn(Session *s, const char *text, bool lone_part_ok, SessionPartFn prepare, char *reason,
                              int reasonlen) {
  session_stop(s);
  if (reasonlen > 0) reason[0] = 0;
  size_t len = strlen(text);
  bool open = len && text[len - 1] == ','; /* "e2e4,": more of the turn follows */
  int parts = 1;
  for (const char *c = text; *c; c++) parts += *c == ',';
  if (open) parts--; /* "," alone is one empty part, refused below */
  int mover = s->pos.side, played = 0;
  SessionPlay result = SESSION_PLAYED;
  const char *at = text;
  for (int i = 0; i < parts; i++) {
    const char *comma = strchr(at, ',');
    size_t n = comma ? (size_t)(comma - at) : strlen(at);
    char part[64];
    if (i > 0 && s->pos.side != mover) {
      snprintf(reason, reasonlen, "the turn ended after its part %d: %.*s would be the opponent's", i, (int)n, at);
      result = SESSION_ILLEGAL;
      break;
    }
    if (!n || n >= sizeof part) {
      snprintf(reason, reasonlen, "part %d is %s", i + 1, n ? "too long" : "empty");
      result = SESSION_ILLEGAL;
      break;
    }
    memcpy(part, at, n);
    part[n] = 0;
    if (prepare) prepare(s, part);
    char why[600];
    result = session_play(s, part, why, sizeof why);
    if (result != SESSION_PLAYED) {
      if (parts > 1)
        snprintf(reason, reasonlen, "part %d, %s: %s", i + 1, part, why);
      else
        snprintf(reason, reasonlen, "%s", why);
      break;
    }
    played++;
    at += n + (comma != NULL);
  }
  /* Parts that stop before their turn does would leave the opponent waiting for a move that
   * never comes; only a sender that says so (the comma) or gives parts one at a time may. */
  if (result == SESSION_PLAYED && s->pos.side == mover && !open && !(lone_part_ok && parts == 1)) {
    snprintf(reason, reasonlen, "the turn is not over after %d part%s: the same side moves again", parts,
             parts == 1 ? "" : "s");
    result = SESSION_ILLEGAL;
  }
  if (result != SESSION_PLAYED)
    while (played--) pos_unmake(&s->pos);
  return result;
}

bool session_take_back_turn(Session *s) {
  session_stop(s);
  if (!s->pos.ply) return false;
  pos_unmake(&s->pos);
  int mover = s->pos.side; /* who made the move taken back */
  /* An earlier move is a part of the same turn when the mover made it too. */
  while (s->pos.ply) {
    Move earlier = s->pos.history[s->pos.ply - 1].move;
    pos_unmake(&s->pos);
    if (s->pos.side != mover) {
      pos_make(&s->pos, earlier);
      break;
    }
  }
  return true;
}

int session_pv_from(const Session *s, const Position *p, Move *out, int cap) {
  for (int k = 0; k <= s->pv_length && k <= p->ply; k++) {
    uint64_t key = k ? p->history[p->ply - k].key : p->key;
    if (key != s->pv_key) continue;
    bool along = true;
    for (int i = 0; i < k && along; i++) along = p->history[p->ply - k + i].move == s->pv[i];
    if (!along) continue;
    int n = 0;
    for (int i = k; i < s->pv_length && n < cap; i++) out[n++] = s->pv[i];
    return n;
  }
  return 0;
}

int session_turn_length(const Position *p, const Move *moves, int count) {
  Position walk;
  pos_copy(&walk, p);
  int side = walk.side, n = 0;
  while (n < count && pos_is_legal(&walk, moves[n])) {
    pos_make(&walk, moves[n++]);
    if (walk.side != side) break;
  }
  pos_free(&walk);
  return n;
}

/* Every search reports through here: the main line is kept for the parts of a turn. */
static void record_info(void *context, const Position *root, const SearchInfo *info) {
  Session *s = context;
  if (info->multipv <= 1) {
    s->pv_length = info->pv_length;
    memcpy(s->pv, info->pv, sizeof(Move) * (size_t)info->pv_length);
    s->pv_key = root->key;
  }
  if (s->info) s->info(context, root, info);
}

static void *wait_for_search(void *arg) {
  Session *s = arg;
  do {
    SearchResult result = srch_wait(s->search);
    s->follow_up = false;
    if (s->done) s->done(s, &result);
  } while (s->follow_up);
  return NULL;
}

/* Questions the referee could not answer in a search's time, so far. */
static long oracle_stopped(Session *s) {
  if (!s->game || !br_game_oracle(s->game)) return 0;
  BrOracleStats st;
  br_oracle_stats(br_game_oracle(s->game), &st);
  return st.stopped;
}

bool session_follow_up(Session *s, const SearchLimits *limits) {
  pthread_mutex_lock(&s->search_lock);
  SearchLimits l = *limits;
  l.overhead_ms = s->move_overhead_ms;
  l.multipv = s->multipv;
  if (s->node_cap && (!l.nodes || l.nodes > s->node_cap)) l.nodes = s->node_cap;
  s->pv_length = 0;
  bool started = !s->stopping && srch_start(s->search, &s->pos, &l, record_info, s);
  s->follow_up = started;
  pthread_mutex_unlock(&s->search_lock);
  return started;
}

bool session_start(Session *s, const SearchLimits *limits, SearchDoneFn done) {
  session_stop(s);
  SearchLimits l = *limits;
  l.overhead_ms = s->move_overhead_ms;
  l.multipv = s->multipv;
  if (s->node_cap && (!l.nodes || l.nodes > s->node_cap)) l.nodes = s->node_cap;
  s->done = done;
  s->pv_length = 0;
  s->user_stopped = false;
  s->stopped_before = oracle_stopped(s);
  if (!srch_start(s->search, &s->pos, &l, record_info, s)) return false;
  if (pthread_create(&s->waiter, NULL, wait_for_search, s)) {
    srch_stop(s->search);
    srch_wait(s->search);
    return false;
  }
  s->waiter_running = true;
  return true;
}

Move session_quick_move(Session *s) {
  SearchLimits l;
  srch_limits_init(&l);
  l.depth = 1;
  return srch_run(s->search, &s->pos, &l, NULL, NULL).best;
}

int64_t session_now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

void session_stop(Session *s) {
  if (!s->waiter_running) return;
  pthread_mutex_lock(&s->search_lock);
  s->stopping = true;
  s->user_stopped = true;
  srch_stop(s->search);
  pthread_mutex_unlock(&s->search_lock);
  pthread_join(s->waiter, NULL);
  s->waiter_running = false;
  s->stopping = false;
}

bool session_searching(const Session *s) { return s->waiter_running; }

void session_pv_text(const Position *root, const Move *pv, int count, PassSpelling pass, char *out, int outlen) {
  Position walk;
  pos_copy(&walk, root);
  int used = 0;
  out[0] = 0;
  const char *separator = "";
  for (int i = 0; i < count && used < outlen - 1; i++) {
    if (!pos_is_legal(&walk, pv[i])) break; /* a stale hash move ends the line */
    char name[32];
    pos_move_name_spelled(&walk, pv[i], pass, name, sizeof name);
    int n = snprintf(out + used, outlen - used, "%s%s", separator, name);
    if (n < 0 || n >= outlen - used) break;
    used += n;
    int mover = walk.side;
    pos_make(&walk, pv[i]);
    separator = walk.side == mover ? "," : " "; /* the same side again: a part of its turn */
  }
  pos_free(&walk);
}
