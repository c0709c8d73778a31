/* Loading a preset into a game: the interpreter runs Pre-Game; geometry, holes, labels and the
 * start position come from its board; then the pieces (br_pieces.c), royalty, promotion, drops
 * and game ends (br_derive.c) and castling (br_castling.c) are derived, the rules finalised, the
 * oracle made for what did not compile, and the probe game played.  Code is read as the
 * interpreter parsed it (br_code.c), never as the preset's text. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bridge/br_internal.h"
#include "bridge/catalog.h"

void br_note(BrGame *g, const char *text) {
  size_t len = strlen(g->notes);
  snprintf(g->notes + len, sizeof g->notes - len, "%s%s", len ? "; " : "", text);
}

const char *br_label_at(const GcBoard *b, const char *coord) {
  int idx = gc_board_index(b, coord);
  return idx >= 0 ? b->cells[idx] : NULL;
}

/* The square a variable names when it holds a coordinate, else NULL. */
const char *br_var_square(GcInterp *gc, const char *name) {
  const GcValue *v = gc_get_var(gc, name);
  if (!v || v->type != GC_STR) return NULL;
  return gc_board_index(gc_get_board(gc), v->u.s) >= 0 ? v->u.s : NULL;
}

BrPiece *br_piece_of(BrGame *g, const char *label) {
  for (int i = 0; i < g->piece_count; i++)
    if (!strcmp(g->pieces[i].label, label)) return &g->pieces[i];
  return NULL;
}

static bool fail(char *err, int errlen, const char *msg) {
  snprintf(err, errlen, "%s", msg);
  return false;
}

/* Whether a message begins with its place, "FILE:LINE: ". */
static bool has_place(const char *msg) {
  const char *colon = strchr(msg, ':');
  if (!colon || colon == msg || !isdigit((unsigned char)colon[1])) return false;
  const char *end = colon + 1;
  while (isdigit((unsigned char)*end)) end++;
  return *end == ':';
}

/* Every preset error says where: a message from a layer that knows no file (the geometry, the
 * rules model, a label) gets the preset's file and a line (a header's, gc_header_line's key, or
 * line itself when key is NULL): the line of the statement or header it is about.  Returns false. */
static bool located(const BrGame *g, const char *file, const char *key, int line, char *err, int errlen) {
  if (has_place(err)) return false;
  char why[BR_REASON_LEN + 256];
  snprintf(why, sizeof why, "%s", err);
  snprintf(err, errlen, "%s:%d: %s", file ? file : g->source.path, key ? gc_header_line(g->gc, key) : line, why);
  return false;
}

/* Where a setting is last set (`set NAME ...`: the preset's own after the include's default),
 * or the FEN header when no statement sets it. */
static bool located_setting(const BrGame *g, const BrCode *code, const char *name, char *err, int errlen) {
  for (int i = code ? code->count - 1 : -1; i >= 0; i--) {
    const BrStatement *st = &code->st[i];
    if (st->nwords >= 2 && !strcmp(st->words[0], "set") && !strcmp(st->words[1], name))
      return located(g, st->file, NULL, st->line, err, errlen);
  }
  return located(g, NULL, "fen", 0, err, errlen);
}

/* Adds a piece label (once). */
static bool add_label(BrGame *g, const char *label, char *err, int errlen) {
  if (br_piece_of(g, label)) return true;
  if (strlen(label) != 1 || !isalpha((unsigned char)label[0]))
    return fail(err, errlen, "piece labels of more than one letter are not supported yet");
  if (g->piece_count == BR_MAX_PIECES) return fail(err, errlen, "too many piece labels");
  BrPiece *pc = &g->pieces[g->piece_count++];
  snprintf(pc->label, sizeof pc->label, "%s", label);
  pc->color = isupper((unsigned char)label[0]) ? WHITE : BLACK;
  pc->type = -1;
  return true;
}

GcInterp *br_source_interp(const BrSource *src, GcError *ge) {
  GcInterp *gc = gc_new();
  gc_set_include_resolver(gc, catalog_include, (void *)src);
  if (gc_load_preset_text(gc, src->text, src->path, ge) != GC_OK) {
    gc_free(gc);
    return NULL;
  }
  return gc;
}

