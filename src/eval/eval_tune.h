/* Texel-style tuning of the classical evaluation's weights: positions labelled with the result
 * of the game they come from, the weights fitted so that a sigmoid of the evaluation predicts
 * the results (least squares, Adam).  The evaluation is linear in its weights (EvalFeatures),
 * so each position is reduced once to its few non-zero features and every pass is cheap.
 * Used by herald-tune (tools/tune/); nothing here prints. */
#ifndef HERALD_EVAL_EVAL_TUNE_H
#define HERALD_EVAL_EVAL_TUNE_H

#include <stdbool.h>
#include <stddef.h>

#include "eval/eval.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct EvTuneSet EvTuneSet;

EvTuneSet *ev_tune_new(const EvalTables *e);
void ev_tune_free(EvTuneSet *set);
/* Adds position p with the result of its game from White's view (1, 0.5, 0). */
bool ev_tune_add(EvTuneSet *set, const Position *p, double white_result);
/* The same with a search's score of p (centipawns, White's view, within EV_TUNE_SCORE_LIMIT),
 * which the fit may blend into the label (EvTuneConfig.score_weight). */
enum { EV_TUNE_SCORE_LIMIT = 100000 };
bool ev_tune_add_scored(EvTuneSet *set, const Position *p, double white_result, int white_score);
size_t ev_tune_count(const EvTuneSet *set);

/* A line of a data file: "FEN | RESULT" or "FEN | RESULT | SCORE", the result from White's view
 * (1, 0.5, 0, or 1-0, 1/2-1/2, 0-1) and a search's score in centipawns, also White's view.
 * Blank lines and lines starting with '#' are skipped (true, *added false).  False with a
 * reason in err when the line is neither. */
bool ev_tune_add_line(EvTuneSet *set, const char *line, bool *added, char *err, int errlen);
/* Reads such a line for rules r into p (set up as pos_set_fen wants it), the result and the
 * score (NAN when the line has none); *is_data false for a blank or comment line. */
bool ev_tune_parse_line(const Rules *r, const char *line, Position *p, double *white_result, float *white_score,
                        bool *is_data, char *err, int errlen);

typedef struct EvTuneConfig {
  int epochs;           /* passes of gradient descent; 0: 2000 */
  double rate;          /* Adam's step, in centipawns; 0: 1.0 */
  int validation_every; /* every n-th position is held out to measure; 0: 10 */
  /* Positions the start weights judge beyond this many centipawns are left out: a game whose
   * material already decided it teaches only that more is better, and drives the weights of
   * what decided it beyond all measure; 0: 1000, negative: none left out. */
  int decided;
  /* Each weight is drawn back toward its start: the error grows by l2 times the square of the
   * distance (in centipawns) summed over the weights; 0: 1e-8 (a weight 100 centipawns away
   * costs 0.0001), negative: none. */
  double l2;
  /* The label of a position with a score: (1 - score_weight) * result + score_weight *
   * sigmoid(score), the sigmoid's scale the one fitted to the results.  A search's score is a
   * less noisy judgement of the position than the one result of its game.  0: results only. */
  double score_weight;
  void (*on_progress)(void *context, int epoch, int epochs, double train_loss, double validation_loss);
  void *context;
} EvTuneConfig;

typedef struct EvTuneReport {
  double k;                                   /* the sigmoid's scale fitted to the start weights */
  double train_before, train_after;           /* mean squared error on the fitted positions */
  double validation_before, validation_after; /* and on the held-out ones */
  size_t train_positions, validation_positions;
  size_t decided_positions; /* left out (EvTuneConfig.decided) */
  size_t scored_positions;  /* with a search's score */
} EvTuneReport;

/* Fits the weights in use (ev_weight_count) starting from *weights, which gets the result,
 * rounded to whole numbers.  False when the set holds no position. */
bool ev_tune_fit(EvTuneSet *set, const EvTuneConfig *config, EvalWeights *weights, EvTuneReport *report);

#ifdef __cplusplus
}
#endif
#endif
