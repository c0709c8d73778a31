/* The oracle: the preset's own referee decides the moves the compiled model cannot
 * (rules.h RulesOracle), and its answers are cached.
 *
 * A question takes a cursor (the one its thread used last, if free): an interpreter loaded
 * with the preset and a stack of its saved states along the line last asked about.  To decide in a position, the cursor finds the deepest
 * ply of the position's history it already has a state for (its own stack, or a shared anchor:
 * the start position and every search root), replays the moves after it with the referee, then
 * plays each asked move on a saved state and takes it back.  Answers are cached by (position
 * key, move) and game-end verdicts by position key, in lock-free tables shared by all threads,
 * so that the interpreter runs once per distinct question.
 *
 * Whether a move is legal is Post-Move's to say (a `die` in Post-Game leaves the move standing),
 * so a question runs Pre-Move, the move and Post-Move only.  Post-Game, which says whether the
 * game ended (often by looking for any legal reply), runs for the positions whose verdict is
 * asked (the games' own positions; the search and perft never ask) and for those of the lines a
 * cursor replays: it was about a third of the referee's time, spent on every candidate.
 *
 * A piece whose def the compiler could not read (Ultima's Long Leaper: a sub with a loop) has
 * candidates that only the def's geometry narrows; most of them the def itself refuses (a leap
 * over its own piece).  The def is the piece's movement all the same, as a compiled def is, so it
 * is asked first, in the interpreter, and Post-Move only for what it allows (BrGame.filter_def;
 * the load's probe turns that off for a piece whose def refuses a move the referee allows). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge/br_internal.h"
#include "rules/oracle.h"

enum {
  CACHE_BITS = 18,  /* 256k entries per table, 4 MiB each */
  EFFECT_BITS = 14, /* 16k recorded effects of MOVE_ORACLE moves */
  EFFECT_LOCKS = 64,
  STACK_MAX = 1024, /* plies a cursor follows */
  ANCHOR_MAX = 64,
  THREAD_SLOTS = 4 /* oracles a thread remembers its last cursor of */
};

typedef struct Slot {
  _Atomic uint64_t check, data; /* check = hash ^ data: torn writes read as misses */
} Slot;

typedef struct Frame {
  uint64_t key;
  int ply;
  GcState *state;
} Frame;

typedef struct Cursor {
  struct Cursor *next;
  GcInterp *gc;
  Frame stack[STACK_MAX];
  int depth;   /* frames in use; stack[i].ply == stack[0].ply + i */
  bool at_top; /* the interpreter holds the top frame's state */
  bool busy;   /* a question is using it (under the oracle's lock) */
} Cursor;

typedef struct Anchor {
  uint64_t key;
  GcState *state;
} Anchor;

struct BrOracle {
  RulesOracle hooks;
  BrGame *game;
  uint64_t id;
  pthread_mutex_t lock; /* cursors list, anchors, error */
  Cursor *cursors;
  Anchor anchors[ANCHOR_MAX];
  int anchor_count, anchor_next;
  Slot *moves, *verdicts;
  MoveEffects *effects; /* by (key, move); entry key 0 = free */
  pthread_mutex_t effect_locks[EFFECT_LOCKS];
  _Atomic long asked, cached, refused, mismatched;
  _Atomic long ruled_out;     /* candidates the piece's own def said false to (BrGame.filter_def) */
  _Atomic long stopped;       /* answers the asker's clock stopped (no answer: nothing cached) */
  char stop_where[160];       /* where the referee's code was at the last of them, "file:line" */
  _Atomic bool preset_failed; /* the referee met a preset error: it is asked nothing more */
  char error[512];
};

static _Atomic uint64_t next_id = 1;
static _Thread_local struct {
  uint64_t id;
  Cursor *cursor;
} tl_slots[THREAD_SLOTS];
static _Thread_local int tl_next;

/* ---- the shared tables ---- */

static uint64_t mix(uint64_t x) {
  x ^= x >> 31;
  x *= 0x7FB5D329728EA185ULL;
  x ^= x >> 27;
  x *= 0x81DADEF4BC2DD44DULL;
  return x ^ (x >> 33);
}

