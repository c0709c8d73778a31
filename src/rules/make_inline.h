/* Make and unmake, inline so that perft and search can fold them into their loops.  Only
 * single bits change, so one version serves every board width. */
#ifndef HERALD_RULES_MAKE_INLINE_H
#define HERALD_RULES_MAKE_INLINE_H

#include <stdlib.h>
#include <string.h>

#include "rules/movegen.h"
#include "rules/position.h"

static inline void pos_toggle(Position *p, int code, int sq) {
  int c = piece_color(code), t = piece_type(code);
  p->by_color[c][sq >> 6] ^= 1ULL << (sq & 63);
  p->by_piece[c][t][sq >> 6] ^= 1ULL << (sq & 63);
}

static inline void pos_put(Position *p, int code, int sq) {
  pos_toggle(p, code, sq);
  p->board[sq] = (uint8_t)code;
  p->key ^= p->rules->zobrist_piece[code][sq];
}

static inline void pos_take(Position *p, int sq) {
  int code = p->board[sq];
  pos_toggle(p, code, sq);
  p->board[sq] = SQ_EMPTY;
  p->key ^= p->rules->zobrist_piece[code][sq];
}

static inline bool promoted_at(const Position *p, int sq) { return (p->promoted[sq >> 6] >> (sq & 63)) & 1; }
static inline void set_promoted(Position *p, int sq, bool on) {
  uint64_t bit = 1ULL << (sq & 63);
  p->promoted[sq >> 6] = on ? p->promoted[sq >> 6] | bit : p->promoted[sq >> 6] & ~bit;
}

static inline void hand_add(Position *p, int color, int type, int delta) {
  const Rules *r = p->rules;
  int n = p->hand[color][type];
  p->key ^= r->zobrist_hand[color][type][n & 63] ^ r->zobrist_hand[color][type][(n + delta) & 63];
  p->hand[color][type] = (uint8_t)(n + delta);
}

void pos_grow_history(Position *p);
/* oracle.c: make and unmake of MOVE_ORACLE moves. */
void pos_do_oracle_move(Position *p, Move m);
void pos_undo_oracle_effects(Position *p, int ply);

/* After a part of a turn of several: the turn goes on with the same side, or ends after its last
 * part or, where the rules say so, after a part that gives check.  again: the part was already
 * ended once on a board that then changed (an oracle move's effects): decide again. */
static inline void pos_end_part(Position *p, Move m, bool again) {
  const Rules *r = p->rules;
  if (again && (p->part == 0 || !r->turn.check_ends || !pos_opponent_in_check(p))) return;
  p->key ^= pos_turn_key(r, p);
  if (again || ++p->part >= pos_turn_parts(p) || (r->turn.check_ends && pos_opponent_in_check(p))) {
    p->part = 0;
    p->turn_piece = p->turn_frozen = p->turn_stale = -1;
    p->side ^= 1;
    p->key ^= r->zobrist_side;
    if (p->side == WHITE) p->fullmove++;
  } else {
    int kind = move_kind(m);
    p->turn_piece = kind == MOVE_PASS ? -1 : kind == MOVE_CASTLING ? r->castlings[move_arg(m)].king_to : move_to(m);
    if (p->ep_victim >= 0) { /* one's own double step is no en passant target for one's next part */
      p->key ^= r->zobrist_ep[p->ep_victim];
      p->ep_victim = -1;
      memset(p->ep, 0, sizeof p->ep);
    }
    if (kind == MOVE_CASTLING) {
      const Castling *c = &r->castlings[move_arg(m)];
      p->turn_frozen = c->partner_to;
      p->turn_stale = c->partner_from != c->king_to ? c->partner_from : -1;
    } else if (kind == MOVE_EN_PASSANT && !again) {
      p->turn_stale = p->history[p->ply - 1].ep_victim; /* the Pawn taken */
    }
  }
  p->key ^= pos_turn_key(r, p);
}

