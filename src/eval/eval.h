/* Static evaluation for any rule set, with no piece names: every term is derived from the
 * movement atoms of the Rules (mobility on the empty board, reach, direction of movement,
 * promotion and royalty).  Scores are centipawn-like and from the side to move's view.
 *
 * An Evaluator is a function plus its context, so that a net can replace the classical
 * evaluation, or add to it, without touching the search. */
#ifndef HERALD_EVAL_EVAL_H
#define HERALD_EVAL_EVAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/position.h"
#include "rules/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { EV_MAX_VALUE = 20000 /* stands for a royal piece in exchange counts */ };

/* The weights of the classical evaluation: the score is linear in them, a middle-game and an
 * end-game sum tapered by the material left, so that a tuner (herald-tune) can fit them to the
 * results of games.  Terms that scale a derived table (piece-square, passed) count in percent
 * of it.  ev_init sets every weight from the movement alone; terms whose default is 0 are only
 * used once a tuned file (nets/GAME.eval.gz) gives them a value. */
typedef struct EvalPair {
  int mg, eg;
} EvalPair;

typedef enum EvalTerm {                  /* the percent terms first (ev_weight_scale) */
                        EV_PSQ,          /* percent of the derived piece-square tables */
                        EV_PASSED,       /* percent of the derived bonus of a passed pawn-like piece */
                        EV_DOUBLED,      /* a further pawn-like piece of a type on one file */
                        EV_ISOLATED,     /* a pawn-like piece with no own pawn-like piece on a neighbouring file */
                        EV_CONNECTED,    /* a pawn-like piece beside or just behind another on a neighbouring file */
                        EV_SHELTER,      /* own pieces next to the royal piece, three at most */
                        EV_ROYAL_THREAT, /* enemy pieces (not pawn-like) within two squares of the royal piece */
                        EV_PAIR,         /* two colour-bound pieces of a type, on squares of both colours */
                        EV_PAWN_THREAT,  /* an enemy piece (not pawn-like, not royal) that a pawn-like piece attacks */
                        EV_CHECKS,       /* checks given where they win (three-check): ev_check_units */
                        EV_PIECE_THREAT, /* an enemy piece (not royal) attacked by a piece (not pawn-like) worth less */
                        EV_HANGING,      /* an enemy piece (not royal, not pawn-like) attacked and not defended */
                        EV_TEMPO,        /* the side to move */
                        EV_TERMS
} EvalTerm;

/* Per piece type: its material on the board and in hand, and each square it reaches. */
enum { EV_PER_TYPE = 3, EV_TYPE_VALUE = 0, EV_TYPE_HAND = 1, EV_TYPE_MOBILITY = 2 };
enum { EV_WEIGHTS = EV_TERMS + EV_PER_TYPE * MAX_TYPES };

/* The EV_CHECKS feature of a side that has given `given` of the `limit` checks that win:
 * 9 * (given / limit)^2, rounded down (three-check: 0, 1, 4; five-check: 0, 0, 1, 3, 5). */
static inline int ev_check_units(int limit, int given) { return limit ? 9 * given * given / (limit * limit) : 0; }

/* Weight i: the terms first, then for each type its value, hand and mobility weights. */
static inline int ev_type_weight(int type, int which) { return EV_TERMS + EV_PER_TYPE * type + which; }

typedef struct EvalWeights {
  EvalPair w[EV_WEIGHTS];
} EvalWeights;

/* The features of a position that the weights multiply, White's minus Black's (tempo: +1 when
 * White moves, -1 when Black does), with the game phase (256 = all material left, 0 = none).
 * The evaluation from White's view is (mg * phase + eg * (256 - phase)) / 256, where
 * mg = sum of w[i].mg * mg[i] / scale[i] (scale 100 for percent terms, else 1) and eg alike;
 * tempo is tapered on its own and added after. */
typedef struct EvalFeatures {
  int mg[EV_WEIGHTS], eg[EV_WEIGHTS];
  int phase;
  int used; /* features 0 .. used-1 are set: EV_TERMS + EV_PER_TYPE * type_count */
} EvalFeatures;