static bool table_get(const Slot *t, uint64_t hash, uint64_t *data) {
  const Slot *s = &t[hash & ((1u << CACHE_BITS) - 1)];
  uint64_t d = atomic_load_explicit(&s->data, memory_order_relaxed);
  uint64_t c = atomic_load_explicit(&s->check, memory_order_relaxed);
  if ((c ^ d) != hash || !d) return false;
  *data = d;
  return true;
}

static void table_put(Slot *t, uint64_t hash, uint64_t data) {
  Slot *s = &t[hash & ((1u << CACHE_BITS) - 1)];
  atomic_store_explicit(&s->data, data, memory_order_relaxed);
  atomic_store_explicit(&s->check, hash ^ data, memory_order_relaxed);
}

static uint64_t move_hash(uint64_t key, Move m) { return mix(key ^ mix((uint64_t)m + 0x9E3779B97F4A7C15ULL)); }

/* Move entries: bit 0 set (an entry), bit 1 legal, bit 2 legal only as a MOVE_ORACLE move (the
 * referee's board shows effects the model's move does not have). */
enum { MOVE_LEGAL = 2, MOVE_AS_ORACLE = 4 };
enum { NO_ANSWER = 0 }; /* ask's value when the asker's clock stopped the referee: never cached */

static void put_effects(BrOracle *o, const MoveEffects *fx) {
  uint64_t h = move_hash(fx->key, fx->move);
  size_t i = h & ((1u << EFFECT_BITS) - 1);
  pthread_mutex_t *lock = &o->effect_locks[i % EFFECT_LOCKS];
  pthread_mutex_lock(lock);
  o->effects[i] = *fx;
  pthread_mutex_unlock(lock);
}

static bool get_effects(BrOracle *o, uint64_t key, Move m, MoveEffects *out) {
  uint64_t h = move_hash(key, m);
  size_t i = h & ((1u << EFFECT_BITS) - 1);
  pthread_mutex_t *lock = &o->effect_locks[i % EFFECT_LOCKS];
  pthread_mutex_lock(lock);
  bool found = o->effects[i].key == key && o->effects[i].move == m;
  if (found) *out = o->effects[i];
  pthread_mutex_unlock(lock);
  return found;
}

/* Verdict entries: bit 0 set (an entry), bits 1-2 the GameResult for the side to move. */
static void put_verdict(BrOracle *o, uint64_t key, const GcVerdict *v, int side_to_move) {
  GameResult r = RESULT_NONE;
  if (v->result == GC_RESULT_DRAWN)
    r = RESULT_DRAW;
  else if (v->result != GC_RESULT_NONE) {
    int winner = v->result == GC_RESULT_WON ? v->result_player : 3 - v->result_player;
    r = winner == side_to_move + 1 ? RESULT_WIN : RESULT_LOSS;
  }
  table_put(o->verdicts, mix(key), 1 | (uint64_t)r << 1);
}

static void set_error(BrOracle *o, const char *fmt, const char *detail) {
  pthread_mutex_lock(&o->lock);
  if (!o->error[0]) snprintf(o->error, sizeof o->error, fmt, detail);
  pthread_mutex_unlock(&o->lock);
}

/* ---- the asker's clock ---- */

/* The interrupt of the oracle's interpreters: the load's clock while the game loads (the probe
 * game asks the oracle), then the clock of the search asking in this thread. */
static bool asker_clock(void *ctx, const char *file, int line) {
  BrOracle *o = ctx;
  return br_load_clock(o->game, file, line) || oracle_thread_time_up();
}

/* A question the asker's clock stopped: no answer, nothing learnt, nothing the preset did wrong;
 * only counted, with where the referee's code was, for the asker's message when it is left
 * without any move. */
static void note_stopped(BrOracle *o, const GcVerdict *v) {
  atomic_fetch_add_explicit(&o->stopped, 1, memory_order_relaxed);
  pthread_mutex_lock(&o->lock);
  snprintf(o->stop_where, sizeof o->stop_where, "%.120s:%d", v->file, v->line);
  pthread_mutex_unlock(&o->lock);
}