/* The explosion of a capture on `to` (Rules.blast_on_capture): the capturer standing there
 * and every piece on the squares around it leave the board, except blast_spared types around
 * it and blast_immune types; what left is noted in u for pos_undo_move, and the castling
 * rights of the squares emptied are spent. */
static inline void pos_blast(Position *p, Undo *u, int to, uint32_t *rights) {
  const Rules *r = p->rules;
  const Geometry *g = &r->geo;
  int x = geo_file(g, to), y = geo_rank(g, to);
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++) {
      if (!geo_on_board(g, x + dx, y + dy)) continue;
      int sq = geo_square(g, x + dx, y + dy), code = p->board[sq];
      if (code == SQ_EMPTY || code == SQ_HOLE) continue;
      const PieceType *pt = &r->types[piece_type(code)];
      if (pt->blast_immune || (sq != to && pt->blast_spared)) continue;
      int i = u->blast_count++;
      u->blast_sq[i] = (uint8_t)sq;
      u->blast_code[i] = (uint8_t)code;
      if (promoted_at(p, sq)) u->blast_promoted |= (uint16_t)(1u << i), set_promoted(p, sq, false);
      pos_take(p, sq);
      *rights &= r->castle_keep[sq] & r->castle_keep_piece[code];
    }
}

/* Rules.first_lost_types: the first-move rights of colour them's royal pieces that a move onto
 * to leaves, as it lands on their file or rank (Cambodian Chess: a Rook aimed at the King). */
static inline uint32_t first_rights_kept(const Rules *r, int them, int to) {
  const Geometry *g = &r->geo;
  uint32_t keep = ~0u;
  for (int i = 0; i < r->first_move_count; i++) {
    const FirstMove *fm = &r->first_moves[i];
    if (fm->color == them && r->types[fm->type].royal &&
        (geo_file(g, fm->from) == geo_file(g, to) || geo_rank(g, fm->from) == geo_rank(g, to)))
      keep &= ~(1u << fm->right);
  }
  return keep;
}

