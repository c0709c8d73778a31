/* Alpha-beta over the legal moves the rules engine generates: PVS with quiescence, pruning and
 * reductions, move ordering, draws and game ends by the variant's rules, and the root search of
 * one iteration.  The iterations, threads and limits are in thread.c. */
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "rules/make_inline.h" /* make/unmake folded into the search loops */
#include "search/search_internal.h"

#ifdef __AVX2__
#include <immintrin.h>
#endif

/* Exchange pruning margins: a capture may lose this much per ply of depth, a quiet move this
 * much per square of the depth its late reduction leaves (a chess pawn is about 100). */
enum { SEE_PRUNE_NOISY = 100, SEE_PRUNE_QUIET = 20 };

static int lmr_table[64][64];
static pthread_once_t lmr_once = PTHREAD_ONCE_INIT;
static void init_lmr(void) {
  for (int d = 1; d < 64; d++)
    for (int m = 1; m < 64; m++) lmr_table[d][m] = (int)(0.75 + log(d) * log(m) / 2.25);
}
void srch_init_tables(void) { pthread_once(&lmr_once, init_lmr); }

/* ---- small helpers ----------------------------------------------------------------------- */

/* The static evaluation, through the worker's cache: the same position comes back again and again
 * (every iteration, re-searches, transpositions), and the evaluation, a function of the board,
 * the hands, the side to move and the checks given, which the key covers, is the dearest part
 * of a node (in chess with its net, about half).
 * An entry is the key's upper 48 bits and the score's 16; its index is the key's lower 16 bits. */
static inline int evaluate(Worker *w) {
  const Evaluator *ev = &w->search->evaluator;
  uint64_t key = w->pos.key, *slot = &w->eval_cache[key & (SRCH_EVAL_CACHE - 1)];
  const uint64_t high = ~(uint64_t)0xFFFF;
  bool cacheable = (key & high) != 0; /* an empty entry reads as 0 */
  if (cacheable && (*slot & high) == (key & high)) return (int16_t)(uint16_t)(*slot & 0xFFFF);
  int score = ev->evaluate(ev, &w->pos);
  if (cacheable && score >= INT16_MIN && score <= INT16_MAX) *slot = (key & high) | (uint16_t)(int16_t)score;
  return score;
}

/* Whether the position of frame f is in check: the ply before knows it when its move's check
 * was asked about; else asked now. */
static inline bool node_in_check(Worker *w, const Frame *f) {
  return f->check == CHECK_UNKNOWN ? pos_in_check(&w->pos) : f->check == CHECK_GIVEN;
}

/* What the next ply is told of its position's check (frames[ply + 1].check): set before each
 * child searched, since a frame keeps what the last move searched from its parent left. */
static inline void tell_check(Worker *w, int ply, bool flip, bool gives_check) {
  w->frames[ply + 1].check = !flip ? CHECK_UNKNOWN : gives_check ? CHECK_GIVEN : CHECK_NONE;
}

static inline int to_tt(int score, int ply) {
  return score >= SRCH_MATE_BOUND ? score + ply : score <= -SRCH_MATE_BOUND ? score - ply : score;
}
static inline int from_tt(int score, int ply) {
  return score >= SRCH_MATE_BOUND ? score - ply : score <= -SRCH_MATE_BOUND ? score + ply : score;
}

static inline int piece_index(const Position *p, Move m) {
  switch (move_kind(m)) {
  case MOVE_DROP: return MAX_TYPES + move_arg(m);
  case MOVE_PASS: return NO_PIECE;
  default: return piece_type(p->board[move_from(m)]);
  }
}

/* Counts a node and, on the main thread, checks the clock and the node limit.  True when the
 * search must unwind; a stopped search counts no further nodes, so node limits are exact. */
static inline bool enter_node(Worker *w) {
  Search *s = w->search;
  if (stopped(s)) return true;
  uint64_t n = atomic_load_explicit(&w->nodes, memory_order_relaxed) + 1;
  atomic_store_explicit(&w->nodes, n, memory_order_relaxed);
  if (w->id) return stopped(s);
  if (s->limits.nodes) {
    /* With one thread the limit is exact, so that a node-limited search is reproducible. */
    if (s->thread_count == 1 ? n >= s->limits.nodes : ((n & 1023) == 0 && total_nodes(s) >= s->limits.nodes))
      atomic_store(&s->stop, true);
  }
  if ((n & 1023) == 0 && past_hard_limit(s)) atomic_store(&s->stop, true);
  return stopped(s);
}

/* The result for a side without moves that is not in check: stalemate, unless passing is a
 * move, when only two passes in a row or a pass in bikjang can have ended the game (janggi): a
 * draw, or the count of points where the rules count. */
static GameResult no_move_result(const Position *p) {
  return p->rules->double_pass_ends ? pos_counted_result(p) : pos_stalemate_result(p);
}

