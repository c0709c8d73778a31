/* Betza's funny notation, as XBoard's engine-defined pieces use it, read into single-direction
 * atoms and written back from them (the one reader and writer of the project).  Supported: atoms W F D N A H C Z G and the compounds K Q R B; a doubled atom (NN)
 * or a number (R4, W2) makes a rider; modifiers m c (move/capture only), i (initial move),
 * n (lame: blocked by pieces on the path), p (hop over one piece, cannon), g (grasshopper),
 * and the directions f b l r v s and their pairs (ff fs fl fr bb bs bl br ll rr lf lb rf rb). */
#ifndef HERALD_RULES_BETZA_H
#define HERALD_RULES_BETZA_H

#include "rules/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Appends the atoms of text to out (room for max).  Returns the number appended, or -1 with a
 * message naming the offending character. */
int betza_parse(const char *text, Atom *out, int max, char *err, int errlen);
/* Writes atoms as Betza text, for GUIs (XBoard's `piece` command) and listings: "?" when some
 * step has no letter (the atoms themselves stay exact); betza_parse reads the text back. */
void betza_write(const Atom *atoms, int atom_count, char *out, int outlen);

#ifdef __cplusplus
}
#endif
#endif
