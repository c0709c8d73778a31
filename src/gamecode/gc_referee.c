/* The referee: plays a turn the way Game Courier does (reference §1.6, Appendix B): Pre-Move,
 * every ';' part of the move, Post-Move (a `die` there makes the move illegal), then Post-Game
 * for the mover, which reports check, won/drawn/lost and the `say` text. Game Courier runs
 * Post-Game only after the last move of a replay, so its changes are undone afterwards. */
#include "gamecode/gc_internal.h"

#include <ctype.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct snapshot {
  char (*cells)[GC_LABEL_MAX];
  char (*stored)[GC_LABEL_MAX];
  int has_stored;
  GcMap globals, flags, consts, system, aliases, realnames;
  uint64_t tables_version; /* of flags ... realnames (GcInterp tables_version) */
  GcMoveVars mv, prev;
  int have_move;
} snapshot;

void gc_tables_changed(GcInterp *gc) {
  static _Atomic uint64_t versions;
  gc->tables_version = atomic_fetch_add_explicit(&versions, 1, memory_order_relaxed) + 1;
}

/* Public snapshots: everything a move can change, plus the game counters. */
struct GcState {
  snapshot snap;
  size_t cell_bytes;
  int ply, to_move;
  GcResult result;
  int result_player;
  GcValue legal;
  /* The open turn of several parts: its start (shared, never changed once saved: a state is
   * counted by refs) and its parts so far. */
  GcState *turn_start;
  char *turn_text;
  int refs;
};

static void close_turn(GcInterp *gc);
static void state_restore(GcInterp *gc, GcState *st, bool take);
static GcState *state_share(GcState *st);

static void snap_take(GcInterp *gc, snapshot *s) {
  size_t cells = sizeof(gc->board.cells[0]) * (size_t)(gc->board.nfiles * gc->board.nranks);
  memset(s, 0, sizeof *s);
  s->cells = malloc(cells);
  s->stored = gc->has_stored ? malloc(cells) : NULL; /* what `store` kept, read only where it did */
  if (!s->cells || (gc->has_stored && !s->stored)) abort();
  memcpy(s->cells, gc->board.cells, cells);
  if (s->stored) memcpy(s->stored, gc->stored.cells, cells);
  s->has_stored = gc->has_stored;
  gc_map_copy(&s->globals, &gc->globals);
  gc_map_copy(&s->flags, &gc->flags);
  gc_map_copy(&s->consts, &gc->consts);
  gc_map_copy(&s->system, &gc->system);
  gc_map_copy(&s->aliases, &gc->aliases);
  gc_map_copy(&s->realnames, &gc->realnames);
  s->tables_version = gc->tables_version;
  s->mv = gc->mv;
  s->prev = gc->prev;
  s->have_move = gc->have_move;
}

static void snap_free(snapshot *s) {
  free(s->cells);
  free(s->stored);
  GcMap *maps[] = {&s->globals, &s->flags, &s->consts, &s->system, &s->aliases, &s->realnames};
  for (int i = 0; i < 6; i++) gc_map_free(maps[i]);
}

/* Puts the snapshot's state back.  With take, its tables become the interpreter's and the
 * interpreter's its (the discarded state, freed by snap_free), for a snapshot used this once;
 * without, they are copied, and the snapshot stays usable. */
static void snap_restore(GcInterp *gc, snapshot *s, bool take) {
  gc_vars_changed(gc);
  size_t cells = sizeof(gc->board.cells[0]) * (size_t)(gc->board.nfiles * gc->board.nranks);
  memcpy(gc->board.cells, s->cells, cells);
  if (s->stored) memcpy(gc->stored.cells, s->stored, cells);
  gc->has_stored = s->has_stored;
  GcMap *dst[] = {&gc->globals, &gc->flags, &gc->consts, &gc->system, &gc->aliases, &gc->realnames};
  GcMap *src[] = {&s->globals, &s->flags, &s->consts, &s->system, &s->aliases, &s->realnames};
  /* the tables besides the globals are seldom changed (setflag, alias...): where they are as
   * saved, they stay */
  bool tables_same = gc->tables_version == s->tables_version;
  for (int i = 0; i < 6; i++) {
    if (!take) {
      if (i == 0 || !tables_same) gc_map_copy(dst[i], src[i]);
      continue;
    }
    GcMap t = *dst[i];
    *dst[i] = *src[i];
    *src[i] = t;
  }
  uint64_t v = gc->tables_version;
  gc->tables_version = s->tables_version;
  if (take) s->tables_version = v;
  gc->mv = s->mv;
  gc->prev = s->prev;
  gc->have_move = s->have_move;
}