/* A preset error met on the move text: said with its place, and nothing more is asked. */
static void note_preset_error(BrOracle *o, const GcVerdict *v, const char *text) {
  char where[480];
  snprintf(where, sizeof where, "%.120s:%d: %.240s (on %.60s)", v->file, v->line, v->message, text);
  set_error(o, "preset error at %.480s", where);
  atomic_store(&o->preset_failed, true);
}

/* ---- cursors ---- */

static Cursor *new_cursor(BrOracle *o) {
  Cursor *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  GcError ge = {0};
  c->gc = br_new_interp(o->game, &ge);
  if (c->gc) {
    gc_set_interrupt(c->gc, asker_clock, o);
    gc_set_messages(c->gc, false); /* legal or not is all it is asked */
  }
  if (!c->gc || gc_start(c->gc, &ge) != GC_OK) {
    if (c->gc) gc_free(c->gc);
    free(c);
    set_error(o, "the oracle could not load the preset: %.200s", ge.message);
    return NULL;
  }
  c->busy = true;
  pthread_mutex_lock(&o->lock);
  c->next = o->cursors;
  o->cursors = c;
  pthread_mutex_unlock(&o->lock);
  return c;
}

/* A cursor for the duration of one question.  Threads come and go (the search starts one per
 * move), so cursors are not tied to threads: a free one is taken, preferably the one this thread
 * used last (its stack is likely near the position asked about), and given back after. */
static Cursor *acquire_cursor(BrOracle *o) {
  Cursor *mine = NULL;
  for (int i = 0; i < THREAD_SLOTS && !mine; i++)
    if (tl_slots[i].id == o->id) mine = tl_slots[i].cursor;
  Cursor *c = NULL;
  pthread_mutex_lock(&o->lock);
  if (mine && !mine->busy) c = mine;
  for (Cursor *k = o->cursors; k && !c; k = k->next)
    if (!k->busy) c = k;
  if (c) c->busy = true;
  pthread_mutex_unlock(&o->lock);
  if (!c && (c = new_cursor(o)) == NULL) return NULL; /* new cursors are born busy */
  if (c != mine) {
    int i = 0;
    while (i < THREAD_SLOTS && tl_slots[i].id != o->id) i++;
    if (i == THREAD_SLOTS) i = tl_next++ % THREAD_SLOTS;
    tl_slots[i].id = o->id;
    tl_slots[i].cursor = c;
  }
  return c;
}

static void release_cursor(BrOracle *o, Cursor *c) {
  if (!c) return;
  pthread_mutex_lock(&o->lock);
  c->busy = false;
  pthread_mutex_unlock(&o->lock);
}

static void truncate_stack(Cursor *c, int depth) {
  while (c->depth > depth) gc_state_free(c->stack[--c->depth].state);
}

static void push_frame(Cursor *c, uint64_t key, int ply) {
  if (c->depth == STACK_MAX) { /* keep the deeper half */
    int drop = STACK_MAX / 2;
    for (int i = 0; i < drop; i++) gc_state_free(c->stack[i].state);
    memmove(c->stack, c->stack + drop, sizeof(Frame) * (STACK_MAX - drop));
    c->depth -= drop;
  }
  c->stack[c->depth++] = (Frame){key, ply, gc_state_save(c->gc)};
  c->at_top = true;
}

static uint64_t key_at(const Position *p, int ply) { return ply == p->ply ? p->key : p->history[ply].key; }

/* Does the interpreter's board show what the model's board shows?  A move whose effects the
 * model does not know (a capture it did not expect, a piece it did not move) is refused. */
