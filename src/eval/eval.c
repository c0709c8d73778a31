/* Classical evaluation derived from movement.  The value of a piece is a function of its
 * mobility on the empty board, where a ride's k-th step counts 0.7^(k-1) (the chance that the
 * squares before it are free on a real board), move-only and capture-only steps count 0.6,
 * and a hop counts half a ride beyond its screen.  Averages run over the squares a piece can
 * actually reach from where it starts, so a piece confined to a zone or to one colour of
 * squares is judged on its own ground, and is then discounted for the squares it can never
 * visit (colour binding).  Royal pieces have no material value: losing them ends the game. */
#include "eval/eval.h"

#include <stdatomic.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval/eval_pawns.h"
#ifdef __BMI2__
#include <immintrin.h>
#endif

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

/* Black's square for White's sq, for a piece type: the mirror image, or for a type whose Black
 * moves are White's turned half round (PieceType.turned), the square turned half round. */
static int black_image(const Geometry *g, const PieceType *pt, int sq) {
  int m = mirror(g, sq);
  return pt->turned ? geo_square(g, g->width - 1 - geo_file(g, m), geo_rank(g, m)) : m;
}

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

static void default_weights(EvalTables *e);

/* The serials ev_init has given (EvalTables.serial). */
static _Atomic uint64_t table_serials;

/* The squares ahead of a pawn-like piece of colour c on sq, for e->passed_ahead. */
static Bits squares_ahead(const Geometry *g, int c, int sq) {
  Bits ahead = {{0}};
  int file = geo_file(g, sq), dir = c == WHITE ? 1 : -1;
  for (int rank = geo_rank(g, sq) + dir; rank >= 0 && rank < g->height; rank += dir)
    for (int f = file - 1; f <= file + 1; f++)
      if (f >= 0 && f < g->width) bits_set(&ahead, geo_square(g, f, rank));
  return ahead;
}

/* The squares within reach files and reach ranks of sq, sq left out. */
static Bits squares_around(const Geometry *g, int sq, int reach) {
  Bits around = {{0}};
  int file = geo_file(g, sq), rank = geo_rank(g, sq);
  for (int dy = -reach; dy <= reach; dy++)
    for (int dx = -reach; dx <= reach; dx++)
      if ((dx || dy) && geo_on_board(g, file + dx, rank + dy)) bits_set(&around, geo_square(g, file + dx, rank + dy));
  return around;
}

/* The squares beside sq and beside the one behind it, for e->pawn_support. */
static Bits squares_supporting(const Geometry *g, int c, int sq) {
  Bits support = {{0}};
  int x = geo_file(g, sq), y = geo_rank(g, sq), dir = c == WHITE ? 1 : -1;
  for (int dx = -1; dx <= 1; dx += 2)
    for (int back = 0; back <= 1; back++)
      if (geo_on_board(g, x + dx, y - back * dir)) bits_set(&support, geo_square(g, x + dx, y - back * dir));
  return support;
}

/* Writes the rays of mobility() for type t and colour c on sq at out (when out is set: the
 * layout of EvalTables.reach) and returns how many entries they take. */
static size_t reach_rays(const EvalTables *e, int t, int c, int sq, uint16_t *out) {
  const Rules *r = e->rules;
  const Geometry *g = &r->geo;
  int x = geo_file(g, sq), y = geo_rank(g, sq);
  size_t used = 1;
  if (out) out[0] = (uint16_t)e->step_count[t];
  for (int i = 0; i < e->step_count[t]; i++) {
    const struct EvalStep *st = &e->steps[t][i];
    int dy = c == WHITE ? st->dy : -st->dy, dx = c == BLACK && r->types[t].turned ? -st->dx : st->dx;
    size_t length_at = used++;
    int length = 0;
    for (int k = 1; k <= st->range && geo_on_board(g, x + dx * k, y + dy * k); k++, length++) {
      int to = geo_square(g, x + dx * k, y + dy * k);
      bool zone_ok = st->to_zone < 0 || bits_test(&r->zones[st->to_zone][c], to);
      if (out)
        out[used] = (uint16_t)(to | (st->moves && zone_ok ? EV_REACH_QUIET : 0) |
                               (st->captures && zone_ok ? EV_REACH_CAPTURE : 0));
      used++;
    }
    if (out) out[length_at] = (uint16_t)length;
  }
  return used;
}

/* The rays of a slot's reach list (EvalTables.reach) that form slider group g's lines from sq:
 * bit i for the slot's ray i.  Each must be a line of one step of the group that moves and
 * captures everywhere, and together they must cover what the group's table gives on an empty
 * board; 0 when they do not. */