/* Old presets hard-code where the Kings stand: seed 001's Pre-Game does `set K e1; set k e8`,
 * a variable named after the royal label holding its square. From another position that is
 * silently wrong (the King's moves and checks are judged from e1), so after Pre-Game each
 * global named after a label whose value is a square without that label is moved to the one
 * square where the label stands, and the FEN is refused when the label is absent or not
 * unique. Returns GC_OK or GC_ERROR with the reason in err. */
static int reconcile_label_squares(GcInterp *gc, GcError *err) {
  const GcBoard *b = &gc->board;
  for (size_t i = 0; i < gc->globals.cap; i++) {
    GcMapSlot *slot = &gc->globals.slots[i];
    if (!slot->key || slot->val.type != GC_STR) continue;
    const char *label = slot->key;
    int at = gc_board_index(b, slot->val.u.s);
    if (at < 0 || strlen(label) >= GC_LABEL_MAX || !strcmp(b->cells[at], label)) continue;
    int found = -1, n = 0;
    for (int c = 0; c < b->nfiles * b->nranks; c++)
      if (!strcmp(b->cells[c], label)) found = c, n++;
    if (n == 0) continue; /* not a label of this game: an ordinary variable */
    if (n > 1) {
      snprintf(err->message, sizeof err->message,
               "Pre-Game set %s to %s, where the position has no %s, and the position has %d of them: "
               "which one it means cannot be told",
               label, slot->val.u.s, label, n);
      err->file[0] = 0;
      err->line = 0;
      return GC_ERROR;
    }
    gc_release(&slot->val);
    slot->val = gc_coord_value(gc, found);
  }
  return GC_OK;
}

int gc_start(GcInterp *gc, GcError *err) {
  GcError dummy;
  if (!err) err = &dummy;
  if (gc_set_board(gc, gc->files ? gc->files : "a b c d e f g h", gc->ranks ? gc->ranks : "1 2 3 4 5 6 7 8",
                   gc->fen ? gc->fen : "rnbqkbnrpppppppp32PPPPPPPPRNBQKBNR", err)) {
    /* The header the error is about: its files, its ranks (or the board's size), else its FEN. */
    int line = strstr(err->message, "rank")                                       ? gc->ranks_line
               : strstr(err->message, "file") || strstr(err->message, "board of") ? gc->files_line
                                                                                  : gc->fen_line;
    snprintf(err->file, sizeof err->file, "%s", gc->preset_file);
    err->line = line ? line : 1;
    return GC_ERROR;
  }
  /* a fresh game: nothing of an earlier one survives */
  GcMap *state[] = {&gc->globals, &gc->flags, &gc->consts, &gc->system, &gc->aliases, &gc->realnames};
  for (int i = 0; i < 6; i++) gc_map_clear(state[i]);
  gc_tables_changed(gc);
  gc_vars_changed(gc);
  gc_release(&gc->legal);
  gc->legal = gc_arr_new();
  gc->has_stored = 0;
  close_turn(gc);
  gc->say[0] = 0;
  gc->ply = 0;
  gc->to_move = 1;
  gc->result = GC_RESULT_NONE;
  gc->have_move = 0;
  gc->mv = gc->prev = GC_NO_MOVE;
  gc->started = 1;
  gc->player = 1;
  int rc = gc->sections[SEC_PREGAME] ? gc_run_program(gc, gc->sections[SEC_PREGAME]) : ST_OK;
  if (rc == ST_OK && gc->from_fen && reconcile_label_squares(gc, err) != GC_OK) return GC_ERROR;
  if (rc == ST_OK && gc->sections[SEC_POSTGAME2]) {
    /* White needs a legal-move list before any move: run Post-Game 2 as if Black had just
     * moved (◐ reference §1.6), keeping only its setlegal list. */
    snapshot s;
    snap_take(gc, &s);
    gc->player = 2;
    rc = gc_run_program(gc, gc->sections[SEC_POSTGAME2]);
    snap_restore(gc, &s, true);
    snap_free(&s);
    gc->player = 1;
    gc->say[0] = 0;
    gc->result = GC_RESULT_NONE;
    if (rc == ST_DIE) rc = ST_OK;
  }
  if (rc == ST_ERROR) {
    *err = gc->errbuf;
    return GC_ERROR;
  }
  if (rc == ST_DIE) {
    snprintf(err->message, sizeof err->message, "Pre-Game died: %.480s", gc->die_msg);
    snprintf(err->file, sizeof err->file, "%s", gc->die_file);
    err->line = gc->die_file[0] ? gc->die_line : 0;
    return GC_ERROR;
  }
  return GC_OK;
}

