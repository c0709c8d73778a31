/* Move generation when the rules have an oracle (rules.h RulesOracle): the compiled model
 * proposes, the oracle (the preset's referee) decides what the model cannot.
 *
 * Moves of oracle pieces are always referred.  Moves of compiled pieces are the model's own
 * when the opponent has no oracle piece, since then the model's royal-safety test is exact;
 * otherwise an oracle piece may be what attacks the royal, and every move is referred. */
#include "rules/oracle.h"

#include <stdlib.h>

#include "rules/movegen.h"
#include "rules/make_inline.h"

static _Thread_local OracleClockFn clock_fn;
static _Thread_local void *clock_ctx;

void oracle_set_thread_clock(OracleClockFn fn, void *ctx) {
  clock_fn = fn;
  clock_ctx = ctx;
}

bool oracle_thread_time_up(void) { return clock_fn && clock_fn(clock_ctx); }

bool pos_has_oracle_pieces(const Position *p, int color) {
  const Rules *r = p->rules;
  for (int t = 0; t < r->type_count; t++) {
    if (!r->types[t].oracle) continue;
    if (p->hand[color][t]) return true;
    for (int w = 0; w < BITS_WORDS; w++)
      if (p->by_piece[color][t][w]) return true;
  }
  return false;
}

static bool moved_by_oracle_piece(const Position *p, Move m) {
  const Rules *r = p->rules;
  int kind = move_kind(m);
  if (kind == MOVE_PASS) return false;
  if (kind == MOVE_DROP) return r->types[move_arg(m)].oracle;
  int from = kind == MOVE_CASTLING ? r->castlings[move_arg(m)].king_from : move_from(m);
  int code = p->board[from];
  return code != SQ_EMPTY && code != SQ_HOLE && r->types[piece_type(code)].oracle;
}

void oracle_legal_moves(Position *p, MoveList *list) {
  const RulesOracle *o = p->rules->oracle;
  const MoveGenerator *model = p->rules->gen;
  bool refer_all = pos_has_oracle_pieces(p, p->side ^ 1);
  (refer_all ? model->pseudo_legal : model->legal)(p, list);
  /* Referred moves go to the end, in their order, and the oracle keeps what it allows. */
  Move *referred = malloc(sizeof(Move) * (size_t)(list->count ? list->count : 1));
  if (!referred) {
    list->count = 0;
    return;
  }
  int kept = 0, asked = 0;
  for (int i = 0; i < list->count; i++) {
    Move m = list->moves[i];
    if (refer_all || moved_by_oracle_piece(p, m))
      referred[asked++] = m;
    else
      list->moves[kept++] = m;
  }
  if (asked) asked = o->filter(o->ctx, p, referred, asked);
  for (int i = 0; i < asked; i++) list->moves[kept++] = referred[i];
  list->count = kept;
  free(referred);
}

static uint64_t oracle_perft(Position *p, int depth) {
  if (depth <= 0) return 1;
  MoveList *list = malloc(sizeof *list);
  if (!list) return 0;
  oracle_legal_moves(p, list);
  uint64_t nodes = 0;
  if (depth == 1)
    nodes = (uint64_t)list->count;
  else
    for (int i = 0; i < list->count; i++) {
      pos_make(p, list->moves[i]);
      nodes += oracle_perft(p, depth - 1);
      pos_unmake(p);
    }
  free(list);
  return nodes;
}

/* The model's answers where the oracle has nothing to add: check and extinction look at the
 * board only. */
static bool model_in_check(const Position *p) { return p->rules->gen->in_check(p); }
static bool model_attacked(const Position *p, int sq, int by, uint32_t types) {
  return p->rules->gen->attacked(p, sq, by, types);
}
static bool model_extinct(const Position *p, int color) { return p->rules->gen->extinct(p, color); }
static void model_pseudo_legal(Position *p, MoveList *list) { p->rules->gen->pseudo_legal(p, list); }

/* The oracle's legal moves, split by pos_is_noisy (the oracle may say what a referred move
 * takes only once it is judged). */
static void oracle_split(Position *p, MoveList *list, bool noisy) {
  oracle_legal_moves(p, list);
  int kept = 0;
  for (int i = 0; i < list->count; i++)
    if (pos_is_noisy(p, list->moves[i]) == noisy) list->moves[kept++] = list->moves[i];
  list->count = kept;
}
static void oracle_noisy(Position *p, MoveList *list) { oracle_split(p, list, true); }
static void oracle_quiet(Position *p, MoveList *list) { oracle_split(p, list, false); }

const MoveGenerator gen_oracle = {
    .legal = oracle_legal_moves,
    .pseudo_legal = model_pseudo_legal,
    .noisy = oracle_noisy,
    .quiet = oracle_quiet,
    .evasions = oracle_legal_moves,
    .in_check = model_in_check,
    .extinct = model_extinct,
    .attacked = model_attacked,
    .perft = oracle_perft,
};