/* The score of a side to move that has no legal move.  At the start of its turn (part 0) it is
 * mated or stalemated by the rules.  Later in a turn of several moves (Rules.turn_parts > 1) the
 * turn's earlier parts led into a dead end the turn cannot be finished from: the side scores it
 * as a loss at this ply, so that the search tries other first parts. */
static inline int no_move_score(const Position *p, bool in_check, int ply) {
  if (p->part > 0) return srch_mated_in(ply);
  return result_score(in_check ? pos_checkmate_result(p) : no_move_result(p), ply);
}

/* Can the move about to be made leave the same side to move?  Only pos_do_move knows for sure
 * (a turn may end early); this is the bound that holds before it: not in the turn's last part. */
static inline bool may_continue_turn(const Position *p) { return p->part + 1 < p->rules->turn_parts; }

/* Repetition: a position seen since the root is a draw at once; one from the game before the
 * root needs the rules' full count.  Null moves cut the chain.  The key holds the side and the
 * part of the turn, so a turn's start matches only turn starts of the same side; and nothing is
 * claimed in the middle of a turn of several moves, where the player has not finished moving
 * (no setting of the rules asks for it there). */
static bool repeated(Worker *w, int ply, GameResult *result) {
  const Rules *r = w->search->rules;
  if (r->repetition_count < 2) return false;
  Position *p = &w->pos;
  if (p->part > 0) return false;
  int seen = 1;
  for (int back = 1; back <= p->halfmove; back++) {
    int index = p->ply - back;
    uint64_t key;
    if (index >= 0) {
      if (p->history[index].move == move_make(0, 0, MOVE_PASS, 0) && !r->pass_allowed) return false;
      key = p->history[index].key;
    } else {
      int g = w->search->game_count + index;
      if (g < 0) return false;
      key = w->search->game_keys[g];
    }
    if (key != p->key) continue;
    if (back <= ply || ++seen >= r->repetition_count) {
      *result = r->counting && r->repetition == RESULT_DRAW ? pos_counted_result(p) : r->repetition;
      return true;
    }
  }
  return false;
}

/* Ends decided by material (extinction, bare royal, no pieces) or checks given, for the side to move. */
static bool lost_by_material(const Position *p) {
  const Rules *r = p->rules;
  int us = p->side;
  if (r->extinction && pos_extinct(p, r->extinction_wins ? us ^ 1 : us)) return true;
  if (r->bare_royal_loses && pos_bare_royal(p, us)) return true;
  if (r->empty_loses && pos_emptied(p, us)) return true;
  return pos_checks_won(p) == (us ^ 1); /* the other side gave its last check */
}

/* Won by material: the side to move was left with its royal pieces alone (losers), or the other
 * side's own move left it extinct (promoting its last Pawn in Kinglet). */
static bool won_by_material(const Position *p) {
  const Rules *r = p->rules;
  return (r->bare_royal_wins && pos_bare_royal(p, p->side)) ||
         (r->extinction && pos_extinct(p, r->extinction_wins ? p->side : p->side ^ 1));
}

/* Null move is unsound in zugzwang: not with only royal and pawn-like pieces, not in drop
 * games (a tempo there is worth a piece), not in multi-move turns, not twice in a row. */
static bool null_move_allowed(Worker *w, int ply) {
  const Rules *r = w->search->rules;
  if (r->drops || r->turn_parts != 1 || r->pass_allowed) return false;
  if (ply > 0 && w->frames[ply - 1].current == NULL_MOVE) return false;
  const Position *p = &w->pos;
  const EvalTables *e = w->search->tables;
  for (int t = 0; t < r->type_count; t++) {
    if (e->royal[t] || e->pawn_like[t]) continue;
    const uint64_t *b = p->by_piece[p->side][t];
    if (b[0] | b[1] | b[2] | b[3]) return true;
  }
  return false;
}

/* Is the static eval better than at the same side's same part of its previous turn (two plies
 * up in chess)?  Evals of different sides or parts do not compare: with turns of several moves
 * the plies between vary. */
static bool improving_eval(const Worker *w, int ply, int eval) {
  if (w->search->rules->turn_parts == 1) return ply >= 2 && eval > w->frames[ply - 2].static_eval;
  const Position *p = &w->pos;
  bool crossed = false; /* an opponent's turn lies between */
  for (int j = ply - 1; j >= 0; j--) {
    const Frame *f = &w->frames[j];
    if (f->side != p->side)
      crossed = true;
    else if (crossed && f->part == p->part)
      return eval > f->static_eval;
  }
  return false;
}

/* ---- move ordering ----------------------------------------------------------------------- */

/* The counter move slot for the move that led to ply: a reply to the opponent's move, or, at a
 * later part of a turn, the same side's follow-up to its own previous part (a table each, so
 * that a piece type's move of either side does not mix the two).  NULL without a previous move. */
static inline Move *counter_slot(Worker *w, int ply) {
  if (ply == 0) return NULL;
  const Frame *previous = &w->frames[ply - 1];
  if (previous->current == NULL_MOVE || previous->current_piece == NO_PIECE) return NULL;
  return &w->counter[w->pos.part > 0][previous->current_piece][move_to(previous->current)];
}

