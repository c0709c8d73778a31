/* Move generation, attack tests, legality and perft for one bitboard width.  Included by
 * movegen_w1.c, movegen_w2.c and movegen_w4.c with BBW set, each of which exports its table
 * W(gen) (movegen.h); rules_finalize picks the table for the board.  Nothing here names a
 * piece: all movement comes from the rule tables. */
#include "board/bb_tmpl.h"
#include "rules/movegen.h"
#include "rules/make_inline.h"
#include "rules/tables.h"

#if BBW == 1 && defined(__BMI2__)
#include <immintrin.h>
/* Targets of a slider group (tables.h) from sq. */
static inline BB group_targets(const RuleTables *tb, int group, int sq, BB occ) {
  BB b = {{tb->group_attacks[group][tb->group_offset[group][sq] + _pext_u64(occ.w[0], tb->group_mask[group][sq])]}};
  return b;
}
bool gen_has_pext(void) { return true; }
#else
static inline BB group_targets(const RuleTables *tb, int group, int sq, BB occ) {
  (void)tb, (void)group, (void)sq, (void)occ;
  return bb_zero(); /* never called: tables.c builds no groups without PEXT */
}
#if BBW == 1
bool gen_has_pext(void) { return false; }
#endif
#endif

static inline BB tb_bb(const uint64_t *base, int index) { return bb_load(base + (size_t)index * BBW); }
static inline BB pieces(const Position *p, int c, int t) { return bb_load(p->by_piece[c][t]); }
static inline BB color_bb(const Position *p, int c) { return bb_load(p->by_color[c]); }

/* First piece met along direction d from sq, or -1. */
static inline int first_blocker(const RuleTables *tb, int d, BB blockers) {
  return tb->dir_increasing[d] ? bb_lsb(blockers) : bb_msb(blockers);
}

/* Squares a rider on sq reaches along d, up to and including the first piece. */
static inline BB ride_targets(const RuleTables *tb, int d, int sq, BB occ) {
  int n = tb->squares;
  BB ray = tb_bb(tb->ray, d * n + sq), blockers = bb_and(ray, occ);
  if (!bb_any(blockers)) return ray;
  return bb_xor(ray, tb_bb(tb->ray, d * n + first_blocker(tb, d, blockers)));
}

/* Targets of one ride, hop or grasshopper entry from sq, before its destination zone: *quiet (empty squares it may move to)
 * and *reach (occupied squares it could capture on, whatever their colour). */
static inline __attribute__((always_inline)) void
ride_entry_targets(const Position *p, const RuleTables *tb, const RideEntry *e, int sq, BB occ, BB *quiet, BB *reach) {
  int n = tb->squares, d = e->dir;
  BB targets;
  if (e->kind == ATOM_RIDE) {
    targets = ride_targets(tb, d, sq, occ);
  } else {
    BB ray = tb_bb(tb->ray, d * n + sq), screens = bb_and(ray, occ);
    if (!bb_any(screens)) {
      *quiet = *reach = bb_zero();
      return;
    }
    int screen = first_blocker(tb, d, screens);
    int mover_type = piece_type(p->board[sq]);
    if (e->no_same_type && piece_type(p->board[screen]) == mover_type) {
      *quiet = *reach = bb_zero(); /* janggi: a cannon never leaps a cannon */
      return;
    }
    if (e->kind == ATOM_HOP) {
      targets = ride_targets(tb, d, screen, occ);
      if (e->no_same_type) { /* ... nor takes one */
        BB hit = bb_and(targets, occ);
        if (bb_any(hit) && piece_type(p->board[bb_lsb(hit)]) == mover_type) targets = bb_andnot(targets, hit);
      }
    } else { /* grasshopper: the square just beyond the hurdle */
      BB beyond = tb_bb(tb->ray, d * n + screen);
      if (!bb_any(beyond)) {
        *quiet = *reach = bb_zero();
        return;
      }
      targets = bb_square(first_blocker(tb, d, beyond));
    }
  }
  if (e->limit >= 0) targets = bb_and(targets, tb_bb(tb->limit, e->limit * n + sq));
  *quiet = bb_andnot(targets, occ);
  *reach = bb_and(targets, occ);
}

static inline BB zone_of(const RuleTables *tb, int zone, int color) { return tb_bb(tb->zone, zone * 2 + color); }

static inline __attribute__((always_inline)) void entry_targets(const Position *p, const RuleTables *tb,
                                                                const RideEntry *e, int color, int sq, BB occ,
                                                                BB *quiet, BB *reach) {
  ride_entry_targets(p, tb, e, sq, occ, quiet, reach);
  if (e->to_zone >= 0) {
    BB z = zone_of(tb, e->to_zone, color);
    *quiet = bb_and(*quiet, z);
    *reach = bb_and(*reach, z);
  }
}

/* Does the restricted ride or hop e of colour `by` (tables.h) attack sq, where a piece of type
 * target stands (or -1), looking back from sq along its line, where `first` and `second` are
 * the first two pieces met (or -1)?  The attacker must stand in its zone, sq in its destination
 * zone and range, and a hop that never meets its own type may neither leap one nor take one
 * (janggi's cannon). */
static inline bool restricted_attack(const Position *p, const RuleTables *tb, const LineEntry *e, int by, int sq,
                                     int target, int first, int second, BB gone) {
  int from = e->kind == ATOM_HOP ? second : first;
  if (from < 0) return false;
  BB attackers = bb_zero();
  for (uint32_t types = e->types; types; types &= types - 1)
    attackers = bb_or(attackers, pieces(p, by, __builtin_ctz(types)));
  if (!bb_test(bb_andnot(attackers, gone), from)) return false;
  if (e->to_zone >= 0 && !bb_test(zone_of(tb, e->to_zone, by), sq)) return false;
  if (e->from_zone >= 0 && !bb_test(zone_of(tb, e->from_zone, by), from)) return false;
  if (e->limit >= 0 && !bb_test(tb_bb(tb->limit, e->limit * tb->squares + from), sq)) return false;
  if (e->no_same_type) {
    int mover = piece_type(p->board[from]);
    if (piece_type(p->board[first]) == mover || target == mover) return false;
  }
  return true;
}

/* The riders and hoppers of colour `by`, which stand on the line they attack along. */
static inline BB line_movers(const Position *p, int by) {
  BB movers = bb_zero();
  for (uint32_t types = p->rules->tables->line_types[by]; types; types &= types - 1)
    movers = bb_or(movers, pieces(p, by, __builtin_ctz(types)));
  return movers;
}