static uint32_t slider_group_rays(const EvalTables *e, int g, int sq, const uint16_t *q) {
  static const int unit[2][4][2] = {{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}, {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}};
  uint64_t whole = e->group_attacks[g][e->group_offset[g][sq]], seen = 0;
  uint32_t rays = 0, found = 0;
  int count = *q++;
  for (int i = 0; i < count && i < 32; i++, q += 1 + *q) {
    int length = *q, first = q[1] & EV_REACH_SQUARE;
    if (length < 1) continue;
    int dx = e->file_of[first] - e->file_of[sq], dy = e->rank_of[first] - e->rank_of[sq], v = 0;
    while (v < 4 && (unit[g][v][0] != dx || unit[g][v][1] != dy)) v++;
    if (v == 4 || found >> v & 1) continue;
    uint64_t squares = 0;
    bool alike = true;
    for (int k = 1; k <= length; k++) {
      squares |= 1ull << (q[k] & EV_REACH_SQUARE);
      alike &= (q[k] & (EV_REACH_QUIET | EV_REACH_CAPTURE)) == (EV_REACH_QUIET | EV_REACH_CAPTURE);
    }
    if (!alike || (squares & seen)) continue;
    seen |= squares;
    found |= 1u << v;
    rays |= 1u << i;
  }
  return found && seen == whole ? rays : 0; /* a line missing is one of no square (at the edge) */
}

/* EvalTables.rays, leap_sets and slider_groups from the reach lists of the `lists` slots (a
 * board of 64 squares at most). */
static bool build_ray_sets(EvalTables *e, size_t lists) {
  size_t total = 0;
  for (size_t slot = 0; slot < lists; slot++) total += e->reach[e->reach_first[slot]];
  e->ray_first = malloc((lists + 1) * sizeof *e->ray_first);
  e->rays = calloc(total ? total : 1, sizeof *e->rays);
  e->leap_sets = calloc(lists ? lists : 1, sizeof *e->leap_sets);
  if (!e->ray_first || !e->rays || !e->leap_sets) return false;
  bool tables = false;
#ifdef __BMI2__ /* mobility_of_sets reads them with PEXT */
  tables = rules_slider_table(e->rules, 0, &e->group_mask[0], &e->group_offset[0], &e->group_attacks[0]) &&
           rules_slider_table(e->rules, 1, &e->group_mask[1], &e->group_offset[1], &e->group_attacks[1]) &&
           e->group_attacks[0] && e->group_attacks[1];
#endif
  if (tables && !(e->slider_groups = calloc(lists ? lists : 1, sizeof *e->slider_groups))) return false;
  size_t used = 0;
  for (size_t slot = 0; slot < lists; slot++) {
    e->ray_first[slot] = (uint32_t)used;
    const uint16_t *q = e->reach + e->reach_first[slot];
    int sq = (int)(slot % (size_t)e->squares);
    uint32_t grouped = 0; /* the rays read from a slider table */
    for (int g = 0; g < 2 && tables; g++) {
      uint32_t rays = slider_group_rays(e, g, sq, q);
      if (rays) e->slider_groups[slot] |= (uint8_t)(1 << g);
      grouped |= rays;
    }
    /* Which squares the slot's other rays of one square reach, and whether two of them share one. */
    uint64_t single = 0, shared = 0;
    const uint16_t *r = q + 1;
    for (int i = 0; i < *q; i++, r += 1 + *r)
      if (*r == 1 && !(i < 32 && grouped >> i & 1)) {
        uint64_t bit = 1ull << (r[1] & EV_REACH_SQUARE);
        shared |= single & bit;
        single |= bit;
      }
    struct EvalLeapSet *leaps = &e->leap_sets[slot];
    int count = *q++;
    for (int i = 0; i < count; i++) {
      int length = *q++;
      if (!length || (i < 32 && grouped >> i & 1)) { /* a ray of no square counts nothing */
        q += length;
        continue;
      }
      if (length == 1 && !shared) {
        uint64_t bit = 1ull << (*q & EV_REACH_SQUARE);
        if (*q & EV_REACH_QUIET) leaps->quiet |= bit;
        if (*q & EV_REACH_CAPTURE) leaps->capture |= bit;
        q++;
        continue;
      }
      EvalRay *ray = &e->rays[used++];
      ray->up = length < 2 || (q[1] & EV_REACH_SQUARE) > (q[0] & EV_REACH_SQUARE);
      for (int k = 0; k < length; k++, q++) {
        uint64_t bit = 1ull << (*q & EV_REACH_SQUARE);
        ray->squares |= bit;
        if (*q & EV_REACH_QUIET) ray->quiet |= bit;
        if (*q & EV_REACH_CAPTURE) ray->capture |= bit;
      }
    }
  }
  e->ray_first[lists] = (uint32_t)used;
  return true;
}

