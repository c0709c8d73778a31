/* Static exchange evaluation played out with make/unmake, so that every kind of movement the
 * rules know (hoppers whose screens change as pieces leave, lame leapers, x-rays through the
 * target's line) is exact without a special attack routine. */
#include "search/search.h"
#include "rules/make_inline.h" /* make/unmake folded into the search loops */
#include "search/search_internal.h"

#include <stdlib.h>

static int victim_code(const Position *p, Move m) {
  switch (move_kind(m)) {
  case MOVE_EN_PASSANT: return p->ep_victim >= 0 ? p->board[p->ep_victim] : SQ_EMPTY;
  case MOVE_NORMAL:
  case MOVE_PROMOTION: return p->board[move_to(m)];
  default: return SQ_EMPTY;
  }
}

/* A move whose effects only the oracle knows: the sum of what it takes (no exchange follows). */
static int oracle_taken_value(const Position *p, const EvalTables *e, Move m) {
  int codes[MOVE_EFFECT_MAX], n = pos_oracle_victims(p, m, codes, MOVE_EFFECT_MAX), sum = 0;
  for (int i = 0; i < n; i++) sum += e->exchange[piece_type(codes[i])];
  return sum;
}

int srch_captured_value(const Position *p, const EvalTables *e, Move m) {
  if (move_kind(m) == MOVE_ORACLE) return oracle_taken_value(p, e, m);
  int code = victim_code(p, m);
  return code == SQ_EMPTY || code == SQ_HOLE ? 0 : e->exchange[piece_type(code)];
}

int srch_promotion_gain(const Position *p, const EvalTables *e, Move m) {
  if (move_kind(m) != MOVE_PROMOTION) return 0;
  return e->exchange[move_arg(m)] - e->exchange[piece_type(p->board[move_from(m)])];
}

bool srch_is_noisy(const Position *p, Move m) {
  int kind = move_kind(m);
  if (kind == MOVE_PROMOTION || kind == MOVE_EN_PASSANT) return true;
  if (kind == MOVE_ORACLE) {
    int codes[1];
    return pos_oracle_victims(p, m, codes, 1) > 0;
  }
  if (kind != MOVE_NORMAL) return false;
  int code = p->board[move_to(m)];
  return code != SQ_EMPTY;
}

/* The value of the piece that stands on the target after m. */
static int mover_value(const Position *p, const EvalTables *e, Move m) {
  int kind = move_kind(m);
  int type = kind == MOVE_PROMOTION || kind == MOVE_DROP ? move_arg(m) : piece_type(p->board[move_from(m)]);
  return e->exchange[type];
}

/* Whether the swap list so far already decides the exchange against threshold: swap[0..depth]
 * are the balances of the captures played, each for the side that made it, the piece that made
 * the last worth on_target.  The next capture, if any, wins at most that piece and a promotion
 * (bound), so the last side's result lies in [swap[depth] - on_target - bound, swap[depth]];
 * folded back to the first capture, the interval either lies on one side of the threshold
 * (*verdict set, true) or straddles it. */
static bool decided(const int *swap, int depth, int on_target, int bound, int threshold, bool *verdict) {
  int hi = swap[depth], lo = hi - on_target - bound;
  if (lo > hi) lo = hi;
  for (int d = depth; d > 0; d--) {
    int stand = swap[d - 1], new_lo = -hi < stand ? -hi : stand, new_hi = -lo < stand ? -lo : stand;
    lo = new_lo, hi = new_hi;
  }
  if (lo >= threshold) return *verdict = true, true;
  if (hi < threshold) return *verdict = false, true;
  return false;
}

/* The exchange on target, the mover standing there and the opponent to move: least valuable
 * attacker first, each side free to stop.  With a threshold (not NULL) it stops as soon as the
 * answer to "at least *threshold?" is known and returns 1 or 0; without, the exchange's figure. */