/* The continuation history's row of the move searched `back` plies before ply (1: the move
 * that led here, 2: the one before), or NULL: none (the root's past, a null move, a pass) or no
 * table. */
static inline int16_t *cont_row(const Worker *w, int ply, int back) {
  if (!w->cont || ply < back) return NULL;
  const Frame *before = &w->frames[ply - back];
  if (before->current == NULL_MOVE || before->current_piece == NO_PIECE) return NULL;
  int key = srch_cont_key(w->search->rules, before->side, before->current_piece, move_to(before->current));
  return w->cont + (size_t)key * w->cont_keys;
}

/* A quiet move's history: of its piece and target, and after each of the two moves before. */
static inline int quiet_history(const Worker *w, const int16_t *const rows[2], int side, int piece, int to) {
  int score = w->history[side][piece][to], key = srch_cont_key(w->search->rules, side, piece, to);
  for (int k = 0; k < 2; k++)
    if (rows[k]) score += rows[k][key];
  return score;
}

/* Scores the moves of the frame at ply for pick: the hash move, the captures and promotions by
 * what they take and with what (every one as good: pick_checked tells the losing ones when it
 * comes to them), killers and counter move, the quiet moves by history. */
static void score_moves(Worker *w, int ply, Move tt_move) {
  Frame *f = &w->frames[ply];
  Position *p = &w->pos;
  const EvalTables *e = w->search->tables;
  Move *slot = counter_slot(w, ply);
  Move counter = slot ? *slot : MOVE_NONE;
  const int16_t *rows[2] = {cont_row(w, ply, 1), cont_row(w, ply, 2)};
  for (int i = 0; i < f->moves.count; i++) {
    Move m = f->moves.moves[i];
    int score;
    if (m == tt_move) {
      score = SCORE_TT;
    } else if (srch_is_noisy(p, m)) {
      int victim = srch_captured_value(p, e, m) + srch_promotion_gain(p, e, m);
      int attacker = e->exchange[piece_type(p->board[move_from(m)])];
      int mvv = victim * 8 - min_int(attacker, EV_MAX_VALUE) / 64;
      score = SCORE_GOOD_NOISY + mvv; /* until pick_checked finds it losing */
    } else if (m == f->killers[0]) {
      score = SCORE_KILLER;
    } else if (m == f->killers[1]) {
      score = SCORE_KILLER - 1;
    } else if (m == counter) {
      score = SCORE_KILLER - 2;
    } else {
      int piece = piece_index(p, m);
      score = piece == NO_PIECE ? 0 : quiet_history(w, rows, p->side, piece, move_to(m));
    }
    f->scores[i] = score;
  }
}

#ifdef __AVX2__
/* The first index from i on that holds the highest score, eight scores at a time: the scan is
 * the selection's whole cost, and in a node where every move is tried it runs once a move. */
static int first_best(const int *scores, int i, int n) {
  __m256i most = _mm256_set1_epi32(INT_MIN);
  int j = i;
  for (; j + 8 <= n; j += 8) most = _mm256_max_epi32(most, _mm256_loadu_si256((const __m256i *)(scores + j)));
  __m128i half = _mm_max_epi32(_mm256_castsi256_si128(most), _mm256_extracti128_si256(most, 1));
  half = _mm_max_epi32(half, _mm_shuffle_epi32(half, _MM_SHUFFLE(1, 0, 3, 2)));
  half = _mm_max_epi32(half, _mm_shuffle_epi32(half, _MM_SHUFFLE(2, 3, 0, 1)));
  int top = _mm_cvtsi128_si32(half);
  for (; j < n; j++)
    if (scores[j] > top) top = scores[j];
  __m256i wanted = _mm256_set1_epi32(top);
  for (j = i; j + 8 <= n; j += 8) {
    __m256i same = _mm256_cmpeq_epi32(_mm256_loadu_si256((const __m256i *)(scores + j)), wanted);
    unsigned mask = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(same));
    if (mask) return j + __builtin_ctz(mask);
  }
  while (scores[j] != top) j++;
  return j;
}
#endif

/* Selection: brings the best remaining move to index i (the first of equals, so that the order
 * is the one the plain scan gives). */
static inline int best_from(const Frame *f, int i) {
#ifdef __AVX2__
  if (f->moves.count - i >= 16) return first_best(f->scores, i, f->moves.count);
#endif
  int best = i;
  for (int j = i + 1; j < f->moves.count; j++)
    if (f->scores[j] > f->scores[best]) best = j;
  return best;
}

static inline Move swap_to(Frame *f, int i, int best) {
  if (best != i) {
    Move m = f->moves.moves[i];
    f->moves.moves[i] = f->moves.moves[best];
    f->moves.moves[best] = m;
    int sc = f->scores[i];
    f->scores[i] = f->scores[best];
    f->scores[best] = sc;
  }
  return f->moves.moves[i];
}

