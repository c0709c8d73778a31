// Elo and SPRT arithmetic against values worked out by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "match/stats.h"

namespace {

TEST(MatchStats, EloOfScore) {
  EXPECT_NEAR(mt_elo_of_score(0.5), 0.0, 1e-9);
  // 0.75: -400 log10(1/0.75 - 1) = 400 log10 3 = 190.8485
  EXPECT_NEAR(mt_elo_of_score(0.75), 190.8485, 1e-3);
  EXPECT_NEAR(mt_elo_of_score(0.25), -190.8485, 1e-3);
  EXPECT_EQ(mt_elo_of_score(1.0), 999);
  EXPECT_EQ(mt_elo_of_score(0.0), -999);
  EXPECT_NEAR(mt_score_of_elo(0), 0.5, 1e-12);
  EXPECT_NEAR(mt_score_of_elo(mt_elo_of_score(0.63)), 0.63, 1e-12);
}

TEST(MatchStats, EloEstimateWithInterval) {
  // +6 =2 -2: mean 0.7; variance (6*0.3^2 + 2*0.2^2 + 2*0.7^2)/10 = 0.16;
  // half width 1.96 * sqrt(0.016) = 0.24792; interval [0.45208, 0.94792];
  // Elo 147.19; margin (504.01 - (-33.43)) / 2 = 268.72.
  MtEloEstimate e = mt_elo_estimate(MtTally{6, 2, 2});
  EXPECT_EQ(e.games, 10);
  EXPECT_NEAR(e.score, 0.7, 1e-12);
  EXPECT_NEAR(e.elo, 147.19, 0.01);
  EXPECT_NEAR(e.margin, 268.72, 0.01);
  double mean, half;
  mt_score_interval(MtTally{6, 2, 2}, &mean, &half);
  EXPECT_NEAR(half, 0.24792, 1e-5);
  // All draws: no spread, no interval.
  EXPECT_EQ(mt_elo_estimate(MtTally{0, 5, 0}).margin, 0);
  EXPECT_EQ(mt_elo_estimate(MtTally{0, 0, 0}).games, 0);
  // +1 -3: mean 0.25, half width 1.96 * sqrt(0.1875 / 4) = 0.4244 reaches below 0.
  EXPECT_EQ(mt_elo_estimate(MtTally{1, 0, 3}).margin, 999);
}

TEST(MatchStats, SprtBoundsAndLlr) {
  MtSprt s{0, 10, 0.05, 0.05, 0};
  double lower, upper;
  mt_sprt_bounds(&s, &lower, &upper);
  EXPECT_NEAR(lower, std::log(0.05 / 0.95), 1e-12); // -2.94444
  EXPECT_NEAR(upper, 2.944439, 1e-6);
  // s1 = 1/(1+10^(-10/400)) = 0.514387; LLR = 10 * 0.014387 * (1.4 - 1.014387) / 0.32 = 0.17337
  EXPECT_NEAR(mt_sprt_llr(&s, MtTally{6, 2, 2}), 0.17337, 1e-4);
  double llr;
  EXPECT_EQ(mt_sprt_verdict(&s, MtTally{6, 2, 2}, &llr), MT_SPRT_CONTINUE);
  // 10x the games: LLR scales with N, 1.7337 still inside; 20x: 3.467 > upper.
  EXPECT_EQ(mt_sprt_verdict(&s, MtTally{120, 40, 40}, &llr), MT_SPRT_H1);
  EXPECT_NEAR(llr, 3.4674, 1e-3);
  // The mirror image accepts H0.
  EXPECT_EQ(mt_sprt_verdict(&s, MtTally{40, 40, 120}, &llr), MT_SPRT_H0);
  // +10 =0 -0: variance from +11 -1: mean 11/12, var 11/144; LLR uses the real mean 1:
  // 10 * 0.014387 * (2 - 1.014387) / (2 * 11/144) = 0.92823
  EXPECT_NEAR(mt_sprt_llr(&s, MtTally{10, 0, 0}), 0.92823, 1e-4);
  EXPECT_EQ(mt_sprt_llr(&s, MtTally{0, 0, 0}), 0);
}

TEST(MatchStats, SprtWaitsForItsMinimumOfGames) {
  // +11 =1 -0: the spread of so few games is small, and the LLR past the upper bound.
  MtSprt s{0, 10, 0.05, 0.05, 0};
  double llr;
  EXPECT_EQ(mt_sprt_verdict(&s, MtTally{11, 1, 0}, &llr), MT_SPRT_H1);
  EXPECT_GT(llr, 4);
  s.min_games = 100;
  EXPECT_EQ(mt_sprt_verdict(&s, MtTally{11, 1, 0}, &llr), MT_SPRT_CONTINUE);
  EXPECT_GT(llr, 4); // the LLR is still reported
  EXPECT_EQ(mt_sprt_verdict(&s, MtTally{40, 40, 120}, &llr), MT_SPRT_H0);
  EXPECT_EQ(mt_sprt_verdict(&s, MtTally{70, 20, 9}, &llr), MT_SPRT_CONTINUE);
  EXPECT_GT(llr, 2.95);
  EXPECT_EQ(mt_sprt_verdict(&s, MtTally{70, 20, 10}, &llr), MT_SPRT_H1);
}

TEST(MatchStats, AllWinsGiveAOneSidedBoundNotInfinity) {
  // +10 =0 -0: p^10 = 0.05, p = 0.74113; Elo of p = -400 log10(1/p - 1) = 182.73.
  MtEloEstimate e = mt_elo_estimate(MtTally{10, 0, 0});
  EXPECT_EQ(e.one_sided, 1);
  EXPECT_NEAR(e.bound, 182.73, 0.01);
  char text[64];
  EXPECT_STREQ(mt_elo_text(&e, text, sizeof text), "Elo > +182.7 (95%)");
  // Two lost games bound little: p = sqrt(0.05) = 0.22361, Elo of 1 - p is 216.24, so Elo < +216.2.
  e = mt_elo_estimate(MtTally{0, 0, 2});
  EXPECT_EQ(e.one_sided, -1);
  EXPECT_NEAR(e.bound, 216.24, 0.01);
  EXPECT_STREQ(mt_elo_text(&e, text, sizeof text), "Elo < +216.2 (95%)");
  // A mixed tally stays two-sided.
  e = mt_elo_estimate(MtTally{6, 2, 2});
  EXPECT_EQ(e.one_sided, 0);
  EXPECT_STREQ(mt_elo_text(&e, text, sizeof text), "Elo +147.2 +/- 268.7");
  // All draws: no spread, but not one-sided either.
  EXPECT_EQ(mt_elo_estimate(MtTally{0, 5, 0}).one_sided, 0);
}

TEST(MatchStats, LikelihoodOfSuperiorityAndDrawRatio) {
  // LOS = Phi((W - L) / sqrt(W + L)): +6 -2: Phi(4 / sqrt 8) = Phi(1.41421) = 0.92135.
  EXPECT_NEAR(mt_los(MtTally{6, 2, 2}), 0.92135, 1e-5);
  EXPECT_NEAR(mt_los(MtTally{2, 2, 6}), 1 - 0.92135, 1e-5);
  EXPECT_EQ(mt_los(MtTally{0, 7, 0}), 0.5); // draws say nothing
  EXPECT_EQ(mt_los(MtTally{0, 0, 0}), 0.5);
  EXPECT_NEAR(mt_draw_ratio(MtTally{6, 2, 2}), 0.2, 1e-12);
  EXPECT_EQ(mt_draw_ratio(MtTally{0, 0, 0}), 0);
  MtTally r = mt_tally_reversed(MtTally{6, 2, 1});
  EXPECT_EQ(r.wins, 1);
  EXPECT_EQ(r.draws, 2);
  EXPECT_EQ(r.losses, 6);
}

} // namespace
