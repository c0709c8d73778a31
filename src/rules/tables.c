/* Builds the movement tables of a finalised Rules in 4-word form and packs them to its width. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/tables.h"

bool rules_build_tables(Rules *r, char *err, int errlen);

typedef struct Builder {
  Rules *r;
  RuleTables *t;
  int n; /* squares */
  /* growable lists */
  Bits *legs;
  int legs_len, legs_cap;
  int limit_dir[MAX_DIRECTIONS * 16], limit_range[MAX_DIRECTIONS * 16];
} Builder;

static void pack(uint64_t *dst, const Bits *src, int bbw) { memcpy(dst, src->w, bbw * sizeof(uint64_t)); }

static uint64_t *alloc_words(int count, int bbw) {
  return calloc((size_t)(count > 0 ? count : 1) * bbw, sizeof(uint64_t));
}

static void set_packed(uint64_t *base, int bbw, int index, int sq) {
  base[(size_t)index * bbw + (sq >> 6)] |= 1ULL << (sq & 63);
}

static int direction_index(RuleTables *t, int dx, int dy, char *err, int errlen) {
  for (int d = 0; d < t->dir_count; d++)
    if (t->dir_dx[d] == dx && t->dir_dy[d] == dy) return d;
  if (t->dir_count == MAX_DIRECTIONS) {
    snprintf(err, errlen, "more than %d ride directions", MAX_DIRECTIONS);
    return -1;
  }
  t->dir_dx[t->dir_count] = (int8_t)dx;
  t->dir_dy[t->dir_count] = (int8_t)dy;
  return t->dir_count++;
}

static int limit_index(Builder *b, int dir, int range) {
  for (int l = 0; l < b->t->limit_count; l++)
    if (b->limit_dir[l] == dir && b->limit_range[l] == range) return l;
  int l = b->t->limit_count++;
  b->limit_dir[l] = dir, b->limit_range[l] = range;
  return l;
}

static bool in_zone(const Rules *r, int zone, int color, int sq) {
  return zone == NO_ZONE || bits_test(&r->zones[zone][color], sq);
}

static int add_leg(Builder *b, Bits leg) {
  if (b->legs_len == b->legs_cap) {
    b->legs_cap = b->legs_cap ? 2 * b->legs_cap : 256;
    b->legs = realloc(b->legs, b->legs_cap * sizeof *b->legs);
  }
  b->legs[b->legs_len] = leg;
  return b->legs_len++;
}

/* Squares a lame leap from (f, r) by (dx, dy) passes: orthogonal steps first, then diagonal
 * ones (the xiangqi horse's leg; the pawn's and elephant's intermediate squares). */
static bool lame_path(const Geometry *g, int f, int r, int dx, int dy, Bits *leg) {
  memset(leg, 0, sizeof *leg);
  int adx = abs(dx), ady = abs(dy), sx = dx > 0 ? 1 : dx < 0 ? -1 : 0, sy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
  int diag = adx < ady ? adx : ady, straight = (adx > ady ? adx : ady) - diag;
  int cf = f, cr = r;
  for (int s = 0; s < straight + diag - 1; s++) {
    if (s < straight) {
      if (adx > ady)
        cf += sx;
      else
        cr += sy;
    } else {
      cf += sx, cr += sy;
    }
    if (!geo_on_board(g, cf, cr)) return false;
    bits_set(leg, geo_square(g, cf, cr));
  }
  return true;
}

/* Files type t's capturing ride or hop e, which is restricted, for the attack test to read
 * backwards (RuleTables.restricted); false when its direction has no room left. */
static bool add_restricted(RuleTables *tb, int c, int t, const RideEntry *e) {
  LineEntry want = {.types = 0,
                    .kind = e->kind,
                    .no_same_type = e->kind == ATOM_HOP && e->no_same_type, /* rides ignore it */
                    .limit = e->limit,
                    .from_zone = e->from_zone,
                    .to_zone = e->to_zone};
  LineEntry *list = tb->restricted[c][e->dir];
  uint8_t *count = &tb->restricted_count[c][e->dir];
  for (int i = 0; i < *count; i++)
    if (list[i].kind == want.kind && list[i].no_same_type == want.no_same_type && list[i].limit == want.limit &&
        list[i].from_zone == want.from_zone && list[i].to_zone == want.to_zone) {
      list[i].types |= 1u << t;
      return true;
    }
  if (*count == MAX_LINE_ENTRIES) return false;
  want.types = 1u << t;
  list[(*count)++] = want;
  return true;
}

