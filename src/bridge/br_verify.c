/* Verify mode: random games under the compiled rules, and at every position the interpreter's
 * referee judges the generator's moves (each must be accepted) and a sample of the moves the
 * generator does not make (each must be refused).  A disagreement names the position, the move
 * and the preset's message with its file:line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge/br_internal.h"

static uint64_t next_random(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

static void record(BrVerifyStats *st, const Position *p, const char *what, const char *move, const GcVerdict *v) {
  st->disagreements++;
  if (st->first[0]) return;
  char fen[600];
  pos_get_fen(p, fen, sizeof fen);
  if (v && v->file[0])
    snprintf(st->first, sizeof st->first, "%.100s: %.100s | position %.400s | preset says: %.300s (%.100s:%d)", what,
             move, fen, v->message, v->file, v->line);
  else if (v)
    snprintf(st->first, sizeof st->first, "%.100s: %.100s | position %.400s | preset says: %.300s", what, move, fen,
             v->message);
  else
    snprintf(st->first, sizeof st->first, "%.100s: %.100s | position %.400s", what, move, fen);
}

static bool generated(const Rules *r, const MoveList *list, int from, int to) {
  for (int i = 0; i < list->count; i++) {
    Move m = list->moves[i];
    int f = move_from(m), t = move_to(m);
    if (move_kind(m) == MOVE_CASTLING)
      f = r->castlings[move_arg(m)].king_from, t = castling_written_to(r, &r->castlings[move_arg(m)]);
    if (f == from && t == to) return true;
  }
  return false;
}

/* "from-to" of a move as a setlegal list writes it (for castling the king's move as typed:
 * castling_written_to); false for drops and passes, which such lists do not hold. */
static bool squares_text(const Rules *r, Move m, char *out, int outlen) {
  if (move_kind(m) == MOVE_DROP || move_kind(m) == MOVE_PASS) return false;
  int f = move_from(m), t = move_to(m);
  if (move_kind(m) == MOVE_CASTLING)
    f = r->castlings[move_arg(m)].king_from, t = castling_written_to(r, &r->castlings[move_arg(m)]);
  char fs[2 * GEO_LABEL_MAX], ts[2 * GEO_LABEL_MAX];
  geo_square_name(&r->geo, f, fs);
  geo_square_name(&r->geo, t, ts);
  snprintf(out, outlen, "%s-%s", fs, ts);
  return true;
}

/* The preset's own legal list (setlegal in its Post-Game, as the fairychess `stalemated`
 * builds it), when it has one: the same (from, to) pairs as the generator's moves. */
static void compare_legal_list(const BrGame *g, GcInterp *gc, Position *pos, const MoveList *list, BrVerifyStats *st) {
  /* Mid-turn the list is not the mover's: a preset's Post-Game lists the opponent's replies
   * (for its stalemate test) before `continuemove` hands the same player the next part. */
  if (gc_turn_open(gc)) return;
  const GcValue *legal = gc_legal_moves(gc);
  if (!legal || legal->type != GC_ARR || !gc_arr_len(legal)) return;
  const Rules *r = &g->rules;
  const GcArray *a = legal->u.a;
  st->legal_lists++;
  char text[4 * GEO_LABEL_MAX + 2];
  for (size_t i = 0; i < a->len; i++) {
    const GcValue *v = &a->items[i].val;
    if (v->type != GC_STR) continue;
    bool found = false;
    for (int k = 0; k < list->count && !found; k++) {
      found = squares_text(r, list->moves[k], text, sizeof text) && !strcmp(text, v->u.s);
    }
    /* Where a part may be only some kinds of move (Extra Move: a double step only as the extra
     * move), the list, built from the pieces' moves for a stalemate test, may hold more. */
    if (!found && !(r->turn_restricted && r->turn_parts > 1))
      record(st, pos, "the preset's legal list (setlegal) has a move the generator does not make", v->u.s, NULL);
  }
  for (int k = 0; k < list->count; k++) {
    if (!squares_text(r, list->moves[k], text, sizeof text)) continue;
    bool found = false;
    for (size_t i = 0; i < a->len && !found; i++)
      found = a->items[i].val.type == GC_STR && !strcmp(a->items[i].val.u.s, text);
    if (!found) record(st, pos, "a generator move is missing from the preset's legal list (setlegal)", text, NULL);
  }
}

/* Checks one position; returns false on an interpreter failure that ends the game. */
/* Every drop the generator does not make (each type of the side, on each square: pieces not in
 * hand, occupied squares, ranks a pawn may not be dropped on) must be refused. */