/* attacked(), given line_movers(p, by), which a caller asking about several squares finds once. */
static inline __attribute__((always_inline)) bool attacked_given(const Position *p, int sq, int by, BB occ, BB gone,
                                                                 int target, BB movers) {
  const Rules *r = p->rules;
  const RuleTables *tb = r->tables;
  int n = tb->squares;
  /* Each kind of attacker is looked for only where one of its pieces may stand. */
  if (bb_any(bb_and(tb_bb(tb->attack_from_any_leap, by * n + sq), color_bb(p, by))))
    for (uint32_t types = tb->leap_attackers[by]; types; types &= types - 1) {
      int t = __builtin_ctz(types);
      BB from = bb_and(tb_bb(tb->attack_from_leap, (t * 2 + by) * n + sq), pieces(p, by, t));
      if (bb_any(bb_andnot(from, gone))) return true;
    }
  if (tb->slider_groups)
    for (int grp = 0; grp < 2; grp++) {
      uint32_t types = tb->group_types[by][grp];
      if (!types) continue;
      BB attackers = bb_zero();
      for (; types; types &= types - 1) attackers = bb_or(attackers, pieces(p, by, __builtin_ctz(types)));
      if (bb_any(bb_andnot(bb_and(attackers, group_targets(tb, grp, sq, occ)), gone))) return true;
    }
  if (tb->line_backs[by]) {
    /* The lines from sq to the movers on them, of those that attack along some line. */
    BB aligned = bb_andnot(movers, gone);
    uint64_t backs = 0;
    while (bb_any(aligned)) backs |= tb->lines_toward[sq * n + bb_pop(&aligned)];
    for (backs &= tb->line_backs[by]; backs; backs &= backs - 1) {
      int back = __builtin_ctzll(backs), d = tb->dir_reverse[back];
      BB ray = tb_bb(tb->ray, back * n + sq), blockers = bb_and(ray, occ);
      if (!bb_any(blockers)) continue;
      int first = first_blocker(tb, back, blockers), second = -1;
      uint32_t riders = tb->rider_rest[by][d], hoppers = tb->hopper_types[by][d];
      if (riders) {
        BB attackers = bb_zero();
        for (; riders; riders &= riders - 1) attackers = bb_or(attackers, pieces(p, by, __builtin_ctz(riders)));
        if (bb_test(bb_andnot(attackers, gone), first)) return true;
      }
      if (tb->line_hoppers[by][d]) {
        BB beyond = bb_and(tb_bb(tb->ray, back * n + first), occ);
        if (bb_any(beyond)) second = first_blocker(tb, back, beyond);
      }
      if (hoppers && second >= 0) {
        BB attackers = bb_zero();
        for (; hoppers; hoppers &= hoppers - 1) attackers = bb_or(attackers, pieces(p, by, __builtin_ctz(hoppers)));
        if (bb_test(bb_andnot(attackers, gone), second)) return true;
      }
      for (int e = 0; e < tb->restricted_count[by][d]; e++)
        if (restricted_attack(p, tb, &tb->restricted[by][d][e], by, sq, target, first, second, gone)) return true;
    }
  }
  for (uint32_t types = tb->lame_attackers[by]; types; types &= types - 1) {
    int t = __builtin_ctz(types), list = (t * 2 + by) * n + sq;
    BB mine = bb_andnot(pieces(p, by, t), gone);
    if (!bb_any(bb_and(tb_bb(tb->attack_from_lame, list), mine))) continue;
    for (int i = tb->lame_inverse_first[list]; i < tb->lame_inverse_first[list + 1]; i++) {
      const LameEntry *e = &tb->lame_inverse[i];
      if (bb_test(mine, e->square) && !bb_any(bb_and(tb_bb(tb->legs, e->leg), occ))) return true;
    }
  }
  for (uint32_t types = tb->special_types[by]; types; types &= types - 1) {
    int t = __builtin_ctz(types);
    BB mine = bb_andnot(pieces(p, by, t), gone);
    while (bb_any(mine)) {
      int from = bb_pop(&mine);
      for (int i = 0; i < tb->ride_count[t][by]; i++) {
        const RideEntry *e = &tb->rides[t][by][i];
        if (!(e->mode & MODE_CAPTURE)) continue;
        if (e->from_zone >= 0 && !bb_test(zone_of(tb, e->from_zone, by), from)) continue;
        BB quiet, reach;
        entry_targets(p, tb, e, by, from, occ, &quiet, &reach);
        /* an empty square it could land on is attacked too (a square a castling King crosses) */
        if (bb_test(bb_or(quiet, reach), sq)) return true;
      }
    }
  }
  return false;
}

/* Does any piece of colour `by` attack sq, with the board's occupancy `occ` and the pieces on
 * `gone` removed (a piece just captured)?  target is the type of the piece attacked on sq, or
 * -1: a hopper that never takes its own type (janggi) does not attack its own type. */
static bool attacked(const Position *p, int sq, int by, BB occ, BB gone, int target) {
  return attacked_given(p, sq, by, occ, gone, target, line_movers(p, by));
}

static inline BB occupied(const Position *p) { return bb_or(color_bb(p, 0), color_bb(p, 1)); }

static inline BB royals_of(const Position *p, int c) {
  BB royals = bb_zero();
  for (uint32_t types = p->rules->royal_types; types; types &= types - 1)
    royals = bb_or(royals, pieces(p, c, __builtin_ctz(types)));
  return royals;
}

/* True when no royal piece of colour c is attacked. */
static bool royals_safe(const Position *p, int c) {
  if (!p->rules->royal_type_count) return true;
  BB royals = royals_of(p, c), occ = occupied(p);
  if (p->rules->royal_heirs && bb_more_than_one(royals)) return true;
  while (bb_any(royals)) {
    int sq = bb_pop(&royals);
    if (attacked(p, sq, c ^ 1, occ, bb_zero(), piece_type(p->board[sq]))) return false;
  }
  return true;
}

static bool in_check(const Position *p) { return !royals_safe(p, p->side); }

static inline void bb_or_into(uint64_t *words, BB b) {
  for (int i = 0; i < BBW; i++) words[i] |= b.w[i];
}

/* Fills q for the side to move (QuietChecks, position.h), where its pieces attack by leaps,
 * slides and rides alone (no hop, no lame or restricted move) and the opponent has one royal
 * piece, not attacked now.  A rider that comes to a square on the royal's line attacks it through
 * the square it left only if it attacked it from there already, which the position rules out:
 * so `direct` needs the board as it stands, and a move can uncover a check only from the first
 * square taken on a line from the royal. */
