/* Compiling a piece's `def` body into movement atoms by partial evaluation.
 *
 * The body is parsed as GAME Code's Polish notation (reference §3.1: read right to left, with
 * break-away `and`/`or`, §3.2) into a tree (br_parse.c).  Its move primitives (checkleap,
 * checkride, checkatwostep, checkhop, checkgrasshop ...) give the candidate atoms.  Each candidate is then tried from every origin
 * square, for a destination that is empty and for one holding an enemy piece, with the squares
 * the atom passes known to be empty and everything else unknown; the tree is evaluated in
 * three-valued logic (br_eval.c).  A candidate becomes an atom when the answers are definite and depend on
 * the origin only through its rank (pawn double steps); hops and grasshopper moves are tried
 * with a screen on the line.  Answers that depend on the squares otherwise (janggi's palace
 * lines) are fitted with zones of squares for the origin and the destination; hops are also
 * tried with a piece of the mover's type as screen or prey (`findpiece` on a `path`), which
 * gives the janggi cannon's refusal of cannons; `checkpath` gives lame leaps through several
 * squares (the janggi elephant).  Anything else is refused with a reason, and the piece stays
 * with the oracle. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge/br_eval.h"

enum { CAND_MAX = 128 }; /* candidate atoms per def */

/* ---- candidates ---- */

enum { LEGS_MAX = 4 };

typedef struct Cand {
  AtomKind kind; /* ATOM_LEAP or ATOM_RIDE */
  int dx, dy;
  bool lame; /* leap through the one square (px, py), which must be empty */
  int px, py;
  int legs; /* lame leaps of checkpath: the squares (lx, ly) passed, which must be empty */
  int lx[LEGS_MAX], ly[LEGS_MAX];
  bool test_legs; /* legs completed to the engine's path: the def must refuse each one occupied */
} Cand;

static void add_cand(Cand *c, int *n, Cand x) {
  if (!x.dx && !x.dy) return; /* a null move: never a destination (the origin is occupied) */
  if (abs(x.dx) >= GEO_MAX_SIDE || abs(x.dy) >= GEO_MAX_SIDE) return; /* off any board */
  if (x.lame && !x.legs) x.legs = 1, x.lx[0] = x.px, x.ly[0] = x.py;
  for (int i = 0; i < *n; i++)
    if (c[i].kind == x.kind && c[i].dx == x.dx && c[i].dy == x.dy && c[i].lame == x.lame && c[i].px == x.px &&
        c[i].py == x.py && c[i].legs == x.legs && !memcmp(c[i].lx, x.lx, sizeof x.lx) &&
        !memcmp(c[i].ly, x.ly, sizeof x.ly))
      return;
  if (*n < CAND_MAX) c[(*n)++] = x;
}

static bool literal_int(const Tree *t, int n, int *out) {
  const Node *nd = &t->nodes[n];
  if (nd->op == OP_LIT && br_is_number(nd->lit)) return *out = atoi(nd->lit), true;
  if (nd->op == OP_NEG && t->nodes[nd->args[0]].op == OP_LIT && br_is_number(t->nodes[nd->args[0]].lit))
    return *out = -atoi(t->nodes[nd->args[0]].lit), true;
  return false;
}