bool br_same_board(const BrGame *g, const GcInterp *gc, const Position *p) {
  const GcBoard *b = gc_get_board(gc);
  const Geometry *geo = &g->rules.geo;
  if (b->nfiles != geo->width || b->nranks != geo->height) return false;
  /* asked after every move the referee allows: both boards numbered rank by rank from a1, so
   * one index walks both; a one-letter label (nearly all) compared as its letter */
  for (int sq = 0, n = geo->squares; sq < n; sq++) {
    if (geo->hole[sq]) continue;
    int code = p->board[sq];
    const char *cell = b->cells[sq];
    char letter = g->code_letter[code];
    if (letter) {
      if (cell[0] != letter || cell[1]) return false;
      continue;
    }
    const char *label = g->type_label[piece_type(code)][piece_color(code)];
    while (*cell && *cell == *label) cell++, label++;
    if (*cell != *label) return false;
  }
  if (g->rules.drops) /* herald-rules counts each hand in variables hand-LABEL */
    for (int t = 0; t < g->rules.type_count; t++)
      for (int c = 0; c < 2; c++) {
        char name[GC_LABEL_MAX + 8];
        snprintf(name, sizeof name, "hand-%s", g->type_label[t][c]);
        const GcValue *v = gc_get_var(gc, name);
        int held = v && v->type == GC_NUM ? (int)v->u.n : 0;
        if (held != p->hand[c][t]) return false;
      }
  return true;
}

/* Remembers the interpreter's state as the one for key (a copy sharing nothing with gc).  The
 * start position (anchor 0) stays; the others are replaced in turn. */
static void add_anchor(BrOracle *o, uint64_t key, GcInterp *gc) {
  GcState *own = gc_state_save(gc);
  GcState *shared = gc_state_clone(own);
  gc_state_free(own);
  pthread_mutex_lock(&o->lock);
  bool known = false;
  for (int a = 0; a < o->anchor_count && !known; a++) known = o->anchors[a].key == key;
  if (!known) {
    int a = o->anchor_count < ANCHOR_MAX ? o->anchor_count++ : 1 + o->anchor_next++ % (ANCHOR_MAX - 1);
    if (o->anchors[a].state) gc_state_free(o->anchors[a].state);
    o->anchors[a] = (Anchor){key, shared};
    shared = NULL;
  }
  pthread_mutex_unlock(&o->lock);
  gc_state_free(shared);
}

/* The squares where the referee's board differs from p's, as effects of move m in p.  False
 * when a square holds something the model has no code for, or too much changed. */
static bool board_effects(const BrGame *g, const GcInterp *gc, const Position *p, Move m, MoveEffects *fx) {
  const GcBoard *b = gc_get_board(gc);
  const Geometry *geo = &g->rules.geo;
  fx->key = p->key;
  fx->move = m;
  fx->count = 0;
  for (int sq = 0; sq < geo->squares; sq++) {
    if (geo->hole[sq]) continue;
    int cell = gc_board_at(b, geo_file(geo, sq), geo_rank(geo, sq));
    int code = SQ_EMPTY;
    if (!gc_board_is_empty(b, cell)) {
      code = -1;
      for (int t = 0; t < g->rules.type_count && code < 0; t++)
        for (int c = 0; c < 2 && code < 0; c++)
          if (!strcmp(b->cells[cell], g->type_label[t][c])) code = piece_code(c, t);
      if (code < 0) return false;
    }
    if (code == p->board[sq]) continue;
    if (fx->count == MOVE_EFFECT_MAX) return false;
    fx->square[fx->count] = (uint8_t)sq;
    fx->before[fx->count] = p->board[sq];
    fx->after[fx->count] = (uint8_t)code;
    fx->count++;
  }
  return fx->count > 0;
}

/* The board of p in Game Courier's FEN form, with the preset's labels. */
static void gc_fen_of(const BrGame *g, const Position *p, char *out, int outlen) {
  const Geometry *geo = &g->rules.geo;
  int n = 0;
  for (int rank = geo->height - 1; rank >= 0 && n < outlen - 40; rank--) {
    int run = 0;
    for (int file = 0; file < geo->width; file++) {
      int sq = geo_square(geo, file, rank), code = p->board[sq];
      if (code == SQ_EMPTY && !geo->hole[sq]) {
        run++;
        continue;
      }
      if (run) n += snprintf(out + n, outlen - n, "%d", run), run = 0;
      const char *label = geo->hole[sq] ? "-" : g->type_label[piece_type(code)][piece_color(code)];
      n += snprintf(out + n, outlen - n, strlen(label) > 1 ? "{%s}" : "%s", label);
    }
    if (run) n += snprintf(out + n, outlen - n, "%d", run);
    if (rank) n += snprintf(out + n, outlen - n, "/");
  }
}

