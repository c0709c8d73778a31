/* Static evaluation for any rule set, with no piece names: every term is derived from the
 * movement atoms of the Rules (mobility on the empty board, reach, direction of movement,
 * promotion and royalty).  Scores are centipawn-like and from the side to move's view.
 *
 * An Evaluator is a function plus its context, so that a net can replace the classical
 * evaluation, or add to it, without touching the search. */
#ifndef HERALD_EVAL_EVAL_H
#define HERALD_EVAL_EVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/position.h"
#include "rules/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { EV_MAX_VALUE = 20000 /* stands for a royal piece in exchange counts */ };

/* Per-type figures derived once from a Rules value. */
typedef struct EvalTables {
  const Rules *rules;
  int squares;
  double mobility[MAX_TYPES]; /* weighted empty-board mobility, averaged over reachable squares */
  int value[MAX_TYPES];       /* material, middle game; 0 for royal types */
  int value_eg[MAX_TYPES];    /* material, end game */
  int hand_value[MAX_TYPES];  /* a piece of this type in hand */
  int exchange[MAX_TYPES];    /* value for exchange counting (SEE): royal types are huge */
  bool royal[MAX_TYPES];
  bool promotes[MAX_TYPES];
  bool forward_only[MAX_TYPES]; /* never moves backwards: its moves are irreversible */
  bool pawn_like[MAX_TYPES];    /* forward-only and cheapest non-royal class */
  bool colour_bound[MAX_TYPES];
  int start_material; /* non-royal material of both sides in the start position */
  /* Piece-square terms, indexed by actual square and colour. */
  int16_t psq_mg[MAX_TYPES][2][GEO_MAX_SQUARES];
  int16_t psq_eg[MAX_TYPES][2][GEO_MAX_SQUARES];
  /* Steps counted for mobility on the actual board, per type: direction (for White), most
   * steps, whether it may move and capture there, destination zone. */
  struct EvalStep {
    int8_t dx, dy, range, to_zone;
    bool moves, captures;
  } steps[MAX_TYPES][MAX_ATOMS];
  int step_count[MAX_TYPES];
  /* End-game bonus of a passed pawn-like piece that promotes (none ahead to stop it). */
  int16_t passed_eg[MAX_TYPES][2][GEO_MAX_SQUARES];
} EvalTables;

/* Derives the tables for r (which must be finalised).  e may be large: allocate it on the heap. */
void ev_init(EvalTables *e, const Rules *r);

/* The classical evaluation: material, hand, piece-square, pawn-like structure (doubled, passed),
 * shelter of the royal pieces, tapered by the material left. */
int ev_classic(const EvalTables *e, const Position *p);

/* What the search calls.  `evaluate` receives the Evaluator itself so that a net keeps its
 * weights in `context`; ev_default gives the classical evaluation.  A net that adds to the
 * classical score calls ev_classic(self->tables, p) itself. */
typedef struct Evaluator Evaluator;
struct Evaluator {
  int (*evaluate)(const Evaluator *self, const Position *p);
  const EvalTables *tables;
  void *context;
};
void ev_default(Evaluator *ev, const EvalTables *tables);

static inline int ev_evaluate(const Evaluator *ev, const Position *p) { return ev->evaluate(ev, p); }

#ifdef __cplusplus
}
#endif
#endif