static bool collect(const Tree *t, int n, Cand *c, int *count, char *reason, int reasonlen) {
  const Node *nd = &t->nodes[n];
  for (int a = 0; a < nd->nargs; a++)
    if (!collect(t, nd->args[a], c, count, reason, reasonlen)) return false;
  if (nd->op < OP_CHECKLEAP || nd->op > OP_CHECKGRASSHOP) return true; /* not a move primitive */
  int st[8][2], ns;
  if (nd->op == OP_CHECKGRASSHOP) {
    ns = br_images(1, 0, st);
    ns += br_images(1, 1, st + ns);
    for (int i = 0; i < ns; i++)
      add_cand(c, count,
               (Cand){.kind = ATOM_GRASSHOP, .dx = st[i][0], .dy = st[i][1], .lame = false, .px = 0, .py = 0});
    return true;
  }
  if (nd->op == OP_CHECKPATH || nd->op == OP_CHECKAPATH) {
    int steps[ARGS_MAX], n = nd->nargs - 2;
    if (n < 2 || n % 2 || n / 2 > LEGS_MAX + 1) {
      snprintf(reason, reasonlen, "a checkpath of more than %d steps", LEGS_MAX + 1);
      return false;
    }
    for (int k = 0; k < n; k++)
      if (!literal_int(t, nd->args[2 + k], &steps[k])) {
        snprintf(reason, reasonlen, "a move primitive has offsets that are not numbers");
        return false;
      }
    for (int sym = 0; sym < (nd->op == OP_CHECKPATH ? 8 : 1); sym++) {
      Cand x = {.kind = ATOM_LEAP, .lame = n > 2};
      for (int k = 0; k < n / 2; k++) {
        int sx, sy;
        br_symmetry(sym, steps[2 * k], steps[2 * k + 1], &sx, &sy);
        if (k) x.lx[x.legs] = x.dx, x.ly[x.legs] = x.dy, x.legs++;
        x.dx += sx, x.dy += sy;
      }
      x.px = x.lx[0], x.py = x.ly[0];
      add_cand(c, count, x);
    }
    return true;
  }
  int v[4];
  int first = nd->op == OP_CHECKATWOSTEP || nd->op == OP_CHECKTWOSTEP ? 4 : 2;
  for (int k = 0; k < first; k++)
    if (!literal_int(t, nd->args[2 + k], &v[k])) {
      snprintf(reason, reasonlen, "a move primitive has offsets that are not numbers");
      return false;
    }
  switch (nd->op) {
  case OP_CHECKHOP:
    ns = br_images(v[0], v[1], st);
    for (int i = 0; i < ns; i++)
      add_cand(c, count, (Cand){.kind = ATOM_HOP, .dx = st[i][0], .dy = st[i][1], .lame = false, .px = 0, .py = 0});
    break;
  case OP_CHECKAHOP:
    add_cand(c, count, (Cand){.kind = ATOM_HOP, .dx = v[0], .dy = v[1], .lame = false, .px = 0, .py = 0});
    break;
  case OP_CHECKLEAP:
  case OP_CHECKRIDE:
    ns = br_images(v[0], v[1], st);
    for (int i = 0; i < ns; i++)
      add_cand(c, count,
               (Cand){.kind = nd->op == OP_CHECKLEAP ? ATOM_LEAP : ATOM_RIDE,
                      .dx = st[i][0],
                      .dy = st[i][1],
                      .lame = false,
                      .px = 0,
                      .py = 0});
    break;
  case OP_CHECKALEAP:
    add_cand(c, count, (Cand){.kind = ATOM_LEAP, .dx = v[0], .dy = v[1], .lame = false, .px = 0, .py = 0});
    break;
  case OP_CHECKTWOSTEP:
    for (int t = 0; t < 8; t++) {
      int ax, ay, bx, by;
      br_symmetry(t, v[0], v[1], &ax, &ay);
      br_symmetry(t, v[2], v[3], &bx, &by);
      add_cand(c, count, (Cand){.kind = ATOM_LEAP, .dx = ax + bx, .dy = ay + by, .lame = true, .px = ax, .py = ay});
    }
    break;
  case OP_CHECKARIDE:
    add_cand(c, count, (Cand){.kind = ATOM_RIDE, .dx = v[0], .dy = v[1], .lame = false, .px = 0, .py = 0});
    break;
  default:
    add_cand(c, count,
             (Cand){.kind = ATOM_LEAP, .dx = v[0] + v[2], .dy = v[1] + v[3], .lame = true, .px = v[0], .py = v[1]});
    break;
  }
  return true;
}

/* The engine's path for a lame leap: orthogonal steps first, then diagonal (rules/tables.c).
 * Its squares, from the origin outwards, go to path[]; their count. */
static int engine_path(int dx, int dy, int path[][2], int max) {
  int adx = abs(dx), ady = abs(dy), sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
  int diag = adx < ady ? adx : ady, straight = (adx > ady ? adx : ady) - diag;
  int x = 0, y = 0, n = 0;
  for (int s = 0; s < straight + diag - 1; s++) {
    if (s < straight) {
      if (adx > ady)
        x += sx;
      else
        y += sy;
    } else {
      x += sx, y += sy;
    }
    if (n == max) return -1;
    path[n][0] = x, path[n][1] = y, n++;
  }
  return n;
}

/* A two-step or path compiles to a lame leap when the squares it passes are the engine's path.
 * When they are only part of it (the Omega pawn's triple step, checkatwostep (0,1)+(0,2) with
 * an `empty` test of its own), c is completed to the whole path and marked for try_move to
 * check that the def refuses the move with any of them occupied. */
static bool lame_matches_engine(Cand *c) {
  int path[LEGS_MAX][2];
  int n = engine_path(c->dx, c->dy, path, LEGS_MAX);
  if (n < 0 || c->legs > n) return false;
  for (int k = 0; k < c->legs; k++) {
    bool found = false;
    for (int j = 0; j < n; j++) found |= c->lx[k] == path[j][0] && c->ly[k] == path[j][1];
    if (!found) return false;
  }
  if (c->legs < n) {
    c->test_legs = true;
    c->legs = n;
    for (int j = 0; j < n; j++) c->lx[j] = path[j][0], c->ly[j] = path[j][1];
  }
  return true;
}

/* ---- from results to atoms ---- */