/* True when a piece of type t, colour c, on sq could move at all on an empty board. */
static bool can_move_from(const Rules *r, int t, int c, int sq) {
  const Geometry *g = &r->geo;
  const PieceType *pt = &r->types[t];
  for (int a = 0; a < pt->atom_count; a++) {
    const Atom *at = &pt->atoms[a];
    if (at->royal_only || at->initial) continue;
    if (!in_zone(r, at->from_zone, c, sq)) continue;
    int dy = c ? -at->dy : at->dy, dx = c && pt->turned ? -at->dx : at->dx;
    int f = geo_file(g, sq) + dx, rk = geo_rank(g, sq) + dy;
    if (geo_on_board(g, f, rk) && in_zone(r, at->to_zone, c, geo_square(g, f, rk))) return true;
  }
  return false;
}

static bool build_piece(Builder *b, int t, int c, char *err, int errlen) {
  Rules *r = b->r;
  RuleTables *tb = b->t;
  const Geometry *g = &r->geo;
  const PieceType *pt = &r->types[t];
  int bbw = tb->bbw, idx0 = (t * 2 + c) * b->n;
  for (int a = 0; a < pt->atom_count; a++) {
    const Atom *at = &pt->atoms[a];
    int dy = c ? -at->dy : at->dy, dx = c && pt->turned ? -at->dx : at->dx;
    int from_zone = at->initial ? pt->initial_zone : at->from_zone;
    if (at->initial && pt->initial_zone == NO_ZONE) continue;
    if (at->kind != ATOM_LEAP) {
      if (tb->ride_count[t][c] == MAX_ATOMS) continue;
      int d = direction_index(tb, dx, dy, err, errlen);
      if (d < 0) return false;
      RideEntry *e = &tb->rides[t][c][tb->ride_count[t][c]++];
      *e = (RideEntry){.dir = (uint8_t)d,
                       .kind = (uint8_t)at->kind,
                       .mode = at->mode,
                       .royal_only = at->royal_only,
                       .no_same_type = at->no_same_type,
                       .limit = -1,
                       .from_zone = (int8_t)from_zone,
                       .to_zone = at->to_zone};
      if (at->range) e->limit = (int16_t)limit_index(b, d, at->range);
      bool plain = !at->range && at->to_zone == NO_ZONE && from_zone == NO_ZONE && !at->no_same_type;
      if (at->mode & MODE_CAPTURE) {
        if (plain && at->kind == ATOM_RIDE)
          tb->rider_types[c][d] |= 1u << t;
        else if (plain && at->kind == ATOM_HOP)
          tb->hopper_types[c][d] |= 1u << t;
        else if (at->kind == ATOM_GRASSHOP || !add_restricted(tb, c, t, e))
          tb->special_types[c] |= 1u << t;
        if (at->kind == ATOM_RIDE) tb->line_riders[c][d] |= 1u << t;
        if (at->kind == ATOM_HOP) tb->line_hoppers[c][d] |= 1u << t;
        if (at->kind != ATOM_GRASSHOP) tb->guard_types[c] |= 1u << t;
      }
      continue;
    }
    if (at->royal_only) continue;
    for (int sq = 0; sq < b->n; sq++) {
      if (g->hole[sq] || !in_zone(r, from_zone, c, sq)) continue;
      int f = geo_file(g, sq) + dx, rk = geo_rank(g, sq) + dy;
      if (!geo_on_board(g, f, rk)) continue;
      int to = geo_square(g, f, rk);
      if (!in_zone(r, at->to_zone, c, to)) continue;
      if (at->lame) { /* blocked leaps are listed by build_lame_lists */
        Bits leg;
        if (!lame_path(g, geo_file(g, sq), geo_rank(g, sq), dx, dy, &leg) || bits_any(&leg)) continue;
      }
      if (at->mode & MODE_MOVE) set_packed(tb->leap_quiet, bbw, idx0 + sq, to);
      if (at->mode & MODE_CAPTURE) {
        set_packed(tb->leap_capture, bbw, idx0 + sq, to);
        set_packed(tb->attack_from_leap, bbw, idx0 + to, sq);
        set_packed(tb->attack_from_any_leap, bbw, c * b->n + to, sq);
        tb->leap_attackers[c] |= 1u << t;
      }
    }
  }
  return true;
}