/* EvalTables.reach for the steps already in e->steps: the sizes first, then the rays. */
static bool build_reach(EvalTables *e) {
  const Rules *r = e->rules;
  size_t total = 0, slot = 0;
  e->reach_first = malloc((size_t)r->type_count * 2 * (size_t)e->squares * sizeof *e->reach_first);
  if (!e->reach_first) return false;
  for (int t = 0; t < r->type_count; t++)
    for (int c = 0; c < 2; c++)
      for (int sq = 0; sq < e->squares; sq++) {
        e->reach_first[slot++] = (uint32_t)total;
        total += r->geo.hole[sq] ? 1 : reach_rays(e, t, c, sq, NULL); /* a hole: no rays */
      }
  e->reach = calloc(total, sizeof *e->reach);
  if (!e->reach) return false;
  slot = 0;
  for (int t = 0; t < r->type_count; t++)
    for (int c = 0; c < 2; c++)
      for (int sq = 0; sq < e->squares; sq++, slot++)
        if (!r->geo.hole[sq]) reach_rays(e, t, c, sq, e->reach + e->reach_first[slot]);
  return e->squares > 64 || build_ray_sets(e, slot);
}

/* EvalTables.pawn_attacks from pawn_captures. */
static bool build_pawn_attacks(EvalTables *e) {
  const Rules *r = e->rules;
  e->pawn_attacks = calloc((size_t)r->type_count * 2 * (size_t)e->squares, sizeof *e->pawn_attacks);
  if (!e->pawn_attacks) return false;
  for (int t = 0; t < r->type_count; t++) {
    e->pawn_attack_sets[t] = e->pawn_like[t];
    for (int c = 0; c < 2 && e->pawn_attack_sets[t]; c++)
      for (int sq = 0; sq < e->squares; sq++) {
        Bits *set = &e->pawn_attacks[((size_t)t * 2 + (size_t)c) * (size_t)e->squares + (size_t)sq];
        for (int k = 0; k < e->pawn_capture_count[t] && !r->geo.hole[sq]; k++) {
          int to = ev_pawn_capture_square(e, t, c, sq, k);
          if (to < 0 || r->geo.hole[to]) continue;
          if (bits_test(set, to)) e->pawn_attack_sets[t] = false; /* two captures onto one square */
          bits_set(set, to);
        }
      }
  }
  return true;
}

void ev_free(EvalTables *e) {
  free(e->reach_first);
  free(e->reach);
  free(e->ray_first);
  free(e->rays);
  free(e->leap_sets);
  free(e->pawn_attacks);
  free(e->slider_groups);
  e->reach_first = NULL;
  e->reach = NULL;
  e->ray_first = NULL;
  e->rays = NULL;
  e->leap_sets = NULL;
  e->pawn_attacks = NULL;
  e->slider_groups = NULL;
}

bool ev_init(EvalTables *e, const Rules *r) {
  memset(e, 0, sizeof *e);
  e->rules = r;
  const Geometry *g = &r->geo;
  int n = e->squares = g->squares;
  e->words = (n + 63) / 64;
  for (int sq = 0; sq < n; sq++) {
    e->file_of[sq] = (uint8_t)geo_file(g, sq);
    e->rank_of[sq] = (uint8_t)geo_rank(g, sq);
    e->colour_of[sq] = (uint8_t)((geo_file(g, sq) + geo_rank(g, sq)) & 1);
  }
  for (int c = 0; c < 2; c++)
    for (int sq = 0; sq < n; sq++) {
      e->passed_ahead[c][sq] = squares_ahead(g, c, sq);
      e->pawn_support[c][sq] = squares_supporting(g, c, sq);
    }
  for (int sq = 0; sq < n; sq++) {
    e->around_one[sq] = squares_around(g, sq, 1);
    e->around_two[sq] = squares_around(g, sq, 2);
  }
  double *mobility = calloc((size_t)MAX_TYPES * MAX_SQ, sizeof *mobility);
  if (!mobility) return false;
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
  for (int t = 0; t < r->type_count; t++) {
    e->pawn_like[t] = !e->royal[t] && e->forward_only[t] && e->value[t] * 2 <= cheapest * 3;
    if (e->pawn_like[t]) e->pawn_types[e->pawn_type_count++] = (int8_t)t;
  }
  for (int u = 0; u < r->type_count; u++)
    for (int t = 0; t < r->type_count && !e->royal[u]; t++)
      if (!e->royal[t] && !e->pawn_like[t] && e->exchange[t] * 5 < e->exchange[u] * 4) e->lesser_types[u] |= 1u << t;
  for (int sq = 0; sq < n; sq++) {
    e->promotion_bound[sq] = 0;
    for (int t = 0; t < r->type_count; t++) {
      const PieceType *pt = &r->types[t];
      if (!pt->promo_count || pt->promo_zone == NO_ZONE) continue;
      if (!pt->promo_on_leaving && !bits_test(&r->zones[pt->promo_zone][WHITE], sq) &&
          !bits_test(&r->zones[pt->promo_zone][BLACK], sq))
        continue;
      for (int c = 0; c < pt->promo_count; c++) {
        int gain = e->exchange[pt->promo_choices[c]] - e->exchange[t];
        if (gain > e->promotion_bound[sq]) e->promotion_bound[sq] = gain;
      }
    }
  }
  e->serial = atomic_fetch_add(&table_serials, 1) + 1;
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
        int msq = black_image(g, pt, sq);
        if (!g->hole[msq]) e->passed_eg[t][BLACK][msq] = (int16_t)passed;
      }
      e->psq_mg[t][WHITE][sq] = (int16_t)mg;
      e->psq_eg[t][WHITE][sq] = (int16_t)eg;
      int msq = black_image(g, pt, sq);
      if (!g->hole[msq]) {
        e->psq_mg[t][BLACK][msq] = (int16_t)mg;
        e->psq_eg[t][BLACK][msq] = (int16_t)eg;
      }
    }
  }
  for (int t = 0; t < r->type_count; t++) {
    if (!e->pawn_like[t]) continue;
    const PieceType *pt = &r->types[t];
    for (int i = 0; i < pt->atom_count && e->pawn_capture_count[t] < 8; i++) {
      const Atom *a = &pt->atoms[i];
      if (a->kind != ATOM_LEAP || !(a->mode & MODE_CAPTURE) || a->initial || a->royal_only) continue;
      e->pawn_captures[t][e->pawn_capture_count[t]++] = (struct EvalLeap){a->dx, a->dy};
    }
  }
  default_weights(e);
  if (start) pos_free(start);
  free(start);
  free(mobility);
  if (build_pawn_attacks(e) && build_reach(e)) return true;
  ev_free(e);
  return false;
}

