/* Legal moves and perft for rules with an oracle (used by position.c when rules->oracle). */
#ifndef HERALD_RULES_ORACLE_H
#define HERALD_RULES_ORACLE_H

#include "rules/position.h"

void oracle_legal_moves(Position *p, MoveList *list);
uint64_t oracle_perft(Position *p, int depth);
/* The effects record of a ply (grown as needed): what a MOVE_ORACLE move made there changed.
 * The oracle fills the one of p->ply before making such a move itself. */
MoveEffects *pos_effects_slot(Position *p, int ply);

#endif