/* A position the game did not reach from the start (set up from a FEN): the preset starts over
 * from its board, and the state becomes an anchor for the line from there. */
static bool set_up(BrOracle *o, Cursor *c, Position *p) {
  int back = p->ply;
  Move *line = malloc(sizeof(Move) * (size_t)(back ? back : 1));
  if (!line) return false;
  for (int j = 0; j < back; j++) line[j] = p->history[j].move;
  for (int j = 0; j < back; j++) pos_unmake(p);
  char fen[4 * GEO_MAX_SQUARES];
  gc_fen_of(o->game, p, fen, sizeof fen);
  GcError ge;
  bool ok = gc_start_from(c->gc, fen, p->side + 1, &ge) == GC_OK;
  if (!ok) set_error(o, "the preset cannot start from this position: %.200s", ge.message);
  if (ok) add_anchor(o, p->key, c->gc);
  for (int j = 0; j < back; j++) pos_make(p, line[j]);
  free(line);
  return ok;
}

/* Brings the cursor's interpreter to the state of p.  False when the position cannot be
 * reached from a state the oracle knows. */
static bool sync(BrOracle *o, Cursor *c, Position *p) {
  int found = -1, base = c->depth ? c->stack[0].ply : 0;
  for (int d = p->ply; d >= 0 && found < 0; d--) {
    int i = d - base;
    if (c->depth && i >= 0 && i < c->depth && c->stack[i].key == key_at(p, d)) found = d;
  }
  if (found >= 0) {
    int i = found - base;
    bool was_top = c->at_top && i == c->depth - 1;
    truncate_stack(c, i + 1);
    if (!was_top) gc_state_restore(c->gc, c->stack[i].state);
    c->at_top = true;
  } else {
    GcState *mine = NULL; /* the anchor's state, copied for this thread's interpreter */
    pthread_mutex_lock(&o->lock);
    for (int d = p->ply; d >= 0 && found < 0; d--)
      for (int a = 0; a < o->anchor_count && found < 0; a++)
        if (o->anchors[a].key == key_at(p, d)) {
          found = d;
          mine = gc_state_clone(o->anchors[a].state);
        }
    pthread_mutex_unlock(&o->lock);
    if (mine) {
      gc_state_restore(c->gc, mine);
      gc_state_free(mine);
    }
    truncate_stack(c, 0);
    if (found < 0) {
      if (!set_up(o, c, p)) return false;
      found = 0;
    }
    push_frame(c, key_at(p, found), found);
  }
  /* Replay the moves from there with the referee. */
  int back = p->ply - found;
  if (!back) return true;
  Move *line = malloc(sizeof(Move) * (size_t)back);
  if (!line) return false;
  for (int j = 0; j < back; j++) line[j] = p->history[found + j].move;
  for (int j = 0; j < back; j++) pos_unmake(p);
  bool ok = true;
  for (int j = 0; j < back; j++) {
    char text[160];
    GcVerdict v;
    if (ok) {
      br_move_text(o->game, p, line[j], text, sizeof text);
      ok = gc_play_from(c->gc, c->stack[c->depth - 1].state, text, &v) == GC_LEGAL; /* it holds the top's state */
      if (!ok && v.stopped)
        note_stopped(o, &v);
      else if (!ok)
        set_error(o, "the referee refused a move of the line being searched: %.60s", text);
    }
    pos_make(p, line[j]);
    if (ok) {
      put_verdict(o, p->key, &v, p->side);
      push_frame(c, p->key, p->ply);
    }
  }
  free(line);
  if (!ok) truncate_stack(c, 0);
  return ok;
}

/* ---- the hooks ---- */

/* Does another candidate with the same squares give the referee's board (en passant proposed
 * as a plain move and as en passant)?  Then m is only a second name for it. */
static bool another_name(const BrGame *g, const GcInterp *gc, Position *p, Move m, const Move *all, int count) {
  for (int k = 0; k < count; k++) {
    Move other = all[k];
    if (other == m || move_kind(other) == MOVE_ORACLE || move_from(other) != move_from(m) ||
        move_to(other) != move_to(m))
      continue;
    pos_make(p, other);
    bool same = br_same_board(g, gc, p);
    pos_unmake(p);
    if (same) return true;
  }
  return false;
}

