#include "rules/rules.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/betza.h"
#include "rules/movegen.h"
#include "rules/tables.h"

bool rules_init(Rules *r, const char *name, int width, int height, char *err, int errlen) {
  memset(r, 0, sizeof *r);
  if (!geo_init(&r->geo, width, height, err, errlen)) return false;
  snprintf(r->name, sizeof r->name, "%s", name);
  r->checkmate = RESULT_LOSS;
  r->stalemate = RESULT_DRAW;
  r->repetition = RESULT_DRAW;
  r->turn_parts = 1;
  return true;
}

int rules_add_piece(Rules *r, const char *name, char letter, const char *betza, char *err, int errlen) {
  if (r->type_count == MAX_TYPES) {
    snprintf(err, errlen, "more than %d piece types", MAX_TYPES);
    return -1;
  }
  if (!isalpha((unsigned char)letter)) {
    snprintf(err, errlen, "piece '%s': letter '%c' is not a letter", name, letter);
    return -1;
  }
  PieceType *pt = &r->types[r->type_count];
  memset(pt, 0, sizeof *pt);
  snprintf(pt->name, sizeof pt->name, "%s", name);
  pt->letter = (char)toupper((unsigned char)letter);
  pt->unpromoted = -1;
  pt->initial_zone = NO_ZONE;
  pt->ep_zone = NO_ZONE;
  pt->promo_zone = NO_ZONE;
  pt->drop_zone = NO_ZONE;
  snprintf(pt->betza, sizeof pt->betza, "%s", betza);
  int n = betza_parse(betza, pt->atoms, MAX_ATOMS, err, errlen);
  if (n < 0) return -1;
  pt->atom_count = n;
  return r->type_count++;
}

int rules_add_zone(Rules *r, const char *name, int file_lo, int file_hi, int rank_lo, int rank_hi) {
  if (r->zone_count == MAX_ZONES) return -1;
  int z = r->zone_count++;
  snprintf(r->zone_name[z], sizeof r->zone_name[z], "%s", name);
  memset(r->zones[z], 0, sizeof r->zones[z]);
  const Geometry *g = &r->geo;
  for (int rank = rank_lo; rank <= rank_hi; rank++)
    for (int file = file_lo; file <= file_hi; file++) {
      if (!geo_on_board(g, file, rank)) continue;
      bits_set(&r->zones[z][0], geo_square(g, file, rank));
      if (geo_on_board(g, file, g->height - 1 - rank))
        bits_set(&r->zones[z][1], geo_square(g, file, g->height - 1 - rank));
    }
  return z;
}

/* One more castling of the king from sq[0] to sq[1] and its partner from sq[2] to sq[3];
 * false when the table is full. */
static bool push_castling(Rules *r, int color, const int sq[4], int king_type, int partner_type, char *err,
                          int errlen) {
  if (r->castling_count == MAX_CASTLINGS) {
    snprintf(err, errlen, "more than %d castling moves", MAX_CASTLINGS);
    return false;
  }
  r->castlings[r->castling_count++] = (Castling){.color = color,
                                                 .king_from = sq[0],
                                                 .king_to = sq[1],
                                                 .partner_from = sq[2],
                                                 .partner_to = sq[3],
                                                 .king_type = king_type,
                                                 .partner_type = partner_type};
  return true;
}

/* The squares named by names[0..n), each a square of the board (no hole); what says whose
 * they are in the error. */
static bool parse_squares(const Rules *r, const char *const *names, int n, int *sq, const char *what, char *err,
                          int errlen) {
  for (int i = 0; i < n; i++) {
    int used = 0;
    sq[i] = geo_parse_square(&r->geo, names[i], &used);
    if (sq[i] < 0 || names[i][used] || r->geo.hole[sq[i]]) {
      snprintf(err, errlen, "%s: '%s' is not a square of the board", what, names[i]);
      return false;
    }
  }
  return true;
}

bool rules_add_castling(Rules *r, int color, const char *king_from, const char *king_to, const char *partner_from,
                        const char *partner_to, char *err, int errlen) {
  const char *names[4] = {king_from, king_to, partner_from, partner_to};
  int sq[4];
  if (!parse_squares(r, names, 4, sq, "castling", err, errlen)) return false;
  return push_castling(r, color, sq, -1, -1, err, errlen);
}