/* ---- MOVE_ORACLE: make and unmake from the effects the oracle recorded ---- */

int pos_oracle_victims(const Position *p, Move m, int *codes, int max) {
  const Rules *r = p->rules;
  MoveEffects fx;
  if (move_kind(m) != MOVE_ORACLE || !r->oracle || !r->oracle->effects(r->oracle->ctx, (Position *)p, m, &fx)) return 0;
  int n = 0, us = p->side;
  for (int i = 0; i < fx.count && n < max; i++) {
    int before = fx.before[i];
    if (before != SQ_EMPTY && before != SQ_HOLE && piece_color(before) != us && fx.after[i] != before)
      codes[n++] = before;
  }
  return n;
}

MoveEffects *pos_effects_slot(Position *p, int ply) {
  if (ply >= p->effects_cap) {
    int cap = p->history_cap > ply ? p->history_cap : ply + 1;
    MoveEffects *fx = realloc(p->effects, (size_t)cap * sizeof *fx);
    if (!fx) abort(); /* as pos_grow_history: nothing sensible remains */
    p->effects = fx;
    p->effects_cap = cap;
  }
  return &p->effects[ply];
}

void pos_do_oracle_move(Position *p, Move m) {
  const Rules *r = p->rules;
  MoveEffects fx = {0};
  /* Remade (the line is replayed) from what this ply held, else asked before anything changes:
   * the oracle may replay the line to p. */
  bool known = p->ply < p->effects_cap && p->effects[p->ply].key == p->key && p->effects[p->ply].move == m;
  if (known)
    fx = p->effects[p->ply];
  else
    known = r->oracle && r->oracle->effects(r->oracle->ctx, p, m, &fx);
  fx.key = p->key;
  fx.move = m;
  int mover = p->board[move_from(m)], us = p->side;
  /* The bookkeeping of a turn (history, en passant, counters, side) is a pass's; then the
   * squares change as the referee changed them. */
  pos_make(p, move_make(0, 0, MOVE_PASS, 0));
  p->history[p->ply - 1].move = m;
  if (!known) fx.count = 0;
  *pos_effects_slot(p, p->ply - 1) = fx;
  uint32_t rights = p->castle_rights;
  bool capture = false;
  for (int i = 0; i < fx.count; i++) {
    int sq = fx.square[i];
    if (p->board[sq] != SQ_EMPTY) {
      capture |= piece_color(p->board[sq]) != piece_color(mover) && sq != move_from(m);
      rights &= r->castle_keep_piece[p->board[sq]]; /* a castling king that moved (castling_free) */
      pos_take(p, sq);
    }
    if (fx.after[i] != SQ_EMPTY) pos_put(p, fx.after[i], sq);
    rights &= r->castle_keep[sq];
  }
  if (capture || (mover != SQ_EMPTY && mover != SQ_HOLE && r->types[piece_type(mover)].resets_clock &&
                  (!r->types[piece_type(mover)].clock_forward_only ||
                   moves_forward(r, piece_color(mover), move_from(m), move_to(m)))))
    p->halfmove = 0;
  for (uint32_t changed = rights ^ p->castle_rights; changed; changed &= changed - 1)
    p->key ^= r->zobrist_castle[__builtin_ctz(changed)];
  p->castle_rights = rights;
  if (r->turn_parts > 1 && p->part > 0) { /* the turn went on: from the square the piece reached */
    p->key ^= pos_turn_piece_key(r, p->turn_piece);
    p->turn_piece = move_to(m);
    p->key ^= pos_turn_piece_key(r, p->turn_piece);
    pos_end_part(p, m, true);
  }
  if (r->check_limit) { /* the pass counted a check on the board before the effects: count again */
    const Undo *u = &p->history[p->ply - 1];
    for (int c = 0; c < 2; c++) {
      p->key ^= r->zobrist_checks[c][p->checks[c]] ^ r->zobrist_checks[c][u->checks[c]];
      p->checks[c] = u->checks[c];
    }
    if (p->side != us) pos_count_check(p, us);
  }
  if (r->shak_types && p->side != us) { /* the same for the series of checks */
    const Undo *u = &p->history[p->ply - 1];
    p->check_series[0] = u->check_series[0], p->check_series[1] = u->check_series[1];
    pos_note_check_series(p);
  }
}

void pos_undo_oracle_effects(Position *p, int ply) {
  const MoveEffects *fx = &p->effects[ply];
  for (int i = fx->count - 1; i >= 0; i--) {
    int sq = fx->square[i];
    if (p->board[sq] != SQ_EMPTY) pos_raw_take(p, sq);
    if (fx->before[i] != SQ_EMPTY) pos_raw_put(p, fx->before[i], sq);
  }
}