/* Puts m to the referee (the cursor stands at p); returns the cache entry for (p, m), or
 * NO_ANSWER when the asker's clock stopped the referee. */
static uint64_t ask(BrOracle *o, Cursor *c, Position *p, Move m, const Move *all, int count) {
  char text[160];
  br_move_text(o->game, p, m, text, sizeof text);
  GcVerdict v;
  gc_set_postgame(c->gc, false); /* legal or not: Post-Move's answer (the file's head) */
  GcStatus st = gc_play_from(c->gc, c->stack[c->depth - 1].state, text, &v);
  gc_set_postgame(c->gc, true);
  if (st == GC_PRESET_ERROR && v.stopped) {
    note_stopped(o, &v);
    return NO_ANSWER;
  }
  if (st != GC_LEGAL) {
    atomic_fetch_add_explicit(&o->refused, 1, memory_order_relaxed);
    if (st == GC_PRESET_ERROR) note_preset_error(o, &v, text); /* the preset's fault, not the move's */
    return 1;
  }
  uint64_t entry = 1 | MOVE_LEGAL;
  bool plain = move_kind(m) != MOVE_ORACLE;
  if (plain) {
    pos_make(p, m);
    plain = br_same_board(o->game, c->gc, p);
    pos_unmake(p);
  }
  if (!plain) {
    Move as_oracle = move_make(move_from(m), move_to(m), MOVE_ORACLE, 0);
    MoveEffects fx;
    if (move_kind(m) != MOVE_ORACLE && another_name(o->game, c->gc, p, m, all, count)) {
      entry = 1;
    } else if (!board_effects(o->game, c->gc, p, as_oracle, &fx)) {
      atomic_fetch_add_explicit(&o->mismatched, 1, memory_order_relaxed);
      entry = 1;
    } else {
      put_effects(o, &fx);
      if (move_kind(m) != MOVE_ORACLE) entry |= MOVE_AS_ORACLE;
      *pos_effects_slot(p, p->ply) = fx; /* so that making it needs no question */
    }
  }
  gc_state_restore(c->gc, c->stack[c->depth - 1].state);
  return entry;
}

const char *br_filter_def(const BrGame *g, const Position *p, Move m) {
  int kind = move_kind(m);
  if (kind == MOVE_DROP || kind == MOVE_PASS || kind == MOVE_CASTLING) return NULL;
  int code = p->board[move_from(m)];
  if (code == SQ_EMPTY || code == SQ_HOLE) return NULL;
  const char *name = g->filter_def[piece_type(code)][piece_color(code)];
  return name[0] ? name : NULL;
}

int br_ask_def(const BrGame *g, GcInterp *gc, const char *def, Move m, bool *truth, GcError *ge) {
  char from[2 * GEO_LABEL_MAX], to[2 * GEO_LABEL_MAX];
  geo_square_name(&g->rules.geo, move_from(m), from);
  geo_square_name(&g->rules.geo, move_to(m), to);
  return gc_call_def_squares(gc, def, from, to, truth, ge);
}

/* Asks the def of each candidate not yet answered (answer[i] 0) first, on the cursor's state
 * (the position before the move, as the compiler reads a def): where it says false the move is
 * refused at once, cached and counted, so that Post-Move, many times dearer, is not run for it.
 * The def may change the state, which is then put back once.  A def that fails stops the pass:
 * Post-Move, which calls the same code, is asked and reports the error where it is.  False when
 * the asker's clock stopped it (no answer). */
static bool rule_out(BrOracle *o, Cursor *c, Position *p, const Move *all, uint64_t *answer, int count) {
  const BrGame *g = o->game;
  bool ran = false, stopped = false, failed = false;
  for (int i = 0; i < count && !stopped && !failed; i++) {
    const char *def = answer[i] ? NULL : br_filter_def(g, p, all[i]);
    if (!def) continue;
    bool truth;
    GcError ge;
    ran = true;
    if (br_ask_def(g, c->gc, def, all[i], &truth, &ge) != GC_OK) {
      stopped = gc_interrupted(c->gc);
      failed = !stopped;
      if (stopped) {
        GcVerdict v = {.stopped = true, .line = ge.line};
        snprintf(v.file, sizeof v.file, "%s", ge.file);
        note_stopped(o, &v);
      }
    } else if (!truth) {
      answer[i] = 1; /* an entry, not legal */
      table_put(o->moves, move_hash(p->key, all[i]), answer[i]);
      atomic_fetch_add_explicit(&o->ruled_out, 1, memory_order_relaxed);
    }
  }
  if (ran) gc_state_restore(c->gc, c->stack[c->depth - 1].state);
  return !stopped;
}

