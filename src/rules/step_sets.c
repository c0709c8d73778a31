/* Steps (tables.h): the leaps and lame leaps of a type on a board of at most 64 squares, cut
 * into fixed offsets, each with the squares it starts from; the type's slider groups beside them. */
#include <string.h>

#include "rules/tables.h"

/* Finds or adds the step (offset, legs); false when the type has too many to be worth it. */
static bool add_step(RuleTables *tb, int t, int c, int offset, const int8_t *legs, int leg_count, uint8_t mode,
                     int from) {
  StepSet *steps = tb->steps[t][c];
  int n = tb->step_count[t][c];
  for (int i = 0; i < n; i++) {
    StepSet *s = &steps[i];
    if (s->offset != offset || s->mode != mode || s->leg_count != leg_count ||
        memcmp(s->legs, legs, (size_t)leg_count) != 0)
      continue;
    s->from |= 1ULL << from;
    return true;
  }
  if (n == MAX_STEPS) return false;
  StepSet *s = &steps[n];
  *s = (StepSet){.offset = (int8_t)offset, .mode = mode, .leg_count = (int8_t)leg_count, .from = 1ULL << from};
  memcpy(s->legs, legs, (size_t)leg_count);
  tb->step_count[t][c] = n + 1;
  return true;
}

/* The slides of a type's slider groups from sq on an empty board. */
static uint64_t group_reach(const RuleTables *tb, int t, int c, int sq) {
  uint64_t reach = 0;
  for (int grp = 0; grp < 2; grp++)
    if (tb->group_of[t][c] >> grp & 1) reach |= tb->group_attacks[grp][tb->group_offset[grp][sq]];
  return reach;
}

/* The steps of (t, c), or false when its moves are more than steps and slider groups (other
 * rides, an oracle's every square, immunity), when a leg has more squares than a step holds, or
 * when two of its moves from one square reach one target alike (counting them would count it
 * twice). */
static bool build_type(const Rules *r, RuleTables *tb, int t, int c) {
  const PieceType *pt = &r->types[t];
  if (tb->gen_ride_count[t][c] || pt->any_square || (r->mutual_immune >> t & 1)) return false;
  uint64_t promo_zone = pt->promo_count ? tb->zone[pt->promo_zone * 2 + c] : 0;
  for (int sq = 0; sq < tb->squares; sq++) {
    int list = (t * 2 + c) * tb->squares + sq;
    uint64_t quiet = tb->leap_quiet[list], capture = tb->leap_capture[list], slides = group_reach(tb, t, c, sq);
    uint64_t reach = quiet | capture | slides;
    if ((quiet | capture) & slides) return false;
    static const int8_t no_legs[MAX_STEP_LEGS] = {0};
    for (uint64_t q = quiet; q; q &= q - 1)
      if (!add_step(tb, t, c, __builtin_ctzll(q) - sq, no_legs, 0, MODE_MOVE, sq)) return false;
    for (uint64_t x = capture; x; x &= x - 1)
      if (!add_step(tb, t, c, __builtin_ctzll(x) - sq, no_legs, 0, MODE_CAPTURE, sq)) return false;
    for (int i = tb->lame_first[list]; i < tb->lame_first[list + 1]; i++) {
      const LameEntry *e = &tb->lame[i];
      uint64_t target = 1ULL << e->square, leg = tb->legs[e->leg];
      if (((e->mode & MODE_MOVE) && (quiet & target)) || ((e->mode & MODE_CAPTURE) && (capture & target)) ||
          (slides & target))
        return false;
      if (e->mode & MODE_MOVE) quiet |= target;
      if (e->mode & MODE_CAPTURE) capture |= target;
      reach |= target;
      int8_t legs[MAX_STEP_LEGS];
      int leg_count = 0;
      for (; leg; leg &= leg - 1) {
        if (leg_count == MAX_STEP_LEGS) return false;
        legs[leg_count++] = (int8_t)(__builtin_ctzll(leg) - sq);
      }
      if (!add_step(tb, t, c, e->square - sq, legs, leg_count, e->mode, sq)) return false;
    }
    if ((reach & promo_zone) || (pt->promo_on_leaving && (promo_zone >> sq & 1)))
      tb->step_promo_from[t][c] |= 1ULL << sq;
  }
  return true;
}

void tables_build_steps(const Rules *r, RuleTables *tb) {
  for (int t = 0; t < r->type_count; t++)
    for (int c = 0; c < 2; c++) {
      if (build_type(r, tb, t, c)) {
        tb->step_types[c] |= 1u << t;
        bool legs = false;
        for (int i = 0; i < tb->step_count[t][c]; i++) legs |= tb->steps[t][c][i].leg_count > 0;
        if (!legs) tb->step_leapers[c] |= 1u << t;
      } else { /* what a type that is no step type left behind (the tables start zeroed) */
        tb->step_count[t][c] = 0;
        tb->step_promo_from[t][c] = 0;
      }
    }
}