static GcStatus verdict_error(GcInterp *gc, GcVerdict *out) {
  out->status = GC_PRESET_ERROR;
  snprintf(out->message, sizeof out->message, "%s", gc->errbuf.message);
  snprintf(out->file, sizeof out->file, "%s", gc->errbuf.file);
  out->line = gc->errbuf.line;
  out->stopped = gc->interrupted;
  return out->status;
}

static GcStatus verdict_illegal(GcInterp *gc, GcVerdict *out, const char *msg) {
  out->status = GC_ILLEGAL;
  gc_text_copy(out->message, sizeof out->message, msg);
  gc_text_copy(out->file, sizeof out->file, gc->die_file);
  out->line = gc->die_file[0] ? gc->die_line : 0;
  return out->status;
}

static int run_section(GcInterp *gc, int sec) {
  if (!gc->sections[sec]) return ST_OK;
  return gc_run_program(gc, gc->sections[sec]);
}

/* `ban allmoves` (or `ban <type>`) with `allow <type> <part>` exceptions (seed 000 ends with
 * `ban commands allmoves; allow moves 1 captures 1 promotions 2;`). Parts are classified as
 * moves (onto an empty square), captures, promotions (a label put on an occupied square),
 * drops (a label put on an empty square) and pass. */
static int banned_type_read(GcInterp *gc, int part) {
  char key[96] = "ban:";
  gc_text_copy(key + 4, sizeof key - 4, gc->part_type);
  if (!gc_map_get(&gc->system, "ban:allmoves") && !gc_map_get(&gc->system, key)) return 0;
  /* "allow:<type>:<part>", without printf */
  char num[32];
  GcValue part_value = gc_num(part);
  size_t at = strlen(gc_text_copy(key, sizeof key, "allow:"));
  at += strlen(gc_text_copy(key + at, sizeof key - at, gc->part_type));
  if (at + 1 < sizeof key) key[at++] = ':';
  gc_text_copy(key + at, sizeof key - at, gc_to_str(&part_value, num, sizeof num));
  return gc_map_get(&gc->system, key) == NULL;
}

/* The turn's rules as the system table has them now: read again only after the table changed
 * (a referee asked about many moves reads the same table each time). */
static void turn_rules(GcInterp *gc) {
  if (gc->turn_rules.version == gc->tables_version && gc->tables_version) return; /* 0: never read */
  const GcValue *maxmove = gc_map_get(&gc->system, "maxmove");
  gc->turn_rules.maxmove = maxmove ? gc_to_int(maxmove) : 0;
  gc->turn_rules.nseen = 0;
  gc->turn_rules.version = gc->tables_version;
}

static int banned_type(GcInterp *gc, int part) {
  turn_rules(gc);
  int n = gc->turn_rules.nseen;
  for (int i = 0; i < n; i++)
    if (gc->turn_rules.seen[i].type == gc->part_type && gc->turn_rules.seen[i].part == part)
      return gc->turn_rules.seen[i].banned;
  int banned = banned_type_read(gc, part);
  if (n < (int)(sizeof gc->turn_rules.seen / sizeof gc->turn_rules.seen[0])) {
    gc->turn_rules.seen[n].type = gc->part_type;
    gc->turn_rules.seen[n].part = part;
    gc->turn_rules.seen[n].banned = banned;
    gc->turn_rules.nseen = n + 1;
  }
  return banned;
}

