/* The settings of fairychess-style presets (seed 004; Herald's presets/include/herald-rules):
 * pawn settings read while compiling defs, and the castling, promotion and game-end rules a
 * preset states through its variables (wcastle bcastle, wprom bprom pzs pforced, stalemate
 * nmoves reps).  Each derivation runs only when the preset sets the variable, so presets in
 * other styles keep the bridge's other derivations. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge/br_internal.h"

/* The interpreter whose settings the compiler may read, per thread (set around compilation by
 * br_load; NULL otherwise, and then no setting is known). */
static _Thread_local GcInterp *settings_interp;

void br_bind_settings(GcInterp *gc) { settings_interp = gc; }

/* The rules being built, per thread, to which the compiler may add destination zones (set
 * around compilation by br_load; NULL otherwise, and then no zone can be added). */
static _Thread_local Rules *zone_rules;

void br_bind_zones(Rules *r) { zone_rules = r; }

int br_zone_for_rect(int file_lo, int file_hi, int rank_lo, int rank_hi) {
  if (!zone_rules) return -1;
  char name[48]; /* at most "to p16-p16" on a 16x16 board, which fits a zone's name */
  snprintf(name, sizeof name, "to %c%d-%c%d", 'a' + file_lo, rank_lo + 1, 'a' + file_hi, rank_hi + 1);
  for (int z = 0; z < zone_rules->zone_count; z++)
    if (!strcmp(zone_rules->zone_name[z], name)) return z;
  return rules_add_zone(zone_rules, name, file_lo, file_hi, rank_lo, rank_hi);
}

const Rules *br_zone_rules(void) { return zone_rules; }

int br_zone_for_set(const bool *squares, int color) {
  if (!zone_rules) return -1;
  const Geometry *g = &zone_rules->geo;
  Bits side[2];
  memset(side, 0, sizeof side);
  for (int sq = 0; sq < g->squares; sq++) {
    if (!squares[sq] || g->hole[sq]) continue;
    int f = geo_file(g, sq), r = geo_rank(g, sq), mirror = geo_square(g, f, g->height - 1 - r);
    bits_set(&side[color], sq);
    if (mirror >= 0) bits_set(&side[1 - color], mirror);
  }
  for (int z = 0; z < zone_rules->zone_count; z++)
    if (!memcmp(zone_rules->zones[z], side, sizeof side)) return z;
  if (zone_rules->zone_count == MAX_ZONES) return -1;
  int z = zone_rules->zone_count++;
  snprintf(zone_rules->zone_name[z], sizeof zone_rules->zone_name[z], "squares %d", z);
  memcpy(zone_rules->zones[z], side, sizeof side);
  return z;
}

/* Pawn settings that stay fixed after Pre-Game in the fairychess convention; `ep` is not one
 * of them (the compiler models it as the en passant square). */
static const char *const kFixedSettings[] = {"wpr", "bpr", "fps", "pzs", NULL};

static bool value_text(const GcValue *v, char *out, int outlen) {
  if (v->type == GC_NUM)
    snprintf(out, outlen, "%.15g", v->u.n);
  else if (v->type == GC_STR)
    snprintf(out, outlen, "%s", v->u.s);
  else if (v->type == GC_BOOL)
    snprintf(out, outlen, "%s", v->u.b ? "1" : "");
  else
    return false;
  return true;
}

bool br_setting_text(const char *name, char *out, int outlen) {
  if (!settings_interp) return false;
  bool fixed = false;
  for (int i = 0; kFixedSettings[i]; i++) fixed |= !strcmp(kFixedSettings[i], name);
  const GcValue *v = fixed ? gc_get_var(settings_interp, name) : NULL;
  return v && value_text(v, out, outlen);
}

int br_setting_words(GcInterp *gc, const char *name, char words[][GC_LABEL_MAX * 2], int max) {
  const GcValue *v = gc_get_var(gc, name);
  if (!v) return -1;
  int n = 0;
  if (v->type == GC_ARR) {
    for (size_t i = 0; i < v->u.a->len && n < max; i++)
      if (value_text(&v->u.a->items[i].val, words[n], GC_LABEL_MAX * 2)) n++;
  } else if (v->type == GC_STR || v->type == GC_NUM) {
    value_text(v, words[n++], GC_LABEL_MAX * 2);
  }
  return n;
}

int br_setting_int(GcInterp *gc, const char *name, int fallback) {
  const GcValue *v = gc_get_var(gc, name);
  if (!v) return fallback;
  if (v->type == GC_NUM) return (int)v->u.n;
  if (v->type == GC_BOOL) return v->u.b;
  if (v->type == GC_STR) return !strcmp(v->u.s, "true") ? 1 : atoi(v->u.s);
  return fallback;
}
