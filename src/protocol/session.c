#include "protocol/session.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <dirent.h>
#include <unistd.h>

#include "bridge/bridge.h"
#include "rules/fixtures.h"

/* presets/ in the working folder, else the one beside the binary's build/ folder (a GUI
 * usually starts the engine elsewhere). */
static void default_preset_dir(char *out, size_t outlen) {
  snprintf(out, outlen, "presets");
  DIR *here = opendir(out);
  if (here) {
    closedir(here);
    return;
  }
  char exe[512];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return;
  exe[n] = 0;
  char *slash = strrchr(exe, '/');
  if (!slash) return;
  *slash = 0; /* .../build */
  char candidate[600];
  snprintf(candidate, sizeof candidate, "%s/../presets", exe);
  DIR *beside = opendir(candidate);
  if (!beside) return;
  closedir(beside);
  if (strlen(candidate) < outlen) memcpy(out, candidate, strlen(candidate) + 1);
}

bool session_init(Session *s, FILE *out, int hash_mb, char *err, int errlen) {
  memset(s, 0, sizeof *s);
  s->out = out;
  pthread_mutex_init(&s->out_lock, NULL);
  pthread_mutex_init(&s->search_lock, NULL);
  s->hash_mb = hash_mb > 0 ? hash_mb : 64;
  s->threads = 1;
  s->move_overhead_ms = 30;
  s->multipv = 1;
  s->post = true;
  default_preset_dir(s->preset_dir, sizeof s->preset_dir);
  return session_set_variant(s, "chess", err, errlen);
}

/* Frees the rule set in play, whichever kind it is. */
static void drop_rules(Rules *rules, struct BrGame *game) {
  if (game) {
    br_free(game);
  } else if (rules) {
    rules_free(rules);
    free(rules);
  }
}

void session_free(Session *s) {
  session_stop(s);
  srch_free(s->search);
  pos_free(&s->pos);
  drop_rules(s->rules, s->game);
  pthread_mutex_destroy(&s->out_lock);
  pthread_mutex_destroy(&s->search_lock);
}

void session_say(Session *s, const char *fmt, ...) {
  pthread_mutex_lock(&s->out_lock);
  va_list ap;
  va_start(ap, fmt);
  vfprintf(s->out, fmt, ap);
  va_end(ap);
  fputc('\n', s->out);
  fflush(s->out);
  pthread_mutex_unlock(&s->out_lock);
}

/* Whether name is one of the built-in rule sets (a whole word of fixture_names()). */
static bool is_builtin_name(const char *name) {
  size_t len = strlen(name);
  for (const char *p = fixture_names(); (p = strstr(p, name)) != NULL; p += len) {
    bool starts = p == fixture_names() || p[-1] == ' ';
    if (starts && (p[len] == ' ' || p[len] == 0)) return true;
  }
  return false;
}

void session_variants(const Session *s, char *out, int outlen) {
  snprintf(out, outlen, "%s", fixture_names());
  DIR *dir = opendir(s->preset_dir);
  if (!dir) return;
  for (struct dirent *e; (e = readdir(dir));) {
    size_t len = strlen(e->d_name);
    if (len <= 7 || strcmp(e->d_name + len - 7, ".preset")) continue;
    /* A preset named like a built-in rule set (presets/chess.preset) is shadowed by it: the
     * name resolves to the built-in, so it is offered once. */
    char name[256];
    snprintf(name, sizeof name, "%.*s", (int)(len - 7), e->d_name);
    if (is_builtin_name(name)) continue;
    size_t used = strlen(out);
    if (used + len + 2 >= (size_t)outlen) break;
    snprintf(out + used, outlen - used, " %.*s", (int)(len - 7), e->d_name);
  }
  closedir(dir);
}