/* Lame leaps grouped by (type, colour, square), forwards and inverted for attack tests, with
 * the squares that must be empty interned as leg masks. */
static void build_lame_lists(Builder *b) {
  Rules *r = b->r;
  RuleTables *tb = b->t;
  const Geometry *g = &r->geo;
  int lists = r->type_count * 2 * b->n;
  int *count = calloc(lists + 1, sizeof(int)), *inv_count = calloc(lists + 1, sizeof(int));
  typedef struct {
    int list, inv_list;
    LameEntry e, inv;
  } Item;
  Item *items = NULL;
  int len = 0, cap = 0;
  for (int t = 0; t < r->type_count; t++)
    for (int c = 0; c < 2; c++) {
      const PieceType *pt = &r->types[t];
      for (int a = 0; a < pt->atom_count; a++) {
        const Atom *at = &pt->atoms[a];
        if (at->kind != ATOM_LEAP || !at->lame || at->royal_only) continue;
        int from_zone = at->initial ? pt->initial_zone : at->from_zone;
        if (at->initial && pt->initial_zone == NO_ZONE) continue;
        int dy = c ? -at->dy : at->dy, dx = c && pt->turned ? -at->dx : at->dx;
        for (int sq = 0; sq < b->n; sq++) {
          if (g->hole[sq] || !in_zone(r, from_zone, c, sq)) continue;
          int f = geo_file(g, sq) + dx, rk = geo_rank(g, sq) + dy;
          if (!geo_on_board(g, f, rk)) continue;
          int to = geo_square(g, f, rk);
          if (!in_zone(r, at->to_zone, c, to)) continue;
          Bits leg;
          if (!lame_path(g, geo_file(g, sq), geo_rank(g, sq), dx, dy, &leg) || !bits_any(&leg)) continue;
          if (len == cap) {
            cap = cap ? 2 * cap : 256;
            items = realloc(items, cap * sizeof *items);
          }
          int li = add_leg(b, leg);
          items[len].list = (t * 2 + c) * b->n + sq;
          items[len].inv_list = (at->mode & MODE_CAPTURE) ? (t * 2 + c) * b->n + to : -1;
          items[len].e = (LameEntry){.square = (int16_t)to, .mode = at->mode, .leg = li};
          items[len].inv = (LameEntry){.square = (int16_t)sq, .mode = at->mode, .leg = li};
          count[items[len].list]++;
          if (items[len].inv_list >= 0) {
            inv_count[items[len].inv_list]++;
            tb->lame_attackers[c] |= 1u << t;
          }
          len++;
        }
      }
    }
  tb->lame_first = calloc(lists + 1, sizeof(int));
  tb->lame_inverse_first = calloc(lists + 1, sizeof(int));
  for (int i = 0; i < lists; i++) {
    tb->lame_first[i + 1] = tb->lame_first[i] + count[i];
    tb->lame_inverse_first[i + 1] = tb->lame_inverse_first[i] + inv_count[i];
  }
  tb->lame = malloc((len + 1) * sizeof(LameEntry));
  tb->lame_inverse = malloc((len + 1) * sizeof(LameEntry));
  memset(count, 0, (lists + 1) * sizeof(int));
  memset(inv_count, 0, (lists + 1) * sizeof(int));
  for (int i = 0; i < len; i++) {
    tb->lame[tb->lame_first[items[i].list] + count[items[i].list]++] = items[i].e;
    if (items[i].inv_list >= 0)
      tb->lame_inverse[tb->lame_inverse_first[items[i].inv_list] + inv_count[items[i].inv_list]++] = items[i].inv;
  }
  tb->attack_from_lame = alloc_words(lists, tb->bbw);
  for (int i = 0; i < len; i++)
    if (items[i].inv_list >= 0) set_packed(tb->attack_from_lame, tb->bbw, items[i].inv_list, items[i].inv.square);
  tb->legs = alloc_words(b->legs_len, tb->bbw);
  for (int i = 0; i < b->legs_len; i++) pack(tb->legs + (size_t)i * tb->bbw, &b->legs[i], tb->bbw);
  free(items), free(count), free(inv_count);
}