static int64_t now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int br_default_load_limit_ms(void) {
  const char *text = getenv("HERALD_LOAD_TIME");
  char *end;
  long seconds = text ? strtol(text, &end, 10) : 0;
  if (!text || !*text || *end || seconds < 1 || seconds > BR_LOAD_LIMIT_MAX_S) return BR_LOAD_LIMIT_MS;
  return (int)seconds * 1000;
}

bool br_load_clock(void *ctx, const char *file, int line) {
  BrGame *g = ctx;
  if (!g->load_deadline_ms || now_ms() < g->load_deadline_ms) return false;
  if (!g->load_stopped) {
    g->load_stopped = true;
    snprintf(g->load_stop_file, sizeof g->load_stop_file, "%s", file);
    g->load_stop_line = line;
  }
  return true;
}

GcInterp *br_new_interp(const BrGame *g, GcError *ge) {
  GcInterp *gc = br_source_interp(&g->source, ge);
  if (!gc) return NULL;
  gc_set_interrupt(gc, br_load_clock, (void *)g);
  br_allow_run_time(gc, g->load_limit_ms);
  return gc;
}

void br_allow_run_time(GcInterp *gc, int load_limit_ms) {
  GcLimits limits = gc_default_limits();
  if (load_limit_ms <= limits.max_millis) return;
  limits.max_millis = load_limit_ms;
  gc_set_limits(gc, &limits);
}

/* The folder of the preset's `Include:` header joins its include folders: relative to the
 * preset's own folder, never absolute and never through "..", so that a preset cannot read
 * files outside the folders the user gave it. */
bool br_source_add_header_include(BrSource *src, const GcInterp *gc, char *err, int errlen) {
  const char *dir = gc_include_header(gc);
  if (!dir || !*dir) return true;
  if (dir[0] == '/' || strstr(dir, "..")) {
    snprintf(err, errlen, "%s:%d: Include: '%.200s' must be a folder below the preset's own", src->path,
             gc_header_line(gc, "include"), dir);
    return false;
  }
  const char *slash = strrchr(src->path, '/');
  char path[2 * BR_PATH_LEN];
  snprintf(path, sizeof path, "%.*s/%s", slash ? (int)(slash - src->path) : 1, slash ? src->path : ".", dir);
  br_source_add_include_dir(src, path);
  return true;
}

/* Mistakes found by reading the preset (gc_lint): a call of what nothing defines fails the load
 * with its file:line; suspect expressions are kept as warnings for `herald check` and the GUIs. */
static bool read_for_mistakes(BrGame *g, char *err, int errlen) {
  enum { MAX_ISSUES = 16 };
  GcLintIssue issues[MAX_ISSUES];
  int n = gc_lint(g->gc, issues, MAX_ISSUES);
  for (int i = 0; i < n && i < MAX_ISSUES; i++) {
    if (issues[i].error) {
      snprintf(err, errlen, "%s:%d: %s", issues[i].file, issues[i].line, issues[i].message);
      return false;
    }
    if (g->warning_count < BR_MAX_WARNINGS)
      snprintf(g->warnings[g->warning_count++], BR_REASON_LEN, "%.120s:%d: %.180s", issues[i].file, issues[i].line,
               issues[i].message);
  }
  return true;
}

