/* Legal moves for rules with an oracle (the table gen_oracle in movegen.h holds them), and the
 * record of what MOVE_ORACLE moves changed. */
#ifndef HERALD_RULES_ORACLE_H
#define HERALD_RULES_ORACLE_H

#include "rules/position.h"

/* The legal moves: the model's, with the moves it cannot judge referred to the oracle. */
void oracle_legal_moves(Position *p, MoveList *list);
/* The effects record of a ply (grown as needed): what a MOVE_ORACLE move made there changed.
 * The oracle fills the one of p->ply before making such a move itself. */
MoveEffects *pos_effects_slot(Position *p, int ply);

#endif