static void check_drops(const BrGame *g, GcInterp *gc, Position *pos, const MoveList *list, GcState *here,
                        BrVerifyStats *st) {
  const Rules *r = &g->rules;
  GcVerdict v;
  char text[128];
  for (int t = 0; t < r->type_count; t++) {
    if (r->types[t].royal || r->types[t].promoted_form) continue;
    for (int to = 0; to < r->geo.squares; to++) {
      if (r->geo.hole[to]) continue;
      Move m = move_make(0, to, MOVE_DROP, t);
      bool made = false;
      for (int i = 0; i < list->count && !made; i++) made = list->moves[i] == m;
      if (made) continue;
      br_move_text(g, pos, m, text, sizeof text);
      gc_play(gc, text, &v);
      st->illegal_checked++;
      if (v.status == GC_LEGAL)
        record(st, pos, "preset accepts a drop the generator rejects", text, &v);
      else if (v.status == GC_PRESET_ERROR)
        record(st, pos, "preset error on a rejected drop", text, &v);
      gc_state_restore(gc, here);
    }
  }
}

static void check_position(const BrGame *g, GcInterp *gc, Position *pos, const MoveList *list, int illegal_samples,
                           uint64_t *rng, BrVerifyStats *st) {
  compare_legal_list(g, gc, pos, list, st);
  GcState *here = gc_state_save(gc);
  gc_set_postgame(gc, false); /* only Post-Move's answer counts for moves not played */
  GcVerdict v;
  char text[128];
  for (int i = 0; i < list->count; i++) {
    br_move_text(g, pos, list->moves[i], text, sizeof text);
    gc_play(gc, text, &v);
    st->legal_checked++;
    if (v.status != GC_LEGAL)
      record(st, pos,
             v.status == GC_ILLEGAL ? "generator move refused by the preset" : "preset error on a generator move", text,
             &v);
    gc_state_restore(gc, here);
    Move m = list->moves[i];
    int kind = move_kind(m);
    st->castlings += kind == MOVE_CASTLING;
    st->en_passants += kind == MOVE_EN_PASSANT;
    st->promotions += kind == MOVE_PROMOTION;
    st->drops += kind == MOVE_DROP;
    const PieceType *pt = kind == MOVE_PROMOTION ? &g->rules.types[piece_type(pos->board[move_from(m)])] : NULL;
    int first = -1; /* the first choice offered to the side to move (bprom may differ) */
    for (int c = 0; pt && c < pt->promo_count && first < 0; c++)
      if (!(pt->promo_denied[pos->side] >> pt->promo_choices[c] & 1)) first = pt->promo_choices[c];
    if (pt && move_arg(m) == first) {
      /* Promotions to the types the generator does not offer must be refused. */
      for (int t = 0; t < g->rules.type_count; t++) {
        bool offered = false;
        for (int c = 0; c < pt->promo_count; c++) offered |= pt->promo_choices[c] == t;
        offered &= !(pt->promo_denied[pos->side] >> t & 1);
        if (offered) continue;
        Move other = move_make(move_from(m), move_to(m), MOVE_PROMOTION, t);
        br_move_text(g, pos, other, text, sizeof text);
        gc_play(gc, text, &v);
        st->illegal_checked++;
        if (v.status == GC_LEGAL) record(st, pos, "preset accepts a promotion the generator does not offer", text, &v);
        gc_state_restore(gc, here);
      }
    }
  }
  /* Moves the generator does not make, from squares of the side to move: near the royal and
   * promoting pieces (castling, en passant, promotion, double steps), then a random sample. */
  const Geometry *g0 = &g->rules.geo;
  for (int from = 0; from < g0->squares; from++) {
    int code = pos->board[from];
    if (!code || code == SQ_HOLE || piece_color(code) != pos->side) continue;
    const PieceType *pt = &g->rules.types[piece_type(code)];
    if (!pt->royal && pt->promo_zone == NO_ZONE && !pt->ep_capturer) continue;
    for (int dy = -2; dy <= 2; dy++)
      for (int dx = -2; dx <= 2; dx++) {
        int f = geo_file(g0, from) + dx, r = geo_rank(g0, from) + dy;
        if ((!dx && !dy) || !geo_on_board(g0, f, r)) continue;
        int to = geo_square(g0, f, r);
        if (generated(&g->rules, list, from, to)) continue;
        char fs[2 * GEO_LABEL_MAX], ts[2 * GEO_LABEL_MAX];
        geo_square_name(g0, from, fs);
        geo_square_name(g0, to, ts);
        snprintf(text, sizeof text, "%s %s-%s", g->type_label[piece_type(code)][piece_color(code)], fs, ts);
        gc_play(gc, text, &v);
        st->illegal_checked++;
        if (v.status == GC_LEGAL)
          record(st, pos, "preset accepts a move the generator rejects", text, &v);
        else if (v.status == GC_PRESET_ERROR)
          record(st, pos, "preset error on a rejected move", text, &v);
        gc_state_restore(gc, here);
      }
  }
  if (g->rules.drops) check_drops(g, gc, pos, list, here, st);
  const Geometry *geo = &g->rules.geo;
  int own[GEO_MAX_SQUARES], nown = 0;
  for (int sq = 0; sq < geo->squares; sq++) {
    int code = pos->board[sq];
    if (code && code != SQ_HOLE && piece_color(code) == pos->side) own[nown++] = sq;
  }
  /* illegal_samples < 0: every (from, to) pair, the brute-force pass. */
  int tries = illegal_samples >= 0 ? illegal_samples : nown * geo->squares;
  for (int k = 0; k < tries && nown; k++) {
    int from = illegal_samples >= 0 ? own[next_random(rng) % nown] : own[k / geo->squares];
    int to = illegal_samples >= 0 ? (int)(next_random(rng) % geo->squares) : k % geo->squares;
    if (geo->hole[to] || to == from || generated(&g->rules, list, from, to)) continue;
    char f[2 * GEO_LABEL_MAX], t[2 * GEO_LABEL_MAX];
    geo_square_name(geo, from, f);
    geo_square_name(geo, to, t);
    int code = pos->board[from];
    snprintf(text, sizeof text, "%s %s-%s", g->type_label[piece_type(code)][piece_color(code)], f, t);
    gc_play(gc, text, &v);
    st->illegal_checked++;
    if (v.status == GC_LEGAL)
      record(st, pos, "preset accepts a move the generator rejects", text, &v);
    else if (v.status == GC_PRESET_ERROR)
      record(st, pos, "preset error on a rejected move", text, &v);
    gc_state_restore(gc, here);
  }
  gc_set_postgame(gc, true);
  gc_state_free(here);
}