static bool prepare_quiet_checks(const Position *p, QuietChecks *q) {
  const RuleTables *tb = p->rules->tables;
  int us = p->side, them = us ^ 1, n = tb->squares;
  if (tb->lame_attackers[us] || tb->special_types[us]) return false;
  for (uint64_t backs = tb->line_backs[us]; backs; backs &= backs - 1) {
    int d = tb->dir_reverse[__builtin_ctzll(backs)];
    if (tb->hopper_types[us][d] || tb->restricted_count[us][d]) return false;
  }
  BB royals = royals_of(p, them), occ = occupied(p), mine = color_bb(p, us);
  if (bb_count(royals) != 1) return false;
  int k = bb_lsb(royals);
  if (attacked(p, k, us, occ, bb_zero(), piece_type(p->board[k]))) return false;
  q->royal = k;
  memset(q->direct, 0, sizeof q->direct[0] * (size_t)p->rules->type_count);
  BB discoverers = bb_zero();
  for (uint32_t types = tb->leap_attackers[us]; types; types &= types - 1) {
    int t = __builtin_ctz(types);
    bb_or_into(q->direct[t], tb_bb(tb->attack_from_leap, (t * 2 + us) * n + k));
  }
  for (int grp = 0; grp < 2 && tb->slider_groups; grp++) {
    if (!tb->group_types[us][grp]) continue;
    BB line = group_targets(tb, grp, k, occ);
    for (uint32_t types = tb->group_types[us][grp]; types; types &= types - 1)
      bb_or_into(q->direct[__builtin_ctz(types)], line);
    discoverers = bb_or(discoverers, bb_and(line, mine));
  }
  for (uint64_t backs = tb->line_backs[us]; backs; backs &= backs - 1) {
    int back = __builtin_ctzll(backs);
    BB line = ride_targets(tb, back, k, occ);
    for (uint32_t types = tb->rider_rest[us][tb->dir_reverse[back]]; types; types &= types - 1)
      bb_or_into(q->direct[__builtin_ctz(types)], line);
    discoverers = bb_or(discoverers, bb_and(line, mine));
  }
  for (int i = 0; i < BBW; i++) q->discoverers[i] = discoverers.w[i];
  return true;
}

static int quiet_move_checks(const Position *p, QuietChecks *q, Move m) {
  if (!q->ready) q->ready = prepare_quiet_checks(p, q) ? 1 : -1;
  if (q->ready < 0) return -1;
  int to = move_to(m), from = move_from(m);
  bool drop = move_kind(m) == MOVE_DROP;
  int t = drop ? (int)move_arg(m) : piece_type(p->board[from]);
  if (bb_test(bb_load(q->direct[t]), to)) return 1;
  if (drop || !bb_test(bb_load(q->discoverers), from)) return 0;
  /* The piece stood first on a line from the royal: is anything of the mover's but itself
   * attacking it once it stands on its new square? */
  BB occ = bb_or(bb_andnot(occupied(p), bb_square(from)), bb_square(to));
  int k = q->royal;
  return attacked(p, k, p->side, occ, bb_square(from), piece_type(p->board[k]));
}

static bool square_attacked(const Position *p, int sq, int by, uint32_t types) {
  BB gone = bb_zero(); /* the pieces of other types block but do not attack */
  for (uint32_t others = ~types & ((1u << p->rules->type_count) - 1); others; others &= others - 1)
    gone = bb_or(gone, pieces(p, by, __builtin_ctz(others)));
  return attacked(p, sq, by, occupied(p), gone, p->board[sq] ? piece_type(p->board[sq]) : -1);
}

static inline void push(MoveList *list, Move m) { list->moves[list->count++] = m; }

/* Which moves generate() keeps (movegen.h): all, the noisy ones, the quiet ones, those that
 * may answer a check by a single piece, or the noisy ones onto one square. */
typedef enum { GEN_ALL, GEN_NOISY, GEN_QUIET, GEN_EVASIONS, GEN_NOISY_ONTO } GenKind;

typedef struct GenFilter {
  GenKind kind;
  int royal;  /* GEN_EVASIONS: the square of the royal in check, whose moves are all kept */
  BB answers; /* GEN_EVASIONS: where the other moves must go (the checker, the squares between);
               * GEN_NOISY_ONTO: the one square */
  BB skip;    /* pieces whose moves are counted elsewhere (count_legal's steps) */
} GenFilter;

static inline bool noisy_kind(GenKind kind) { return kind == GEN_NOISY || kind == GEN_NOISY_ONTO; }

static const GenFilter ALL_MOVES = {.kind = GEN_ALL, .royal = -1};
static const GenFilter NOISY_MOVES = {.kind = GEN_NOISY, .royal = -1};
static const GenFilter QUIET_MOVES = {.kind = GEN_QUIET, .royal = -1};

/* The promotions of a move to `to`, and the move without promotion where that is allowed: a
 * promotion is always noisy, the plain move only when it captures. */
static void add_promotions(const Position *p, MoveList *list, int t, int from, int to, GenKind kind) {
  const Rules *r = p->rules;
  const PieceType *pt = &r->types[t];
  int us = p->side;
  bool capture = p->board[to] != SQ_EMPTY;
  for (int i = 0; i < pt->promo_count && kind != GEN_QUIET; i++) {
    int choice = pt->promo_choices[i];
    if (pt->promo_denied[us] >> choice & 1) continue;
    if (pt->promo_only_captured && bb_count(pieces(p, us, choice)) >= r->initial_count[choice]) continue;
    push(list, move_make(from, to, MOVE_PROMOTION, choice));
  }
  if (!pt->promo_mandatory && !bits_test(&r->stuck[t][us], to) &&
      (noisy_kind(kind)    ? capture
       : kind == GEN_QUIET ? !capture
                           : true))
    push(list, move_make(from, to, MOVE_NORMAL, 0));
}

/* The first moves (Rules.first_moves) whose right the side to move holds: onto an empty square,
 * the royal piece's not in check.  In check, only the ones that may answer it are kept. */
static void add_first_moves(const Position *p, MoveList *list, const GenFilter *f) {
  const Rules *r = p->rules;
  int us = p->side, checked = -1; /* found once, when a royal first move needs it */
  for (int i = 0; i < r->first_move_count; i++) {
    const FirstMove *fm = &r->first_moves[i];
    if (fm->color != us || !(p->castle_rights >> fm->right & 1) || p->board[fm->to] != SQ_EMPTY ||
        p->board[fm->from] != piece_code(us, fm->type))
      continue;
    if (r->types[fm->type].royal) {
      if (f->kind == GEN_EVASIONS) continue;
      if (checked < 0) checked = in_check(p);
      if (checked) continue;
    } else if (f->kind == GEN_EVASIONS && !bb_test(f->answers, fm->to)) {
      continue;
    }
    push(list, move_make(fm->from, fm->to, MOVE_NORMAL, 0));
  }
}

