/* Efficiently updatable neural networks (NNUE) for any rule set: the features a position gives
 * the net, the net's file (nets/GAME.nnue.gz), and an Evaluator that scores with it.
 *
 * The features are derived from the board and the hands alone, never from piece names, so the
 * same architecture fits every board Herald plays (up to 16x16, with holes) and games no other
 * engine knows.  Each side sees the position from its own view: for perspective c, a piece of
 * colour pc and type t on square s is feature
 *     ((pc != c) * T + t) * S + (c == White ? s : s with its rank mirrored)
 * (T types, S squares, holes included), and in games with drops a side holding n pieces of a
 * type in hand has the features "at least 1", ..., "at least min(n, 16)" of that type.  A
 * position's two feature sets feed one shared layer (features -> hidden, int16), the side to
 * move's half first; both halves go through a squared clipped ReLU to one output (int16
 * weights, int32 sums): the score in centipawns from the side to move's view.
 *
 * The file is gzip-compressed little-endian binary: the magic "HERALDNN", a version, the game's
 * name, the hash of its rules (nn_rules_hash), its board and its piece list, the sizes, then
 * whether the net adds to the classical evaluation (a correction, learnt from fewer positions
 * than a whole evaluation needs), then the weights.  A net is refused for any other game or any other version of the game's rules,
 * so it can never be loaded for the wrong game.  tools/train/ writes such files. */
#ifndef HERALD_EVAL_NNUE_H
#define HERALD_EVAL_NNUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "eval/eval.h"
#include "rules/position.h"
#include "rules/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
  NN_VERSION = 2,
  NN_HAND_SLOTS = 16,  /* hand features per type and colour, in games with drops */
  NN_MAX_HIDDEN = 512, /* keeps every int32 sum of the output layer from overflowing */
  NN_QA = 255,         /* the shared layer's quantisation: 1.0 is 255, and its clip */
  NN_QB = 64,          /* the output weights': 1.0 is 64 */
  NN_SCALE = 400,      /* the output, 1.0, in centipawns */
  NN_MAX_FILE_BYTES = 64 << 20
};

typedef struct NnueNet {
  char game[32];
  uint32_t rules_hash;
  int width, height, squares, type_count, hand_slots;
  int features, hidden;
  unsigned char pieces[MAX_TYPES][2]; /* each type's letter and whether it is a promoted form */
  uint64_t serial;                    /* unique to this net in the process: the accumulator caches' key */
  int16_t *ft_weights;                /* features x hidden, feature-major */
  int16_t *ft_bias;                   /* hidden */
  int16_t *out_weights;               /* 2 x hidden: the side to move's half, then the other side's */
  int32_t out_bias;                   /* in units of NN_QA * NN_QB */
  bool adds_classical;                /* the net corrects the classical evaluation: its output is added to it */
} NnueNet;

/* A hash of what a net depends on in r: the board, its holes, the piece types (letter, promoted
 * form, royalty, movement) and the start position. */
uint32_t nn_rules_hash(const Rules *r);
/* Hand features per type and colour: NN_HAND_SLOTS in games with drops, else 0. */
int nn_hand_slots(const Rules *r);
/* The number of input features of r's nets (at most 65,535, so that a feature is 16 bits). */
int nn_feature_count(const Rules *r);
/* Most features a position may have for one perspective. */
static inline int nn_max_active(const Rules *r) { return r->geo.squares + 2 * r->type_count * nn_hand_slots(r); }
/* The feature of a piece (board code) on square sq, seen from perspective c. */
static inline int nn_board_feature(const Rules *r, int c, int code, int sq) {
  const Geometry *g = &r->geo;
  int relative = (piece_color(code) != c) * r->type_count + piece_type(code);
  int seen = c == WHITE ? sq : geo_square(g, geo_file(g, sq), g->height - 1 - geo_rank(g, sq));
  return relative * g->squares + seen;
}
/* The feature "colour pc holds at least k (from 1) pieces of type t in hand", seen from c. */
static inline int nn_hand_feature(const Rules *r, int c, int pc, int t, int k) {
  int relative = (pc != c) * r->type_count + t;
  return 2 * r->type_count * r->geo.squares + relative * nn_hand_slots(r) + k - 1;
}
/* The features of p seen from perspective (WHITE or BLACK), in board then hand order; returns
 * how many (out holds nn_max_active(r)). */
int nn_active_features(const Position *p, int perspective, uint16_t *out);

/* A net for r with `hidden` units (a multiple of 16, up to NN_MAX_HIDDEN) and every weight 0;
 * NULL when out of memory or hidden is not allowed. */
NnueNet *nn_create(const Rules *r, int hidden);
void nn_free(NnueNet *net);
/* A net file's bytes, already inflated, for r: NULL with "file: reason" in err when they are not
 * a net, or a net of another game or another version of its rules. */
NnueNet *nn_parse(const Rules *r, const void *bytes, size_t len, const char *file, char *err, int errlen);
/* Reads the file at path (gzip or plain) as nn_parse does. */
NnueNet *nn_read(const Rules *r, const char *path, char *err, int errlen);
/* The name of the game a net file's bytes (inflated) were made for, from its header, in game:
 * false when they are no net of this format version.  Bytes that nn_parse takes for r always
 * name r's game so. */
bool nn_bytes_game(const void *bytes, size_t len, char *game, int gamelen);
/* The same for the file at path (gzip or plain): false with "path: reason" in err. */
bool nn_file_game(const char *path, char *game, int gamelen, char *err, int errlen);
/* The net shipped in the binary for r (nets/NAME.nnue.gz): NULL with *found false when there is
 * none, NULL with *found true and err when it does not load. */
NnueNet *nn_builtin(const Rules *r, bool *found, char *err, int errlen);
/* The bytes of net's file before compression (what nn_parse reads); malloc'd, NULL when out of
 * memory. */
unsigned char *nn_format(const NnueNet *net, size_t *len);
/* Writes net gzip-compressed to path.  False with err. */
bool nn_write(const NnueNet *net, const char *path, char *err, int errlen);

/* The net's output for p, from the side to move's view, computed from scratch (without the
 * classical evaluation that a net which adds to it is added to: nn_evaluator does that). */
int nn_evaluate_scratch(const NnueNet *net, const Position *p);
/* The same, with each thread's accumulators kept from the positions it evaluated before and
 * brought up to date with only the squares and hand counts that changed since one of them
 * (moves, drops, promotions, castling, and whatever side effects a referee decided alike). */
int nn_evaluate(const NnueNet *net, const Position *p);
/* An Evaluator that scores with net (which must outlive it): its output, plus the classical
 * evaluation of tables where the net adds to it. */
void nn_evaluator(Evaluator *ev, const EvalTables *tables, const NnueNet *net);
/* Frees the calling thread's accumulators (threads' own are freed when they end). */
void nn_thread_release(void);

#ifdef __cplusplus
}
#endif
#endif