static void build_rays(Builder *b) {
  RuleTables *tb = b->t;
  const Geometry *g = &b->r->geo;
  tb->ray = alloc_words(tb->dir_count * b->n, tb->bbw);
  tb->lines_toward = calloc((size_t)b->n * b->n, sizeof(uint64_t));
  tb->limit = alloc_words(tb->limit_count * b->n, tb->bbw);
  for (int d = 0; d < tb->dir_count; d++) {
    int dx = tb->dir_dx[d], dy = tb->dir_dy[d];
    tb->dir_increasing[d] = dy > 0 || (dy == 0 && dx > 0);
    for (int sq = 0; sq < b->n; sq++) {
      if (g->hole[sq]) continue;
      int f = geo_file(g, sq) + dx, rk = geo_rank(g, sq) + dy;
      for (int step = 1; geo_on_board(g, f, rk); step++, f += dx, rk += dy) {
        int to = geo_square(g, f, rk);
        set_packed(tb->ray, tb->bbw, d * b->n + sq, to);
        tb->lines_toward[sq * b->n + to] |= 1ULL << d;
        for (int l = 0; l < tb->limit_count; l++)
          if (b->limit_dir[l] == d && step <= b->limit_range[l]) set_packed(tb->limit, tb->bbw, l * b->n + sq, to);
      }
    }
  }
}

static bool packed_test(const uint64_t *base, int bbw, int index, int sq) {
  return base[(size_t)index * bbw + (sq >> 6)] >> (sq & 63) & 1;
}

/* RuleTables.move_from: for each (type, colour) and square, every square from which a piece of
 * the type could move there on some board (its leaps, lame leaps whatever their legs, and
 * whole rays for its rides and hops), or every square for a piece the oracle moves anywhere. */
static void build_move_from(Builder *b) {
  const Rules *r = b->r;
  RuleTables *tb = b->t;
  int n = b->n, bbw = tb->bbw;
  tb->move_from = alloc_words(r->type_count * 2 * n, bbw);
  for (int t = 0; t < r->type_count; t++)
    for (int c = 0; c < 2; c++) {
      int list0 = (t * 2 + c) * n;
      for (int from = 0; from < n; from++) {
        if (r->geo.hole[from]) continue;
        for (int to = 0; to < n; to++) {
          bool reaches = r->types[t].any_square || packed_test(tb->leap_quiet, bbw, list0 + from, to) ||
                         packed_test(tb->leap_capture, bbw, list0 + from, to);
          for (int i = 0; i < tb->ride_count[t][c] && !reaches; i++)
            reaches = packed_test(tb->ray, bbw, tb->rides[t][c][i].dir * n + from, to);
          if (reaches) set_packed(tb->move_from, bbw, list0 + to, from);
        }
        for (int i = tb->lame_first[list0 + from]; i < tb->lame_first[list0 + from + 1]; i++)
          set_packed(tb->move_from, bbw, list0 + tb->lame[i].square, from);
      }
    }
}

/* Ride directions of the two colours must each have their reverse in the table too, since
 * attack tests look from the target back towards the attacker. */
static bool close_directions(RuleTables *tb, char *err, int errlen) {
  for (int d = 0; d < tb->dir_count; d++) {
    int rev = direction_index(tb, -tb->dir_dx[d], -tb->dir_dy[d], err, errlen);
    if (rev < 0) return false;
    tb->dir_reverse[d] = (uint8_t)rev;
  }
  return true;
}

/* The squares a slide from sq along (dx, dy) reaches on an empty board, in order. */
static int ray_squares(const Geometry *g, int sq, int dx, int dy, int *out) {
  int n = 0, f = geo_file(g, sq) + dx, rk = geo_rank(g, sq) + dy;
  for (; geo_on_board(g, f, rk); f += dx, rk += dy) out[n++] = geo_square(g, f, rk);
  return n;
}