static void add_castlings(Position *p, MoveList *list, BB occ) {
  const Rules *r = p->rules;
  const RuleTables *tb = r->tables;
  int us = p->side;
  /* Attacks by oracle pieces are not known here: the oracle then judges the castling. */
  bool referee_decides = r->oracle && pos_has_oracle_pieces(p, us ^ 1);
  int in_check = -1; /* not yet known: asked only of a castling whose squares are clear */
  for (uint32_t rights = p->castle_rights & r->color_rights[us]; rights; rights &= rights - 1)
    for (int n = 0, bit = __builtin_ctz(rights); n < r->right_castling_count[bit]; n++) {
      int i = r->right_castlings[bit][n];
      const Castling *c = &r->castlings[i];
      /* Every square between the outermost of the four must be empty but for the two movers:
       * the test that fails most often, first. */
      if (!tb->castle_on_rank[i] || bb_any(bb_and(occ, tb_bb(tb->castle_path, i)))) continue;
      if (!p->board[c->king_from] || !p->board[c->partner_from]) continue;
      if (piece_color(p->board[c->king_from]) != us || piece_color(p->board[c->partner_from]) != us) continue;
      if ((c->king_type >= 0 && piece_type(p->board[c->king_from]) != c->king_type) ||
          (c->partner_type >= 0 && piece_type(p->board[c->partner_from]) != c->partner_type))
        continue;
      BB movers = bb_or(bb_square(c->king_from), bb_square(c->partner_from));
      if (r->types[piece_type(p->board[c->king_from])].royal) {
        if (in_check < 0) in_check = !referee_decides && !royals_safe(p, us);
        if (in_check) continue;
      }
      /* A royal king may not pass through or land on an attacked square; a castling piece that
       * is not royal (extinction chess) may castle through attacks, as there is no check. */
      if (referee_decides || !r->types[piece_type(p->board[c->king_from])].royal) {
        push(list, move_make(c->king_from, c->king_to, MOVE_CASTLING, i));
        continue;
      }
      /* The squares the king crosses are tested on the board as it is, the one it lands on as
       * it will be: the partner may have shielded it, and a king that stays (Chess960: King c1,
       * Rook b1, a Rook on a1 behind them) is tested there too. */
      BB after = bb_or(bb_andnot(occ, movers), bb_or(bb_square(c->king_to), bb_square(c->partner_to)));
      int step = c->king_to > c->king_from ? 1 : -1;
      int king = piece_type(p->board[c->king_from]);
      bool safe = true;
      for (int sq = c->king_from; safe; sq += step) {
        if (sq == c->king_to) {
          safe = !attacked(p, sq, us ^ 1, after, bb_zero(), king);
          break;
        }
        if (sq != c->king_from) safe = !attacked(p, sq, us ^ 1, occ, bb_zero(), king);
      }
      if (safe) push(list, move_make(c->king_from, c->king_to, MOVE_CASTLING, i));
    }
}

/* Plain moves of one piece (from >= 0) or drops of one type (drop_type >= 0), as a set of
 * targets: perft counts them with a popcount, and only the moves that may expose a royal are
 * made and tested one by one. */
typedef struct TargetSet {
  int16_t from;
  int16_t drop_type;
  BB targets;
} TargetSet;

enum { MAX_TARGET_SETS = GEO_MAX_SQUARES + MAX_TYPES };
typedef struct TargetList {
  int count;
  TargetSet sets[MAX_TARGET_SETS];
} TargetList;

static inline void add_set(TargetList *tl, int from, int drop_type, BB targets) {
  if (!bb_any(targets)) return;
  TargetSet *s = &tl->sets[tl->count++];
  s->from = (int16_t)from;
  s->drop_type = (int16_t)drop_type;
  s->targets = targets;
}

/* Pseudo-legal moves, before royal safety is tested, of the kind f asks for: plain moves and
 * drops into tl, the rest (promotions, en passant, castling, pass) into list.  Noisy moves are
 * those onto enemy pieces, en passant and promotions; drops, castling and passes are quiet.
 * This and its two callers below are inlined wherever f is a constant, so that the tests of
 * f->kind fold away: the legal moves and perft pay nothing for the other kinds (callgrind,
 * perft shogi 4: 4% fewer instructions than with generate_and_guard called). */
