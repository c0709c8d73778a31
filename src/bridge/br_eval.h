/* The compiler's three-valued evaluation of a def body (br_eval.c), shared with the compiler
 * (br_compile.c).  Inside bridge/ only. */
#ifndef HERALD_BRIDGE_BR_EVAL_H
#define HERALD_BRIDGE_BR_EVAL_H

#include "bridge/br_tree.h"

/* The situation a candidate move is tried in. */
typedef struct Scene {
  const Geometry *geo;
  int color;
  char mover[4]; /* the mover's label */
  int origin, dest;
  bool dest_enemy;            /* destination holds an enemy piece (else it is empty) */
  bool path[GEO_MAX_SQUARES]; /* squares known to be empty */
  int ep_square;              /* value of `var ep` in the en passant trial, or -1 */
  int screen;                 /* the hop trial's screen: known occupied, or -1 */
  char screen_label[4];       /* the screen's label in the hop trials that name it, else "" */
  char dest_label[4];         /* the enemy's label on the destination, when named, else "" */
  bool unknown_var;           /* some variable other than ep was read */
} Scene;

/* The body's answer for the trial the scene describes: 1 true, 0 false, -1 unknown. */
int br_eval_truth(const Tree *t, Scene *s);
/* The square dx files and dy ranks from sq, or -1 off the board; br_on_board: a real square. */
int br_offset(const Scene *s, int sq, int dx, int dy);
bool br_on_board(const Scene *s, int sq);
/* The symmetric images of (a, b), duplicates removed (reference §4.4): their count. */
int br_images(int a, int b, int out[8][2]);
/* The t-th of the eight symmetries of the board, applied to (x, y). */
void br_symmetry(int t, int x, int y, int *ox, int *oy);

#endif
