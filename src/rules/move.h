/* Moves packed in 32 bits: from (8), to (8), kind (3), argument (8): the promotion or drop
 * type, or the castling index (up to MAX_CASTLINGS = 256); 5 bits unused. */
#ifndef HERALD_RULES_MOVE_H
#define HERALD_RULES_MOVE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef uint32_t Move;

/* MOVE_ORACLE: a move whose effects on the board only the rules' oracle knows (captures by
 * approach or withdrawal, several pieces taken): its squares changed are looked up when it is
 * made (rules.h MoveEffects). */
enum MoveKind { MOVE_NORMAL, MOVE_PROMOTION, MOVE_EN_PASSANT, MOVE_CASTLING, MOVE_DROP, MOVE_PASS, MOVE_ORACLE };
enum { MOVE_NONE = 0xFFFFFFFFu, MAX_MOVES = 4096 };

static inline Move move_make(int from, int to, int kind, int arg) {
  return (Move)from | (Move)to << 8 | (Move)kind << 16 | (Move)arg << 19;
}
static inline int move_from(Move m) { return m & 0xFF; }
static inline int move_to(Move m) { return (m >> 8) & 0xFF; }
static inline int move_kind(Move m) { return (m >> 16) & 7; }
static inline int move_arg(Move m) { return (m >> 19) & 255; }

typedef struct MoveList {
  int count;
  Move moves[MAX_MOVES];
} MoveList;

#ifdef __cplusplus
}
#endif
#endif