bool session_set_variant(Session *s, const char *name, char *err, int errlen) {
  session_stop(s);
  if (s->search && !strcmp(s->variant, name)) return session_set_fen(s, "startpos", err, errlen);
  Rules *fresh = NULL;
  struct BrGame *game = NULL;
  char fixture_err[RULES_ERR_LEN];
  fresh = calloc(1, sizeof *fresh);
  if (!fresh) {
    snprintf(err, errlen, "out of memory");
    return false;
  }
  if (!fixture_rules(fresh, name, fixture_err, sizeof fixture_err)) {
    rules_free(fresh);
    free(fresh);
    fresh = NULL;
    game = br_load_playable(name, s->preset_dir, err, errlen);
    if (!game) return false;
    fresh = &game->rules;
  }
  Search *search = srch_new(fresh, s->hash_mb, s->threads);
  if (!search) {
    snprintf(err, errlen, "out of memory for a %d MB hash table", s->hash_mb);
    drop_rules(fresh, game);
    return false;
  }
  srch_free(s->search);
  pos_free(&s->pos);
  drop_rules(s->rules, s->game);
  s->rules = fresh;
  s->game = game;
  s->search = search;
  snprintf(s->variant, sizeof s->variant, "%s", name);
  return session_set_fen(s, "startpos", err, errlen);
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

/* Puts move m of the current game to the preset's referee.  Returns its status, or -1 when it
 * cannot be asked (no preset, or a game not from the preset's start); v gets the verdict. */
static int referee_move(Session *s, Move m, gc_verdict *v) {
  BrGame *g = s->game;
  if (!g) return -1;
  char err[RULES_ERR_LEN];
  Position walk = {0};
  if (!pos_set_fen(&walk, s->rules, g->start_fen, err, sizeof err)) return -1;
  uint64_t start_key = s->pos.ply ? s->pos.history[0].key : s->pos.key;
  if (walk.key != start_key) {
    pos_free(&walk);
    return -1;
  }
  gc_state *saved = gc_state_save(g->gc);
  int status = GC_LEGAL;
  char text[128];
  for (int i = 0; i < s->pos.ply && status == GC_LEGAL; i++) {
    Move played = s->pos.history[i].move;
    br_move_text(g, &walk, played, text, sizeof text);
    status = gc_play(g->gc, text, v);
    pos_make(&walk, played);
  }
  if (status == GC_LEGAL) {
    br_move_text(g, &walk, m, text, sizeof text);
    status = gc_play(g->gc, text, v);
  } else {
    status = -1; /* the game so far is not one the preset accepts: no verdict on this move */
  }
  gc_state_restore(g->gc, saved);
  gc_state_free(saved);
  pos_free(&walk);
  return status;
}

Move session_safe_move(Session *s, Move m, char *note, int notelen) {
  if (notelen > 0) note[0] = 0;
  gc_verdict v;
  if (!s->game || m == MOVE_NONE || referee_move(s, m, &v) != GC_ILLEGAL) return m;
  char name[32];
  pos_move_name(&s->pos, m, name, sizeof name);
  snprintf(note, notelen, "the preset refused %s (%s)", name, v.message);
  MoveList *list = malloc(sizeof *list);
  pos_legal_moves(&s->pos, list);
  Move chosen = m;
  for (int i = 0; i < list->count; i++)
    if (list->moves[i] != m && referee_move(s, list->moves[i], &v) == GC_LEGAL) {
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

bool session_play(Session *s, const char *text, char *reason, int reasonlen) {
  session_stop(s);
  Move m = pos_parse_move(&s->pos, text);
  if (m == MOVE_NONE) {
    MoveList *list = malloc(sizeof *list);
    pos_legal_moves(&s->pos, list);
    snprintf(reason, reasonlen, list->count ? "not a legal move here" : "the game is over");
    free(list);
    /* A preset explains in its own words (its `die` message). */
    Move attempt = coordinate_move(s, text);
    gc_verdict v;
    if (attempt != MOVE_NONE && s->pos.board[move_from(attempt)] != SQ_EMPTY &&
        s->pos.board[move_from(attempt)] != SQ_HOLE && referee_move(s, attempt, &v) == GC_ILLEGAL && v.message[0])
      snprintf(reason, reasonlen, "%s", v.message);
    return false;
  }
  pos_make(&s->pos, m);
  return true;
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

bool session_follow_up(Session *s, const SearchLimits *limits) {
  pthread_mutex_lock(&s->search_lock);
  SearchLimits l = *limits;
  l.overhead_ms = s->move_overhead_ms;
  l.multipv = s->multipv;
  if (s->node_cap && (!l.nodes || l.nodes > s->node_cap)) l.nodes = s->node_cap;
  bool started = !s->stopping && srch_start(s->search, &s->pos, &l, s->info, s);
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
  if (!srch_start(s->search, &s->pos, &l, s->info, s)) return false;
  if (pthread_create(&s->waiter, NULL, wait_for_search, s)) {
    srch_stop(s->search);
    srch_wait(s->search);
    return false;
  }
  s->waiter_running = true;
  return true;
}

void session_stop(Session *s) {
  if (!s->waiter_running) return;
  pthread_mutex_lock(&s->search_lock);
  s->stopping = true;
  srch_stop(s->search);
  pthread_mutex_unlock(&s->search_lock);
  pthread_join(s->waiter, NULL);
  s->waiter_running = false;
  s->stopping = false;
}

bool session_searching(const Session *s) { return s->waiter_running; }

void session_pv_text(const Position *root, const Move *pv, int count, char *out, int outlen) {
  Position walk;
  pos_copy(&walk, root);
  int used = 0;
  out[0] = 0;
  for (int i = 0; i < count && used < outlen - 1; i++) {
    if (!pos_is_legal(&walk, pv[i])) break; /* a stale hash move ends the line */
    char name[32];
    pos_move_name(&walk, pv[i], name, sizeof name);
    int n = snprintf(out + used, outlen - used, "%s%s", i ? " " : "", name);
    if (n < 0 || n >= outlen - used) break;
    used += n;
    pos_make(&walk, pv[i]);
  }
  pos_free(&walk);
}