/* The default weights of the terms (centipawns, or percent of a derived table). */
enum { DOUBLED_MG = 12, DOUBLED_EG = 20, TEMPO = 10 };
/* Royal shelter: own pieces next to a royal piece, enemy pieces (not pawn-like) within two. */
enum { SHELTER = 10, SHELTER_MAX = 3, THREAT = 12 };
/* A check-counting game: the checks a side has given, in units that grow with the square of
 * the share of the checks needed (ev_check_units), so that the last checks before the win
 * weigh most (three-check: the first check 1 unit, the second 4). */
enum { CHECK_UNIT = 100 };
/* Each square a piece reaches on the actual board. */
enum { MOBILITY_MG = 3, MOBILITY_EG = 4 };

static void default_weights(EvalTables *e) {
  EvalPair *w = e->weights.w;
  memset(&e->weights, 0, sizeof e->weights);
  w[EV_PSQ] = (EvalPair){100, 100};
  w[EV_PASSED] = (EvalPair){100, 100}; /* the middle-game feature is a third of the bonus */
  w[EV_DOUBLED] = (EvalPair){-DOUBLED_MG, -DOUBLED_EG};
  w[EV_SHELTER] = (EvalPair){SHELTER, 0};
  w[EV_ROYAL_THREAT] = (EvalPair){-THREAT, 0};
  w[EV_TEMPO] = (EvalPair){TEMPO, TEMPO};
  w[EV_CHECKS] = (EvalPair){CHECK_UNIT, CHECK_UNIT};
  for (int t = 0; t < e->rules->type_count; t++) {
    w[ev_type_weight(t, EV_TYPE_VALUE)] = (EvalPair){e->value[t], e->value_eg[t]};
    w[ev_type_weight(t, EV_TYPE_HAND)] = (EvalPair){e->hand_value[t], e->hand_value[t]};
    if (e->step_count[t]) w[ev_type_weight(t, EV_TYPE_MOBILITY)] = (EvalPair){MOBILITY_MG, MOBILITY_EG};
  }
  e->defaults = e->weights;
}

/* Squares a piece reaches on the actual board (blocked rides stop at the first piece); the
 * squares it attacks (could capture on, whoever stands there) are added to attacks unless it
 * is NULL, a constant where the caller wants none. */
static inline __attribute__((always_inline)) int mobility(const EvalTables *e, const Position *p, int t, int c, int sq,
                                                          Bits *attacks) {
  const uint16_t *q = e->reach + e->reach_first[((size_t)t * 2 + (size_t)c) * (size_t)e->squares + (size_t)sq];
  int rays = *q++, count = 0;
  for (int i = 0; i < rays; i++) {
    const uint16_t *end = q + 1 + *q;
    for (q++; q < end; q++) {
      int to = *q & EV_REACH_SQUARE, code = p->board[to];
      if (attacks && (*q & EV_REACH_CAPTURE)) bits_set(attacks, to);
      if (code == SQ_EMPTY) {
        count += (*q & EV_REACH_QUIET) != 0;
        continue;
      }
      count += (*q & EV_REACH_CAPTURE) && piece_color(code) != c;
      break;
    }
    q = end;
  }
  return count;
}

