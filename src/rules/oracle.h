/* Legal moves and perft for rules with an oracle (used by position.c when rules->oracle). */
#ifndef HERALD_RULES_ORACLE_H
#define HERALD_RULES_ORACLE_H

#include "rules/position.h"

void oracle_legal_moves(Position *p, MoveList *list);
uint64_t oracle_perft(Position *p, int depth);

#endif
