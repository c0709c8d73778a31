/* Perft by turns (perft_turns.h).  A turn ends where pos_make passes the move to the other side,
 * so turns that end early, and turns of any length, count as the rules play them; nothing here
 * assumes Rules.turn_parts moves a turn.  A part that ends the game ends its turn too: one that
 * checkmates, or one after which no part can follow (pos_game_result: lost). */
#include "rules/perft_turns.h"

uint64_t pos_perft_turns(Position *p, int depth) {
  if (depth <= 0) return 1;
  MoveList list;
  pos_legal_moves(p, &list);
  uint64_t nodes = 0;
  for (int i = 0; i < list.count; i++) nodes += pos_perft_turns_after(p, list.moves[i], depth);
  return nodes;
}

uint64_t pos_perft_turns_after(Position *p, Move m, int depth) {
  if (depth <= 0) return 0;
  int us = p->side;
  pos_make(p, m);
  uint64_t nodes;
  if (p->side != us) {
    nodes = depth == 1 ? 1 : pos_perft_turns(p, depth - 1);
  } else if (pos_opponent_in_check(p) && pos_opponent_mated(p)) {
    nodes = depth == 1; /* a part that checkmates ends the game, and with it the turn */
  } else {
    nodes = pos_perft_turns(p, depth); /* the turn goes on: still depth turns, this one counted */
    if (!nodes && depth == 1) {        /* no legal part to follow: the game ends (lost), the turn with it */
      MoveList list;
      pos_legal_moves(p, &list);
      nodes = list.count == 0;
    }
  }
  pos_unmake(p);
  return nodes;
}