enum { R_FALSE = 0, R_TRUE = 1, R_UNKNOWN = 2, R_OFF = 3 };

/* Ranks (in the mover's own frame) of a set of origins, if the set is exactly the possible
 * origins of those ranks; else false. */
static bool rank_set(const Geometry *g, const uint8_t *res, uint32_t *ranks) {
  uint32_t rk = 0;
  for (int sq = 0; sq < g->squares; sq++)
    if (res[sq] == R_TRUE) rk |= 1u << geo_rank(g, sq);
  for (int sq = 0; sq < g->squares; sq++) {
    if (res[sq] == R_OFF) continue;
    bool in = rk >> geo_rank(g, sq) & 1;
    if (in != (res[sq] == R_TRUE)) return false;
  }
  *ranks = rk;
  return true;
}

/* A leap allowed exactly when its destination lies in one rectangle of the board (the xiangqi
 * palace, the elephant's own half): the zone of that rectangle, written for White, or -1. */
static int destination_zone(const Geometry *g, const Scene *sc, const uint8_t *res, int dx, int dy, int color) {
  int f0 = g->width, f1 = -1, r0 = g->height, r1 = -1;
  for (int sq = 0; sq < g->squares; sq++) {
    if (res[sq] != R_TRUE) continue;
    int d = br_offset(sc, sq, dx, dy), f = geo_file(g, d), r = geo_rank(g, d);
    f0 = f < f0 ? f : f0, f1 = f > f1 ? f : f1, r0 = r < r0 ? r : r0, r1 = r > r1 ? r : r1;
  }
  if (f1 < 0) return -1;
  static _Thread_local bool refused[GEO_MAX_SQUARES];
  memset(refused, 0, sizeof refused);
  for (int sq = 0; sq < g->squares; sq++) {
    if (res[sq] == R_OFF) continue;
    int d = br_offset(sc, sq, dx, dy), f = geo_file(g, d), r = geo_rank(g, d);
    bool inside = f >= f0 && f <= f1 && r >= r0 && r <= r1;
    if (inside != (res[sq] == R_TRUE)) return -1;
    refused[d] = res[sq] == R_FALSE;
  }
  /* Squares the leap can never land on may join the rectangle: grown as far as it goes, it is
   * the same for every direction of the piece (the whole palace), so they share one zone. */
  for (bool grown = true; grown;) {
    grown = false;
    int *edge[4] = {&f0, &f1, &r0, &r1};
    for (int e = 0; e < 4; e++) {
      int step = e % 2 ? 1 : -1, at = *edge[e] + step;
      bool file_edge = e < 2;
      if (at < 0 || at >= (file_edge ? g->width : g->height)) continue;
      bool clear = true;
      for (int k = file_edge ? r0 : f0; clear && k <= (file_edge ? r1 : f1); k++) {
        int sq = file_edge ? geo_square(g, at, k) : geo_square(g, k, at);
        clear = sq < 0 || !refused[sq];
      }
      if (clear) *edge[e] = at, grown = true;
    }
  }
  if (color != WHITE) {
    int t = g->height - 1 - r1;
    r1 = g->height - 1 - r0, r0 = t;
  }
  return br_zone_for_rect(f0, f1, r0, r1);
}

typedef struct Trial {
  const Tree *tree;
  Scene scene;
  const Cand *cand;
} Trial;

/* Result of the candidate's k-th step from origin in one mode. */
static int try_move(Trial *tr, int origin, int k, bool enemy, int ep_square) {
  Scene *s = &tr->scene;
  const Cand *c = tr->cand;
  memset(s->path, 0, sizeof s->path);
  s->screen = -1;
  int dest;
  if (c->kind == ATOM_RIDE) {
    for (int j = 1; j < k; j++) {
      int sq = br_offset(s, origin, j * c->dx, j * c->dy);
      if (!br_on_board(s, sq)) return R_OFF;
      s->path[sq] = true;
    }
    dest = br_offset(s, origin, k * c->dx, k * c->dy);
  } else {
    for (int k = 0; c->lame && k < c->legs; k++) {
      int sq = br_offset(s, origin, c->lx[k], c->ly[k]);
      if (!br_on_board(s, sq)) return R_OFF;
      s->path[sq] = true;
    }
    dest = br_offset(s, origin, c->dx, c->dy);
  }
  if (!br_on_board(s, dest)) return R_OFF;
  s->origin = origin, s->dest = dest, s->dest_enemy = enemy, s->ep_square = ep_square;
  s->unknown_var = false;
  int tv = br_eval_truth(tr->tree, s);
  for (int k = 0; tv > 0 && c->kind != ATOM_RIDE && c->test_legs && k < c->legs; k++) {
    /* The engine blocks the leap on every square of its path: so must the def. */
    int sq = br_offset(s, origin, c->lx[k], c->ly[k]);
    s->path[sq] = false, s->screen = sq;
    int blocked = br_eval_truth(tr->tree, s);
    s->path[sq] = true, s->screen = -1;
    if (blocked != 0) return R_UNKNOWN;
  }
  return tv < 0 ? R_UNKNOWN : tv ? R_TRUE : R_FALSE;
}

