/* Legal moves for rules with an oracle (the table gen_oracle in movegen.h holds them), and the
 * record of what MOVE_ORACLE moves changed. */
#ifndef HERALD_RULES_ORACLE_H
#define HERALD_RULES_ORACLE_H

#include "rules/position.h"

/* The legal moves: the model's, with the moves it cannot judge referred to the oracle. */
void oracle_legal_moves(Position *p, MoveList *list);
/* The clock of the search running in this thread (each search thread sets it when it starts and
 * clears it, fn NULL, when it ends): a referee asked by this thread stops when it says the time
 * is up, and a stopped answer counts as no answer.  Thread-local, since every thread asks in
 * its own thread and several searches (self-play's games) may share one rule set. */
typedef bool (*OracleClockFn)(void *ctx);
void oracle_set_thread_clock(OracleClockFn fn, void *ctx);
/* Whether this thread's search clock says its time is up (false without one). */
bool oracle_thread_time_up(void);

/* The effects record of a ply (grown as needed): what a MOVE_ORACLE move made there changed.
 * The oracle fills the one of p->ply before making such a move itself. */
MoveEffects *pos_effects_slot(Position *p, int ply);

#endif