static bool build(BrGame *g, char *err, int errlen) {
  GcError ge = {0};
  g->gc = br_new_interp(g, &ge);
  if (g->gc && !br_source_add_header_include(&g->source, g->gc, err, errlen)) return false;
  if (!g->gc || gc_start(g->gc, &ge) != GC_OK) {
    snprintf(err, errlen, "%s:%d: %s", ge.file, ge.line, ge.message);
    return false;
  }
  if (!read_for_mistakes(g, err, errlen)) return false;
  snprintf(g->name, sizeof g->name, "%s",
           gc_game_name(g->gc) && *gc_game_name(g->gc) ? gc_game_name(g->gc) : g->source.name);
  const GcBoard *b = gc_get_board(g->gc);
  Rules *r = &g->rules;
  if (!rules_init(r, g->source.name, b->nfiles, b->nranks, err, errlen)) {
    /* The board the rules cannot hold (17 files, say): where the preset says so. */
    char why[256];
    snprintf(why, sizeof why, "%s", err);
    snprintf(err, errlen, "%s:%d: %s", g->source.path, gc_header_line(g->gc, "board"), why);
    return false;
  }
  char files[GC_MAX_FILES * GC_LABEL_MAX], ranks[GC_MAX_RANKS * GC_LABEL_MAX];
  files[0] = ranks[0] = 0;
  for (int f = 0; f < b->nfiles; f++) strcat(strcat(files, f ? " " : ""), b->files[f]);
  for (int k = 0; k < b->nranks; k++) strcat(strcat(ranks, k ? " " : ""), b->ranks[k]);
  if (!geo_set_labels(&r->geo, files, ranks, err, errlen))
    return located(g, NULL, strstr(err, "rank") ? "ranks" : "files", 0, err, errlen);
  /* Pieces present, one type per letter; holes. */
  for (int sq = 0; sq < b->nfiles * b->nranks; sq++) {
    if (gc_board_is_hole(b, sq)) {
      r->geo.hole[sq] = true;
      continue;
    }
    if (gc_board_is_empty(b, sq)) continue;
    if (!add_label(g, b->cells[sq], err, errlen)) return located(g, NULL, "fen", 0, err, errlen);
  }
  BrCode *code = br_code_read(g->gc);
  /* Types that only arise by promotion: the labels of every `askpromote` list. */
  for (int i = 0; code && i < code->count; i++) {
    const BrStatement *st = &code->st[i];
    bool listing = false;
    for (int k = 0; k < st->nwords; k++) {
      const char *w = st->words[k];
      if (listing && strlen(w) == 1 && isalpha((unsigned char)w[0]) && !add_label(g, w, err, errlen)) {
        located(g, st->file, NULL, st->line, err, errlen);
        br_code_free(code);
        return false;
      }
      listing |= !strcmp(w, "askpromote");
    }
  }
  /* Shogi-style promoted forms (herald-rules `promoted`), both cases: not on the board yet. */
  char promoted[MAX_TYPES][GC_LABEL_MAX * 2];
  int npromoted = br_setting_words(g->gc, "promoted", promoted, MAX_TYPES);
  for (int i = 0; i < npromoted; i++)
    for (int c = 0; c < 2; c++) {
      char label[GC_LABEL_MAX * 2];
      memcpy(label, promoted[i], sizeof label);
      label[sizeof label - 1] = 0;
      label[0] = (char)(c == WHITE ? toupper(label[0]) : tolower(label[0]));
      if (!add_label(g, label, err, errlen)) {
        located_setting(g, code, "promoted", err, errlen);
        br_code_free(code);
        return false;
      }
    }
  /* The fairychess promotion lists (wprom, bprom): Monster Chess's White has none of the
   * pieces its Pawns promote to. */
  static const char *const lists[] = {"wprom", "bprom"};
  for (int l = 0; l < 2; l++) {
    char words[MAX_TYPES][GC_LABEL_MAX * 2];
    int n = br_setting_words(g->gc, lists[l], words, MAX_TYPES);
    for (int i = 0; i < n; i++)
      if (strlen(words[i]) == 1 && isalpha((unsigned char)words[i][0]) && !add_label(g, words[i], err, errlen)) {
        located_setting(g, code, lists[l], err, errlen);
        br_code_free(code);
        return false;
      }
  }
  br_bind_settings(g->gc); /* defs may read the fixed pawn settings (wpr bpr fps pzs) */
  br_bind_zones(r);        /* and confine leaps to a part of the board (the xiangqi palace) */
  /* Every label's type first, then each type's movement: a def may name another label (the
   * Chameleon's `== space #1 k`), whose type its candidates then know. */
  BrPiece *pairs[MAX_TYPES][2];
  int first_type = r->type_count;
  for (int i = 0; i < g->piece_count; i++) {
    BrPiece *pc = &g->pieces[i];
    if (pc->type >= 0) continue;
    char other[2] = {(char)(pc->color == WHITE ? tolower(pc->label[0]) : toupper(pc->label[0])), 0};
    BrPiece *pcs[2] = {NULL, NULL};
    pcs[pc->color] = pc;
    pcs[1 - pc->color] = br_piece_of(g, other);
    char upper = (char)toupper(pc->label[0]);
    int t = rules_add_piece(r, (char[]){upper, 0}, upper, "", err, errlen);
    if (t < 0) {
      located(g, NULL, "fen", 0, err, errlen);
      br_code_free(code);
      return false;
    }
    for (int c = 0; c < 2; c++) {
      if (pcs[c]) pcs[c]->type = t;
      pairs[t][c] = pcs[c];
      snprintf(g->type_label[t][c], GC_LABEL_MAX, "%c", c == WHITE ? upper : tolower(upper));
    }
  }
  for (int t = first_type; t < r->type_count; t++) br_compile_type(g, t, code, pairs[t]);
  g->code_letter[SQ_EMPTY] = '@';
  for (int t = 0; t < r->type_count; t++)
    for (int c = 0; c < 2; c++) g->code_letter[piece_code(c, t)] = g->type_label[t][c][1] ? 0 : g->type_label[t][c][0];
  br_bind_settings(NULL);
  br_bind_zones(NULL);
  br_derive_royalty(g);
  for (int i = 0; i < g->piece_count; i++)
    if (g->pieces[i].royal) r->types[g->pieces[i].type].royal = true;
  char rights[64];
  if (!br_derive_castling(g, rights, sizeof rights, err, errlen)) {
    located_setting(g, code, "wcastle", err, errlen);
    br_code_free(code);
    return false;
  }
  if (!br_derive_first_moves(g, rights, sizeof rights, err, errlen)) {
    located_setting(g, code, "wfirst", err, errlen);
    br_code_free(code);
    return false;
  }
  br_derive_promotion(g, code);
  g->declares_results =
      br_code_has_command(code, "won") || br_code_has_command(code, "drawn") || br_code_has_command(code, "lost");
  br_derive_oracle_en_passant(g, code);
  /* The 50-move rule: a test of the no-progress counter against 100 plies (`if >= #nopvc 100`). */
  if (br_code_has_word(code, "#nopvc", "100") || br_code_has_word(code, "nopvc", "100")) r->nmove_rule = 100;
  /* Repetition: the code keeps the positions seen (`set posvar ...`, `#posvar`). */
  if (br_code_has_word(code, "posvar", NULL) || br_code_has_word(code, "#posvar", NULL)) r->repetition_count = 3;
  const char *bad_setting = "fen";
  if (!br_derive_game_end(g, &bad_setting, err, errlen)) {
    located_setting(g, code, bad_setting, err, errlen);
    br_code_free(code);
    return false;
  }
  br_derive_shogi_promotion(g);
  br_derive_drops(g);
  br_derive_turns(g, code);
  br_code_free(code);
  g->all_compiled = true;
  for (int i = 0; i < g->piece_count; i++) g->all_compiled &= g->pieces[i].compiled;
  /* The start position, in slash form. */
  char fen[600];
  int n = 0;
  for (int rank = b->nranks - 1; rank >= 0; rank--) {
    int run = 0;
    for (int f = 0; f < b->nfiles; f++) {
      int sq = gc_board_at(b, f, rank);
      if (gc_board_is_empty(b, sq)) {
        run++;
        continue;
      }
      if (run) n += snprintf(fen + n, sizeof fen - n, "%d", run), run = 0;
      n += snprintf(fen + n, sizeof fen - n, "%s", gc_board_is_hole(b, sq) ? "*" : b->cells[sq]);
    }
    if (run) n += snprintf(fen + n, sizeof fen - n, "%d", run);
    if (rank) n += snprintf(fen + n, sizeof fen - n, "/");
  }
  if (r->drops) { /* the hands the game starts with (herald-rules counts them in hand-LABEL) */
    n += snprintf(fen + n, sizeof fen - n, "[");
    for (int c = 0; c < 2; c++)
      for (int t = 0; t < r->type_count; t++) {
        char name[GC_LABEL_MAX + 8];
        snprintf(name, sizeof name, "hand-%s", g->type_label[t][c]);
        const GcValue *v = gc_get_var(g->gc, name);
        for (int k = 0; v && v->type == GC_NUM && k < (int)v->u.n && k < 64 && n < (int)sizeof fen - 80; k++)
          n += snprintf(fen + n, sizeof fen - n, "%s", g->type_label[t][c]);
      }
    n += snprintf(fen + n, sizeof fen - n, "]");
  }
  n += snprintf(fen + n, sizeof fen - n, " %c %s -", gc_side_to_move(g->gc) == 1 ? 'w' : 'b', rights[0] ? rights : "-");
  /* The checks still to give, which fairy-stockfish reads in a check-counting game's FEN. */
  if (r->check_limit > 0) n += snprintf(fen + n, sizeof fen - n, " %d+%d", r->check_limit, r->check_limit);
  snprintf(fen + n, sizeof fen - n, " 0 1");
  snprintf(g->start_fen, sizeof g->start_fen, "%s", fen);
  snprintf(r->start_fen, sizeof r->start_fen, "%.500s", fen);
  /* The pieces, their promotions and castlings as a whole: the FEN's line, where they are. */
  if (!rules_finalize(r, err, errlen)) return located(g, NULL, "fen", 0, err, errlen);
  if (!g->all_compiled) {
    g->oracle = br_oracle_new(g, err, errlen);
    if (!g->oracle) return located(g, NULL, "fen", 0, err, errlen);
    r->oracle = br_oracle_hooks(g->oracle);
  }
  if (!br_probe_turns(g, err, errlen)) return located(g, NULL, "fen", 0, err, errlen);
  /* What the defs do not show (captures and freezing done in Post-Move) is found by playing. */
  int demoted = g->probe ? br_probe(g, 1, 60, 1, err, errlen) : 0;
  if (demoted < 0) return located(g, NULL, "fen", 0, err, errlen);
  if (demoted) {
    char text[64];
    snprintf(text, sizeof text, "probe: %d type%s handed to the referee", demoted, demoted > 1 ? "s" : "");
    br_note(g, text);
  }
  g->rules_ready = true;
  return true;
}