/* The candidate's hop from origin over a screen j steps out to the square k steps out. */
static int try_hop(Trial *tr, int origin, int j, int k, bool enemy) {
  Scene *s = &tr->scene;
  const Cand *c = tr->cand;
  memset(s->path, 0, sizeof s->path);
  for (int i = 1; i < k; i++) {
    int sq = br_offset(s, origin, i * c->dx, i * c->dy);
    if (!br_on_board(s, sq)) return R_OFF;
    s->path[sq] = i != j;
  }
  s->screen = br_offset(s, origin, j * c->dx, j * c->dy);
  int dest = br_offset(s, origin, k * c->dx, k * c->dy);
  if (!br_on_board(s, dest)) return R_OFF;
  s->origin = origin, s->dest = dest, s->dest_enemy = enemy, s->ep_square = -1;
  s->unknown_var = false;
  int tv = br_eval_truth(tr->tree, s);
  return tv < 0 ? R_UNKNOWN : tv ? R_TRUE : R_FALSE;
}

static void describe(const Geometry *g, const Cand *c, int origin, bool enemy, char *reason, int reasonlen,
                     const char *what) {
  char o[24];
  geo_square_name(g, origin, o);
  snprintf(reason, reasonlen, "%s for the %s (%d,%d)%s %s from %s", what,
           c->kind == ATOM_RIDE ? "ride"
           : c->lame            ? "lame leap"
                                : "leap",
           c->dx, c->dy, enemy ? " capturing" : "", enemy ? "" : "to an empty square", o);
}

static bool push_atom(BrCompiled *out, Atom a, uint32_t ranks, char *reason, int reasonlen) {
  if (out->count == MAX_ATOMS) {
    snprintf(reason, reasonlen, "more than %d atoms", MAX_ATOMS);
    return false;
  }
  out->atoms[out->count] = a;
  out->from_ranks[out->count] = ranks;
  out->count++;
  return true;
}

/* Hops (cannons) and grasshopper moves: tried from every origin with the screen j steps out
 * and the destination k steps out (k = j + 1 for the grasshopper), the squares between empty.
 * The answer may not depend on the origin, j or k: these atoms carry no zone and no range. */
static bool compile_hop(Trial *tr, int forward, BrCompiled *out, char *reason, int reasonlen) {
  const Cand *c = tr->cand;
  const Geometry *g = tr->scene.geo;
  int verdict[2] = {-1, -1};
  for (int m = 0; m < 2; m++)
    for (int sq = 0; sq < g->squares; sq++) {
      if (g->hole[sq]) continue;
      for (int j = 1; j < GEO_MAX_SIDE; j++) {
        int last = c->kind == ATOM_GRASSHOP ? j + 1 : GEO_MAX_SIDE;
        int k = j + 1;
        for (; k <= last; k++) {
          int res = try_hop(tr, sq, j, k, m == 1);
          if (res == R_OFF) break;
          if (res == R_UNKNOWN || (verdict[m] >= 0 && verdict[m] != res)) {
            describe(g, c, sq, m == 1, reason, reasonlen,
                     res == R_UNKNOWN ? "cannot decide" : "the answer depends on the distances");
            return false;
          }
          verdict[m] = res;
        }
        if (k == j + 1) break; /* the screen's square or the one beyond is off the board */
      }
    }
  int mode = (verdict[0] == R_TRUE ? MODE_MOVE : 0) | (verdict[1] == R_TRUE ? MODE_CAPTURE : 0);
  if (!mode) return true;
  Atom a = {.kind = c->kind,
            .dx = (int8_t)c->dx,
            .dy = (int8_t)(c->dy * forward),
            .mode = (uint8_t)mode,
            .from_zone = NO_ZONE,
            .to_zone = NO_ZONE};
  return push_atom(out, a, ~0u, reason, reasonlen);
}

/* Is the candidate's move (one step or leap) already produced by an earlier ride? Same
 * destination, same squares that must be empty.  The atoms are in the mover's frame, the
 * candidate's offsets on the board: forward turns them (Black's forward step must not pass
 * for its backward ride). */
static bool covered_by_ride(const BrCompiled *out, const Cand *c, int forward, int mode, uint32_t ranks) {
  for (int i = 0; i < out->count; i++) {
    const Atom *a = &out->atoms[i];
    if (a->kind != ATOM_RIDE || (a->mode & mode) != mode || (out->from_ranks[i] & ranks) != ranks) continue;
    if (!c->lame && a->dx == c->dx && a->dy == c->dy * forward) return true;
    if (c->lame && a->dx == c->px && a->dy == c->py * forward && 2 * c->px == c->dx && 2 * c->py == c->dy &&
        (a->range == 0 || a->range >= 2))
      return true;
  }
  return false;
}