/* mobility on a board of 64 squares at most, from the square sets (EvalTables.leap_sets and
 * rays): occupied and enemy are the board's pieces and the other side's; attacks as mobility's. */
static inline __attribute__((always_inline)) int
mobility_of_sets(const EvalTables *e, uint64_t occupied, uint64_t enemy, int t, int c, int sq, uint64_t *attacks) {
  size_t slot = ((size_t)t * 2 + (size_t)c) * (size_t)e->squares + (size_t)sq;
  const EvalRay *ray = e->rays + e->ray_first[slot], *end = e->rays + e->ray_first[slot + 1];
  const struct EvalLeapSet *leaps = &e->leap_sets[slot];
  int count = __builtin_popcountll(leaps->quiet & ~occupied) + __builtin_popcountll(leaps->capture & enemy);
  uint64_t attacked = leaps->capture;
#ifdef __BMI2__
  for (unsigned groups = e->slider_groups ? e->slider_groups[slot] : 0; groups; groups &= groups - 1) {
    int g = __builtin_ctz(groups);
    uint64_t reach = e->group_attacks[g][e->group_offset[g][sq] + _pext_u64(occupied, e->group_mask[g][sq])];
    count += __builtin_popcountll(reach & ~occupied) + __builtin_popcountll(reach & enemy);
    attacked |= reach;
  }
#endif
  for (; ray < end; ray++) {
    uint64_t blockers = ray->squares & occupied;
    if (!blockers) {
      count += __builtin_popcountll(ray->quiet);
      attacked |= ray->capture;
      continue;
    }
    int first = ray->up ? __builtin_ctzll(blockers) : 63 - __builtin_clzll(blockers);
    /* The squares before the first blocker: below it going up, above it going down. */
    uint64_t below = (1ull << first) - 1, before = ray->up ? below : ~(below | 1ull << first);
    count += __builtin_popcountll(ray->quiet & before) + (int)((ray->capture & enemy) >> first & 1);
    attacked |= ray->capture & (before | 1ull << first);
  }
  if (attacks) *attacks |= attacked;
  return count;
}

/* Adds to attacks the squares a pawn-like piece of type t and colour c on sq attacks (as
 * eval_pawns.c's count_pawns reads them); words: e->words, or a constant that stands for it. */
static inline void add_pawn_attacks(const EvalTables *e, int t, int c, int sq, int words, Bits *attacks) {
  const Bits *set = ev_pawn_attack_set(e, t, c, sq);
  if (set) {
    for (int w = 0; w < words; w++) attacks->w[w] |= set->w[w];
    return;
  }
  for (int k = 0; k < e->pawn_capture_count[t]; k++) {
    int to = ev_pawn_capture_square(e, t, c, sq, k);
    if (to >= 0) bits_set(attacks, to);
  }
}

/* The pawn-like terms that need every pawn-like piece of a side at once: isolated and
 * connected ones (by file, over all pawn-like types together) and the enemy pieces they
 * attack.  files[c]: bit f when colour c has a pawn-like piece on file f; own_pawn_like: where
 * they stand; targets: the enemy pieces a threat counts (neither royal nor pawn-like). */
static inline __attribute__((always_inline)) void
pawn_relations(const EvalTables *e, const Position *p, int c, const int *sqs, int n, const uint64_t files[2],
               const Bits *own_pawn_like, const Bits *targets, int words, int *isolated, int *connected, int *threats) {
  for (int i = 0; i < n; i++) {
    int sq = sqs[i], x = e->file_of[sq];
    if (!(files[c] & (5ull << x) >> 1)) { /* nothing on the files beside */
      (*isolated)++;
    } else {
      *connected += bits_meet(&e->pawn_support[c][sq], own_pawn_like);
    }
    int t = piece_type(p->board[sq]);
    const Bits *attacks = ev_pawn_attack_set(e, t, c, sq);
    if (attacks) {
      for (int w = 0; w < words; w++) *threats += __builtin_popcountll(attacks->w[w] & targets->w[w]);
      continue;
    }
    for (int k = 0; k < e->pawn_capture_count[t]; k++) {
      int to = ev_pawn_capture_square(e, t, c, sq, k);
      if (to >= 0) *threats += bits_test(targets, to);
    }
  }
}

/* Where features() puts what it counts: into a feature vector for a tuner (f set), or straight
 * into the weighted middle- and end-game sums for the search, which needs no vector. */
typedef struct FeatureSink {
  EvalFeatures *f;
  const EvalPair *w;
  int mg, eg;
} FeatureSink;

