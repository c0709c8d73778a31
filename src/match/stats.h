/* Match statistics: score, Elo difference with its 95% interval (or a one-sided bound when one
 * engine won every game), likelihood of superiority, draw ratio, and the sequential probability
 * ratio test that stops a match once it is decided.  Pure functions, no I/O. */
#ifndef HERALD_MATCH_STATS_H
#define HERALD_MATCH_STATS_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Results of the first engine (wins, draws, losses). */
typedef struct MtTally {
  int wins, draws, losses;
} MtTally;

typedef struct MtEloEstimate {
  int games;
  double score;  /* points per game, 0..1 */
  double elo;    /* Elo difference implied by the score (+/-inf at 0 and 1 clamped to +/-999) */
  double margin; /* half width of the 95% interval of elo; 0 with no spread in the results,
                        999 when the interval of the score reaches 0 or 1 */
  int one_sided; /* +1: every game won, so elo is only known to be above `bound`; -1: every
                        game lost, below it; 0: two-sided, elo +/- margin */
  double bound;  /* the one-sided 95% bound (see mt_elo_estimate) */
} MtEloEstimate;

/* Elo difference of an expected score s in (0,1): -400 log10(1/s - 1). */
double mt_elo_of_score(double s);
/* Expected score of an Elo difference: 1 / (1 + 10^(-elo/400)). */
double mt_score_of_elo(double elo);
/* Score, Elo and its 95% interval.  A tally of wins only (or losses only) has no spread and an
 * infinite Elo: the estimate is then one-sided, the Elo of the score p with p^n = 0.05 (the
 * exact binomial bound: a weaker engine scoring p a game wins all n games less than 5% of the
 * time). */
MtEloEstimate mt_elo_estimate(MtTally t);
/* "Elo +12.3 +/- 45.6", or "Elo > +182.3 (95%)" / "Elo < -182.3 (95%)" when one-sided, into
 * text (cap bytes); returns text. */
const char *mt_elo_text(const MtEloEstimate *e, char *text, int cap);
/* Likelihood of superiority, 0..1: the probability that the first engine is the stronger,
 * from wins and losses (draws say nothing): Phi((W - L) / sqrt(W + L)); 0.5 without any. */
double mt_los(MtTally t);
/* Draws per game, 0..1 (0 without games). */
double mt_draw_ratio(MtTally t);
/* The same games from the other engine's side: wins and losses swapped. */
MtTally mt_tally_reversed(MtTally t);

typedef enum { MT_SPRT_CONTINUE, MT_SPRT_H0, MT_SPRT_H1 } MtSprtVerdict;

typedef struct MtSprt {
  double elo0, elo1, alpha, beta;
  /* No verdict before this many games: a few games' spread understates the score's variance
   * (+11 =1 -0 gives an LLR past 4 against elo1 = 10), which the normal approximation trusts. */
  int min_games;
} MtSprt;

/* Log-likelihood ratio of H1 (elo1) against H0 (elo0) after the games of t, by the normal
 * approximation of the per-game score: N (s1 - s0)(2 mean - s0 - s1) / (2 variance).  When all
 * results are alike the variance is that of the tally plus one win and one loss. */
double mt_sprt_llr(const MtSprt *s, MtTally t);
/* The bounds log(beta / (1 - alpha)) and log((1 - beta) / alpha). */
void mt_sprt_bounds(const MtSprt *s, double *lower, double *upper);
/* H1 when the LLR reaches the upper bound, H0 the lower, with at least min_games played. */
MtSprtVerdict mt_sprt_verdict(const MtSprt *s, MtTally t, double *llr);

/* Mean and 95% half width of the per-game score of a tally, for "first-player advantage". */
void mt_score_interval(MtTally t, double *mean, double *half_width);

#ifdef __cplusplus
}
#endif
#endif