static int exchange(Position *p, const EvalTables *e, int target, int gained, const int *threshold, MoveList *scratch) {
  int code = p->board[target];
  if (code == SQ_EMPTY || code == SQ_HOLE) /* the mover is gone (an explosion) */
    return threshold ? gained >= *threshold : gained;
  int swap[SRCH_MAX_PLY];
  int depth = 0, made = 0, bound = e->promotion_bound[target];
  swap[0] = gained;
  int on_target = e->exchange[piece_type(code)];
  bool verdict = false, known = false;
  while (depth < SRCH_MAX_PLY - 1) {
    if (threshold && (known = decided(swap, depth, on_target, bound, *threshold, &verdict))) break;
    /* A recapture lands on the mover's piece: a noisy move onto the target, so the quiet moves,
     * the drops (most of a shogi position's moves) and the other captures are never listed. */
    pos_noisy_moves_onto(p, target, scratch);
    Move best = MOVE_NONE;
    int best_cost = 0, best_after = 0;
    for (int i = 0; i < scratch->count; i++) {
      Move c = scratch->moves[i];
      int kind = move_kind(c);
      if (kind != MOVE_NORMAL && kind != MOVE_PROMOTION) continue;
      /* Least valuable attacker first; of its promotions, the one worth most. */
      int cost = e->exchange[piece_type(p->board[move_from(c)])];
      int after = mover_value(p, e, c);
      if (best == MOVE_NONE || cost < best_cost || (cost == best_cost && after > best_after))
        best = c, best_cost = cost, best_after = after;
    }
    if (best == MOVE_NONE) break;
    depth++;
    swap[depth] = on_target + (best_after - best_cost) - swap[depth - 1];
    on_target = best_after;
    pos_do_move(p, best);
    made++;
  }
  while (made--) pos_undo_move(p);
  if (known) return verdict;
  for (; depth > 0; depth--) {
    int stand = -swap[depth - 1];
    swap[depth - 1] = -(stand > swap[depth] ? stand : swap[depth]);
  }
  return threshold ? swap[0] >= *threshold : swap[0];
}

/* Whether an exchange on m's target can follow it.  A drop takes nothing, but the dropped piece
 * may be lost: its exchange is played out like a move's.  Castling and passing put nothing en
 * prise that the search asks about; an oracle's move has no exchange modelled. */
static inline bool exchange_follows(Move m) {
  int kind = move_kind(m);
  return kind != MOVE_CASTLING && kind != MOVE_PASS && kind != MOVE_ORACLE;
}

/* Whether an exchange on m's target follows it; *gained is what m itself takes (where none
 * follows, the whole of its worth). */
static bool exchanged(const Position *p, const EvalTables *e, Move m, int *gained) {
  if (!exchange_follows(m)) return *gained = move_kind(m) == MOVE_ORACLE ? oracle_taken_value(p, e, m) : 0, false;
  *gained = srch_captured_value(p, e, m) + srch_promotion_gain(p, e, m);
  return true;
}

/* m played and its exchange played out (exchange), the position as it was afterwards. */
static int play_exchange(Position *p, const EvalTables *e, Move m, const int *threshold, MoveList *scratch) {
  int gained;
  if (!exchanged(p, e, m, &gained)) return threshold ? gained >= *threshold : gained;
  pos_do_move(p, m);
  int value = exchange(p, e, move_to(m), gained, threshold, scratch);
  pos_undo_move(p);
  return value;
}

bool srch_see_ge(Position *p, const EvalTables *e, Move m, int threshold, MoveList *scratch) {
  return play_exchange(p, e, m, &threshold, scratch);
}

bool srch_see_after_ge(Position *p, const EvalTables *e, Move m, int gained, int threshold, MoveList *scratch) {
  if (!exchange_follows(m)) return (move_kind(m) == MOVE_ORACLE ? gained : 0) >= threshold; /* as exchanged() */
  return exchange(p, e, move_to(m), gained, &threshold, scratch);
}

int srch_see(Position *p, const EvalTables *e, Move m) {
  MoveList *scratch = malloc(sizeof *scratch);
  if (!scratch) return 0;
  int v = play_exchange(p, e, m, NULL, scratch);
  free(scratch);
  return v;
}