static inline __attribute__((always_inline)) void generate(Position *p, TargetList *tl, MoveList *list,
                                                           const GenFilter *f) {
  const Rules *r = p->rules;
  const RuleTables *tb = r->tables;
  int n = tb->squares, us = p->side;
  BB own = color_bb(p, us), enemy = color_bb(p, us ^ 1), occ = bb_or(own, enemy);
  BB empty = bb_andnot(bb_load(tb->board), occ);
  BB ep = bb_load(p->ep);
  bool ep_open = p->ep_victim >= 0;
  BB immune = bb_zero(); /* enemy pieces that the mutually immune types may not take */
  for (uint32_t types = r->mutual_immune; types; types &= types - 1)
    immune = bb_or(immune, pieces(p, us ^ 1, __builtin_ctz(types)));
  list->count = 0;
  tl->count = 0;
  /* The pieces still to generate for, type by type until none is left: perft's last ply
   * counts most of them elsewhere (count_steps) and leaves a few, or none. */
  BB movers = bb_andnot(own, f->skip);
  for (int t = 0; t < r->type_count && bb_any(movers); t++) {
    BB mine = bb_and(pieces(p, us, t), movers);
    if (!bb_any(mine)) continue;
    movers = bb_andnot(movers, mine);
    const PieceType *pt = &r->types[t];
    int list0 = (t * 2 + us) * n;
    bool promotes = pt->promo_count > 0;
    BB promo_zone = promotes ? zone_of(tb, pt->promo_zone, us) : bb_zero();
    while (bb_any(mine)) {
      int from = bb_pop(&mine);
      BB quiet = bb_and(tb_bb(tb->leap_quiet, list0 + from), empty);
      BB capture = bb_and(tb_bb(tb->leap_capture, list0 + from), enemy);
      for (int i = tb->lame_first[list0 + from]; i < tb->lame_first[list0 + from + 1]; i++) {
        const LameEntry *e = &tb->lame[i];
        if (bb_any(bb_and(tb_bb(tb->legs, e->leg), occ))) continue;
        if ((e->mode & MODE_MOVE) && bb_test(empty, e->square)) quiet = bb_or(quiet, bb_square(e->square));
        if ((e->mode & MODE_CAPTURE) && bb_test(enemy, e->square)) capture = bb_or(capture, bb_square(e->square));
      }
      uint8_t groups = tb->group_of[t][us];
      if (groups) {
        BB slides = bb_zero();
        if (groups & GROUP_ORTHOGONAL) slides = group_targets(tb, 0, from, occ);
        if (groups & GROUP_DIAGONAL) slides = bb_or(slides, group_targets(tb, 1, from, occ));
        quiet = bb_or(quiet, bb_and(slides, empty));
        capture = bb_or(capture, bb_and(slides, enemy));
      }
      for (int i = 0; i < tb->gen_ride_count[t][us]; i++) {
        const RideEntry *e = &tb->gen_rides[t][us][i];
        if (e->from_zone >= 0) { /* this and the entries after it start in zones (janggi's palace lines) */
          if (!bb_test(tb_bb(tb->gen_zoned_from, t * 2 + us), from)) break;
          if (!bb_test(zone_of(tb, e->from_zone, us), from)) continue;
        }
        BB q, reach;
        entry_targets(p, tb, e, us, from, occ, &q, &reach);
        if (e->mode & MODE_MOVE) quiet = bb_or(quiet, q);
        if (e->mode & MODE_CAPTURE) capture = bb_or(capture, bb_and(reach, enemy));
      }
      if (pt->any_square) { /* an oracle piece without candidate atoms: the oracle decides */
        if (pt->any_square_empty[us]) quiet = bb_or(quiet, empty);
        for (uint32_t takes = pt->any_square_takes[us] & ((1u << r->type_count) - 1); takes; takes &= takes - 1)
          capture = bb_or(capture, pieces(p, us ^ 1, __builtin_ctz(takes)));
      }
      if (ep_open && pt->ep_capturer && f->kind != GEN_QUIET) {
        BB takes = bb_and(tb_bb(tb->leap_capture, list0 + from), ep);
        if (pt->ep_zone != NO_ZONE) takes = bb_and(takes, zone_of(tb, pt->ep_zone, us));
        if (f->kind == GEN_NOISY_ONTO) takes = bb_and(takes, f->answers);
        while (bb_any(takes)) push(list, move_make(from, bb_pop(&takes), MOVE_EN_PASSANT, 0));
      }
      if (__builtin_expect(r->mutual_immune >> t & 1, 0)) capture = bb_andnot(capture, immune);
      BB targets = bb_or(quiet, capture);
      if ((f->kind == GEN_EVASIONS && from != f->royal) || f->kind == GEN_NOISY_ONTO)
        targets = bb_and(targets, f->answers);
      if (promotes) {
        BB promoting = bb_test(promo_zone, from) && pt->promo_on_leaving ? targets : bb_and(targets, promo_zone);
        targets = bb_andnot(targets, promoting);
        while (bb_any(promoting)) add_promotions(p, list, t, from, bb_pop(&promoting), f->kind);
      }
      if (noisy_kind(f->kind))
        targets = bb_and(targets, enemy);
      else if (f->kind == GEN_QUIET)
        targets = bb_andnot(targets, enemy);
      add_set(tl, from, -1, targets);
    }
  }
  if (noisy_kind(f->kind)) return; /* drops never capture; castling and passes are quiet */
  if (r->drops) {
    for (int t = 0; t < r->type_count; t++) {
      if (!p->hand[us][t]) continue;
      BB targets = bb_and(empty, tb_bb(tb->drop_mask, t * 2 + us));
      int limit = r->types[t].drop_file_limit;
      if (limit) {
        BB same = pieces(p, us, t);
        uint8_t on_file[GEO_MAX_SIDE] = {0};
        while (bb_any(same)) {
          int file = geo_file(&r->geo, bb_pop(&same));
          if (++on_file[file] == limit) targets = bb_andnot(targets, tb_bb(tb->file_mask, file));
        }
      }
      if (f->kind == GEN_EVASIONS) targets = bb_and(targets, f->answers);
      add_set(tl, -1, t, targets);
    }
  }
  if (p->castle_rights & r->color_rights[p->side]) add_castlings(p, list, occ);
  if (p->castle_rights & r->first_rights[p->side]) add_first_moves(p, list, f);
  if (r->pass_allowed) push(list, move_make(0, 0, MOVE_PASS, 0));
}

/* What decides, for the side to move, whether a pseudo-legal move needs the full test. */
typedef struct Guard {
  bool check_all; /* in check, several royals, or drop-mate rules: test every move */
  bool facing;    /* the royals face each other under Rules.bikjang: every move must part them */
  bool no_royals;
  int royal;         /* square of the single royal */
  bool steps_direct; /* its plain moves are judged without making them (royal_steps_legal) */
  BB pinned;         /* own pieces that may be pinned to it */
  BB sensitive;      /* squares whose occupancy may change attacks on it (hoppers, lame legs) */
  BB risky_from;     /* where a piece stands whose every move needs the full test: the royal, pinned, sensitive */
} Guard;

static void make_guard(const Position *p, Guard *g) {
  const Rules *r = p->rules;
  const RuleTables *tb = r->tables;
  int n = tb->squares, us = p->side, them = us ^ 1;
  g->check_all = g->steps_direct = g->facing = false;
  g->royal = -1;
  g->pinned = g->sensitive = g->risky_from = bb_zero();
  BB royals = r->royal_type_count ? royals_of(p, us) : bb_zero();
  g->no_royals = !bb_any(royals);
  if (__builtin_expect(r->no_giving_check, 0)) { /* Racing Kings: every move is tried for the check it gives */
    g->check_all = true;
    g->no_royals = false;
    return;
  }
  if (g->no_royals) return;
  if (bb_more_than_one(royals)) {
    g->check_all = true;
    return;
  }
  int k = g->royal = bb_lsb(royals);
  if (__builtin_expect(r->bikjang, 0) && pos_generals_face(p)) {
    g->check_all = g->facing = true; /* bikjang: every move must part the royals (legal_by_trial) */
    return;
  }
  g->steps_direct = !tb->special_types[them];
  BB occ = occupied(p), own = color_bb(p, us);
  if (attacked(p, k, them, occ, bb_zero(), piece_type(p->board[k]))) {
    g->check_all = true;
    g->steps_direct &= !r->royal_stays_in_check; /* makpong: the royal's moves are tried too */
    return;
  }
  if (tb->special_types[them]) /* their moves are not followed: every line from the royal is sensitive */
    for (int d = 0; d < tb->dir_count; d++) g->sensitive = bb_or(g->sensitive, tb_bb(tb->ray, d * n + k));
  /* Pins and screens need an enemy rider or hopper on the line: the lines toward those. */
  BB movers = bb_zero();
  for (uint32_t types = tb->guard_types[them]; types; types &= types - 1)
    movers = bb_or(movers, pieces(p, them, __builtin_ctz(types)));
  uint64_t backs = 0;
  while (bb_any(movers)) backs |= tb->lines_toward[k * n + bb_pop(&movers)];
  for (backs &= tb->guard_backs[them]; backs; backs &= backs - 1) {
    int back = __builtin_ctzll(backs), d = tb->dir_reverse[back];
    uint32_t riders = tb->line_riders[them][d], hoppers = tb->line_hoppers[them][d];
    BB ray = tb_bb(tb->ray, back * n + k), blockers = bb_and(ray, occ);
    if (!bb_any(blockers)) continue;
    int first = first_blocker(tb, back, blockers);
    BB past_first = tb_bb(tb->ray, back * n + first), beyond = bb_and(past_first, occ);
    int second = bb_any(beyond) ? first_blocker(tb, back, beyond) : -1;
    if (riders && second >= 0 && bb_test(own, first)) {
      /* A lone own piece between the royal and an enemy rider may be pinned. */
      BB attackers = bb_zero();
      for (; riders; riders &= riders - 1) attackers = bb_or(attackers, pieces(p, them, __builtin_ctz(riders)));
      if (bb_test(attackers, second)) g->pinned = bb_or(g->pinned, bb_square(first));
    }
    if (hoppers) {
      /* A hopper attacks over exactly one screen: a piece put between it and the royal, or the
       * removal of one of two screens, opens its line. */
      BB attackers = bb_zero();
      for (; hoppers; hoppers &= hoppers - 1) attackers = bb_or(attackers, pieces(p, them, __builtin_ctz(hoppers)));
      if (bb_test(attackers, first))
        g->sensitive = bb_or(g->sensitive, bb_andnot(ray, bb_or(past_first, bb_square(first))));
      /* A hopper behind one screen that does not check (one of its own type, janggi, or out of
       * its zone or range) may once another piece stands there. */
      if (second >= 0 && bb_test(attackers, second)) g->sensitive = bb_or(g->sensitive, bb_square(first));
      if (second >= 0) {
        BB further = bb_and(tb_bb(tb->ray, back * n + second), occ);
        if (bb_any(further) && bb_test(attackers, first_blocker(tb, back, further)))
          g->sensitive = bb_or(g->sensitive, bb_or(bb_square(first), bb_square(second)));
      }
    }
  }
  for (uint32_t types = tb->lame_attackers[them]; types; types &= types - 1) {
    int t = __builtin_ctz(types), list = (t * 2 + them) * n + k;
    BB theirs = pieces(p, them, t);
    if (!bb_any(bb_and(tb_bb(tb->attack_from_lame, list), theirs))) continue;
    for (int i = tb->lame_inverse_first[list]; i < tb->lame_inverse_first[list + 1]; i++)
      if (bb_test(theirs, tb->lame_inverse[i].square))
        g->sensitive = bb_or(g->sensitive, tb_bb(tb->legs, tb->lame_inverse[i].leg));
  }
  g->risky_from = bb_or(bb_or(g->pinned, g->sensitive), bb_square(k));
}

