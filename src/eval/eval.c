/* Classical evaluation derived from movement.  The value of a piece is a function of its
 * mobility on the empty board, where a ride's k-th step counts 0.7^(k-1) (the chance that the
 * squares before it are free on a real board), move-only and capture-only steps count 0.6,
 * and a hop counts half a ride beyond its screen.  Averages run over the squares a piece can
 * actually reach from where it starts, so a piece confined to a zone or to one colour of
 * squares is judged on its own ground, and is then discounted for the squares it can never
 * visit (colour binding).  Royal pieces have no material value: losing them ends the game. */
#include "eval/eval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_SQ = GEO_MAX_SQUARES };

static const double RIDE_DECAY = 0.7; /* weight of each further step of a ride */
static const double HALF_MODE = 0.6;  /* a move-only or capture-only target */
static const double HOP_WEIGHT = 0.5; /* a target beyond a screen */
static const double GRASSHOP_WEIGHT = 0.3;

/* Centipawns from weighted mobility: fitted so that the orthodox leaper with eight targets
 * and the compound of the two orthodox riders land near the usual 3.2 and 9.5 pawns; the
 * square term gives compounds the synergy they show in practice. */
static double value_of_mobility(double m) { return 56.9 * m + 0.77 * m * m; }

static bool in_zone(const Rules *r, int zone, int color, int sq) {
  return zone < 0 || bits_test(&r->zones[zone][color], sq);
}

/* Weighted mobility of type t standing on sq for White on the empty board; marks the targets
 * in reach[] when it is given. */
static double square_mobility(const Rules *r, int t, int sq, bool *reach) {
  const Geometry *g = &r->geo;
  const PieceType *pt = &r->types[t];
  int x = geo_file(g, sq), y = geo_rank(g, sq);
  double m = 0;
  for (int i = 0; i < pt->atom_count; i++) {
    const Atom *a = &pt->atoms[i];
    if (a->royal_only || a->initial) continue; /* facing rules and first-move steps: not mobility */
    if (!in_zone(r, a->from_zone, WHITE, sq)) continue;
    double mode = a->mode == MODE_BOTH ? 1.0 : HALF_MODE;
    int limit = a->kind == ATOM_LEAP ? 1 : a->range ? a->range : GEO_MAX_SIDE;
    if (a->kind == ATOM_HOP || a->kind == ATOM_GRASSHOP) limit = a->range ? a->range + 1 : GEO_MAX_SIDE;
    double w = 1.0;
    for (int k = 1; k <= limit; k++) {
      int tx = x + a->dx * k, ty = y + a->dy * k;
      if (!geo_on_board(g, tx, ty)) break;
      int to = geo_square(g, tx, ty);
      double weight = 0;
      if (a->kind == ATOM_LEAP || a->kind == ATOM_RIDE)
        weight = w;
      else if (k >= 2)
        weight = (a->kind == ATOM_HOP ? HOP_WEIGHT : GRASSHOP_WEIGHT) * w / RIDE_DECAY;
      if (a->kind == ATOM_GRASSHOP && k > 2) weight = 0;
      if (weight > 0 && in_zone(r, a->to_zone, WHITE, to)) {
        m += mode * weight;
        if (reach) reach[to] = true;
      }
      w *= RIDE_DECAY;
    }
  }
  return m;
}

/* Squares reachable on the empty board from the squares marked in seen[] (breadth first). */
static int flood(const Rules *r, int t, bool *seen) {
  int n = r->geo.squares, queue[MAX_SQ], head = 0, tail = 0;
  for (int sq = 0; sq < n; sq++)
    if (seen[sq]) queue[tail++] = sq;
  while (head < tail) {
    bool next[MAX_SQ] = {false};
    square_mobility(r, t, queue[head++], next);
    for (int sq = 0; sq < n; sq++)
      if (next[sq] && !seen[sq]) seen[sq] = true, queue[tail++] = sq;
  }
  return tail;
}

static int mirror(const Geometry *g, int sq) { return geo_square(g, geo_file(g, sq), g->height - 1 - geo_rank(g, sq)); }

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

/* Ranks still to go before a White piece on sq enters the promotion zone z, or -1. */
static int distance_to_zone(const Rules *r, int zone, int sq) {
  const Geometry *g = &r->geo;
  int best = -1;
  for (int to = 0; to < g->squares; to++) {
    if (!bits_test(&r->zones[zone][WHITE], to)) continue;
    int d = abs(geo_rank(g, to) - geo_rank(g, sq));
    if (best < 0 || d < best) best = d;
  }
  return best;
}