static inline void pos_do_move(Position *p, Move m) {
  const Rules *r = p->rules;
  if (__builtin_expect(move_kind(m) == MOVE_ORACLE, 0)) {
    pos_do_oracle_move(p, m);
    return;
  }
  if (p->ply == p->history_cap) pos_grow_history(p);
  Undo *u = &p->history[p->ply++];
  u->move = m;
  u->captured = SQ_EMPTY;
  u->captured_promoted = u->mover_promoted = false;
  u->part = (int8_t)p->part;
  u->ep_victim = (int16_t)p->ep_victim;
  u->turn_piece = (int16_t)p->turn_piece;
  u->turn_frozen = (int16_t)p->turn_frozen;
  u->turn_stale = (int16_t)p->turn_stale;
  u->halfmove = p->halfmove;
  u->checks[0] = p->checks[0], u->checks[1] = p->checks[1];
  u->check_series[0] = p->check_series[0], u->check_series[1] = p->check_series[1];
  u->blast_count = 0;
  u->blast_promoted = 0;
  u->castle_rights = p->castle_rights;
  u->key = p->key;
  memcpy(u->ep, p->ep, sizeof u->ep);
  int us = p->side, from = move_from(m), to = move_to(m), kind = move_kind(m);
  int old_ep = p->ep_victim;
  if (old_ep >= 0) {
    p->key ^= r->zobrist_ep[old_ep];
    p->ep_victim = -1;
    memset(p->ep, 0, sizeof p->ep);
  }
  uint32_t rights = p->castle_rights;
  p->halfmove++;
  switch (kind) {
  case MOVE_DROP:
    hand_add(p, us, move_arg(m), -1);
    pos_put(p, piece_code(us, move_arg(m)), to);
    break;
  case MOVE_CASTLING: {
    const Castling *c = &r->castlings[move_arg(m)];
    int king = p->board[c->king_from], partner = p->board[c->partner_from];
    pos_take(p, c->king_from);
    pos_take(p, c->partner_from);
    pos_put(p, king, c->king_to);
    pos_put(p, partner, c->partner_to);
    rights &= r->castle_keep[c->king_from] & r->castle_keep[c->partner_from] & r->castle_keep_piece[king];
    break;
  }
  case MOVE_PASS: break;
  default: {
    int code = p->board[from], type = piece_type(code);
    int victim_sq = kind == MOVE_EN_PASSANT ? old_ep : to;
    int victim = p->board[victim_sq];
    if (victim) {
      u->captured = (uint8_t)victim;
      u->captured_promoted = promoted_at(p, victim_sq);
      pos_take(p, victim_sq);
      if (r->drops && !r->captures_leave_game) {
        int vt = piece_type(victim);
        hand_add(p, us, r->hand_type[vt][u->captured_promoted], +1);
      }
      set_promoted(p, victim_sq, false);
      p->halfmove = 0;
      rights &= r->castle_keep[victim_sq];
    }
    u->mover = (uint8_t)code;
    u->mover_promoted = promoted_at(p, from);
    pos_take(p, from);
    int new_type = kind == MOVE_PROMOTION ? move_arg(m) : type;
    pos_put(p, piece_code(us, new_type), to);
    if (u->mover_promoted)
      set_promoted(p, from, false), set_promoted(p, to, true);
    else if (kind == MOVE_PROMOTION && r->drops && !r->drops_keep_rank && !r->types[new_type].promoted_form)
      set_promoted(p, to, true);
    const PieceType *pt = &r->types[type];
    if (pt->resets_clock && (!pt->clock_forward_only || moves_forward(r, us, from, to))) p->halfmove = 0;
    if (pt->ep_creator && !victim && kind == MOVE_NORMAL) {
      /* En passant on every square the multi-step move passed (seed 004, `fps`). */
      const Geometry *g = &r->geo;
      int dx = geo_file(g, to) - geo_file(g, from), dy = geo_rank(g, to) - geo_rank(g, from);
      int adx = abs(dx), ady = abs(dy), steps = adx > ady ? adx : ady;
      if (steps >= 2 && (adx == 0 || ady == 0 || adx == ady)) {
        int sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
        bool open = false; /* a passed square no enemy piece may take onto is none (Horde's second rank) */
        for (int s = 1; s < steps; s++) {
          int sq = from + s * (sy * g->width + sx);
          if (!bits_test(&r->ep_target[us ^ 1], sq)) continue;
          p->ep[sq >> 6] |= 1ULL << (sq & 63);
          open = true;
        }
        if (open) {
          p->ep_victim = to;
          p->key ^= r->zobrist_ep[to];
        }
      }
    }
    rights &= r->castle_keep[from] & r->castle_keep[to] & r->castle_keep_piece[code];
    if (__builtin_expect(r->first_lost_types >> type & 1, 0)) rights &= first_rights_kept(r, us ^ 1, to);
    if (victim && __builtin_expect(r->blast_on_capture, 0)) pos_blast(p, u, to, &rights);
  }
  }
  for (uint32_t changed = rights ^ p->castle_rights; changed; changed &= changed - 1)
    p->key ^= r->zobrist_castle[__builtin_ctz(changed)];
  p->castle_rights = rights;
  if (__builtin_expect(r->turn_parts == 1, 1)) {
    p->side ^= 1;
    p->key ^= r->zobrist_side;
    if (p->side == WHITE) p->fullmove++;
  } else {
    pos_end_part(p, m, false);
  }
  if (__builtin_expect(r->check_limit != 0, 0) && p->side != us) pos_count_check(p, us);
  if (__builtin_expect(r->shak_types != 0, 0) && p->side != us) pos_note_check_series(p);
}

/* Would the quiet move m (MOVE_NORMAL onto an empty square, or MOVE_DROP) leave the opponent in
 * check, in rules where the turn passes after every move and the model decides (no oracle, no
 * turn restrictions)?  Told without making it: in such rules the check a move gives depends on
 * where the pieces stand and on the side to move only.  q (NULL: none), kept for the position
 * and ready 0 at first, lets the generator answer from two squares (QuietChecks); where it
 * cannot, the two squares and the side are changed and put back, not the key, the clocks or the
 * history, and the royal pieces' safety is asked. */