/* PEXT-indexed attack tables for the orthogonal and diagonal slider groups. */
static void build_slider_groups(Rules *r, RuleTables *tb) {
  static const int vectors[2][4][2] = {{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}, {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}};
  const Geometry *g = &r->geo;
  for (int grp = 0; grp < 2; grp++) {
    size_t total = 0;
    for (int sq = 0; sq < g->squares; sq++) {
      uint64_t mask = 0;
      for (int v = 0; v < 4 && !g->hole[sq]; v++) {
        int line[GEO_MAX_SIDE], len = ray_squares(g, sq, vectors[grp][v][0], vectors[grp][v][1], line);
        for (int i = 0; i + 1 < len; i++) mask |= 1ULL << line[i]; /* the last square never blocks */
      }
      tb->group_mask[grp][sq] = mask;
      tb->group_offset[grp][sq] = (uint32_t)total;
      total += (size_t)1 << __builtin_popcountll(mask);
    }
    tb->group_attacks[grp] = calloc(total, sizeof(uint64_t));
    for (int sq = 0; sq < g->squares; sq++) {
      if (g->hole[sq]) continue;
      uint64_t mask = tb->group_mask[grp][sq], occ = 0;
      size_t index = tb->group_offset[grp][sq];
      do { /* subsets of mask in increasing PEXT order (carry-rippler) */
        uint64_t attacks = 0;
        for (int v = 0; v < 4; v++) {
          int line[GEO_MAX_SIDE], len = ray_squares(g, sq, vectors[grp][v][0], vectors[grp][v][1], line);
          for (int i = 0; i < len; i++) {
            attacks |= 1ULL << line[i];
            if (occ >> line[i] & 1) break;
          }
        }
        tb->group_attacks[grp][index++] = attacks;
        occ = (occ - mask) & mask;
      } while (occ);
    }
  }
  /* A type joins a group when it has all four of its rides, plain and alike in mode. */
  for (int t = 0; t < r->type_count; t++)
    for (int c = 0; c < 2; c++)
      for (int grp = 0; grp < 2; grp++) {
        int found[4] = {-1, -1, -1, -1};
        for (int i = 0; i < tb->ride_count[t][c]; i++) {
          const RideEntry *e = &tb->rides[t][c][i];
          if (e->kind != ATOM_RIDE || e->limit >= 0 || e->from_zone >= 0 || e->to_zone >= 0 || e->royal_only ||
              e->no_same_type || e->mode != MODE_BOTH)
            continue;
          for (int v = 0; v < 4; v++)
            if (tb->dir_dx[e->dir] == vectors[grp][v][0] && tb->dir_dy[e->dir] == vectors[grp][v][1]) found[v] = i;
        }
        if (found[0] < 0 || found[1] < 0 || found[2] < 0 || found[3] < 0) continue;
        tb->group_of[t][c] |= (uint8_t)(1 << grp);
        tb->group_types[c][grp] |= 1u << t;
        for (int v = 0; v < 4; v++) tb->rides[t][c][found[v]].grouped = true;
      }
  for (int c = 0; c < 2; c++)
    for (int d = 0; d < tb->dir_count; d++) {
      uint32_t grouped = 0;
      for (int t = 0; t < r->type_count; t++)
        for (int i = 0; i < tb->ride_count[t][c]; i++)
          if (tb->rides[t][c][i].dir == d && tb->rides[t][c][i].grouped) grouped |= 1u << t;
      tb->rider_rest[c][d] = tb->rider_types[c][d] & ~grouped;
    }
  tb->slider_groups = true;
}

bool rules_slider_table(const Rules *r, int group, const uint64_t **mask, const uint32_t **offset,
                        const uint64_t **attacks) {
  const RuleTables *tb = r->tables;
  if (!tb || !tb->slider_groups || group < 0 || group > 1) return false;
  *mask = tb->group_mask[group];
  *offset = tb->group_offset[group];
  *attacks = tb->group_attacks[group];
  return true;
}

