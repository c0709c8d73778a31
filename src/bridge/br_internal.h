/* Shared inside bridge/ only (and its tests). */
#ifndef HERALD_BRIDGE_BR_INTERNAL_H
#define HERALD_BRIDGE_BR_INTERNAL_H

#include "bridge/br_game.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- the preset's parsed code (br_code.c) ----
 * The statements the interpreter parsed: the files it included, then the preset's sections
 * (gc_visit_statements), each as its words with file:line. */
typedef struct BrStatement {
  const char *file;
  int line;
  GcSection section;
  int nwords;
  char **words;
} BrStatement;
typedef struct BrCode {
  BrStatement *st;
  int count, cap;
  bool failed;
} BrCode;
/* Copies the statements of a loaded preset (after gc_start, so that its includes are known);
 * NULL when out of memory. */
BrCode *br_code_read(const GcInterp *gc);
void br_code_free(BrCode *code);
/* Is word `at` of s the given word? (false past either end) */
bool br_statement_is(const BrStatement *s, int at, const char *word);
/* Finds the last `def name body` and copies its body's words, joined by spaces.  False if none,
 * or when it does not fit outlen. */
bool br_find_def(const BrCode *code, const char *name, char *out, int outlen);
/* The movement of a label written inline in Post-Move (2004 style): the expression of the
 * `set legal EXPR` right after `if/elseif equal moved NAME`, with origin/dest turned into
 * #0/#1 so that it compiles as a def body.  False if there is none. */
bool br_find_referee_expr(const BrCode *code, const char *name, char *out, int outlen);
/* The code Post-Move runs for a label (2004 style): the statements after `if/elseif equal
 * moved NAME` up to the next `equal moved` test or the end of its section, each ending with
 * ";".  False if there is none. */
bool br_find_moved_block(const BrCode *code, const char *name, char *out, int outlen);
/* The statements of that block: [first, end) of code; false if there is none. */
bool br_moved_block_range(const BrCode *code, const char *label, int *first, int *end);
/* br_fold.c: the block's legality folded into one def expression (origin and dest as #0 and
 * #1), into out; false with the reason when the block does what the fold does not follow. */
bool br_fold_moved_block(const BrCode *code, const char *label, char *out, int outlen, char *reason, int reasonlen);
/* Does some statement end with the command word (`won;`, `else drawn;`)? */
bool br_code_has_command(const BrCode *code, const char *word);
/* Does some statement hold the word, followed by the word next when next is not NULL? */
bool br_code_has_word(const BrCode *code, const char *word, const char *next);
/* Makes pt an oracle piece with candidate atoms read from the def bodies of its White and Black
 * labels (either may be NULL; statements[c]: body c is Post-Move code, not an expression), or
 * every square a candidate when they cannot be read: every empty square and every enemy piece's,
 * less what the def's expression rules out for the destination (g names the labels), kept to
 * the offsets the guards of a sub it calls allow (code: the preset's, for defs and subs). */
void br_set_candidates(BrGame *g, PieceType *pt, const char *const bodies[2], const bool statements[2],
                       const BrCode *code);

/* ---- a sub's guards (br_sub_guard.c) ----
 * A set of offsets from a move's origin to its destination (files, ranks: destination less
 * origin, each within the board's side), or all of them. */
enum { BR_OFFSET_WORDS = ((2 * GEO_MAX_SIDE - 1) * (2 * GEO_MAX_SIDE - 1) + 63) / 64 };
typedef struct BrOffsets {
  bool all;
  uint64_t bits[BR_OFFSET_WORDS];
} BrOffsets;
void br_offsets_all(BrOffsets *o);
bool br_offsets_has(const BrOffsets *o, int dx, int dy);
/* a becomes a and b (a or b); every offset and any set is that set (all). */
void br_offsets_and(BrOffsets *a, const BrOffsets *b);
void br_offsets_or(BrOffsets *a, const BrOffsets *b);
/* The offsets for which `sub name args...` (args: the words of its arguments: #0, #1 or
 * literals) may return something other than false: all but those its opening guards rule out
 * whatever stands on the board, as the interpreter evaluates them for every pair of squares;
 * all where its guards cannot be read. */
BrOffsets br_sub_guard_offsets(BrGame *g, const BrCode *code, const char *name, const char *const *args, int nargs);
void br_guard_memo_free(struct BrGuardMemo *memo);
/* Does the interpreter's board hold what p's board holds (the preset's labels)? */
bool br_same_board(const BrGame *g, const GcInterp *gc, const Position *p);
/* The def that judges m's movement before Post-Move is asked (BrGame.filter_def), or NULL. */
const char *br_filter_def(const BrGame *g, const Position *p, Move m);
/* Asks that def about m in gc, as it stands: GC_OK with *truth, else the code's error in ge.
 * What the def changes stays changed. */