static inline bool pos_quiet_move_checks(Position *p, QuietChecks *q, Move m) {
  if (q && q->ready >= 0 && p->rules->gen->quiet_move_checks) {
    int told = p->rules->gen->quiet_move_checks(p, q, m);
    if (told >= 0) return told;
  }
  int to = move_to(m), from = move_from(m), drop = move_kind(m) == MOVE_DROP;
  int code = drop ? piece_code(p->side, move_arg(m)) : p->board[from];
  if (!drop) pos_toggle(p, code, from), p->board[from] = SQ_EMPTY;
  pos_toggle(p, code, to), p->board[to] = (uint8_t)code;
  p->side ^= 1;
  bool check = pos_in_check(p);
  p->side ^= 1;
  pos_toggle(p, code, to), p->board[to] = SQ_EMPTY;
  if (!drop) pos_toggle(p, code, from), p->board[from] = (uint8_t)code;
  return check;
}

static inline void pos_raw_put(Position *p, int code, int sq) {
  pos_toggle(p, code, sq);
  p->board[sq] = (uint8_t)code;
}
static inline void pos_raw_take(Position *p, int sq) {
  pos_toggle(p, p->board[sq], sq);
  p->board[sq] = SQ_EMPTY;
}

static inline void pos_undo_move(Position *p) {
  const Rules *r = p->rules;
  Undo *u = &p->history[--p->ply];
  Move m = u->move;
  int from = move_from(m), to = move_to(m), kind = move_kind(m);
  if (p->part == 0) {
    if (p->side == WHITE) p->fullmove--;
    p->side ^= 1;
  }
  int us = p->side;
  switch (kind) {
  case MOVE_DROP:
    pos_raw_take(p, to);
    p->hand[us][move_arg(m)]++;
    break;
  case MOVE_CASTLING: {
    const Castling *c = &r->castlings[move_arg(m)];
    int king = p->board[c->king_to], partner = p->board[c->partner_to];
    pos_raw_take(p, c->king_to);
    pos_raw_take(p, c->partner_to);
    pos_raw_put(p, king, c->king_from);
    pos_raw_put(p, partner, c->partner_from);
    break;
  }
  case MOVE_PASS: break;
  case MOVE_ORACLE: pos_undo_oracle_effects(p, p->ply); break;
  default: {
    int victim_sq = kind == MOVE_EN_PASSANT ? u->ep_victim : to;
    for (int i = u->blast_count - 1; i >= 0; i--) { /* the explosion first: the capturer returns to `to` */
      pos_raw_put(p, u->blast_code[i], u->blast_sq[i]);
      if (u->blast_promoted >> i & 1) set_promoted(p, u->blast_sq[i], true);
    }
    pos_raw_take(p, to);
    pos_raw_put(p, u->mover, from);
    set_promoted(p, to, false);
    if (u->mover_promoted) set_promoted(p, from, true);
    if (u->captured) {
      pos_raw_put(p, u->captured, victim_sq);
      set_promoted(p, victim_sq, u->captured_promoted);
      if (r->drops && !r->captures_leave_game) {
        int vt = piece_type(u->captured);
        p->hand[us][r->hand_type[vt][u->captured_promoted]]--;
      }
    }
  }
  }
  p->part = u->part;
  p->turn_piece = u->turn_piece;
  p->turn_frozen = u->turn_frozen;
  p->turn_stale = u->turn_stale;
  p->ep_victim = u->ep_victim;
  memcpy(p->ep, u->ep, sizeof p->ep);
  p->halfmove = u->halfmove;
  p->checks[0] = u->checks[0], p->checks[1] = u->checks[1];
  p->check_series[0] = u->check_series[0], p->check_series[1] = u->check_series[1];
  p->castle_rights = u->castle_rights;
  p->key = u->key;
}

#endif