bool rules_build_tables(Rules *r, char *err, int errlen) {
  rules_free(r);
  RuleTables *tb = calloc(1, sizeof *tb);
  r->tables = tb;
  Builder b = {.r = r, .t = tb, .n = r->geo.squares};
  int bbw = tb->bbw = r->bbw;
  tb->squares = b.n;
  int lists = r->type_count * 2 * b.n;
  tb->board = alloc_words(1, bbw);
  pack(tb->board, &r->board_mask, bbw);
  tb->leap_quiet = alloc_words(lists, bbw);
  tb->leap_capture = alloc_words(lists, bbw);
  tb->attack_from_leap = alloc_words(lists, bbw);
  tb->attack_from_any_leap = alloc_words(2 * b.n, bbw);
  for (int t = 0; t < r->type_count; t++)
    for (int c = 0; c < 2; c++)
      if (!build_piece(&b, t, c, err, errlen)) return false;
  build_lame_lists(&b);
  free(b.legs);
  if (!close_directions(tb, err, errlen)) return false;
  build_rays(&b);
  build_move_from(&b);
  for (int c = 0; c < 2; c++) memcpy(tb->rider_rest[c], tb->rider_types[c], sizeof tb->rider_rest[c]);
  if (bbw == 1 && gen_has_pext()) build_slider_groups(r, tb);
  for (int c = 0; c < 2; c++)
    for (int d = 0; d < tb->dir_count; d++) {
      if (tb->line_riders[c][d] | tb->line_hoppers[c][d]) tb->guard_backs[c] |= 1ULL << tb->dir_reverse[d];
      uint32_t types = tb->rider_rest[c][d] | tb->hopper_types[c][d];
      for (int i = 0; i < tb->restricted_count[c][d]; i++) types |= tb->restricted[c][d][i].types;
      if (!types) continue;
      tb->line_types[c] |= types;
      tb->line_backs[c] |= 1ULL << tb->dir_reverse[d];
    }
  tb->gen_zoned_from = alloc_words(r->type_count * 2, bbw);
  for (int t = 0; t < r->type_count; t++)
    for (int c = 0; c < 2; c++)
      for (int zoned = 0; zoned < 2; zoned++) /* the entries without a zone first */
        for (int i = 0; i < tb->ride_count[t][c]; i++) {
          const RideEntry *e = &tb->rides[t][c][i];
          if (e->royal_only || e->grouped || (e->from_zone >= 0) != zoned) continue;
          tb->gen_rides[t][c][tb->gen_ride_count[t][c]++] = *e;
          for (int sq = 0; zoned && sq < b.n; sq++)
            if (in_zone(r, e->from_zone, c, sq)) set_packed(tb->gen_zoned_from, bbw, t * 2 + c, sq);
        }
  tb->zone = alloc_words(r->zone_count * 2, bbw);
  for (int z = 0; z < r->zone_count; z++)
    for (int c = 0; c < 2; c++) pack(tb->zone + (size_t)(z * 2 + c) * bbw, &r->zones[z][c], bbw);
  tb->file_mask = alloc_words(r->geo.width, bbw);
  for (int sq = 0; sq < b.n; sq++)
    if (!r->geo.hole[sq]) set_packed(tb->file_mask, bbw, geo_file(&r->geo, sq), sq);
  tb->castle_path = alloc_words(r->castling_count, bbw);
  for (int i = 0; i < r->castling_count; i++) {
    const Castling *c = &r->castlings[i];
    int lo = c->king_from, hi = c->king_from, sqs[3] = {c->king_to, c->partner_from, c->partner_to};
    for (int k = 0; k < 3; k++) lo = sqs[k] < lo ? sqs[k] : lo, hi = sqs[k] > hi ? sqs[k] : hi;
    int rank = geo_rank(&r->geo, c->king_from);
    tb->castle_on_rank[i] = geo_rank(&r->geo, lo) == rank && geo_rank(&r->geo, hi) == rank;
    for (int sq = lo; sq <= hi; sq++)
      if (sq != c->king_from && sq != c->partner_from) set_packed(tb->castle_path, bbw, i, sq);
  }
  tb->drop_mask = alloc_words(r->type_count * 2, bbw);
  for (int t = 0; t < r->type_count; t++)
    for (int c = 0; c < 2; c++) {
      memset(&r->stuck[t][c], 0, sizeof(Bits));
      const PieceType *pt = &r->types[t];
      bool anywhere = false;
      for (int sq = 0; sq < b.n; sq++) {
        if (r->geo.hole[sq]) continue;
        if (!pt->any_square && !can_move_from(r, t, c, sq)) {
          bits_set(&r->stuck[t][c], sq);
          if (r->drops_where_stuck && in_zone(r, pt->drop_zone, c, sq)) set_packed(tb->drop_mask, bbw, t * 2 + c, sq);
          continue;
        }
        anywhere = true;
        if (in_zone(r, pt->drop_zone, c, sq)) set_packed(tb->drop_mask, bbw, t * 2 + c, sq);
      }
      if (!anywhere && !pt->royal && pt->atom_count == 0 && !pt->any_square) {
        snprintf(err, errlen, "piece '%s' has no moves", pt->name);
        return false;
      }
      if (pt->promo_count) tb->promo_types++;
    }
  if (bbw == 1) tables_build_steps(r, tb);
  return true;
}