/* A ray of a piece's mobility as square sets (EvalTables.rays).  Its squares run up or down
 * the square numbers, its steps being all alike. */
typedef struct EvalRay {
  uint64_t squares, quiet, capture; /* the ray; where it counts when empty, when enemy */
  bool up;                          /* the nearest square has the lowest number */
} EvalRay;

/* Per-type figures derived once from a Rules value. */
typedef struct EvalTables {
  const Rules *rules;
  int squares;
  int words; /* the words of a Bits that hold squares: (squares + 63) / 64 */
  /* Each square's file, rank and colour ((file + rank) & 1), without a division per look. */
  uint8_t file_of[GEO_MAX_SQUARES], rank_of[GEO_MAX_SQUARES], colour_of[GEO_MAX_SQUARES];
  double mobility[MAX_TYPES]; /* weighted empty-board mobility, averaged over reachable squares */
  int value[MAX_TYPES];       /* material, middle game; 0 for royal types */
  int value_eg[MAX_TYPES];    /* material, end game */
  int hand_value[MAX_TYPES];  /* a piece of this type in hand */
  int exchange[MAX_TYPES];    /* value for exchange counting (SEE): royal types are huge */
  /* The most a move onto the square can add in exchange by promoting (the piece it becomes less
   * the one it was), either side, any choice: a bound for the exchange's early stop (see.c). */
  int promotion_bound[GEO_MAX_SQUARES];
  bool royal[MAX_TYPES];
  bool promotes[MAX_TYPES];
  bool forward_only[MAX_TYPES]; /* never moves backwards: its moves are irreversible */
  bool pawn_like[MAX_TYPES];    /* forward-only and cheapest non-royal class */
  bool colour_bound[MAX_TYPES];
  /* For each type, the types (bit t), neither royal nor pawn-like, worth at least a fifth less
   * in exchange: an attack by one of them threatens it (EV_PIECE_THREAT). */
  uint32_t lesser_types[MAX_TYPES];
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
  /* The same steps laid out square by square, so that the search's evaluation walks a list
   * instead of the board's geometry: for type t and colour c on sq, reach[reach_first[(t * 2 +
   * c) * squares + sq]] is the number of rays, then each ray's length and its squares in order,
   * each flagged EV_REACH_QUIET and EV_REACH_CAPTURE (it counts when empty, when it holds an
   * enemy piece).  On the heap: ev_free releases them. */
  uint32_t *reach_first;
  uint16_t *reach;
  /* On boards of 64 squares at most, the same rays as square sets, read without a branch per
   * square: rays[ray_first[(t * 2 + c) * squares + sq]] up to the next slot's first.  NULL on
   * larger boards. */
  EvalRay *rays;
  uint32_t *ray_first;
  /* The rays of one square (leaps, and steps of range one) of a slot, taken out of rays when no
   * two of them share their square: such a ray counts where it is empty or, if it may capture,
   * holds an enemy, so that the slot's all count in two population counts.  By slot. */
  struct EvalLeapSet {
    uint64_t quiet, capture;
  } * leap_sets;
  /* Where the rules have slider tables (rules_slider_table): by slot, bit g when the slot's four
   * rays of group g (0 orthogonal, 1 diagonal), each a whole line that moves and captures, are
   * taken out of rays and read from the group's table instead; NULL where nothing is. */
  uint8_t *slider_groups;
  const uint64_t *group_mask[2], *group_attacks[2];
  const uint32_t *group_offset[2];
  /* End-game bonus of a passed pawn-like piece that promotes (none ahead to stop it). */
  int16_t passed_eg[MAX_TYPES][2][GEO_MAX_SQUARES];
  /* The squares that must hold no enemy pawn-like piece for one of colour c on sq to be passed:
   * every rank ahead of it, on its file and the two beside. */
  Bits passed_ahead[2][GEO_MAX_SQUARES];
  /* The squares around sq: next to it, and within two files and two ranks of it. */
  Bits around_one[GEO_MAX_SQUARES], around_two[GEO_MAX_SQUARES];
  /* The squares beside sq and beside the square behind it (for colour c): a pawn-like piece
   * with one of its own there is connected. */
  Bits pawn_support[2][GEO_MAX_SQUARES];
  /* The capturing leaps of pawn-like types (for White), for the threats they make. */
  struct EvalLeap {
    int8_t dx, dy;
  } pawn_captures[MAX_TYPES][8];
  int pawn_capture_count[MAX_TYPES];
  /* The same captures as square sets, pawn_attacks[(t * 2 + c) * squares + sq], for the
   * pawn-like types t whose captures from a square never meet on one square (attack_sets[t]);
   * a threat counts once per capture that makes it.  On the heap, NULL where none. */
  Bits *pawn_attacks;
  bool pawn_attack_sets[MAX_TYPES];
  EvalWeights weights;          /* ev_init's defaults, or a tuned file's (eval_weights.h) */
  EvalWeights defaults;         /* ev_init's, kept for a file that names only some weights */
  bool pawn_relations;          /* some weight of isolated, connected or pawn threats is set */
  bool piece_threats;           /* some weight of EV_PIECE_THREAT or EV_HANGING is set */
  int8_t pawn_types[MAX_TYPES]; /* the pawn-like types, in order */
  int pawn_type_count;
  uint64_t serial; /* unique to this ev_init in the process (never 0): eval_pawns.h's cache key */
} EvalTables;

