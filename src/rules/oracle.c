/* Move generation when the rules have an oracle (rules.h RulesOracle): the compiled model
 * proposes, the oracle (the preset's referee) decides what the model cannot.
 *
 * Moves of oracle pieces are always referred.  Moves of compiled pieces are the model's own
 * when the opponent has no oracle piece, since then the model's royal-safety test is exact;
 * otherwise an oracle piece may be what attacks the royal, and every move is referred. */
#include "rules/oracle.h"

#include <stdlib.h>

#include "rules/engine.h"

static bool has_oracle_pieces(const Position *p, int color) {
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

static void model_moves(Position *p, MoveList *list, bool pseudo) {
  switch (p->rules->bbw) {
  case 1: (pseudo ? engine_pseudo_moves_w1 : engine_legal_moves_w1)(p, list); break;
  case 2: (pseudo ? engine_pseudo_moves_w2 : engine_legal_moves_w2)(p, list); break;
  default: (pseudo ? engine_pseudo_moves_w4 : engine_legal_moves_w4)(p, list); break;
  }
}

void oracle_legal_moves(Position *p, MoveList *list) {
  const RulesOracle *o = p->rules->oracle;
  bool refer_all = has_oracle_pieces(p, p->side ^ 1);
  model_moves(p, list, refer_all);
  /* Referred moves go to the end, in their order, and the oracle keeps what it allows. */
  Move *referred = malloc(sizeof(Move) * (size_t)(list->count ? list->count : 1));
  if (!referred) {
    list->count = 0;
    return;
  }
  int kept = 0, asked = 0;
  for (int i = 0; i < list->count; i++) {
    Move m = list->moves[i];
    if (refer_all || moved_by_oracle_piece(p, m)) referred[asked++] = m;
    else list->moves[kept++] = m;
  }
  if (asked) asked = o->filter(o->ctx, p, referred, asked);
  for (int i = 0; i < asked; i++) list->moves[kept++] = referred[i];
  list->count = kept;
  free(referred);
}

uint64_t oracle_perft(Position *p, int depth) {
  if (depth <= 0) return 1;
  MoveList *list = malloc(sizeof *list);
  if (!list) return 0;
  oracle_legal_moves(p, list);
  uint64_t nodes = 0;
  if (depth == 1) nodes = (uint64_t)list->count;
  else
    for (int i = 0; i < list->count; i++) {
      pos_make(p, list->moves[i]);
      nodes += oracle_perft(p, depth - 1);
      pos_unmake(p);
    }
  free(list);
  return nodes;
}
