/* Shared inside bridge/ only (and its tests). */
#ifndef HERALD_BRIDGE_BR_INTERNAL_H
#define HERALD_BRIDGE_BR_INTERNAL_H

#include "bridge/bridge.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Finds the last `def name body;` in the code and copies its body.  False if none. */
bool br_find_def(const char *code, const char *name, char *out, int outlen);
/* The movement of a label written inline in Post-Move (2004 style): the expression of the
 * `set legal EXPR` right after `if/elseif equal moved NAME`, with origin/dest turned into
 * #0/#1 so that it compiles as a def body.  False if there is none. */
bool br_find_referee_expr(const char *code, const char *name, char *out, int outlen);
/* Reads a whole file into a malloc'd string (NULL on failure). */
char *br_read_file(const char *path);

/* ---- fairychess settings (br_fairychess.c) ----
 * While an interpreter is bound (NULL unbinds), the compiler reads the fixed pawn settings
 * (wpr bpr fps pzs) from it: br_setting_text gives a setting's value as text, false when it is
 * not a fixed setting or not set. */
void br_bind_settings(gc_interp *gc);
bool br_setting_text(const char *name, char *out, int outlen);
/* The words of a variable holding a word or an array of words (wcastle, wprom): their count,
 * or -1 when the variable is not set. */
int br_setting_words(gc_interp *gc, const char *name, char words[][GC_LABEL_MAX * 2], int max);
/* A numeric variable, or fallback when it is not set. */
int br_setting_int(gc_interp *gc, const char *name, int fallback);
/* While rules are bound (NULL unbinds), the compiler may give a leap a destination zone:
 * br_zone_for_rect returns the zone of a rectangle written for White (files and ranks 0-based,
 * inclusive), adding it to the bound rules when new; -1 when none are bound or they are full. */
void br_bind_zones(Rules *r);
int br_zone_for_rect(int file_lo, int file_hi, int rank_lo, int rank_hi);

#ifdef __cplusplus
}
#endif
#endif