BrGame *br_load_source(const BrSource *src, bool probe, char *err, int errlen) {
  BrGame *g = calloc(1, sizeof *g);
  if (!g || !src->text) {
    snprintf(err, errlen, "out of memory");
    free(g);
    return NULL;
  }
  g->probe = probe;
  g->source = *src;
  g->source.text = malloc(strlen(src->text) + 1);
  if (!g->source.text) {
    snprintf(err, errlen, "out of memory");
    free(g);
    return NULL;
  }
  memcpy(g->source.text, src->text, strlen(src->text) + 1);
  g->load_limit_ms = src->load_limit_ms > 0 ? src->load_limit_ms : br_default_load_limit_ms();
  g->load_deadline_ms = now_ms() + g->load_limit_ms;
  bool built = build(g, err, errlen);
  if (g->load_stopped) { /* whatever the stopped code made of it, the load's time was out */
    snprintf(err, errlen,
             "%.200s:%d: loading the preset took longer than its limit of %d ms (--load-time SECONDS or the LoadTime "
             "option raise it)",
             g->load_stop_file, g->load_stop_line, g->load_limit_ms);
    built = false;
  }
  g->load_deadline_ms = 0;
  if (!built) {
    br_free(g);
    return NULL;
  }
  return g;
}

BrGame *br_load(const char *path, const char *include_dir, char *err, int errlen) {
  return br_load_with(path, include_dir, true, err, errlen);
}