/* ---- zones fitted to the answers (janggi's palace lines) ----
 * When the answers depend on the squares in a way no set of ranks or rectangle describes, each
 * trial of the candidate (origin, destination, answer) is kept, and a pair of zones is sought
 * such that every answer is "the origin is in the first and the destination in the second":
 * existing zones first, then as few new ones (the squares the answers name) as will do. */

enum { FIT_MAX = 1 << 13 };

typedef struct FitTable {
  int count;
  int16_t origin[FIT_MAX], dest[FIT_MAX];
  uint8_t result[FIT_MAX];
} FitTable;

/* A zone to try: NO_ZONE (everywhere), an existing zone, or a new one of the given squares. */
typedef struct ZoneChoice {
  int zone; /* NO_ZONE, an existing zone, or -2 for new */
  const bool *squares;
} ZoneChoice;

static bool choice_has(const ZoneChoice *z, int color, int sq) {
  if (z->zone == NO_ZONE) return true;
  if (z->zone >= 0) return bits_test(&br_zone_rules()->zones[z->zone][color], sq);
  return z->squares[sq];
}

static bool fit_consistent(const FitTable *ft, const ZoneChoice *from, const ZoneChoice *to, int color) {
  for (int i = 0; i < ft->count; i++) {
    bool want = choice_has(from, color, ft->origin[i]) && choice_has(to, color, ft->dest[i]);
    if (want != (ft->result[i] == R_TRUE)) return false;
  }
  return true;
}

/* Zones for a table with at least one true answer: false when none fit. */
static bool fit_zones(const Geometry *g, int color, const FitTable *ft, int *from_zone, int *to_zone) {
  static _Thread_local bool origins[GEO_MAX_SQUARES], dests[GEO_MAX_SQUARES];
  memset(origins, 0, sizeof origins);
  memset(dests, 0, sizeof dests);
  for (int i = 0; i < ft->count; i++)
    if (ft->result[i] == R_TRUE) origins[ft->origin[i]] = dests[ft->dest[i]] = true;
  const Rules *zr = br_zone_rules();
  int existing = zr ? zr->zone_count : 0;
  (void)g;
  ZoneChoice from[MAX_ZONES + 2], to[MAX_ZONES + 2];
  int nf = 0, nt = 0;
  from[nf++] = (ZoneChoice){NO_ZONE, NULL}, to[nt++] = (ZoneChoice){NO_ZONE, NULL};
  for (int z = 0; z < existing; z++) from[nf++] = to[nt++] = (ZoneChoice){z, NULL};
  if (zr) from[nf++] = (ZoneChoice){-2, origins}, to[nt++] = (ZoneChoice){-2, dests};
  for (int fresh = 0; fresh <= 2; fresh++)
    for (int f = 0; f < nf; f++)
      for (int t = 0; t < nt; t++) {
        if ((from[f].zone == -2) + (to[t].zone == -2) != fresh) continue;
        if (!fit_consistent(ft, &from[f], &to[t], color)) continue;
        *from_zone = from[f].zone, *to_zone = to[t].zone;
        if (*from_zone == -2 && (*from_zone = br_zone_for_set(origins, color)) < 0) return false;
        if (*to_zone == -2 && (*to_zone = br_zone_for_set(dests, color)) < 0) return false;
        return true;
      }
  return false;
}

static bool fit_add(FitTable *ft, int origin, int dest, int result) {
  if (ft->count == FIT_MAX) return false;
  ft->origin[ft->count] = (int16_t)origin, ft->dest[ft->count] = (int16_t)dest;
  ft->result[ft->count++] = (uint8_t)result;
  return true;
}

/* The labels of the hop trials: the mover is X (x for Black); a piece of its type, of either
 * side, or of another type (Y) stands on the screen or is taken. */
static void hop_labels(Scene *s, int variant) {
  char own = s->mover[0], other = (char)(isupper((unsigned char)own) ? 'y' : 'Y');
  char own_enemy = (char)(isupper((unsigned char)own) ? 'x' : 'X');
  s->screen_label[0] = variant == 1 ? own : variant == 2 ? own_enemy : (char)toupper((unsigned char)other);
  s->dest_label[0] = variant == 3 ? own_enemy : other;
  s->screen_label[1] = s->dest_label[1] = 0;
}

/* The trials of one mode of the candidate under one labelling; false when one cannot be decided
 * or the table is full.  *differs: an answer differs from base (when given); *any_true. */