void ev_init(EvalTables *e, const Rules *r) {
  memset(e, 0, sizeof *e);
  e->rules = r;
  const Geometry *g = &r->geo;
  int n = e->squares = g->squares;
  double *mobility = calloc((size_t)MAX_TYPES * MAX_SQ, sizeof *mobility);
  if (!mobility) return;
  Position *start = calloc(1, sizeof *start);
  char err[RULES_ERR_LEN];
  bool have_start = start && pos_set_fen(start, r, r->start_fen, err, sizeof err);

  for (int t = 0; t < r->type_count; t++) {
    const PieceType *pt = &r->types[t];
    double *m = mobility + (size_t)t * MAX_SQ;
    bool any_backward = false, any_forward = false;
    for (int i = 0; i < pt->atom_count; i++) {
      if (pt->atoms[i].royal_only) continue;
      any_backward |= pt->atoms[i].dy < 0;
      any_forward |= pt->atoms[i].dy > 0;
    }
    e->forward_only[t] = any_forward && !any_backward;
    e->royal[t] = pt->royal;
    e->promotes[t] = pt->promo_zone != NO_ZONE && pt->promo_count > 0;
    int movable = 0;
    for (int sq = 0; sq < n; sq++) {
      m[sq] = g->hole[sq] ? 0 : square_mobility(r, t, sq, NULL);
      movable += m[sq] > 0;
    }
    /* Where the piece lives: reachable from its start squares, or anywhere it can move from. */
    bool seen[MAX_SQ] = {false};
    int seeds = 0;
    double at_start = 0;
    if (have_start)
      for (int sq = 0; sq < n; sq++)
        if (start->board[sq] == piece_code(WHITE, t)) seen[sq] = true, seeds++, at_start += m[sq];
    if (!seeds)
      for (int sq = 0; sq < n; sq++) seen[sq] = m[sq] > 0;
    flood(r, t, seen);
    double total = 0;
    int counted = 0;
    for (int sq = 0; sq < n; sq++)
      if (seen[sq] && m[sq] > 0) total += m[sq], counted++;
    double avg = counted ? total / counted : 0;
    /* A forward-only piece cannot come back: what it can do where it starts weighs as much as
     * what it might do once it has advanced (a soldier before and after the river). */
    if (e->forward_only[t] && seeds) avg = (avg + at_start / seeds) / 2;
    e->mobility[t] = avg;
    /* Colour binding: from one square it reaches only a part of the squares it could use. */
    double fraction = 1.0;
    if (!e->forward_only[t] && movable) {
      bool one[MAX_SQ] = {false};
      for (int sq = 0; sq < n; sq++)
        if (seen[sq] && m[sq] > 0) {
          one[sq] = true;
          break;
        }
      fraction = (double)flood(r, t, one) / movable;
    }
    e->colour_bound[t] = fraction < 0.6;
    double factor = e->colour_bound[t] ? 0.7 + 0.3 * fraction : 1.0;
    int value = (int)lround(value_of_mobility(avg) * factor);
    e->value[t] = pt->royal ? 0 : value;
    e->value_eg[t] = pt->royal ? 0 : (int)lround(value * (e->forward_only[t] ? 1.15 : 1.0));
    e->exchange[t] = pt->royal ? EV_MAX_VALUE : value;
  }
  /* Pawn-like: forward-only and no dearer than one and a half times the cheapest forward-only
   * piece (the soldiers and pawns whose structure matters, not lances and knights). */
  int cheapest = 0;
  for (int t = 0; t < r->type_count; t++)
    if (!e->royal[t] && e->forward_only[t] && e->value[t] > 0 && (!cheapest || e->value[t] < cheapest))
      cheapest = e->value[t];
  for (int t = 0; t < r->type_count; t++)
    e->pawn_like[t] = !e->royal[t] && e->forward_only[t] && e->value[t] * 2 <= cheapest * 3;
  for (int t = 0; t < r->type_count; t++) {
    /* A piece in hand can go where it is needed: worth a little more than on the board. */
    e->hand_value[t] = e->value[t] + e->value[t] / 8;
    if (have_start && !e->royal[t] && !e->pawn_like[t]) e->start_material += 2 * r->initial_count[t] * e->value[t];
  }

  for (int t = 0; t < r->type_count; t++) {
    /* Dynamic mobility counts plain leaps and rides; royal pieces and pawn-like ones are
     * judged by their own terms. */
    const PieceType *pt = &r->types[t];
    if (pt->royal || e->pawn_like[t]) continue;
    for (int i = 0; i < pt->atom_count; i++) {
      const Atom *a = &pt->atoms[i];
      if (a->royal_only || a->initial || a->from_zone != NO_ZONE) continue;
      if (a->kind != ATOM_LEAP && a->kind != ATOM_RIDE) continue;
      struct EvalStep *st = &e->steps[t][e->step_count[t]++];
      st->dx = a->dx, st->dy = a->dy, st->to_zone = a->to_zone;
      st->range = (int8_t)(a->kind == ATOM_LEAP ? 1 : a->range ? a->range : GEO_MAX_SIDE);
      st->moves = a->mode & MODE_MOVE;
      st->captures = a->mode & MODE_CAPTURE;
    }
  }

  for (int t = 0; t < r->type_count; t++) {
    const PieceType *pt = &r->types[t];
    double *m = mobility + (size_t)t * MAX_SQ;
    double avg = e->mobility[t];
    int gain = 0, reach = 0;
    if (e->promotes[t]) {
      for (int i = 0; i < pt->promo_count; i++) {
        int v = e->value_eg[pt->promo_choices[i]] - e->value_eg[t];
        if (v > gain) gain = v;
      }
      for (int sq = 0; sq < n; sq++)
        if (!g->hole[sq]) {
          int d = distance_to_zone(r, pt->promo_zone, sq);
          if (d > reach) reach = d;
        }
    }
    for (int sq = 0; sq < n; sq++) {
      if (g->hole[sq]) continue;
      int mg, eg;
      if (pt->royal) {
        /* Shelter in the middle game (few lines into the royal, stay home), centre at the end. */
        mg = (int)lround(-6 * (m[sq] - avg)) - 10 * geo_rank(g, sq);
        eg = (int)lround(10 * (m[sq] - avg));
      } else {
        double diff = value_of_mobility(m[sq]) - value_of_mobility(avg);
        mg = clampi((int)lround(0.3 * diff), -80, 80);
        eg = clampi((int)lround(0.2 * diff), -60, 60);
      }
      if (gain > 0 && reach > 0) {
        int d = distance_to_zone(r, pt->promo_zone, sq);
        double near = (double)(reach - d) / reach;
        eg += (int)lround(gain * 0.25 * near * near);
        mg += (int)lround(gain * 0.10 * near * near);
      }
      if (gain > 0 && reach > 0 && e->pawn_like[t]) {
        int d = distance_to_zone(r, pt->promo_zone, sq);
        double near = (double)(reach - d) / reach;
        int passed = (int)lround(gain * 0.15 * near * near);
        e->passed_eg[t][WHITE][sq] = (int16_t)passed;
        int msq = mirror(g, sq);
        if (!g->hole[msq]) e->passed_eg[t][BLACK][msq] = (int16_t)passed;
      }
      e->psq_mg[t][WHITE][sq] = (int16_t)mg;
      e->psq_eg[t][WHITE][sq] = (int16_t)eg;
      int msq = mirror(g, sq);
      if (!g->hole[msq]) {
        e->psq_mg[t][BLACK][msq] = (int16_t)mg;
        e->psq_eg[t][BLACK][msq] = (int16_t)eg;
      }
    }
  }
  if (start) pos_free(start);
  free(start);
  free(mobility);
}