/* ---- the judge: a referee following one game ---- */

struct BrJudge {
  const BrGame *game;
  GcInterp *gc;
  uint64_t rng;
};

BrJudge *br_judge_new(const BrGame *g, uint64_t seed, char *err, int errlen) {
  BrJudge *j = calloc(1, sizeof *j);
  if (!j) {
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  j->game = g;
  j->rng = seed * 2654435761ULL + 1;
  GcError ge = {0};
  j->gc = br_new_interp(g, &ge);
  if (!j->gc || gc_start(j->gc, &ge) != GC_OK) {
    snprintf(err, errlen, "%s:%d: %s", ge.file, ge.line, ge.message);
    br_judge_free(j);
    return NULL;
  }
  return j;
}

void br_judge_free(BrJudge *j) {
  if (!j) return;
  if (j->gc) gc_free(j->gc);
  free(j);
}

void br_judge_check(BrJudge *j, Position *pos, const MoveList *list, int samples, BrVerifyStats *st) {
  st->positions++;
  check_position(j->game, j->gc, pos, list, samples, &j->rng, st);
}

bool br_judge_play(BrJudge *j, Position *pos, Move m, BrVerifyStats *st) {
  const BrGame *g = j->game;
  char text[128];
  br_move_text(g, pos, m, text, sizeof text);
  GcVerdict v;
  gc_play(j->gc, text, &v);
  if (v.status != GC_LEGAL) {
    record(st, pos, v.status == GC_ILLEGAL ? "move played refused by the preset" : "preset error on the move played",
           text, &v);
    return false;
  }
  pos_make(pos, m);
  if (!br_same_board(g, j->gc, pos)) {
    /* Post-Move did more than the move (or less): the generator's position is not the preset's. */
    record(st, pos,
           "the preset's board after the move differs from the generator's (an effect of "
           "Post-Move the model does not know)",
           text, NULL);
    pos_unmake(pos);
    return false;
  }
  /* Turns of several parts: who moves next, and whether the turn goes on, as the referee says
   * (`continuemove`, a check that ends the turn, the parts a turn has); a verdict ends it. */
  if (v.result == GC_RESULT_NONE &&
      (gc_side_to_move(j->gc) - 1 != pos->side || gc_turn_open(j->gc) != (pos->part > 0))) {
    char what[160];
    snprintf(what, sizeof what, "the turn goes on differently after the move (rules: %s %s; preset: %s %s)",
             pos->side == WHITE ? "White" : "Black", pos->part > 0 ? "moves again" : "to move",
             gc_side_to_move(j->gc) == 1 ? "White" : "Black", gc_turn_open(j->gc) ? "moves again" : "to move");
    record(st, pos, what, text, NULL);
    pos_unmake(pos);
    return false;
  }
  bool over = v.result != GC_RESULT_NONE;
  /* The game-end verdicts: Post-Game of the mover against the rules for the side to move. */
  char why[64];
  GameResult ours = pos_game_result(pos, why, sizeof why);
  if (g->declares_results) {
    /* Who won, by the player whose code said so: mid-turn the side to move is the mover (a
     * first part that checkmates, Extra Move). */
    int winner = v.result == GC_RESULT_WON ? v.result_player : 3 - v.result_player;
    GameResult theirs = v.result == GC_RESULT_NONE    ? RESULT_NONE
                        : v.result == GC_RESULT_DRAWN ? RESULT_DRAW
                        : winner == pos->side + 1     ? RESULT_WIN
                                                      : RESULT_LOSS;
    st->results_checked++;
    if (ours != theirs) {
      static const char *const names[] = {"none", "win", "loss", "draw"};
      char what[320];
      snprintf(what, sizeof what,
               "game end differs after the move (rules: %s%s%s for the side to "
               "move; preset: %s, saying '%.60s')",
               names[ours], why[0] ? ", " : "", why, names[theirs], v.say);
      record(st, pos, what, text, NULL);
    }
  }
  pos_unmake(pos);
  return !over && ours == RESULT_NONE;
}

bool br_verify(BrGame *g, int games, int max_plies, int illegal_samples, uint64_t seed, BrVerifyStats *st) {
  memset(st, 0, sizeof *st);
  if (!g->rules_ready) {
    snprintf(st->first, sizeof st->first, "the rules could not be built from the preset");
    st->disagreements = 1;
    return false;
  }
  char err[RULES_ERR_LEN + 300];
  BrJudge *judge = br_judge_new(g, seed, err, sizeof err);
  if (!judge) {
    snprintf(st->first, sizeof st->first, "%s", err);
    st->disagreements = 1;
    return false;
  }
  static _Thread_local MoveList list;
  for (int game = 0; game < games; game++) {
    GcError ge;
    if (gc_start(judge->gc, &ge) != GC_OK) break;
    Position pos = {0};
    if (!pos_set_fen(&pos, &g->rules, g->start_fen, err, sizeof err)) {
      snprintf(st->first, sizeof st->first, "start position: %.300s", err);
      st->disagreements++;
      break;
    }
    st->games++;
    for (int ply = 0; ply < max_plies; ply++) {
      pos_legal_moves(&pos, &list);
      br_judge_check(judge, &pos, &list, illegal_samples, st);
      if (!list.count) break;
      Move m = list.moves[next_random(&judge->rng) % list.count]; /* one random stream, as ever */
      if (!br_judge_play(judge, &pos, m, st)) break;
      pos_make(&pos, m);
    }
    pos_free(&pos);
  }
  br_judge_free(judge);
  return st->disagreements == 0;
}

/* ---- the probe: what reading the defs cannot show ---- */

/* The type that moves in m (the king for castling, the dropped type), or -1. */
static int mover_type(const Position *p, Move m) {
  const Rules *r = p->rules;
  switch (move_kind(m)) {
  case MOVE_PASS: return -1;
  case MOVE_DROP: return move_arg(m);
  case MOVE_CASTLING: return piece_type(p->board[r->castlings[move_arg(m)].king_from]);
  default: return piece_type(p->board[move_from(m)]);
  }
}

static bool demote(BrGame *g, int type, const char *why, const char *move, char *err, int errlen) {
  Rules *r = &g->rules;
  r->types[type].oracle = true;
  g->all_compiled = false;
  for (int i = 0; i < g->piece_count; i++) {
    BrPiece *pc = &g->pieces[i];
    if (pc->type != type) continue;
    pc->compiled = false;
    snprintf(pc->reason, sizeof pc->reason,
             "its def compiles (%s), but the referee %s %s: Post-Move does "
             "more than the def says, so the referee decides",
             r->types[type].betza, why, move);
  }
  if (!g->oracle) {
    g->oracle = br_oracle_new(g, err, errlen);
    if (!g->oracle) return false;
    r->oracle = br_oracle_hooks(g->oracle);
  }
  return true;
}

/* Where the def of m's oracle piece says false (BrGame.filter_def), whether the referee agrees;
 * where it allows the move, the def is no longer asked for that type (either colour).  The judge's
 * state is put back to here after.  Returns false on a preset error (no verdict on the def). */
static bool probe_filter(BrGame *g, BrJudge *judge, const Position *pos, Move m, int type, const GcState *here) {
  const char *def = br_filter_def(g, pos, m);
  if (!def) return true;
  bool truth;
  GcError ge;
  int rc = br_ask_def(g, judge->gc, def, m, &truth, &ge);
  gc_state_restore(judge->gc, here);
  if (rc != GC_OK) return false;
  if (truth) return true;
  char text[128];
  br_move_text(g, pos, m, text, sizeof text);
  GcVerdict v;
  GcStatus st = gc_play(judge->gc, text, &v);
  gc_state_restore(judge->gc, here);
  if (st == GC_PRESET_ERROR) return false;
  if (st != GC_LEGAL) return true;
  for (int i = 0; i < g->piece_count; i++) {
    BrPiece *pc = &g->pieces[i];
    if (pc->type != type) continue;
    size_t n = strlen(pc->reason);
    snprintf(pc->reason + n, sizeof pc->reason - n, " (every one: its def refuses %s, which the referee allows)", text);
  }
  g->filter_def[type][0][0] = g->filter_def[type][1][0] = 0;
  return true;
}

int br_probe(BrGame *g, int games, int max_plies, uint64_t seed, char *err, int errlen) {
  BrJudge *judge = br_judge_new(g, seed, err, errlen);
  if (!judge) return -1;
  MoveList *list = malloc(sizeof *list);
  int demoted = 0;
  /* A preset error ends the probe's game: it says nothing of a def, and the run meets it again
   * and reports it with its place (the oracle, the referee watching a move). */
  bool preset_failed = false;
  for (int game = 0; game < games && list && !preset_failed; game++) {
    GcError ge;
    Position pos = {0};
    if (gc_start(judge->gc, &ge) != GC_OK || !pos_set_fen(&pos, &g->rules, g->start_fen, err, errlen)) {
      pos_free(&pos);
      break;
    }
    for (int ply = 0; ply < max_plies; ply++) {
      /* The model's own moves (the oracle would already have put them right). */
      RulesOracle *oracle = g->rules.oracle;
      g->rules.oracle = NULL;
      pos_legal_moves(&pos, list);
      g->rules.oracle = oracle;
      /* A refusal speaks against the def unless the royal's safety may hang on an enemy piece
       * whose attacks only the referee knows. */
      bool refusals_count = !g->rules.royal_type_count || !pos_has_oracle_pieces(&pos, pos.side ^ 1);
      GcState *here = gc_state_save(judge->gc);
      /* Post-Move alone judges a move and its board; Post-Game (which may list every legal
       * move with setlegal) runs only for the move played, as in verify. */
      gc_set_postgame(judge->gc, false);
      for (int i = 0; i < list->count; i++) {
        Move m = list->moves[i];
        int type = mover_type(&pos, m);
        if (type >= 0 && g->rules.types[type].oracle && !probe_filter(g, judge, &pos, m, type, here)) {
          preset_failed = true;
          break;
        }
        if (type < 0 || g->rules.types[type].oracle) continue; /* the referee decides it already */
        char text[128];
        br_move_text(g, &pos, m, text, sizeof text);
        GcVerdict v;
        GcStatus st = gc_play(judge->gc, text, &v);
        if (st == GC_PRESET_ERROR) { /* the preset's fault, not the def's: no verdict on the type */
          preset_failed = true;
          break;
        }
        if (st != GC_LEGAL) {
          if (!refusals_count) continue;
          if (!demote(g, type, "refuses", text, err, errlen))
            demoted = -1;
          else
            demoted++;
          continue;
        }
        pos_make(&pos, m);
        bool same = br_same_board(g, judge->gc, &pos);
        pos_unmake(&pos);
        gc_state_restore(judge->gc, here);
        if (!same) {
          if (!demote(g, type, "changes the board otherwise after", text, err, errlen))
            demoted = -1;
          else
            demoted++;
        }
        if (demoted < 0) break;
      }
      gc_set_postgame(judge->gc, true);
      gc_state_free(here);
      if (demoted < 0 || preset_failed) break;
      pos_legal_moves(&pos, list);
      if (!list->count) break;
      Move m = list->moves[next_random(&judge->rng) % list->count];
      char text[128];
      br_move_text(g, &pos, m, text, sizeof text);
      GcVerdict v;
      if (gc_play(judge->gc, text, &v) != GC_LEGAL || v.result != GC_RESULT_NONE) break;
      pos_make(&pos, m);
    }
    pos_free(&pos);
    if (demoted < 0) break;
  }
  free(list);
  br_judge_free(judge);
  return demoted;
}