/* Feature i counts mg and eg; `scale` is ev_weight_scale(i), passed as a constant so that the
 * search's sums divide only for the percent terms (100: their weight scales a derived table). */
static inline void put(FeatureSink *s, int i, int mg, int eg, int scale) {
  if (s->f) {
    s->f->mg[i] += mg, s->f->eg[i] += eg;
  } else {
    s->mg += s->w[i].mg * mg / scale, s->eg += s->w[i].eg * eg / scale;
  }
}

/* The features of p into s, less the tempo; returns the game phase.  The relations between
 * pawn-like pieces only when `relations`, the threats to pieces only when `threat_terms` (the
 * weights of both are 0 until a tuned file sets them, and they cost a pass over the pawn-like
 * pieces, and the attacks of every piece).  words: e->words (those past it are empty), a
 * constant where the caller can make it one. */
static inline __attribute__((always_inline)) int features(const EvalTables *e, const Position *p, FeatureSink *s,
                                                          bool relations, bool threat_terms, int words,
                                                          const EvalPawns *kept) {
  const Rules *r = e->rules;
  int material = 0;
  uint64_t files[2] = {0, 0}; /* bit f: the colour has a pawn-like piece on file f */
  int pawn_squares[2][GEO_MAX_SQUARES], pawns[2] = {0, 0};
  /* Sums kept in locals, White's minus Black's, and put once. */
  int psq_mg = 0, psq_eg = 0, passed_mg = 0, passed_eg = 0, doubled = 0, shelter = 0, threats = 0, pairs = 0;
  /* Each colour's pawn-like pieces (which stop passers) and its pieces not royal. */
  Bits pawn_like_of[2] = {{{0}}, {{0}}}, not_royal_of[2];
  for (int c = 0; c < 2; c++) {
    memcpy(not_royal_of[c].w, p->by_color[c], sizeof not_royal_of[c].w);
    for (int t = 0; t < r->type_count; t++)
      for (int w = 0; w < words; w++) {
        if (e->pawn_like[t]) pawn_like_of[c].w[w] |= p->by_piece[c][t][w];
        if (e->royal[t]) not_royal_of[c].w[w] &= ~p->by_piece[c][t][w];
      }
  }
  /* Per type, White's count, reach and hand less Black's: each weight multiplies once. */
  int counts[MAX_TYPES] = {0}, reaches[MAX_TYPES] = {0}, hands[MAX_TYPES] = {0};
  uint64_t occupied64 = p->by_color[WHITE][0] | p->by_color[BLACK][0]; /* the board, if 64 squares at most */
  /* What each side attacks, by type (the royal piece: the squares next to it) and with its
   * pawn-like pieces, for the threats of lesser pieces and the pieces left hanging. */
  Bits attacked_by[2][MAX_TYPES], attacked[2] = {{{0}}, {{0}}}, pawn_attacks[2] = {{{0}}, {{0}}};
  for (int c = 0; c < 2; c++) {
    int sign = c == WHITE ? 1 : -1;
    for (int t = 0; t < r->type_count; t++) {
      Bits type_attacks; /* its first `words` words, when threat_terms: the rest are never read */
      for (int k = 0; k < words && threat_terms; k++) type_attacks.w[k] = 0;
      uint32_t on_file = 0; /* files holding one already (GEO_MAX_SIDE <= 32) */
      int on_colour[2] = {0, 0}, count = 0, reach = 0;
      /* A pawn-like type whose terms are kept's: only its count is wanted. */
      int walked = kept && e->pawn_like[t] ? 0 : words;
      if (!walked) count = __builtin_popcountll(p->by_piece[c][t][0]);
      for (int w = 0; w < walked; w++) {
        for (uint64_t bits = p->by_piece[c][t][w]; bits; bits &= bits - 1) {
          int sq = w * 64 + __builtin_ctzll(bits);
          count++;
          psq_mg += sign * e->psq_mg[t][c][sq];
          psq_eg += sign * e->psq_eg[t][c][sq];
          if (e->colour_bound[t]) on_colour[e->colour_of[sq]]++;
          if (e->pawn_like[t]) {
            int file = e->file_of[sq];
            if (on_file >> file & 1) doubled += sign;
            on_file |= 1u << file;
            files[c] |= 1ull << file;
            pawn_squares[c][pawns[c]++] = sq;
            if (e->passed_eg[t][c][sq] && !bits_meet(&e->passed_ahead[c][sq], &pawn_like_of[c ^ 1])) {
              passed_eg += sign * e->passed_eg[t][c][sq];
              passed_mg += sign * (e->passed_eg[t][c][sq] / 3);
            }
          } else {
            material += e->value[t];
          }
          if (e->royal[t]) {
            /* Own pieces next to it (at most SHELTER_MAX), enemy ones not pawn-like within two. */
            Bits own = bits_and(e->around_one[sq], not_royal_of[c]);
            Bits enemy = bits_andnot(bits_and(e->around_two[sq], not_royal_of[c ^ 1]), pawn_like_of[c ^ 1]);
            int near_own = bits_count(&own);
            shelter += sign * (near_own < SHELTER_MAX ? near_own : SHELTER_MAX);
            threats += sign * bits_count(&enemy);
            for (int k = 0; k < words && threat_terms; k++) type_attacks.w[k] |= e->around_one[sq].w[k];
          } else if (e->step_count[t]) {
            reach += e->rays ? mobility_of_sets(e, occupied64, p->by_color[c ^ 1][0], t, c, sq,
                                                threat_terms ? &type_attacks.w[0] : NULL)
                             : mobility(e, p, t, c, sq, threat_terms ? &type_attacks : NULL);
          } else if (threat_terms && e->pawn_like[t]) {
            add_pawn_attacks(e, t, c, sq, words, &pawn_attacks[c]);
          }
        }
      }
      for (int k = 0; k < words && threat_terms; k++)
        attacked_by[c][t].w[k] = type_attacks.w[k], attacked[c].w[k] |= type_attacks.w[k];
      counts[t] += sign * count;
      reaches[t] += sign * reach;
      if (on_colour[0] && on_colour[1]) pairs += sign;
      if (p->hand[c][t]) {
        hands[t] += sign * p->hand[c][t];
        if (!e->pawn_like[t]) material += p->hand[c][t] * e->value[t];
      }
    }
  }
  if (kept && threat_terms) /* the pawn-like pieces were not walked: their attacks are kept's */
    for (int c = 0; c < 2; c++) pawn_attacks[c].w[0] = kept->attacked_once[c];
  int piece_threats = 0, hanging = 0;
  for (int c = 0; c < 2 && threat_terms; c++) {
    int sign = c == WHITE ? 1 : -1;
    for (int u = 0; u < r->type_count; u++) {
      if (e->royal[u]) continue;
      for (int k = 0; k < words; k++) {
        uint64_t victims = p->by_piece[c ^ 1][u][k];
        if (!victims) continue;
        uint64_t lesser = 0; /* attacked by a piece worth less (a pawn-like one's is EV_PAWN_THREAT) */
        for (uint32_t types = e->lesser_types[u]; types; types &= types - 1)
          lesser |= attacked_by[c][__builtin_ctz(types)].w[k];
        piece_threats += sign * __builtin_popcountll(lesser & victims);
        if (e->pawn_like[u]) continue;
        uint64_t own = attacked[c].w[k] | pawn_attacks[c].w[k],
                 defended = attacked[c ^ 1].w[k] | pawn_attacks[c ^ 1].w[k];
        hanging += sign * __builtin_popcountll(victims & own & ~defended);
      }
    }
  }
  put(s, EV_PIECE_THREAT, piece_threats, piece_threats, 1);
  put(s, EV_HANGING, hanging, hanging, 1);
  if (kept) {
    psq_mg += kept->psq_mg, psq_eg += kept->psq_eg;
    passed_mg += kept->passed_mg, passed_eg += kept->passed_eg;
    doubled += kept->doubled;
  }
  for (int t = 0; t < r->type_count; t++) {
    if (counts[t]) put(s, ev_type_weight(t, EV_TYPE_VALUE), counts[t], counts[t], 1);
    if (reaches[t]) put(s, ev_type_weight(t, EV_TYPE_MOBILITY), reaches[t], reaches[t], 1);
    if (hands[t]) put(s, ev_type_weight(t, EV_TYPE_HAND), hands[t], hands[t], 1);
  }
  put(s, EV_PSQ, psq_mg, psq_eg, 100);
  put(s, EV_PASSED, passed_mg, passed_eg, 100);
  put(s, EV_DOUBLED, doubled, doubled, 1);
  put(s, EV_SHELTER, shelter, shelter, 1);
  put(s, EV_ROYAL_THREAT, threats, threats, 1);
  put(s, EV_PAIR, pairs, pairs, 1);
  for (int c = 0; c < 2 && relations; c++) {
    int sign = c == WHITE ? 1 : -1, isolated = 0, connected = 0, threats = 0;
    Bits targets = bits_andnot(not_royal_of[c ^ 1], pawn_like_of[c ^ 1]);
    if (kept) {
      isolated = kept->isolated[c], connected = kept->connected[c];
      threats = __builtin_popcountll(kept->attacked_once[c] & targets.w[0]) +
                __builtin_popcountll(kept->attacked_twice[c] & targets.w[0]);
    } else {
      pawn_relations(e, p, c, pawn_squares[c], pawns[c], files, &pawn_like_of[c], &targets, words, &isolated,
                     &connected, &threats);
    }
    put(s, EV_ISOLATED, sign * isolated, sign * isolated, 1);
    put(s, EV_CONNECTED, sign * connected, sign * connected, 1);
    put(s, EV_PAWN_THREAT, sign * threats, sign * threats, 1);
  }
  if (r->check_limit) {
    int units = ev_check_units(r->check_limit, p->checks[WHITE]) - ev_check_units(r->check_limit, p->checks[BLACK]);
    put(s, EV_CHECKS, units, units, 1);
  }
  if (e->start_material <= 0) return 256;
  return material >= e->start_material ? 256 : material * 256 / e->start_material;
}