static void legal_moves(Position *p, MoveList *list);

/* Makpong (Rules.royal_stays_in_check): a royal piece in check moves only to take the one piece
 * that checks it: once that piece is set aside, nothing attacks the royal's square. */
static bool royal_may_leave_check(const Position *p, Move m) {
  int kind = move_kind(m), from = move_from(m), to = move_to(m);
  if (kind != MOVE_NORMAL && kind != MOVE_PROMOTION) return true;
  int royal = piece_type(p->board[from]);
  if (!p->rules->types[royal].royal) return true;
  BB occ = occupied(p);
  if (!attacked(p, from, p->side ^ 1, occ, bb_zero(), royal)) return true;
  return p->board[to] != SQ_EMPTY && !attacked(p, from, p->side ^ 1, occ, bb_square(to), royal);
}

/* Makes the move and looks: exact for every kind of move and rule. */
static bool legal_by_trial(Position *p, const Guard *g, Move m) {
  int us = p->side;
  /* Bikjang: with the royals facing, a pass is legal even in check, any other move must part them. */
  bool facing = g->facing;
  if (facing && move_kind(m) == MOVE_PASS) return true;
  if (__builtin_expect(p->rules->royal_stays_in_check, 0) && !royal_may_leave_check(p, m)) return false;
  pos_do_move(p, m);
  bool ok = royals_safe(p, us) && !(facing && pos_generals_face(p)) &&
            !(p->rules->no_giving_check && !royals_safe(p, p->side));
  if (ok && move_kind(m) == MOVE_DROP && p->rules->types[move_arg(m)].drop_no_mate && p->side != us &&
      !royals_safe(p, p->side)) {
    /* A drop that gives check may not give mate (shogi's uchifuzume). */
    MoveList replies;
    legal_moves(p, &replies);
    ok = replies.count > 0;
  }
  pos_undo_move(p);
  return ok;
}

/* The squares of `to` that the single royal on `from` may move to with a plain move.  Judged
 * without making the moves: is the square attacked once the royal has left `from`, the piece it
 * takes gone?  Exact where every attack is read from the tables (Guard.steps_direct): a special
 * type's moves read the board. */
static BB royal_steps_legal(const Position *p, int from, BB to) {
  int them = p->side ^ 1, royal = piece_type(p->board[from]);
  BB occ = bb_andnot(occupied(p), bb_square(from)), enemy = color_bb(p, them), movers = line_movers(p, them);
  BB legal = bb_zero();
  while (bb_any(to)) {
    int sq = bb_pop(&to);
    BB square = bb_square(sq);
    if (!attacked_given(p, sq, them, bb_or(occ, square), bb_and(square, enemy), royal, movers))
      legal = bb_or(legal, square);
  }
  return legal;
}

static inline bool needs_trial(const Position *p, const Guard *g, Move m) {
  int kind = move_kind(m), from = move_from(m), to = move_to(m);
  /* A pass leaves the board as it is: safe unless in check (or with several royals). */
  if (kind == MOVE_CASTLING || kind == MOVE_PASS) return kind == MOVE_PASS && g->check_all;
  if (g->no_royals) return false;
  if (g->check_all || kind == MOVE_EN_PASSANT) return true;
  if (kind == MOVE_DROP) return p->rules->types[move_arg(m)].drop_no_mate || bb_test(g->sensitive, to);
  if (from == g->royal) return true;
  return bb_test(g->pinned, from) || bb_test(g->sensitive, from) || bb_test(g->sensitive, to);
}

/* A side that has lost the pieces of a type that counts (extinction chess). */
static bool extinct(const Position *p, int c) { return pos_extinct(p, c); }

/* Drop squares from which a piece of type t would attack an enemy royal: where a drop that
 * may not mate (shogi pawn) has to be tried. */
static BB checking_drops(const Position *p, int t) {
  const RuleTables *tb = p->rules->tables;
  int us = p->side;
  if (tb->ride_count[t][us] || tb->lame_attackers[us] >> t & 1) return bb_load(tb->board);
  BB squares = bb_zero(), royals = royals_of(p, us ^ 1);
  while (bb_any(royals))
    squares = bb_or(squares, tb_bb(tb->attack_from_leap, (t * 2 + us) * tb->squares + bb_pop(&royals)));
  return squares;
}

/* Squares of a target set whose moves need the full test. */
static inline __attribute__((always_inline)) BB risky_targets(const Position *p, const Guard *g, const TargetSet *set) {
  if (set->drop_type >= 0 && p->rules->types[set->drop_type].drop_no_mate)
    return bb_and(set->targets, bb_or(checking_drops(p, set->drop_type), g->check_all ? set->targets : g->sensitive));
  if (g->no_royals) return bb_zero();
  if (g->check_all) return set->targets;
  if (set->drop_type < 0 && bb_test(g->risky_from, set->from)) return set->targets;
  return bb_and(set->targets, g->sensitive);
}