/* Selection as is: quiescence tests each capture's exchange itself. */
static inline Move pick(Frame *f, int i) { return swap_to(f, i, best_from(f, i)); }

/* Selection where a capture that loses material goes after the quiet moves: the exchange of a
 * capture by a dearer piece is evaluated when the capture comes up as the best, and one that
 * loses is scored down among the bad captures, where it stays, and the selection runs again.
 * Nothing moves in the list until the best is known, so the order is the one that scoring every
 * exchange beforehand gives, at the cost of the exchanges only of captures that are reached. */
static Move pick_checked(Worker *w, Frame *f, int i) {
  Position *p = &w->pos;
  const EvalTables *e = w->search->tables;
  for (;;) {
    int best = best_from(f, i);
    int score = f->scores[best];
    Move m = f->moves.moves[best];
    /* Only a capture scored good lies between the killers and the hash move (score_moves). */
    if (score <= SCORE_KILLER || score >= SCORE_TT) return swap_to(f, i, best);
    int victim = srch_captured_value(p, e, m) + srch_promotion_gain(p, e, m);
    int attacker = e->exchange[piece_type(p->board[move_from(m)])];
    if (attacker <= victim || srch_see_ge(p, e, m, 0, w->scratch)) return swap_to(f, i, best);
    f->scores[best] = score - SCORE_GOOD_NOISY + SCORE_BAD_NOISY;
  }
}

static inline void add_history(int *h, int bonus) { *h += bonus - *h * abs(bonus) / HISTORY_MAX; }
static inline void add_cont_history(int16_t *h, int bonus) {
  *h = (int16_t)(*h + bonus - *h * abs(bonus) / HISTORY_MAX);
}

/* The quiet move m's histories, by bonus: its own, and after each of the two moves before. */
static void reward_quiet(Worker *w, int ply, Move m, int bonus) {
  Position *p = &w->pos;
  int piece = piece_index(p, m);
  if (piece == NO_PIECE) return;
  add_history(&w->history[p->side][piece][move_to(m)], bonus);
  int key = srch_cont_key(w->search->rules, p->side, piece, move_to(m));
  for (int back = 1; back <= 2; back++) {
    int16_t *row = cont_row(w, ply, back);
    if (row) add_cont_history(&row[key], bonus);
  }
}

static void update_quiet_stats(Worker *w, int ply, Move best, int depth, const Move *tried, int tried_count) {
  Frame *f = &w->frames[ply];
  if (f->killers[0] != best) f->killers[1] = f->killers[0], f->killers[0] = best;
  int bonus = min_int(depth * depth * 16, HISTORY_MAX / 4);
  reward_quiet(w, ply, best, bonus);
  for (int i = 0; i < tried_count; i++)
    if (tried[i] != best) reward_quiet(w, ply, tried[i], -bonus);
  Move *slot = counter_slot(w, ply);
  if (slot) *slot = best;
}

static inline void update_pv(Worker *w, int ply, Move m) {
  Frame *f = &w->frames[ply], *child = &w->frames[ply + 1];
  f->pv[0] = m;
  int n = min_int(child->pv_length, SRCH_MAX_PLY - 1);
  memcpy(f->pv + 1, child->pv, (size_t)n * sizeof(Move));
  f->pv_length = n + 1;
}

void srch_order_root(Worker *w) {
  Search *s = w->search;
  Frame *f = &w->frames[0];
  pos_legal_moves(&w->pos, &f->moves);
  TTHit hit;
  Move tt_move = srch_tt_probe(&s->tt, w->pos.key, &hit) ? hit.move : MOVE_NONE;
  score_moves(w, 0, tt_move);
  /* Only the root moves the caller named (UCI searchmoves, XBoard exclude), unless it named
   * none that is legal. */
  const SearchLimits *l = &s->limits;
  for (int pass = l->root_move_count > 0 ? 0 : 1; pass < 2; pass++) {
    w->root_count = 0;
    for (int i = 0; i < f->moves.count; i++) {
      Move m = pass ? f->moves.moves[i] : pick_checked(w, f, i);
      if (pass == 0) {
        bool named = false;
        for (int k = 0; k < l->root_move_count && !named; k++) named = l->root_moves[k] == m;
        if (!named) continue;
      } else if (l->root_move_count <= 0) {
        m = pick_checked(w, f, i);
      }
      RootMove *root = &w->root[w->root_count++];
      root->move = m;
      root->score = root->previous = -SRCH_INFINITE;
      root->pv[0] = m;
      root->pv_length = 1;
    }
    if (w->root_count) break;
  }
}

/* ---- quiescence -------------------------------------------------------------------------- */

/* Negamax flips the window for the reply, unless the same side moves again (turns of several
 * moves, Rules.turn_parts > 1). */