/* Runs the turn's parts and Post-Move; ST_OK, ST_DIE or ST_ERROR. */
static int play_parts(GcInterp *gc, const char *move, int player) {
  int rc = run_section(gc, player == 1 ? SEC_PREMOVE1 : SEC_PREMOVE2);
  if (rc != ST_OK) return rc;
  turn_rules(gc);
  int limit = gc->turn_rules.maxmove;
  /* the parts are cut out of a copy (on the stack where it fits) */
  char small[256], *text = strlen(move) < sizeof small ? small : malloc(strlen(move) + 1);
  if (!text) abort();
  strcpy(text, move);
  int nparts = 0;
  for (const char *q = move; *q;) { /* count the non-empty parts first */
    while (*q == ';' || isspace((unsigned char)*q)) q++;
    if (!*q) break;
    nparts++;
    while (*q && *q != ';') q++;
  }
  if (limit > 0 && nparts > limit) {
    snprintf(gc->die_msg, sizeof gc->die_msg, "A move may have at most %d parts here.", limit);
    if (text != small) free(text);
    return ST_DIE;
  }
  int part = 0;
  for (char *save = NULL, *tok = strtok_r(text, ";", &save); tok && rc == ST_OK; tok = strtok_r(NULL, ";", &save)) {
    while (isspace((unsigned char)*tok)) tok++;
    if (!*tok) continue;
    gc->part = ++part;
    gc->reading_move = 1;
    rc = gc_exec_notation(gc, tok);
    gc->reading_move = 0;
    if (rc == ST_OK && banned_type(gc, part)) {
      snprintf(gc->die_msg, sizeof gc->die_msg, "A move of the kind '%s' is not allowed as part %d of a turn.",
               gc->part_type, part);
      rc = ST_DIE;
    }
  }
  if (text != small) free(text);
  if (rc != ST_OK) return rc;
  return run_section(gc, player == 1 ? SEC_POSTMOVE1 : SEC_POSTMOVE2);
}

/* Ends the open turn of several parts, if any (a new game, a resignation). */
static void close_turn(GcInterp *gc) {
  gc_state_free(gc->turn_start);
  gc->turn_start = NULL;
  free(gc->turn_text);
  gc->turn_text = NULL;
}

static char *join_parts(const char *before, const char *part) {
  size_t n = strlen(before) + strlen(part) + 3;
  char *s = malloc(n);
  if (!s) abort();
  snprintf(s, n, "%s; %s", before, part);
  return s;
}

GcStatus gc_play(GcInterp *gc, const char *move, GcVerdict *out) { return gc_play_from(gc, NULL, move, out); }