static inline Move set_move(const TargetSet *set, int to) {
  return set->drop_type >= 0 ? move_make(0, to, MOVE_DROP, set->drop_type) : move_make(set->from, to, MOVE_NORMAL, 0);
}

/* The legal ones of risky, some of set's targets that need the full test. */
static inline BB risky_legal(Position *p, const Guard *g, const TargetSet *set, BB risky) {
  if (set->from == g->royal && g->steps_direct) return royal_steps_legal(p, set->from, risky);
  BB legal = bb_zero();
  while (bb_any(risky)) {
    int to = bb_pop(&risky);
    if (legal_by_trial(p, g, set_move(set, to))) legal = bb_or(legal, bb_square(to));
  }
  return legal;
}

/* Keeps the legal ones of the special moves in list, under the guard g. */
static inline void keep_legal_specials(Position *p, const Guard *g, MoveList *list) {
  int kept = 0;
  for (int i = 0; i < list->count; i++) {
    Move m = list->moves[i];
    if (!needs_trial(p, g, m) || legal_by_trial(p, g, m)) list->moves[kept++] = m;
  }
  list->count = kept;
}

/* Generates, then keeps the legal special moves in list; returns the guard through g. */
static inline __attribute__((always_inline)) void generate_and_guard(Position *p, TargetList *tl, MoveList *list,
                                                                     Guard *g, const GenFilter *f) {
  generate(p, tl, list, f);
  make_guard(p, g);
  keep_legal_specials(p, g, list);
}

static inline bool game_over(const Position *p) {
  return pos_passes_ended(p) || pos_bikjang_ended(p) || (p->rules->extinction && (extinct(p, 0) || extinct(p, 1))) ||
         (p->rules->bare_royal_wins && (pos_bare_royal(p, 0) || pos_bare_royal(p, 1))) || pos_bare_drawn(p) ||
         (p->rules->has_goal && pos_goal_result((Position *)p) != RESULT_NONE) || pos_checks_won(p) >= 0;
}

/* The legal moves of the kind f asks for. */
static inline __attribute__((always_inline)) void legal_of_kind(Position *p, MoveList *list, const GenFilter *f) {
  if (game_over(p)) {
    list->count = 0;
    return;
  }
  TargetList tl;
  Guard g;
  generate_and_guard(p, &tl, list, &g, f);
  for (int i = 0; i < tl.count; i++) {
    const TargetSet *set = &tl.sets[i];
    BB risky = risky_targets(p, &g, set), targets = set->targets;
    if (bb_any(risky)) targets = bb_or(bb_andnot(targets, risky), risky_legal(p, &g, set, risky));
    while (bb_any(targets)) push(list, set_move(set, bb_pop(&targets)));
  }
}

static void legal_moves(Position *p, MoveList *list) { legal_of_kind(p, list, &ALL_MOVES); }
static void noisy_moves(Position *p, MoveList *list) { legal_of_kind(p, list, &NOISY_MOVES); }
static void quiet_moves(Position *p, MoveList *list) { legal_of_kind(p, list, &QUIET_MOVES); }
/* Only the pieces that might move onto sq generate (RuleTables.move_from), and none when there
 * are none: most exchanges end on a square that no piece of the side to move reaches, where
 * the guard against pins and checks costs more than the moves (callgrind, bench chess: the
 * exchanges' replies took 14% of the search). */
static void noisy_moves_onto(Position *p, int sq, MoveList *list) {
  const Rules *r = p->rules;
  const RuleTables *tb = r->tables;
  int us = p->side;
  BB movers = bb_zero();
  for (int t = 0; t < r->type_count; t++)
    movers = bb_or(movers, bb_and(pieces(p, us, t), tb_bb(tb->move_from, (t * 2 + us) * tb->squares + sq)));
  if (!bb_any(movers)) {
    list->count = 0;
    return;
  }
  GenFilter f = {
      .kind = GEN_NOISY_ONTO, .royal = -1, .answers = bb_square(sq), .skip = bb_andnot(color_bb(p, us), movers)};
  legal_of_kind(p, list, &f);
}

/* Where a move other than the royal's must go to answer the check on the royal at k: the
 * checker's square, and for a rider the squares between.  False when that is not known here:
 * several checkers, or a check by a hopper, a lame leaper or a zoned or limited rider (which
 * moving a screen or blocking a leg may answer too). */
static bool check_answers(const Position *p, int k, BB *answers) {
  const RuleTables *tb = p->rules->tables;
  int n = tb->squares, them = p->side ^ 1;
  BB occ = occupied(p), checkers = bb_zero(), between = bb_zero();
  for (uint32_t types = tb->leap_attackers[them]; types; types &= types - 1) {
    int t = __builtin_ctz(types);
    checkers = bb_or(checkers, bb_and(tb_bb(tb->attack_from_leap, (t * 2 + them) * n + k), pieces(p, them, t)));
  }
  for (int d = 0; d < tb->dir_count; d++) {
    uint32_t riders = tb->rider_types[them][d];
    if (!riders) continue;
    int back = tb->dir_reverse[d];
    BB ray = tb_bb(tb->ray, back * n + k), blockers = bb_and(ray, occ);
    if (!bb_any(blockers)) continue;
    int first = first_blocker(tb, back, blockers);
    BB attackers = bb_zero();
    for (; riders; riders &= riders - 1) attackers = bb_or(attackers, pieces(p, them, __builtin_ctz(riders)));
    if (!bb_test(attackers, first)) continue;
    checkers = bb_or(checkers, bb_square(first));
    between = bb_or(between, bb_andnot(ray, bb_or(tb_bb(tb->ray, back * n + first), bb_square(first))));
  }
  if (!bb_any(checkers) || bb_more_than_one(checkers)) return false;
  /* An attack left once the checker is set aside is of a kind not followed here. */
  if (attacked(p, k, them, occ, checkers, piece_type(p->board[k]))) return false;
  *answers = bb_or(checkers, between);
  return true;
}

/* In check by one piece on a single royal: the royal's moves, and the others' moves onto the
 * answering squares (each still tried, as every move in check is); else the legal moves. */
static void evasions(Position *p, MoveList *list) {
  const Rules *r = p->rules;
  BB royals = r->royal_type_count ? royals_of(p, p->side) : bb_zero();
  GenFilter f = {.kind = GEN_EVASIONS, .royal = bb_any(royals) ? bb_lsb(royals) : -1};
  if (game_over(p) || !bb_any(royals) || bb_more_than_one(royals) ||
      !attacked(p, f.royal, p->side ^ 1, occupied(p), bb_zero(), piece_type(p->board[f.royal])) ||
      !check_answers(p, f.royal, &f.answers)) {
    legal_moves(p, list);
    return;
  }
  legal_of_kind(p, list, &f);
}