BrGame *br_load_with(const char *path, const char *include_dir, bool probe, char *err, int errlen) {
  BrSource src = {0};
  src.text = gc_read_text_file(path);
  if (!src.text) {
    snprintf(err, errlen, "cannot read preset file '%.300s'", path);
    return NULL;
  }
  snprintf(src.path, sizeof src.path, "%s", path);
  const char *base = strrchr(path, '/');
  snprintf(src.name, sizeof src.name, "%.*s", (int)strcspn(base ? base + 1 : path, "."), base ? base + 1 : path);
  if (include_dir) br_source_add_include_dir(&src, include_dir);
  BrGame *g = br_load_source(&src, probe, err, errlen);
  br_source_free(&src);
  return g;
}

/* The rules own the game when they leave it (br_take_rules): its oracle needs it. */
static void release_game(void *ctx) {
  BrGame *g = br_oracle_game(ctx);
  g->rules.oracle = NULL;
  g->rules.tables = NULL; /* freed by the rules that took them */
  br_free(g);
}

void br_take_rules(BrGame *g, Rules *out) {
  *out = g->rules; /* the tables now belong to out */
  g->rules.tables = NULL;
  if (out->oracle) {
    out->oracle->release = release_game;
    return;
  }
  br_free(g);
}

void br_free(BrGame *g) {
  if (!g) return;
  g->rules.oracle = NULL;
  br_oracle_free(g->oracle);
  if (g->gc) gc_free(g->gc);
  if (g->referee_state) gc_state_free(g->referee_state);
  free(g->referee_moves);
  br_guard_memo_free(g->guard_memo);
  br_source_free(&g->source);
  rules_free(&g->rules);
  free(g);
}