bool rules_add_first_move(Rules *r, int color, int type, const char *from, const char *to, char *err, int errlen) {
  const char *names[2] = {from, to};
  int sq[2];
  if (!parse_squares(r, names, 2, sq, "first move", err, errlen)) return false;
  if (r->first_move_count == MAX_FIRST_MOVES) {
    snprintf(err, errlen, "more than %d first moves", MAX_FIRST_MOVES);
    return false;
  }
  if (sq[0] == sq[1] || type < 0 || type >= r->type_count) {
    snprintf(err, errlen, "first move %s-%s: no move of a known piece", from, to);
    return false;
  }
  r->first_moves[r->first_move_count++] = (FirstMove){.color = color, .type = type, .from = sq[0], .to = sq[1]};
  return true;
}

bool rules_add_free_castling(Rules *r, int color, int rank, int king_type, int partner_type, int a_side_to,
                             int h_side_to, char *err, int errlen) {
  const Geometry *g = &r->geo;
  if (king_type < 0 || king_type >= r->type_count) { /* its moves spend the rights: it must be known */
    snprintf(err, errlen, "free castling needs the castling king's type");
    return false;
  }
  for (int kf = 0; kf < g->width; kf++)
    for (int pf = 0; pf < g->width; pf++) {
      /* Toward the a-file the king lands on a_side_to and the partner on its right (c1, d1),
       * toward the other edge on h_side_to and its left (g1, f1). */
      bool a_side = pf < kf;
      int kt = a_side ? a_side_to : h_side_to, pt = a_side ? kt + 1 : kt - 1;
      int files[4] = {kf, kt, pf, pt}, sq[4];
      bool on_board = pf != kf;
      for (int i = 0; i < 4 && on_board; i++) {
        on_board = geo_on_board(g, files[i], rank);
        if (on_board) sq[i] = geo_square(g, files[i], rank);
      }
      if (!on_board) continue;
      if (!push_castling(r, color, sq, king_type, partner_type, err, errlen)) return false;
    }
  r->castling_free = true;
  return true;
}

int rules_find_type(const Rules *r, char letter, bool promoted_form) {
  letter = (char)toupper((unsigned char)letter);
  for (int t = 0; t < r->type_count; t++)
    if (r->types[t].letter == letter && r->types[t].promoted_form == promoted_form) return t;
  return -1;
}