GcStatus gc_play_from(GcInterp *gc, GcState *here, const char *move, GcVerdict *out) {
  memset(out, 0, sizeof *out);
  out->ply = gc->ply + 1;
  if (!gc->started) {
    GcError e;
    if (gc_start(gc, &e)) {
      gc->errbuf = e;
      return verdict_error(gc, out);
    }
  }
  if (gc->result != GC_RESULT_NONE) return verdict_illegal(gc, out, "The game is over.");
  int player = gc->to_move ? gc->to_move : 1;
  const char *m = move;
  while (isspace((unsigned char)*m)) m++;
  if (strncmp(m, "resign", 6) == 0 && (!m[6] || isspace((unsigned char)m[6]))) {
    /* always allowed, even under `ban commands` ([T1]); no preset code runs */
    close_turn(gc);
    gc->ply++;
    gc->to_move = 3 - player;
    gc->result = GC_RESULT_LOST;
    gc->result_player = player;
    out->result = GC_RESULT_LOST;
    out->result_player = player;
    out->status = GC_LEGAL;
    return GC_LEGAL;
  }
  /* A further part of an open turn: Game Courier replays the whole turn, every part so far and
   * this one, from the position before its first part (so Pre-Move's `store` and Post-Move's
   * `restore` see the turn's start, and `thismove` every part).  If it is refused, the parts
   * already made stand. */
  GcState *resume = NULL, *start;
  char *joined = NULL;
  if (gc->turn_start) {
    resume = here ? state_share(here) : gc_state_save(gc);
    start = gc->turn_start;
    gc->turn_start = NULL;
    joined = join_parts(gc->turn_text, m);
    free(gc->turn_text);
    gc->turn_text = NULL;
    gc_state_restore(gc, start);
    out->ply = gc->ply + 1;
  } else {
    start = here ? state_share(here) : gc_state_save(gc);
  }
  const char *turn = joined ? joined : move;
  gc->player = player;
  size_t turn_len = strlen(turn);
  if (!gc->thismove || gc->thismove_cap < turn_len + 1) {
    free(gc->thismove);
    gc->thismove_cap = turn_len + 1 < 64 ? 64 : turn_len + 1;
    gc->thismove = malloc(gc->thismove_cap);
    if (!gc->thismove) abort();
  }
  memcpy(gc->thismove, turn, turn_len + 1);
  gc_release(&gc->promote);
  gc->continuemove = 0;
  gc->say[0] = 0;
  gc->die_file[0] = 0;

  int rc = play_parts(gc, turn, player);
  if (rc == ST_OK && gc->promote.type == GC_ARR) {
    /* Game Courier asks the player and amends the move ([T1] askpromote); a referee that
     * answers at once refuses the move with the choices, never picks one silently. */
    char *choices = gc_to_str_alloc(&gc->promote);
    snprintf(gc->die_msg, sizeof gc->die_msg, "A promotion is required here: choose one of %s", choices);
    snprintf(out->choices, sizeof out->choices, "%s", choices);
    snprintf(out->promote_square, sizeof out->promote_square, "%s", gc->mv.dest);
    free(choices);
    gc->die_file[0] = 0; /* the move lacks a part: the player's to add, not the preset's */
    rc = ST_DIE;
  }
  if (rc != ST_OK) {
    GcStatus st = rc == ST_DIE ? verdict_illegal(gc, out, gc->die_msg) : verdict_error(gc, out);
    /* the state before the move, used this once: its tables are taken, not copied */
    state_restore(gc, resume ? resume : start, !resume && start->refs == 1);
    gc_state_free(resume);
    gc_state_free(start);
    free(joined);
    gc_release(&gc->promote);
    return st;
  }
  gc_state_free(resume);
  gc->ply++;
  /* `continuemove` (in Post-Move or Post-Game) lets the same player move again ([T3]) */
  gc->to_move = gc->continuemove ? player : 3 - player;

  /* Post-Game for the mover, on a copy of the state */
  int sec = player == 1 ? SEC_POSTGAME1 : SEC_POSTGAME2;
  if (gc->sections[sec] && !gc->skip_postgame) {
    snapshot after;
    snap_take(gc, &after);
    gc_release(&gc->legal);
    gc->legal = gc_arr_new();
    gc->say[0] = 0;
    gc->player = player;
    rc = run_section(gc, sec);
    snap_restore(gc, &after, true);
    snap_free(&after);
    if (rc == ST_ERROR) {
      gc_state_free(start);
      free(joined);
      return verdict_error(gc, out);
    }
    if (rc == ST_DIE) { /* a die in Post-Game: reported as a message, the move stands */
      snprintf(gc->say, sizeof gc->say, "%s", gc->die_msg);
    }
  }
  if (gc->continuemove && gc->result == GC_RESULT_NONE) {
    gc->to_move = player;
    gc->turn_start = start;
    gc->turn_text = joined ? joined : strdup(move);
    if (!gc->turn_text) abort();
  } else {
    gc->to_move = 3 - player;
    gc_state_free(start);
    free(joined);
  }
  gc_text_copy(out->say, sizeof out->say, gc->say);
  out->result = gc->result;
  out->result_player = gc->result_player;
  out->status = GC_LEGAL;
  return GC_LEGAL;
}

bool gc_turn_open(const GcInterp *gc) { return gc->turn_start != NULL; }

int gc_referee_game(GcInterp *gc, const char *game_text, GcVerdict *out) {
  memset(out, 0, sizeof *out);
  GcError err;
  if (gc_start(gc, &err)) {
    out->status = GC_PRESET_ERROR;
    snprintf(out->message, sizeof out->message, "%s", err.message);
    snprintf(out->file, sizeof out->file, "%s", err.file);
    out->line = err.line;
    return 2;
  }
  const char *p = game_text;
  while (*p) {
    const char *eol = strchr(p, '\n');
    size_t len = eol ? (size_t)(eol - p) : strlen(p);
    char line[1024];
    snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), p);
    p = eol ? eol + 1 : p + len;
    char *s = line;
    while (isspace((unsigned char)*s)) s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1])) *--e = 0;
    if (!*s || (s[0] == '/' && s[1] == '/')) continue;
    char *q = s; /* "12." or "12..." move numbers */
    while (isdigit((unsigned char)*q)) q++;
    if (q > s && *q == '.') {
      while (*q == '.') q++;
      while (isspace((unsigned char)*q)) q++;
      s = q;
    }
    GcStatus st = gc_play(gc, s, out);
    if (st == GC_ILLEGAL) return 1;
    if (st == GC_PRESET_ERROR) return 2;
  }
  return 0;
}