static bool fit_trials(Trial *tr, int m, int variant, FitTable *ft, const FitTable *base, bool *differs,
                       bool *any_true) {
  const Cand *c = tr->cand;
  const Geometry *g = tr->scene.geo;
  Scene *s = &tr->scene;
  bool hop = c->kind == ATOM_HOP || c->kind == ATOM_GRASSHOP;
  ft->count = 0;
  for (int sq = 0; sq < g->squares; sq++) {
    if (g->hole[sq]) continue;
    for (int j = 1; j < GEO_MAX_SIDE; j++) {
      int k = hop ? j + 1 : j, last = !hop ? j : c->kind == ATOM_GRASSHOP ? j + 1 : GEO_MAX_SIDE;
      for (; k <= last; k++) {
        if (hop) hop_labels(s, variant);
        int res = hop ? try_hop(tr, sq, j, k, m == 1) : try_move(tr, sq, k, m == 1, -1);
        s->screen_label[0] = s->dest_label[0] = 0;
        if (res == R_OFF) break;
        if (res == R_UNKNOWN) return false;
        int dest = br_offset(s, sq, k * c->dx, k * c->dy);
        if (base && (ft->count >= base->count || base->result[ft->count] != res)) *differs = true;
        *any_true |= res == R_TRUE;
        if (!fit_add(ft, sq, dest, res)) return false;
      }
      if (k == (hop ? j + 1 : j) || c->kind == ATOM_LEAP) break;
    }
  }
  return true;
}

/* A candidate whose answers depend on the squares: zones fitted to them, and for hops whether
 * they refuse every piece of the mover's type, as screen or as prey (janggi's cannon). */
static bool fit_candidate(Trial *tr, int forward, BrCompiled *out) {
  const Cand *c = tr->cand;
  const Geometry *g = tr->scene.geo;
  int color = tr->scene.color;
  bool hop = c->kind == ATOM_HOP || c->kind == ATOM_GRASSHOP;
  static _Thread_local FitTable base, other;
  int zones[2][2], present[2] = {0, 0};
  bool no_same_type = false, decided = false;
  for (int m = 0; m < 2; m++) {
    bool differs = false, any_true = false;
    if (!fit_trials(tr, m, 0, &base, NULL, &differs, &any_true)) return false;
    if (!any_true) continue;
    if (hop) {
      /* Pieces of the mover's type on the screen (either side), or taken. */
      bool same_differs = false, same_true = false;
      for (int variant = 1; variant <= (m == 1 ? 3 : 2); variant++)
        if (!fit_trials(tr, m, variant, &other, &base, &same_differs, &same_true)) return false;
      if (same_differs && same_true) return false;               /* depends on them as the engine cannot say */
      if (decided && no_same_type != same_differs) return false; /* the same in both modes */
      decided = true, no_same_type = same_differs;
    }
    if (!fit_zones(g, color, &base, &zones[m][0], &zones[m][1])) return false;
    present[m] = 1;
  }
  if (!present[0] && !present[1]) return true;
  for (int m = 0; m < 2; m++) {
    if (!present[m]) continue;
    int mode = m == 0 ? MODE_MOVE : MODE_CAPTURE;
    if (m == 0 && present[1] && zones[1][0] == zones[0][0] && zones[1][1] == zones[0][1])
      mode = MODE_BOTH, present[1] = 0;
    Atom a;
    memset(&a, 0, sizeof a);
    a.kind = c->kind, a.dx = (int8_t)c->dx, a.dy = (int8_t)(c->dy * forward), a.mode = (uint8_t)mode;
    a.lame = c->lame, a.no_same_type = no_same_type;
    a.from_zone = (int8_t)zones[m][0], a.to_zone = (int8_t)zones[m][1];
    char ignored[64];
    if (!push_atom(out, a, ~0u, ignored, sizeof ignored)) return false;
  }
  return true;
}

bool br_compile_def(const Rules *r, const char *body, int color, BrCompiled *out, char *reason, int reasonlen) {
  return br_compile_def_with(r, body, color, NULL, NULL, out, reason, reasonlen);
}