/* Penalty for each further pawn-like piece of a type on one file: they block each other. */
enum { DOUBLED_MG = 12, DOUBLED_EG = 20, TEMPO = 10 };
/* Royal shelter: own pieces next to a royal piece, enemy pieces (not pawn-like) within two. */
enum { SHELTER = 10, SHELTER_MAX = 3, THREAT = 12 };
/* Each square a piece reaches on the actual board. */
enum { MOBILITY_MG = 3, MOBILITY_EG = 4 };

static inline bool is_pawn_like(const EvalTables *e, int code) {
  return code != SQ_EMPTY && code != SQ_HOLE && e->pawn_like[piece_type(code)];
}

/* Passed: no enemy pawn-like piece ahead on its own or a neighbouring file. */
static bool passed(const EvalTables *e, const Position *p, int c, int sq) {
  const Geometry *g = &e->rules->geo;
  int file = geo_file(g, sq), dir = c == WHITE ? 1 : -1;
  for (int rank = geo_rank(g, sq) + dir; rank >= 0 && rank < g->height; rank += dir)
    for (int f = file - 1; f <= file + 1; f++) {
      if (f < 0 || f >= g->width) continue;
      int code = p->board[geo_square(g, f, rank)];
      if (is_pawn_like(e, code) && piece_color(code) != c) return false;
    }
  return true;
}