static int oracle_filter(void *ctx, Position *p, Move *moves, int count) {
  BrOracle *o = ctx;
  /* After a preset error every answer would cost the step limit again and mean nothing: the
   * error is reported (br_oracle_stats), the moves it would decide are none. */
  if (atomic_load(&o->preset_failed)) return 0;
  int kept = 0, filtered = 0;
  Cursor *c = NULL;
  /* each candidate's cache entry (0: none yet), then the candidates (moves is rewritten as
   * they are kept) */
  size_t n = (size_t)(count ? count : 1);
  uint64_t *answer = malloc((sizeof(uint64_t) + sizeof(Move)) * n);
  if (!answer) return 0;
  Move *all = (Move *)(answer + n);
  memcpy(all, moves, sizeof(Move) * (size_t)count);
  for (int i = 0; i < count; i++) {
    atomic_fetch_add_explicit(&o->asked, 1, memory_order_relaxed);
    if (!table_get(o->moves, move_hash(p->key, all[i]), &answer[i]))
      answer[i] = 0, filtered += br_filter_def(o->game, p, all[i]) != NULL;
    else
      atomic_fetch_add_explicit(&o->cached, 1, memory_order_relaxed);
  }
  if (filtered && (!(c = acquire_cursor(o)) || !sync(o, c, p) || !rule_out(o, c, p, all, answer, count))) {
    release_cursor(o, c);
    free(answer);
    return 0;
  }
  for (int i = 0; i < count; i++) {
    Move m = all[i];
    uint64_t data = answer[i];
    if (!data) {
      if (!c && (!(c = acquire_cursor(o)) || !sync(o, c, p))) {
        release_cursor(o, c);
        free(answer);
        return 0;
      }
      data = ask(o, c, p, m, all, count);
      if (atomic_load(&o->preset_failed) || data == NO_ANSWER) { /* nor the rest of this list */
        kept = 0;
        break;
      }
      table_put(o->moves, move_hash(p->key, m), data);
    }
    if (data & MOVE_AS_ORACLE)
      moves[kept++] = move_make(move_from(m), move_to(m), MOVE_ORACLE, 0);
    else if (data & MOVE_LEGAL)
      moves[kept++] = m;
  }
  release_cursor(o, c);
  free(answer);
  return kept;
}

static bool oracle_effects(void *ctx, Position *p, uint32_t m, MoveEffects *out) {
  BrOracle *o = ctx;
  if (get_effects(o, p->key, m, out)) return true;
  Move again = m; /* evicted: the referee is asked again, which records them */
  oracle_filter(o, p, &again, 1);
  return get_effects(o, p->key, m, out);
}

/* Plays the move that led to p again, Post-Game included, from the position before it, and
 * records the verdict after it. */
static void judge(BrOracle *o, Position *p) {
  if (!p->ply || atomic_load(&o->preset_failed)) return;
  Move last = p->history[p->ply - 1].move;
  pos_unmake(p);
  Cursor *c = acquire_cursor(o);
  if (c && sync(o, c, p)) {
    char text[160];
    GcVerdict v;
    br_move_text(o->game, p, last, text, sizeof text);
    GcStatus st = gc_play(c->gc, text, &v);
    if (st == GC_LEGAL) {
      pos_make(p, last);
      put_verdict(o, p->key, &v, p->side);
      pos_unmake(p);
    } else if (st == GC_PRESET_ERROR && v.stopped) {
      note_stopped(o, &v);
    } else if (st == GC_PRESET_ERROR) {
      note_preset_error(o, &v, text);
    }
    gc_state_restore(c->gc, c->stack[c->depth - 1].state);
  }
  release_cursor(o, c);
  pos_make(p, last);
}