bool br_compile_def_with(const Rules *r, const char *body, int color, BrDefLookup lookup, void *lookup_ctx,
                         BrCompiled *out, char *reason, int reasonlen) {
  memset(out, 0, sizeof *out);
  static _Thread_local Tokens tk;
  static _Thread_local Tree tree;
  if (!br_tokenize(body, &tk, reason, reasonlen)) return false;
  if (!tk.count) {
    snprintf(reason, reasonlen, "empty def");
    return false;
  }
  tree.count = 0;
  tree.lookup = lookup, tree.lookup_ctx = lookup_ctx, tree.inline_depth = 0;
  tree.root = br_parse_tree(&tree, &tk, reason, reasonlen);
  if (tree.root < 0) return false;
  static _Thread_local Cand cands[CAND_MAX];
  int ncand = 0;
  if (!collect(&tree, tree.root, cands, &ncand, reason, reasonlen)) return false;
  if (!ncand) {
    snprintf(reason, reasonlen, "no move primitive (checkleap, checkride ...) in the def");
    return false;
  }
  const Geometry *g = &r->geo;
  Trial tr = {.tree = &tree};
  tr.scene.geo = g;
  tr.scene.color = color;
  snprintf(tr.scene.mover, sizeof tr.scene.mover, "%c", color == WHITE ? 'X' : 'x');
  int forward = color == WHITE ? 1 : -1;
  /* Rides first, so that leaps they already cover can be recognised. */
  for (int pass = 0; pass < 2; pass++)
    for (int ci = 0; ci < ncand; ci++) {
      Cand *c = &cands[ci];
      if (c->kind == ATOM_HOP || c->kind == ATOM_GRASSHOP) {
        tr.cand = c;
        if (pass == 1 && !compile_hop(&tr, forward, out, reason, reasonlen) && !fit_candidate(&tr, forward, out))
          return false;
        continue;
      }
      if ((pass == 0) != (c->kind == ATOM_RIDE)) continue;
      if (c->lame && !lame_matches_engine(c)) {
        snprintf(reason, reasonlen, "lame leap (%d,%d) through (%d,%d) has a leg the engine does not model", c->dx,
                 c->dy, c->px, c->py);
        return false;
      }
      tr.cand = c;
      uint32_t ranks[2] = {0, 0};
      int range[2] = {0, 0};
      int to_zone[2] = {NO_ZONE, NO_ZONE};
      bool present[2] = {false, false};
      for (int m = 0; m < 2; m++) {
        static _Thread_local uint8_t first[GEO_MAX_SQUARES];
        int limited = 0;         /* the reach of rides that stop before the edge, or 0 */
        int longest_to_edge = 0; /* the longest reach of rides that go to the edge */
        for (int sq = 0; sq < g->squares; sq++) {
          first[sq] = R_OFF;
          if (g->hole[sq]) continue;
          int res = try_move(&tr, sq, 1, m == 1, -1);
          if (res == R_UNKNOWN) {
            describe(g, c, sq, m == 1, reason, reasonlen,
                     tr.scene.unknown_var ? "depends on a variable" : "cannot decide");
            goto fit;
          }
          first[sq] = (uint8_t)res;
          if (c->kind != ATOM_RIDE || res != R_TRUE) continue;
          /* The ride's reach from this origin: true up to some k, then false. */
          int k = 2, last_true = 1;
          for (;; k++) {
            int rk = try_move(&tr, sq, k, m == 1, -1);
            if (rk == R_OFF) break;
            if (rk == R_UNKNOWN) {
              describe(g, c, sq, m == 1, reason, reasonlen, "cannot decide a longer step");
              goto fit;
            }
            if (rk == R_TRUE) {
              if (last_true != k - 1) {
                describe(g, c, sq, m == 1, reason, reasonlen, "gaps in the reach");
                goto fit;
              }
              last_true = k;
            }
          }
          if (last_true == k - 1) {
            if (last_true > longest_to_edge) longest_to_edge = last_true;
          } else if (limited && limited != last_true) {
            describe(g, c, sq, m == 1, reason, reasonlen, "reach differs by origin");
            goto fit;
          } else {
            limited = last_true;
          }
        }
        if (limited && longest_to_edge > limited) {
          describe(g, c, 0, m == 1, reason, reasonlen, "reach differs by origin");
          goto fit;
        }
        int common_range = limited;
        uint32_t rk;
        if (!rank_set(g, first, &rk)) {
          /* Not a matter of the origin's rank: perhaps of where the leap lands. */
          int z = c->kind == ATOM_LEAP ? destination_zone(g, &tr.scene, first, c->dx, c->dy, color) : -1;
          if (z < 0) {
            describe(g, c, 0, m == 1, reason, reasonlen, "origins are not whole ranks");
            goto fit;
          }
          to_zone[m] = z;
          rk = 0;
          for (int sq = 0; sq < g->squares; sq++)
            if (!g->hole[sq]) rk |= 1u << geo_rank(g, sq);
        }
        if (!rk) continue;
        present[m] = true;
        ranks[m] = rk;
        range[m] = common_range > 0 ? common_range : 0;
      }
      uint32_t all = 0;
      for (int sq = 0; sq < g->squares; sq++)
        if (!g->hole[sq]) all |= 1u << geo_rank(g, sq);
      for (int m = 0; m < 2; m++) {
        if (!present[m]) continue;
        int mode = m == 0 ? MODE_MOVE : MODE_CAPTURE;
        bool both = m == 0 && present[1] && ranks[1] == ranks[0] && range[1] == range[0] && to_zone[1] == to_zone[0];
        if (both) mode = MODE_BOTH, present[1] = false;
        /* Ranks from which the move cannot land count as allowed: the atom needs no zone. */
        uint32_t from = ranks[m];
        Atom a = {.kind = c->kind,
                  .dx = (int8_t)c->dx,
                  .dy = (int8_t)(c->dy * forward),
                  .range = (uint8_t)range[m],
                  .mode = (uint8_t)mode,
                  .lame = c->lame,
                  .from_zone = NO_ZONE,
                  .to_zone = (int8_t)to_zone[m]};
        uint32_t white_ranks = 0;
        for (int rk = 0; rk < g->height; rk++)
          if (from >> rk & 1) white_ranks |= 1u << (color == WHITE ? rk : g->height - 1 - rk);
        uint32_t white_all = 0;
        for (int rk = 0; rk < g->height; rk++)
          if (all >> rk & 1) white_all |= 1u << (color == WHITE ? rk : g->height - 1 - rk);
        /* Does the set exclude a rank the move could start from?  Only then is it a zone. */
        uint32_t possible = 0;
        for (int sq = 0; sq < g->squares; sq++) {
          if (g->hole[sq]) continue;
          int d = br_offset(&tr.scene, sq, c->dx, c->dy);
          if (br_on_board(&tr.scene, d)) {
            int rk = geo_rank(g, sq);
            possible |= 1u << (color == WHITE ? rk : g->height - 1 - rk);
          }
        }
        /* Ranks the move could never start from are added, so equal rules share one zone. */
        uint32_t zone_ranks = white_ranks;
        if ((white_ranks & possible) == possible) {
          zone_ranks = white_all;
        } else {
          uint32_t wider = white_ranks | (white_all & ~possible);
          uint32_t low = wider & -wider;
          if (((wider + low) & wider) == 0) zone_ranks = wider; /* still one run of ranks */
        }
        if (c->kind == ATOM_LEAP && to_zone[m] == NO_ZONE && covered_by_ride(out, c, forward, mode, zone_ranks))
          continue;
        if (!push_atom(out, a, zone_ranks == white_all ? ~0u : zone_ranks, reason, reasonlen)) return false;
      }
      continue;
    fit:
      /* Not a matter of ranks: perhaps of squares (the palace lines). */
      if (!fit_candidate(&tr, forward, out)) return false;
    }
  /* En passant: moves to an empty square that become legal when `ep` names a square behind
   * the destination (the piece that made a multi-step move; seed 000 `set ep #to`).  Where
   * it is tried and refused on some ranks (Horde: not onto White's second rank), those
   * ranks make a zone. */
  uint32_t ep_tried = 0, ep_ok = 0;
  for (int ci = 0; ci < ncand; ci++) {
    const Cand *c = &cands[ci];
    if (c->kind != ATOM_LEAP || c->lame) continue;
    tr.cand = c;
    for (int sq = 0; sq < g->squares; sq++) {
      if (g->hole[sq]) continue;
      int dest = br_offset(&tr.scene, sq, c->dx, c->dy);
      if (!br_on_board(&tr.scene, dest)) continue;
      /* The pawn taken stands behind the passed square: straight behind it after a straight
       * double step, diagonally after a Berolina pawn's diagonal one. */
      for (int vx = -1; vx <= 1; vx++) {
        int victim = br_offset(&tr.scene, dest, vx, -forward);
        if (!br_on_board(&tr.scene, victim) || victim == sq) continue;
        int plain = try_move(&tr, sq, 1, false, -1);
        if (plain == R_TRUE) continue;
        int rank = geo_rank(g, dest), white_rank = 1 << (color == WHITE ? rank : g->height - 1 - rank);
        ep_tried |= white_rank;
        int with_ep = try_move(&tr, sq, 1, false, victim);
        if (with_ep != R_TRUE) continue;
        ep_ok |= white_rank;
        if (try_move(&tr, sq, 1, true, -1) != R_TRUE) {
          describe(g, c, sq, false, reason, reasonlen, "en passant on a move that is not a capture");
          return false;
        }
        out->ep_capture = true;
      }
    }
  }
  out->ep_ranks = ~0u;
  if (out->ep_capture && ep_ok != ep_tried) {
    /* Ranks it was never tried onto count as allowed, if the set stays one run of ranks. */
    uint32_t all = g->height >= 32 ? ~0u : (1u << g->height) - 1, wider = ep_ok | (all & ~ep_tried);
    uint32_t low = wider & -wider;
    out->ep_ranks = ((wider + low) & wider) == 0 ? wider : ep_ok;
  }
  if (!out->count) {
    snprintf(reason, reasonlen, "the def allows no move on an empty board");
    return false;
  }
  return true;
}