enum { EV_REACH_SQUARE = 0xff, EV_REACH_QUIET = 0x100, EV_REACH_CAPTURE = 0x200 };

/* The square a capture k of pawn-like type t of colour c on sq lands on, or -1 off the board. */
static inline int ev_pawn_capture_square(const EvalTables *e, int t, int c, int sq, int k) {
  const Geometry *g = &e->rules->geo;
  int dx = c == BLACK && e->rules->types[t].turned ? -e->pawn_captures[t][k].dx : e->pawn_captures[t][k].dx;
  int tx = e->file_of[sq] + dx, ty = e->rank_of[sq] + e->pawn_captures[t][k].dy * (c == WHITE ? 1 : -1);
  return geo_on_board(g, tx, ty) ? geo_square(g, tx, ty) : -1;
}

/* The squares pawn-like type t of colour c on sq attacks, as one set, where its type has them
 * (pawn_attack_sets[t]); NULL where its captures are read one by one (ev_pawn_capture_square). */
static inline const Bits *ev_pawn_attack_set(const EvalTables *e, int t, int c, int sq) {
  return e->pawn_attack_sets[t] ? &e->pawn_attacks[((size_t)t * 2 + (size_t)c) * (size_t)e->squares + (size_t)sq]
                                : NULL;
}

/* Derives the tables for r (which must be finalised).  e may be large: allocate it on the heap.
 * False when memory ran out (e then holds nothing to free). */
bool ev_init(EvalTables *e, const Rules *r);
/* Releases what ev_init allocated inside e (not e itself). */
void ev_free(EvalTables *e);

/* The classical evaluation: material, hand, piece-square, pawn-like structure (doubled, passed),
 * shelter of the royal pieces, tapered by the material left. */
int ev_classic(const EvalTables *e, const Position *p);

/* The features of p (see EvalFeatures), for a tuner: ev_score_features(&e->weights, f) is
 * ev_classic(e, p) seen from White. */
void ev_features(const EvalTables *e, const Position *p, EvalFeatures *f);
/* Puts weights w in force (the search's tables: not during a search). */
void ev_set_weights(EvalTables *e, const EvalWeights *w);
/* White's view of the features under weights w (what ev_classic returns for White to move). */
int ev_score_features(const EvalWeights *w, const EvalFeatures *f);
/* Scale of weight i: 100 for the percent terms, else 1. */
static inline int ev_weight_scale(int i) { return i == EV_PSQ || i == EV_PASSED ? 100 : 1; }

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
