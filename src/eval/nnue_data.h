/* Training positions for a net (nnue.h), in the file tools/train/ reads.
 *
 * The file is gzip-compressed little-endian binary: the magic "HERALDND", a version, the game's
 * name, its rules hash, board, piece types and feature count as a net's header has them, the
 * number of features a record holds (K) and of records, each type's letter and promoted mark,
 * then for every feature f the feature that Black's perspective sees for what White's sees as
 * f (so that the trainer need not know how features are made), then the records: the side to
 * move (0 White, 1 Black), the result (0 Black won, 1 drawn, 2 White won), the search's score
 * in centipawns from White's view (-32768: none), the classical evaluation's score, also from
 * White's view (what a net that corrects it adds to: nnue.h), and the K features of White's
 * perspective (0xFFFF where a position has fewer). */
#ifndef HERALD_EVAL_NNUE_DATA_H
#define HERALD_EVAL_NNUE_DATA_H

#include <stdbool.h>
#include <stddef.h>

#include "eval/eval.h"
#include "rules/position.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { NN_DATA_VERSION = 2, NN_DATA_NO_SCORE = -32768, NN_DATA_SCORE_LIMIT = 32000 };

typedef struct NnData NnData;

/* Positions of r's game, each with the classical evaluation of tables (which must outlive d);
 * NULL when out of memory or r's features do not fit 16 bits. */
NnData *nn_data_new(const Rules *r, const EvalTables *tables);
void nn_data_free(NnData *d);
/* Adds p, the result of its game from White's view (1, 0.5, 0) and a search's score from White's
 * view (NAN for none; clamped to NN_DATA_SCORE_LIMIT).  False when out of memory. */
bool nn_data_add(NnData *d, const Position *p, double white_result, float white_score);
size_t nn_data_count(const NnData *d);
/* Writes the positions added, gzip-compressed, to path.  False with err. */
bool nn_data_write(const NnData *d, const char *path, char *err, int errlen);

#ifdef __cplusplus
}
#endif
#endif