static void pseudo_legal_moves(Position *p, MoveList *list) {
  TargetList tl;
  generate(p, &tl, list, &ALL_MOVES);
  for (int i = 0; i < tl.count; i++) {
    BB targets = tl.sets[i].targets;
    while (bb_any(targets)) push(list, set_move(&tl.sets[i], bb_pop(&targets)));
  }
}

#if BBW == 1
/* b shifted by offset squares.  A rotation: no branch on the sign, and the bits that wrap round
 * are never the ones looked at (a step's squares and legs are on the board). */
static inline uint64_t shift_by(uint64_t b, int offset) {
  unsigned k = (unsigned)offset & 63;
  return (b << k) | (b >> ((64 - k) & 63));
}

/* The moves of the pieces that need no test of their own (not risky under g, not about to
 * promote, not able to take en passant) of the types whose moves are all steps and slides
 * (tables.h), the steps counted a step at a time over all of them; those pieces are added to
 * *counted. */
static uint64_t count_steps(const Position *p, const Guard *g, BB *counted) {
  const RuleTables *tb = p->rules->tables;
  int us = p->side;
  uint64_t own = p->by_color[us][0], enemy = p->by_color[us ^ 1][0];
  uint64_t empty = tb->board[0] & ~(own | enemy);
  uint64_t dest[4] = {0, empty, enemy, empty | enemy}; /* by mode */
  uint64_t exclude = g->risky_from.w[0], takers_of = p->ep_victim >= 0 ? p->ep[0] : 0, done = 0, count = 0;
  for (uint32_t types = tb->step_types[us]; types; types &= types - 1) {
    int t = __builtin_ctz(types), n = tb->step_count[t][us];
    uint64_t mine = p->by_piece[us][t][0] & ~exclude & ~tb->step_promo_from[t][us];
    if (!mine) continue;
    const StepSet *steps = tb->steps[t][us];
    if (takers_of && p->rules->types[t].ep_capturer) /* those that may take en passant go one by one */
      for (int i = 0; i < n; i++)
        if (steps[i].mode & MODE_CAPTURE && !steps[i].leg_count)
          mine &= ~(shift_by(takers_of, -steps[i].offset) & steps[i].from);
    done |= mine;
    if ((tb->step_leapers[us] >> t & 1) && __builtin_popcountll(mine) < n) {
      /* Fewer pieces than steps (two Knights, eight steps): their leaps read one by one cost
       * less than a shift of every step (callgrind, chess perft 5: 4% fewer instructions). */
      const uint64_t *quiet = tb->leap_quiet + (size_t)(t * 2 + us) * (size_t)tb->squares;
      const uint64_t *capture = tb->leap_capture + (size_t)(t * 2 + us) * (size_t)tb->squares;
      for (uint64_t each = mine; each; each &= each - 1) {
        int from = __builtin_ctzll(each);
        count += (uint64_t)__builtin_popcountll((quiet[from] & empty) | (capture[from] & enemy));
      }
      n = 0; /* the slides below, if any */
    }
    for (int i = 0; i < n; i++) {
      const StepSet *s = &steps[i];
      uint64_t from = mine & s->from;
      for (int l = 0; l < s->leg_count; l++) from &= shift_by(empty, -s->legs[l]);
      count += (uint64_t)__builtin_popcountll(shift_by(from, s->offset) & dest[s->mode]);
    }
    uint8_t groups = tb->group_of[t][us];
    if (groups) {
      BB occ = {{own | enemy}};
      for (uint64_t each = mine; each; each &= each - 1) {
        int from = __builtin_ctzll(each);
        uint64_t slides = 0;
        if (groups & GROUP_ORTHOGONAL) slides = group_targets(tb, 0, from, occ).w[0];
        if (groups & GROUP_DIAGONAL) slides |= group_targets(tb, 1, from, occ).w[0];
        count += (uint64_t)__builtin_popcountll(slides & ~own);
      }
    }
  }
  counted->w[0] = done;
  return count;
}

/* The moves of the single royal piece where its type's are plain leaps (a King) and each is
 * judged without making it (Guard.steps_direct); the royal is then added to *counted. */
static uint64_t count_royal_steps(const Position *p, const Guard *g, BB *counted) {
  const RuleTables *tb = p->rules->tables;
  int k = g->royal, us = p->side, t = piece_type(p->board[k]), list = (t * 2 + us) * tb->squares + k;
  if (!g->steps_direct || !(tb->step_types[us] >> t & 1) || tb->group_of[t][us] ||
      tb->lame_first[list] != tb->lame_first[list + 1] || (tb->step_promo_from[t][us] >> k & 1) ||
      (p->ep_victim >= 0 && p->rules->types[t].ep_capturer))
    return 0;
  uint64_t own = p->by_color[us][0], enemy = p->by_color[us ^ 1][0];
  BB targets = {{(tb->leap_quiet[list] & tb->board[0] & ~(own | enemy)) | (tb->leap_capture[list] & enemy)}};
  counted->w[0] |= 1ULL << k;
  return (uint64_t)bb_count(royal_steps_legal(p, k, targets));
}
#endif

/* The number of legal moves, testing only the risky ones one by one (perft's last ply). */
static uint64_t count_legal(Position *p) {
  if (game_over(p)) return 0;
  TargetList tl;
  MoveList special;
  Guard g;
  uint64_t count = 0;
  GenFilter f = ALL_MOVES;
  make_guard(p, &g);
#if BBW == 1
  if (p->rules->tables->step_types[p->side] && !g.check_all && !bb_any(g.sensitive)) {
    count = count_steps(p, &g, &f.skip);
    if (g.royal >= 0) count += count_royal_steps(p, &g, &f.skip);
  }
#endif
  generate(p, &tl, &special, &f);
  keep_legal_specials(p, &g, &special);
  count += (uint64_t)special.count;
  for (int i = 0; i < tl.count; i++) {
    const TargetSet *set = &tl.sets[i];
    BB risky = risky_targets(p, &g, set);
    count += (uint64_t)bb_count(bb_andnot(set->targets, risky));
    if (bb_any(risky)) count += (uint64_t)bb_count(risky_legal(p, &g, set, risky));
  }
  return count;
}

static uint64_t perft(Position *p, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_legal(p);
  MoveList list;
  legal_moves(p, &list);
  uint64_t nodes = 0;
  for (int i = 0; i < list.count; i++) {
    pos_do_move(p, list.moves[i]);
    nodes += perft(p, depth - 1);
    pos_undo_move(p);
  }
  return nodes;
}

const MoveGenerator W(gen) = {
    .legal = legal_moves,
    .pseudo_legal = pseudo_legal_moves,
    .noisy = noisy_moves,
    .noisy_onto = noisy_moves_onto,
    .quiet = quiet_moves,
    .evasions = evasions,
    .in_check = in_check,
    .extinct = extinct,
    .attacked = square_attacked,
    .quiet_move_checks = quiet_move_checks,
    .perft = perft,
};
