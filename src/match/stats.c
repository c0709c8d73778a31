/* Elo and SPRT arithmetic for herald-match and herald-selfplay. */
#include "match/stats.h"

#include <math.h>
#include <stdio.h>

/* Two-sided 95% quantile of the normal distribution. */
static const double Z95 = 1.959963984540054;

double mt_elo_of_score(double s) {
  if (s <= 0) return -999;
  if (s >= 1) return 999;
  double e = -400.0 * log10(1.0 / s - 1.0);
  return e < -999 ? -999 : e > 999 ? 999 : e;
}

double mt_score_of_elo(double elo) { return 1.0 / (1.0 + pow(10.0, -elo / 400.0)); }

/* Mean and variance of the per-game score (1, 1/2, 0). */
static void moments(MtTally t, double *mean, double *variance) {
  int n = t.wins + t.draws + t.losses;
  *mean = *variance = 0;
  if (!n) return;
  double m = (t.wins + 0.5 * t.draws) / n;
  *mean = m;
  *variance = (t.wins * (1 - m) * (1 - m) + t.draws * (0.5 - m) * (0.5 - m) + t.losses * m * m) / n;
}

void mt_score_interval(MtTally t, double *mean, double *half_width) {
  double variance;
  moments(t, mean, &variance);
  int n = t.wins + t.draws + t.losses;
  *half_width = n ? Z95 * sqrt(variance / n) : 0;
}

MtEloEstimate mt_elo_estimate(MtTally t) {
  MtEloEstimate e = {0};
  e.games = t.wins + t.draws + t.losses;
  if (!e.games) return e;
  double half;
  mt_score_interval(t, &e.score, &half);
  e.elo = mt_elo_of_score(e.score);
  double lo = e.score - half, hi = e.score + half;
  /* An interval reaching a score of 0 or 1 bounds nothing: the margin is then the cap. */
  if (half > 0) e.margin = lo > 0 && hi < 1 ? (mt_elo_of_score(hi) - mt_elo_of_score(lo)) / 2 : 999;
  /* All wins (or all losses): the +/-999 and zero spread above would claim certainty where n
   * games only bound the score from one side.  The one-sided 95% Clopper-Pearson bound of n
   * successes in n trials is 0.05^(1/n). */
  if (t.wins == e.games || t.losses == e.games) {
    double p = pow(0.05, 1.0 / e.games);
    e.one_sided = t.wins == e.games ? 1 : -1;
    e.bound = e.one_sided * mt_elo_of_score(p);
  }
  return e;
}

const char *mt_elo_text(const MtEloEstimate *e, char *text, int cap) {
  if (e->one_sided)
    snprintf(text, cap, "Elo %c %+.1f (95%%)", e->one_sided > 0 ? '>' : '<', e->bound + 0.0);
  else
    snprintf(text, cap, "Elo %+.1f +/- %.1f", e->elo + 0.0, e->margin);
  return text;
}

double mt_los(MtTally t) {
  int decisive = t.wins + t.losses;
  if (!decisive) return 0.5;
  return 0.5 * (1 + erf((t.wins - t.losses) / sqrt(2.0 * decisive)));
}

double mt_draw_ratio(MtTally t) {
  int n = t.wins + t.draws + t.losses;
  return n ? (double)t.draws / n : 0;
}

MtTally mt_tally_reversed(MtTally t) { return (MtTally){t.losses, t.draws, t.wins}; }

double mt_sprt_llr(const MtSprt *s, MtTally t) {
  int n = t.wins + t.draws + t.losses;
  if (!n) return 0;
  double mean, variance;
  moments(t, &mean, &variance);
  /* All results alike (an engine that always crashes) leave no spread to divide by: the
   * variance is then taken with one pseudo win and one pseudo loss added, so that a one-sided
   * match is still decided, and soon. */
  if (variance <= 0) {
    double ignored;
    moments((MtTally){t.wins + 1, t.draws, t.losses + 1}, &ignored, &variance);
  }
  double s0 = mt_score_of_elo(s->elo0), s1 = mt_score_of_elo(s->elo1);
  return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
}

void mt_sprt_bounds(const MtSprt *s, double *lower, double *upper) {
  *lower = log(s->beta / (1 - s->alpha));
  *upper = log((1 - s->beta) / s->alpha);
}

MtSprtVerdict mt_sprt_verdict(const MtSprt *s, MtTally t, double *llr) {
  double lower, upper, l = mt_sprt_llr(s, t);
  mt_sprt_bounds(s, &lower, &upper);
  if (llr) *llr = l;
  if (t.wins + t.draws + t.losses < s->min_games) return MT_SPRT_CONTINUE;
  return l >= upper ? MT_SPRT_H1 : l <= lower ? MT_SPRT_H0 : MT_SPRT_CONTINUE;
}