static uint64_t splitmix64(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

static void make_keys(Rules *r) {
  uint64_t seed = 0x486572616C64ULL; /* "Herald" */
  for (int p = 0; p < 64; p++)
    for (int sq = 0; sq < GEO_MAX_SQUARES; sq++) r->zobrist_piece[p][sq] = splitmix64(&seed);
  for (int c = 0; c < 2; c++)
    for (int t = 0; t < MAX_TYPES; t++)
      for (int n = 0; n < 64; n++) r->zobrist_hand[c][t][n] = n ? splitmix64(&seed) : 0;
  for (int i = 0; i < MAX_CASTLINGS; i++) r->zobrist_castle[i] = splitmix64(&seed);
  for (int sq = 0; sq < GEO_MAX_SQUARES; sq++) r->zobrist_ep[sq] = splitmix64(&seed);
  r->zobrist_side = splitmix64(&seed);
  r->zobrist_part = splitmix64(&seed);
  r->zobrist_turn_piece = splitmix64(&seed);
  r->zobrist_turn_effects = splitmix64(&seed);
  for (int c = 0; c < 2; c++)
    for (int n = 0; n <= MAX_CHECK_LIMIT; n++) r->zobrist_checks[c][n] = n ? splitmix64(&seed) : 0;
}

/* Castling rights: one bit per (king square, partner square) pair, so that the several king
 * destinations of flexible castling share the right they spend, and a move from or to either
 * square spends it.  Under castling_free (Chess960) the king's square is not fixed, so a bit
 * belongs to the partner's square (per colour) and a move of the castling king, from wherever
 * it stands, spends all of its side's bits. */
static bool assign_castle_rights(Rules *r, char *err, int errlen) {
  int pair_color[MAX_CASTLINGS], pair_king[MAX_CASTLINGS], pair_partner[MAX_CASTLINGS], pairs = 0;
  for (int sq = 0; sq < GEO_MAX_SQUARES; sq++) r->castle_keep[sq] = ~0u;
  for (int code = 0; code < 64; code++) r->castle_keep_piece[code] = ~0u;
  memset(r->right_castling_count, 0, sizeof r->right_castling_count);
  r->color_rights[0] = r->color_rights[1] = 0;
  for (int i = 0; i < r->castling_count; i++) {
    const Castling *c = &r->castlings[i];
    int king = r->castling_free ? -1 : c->king_from;
    int bit = -1;
    for (int k = 0; k < pairs; k++)
      if (pair_color[k] == c->color && pair_king[k] == king && pair_partner[k] == c->partner_from) bit = k;
    if (bit < 0) {
      if (pairs == 32) {
        snprintf(err, errlen, "more than 32 castling rights");
        return false;
      }
      bit = pairs++;
      pair_color[bit] = c->color, pair_king[bit] = king, pair_partner[bit] = c->partner_from;
    }
    r->castle_right[i] = bit;
    r->right_castlings[bit][r->right_castling_count[bit]++] = (uint8_t)i;
    r->color_rights[c->color & 1] |= 1u << bit;
    if (!r->castling_free) r->castle_keep[c->king_from] &= ~(1u << bit);
    r->castle_keep[c->partner_from] &= ~(1u << bit);
    if (r->castling_free && c->king_type >= 0) r->castle_keep_piece[piece_code(c->color, c->king_type)] &= ~(1u << bit);
  }
  /* First moves: one bit per (colour, square), after the castlings' bits. */
  r->first_rights[0] = r->first_rights[1] = 0;
  for (int i = 0; i < r->first_move_count; i++) {
    FirstMove *fm = &r->first_moves[i];
    fm->right = -1;
    for (int k = 0; k < i; k++)
      if (r->first_moves[k].color == fm->color && r->first_moves[k].from == fm->from)
        fm->right = r->first_moves[k].right;
    if (fm->right < 0) {
      if (pairs == 32) {
        snprintf(err, errlen, "more than 32 castling and first-move rights");
        return false;
      }
      fm->right = pairs++;
    }
    r->first_rights[fm->color & 1] |= 1u << fm->right;
    r->castle_keep[fm->from] &= ~(1u << fm->right);
  }
  return true;
}

/* Counts each type in the board field of the start FEN (for promotion to captured pieces). */
static void count_initial_pieces(Rules *r) {
  memset(r->initial_count, 0, sizeof r->initial_count);
  bool promoted = false;
  for (const char *p = r->start_fen; *p && *p != ' ' && *p != '['; p++) {
    if (*p == '+') {
      promoted = true;
      continue;
    }
    if (isalpha((unsigned char)*p) && isupper((unsigned char)*p)) {
      int t = rules_find_type(r, *p, promoted);
      if (t >= 0) r->initial_count[t]++;
    }
    promoted = false;
  }
}

bool rules_build_tables(Rules *r, char *err, int errlen); /* tables.c */

bool rules_update_turns(Rules *r, char *err, int errlen) {
  if (r->turn_parts < 1) r->turn_parts = 1;
  TurnRules *tr = &r->turn;
  /* Parts left 0 mean Rules.turn_parts (which a caller may also set alone, every turn alike). */
  int most = 0;
  for (int c = 0; c < 2; c++) most = tr->parts[c] > most ? tr->parts[c] : most;
  most = tr->first_parts > most ? tr->first_parts : most;
  if (most > MAX_TURN_PARTS || r->turn_parts > MAX_TURN_PARTS) {
    snprintf(err, errlen, "a turn may have at most %d parts", MAX_TURN_PARTS);
    return false;
  }
  if (most && tr->parts[0] && tr->parts[1]) r->turn_parts = most;
  /* After a castling the turn's later parts are restricted (position.h, turn_frozen). */
  r->turn_restricted = tr->piece_once || (r->turn_parts > 1 && r->castling_count > 0) || r->must_capture;
  for (int i = 0; i < MAX_TURN_PARTS; i++) r->turn_restricted |= tr->kinds[i] || tr->first_kinds[i];
  return true;
}

bool rules_finalize(Rules *r, char *err, int errlen) {
  const Geometry *g = &r->geo;
  if (r->type_count == 0) {
    snprintf(err, errlen, "the variant has no piece types");
    return false;
  }
  memset(&r->board_mask, 0, sizeof r->board_mask);
  for (int sq = 0; sq < g->squares; sq++)
    if (!g->hole[sq]) bits_set(&r->board_mask, sq);
  /* The generator is chosen here, once: nothing else looks at the width. */
  static const MoveGenerator *const by_width[] = {[1] = &gen_w1, [2] = &gen_w2, [4] = &gen_w4};
  r->bbw = g->squares <= 64 ? 1 : g->squares <= 128 ? 2 : 4;
  r->gen = by_width[r->bbw];
  r->has_goal = bits_any(&r->goal[0]) || bits_any(&r->goal[1]);
  if (r->check_limit < 0 || r->check_limit > MAX_CHECK_LIMIT) {
    snprintf(err, errlen, "a game won by %d checks: the most is %d", r->check_limit, MAX_CHECK_LIMIT);
    return false;
  }
  r->royal_type_count = 0;
  r->royal_types = 0;
  memset(r->ep_target, 0, sizeof r->ep_target);
  for (int t = 0; t < r->type_count; t++) {
    PieceType *pt = &r->types[t];
    for (int c = 0; c < 2 && pt->ep_capturer; c++)
      r->ep_target[c] = bits_or(r->ep_target[c], pt->ep_zone == NO_ZONE ? r->board_mask : r->zones[pt->ep_zone][c]);
    r->royal_type_count += pt->royal;
    if (pt->royal) r->royal_types |= 1u << t;
    for (int i = 0; i < pt->promo_count; i++)
      if (pt->promo_choices[i] < 0 || pt->promo_choices[i] >= r->type_count) {
        snprintf(err, errlen, "piece '%s' promotes to an unknown type", pt->name);
        return false;
      }
    if (pt->promo_count && pt->promo_zone == NO_ZONE) {
      snprintf(err, errlen, "piece '%s' has promotion choices but no promotion zone", pt->name);
      return false;
    }
  }
  if (!rules_update_turns(r, err, errlen)) return false;
  /* A promoted form reverts to its base type; a piece with the promoted mark (crazyhouse) to
   * the first type that promotes into it. */
  for (int t = 0; t < r->type_count; t++) {
    const PieceType *pt = &r->types[t];
    int base = pt->promoted_form && pt->unpromoted >= 0 ? pt->unpromoted : t, origin = -1;
    for (int u = 0; u < r->type_count && origin < 0; u++)
      for (int i = 0; i < r->types[u].promo_count; i++)
        if (r->types[u].promo_choices[i] == t) origin = u;
    r->hand_type[t][0] = (int8_t)base;
    r->hand_type[t][1] = (int8_t)(base != t || origin < 0 ? base : origin);
  }
  make_keys(r);
  if (!assign_castle_rights(r, err, errlen)) return false;
  count_initial_pieces(r);
  if (!rules_build_tables(r, err, errlen)) return false;
  r->finalized = true;
  return true;
}

void rules_free(Rules *r) {
  if (r->oracle && r->oracle->release) {
    RulesOracle *o = r->oracle;
    r->oracle = NULL;
    o->release(o->ctx);
  }
  RuleTables *t = r->tables;
  if (!t) return;
  free(t->board);
  free(t->leap_quiet);
  free(t->leap_capture);
  free(t->attack_from_leap);
  free(t->attack_from_any_leap);
  free(t->ray);
  free(t->lines_toward);
  free(t->gen_zoned_from);
  free(t->limit);
  free(t->zone);
  free(t->drop_mask);
  free(t->file_mask);
  free(t->castle_path);
  free(t->lame);
  free(t->lame_first);
  free(t->lame_inverse);
  free(t->lame_inverse_first);
  free(t->legs);
  free(t->attack_from_lame);
  free(t->move_from);
  free(t->group_attacks[0]);
  free(t->group_attacks[1]);
  free(t);
  r->tables = NULL;
}