static GcState *state_share(GcState *st) {
  if (st) st->refs++;
  return st;
}

static char *dup_or_null(const char *s) {
  if (!s) return NULL;
  char *d = strdup(s);
  if (!d) abort();
  return d;
}

int gc_start_from(GcInterp *gc, const char *fen, int player, GcError *err) {
  GcError dummy;
  if (!err) err = &dummy;
  char *own = gc->fen;
  gc->fen = (char *)fen;
  gc->from_fen = 1;
  int rc = gc_start(gc, err);
  gc->from_fen = 0;
  gc->fen = own;
  if (rc == GC_OK && player == 2) gc->to_move = 2;
  return rc;
}

GcState *gc_state_save(GcInterp *gc) {
  GcState *st = calloc(1, sizeof *st);
  if (!st) abort();
  snap_take(gc, &st->snap);
  st->cell_bytes = sizeof(gc->board.cells[0]) * (size_t)(gc->board.nfiles * gc->board.nranks);
  st->ply = gc->ply;
  st->to_move = gc->to_move;
  st->result = gc->result;
  st->result_player = gc->result_player;
  st->legal = gc_copy(&gc->legal);
  st->turn_start = state_share(gc->turn_start);
  st->turn_text = dup_or_null(gc->turn_text);
  st->refs = 1;
  return st;
}

/* Restores st, its tables taken or copied (snap_restore). */
static void state_restore(GcInterp *gc, GcState *st, bool take) {
  snap_restore(gc, &st->snap, take);
  gc->ply = st->ply;
  gc->to_move = st->to_move;
  gc->result = st->result;
  gc->result_player = st->result_player;
  gc_release(&gc->legal);
  gc->legal = gc_copy(&st->legal);
  GcState *turn_start = state_share(st->turn_start); /* st may be the open turn's own start */
  close_turn(gc);
  gc->turn_start = turn_start;
  gc->turn_text = dup_or_null(st->turn_text);
}

/* copied into the interpreter's own tables, so that st stays usable */
void gc_state_restore(GcInterp *gc, const GcState *st) { state_restore(gc, (GcState *)st, false); }

GcState *gc_state_clone(const GcState *st) {
  GcState *c = calloc(1, sizeof *c);
  if (!c) abort();
  *c = *st;
  c->snap.cells = malloc(st->cell_bytes ? st->cell_bytes : 1);
  c->snap.stored = st->snap.stored ? malloc(st->cell_bytes ? st->cell_bytes : 1) : NULL;
  if (!c->snap.cells || (st->snap.stored && !c->snap.stored)) abort();
  memcpy(c->snap.cells, st->snap.cells, st->cell_bytes);
  if (c->snap.stored) memcpy(c->snap.stored, st->snap.stored, st->cell_bytes);
  GcMap *dst[] = {&c->snap.globals, &c->snap.flags,   &c->snap.consts,
                  &c->snap.system,  &c->snap.aliases, &c->snap.realnames};
  const GcMap *src[] = {&st->snap.globals, &st->snap.flags,   &st->snap.consts,
                        &st->snap.system,  &st->snap.aliases, &st->snap.realnames};
  for (int i = 0; i < 6; i++) {
    memset(dst[i], 0, sizeof *dst[i]);
    gc_map_copy_deep(dst[i], src[i]);
  }
  c->legal = gc_copy_deep(&st->legal);
  c->turn_start = st->turn_start ? gc_state_clone(st->turn_start) : NULL;
  c->turn_text = dup_or_null(st->turn_text);
  c->refs = 1;
  return c;
}

void gc_state_free(GcState *st) {
  if (!st || --st->refs > 0) return;
  snap_free(&st->snap);
  gc_release(&st->legal);
  gc_state_free(st->turn_start);
  free(st->turn_text);
  free(st);
}

int gc_ply(const GcInterp *gc) { return gc->ply; }
int gc_side_to_move(const GcInterp *gc) { return gc->to_move ? gc->to_move : 1; }
const GcValue *gc_legal_moves(const GcInterp *gc) { return &gc->legal; }

void gc_set_postgame(GcInterp *gc, bool run) { gc->skip_postgame = !run; }
void gc_set_messages(GcInterp *gc, bool compose) { gc->skip_messages = !compose; }
void gc_set_memo(GcInterp *gc, bool remember) {
  gc->memo_off = !remember;
  gc_memo_clear(gc);
}
