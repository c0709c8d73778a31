/* Perft by turns: for rules whose turns have several moves (Rules.turn_parts > 1: Marseillais,
 * Extra Move, Monster chess), the tree whose plies are whole turns, as a player counts them.
 * pos_perft counts every part of a turn as a ply. */
#ifndef HERALD_RULES_PERFT_TURNS_H
#define HERALD_RULES_PERFT_TURNS_H

#include <stdint.h>

#include "rules/position.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Leaf nodes of the legal move tree depth turns deep: a move that leaves the same side to move
 * continues the turn at the same depth, one that passes the turn goes a turn deeper.  A part
 * that ends the game ends its turn (a checkmate, or no legal part to follow: the game is lost):
 * a leaf at the last turn, nothing below it before; from the middle of a turn, its rest is the
 * first turn.  With one move a turn it is pos_perft. */
uint64_t pos_perft_turns(Position *p, int depth);
/* The part of pos_perft_turns(p, depth) below the legal move m (one line of divide); 0 for a
 * depth below 1. */
uint64_t pos_perft_turns_after(Position *p, Move m, int depth);

#ifdef __cplusplus
}
#endif
#endif
