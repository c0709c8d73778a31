/* The preset's referee asked about one move of a game the engine is playing (bridge.h,
 * br_referee_move), and the small accessors the engine's layers read a game through.  The
 * protocol uses these for root safety (DESIGN.md: "moves at the root are checked by the
 * referee") and for the preset's own words on an illegal move; it never calls the interpreter. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge/br_game.h"

Rules *br_game_rules(BrGame *g) { return &g->rules; }
int br_game_warning_count(const BrGame *g) { return g->warning_count; }
const char *br_game_warning(const BrGame *g, int i) { return g->warnings[i]; }
BrOracle *br_game_oracle(const BrGame *g) { return g->oracle; }
const char *br_game_start_fen(const BrGame *g) { return g->start_fen; }
const char *br_game_name(const BrGame *g) { return g->name; }
int br_game_piece_count(const BrGame *g) { return g->piece_count; }
const BrPiece *br_game_piece(const BrGame *g, int i) { return i >= 0 && i < g->piece_count ? &g->pieces[i] : NULL; }

static void copy_verdict(GcStatus status, const GcVerdict *v, BrVerdict *out) {
  out->status = status == GC_LEGAL ? BR_LEGAL : status == GC_ILLEGAL ? BR_ILLEGAL : BR_PRESET_ERROR;
  snprintf(out->message, sizeof out->message, "%s", v->message);
  snprintf(out->file, sizeof out->file, "%s", v->file);
  out->line = v->line;
}

/* How many moves of pos's game, from its start, the saved referee state has played: all of
 * them (its ply) when they begin pos's history, else 0. */
static int referee_prefix(const BrGame *g, const Position *pos) {
  if (!g->referee_state || g->referee_ply > pos->ply) return 0;
  for (int i = 0; i < g->referee_ply; i++)
    if (g->referee_moves[i] != pos->history[i].move) return 0;
  return g->referee_ply;
}

/* Keeps the interpreter's state as the one after the first ply moves of pos's game. */
static void remember_referee_state(BrGame *g, const Position *pos, int ply) {
  if (ply > g->referee_capacity) {
    int capacity = ply + ply / 2 + 16;
    Move *moves = realloc(g->referee_moves, (size_t)capacity * sizeof *moves);
    if (!moves) return;
    g->referee_moves = moves;
    g->referee_capacity = capacity;
  }
  GcState *state = gc_state_save(g->gc);
  if (!state) return;
  if (g->referee_state) gc_state_free(g->referee_state);
  g->referee_state = state;
  for (int i = 0; i < ply; i++) g->referee_moves[i] = pos->history[i].move;
  g->referee_ply = ply;
}

int br_referee_move(BrGame *g, const Position *pos, Move m, BrVerdict *out) {
  memset(out, 0, sizeof *out);
  char err[RULES_ERR_LEN];
  Position walk = {0};
  if (!pos_set_fen(&walk, &g->rules, g->start_fen, err, sizeof err)) {
    pos_free(&walk);
    return -1;
  }
  uint64_t start_key = pos->ply ? pos->history[0].key : pos->key;
  if (walk.key != start_key) {
    pos_free(&walk);
    return -1;
  }
  GcState *saved = gc_state_save(g->gc);
  GcVerdict v;
  memset(&v, 0, sizeof v);
  GcStatus status = GC_LEGAL;
  char text[128];
  int known = referee_prefix(g, pos);
  if (known) gc_state_restore(g->gc, g->referee_state);
  for (int i = 0; i < known; i++) pos_make(&walk, pos->history[i].move);
  for (int i = known; i < pos->ply && status == GC_LEGAL; i++) {
    Move played = pos->history[i].move;
    br_move_text(g, &walk, played, text, sizeof text);
    status = gc_play(g->gc, text, &v);
    pos_make(&walk, played);
  }
  int result = -1; /* the game so far is not one the preset accepts: no verdict on this move */
  if (status == GC_LEGAL) {
    if (pos->ply > known) remember_referee_state(g, pos, pos->ply);
    br_move_text(g, &walk, m, text, sizeof text);
    copy_verdict(gc_play(g->gc, text, &v), &v, out);
    result = (int)out->status;
  }
  gc_state_restore(g->gc, saved);
  gc_state_free(saved);
  pos_free(&walk);
  return result;
}

void br_move_text(const BrGame *g, const Position *p, Move m, char *out, int outlen) {
  const Rules *r = &g->rules;
  int from = move_from(m), to = move_to(m), kind = move_kind(m);
  if (kind == MOVE_CASTLING) { /* the king's move (onto its partner under castle960: "K g1-h1") */
    from = r->castlings[move_arg(m)].king_from;
    to = castling_written_to(r, &r->castlings[move_arg(m)]);
  }
  char f[2 * GEO_LABEL_MAX], t[2 * GEO_LABEL_MAX];
  geo_square_name(&r->geo, from, f);
  geo_square_name(&r->geo, to, t);
  if (kind == MOVE_DROP) {
    snprintf(out, outlen, "%s*%s", g->type_label[move_arg(m)][p->side], t);
    return;
  }
  if (kind == MOVE_PASS) {
    snprintf(out, outlen, "pass");
    return;
  }
  int code = p->board[from];
  const char *label = code && code != SQ_HOLE ? g->type_label[piece_type(code)][piece_color(code)] : "?";
  /* "label from-to", written by hand: the oracle writes one for every move it asks about, and
   * snprintf was 2% of Ultima's perft */
  size_t ll = strlen(label), fl = strlen(f), tl = strlen(t);
  if (outlen <= 0) return;
  if (ll + fl + tl + 3 > (size_t)outlen) {
    snprintf(out, outlen, "%s %s-%s", label, f, t);
    return;
  }
  char *o = out;
  memcpy(o, label, ll), o += ll, *o++ = ' ';
  memcpy(o, f, fl), o += fl, *o++ = '-';
  memcpy(o, t, tl + 1), o += tl;
  int n = (int)(o - out);
  if (kind == MOVE_CASTLING && g->castle2 && n < outlen) { /* "K f1-c1; R a1-d1" */
    const Castling *c = &r->castlings[move_arg(m)];
    int partner = p->board[c->partner_from];
    char pf[2 * GEO_LABEL_MAX], pt[2 * GEO_LABEL_MAX];
    geo_square_name(&r->geo, c->partner_from, pf);
    geo_square_name(&r->geo, c->partner_to, pt);
    snprintf(out + n, outlen - n, "; %s %s-%s",
             partner && partner != SQ_HOLE ? g->type_label[piece_type(partner)][piece_color(partner)] : "?", pf, pt);
    return;
  }
  if (kind == MOVE_PROMOTION && n < outlen)
    snprintf(out + n, outlen - n, "; %s-%s", g->type_label[move_arg(m)][piece_color(code)], t);
}