static int qsearch(Worker *w, int alpha, int beta, int ply, int qdepth);
static int search(Worker *w, int alpha, int beta, int depth, int ply, bool cut_node);
static inline int qchild(Worker *w, bool flip, int alpha, int beta, int ply, int qdepth) {
  return flip ? -qsearch(w, -beta, -alpha, ply, qdepth) : qsearch(w, alpha, beta, ply, qdepth);
}
static inline int child(Worker *w, bool flip, int alpha, int beta, int depth, int ply, bool cut_node) {
  return flip ? -search(w, -beta, -alpha, depth, ply, cut_node) : search(w, alpha, beta, depth, ply, cut_node);
}

static int qsearch(Worker *w, int alpha, int beta, int ply, int qdepth) {
  Search *s = w->search;
  Position *p = &w->pos;
  Frame *f = &w->frames[ply];
  const EvalTables *e = s->tables;
  f->pv_length = 0;
  if (enter_node(w)) return 0;
  if (ply > w->seldepth) w->seldepth = ply;
  if (lost_by_material(p)) return srch_mated_in(ply);
  if (won_by_material(p)) return -srch_mated_in(ply);
  if (pos_bare_drawn(p)) return result_score(RESULT_DRAW, ply);
  if (p->rules->has_goal) {
    GameResult goal = pos_goal_result(p);
    if (goal != RESULT_NONE) return result_score(goal, ply);
  }
  if (ply >= SRCH_MAX_PLY - 1) return evaluate(w);
  bool pv = beta - alpha > 1;
  TTHit hit;
  Move tt_move = MOVE_NONE;
  if (srch_tt_probe(&s->tt, p->key, &hit)) {
    int score = from_tt(hit.score, ply);
    if (!pv && (hit.bound == TT_BOUND_EXACT || (hit.bound == TT_BOUND_LOWER && score >= beta) ||
                (hit.bound == TT_BOUND_UPPER && score <= alpha)))
      return score;
    tt_move = hit.move;
  }
  bool in_check = node_in_check(w, f);
  int best = -SRCH_INFINITE, stand = -SRCH_INFINITE;
  if (!in_check) {
    stand = best = evaluate(w);
    if (best >= beta) return best;
    if (best > alpha) alpha = best;
  }
  if (in_check) {
    pos_evasions(p, &f->moves);
    if (!f->moves.count) return no_move_score(p, true, ply);
  } else {
    /* Captures and promotions, generated alone; the quiet moves only when there is none, to
     * tell a stalemate.  A quiet promotion only at the first quiescence ply. */
    pos_noisy_moves(p, &f->moves);
    if (!f->moves.count) {
      pos_quiet_moves(p, &f->moves);
      if (!f->moves.count) return no_move_score(p, false, ply);
      f->moves.count = 0;
    }
    int kept = 0;
    for (int i = 0; i < f->moves.count; i++) {
      Move m = f->moves.moves[i];
      if (move_kind(m) == MOVE_PROMOTION && srch_captured_value(p, e, m) == 0 && qdepth > 0) continue;
      f->moves.moves[kept++] = m;
    }
    f->moves.count = kept;
  }
  score_moves(w, ply, tt_move);
  int original_alpha = alpha;
  Move best_move = MOVE_NONE;
  /* Delta pruning bounds what one capture can win before the opponent answers; a part that
   * may leave the same side to move can be followed by more captures of its own. */
  bool delta_pruning = !in_check && !may_continue_turn(p);
  for (int i = 0; i < f->moves.count; i++) {
    Move m = pick(f, i);
    if (!in_check) {
      int gain = srch_captured_value(p, e, m) + srch_promotion_gain(p, e, m);
      if (delta_pruning && stand + gain + 200 <= alpha && move_kind(m) != MOVE_PROMOTION) continue;
      int attacker = e->exchange[piece_type(p->board[move_from(m)])];
      if (attacker > srch_captured_value(p, e, m) && !srch_see_ge(p, e, m, 0, w->scratch)) continue;
    }
    f->current = m;
    f->current_piece = piece_index(p, m);
    int us = p->side;
    pos_do_move(p, m);
    srch_tt_prefetch(&s->tt, p->key);
    w->frames[ply + 1].check = CHECK_UNKNOWN;
    int score = qchild(w, p->side != us, alpha, beta, ply + 1, qdepth + 1);
    pos_undo_move(p);
    if (stopped(s)) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        best_move = m;
        update_pv(w, ply, m);
        if (alpha >= beta) break;
      }
    }
  }
  int bound = best >= beta ? TT_BOUND_LOWER : alpha > original_alpha ? TT_BOUND_EXACT : TT_BOUND_UPPER;
  srch_tt_store(&s->tt, p->key, best_move, to_tt(best, ply), -1, bound);
  return best;
}

/* ---- main search ------------------------------------------------------------------------- */

/* Whether a quiet move that gives no check is pruned, outside the principal variation and out of
 * check: late near the leaves, or unable to lift the score.  The margin bounds a quiet move's
 * worth before the opponent answers, so only when the turn passes (flip: a quiet part may
 * prepare a capture by the next part of the same turn).  The late-move count, (3 + d^2) / 2 when
 * not improving and 3 + d^2 when improving, to depth 8: half the count of depth 4 and below
 * before, where the tree was too bushy to reach the depths Fairy-Stockfish reaches in the same
 * time (+20 Elo at 20,000 nodes). */