void ev_features(const EvalTables *e, const Position *p, EvalFeatures *f) {
  f->used = EV_TERMS + EV_PER_TYPE * e->rules->type_count;
  memset(f->mg, 0, sizeof f->mg[0] * (size_t)f->used);
  memset(f->eg, 0, sizeof f->eg[0] * (size_t)f->used);
  FeatureSink s = {.f = f};
  f->phase = features(e, p, &s, true, true, e->words, NULL);
  f->mg[EV_TEMPO] = f->eg[EV_TEMPO] = p->side == WHITE ? 1 : -1;
}

void ev_set_weights(EvalTables *e, const EvalWeights *w) {
  e->weights = *w;
  const EvalPair *x = w->w;
  e->pawn_relations = x[EV_ISOLATED].mg || x[EV_ISOLATED].eg || x[EV_CONNECTED].mg || x[EV_CONNECTED].eg ||
                      x[EV_PAWN_THREAT].mg || x[EV_PAWN_THREAT].eg;
  e->piece_threats = x[EV_PIECE_THREAT].mg || x[EV_PIECE_THREAT].eg || x[EV_HANGING].mg || x[EV_HANGING].eg;
}

/* The tapered sum of the weighted middle- and end-game figures, and the tempo of the side to
 * move tapered on its own (ev_score_features' arithmetic, so that both agree to the centipawn). */
