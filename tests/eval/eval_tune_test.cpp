// Texel tuning: data lines are read or refused with a reason, and the fit recovers the weights
// that made the labels (a teacher evaluation) from positions of random games.
#include <cmath>
#include <cstdint>
#include <string>

#include "eval/eval_tune.h"
#include "eval/eval_weights.h"
#include "search/shim.h"

namespace {

using search_test::PositionOwner;
using search_test::RulesOwner;

using Tables = search_test::TablesOwner;

struct SetOwner {
  EvTuneSet *set;
  explicit SetOwner(const EvalTables *e) : set(ev_tune_new(e)) {}
  ~SetOwner() { ev_tune_free(set); }
  SetOwner(const SetOwner &) = delete;
  SetOwner &operator=(const SetOwner &) = delete;
};

std::string AddLine(EvTuneSet *set, const std::string &line, bool *added) {
  char err[256] = "";
  return ev_tune_add_line(set, line.c_str(), added, err, sizeof err) ? "" : err;
}

TEST(EvalTune, DataLinesAreReadOrRefusedWithAReason) {
  RulesOwner rules("chess");
  Tables t(rules.r);
  SetOwner s(t.e);
  bool added = false;
  EXPECT_EQ(AddLine(s.set, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 0.5\n", &added), "");
  EXPECT_TRUE(added);
  EXPECT_EQ(AddLine(s.set, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1|1-0", &added), "");
  EXPECT_EQ(AddLine(s.set, "4k3/8/8/8/8/8/8/3qK3 w - - 0 1 | 0-1 trailing words", &added), "");
  EXPECT_EQ(AddLine(s.set, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 1/2-1/2", &added), "");
  EXPECT_EQ(AddLine(s.set, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1 | 1 | 812", &added), "");
  EXPECT_EQ(AddLine(s.set, "4k3/8/8/8/8/8/8/3qK3 w - - 0 1|0|-790\r\n", &added), "");
  EXPECT_EQ(ev_tune_count(s.set), 6u);
  EXPECT_EQ(AddLine(s.set, "# a comment", &added), "");
  EXPECT_FALSE(added);
  EXPECT_EQ(AddLine(s.set, "   \n", &added), "");
  EXPECT_FALSE(added);
  EXPECT_EQ(AddLine(s.set, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", &added), "no '|' between the position and the result");
  EXPECT_EQ(AddLine(s.set, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 2", &added),
            "the result '2' is none of 1, 0.5, 0, 1-0, 1/2-1/2, 0-1");
  EXPECT_EQ(AddLine(s.set, " | 1", &added), "the position is missing");
  EXPECT_EQ(AddLine(s.set, "4k3/8/8/8 w - - 0 1 | 1", &added).rfind("bad position: ", 0), 0u);
  EXPECT_EQ(AddLine(s.set, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 1 | 12.5", &added),
            "the score '12.5' is not a whole number of centipawns within 100000");
  EXPECT_EQ(AddLine(s.set, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 1 | 100001", &added),
            "the score '100001' is not a whole number of centipawns within 100000");
  EXPECT_EQ(AddLine(s.set, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 1 | 5 | 7", &added),
            "after the result, only a score may follow (FEN | RESULT | SCORE)");
  EXPECT_EQ(ev_tune_count(s.set), 6u);
}

TEST(EvalTune, NoPositionsNoFit) {
  RulesOwner rules("chess");
  Tables t(rules.r);
  SetOwner s(t.e);
  EvalWeights w = t.e->weights;
  EvTuneReport report;
  EXPECT_FALSE(ev_tune_fit(s.set, nullptr, &w, &report));
}

// Positions of random chess games labelled by a teacher that values the Knight 250 centipawns
// above the derived figure: a soft label (the teacher's sigmoid), or, `scored`, a result drawn
// from it with the teacher's score.
void TeacherSet(const Rules *r, const EvalTables *e, EvTuneSet *set, int *knight, bool scored) {
  EvalWeights teacher = e->weights;
  *knight = ev_type_weight(rules_find_type(r, 'N', false), EV_TYPE_VALUE);
  teacher.w[*knight].mg += 250;
  teacher.w[*knight].eg += 250;
  PositionOwner pos(r, "startpos");
  MoveList list;
  uint64_t seed = 12345;
  for (int game = 0; game < 300; game++) {
    char err[RULES_ERR_LEN];
    ASSERT_TRUE(pos_set_fen(&pos.p, r, "startpos", err, sizeof err));
    for (int ply = 0; ply < 80; ply++) {
      pos_legal_moves(&pos.p, &list);
      if (!list.count) break;
      seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
      pos_make(&pos.p, list.moves[seed % list.count]);
      if (ply < 10) continue;
      EvalFeatures f;
      ev_features(e, &pos.p, &f);
      int judged = ev_score_features(&teacher, &f);
      double label = 1.0 / (1.0 + std::exp(-0.006 * judged));
      // Scored: the game's result drawn from the teacher's odds, the teacher's score beside it.
      if (scored) {
        seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
        ASSERT_TRUE(ev_tune_add_scored(set, &pos.p, (seed % 1000) / 1000.0 < label ? 1 : 0, judged));
      } else {
        ASSERT_TRUE(ev_tune_add(set, &pos.p, label));
      }
    }
  }
}

// The teacher's positions and a fit configuration for them.
class EvalTuneTeacher : public ::testing::Test {
protected:
  void SetUp() override { TeacherSet(rules.r, t.e, s.set, &knight, false); }
  EvTuneConfig Config(int epochs, int decided, double l2) const {
    EvTuneConfig config = {};
    config.epochs = epochs;
    config.rate = 3;
    config.decided = decided;
    config.l2 = l2;
    return config;
  }
  RulesOwner rules{"chess"};
  Tables t{rules.r};
  SetOwner s{t.e};
  int knight = 0;
};

// Fitted freely from the derived weights, the Knight's value climbs most of the way to the
// teacher's and the error falls.  (Random games are mostly middle games: the middle-game
// figure is the one they teach.)
TEST_F(EvalTuneTeacher, TheFitRecoversTheTeachersKnight) {
  EvalWeights fitted = t.e->weights;
  EvTuneConfig config = Config(600, -1, -1);
  EvTuneReport report;
  ASSERT_TRUE(ev_tune_fit(s.set, &config, &fitted, &report));
  EXPECT_GT(report.train_positions, 10000u);
  EXPECT_EQ(report.decided_positions, 0u);
  EXPECT_LT(report.train_after, report.train_before / 2);
  EXPECT_LT(report.validation_after, report.validation_before / 2);
  int start = t.e->weights.w[knight].mg, gained = fitted.w[knight].mg - start;
  EXPECT_GT(gained, 150) << "Knight " << start << " -> " << fitted.w[knight].mg << " / " << fitted.w[knight].eg;
  EXPECT_LT(gained, 400);
}

// Games' results drawn at random are a noisy label; the search's score beside them (here the
// teacher's) is not: with the scores weighed in, the fit finds the teacher's Knight.
TEST(EvalTune, ScoresBlendedIntoTheLabelsTeachThroughTheNoise) {
  RulesOwner rules("chess");
  Tables t(rules.r);
  SetOwner s(t.e);
  int knight;
  TeacherSet(rules.r, t.e, s.set, &knight, true);
  EvTuneConfig config = {};
  config.epochs = 600;
  config.rate = 3;
  config.decided = -1;
  config.l2 = -1;
  config.score_weight = 1;
  EvalWeights fitted = t.e->weights;
  EvTuneReport report;
  ASSERT_TRUE(ev_tune_fit(s.set, &config, &fitted, &report));
  EXPECT_EQ(report.scored_positions, ev_tune_count(s.set));
  int gained = fitted.w[knight].mg - t.e->weights.w[knight].mg;
  EXPECT_GT(gained, 150) << "Knight " << t.e->weights.w[knight].mg << " -> " << fitted.w[knight].mg;
  EXPECT_LT(gained, 400);
  config.score_weight = 0; // results only: the scores are not counted
  fitted = t.e->weights;
  ASSERT_TRUE(ev_tune_fit(s.set, &config, &fitted, &report));
  EXPECT_EQ(report.scored_positions, 0u);
}

// Positions judged beyond `decided` are left out, and a strong pull keeps the weights home.
TEST_F(EvalTuneTeacher, DecidedPositionsAreLeftOutAndThePullHoldsTheWeights) {
  EvalWeights fitted = t.e->weights;
  EvTuneConfig config = Config(300, 300, 1e-3);
  EvTuneReport report;
  ASSERT_TRUE(ev_tune_fit(s.set, &config, &fitted, &report));
  EXPECT_GT(report.decided_positions, 100u);
  EXPECT_EQ(report.decided_positions + report.train_positions + report.validation_positions, ev_tune_count(s.set));
  EXPECT_LT(std::abs(fitted.w[knight].mg - t.e->weights.w[knight].mg), 30);
}

} // namespace