static inline bool quiet_pruned(int depth, int quiets, bool improving, int eval, int alpha, bool flip) {
  return (depth <= 8 && quiets >= (3 + depth * depth) / (2 - improving)) ||
         (flip && depth <= 5 && eval + 100 + 90 * depth <= alpha);
}

static int search(Worker *w, int alpha, int beta, int depth, int ply, bool cut_node) {
  Search *s = w->search;
  Position *p = &w->pos;
  Frame *f = &w->frames[ply];
  bool pv = beta - alpha > 1;
  if (depth <= 0) return qsearch(w, alpha, beta, ply, 0);
  f->pv_length = 0;
  if (enter_node(w)) return 0;
  if (ply > w->seldepth) w->seldepth = ply;

  const Rules *r = s->rules;
  GameResult verdict;
  if (lost_by_material(p)) return srch_mated_in(ply);
  if (won_by_material(p)) return -srch_mated_in(ply);
  if (pos_bare_drawn(p)) return result_score(RESULT_DRAW, ply);
  if (p->rules->has_goal) {
    GameResult goal = pos_goal_result(p);
    if (goal != RESULT_NONE) return result_score(goal, ply);
  }
  /* The n-move counter counts every part of a turn, as the rules' verdict does. */
  if (r->nmove_rule && p->halfmove >= r->nmove_rule) return r->counting ? result_score(pos_counted_result(p), ply) : 0;
  if (repeated(w, ply, &verdict)) return result_score(verdict, ply);
  if (ply >= SRCH_MAX_PLY - 1) return evaluate(w);
  /* Mate distance: no line from here beats a mate already found nearer the root. */
  alpha = max_int(alpha, srch_mated_in(ply));
  beta = min_int(beta, srch_mate_in(ply + 1));
  if (alpha >= beta) return alpha;

  /* A search that leaves the hash move out (is it singular?) neither takes the table's word
   * for this position nor prunes: it asks about the other moves only. */
  Move excluded = f->excluded;
  bool excluding = excluded != MOVE_NONE;
  TTHit hit;
  Move tt_move = MOVE_NONE;
  bool tt_hit = srch_tt_probe(&s->tt, p->key, &hit);
  if (tt_hit) {
    tt_move = hit.move;
    int score = from_tt(hit.score, ply);
    if (!pv && !excluding && hit.depth >= depth &&
        (hit.bound == TT_BOUND_EXACT || (hit.bound == TT_BOUND_LOWER && score >= beta) ||
         (hit.bound == TT_BOUND_UPPER && score <= alpha)))
      return score;
  }

  bool in_check = node_in_check(w, f);
  int eval = in_check ? -SRCH_INFINITE : evaluate(w);
  f->static_eval = eval;
  f->side = p->side;
  f->part = p->part;
  bool improving = !in_check && improving_eval(w, ply, eval);
  if (!pv && !in_check && !excluding && abs(beta) < SRCH_MATE_BOUND) {
    /* Razoring trusts quiescence to find what the moves here can win; it does not see a quiet
     * part followed by a capture of the same turn, so not where the turn may go on. */
    if (depth <= 3 && eval + 450 + 250 * depth * depth <= alpha && !may_continue_turn(p)) { /* razoring */
      int q = qsearch(w, alpha, alpha + 1, ply, 0);
      if (stopped(s)) return 0;
      if (q <= alpha) return q;
    }
    if (depth <= 7 && eval - 150 * (depth - improving) >= beta) return eval; /* reverse futility */
    if (depth >= 3 && eval >= beta && null_move_allowed(w, ply)) {
      int reduction = 3 + depth / 4 + min_int(3, (eval - beta) / 200);
      f->current = NULL_MOVE;
      f->current_piece = NO_PIECE;
      pos_do_move(p, move_make(0, 0, MOVE_PASS, 0));
      w->frames[ply + 1].check = CHECK_UNKNOWN;
      int score = -search(w, -beta, -beta + 1, depth - 1 - reduction, ply + 1, !cut_node);
      pos_undo_move(p);
      if (stopped(s)) return 0;
      if (score >= beta) return score >= SRCH_MATE_BOUND ? beta : score;
    }
  }
  /* No hash move deep in the tree: a shallower search is the cheaper way to find one. */
  if (depth >= 4 && tt_move == MOVE_NONE && !in_check) depth--;

  /* Singular extension: a hash move that stood a deep enough search as a lower bound, where
   * every other move fails a shallower search below its score by a margin, is extended; where
   * that search finds another move above beta too, this node fails high on it (multi-cut).
   * Asked before this ply's list is made: the test search uses the same frame. */
  bool singular = false;
  int tt_score = tt_move != MOVE_NONE ? from_tt(hit.score, ply) : 0;
  if (!excluding && depth >= 6 && tt_move != MOVE_NONE && hit.depth >= depth - 3 && hit.bound != TT_BOUND_UPPER &&
      abs(tt_score) < SRCH_MATE_BOUND && ply < 2 * w->root_depth) {
    int singular_beta = tt_score - 2 * depth;
    f->excluded = tt_move;
    int score = search(w, singular_beta - 1, singular_beta, (depth - 1) / 2, ply, cut_node);
    f->excluded = MOVE_NONE;
    if (stopped(s)) return 0;
    if (score < singular_beta)
      singular = true;
    else if (singular_beta >= beta)
      return singular_beta;
  }

  if (in_check)
    pos_evasions(p, &f->moves);
  else
    pos_legal_moves(p, &f->moves);
  if (!f->moves.count) return no_move_score(p, in_check, ply);
  score_moves(w, ply, tt_move);
  w->frames[ply + 1].killers[0] = w->frames[ply + 1].killers[1] = MOVE_NONE;

  int best = -SRCH_INFINITE, original_alpha = alpha, searched = 0, quiets = 0, us = p->side;
  Move best_move = MOVE_NONE;
  Move tried[64];
  int tried_count = 0;
  const int16_t *rows[2] = {cont_row(w, ply, 1), cont_row(w, ply, 2)};
  /* Whether a quiet move's check can be told without making it (pos_quiet_move_checks). */
  bool quick_checks = r->turn_parts == 1 && !r->oracle && !r->turn_restricted;
  f->quiet_checks.ready = 0;
  for (int i = 0; i < f->moves.count; i++) {
    Move m = pick_checked(w, f, i);
    if (m == excluded) continue;
    bool noisy = srch_is_noisy(p, m);
    bool special = m == f->killers[0] || m == f->killers[1] || f->scores[i] == SCORE_KILLER - 2;
    /* A losing capture near the leaves; further up, to depth 8, one that loses more than
     * SEE_PRUNE_NOISY a ply of depth left (its exchange asked again: the score only tells that
     * it loses). */
    if (!pv && !in_check && best > -SRCH_MATE_BOUND && noisy && f->scores[i] < 0 &&
        (depth <= 3 || (depth <= 8 && !srch_see_ge(p, s->tables, m, -SEE_PRUNE_NOISY * depth, w->scratch))))
      continue;
    /* A quiet move's history and its two continuation histories together: what it did after
     * this move and the one before judges it better than its own history alone. */
    int piece = piece_index(p, m);
    int history = noisy || piece == NO_PIECE ? 0 : quiet_history(w, rows, us, piece, move_to(m));
    if (!pv && !in_check && !noisy && !special && best > -SRCH_MATE_BOUND && depth <= 3 && history < -3000 * depth &&
        !may_continue_turn(p))
      continue; /* a quiet move that has failed again and again here, near the leaves */
    /* A quiet move's check, told before it is made where every move passes the turn
     * (quick_checks); a late quiet move, or one that cannot lift the score (below), is pruned
     * then unless it gives check, without being made. */
    bool told = quick_checks && !noisy && (move_kind(m) == MOVE_NORMAL || move_kind(m) == MOVE_DROP);
    bool told_check = told && pos_quiet_move_checks(p, &f->quiet_checks, m);
    if (told && !told_check && !pv && !in_check && best > -SRCH_MATE_BOUND &&
        quiet_pruned(depth, quiets, improving, eval, alpha, true)) {
      quiets++;
      continue;
    }
    /* What a promotion or the hash move gains, for its exchange asked after the move. */
    int gained = noisy && (move_kind(m) == MOVE_PROMOTION || m == tt_move)
                     ? srch_captured_value(p, s->tables, m) + srch_promotion_gain(p, s->tables, m)
                     : 0;
    f->current = m;
    f->current_piece = piece;
    pos_do_move(p, m);
    srch_tt_prefetch(&s->tt, p->key);
    /* A check matters only once the turn passes: a check by a part that leaves the same side to
     * move is no check for the search (no extension, no exemption from pruning). */
    bool flip = p->side != us;
    bool gives_check = told ? told_check : flip && pos_in_check(p);
    tell_check(w, ply, flip, gives_check);
    if (!pv && !in_check && !noisy && !gives_check && best > -SRCH_MATE_BOUND) {
      if (quiet_pruned(depth, quiets, improving, eval, alpha, flip)) {
        pos_undo_move(p);
        quiets++;
        continue;
      }
      /* A quiet move onto a square where it loses material, by more the more depth its late
       * reduction would leave: the opponent to move, the exchange on its target is played out. */
      int lmr_depth = max_int(0, depth - 1 - lmr_table[min_int(depth, 63)][min_int(searched, 63)]);
      if (flip && lmr_depth < 8 &&
          !srch_see_after_ge(p, s->tables, m, 0, -SEE_PRUNE_QUIET * lmr_depth * lmr_depth, w->scratch)) {
        pos_undo_move(p);
        quiets++;
        continue;
      }
    }
    if (!noisy) quiets++;
    /* A check is extended where the checking piece is not simply lost: a check that gives the
     * piece away is answered by taking it, and extending it only deepens a losing line.  A
     * capture's exchange was judged already by pick_checked (its score is below zero when it
     * loses); a promotion's or the hash move's was not, nor a quiet move's: played out here. */
    bool check_extension = gives_check && ply < 2 * w->root_depth;
    if (check_extension && noisy && move_kind(m) != MOVE_PROMOTION && m != tt_move) {
      check_extension = f->scores[i] >= 0;
    } else if (check_extension) {
      check_extension = srch_see_after_ge(p, s->tables, m, gained, 0, w->scratch);
    }
    int extension = check_extension || (singular && m == tt_move) ? 1 : 0;
    int new_depth = depth - 1 + extension;
    /* The child's expected node type: after the opponent's reply the roles swap (a move
     * searched to fail low leads to a cut node); a part that leaves the same side to move
     * continues the node, and its child is of the same type. */
    int score;
    if (searched == 0) {
      score = child(w, flip, alpha, beta, new_depth, ply + 1, !flip && cut_node);
    } else {
      int reduction = 0;
      if (depth >= 3 && searched >= (pv ? 3 : 2) && !noisy && !in_check && !gives_check) {
        reduction = lmr_table[min_int(depth, 63)][min_int(searched, 63)];
        reduction += !improving + cut_node - pv - special;
        reduction -= history / 16384;
        reduction = max_int(0, min_int(reduction, new_depth - 1));
      }
      score = child(w, flip, alpha, alpha + 1, new_depth - reduction, ply + 1, flip);
      if (score > alpha && reduction > 0)
        score = child(w, flip, alpha, alpha + 1, new_depth, ply + 1, flip ? !cut_node : cut_node);
      if (score > alpha && pv) score = child(w, flip, alpha, beta, new_depth, ply + 1, false);
    }
    pos_undo_move(p);
    if (stopped(s)) return 0;
    searched++;
    if (!noisy && tried_count < 64) tried[tried_count++] = m;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        best_move = m;
        if (pv) update_pv(w, ply, m);
        if (alpha >= beta) {
          if (!noisy) update_quiet_stats(w, ply, m, depth, tried, tried_count);
          break;
        }
      }
    }
  }
  if (excluding) return searched ? best : alpha; /* nothing stored: the hash move was left out */
  int bound = best >= beta ? TT_BOUND_LOWER : alpha > original_alpha ? TT_BOUND_EXACT : TT_BOUND_UPPER;
  srch_tt_store(&s->tt, p->key, best_move, to_tt(best, ply), depth, bound);
  return best;
}