/* Squares a piece reaches on the actual board (blocked rides stop at the first piece). */
static int mobility(const EvalTables *e, const Position *p, int t, int c, int sq) {
  const Rules *r = e->rules;
  const Geometry *g = &r->geo;
  int x = geo_file(g, sq), y = geo_rank(g, sq), count = 0;
  for (int i = 0; i < e->step_count[t]; i++) {
    const struct EvalStep *st = &e->steps[t][i];
    int dy = c == WHITE ? st->dy : -st->dy;
    for (int k = 1; k <= st->range; k++) {
      int tx = x + st->dx * k, ty = y + dy * k;
      if (!geo_on_board(g, tx, ty)) break;
      int to = geo_square(g, tx, ty), code = p->board[to];
      bool zone_ok = st->to_zone < 0 || bits_test(&r->zones[st->to_zone][c], to);
      if (code == SQ_EMPTY) {
        count += st->moves && zone_ok;
        continue;
      }
      count += st->captures && zone_ok && piece_color(code) != c;
      break;
    }
  }
  return count;
}

static int royal_safety(const EvalTables *e, const Position *p, int c, int sq) {
  const Geometry *g = &e->rules->geo;
  int file = geo_file(g, sq), rank = geo_rank(g, sq), shelter = 0, threats = 0;
  for (int dy = -2; dy <= 2; dy++)
    for (int dx = -2; dx <= 2; dx++) {
      if ((!dx && !dy) || !geo_on_board(g, file + dx, rank + dy)) continue;
      int code = p->board[geo_square(g, file + dx, rank + dy)];
      if (code == SQ_EMPTY || code == SQ_HOLE || e->royal[piece_type(code)]) continue;
      bool near = dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1;
      if (piece_color(code) == c)
        shelter += near;
      else
        threats += !e->pawn_like[piece_type(code)];
    }
  return SHELTER * (shelter < SHELTER_MAX ? shelter : SHELTER_MAX) - THREAT * threats;
}

int ev_classic(const EvalTables *e, const Position *p) {
  const Rules *r = e->rules;
  const Geometry *g = &r->geo;
  int mg = 0, eg = 0, material = 0;
  for (int c = 0; c < 2; c++) {
    int sign = c == WHITE ? 1 : -1;
    int side_mg = 0, side_eg = 0;
    for (int t = 0; t < r->type_count; t++) {
      int on_file[GEO_MAX_SIDE] = {0};
      for (int w = 0; w < BITS_WORDS; w++) {
        for (uint64_t bits = p->by_piece[c][t][w]; bits; bits &= bits - 1) {
          int sq = w * 64 + __builtin_ctzll(bits);
          side_mg += e->value[t] + e->psq_mg[t][c][sq];
          side_eg += e->value_eg[t] + e->psq_eg[t][c][sq];
          if (!e->pawn_like[t]) material += e->value[t];
          if (e->pawn_like[t]) {
            if (on_file[geo_file(g, sq)]++) side_mg -= DOUBLED_MG, side_eg -= DOUBLED_EG;
            if (e->passed_eg[t][c][sq] && passed(e, p, c, sq)) {
              side_eg += e->passed_eg[t][c][sq];
              side_mg += e->passed_eg[t][c][sq] / 3;
            }
          }
          if (e->royal[t])
            side_mg += royal_safety(e, p, c, sq);
          else if (e->step_count[t]) {
            int reach = mobility(e, p, t, c, sq);
            side_mg += MOBILITY_MG * reach;
            side_eg += MOBILITY_EG * reach;
          }
        }
      }
      if (p->hand[c][t]) {
        side_mg += p->hand[c][t] * e->hand_value[t];
        side_eg += p->hand[c][t] * e->hand_value[t];
        if (!e->pawn_like[t]) material += p->hand[c][t] * e->value[t];
      }
    }
    mg += sign * side_mg;
    eg += sign * side_eg;
  }
  int phase = 256;
  if (e->start_material > 0) phase = material >= e->start_material ? 256 : material * 256 / e->start_material;
  int score = (mg * phase + eg * (256 - phase)) / 256;
  return (p->side == WHITE ? score : -score) + TEMPO;
}

static int classic_entry(const Evaluator *self, const Position *p) { return ev_classic(self->tables, p); }

void ev_default(Evaluator *ev, const EvalTables *tables) {
  ev->evaluate = classic_entry;
  ev->tables = tables;
  ev->context = NULL;
}