int br_ask_def(const BrGame *g, GcInterp *gc, const char *def, Move m, bool *truth, GcError *ge);
/* Plays games random games of at most max_plies plies at load and puts every generator move of
 * a compiled type to the referee: a type whose move the referee refuses, or after which its
 * board differs from the model's (captures or freezing done in Post-Move, which the def does not
 * show), is handed to the oracle.  Returns how many types were, or -1 with err. */
int br_probe(BrGame *g, int games, int max_plies, uint64_t seed, char *err, int errlen);
/* The game an oracle decides for. */
BrGame *br_oracle_game(BrOracle *o);

/* ---- fairychess settings (br_fairychess.c) ----
 * While an interpreter is bound (NULL unbinds), the compiler reads the fixed pawn settings
 * (wpr bpr fps pzs) from it: br_setting_text gives a setting's value as text, false when it is
 * not a fixed setting or not set. */
void br_bind_settings(GcInterp *gc);
bool br_setting_text(const char *name, char *out, int outlen);
/* The words of a variable holding a word or an array of words (wcastle, wprom): their count,
 * or -1 when the variable is not set. */
int br_setting_words(GcInterp *gc, const char *name, char words[][GC_LABEL_MAX * 2], int max);
/* A numeric variable, or fallback when it is not set. */
int br_setting_int(GcInterp *gc, const char *name, int fallback);
/* While rules are bound (NULL unbinds), the compiler may give a leap a destination zone:
 * br_zone_for_rect returns the zone of a rectangle written for White (files and ranks 0-based,
 * inclusive), adding it to the bound rules when new; -1 when none are bound or they are full. */
void br_bind_zones(Rules *r);
int br_zone_for_rect(int file_lo, int file_hi, int rank_lo, int rank_hi);
/* The zone holding exactly the given squares (for colour color; the other colour's copy is
 * mirrored top to bottom), added to the bound rules when new; -1 when none are bound or they
 * are full.  br_zone_rules: the bound rules, or NULL. */
int br_zone_for_set(const bool *squares, int color);
const Rules *br_zone_rules(void);

/* ---- loading a game (br_load.c and the files it calls) ---- */
/* Appends a note on how a rule was derived ("; "-separated, shown by herald list/verify). */
void br_note(BrGame *g, const char *text);
/* The label on a square of the interpreter's board, or NULL. */
const char *br_label_at(const GcBoard *b, const char *coord);
/* The square a variable names when it holds a coordinate, else NULL. */
const char *br_var_square(GcInterp *gc, const char *name);
/* The piece of a preset label, or NULL. */
BrPiece *br_piece_of(BrGame *g, const char *label);
/* A zone for a set of ranks (White's frame), which must be contiguous: its index, -2 when the
 * ranks are not contiguous, -1 when the rules have no room (br_pieces.c). */
int br_zone_for_ranks(Rules *r, uint32_t ranks);
/* Compiles the movement of one type from the defs of its labels pcs[0] (White) and pcs[1]
 * (Black), either of which may be NULL, or hands it to the oracle with the reason. */
void br_compile_type(BrGame *g, int type, const BrCode *code, BrPiece *pcs[2]);
/* The codename a label's constant names (the fairychess convention, `setconst N Knight`), into
 * out; false when the label has no such constant, or it names the label itself. */
bool br_codename(BrGame *g, const char *label, char *out, int outlen);
/* Derivations from the interpreter's state after Pre-Game (br_derive.c, br_castling.c). */
void br_derive_royalty(BrGame *g);
/* Castlings and the FEN's castling rights (file letters, Shredder style) into rights. */
bool br_derive_castling(BrGame *g, char *rights, int rightslen, char *err, int errlen);
/* First moves (herald-rules `wfirst`/`bfirst`, pairs of from and to, and `firstlost`), their
 * rights appended to rights as their squares' files. */
bool br_derive_first_moves(BrGame *g, char *rights, int rightslen, char *err, int errlen);
void br_derive_promotion(BrGame *g, const BrCode *code);
void br_derive_oracle_en_passant(BrGame *g, const BrCode *code);
/* False with the setting at fault (its name through setting) and why in err. */
bool br_derive_game_end(BrGame *g, const char **setting, char *err, int errlen);
void br_derive_shogi_promotion(BrGame *g);
void br_derive_drops(BrGame *g);
/* br_turns.c: turns of several parts, from the code (before rules_finalize) and then from the
 * referee by playing (after it, before the load-time probe). */
void br_derive_turns(BrGame *g, const BrCode *code);
bool br_probe_turns(BrGame *g, char *err, int errlen);

#ifdef __cplusplus
}
#endif
#endif