/* ---- root -------------------------------------------------------------------------------- */

void srch_sort_root(RootMove *moves, int from, int count) {
  for (int i = from + 1; i < count; i++) { /* insertion sort: stable, so equal scores keep order */
    RootMove key = moves[i];
    int j = i - 1;
    while (j >= from && moves[j].score < key.score) moves[j + 1] = moves[j], j--;
    moves[j + 1] = key;
  }
}

int srch_search_root(Worker *w, int alpha, int beta, int depth, int pv_index) {
  Search *s = w->search;
  Position *p = &w->pos;
  Frame *f = &w->frames[0];
  int best = -SRCH_INFINITE;
  f->pv_length = 0;
  f->static_eval = -SRCH_INFINITE;
  f->side = p->side;
  f->part = p->part;
  for (int i = pv_index; i < w->root_count; i++) w->root[i].score = -SRCH_INFINITE;
  for (int i = pv_index; i < w->root_count; i++) {
    RootMove *rm = &w->root[i];
    Move m = rm->move;
    if (enter_node(w)) break;
    f->current = m;
    f->current_piece = piece_index(p, m);
    int us = p->side;
    pos_do_move(p, m);
    srch_tt_prefetch(&s->tt, p->key);
    bool flip = p->side != us;
    bool gives_check = flip && pos_in_check(p);
    tell_check(w, 0, flip, gives_check);
    int new_depth = depth - 1 + (gives_check ? 1 : 0);
    int score;
    if (i == pv_index) {
      score = child(w, flip, alpha, beta, new_depth, 1, false);
    } else {
      score = child(w, flip, alpha, alpha + 1, new_depth, 1, flip);
      if (score > alpha) score = child(w, flip, alpha, beta, new_depth, 1, false);
    }
    pos_undo_move(p);
    if (stopped(s)) break;
    if (i == pv_index || score > alpha) {
      rm->score = score;
      rm->pv[0] = m;
      int n = min_int(w->frames[1].pv_length, SRCH_MAX_PV - 1);
      memcpy(rm->pv + 1, w->frames[1].pv, (size_t)n * sizeof(Move));
      rm->pv_length = n + 1;
    }
    if (score > best) best = score;
    if (score > alpha) {
      alpha = score;
      if (alpha >= beta) break;
    }
  }
  srch_sort_root(w->root, pv_index, w->root_count);
  return best;
}