static inline int taper(const EvalPair *w, int mg, int eg, int phase, int tempo_sign) {
  int score = (mg * phase + eg * (256 - phase)) / 256;
  int tempo = (w[EV_TEMPO].mg * phase + w[EV_TEMPO].eg * (256 - phase)) / 256;
  return score + tempo_sign * tempo;
}

int ev_score_features(const EvalWeights *weights, const EvalFeatures *f) {
  const EvalPair *w = weights->w;
  /* The percent terms first, then the plain ones (EV_PASSED + 1 on, but for the tempo). */
  int mg = w[EV_PSQ].mg * f->mg[EV_PSQ] / 100 + w[EV_PASSED].mg * f->mg[EV_PASSED] / 100;
  int eg = w[EV_PSQ].eg * f->eg[EV_PSQ] / 100 + w[EV_PASSED].eg * f->eg[EV_PASSED] / 100;
  for (int i = EV_PASSED + 1; i < f->used; i++) {
    if (i == EV_TEMPO) continue;
    mg += w[i].mg * f->mg[i];
    eg += w[i].eg * f->eg[i];
  }
  return taper(w, mg, eg, f->phase, f->mg[EV_TEMPO]);
}

/* features() for the search on a board of any size, a function of its own: inlined beside the
 * copy for one word it cost capablanca and shogi 1-2% more instructions. */
static __attribute__((noinline)) int features_of_any(const EvalTables *e, const Position *p, FeatureSink *s) {
  /* threat_terms a constant in each copy: without the terms, no attack is worked out. */
  return e->piece_threats ? features(e, p, s, e->pawn_relations, true, e->words, NULL)
                          : features(e, p, s, e->pawn_relations, false, e->words, NULL);
}

int ev_classic(const EvalTables *e, const Position *p) {
  FeatureSink s = {.w = e->weights.w};
  /* A board of 64 squares at most has a copy of its own, where the loops over a square set's
   * words go (a copy for two words gained nothing in capablanca and shogi). */
  const EvalPawns *kept = e->words == 1 ? ev_pawns(e, p) : NULL;
  int phase = e->words > 1       ? features_of_any(e, p, &s)
              : e->piece_threats ? features(e, p, &s, e->pawn_relations, true, 1, kept)
                                 : features(e, p, &s, e->pawn_relations, false, 1, kept);
  int white = taper(s.w, s.mg, s.eg, phase, p->side == WHITE ? 1 : -1);
  return p->side == WHITE ? white : -white;
}

static int classic_entry(const Evaluator *self, const Position *p) { return ev_classic(self->tables, p); }

void ev_default(Evaluator *ev, const EvalTables *tables) {
  ev->evaluate = classic_entry;
  ev->tables = tables;
  ev->context = NULL;
}