static GameResult oracle_verdict(void *ctx, Position *p, bool *known) {
  BrOracle *o = ctx;
  uint64_t data;
  *known = false;
  if (!table_get(o->verdicts, mix(p->key), &data)) {
    judge(o, p);
    if (!table_get(o->verdicts, mix(p->key), &data)) return RESULT_NONE;
  }
  *known = true;
  return (GameResult)(data >> 1 & 3);
}

static void oracle_anchor(void *ctx, Position *p) {
  BrOracle *o = ctx;
  Cursor *c = acquire_cursor(o);
  if (c && sync(o, c, p)) add_anchor(o, p->key, c->gc);
  release_cursor(o, c);
}

/* ---- lifetime ---- */

BrOracle *br_oracle_new(BrGame *g, char *err, int errlen) {
  BrOracle *o = calloc(1, sizeof *o);
  if (o) {
    o->moves = calloc((size_t)1 << CACHE_BITS, sizeof(Slot));
    o->verdicts = calloc((size_t)1 << CACHE_BITS, sizeof(Slot));
    o->effects = calloc((size_t)1 << EFFECT_BITS, sizeof(MoveEffects));
  }
  if (!o || !o->moves || !o->verdicts || !o->effects) {
    if (o) free(o->moves), free(o->verdicts), free(o->effects);
    free(o);
    snprintf(err, errlen, "out of memory for the oracle's tables");
    return NULL;
  }
  Position start = {0};
  if (!pos_set_fen(&start, &g->rules, g->start_fen, err, errlen)) {
    free(o->moves), free(o->verdicts), free(o->effects), free(o);
    return NULL;
  }
  pthread_mutex_init(&o->lock, NULL);
  o->game = g;
  o->id = atomic_fetch_add(&next_id, 1);
  o->hooks = (RulesOracle){oracle_filter, oracle_verdict, oracle_effects, oracle_anchor, NULL, o};
  for (int i = 0; i < EFFECT_LOCKS; i++) pthread_mutex_init(&o->effect_locks[i], NULL);
  GcState *own = gc_state_save(g->gc);
  o->anchors[0] = (Anchor){start.key, gc_state_clone(own)}; /* shares nothing with g->gc */
  gc_state_free(own);
  o->anchor_count = 1;
  pos_free(&start);
  return o;
}

void br_oracle_free(BrOracle *o) {
  if (!o) return;
  for (Cursor *c = o->cursors, *next; c; c = next) {
    next = c->next;
    truncate_stack(c, 0);
    gc_free(c->gc);
    free(c);
  }
  for (int a = 0; a < o->anchor_count; a++) gc_state_free(o->anchors[a].state);
  for (int i = 0; i < THREAD_SLOTS; i++)
    if (tl_slots[i].id == o->id) tl_slots[i].id = 0, tl_slots[i].cursor = NULL;
  pthread_mutex_destroy(&o->lock);
  for (int i = 0; i < EFFECT_LOCKS; i++) pthread_mutex_destroy(&o->effect_locks[i]);
  free(o->effects);
  free(o->moves);
  free(o->verdicts);
  free(o);
}

RulesOracle *br_oracle_hooks(BrOracle *o) { return &o->hooks; }
BrGame *br_oracle_game(BrOracle *o) { return o->game; }

void br_oracle_stats(BrOracle *o, BrOracleStats *out) {
  out->asked = atomic_load(&o->asked);
  out->cached = atomic_load(&o->cached);
  out->refused = atomic_load(&o->refused);
  out->ruled_out = atomic_load(&o->ruled_out);
  out->mismatched = atomic_load(&o->mismatched);
  out->stopped = atomic_load(&o->stopped);
  pthread_mutex_lock(&o->lock);
  out->cursors = 0;
  for (Cursor *c = o->cursors; c; c = c->next) out->cursors++;
  snprintf(out->error, sizeof out->error, "%s", o->error);
  snprintf(out->stop_where, sizeof out->stop_where, "%s", o->stop_where);
  pthread_mutex_unlock(&o->lock);
}
