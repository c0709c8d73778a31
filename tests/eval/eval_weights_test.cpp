// The evaluation's weights: the features they multiply give the evaluation back, the new terms
// count what they say, and weights files are written, read and refused with file:line.
#include <zlib.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "../temp_dir.h"
#include "bridge/bridge.h"
#include "bridge/builtin_files.h"
#include "bridge/catalog.h"
#include "eval/eval_weights.h"
#include "search/shim.h"

namespace {

using search_test::PositionOwner;
using search_test::RulesOwner;
using search_test::SearchOwner;

using Tables = search_test::TablesOwner;

int Feature(const EvalTables *e, const Position *p, int index) {
  EvalFeatures f;
  ev_features(e, p, &f);
  EXPECT_EQ(f.mg[index], f.eg[index]) << index;
  return f.mg[index];
}

std::string Parse(const EvalTables *e, const std::string &text, EvalWeights *out) {
  char err[256] = "";
  bool ok = ev_weights_parse(e, text.data(), text.size(), "w.txt", out, err, sizeof err);
  return ok ? "" : err;
}

TEST(EvalWeights, FeaturesUnderTheDefaultsAreTheEvaluation) {
  struct Case {
    const char *rules, *fen;
  } cases[] = {
      {"chess", "startpos"},
      {"chess", "r1bqkb1r/pp3ppp/2n2n2/2pp4/3P4/2N1PN2/PP3PPP/R1BQKB1R w KQkq - 0 7"},
      {"chess", "8/5k2/3p4/1p1P4/1P3K2/8/8/8 b - - 0 50"},
      {"shogi", "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL[Bb] w - - 0 12"},
      {"xiangqi", "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 3"},
      {"crazyhouse", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pn] b KQkq - 0 3"},
  };
  for (const Case &c : cases) {
    RulesOwner rules(c.rules);
    Tables t(rules.r);
    PositionOwner pos(rules.r, c.fen);
    EvalFeatures f;
    ev_features(t.e, &pos.p, &f);
    int white = ev_score_features(&t.e->weights, &f);
    EXPECT_EQ(pos.p.side == WHITE ? white : -white, ev_classic(t.e, &pos.p)) << c.rules << " " << c.fen;
    EXPECT_EQ(f.used, ev_weight_count(t.e));
  }
}

TEST(EvalWeights, TermsTheDefaultsLeaveOutCountWhatTheySay) {
  RulesOwner rules("chess");
  Tables t(rules.r);
  // White: a2 and c2 isolated; Black: g6 connected, with f7 just behind it on the next file.
  PositionOwner pawns(rules.r, "4k3/5p2/6p1/8/8/8/P1P5/4K3 w - - 0 1");
  EXPECT_EQ(Feature(t.e, &pawns.p, EV_ISOLATED), 2);
  EXPECT_EQ(Feature(t.e, &pawns.p, EV_CONNECTED), -1);
  // A Bishop on each colour is a pair; two on one colour are not.
  PositionOwner pair(rules.r, "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1");
  PositionOwner same(rules.r, "4k3/8/8/8/8/8/8/1B2KB2 w - - 0 1");
  EXPECT_EQ(Feature(t.e, &pair.p, EV_PAIR), 1);
  EXPECT_EQ(Feature(t.e, &same.p, EV_PAIR), 0);
  // The e4 Pawn attacks the d5 Knight and the f5 Rook; the King on d3 is not counted.
  PositionOwner fork(rules.r, "4k3/8/8/3n1r2/4P3/3K4/8/8 w - - 0 1");
  EXPECT_EQ(Feature(t.e, &fork.p, EV_PAWN_THREAT), 2);
  EXPECT_EQ(t.e->weights.w[EV_PAWN_THREAT].mg, 0); // off until a tuned file sets it
}

// Mobility counts the squares each piece reaches on the actual board: empty ones, and the first
// piece on a ray when it is the enemy's.
TEST(EvalWeights, MobilityCountsTheSquaresEachPieceReaches) {
  RulesOwner chess("chess");
  Tables t(chess.r);
  int knight = ev_type_weight(rules_find_type(chess.r, 'N', false), EV_TYPE_MOBILITY);
  int rook = ev_type_weight(rules_find_type(chess.r, 'R', false), EV_TYPE_MOBILITY);
  PositionOwner centre(chess.r, "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1");
  EXPECT_EQ(Feature(t.e, &centre.p, knight), 8);
  // The a1 Rook: a2 (its Pawn on a3 stops it), b1, and the Knight it takes on c1; that Knight
  // reaches a2, b3, d3 and e2 for Black.
  PositionOwner blocked(chess.r, "4k3/8/8/8/8/P7/8/R1n1K3 w - - 0 1");
  EXPECT_EQ(Feature(t.e, &blocked.p, rook), 3);
  EXPECT_EQ(Feature(t.e, &blocked.p, knight), -4);
  // Black's Knight on the mirrored squares counts the same, against White's.
  PositionOwner mirrored(chess.r, "r1N1k3/8/p7/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(Feature(t.e, &mirrored.p, rook), -3);
  EXPECT_EQ(Feature(t.e, &mirrored.p, knight), 4);
  // Xiangqi: the a0 Chariot reaches the nine squares up its file and three beside it, up to its
  // own General on e0.
  RulesOwner xiangqi("xiangqi");
  Tables x(xiangqi.r);
  int chariot = ev_type_weight(rules_find_type(xiangqi.r, 'R', false), EV_TYPE_MOBILITY);
  PositionOwner corner(xiangqi.r, "4k4/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
  EXPECT_EQ(Feature(x.e, &corner.p, chariot), 12);
}

TEST(EvalWeights, TheTermsChangeTheScoreOnlyOnceSet) {
  RulesOwner rules("chess");
  Tables t(rules.r);
  PositionOwner fork(rules.r, "4k3/8/8/3n1r2/4P3/3K4/8/8 w - - 0 1");
  int before = ev_classic(t.e, &fork.p);
  EvalWeights w = t.e->weights;
  w.w[EV_PAWN_THREAT] = {40, 40};
  ev_set_weights(t.e, &w);
  EXPECT_EQ(ev_classic(t.e, &fork.p), before + 80);
}

TEST(EvalWeights, NamesAreUniqueAndFindTheirWeight) {
  for (const char *game : {"chess", "shogi", "xiangqi", "capablanca"}) {
    RulesOwner rules(game);
    Tables t(rules.r);
    for (int i = 0; i < ev_weight_count(t.e); i++) {
      char name[2 * EV_WEIGHT_NAME_LEN];
      ev_weight_name(t.e, i, name, sizeof name);
      EXPECT_EQ(ev_weight_index(t.e, name), i) << game << " " << name;
      EXPECT_EQ(std::strchr(name, ' '), nullptr) << name;
    }
  }
}

TEST(EvalWeights, AFileWrittenReadsBackTheSame) {
  RulesOwner rules("chess");
  Tables t(rules.r);
  EvalWeights w = t.e->weights;
  for (int i = 0; i < ev_weight_count(t.e); i++) w.w[i] = {i * 7 - 40, 300 - i};
  TempDir dir;
  std::string path = dir.path + "/chess.eval.gz";
  char err[256] = "";
  ASSERT_TRUE(ev_weights_write(t.e, &w, "made by a test\nsecond line", path.c_str(), err, sizeof err)) << err;
  gzFile gz = gzopen(path.c_str(), "rb");
  ASSERT_NE(gz, nullptr);
  char head[64] = "";
  gzgets(gz, head, sizeof head);
  gzclose(gz);
  EXPECT_STREQ(head, "# made by a test\n");
  FILE *raw = std::fopen(path.c_str(), "rb");
  ASSERT_NE(raw, nullptr);
  int b0 = std::fgetc(raw), b1 = std::fgetc(raw);
  std::fclose(raw);
  EXPECT_EQ(b0, 0x1f); // gzip
  EXPECT_EQ(b1, 0x8b);
  EvalWeights back;
  ASSERT_TRUE(ev_weights_read(t.e, path.c_str(), &back, err, sizeof err)) << err;
  for (int i = 0; i < ev_weight_count(t.e); i++) {
    EXPECT_EQ(back.w[i].mg, w.w[i].mg) << i;
    EXPECT_EQ(back.w[i].eg, w.w[i].eg) << i;
  }
  // Plain text reads as well, and a weight not named keeps its default.
  std::string plain = dir.Write("plain.txt", "# by hand\ngame chess\ntempo 25 5\n");
  ASSERT_TRUE(ev_weights_read(t.e, plain.c_str(), &back, err, sizeof err)) << err;
  EXPECT_EQ(back.w[EV_TEMPO].mg, 25);
  EXPECT_EQ(back.w[EV_TEMPO].eg, 5);
  EXPECT_EQ(back.w[EV_PSQ].mg, t.e->defaults.w[EV_PSQ].mg);
}

TEST(EvalWeights, ABadFileIsRefusedWithItsLine) {
  RulesOwner rules("chess");
  Tables t(rules.r);
  EvalWeights w;
  EXPECT_EQ(Parse(t.e, "tempo 1 2\n", &w), "w.txt:1: a 'game NAME' line must come before the weights");
  EXPECT_EQ(Parse(t.e, "# only words\n", &w), "w.txt:1: no 'game NAME' line: this is not a weights file");
  EXPECT_EQ(Parse(t.e, "game shogi\n", &w), "w.txt:1: these weights are for the game 'shogi', not 'chess'");
  EXPECT_EQ(Parse(t.e, "game chess\n\ntempi 1 2\n", &w), "w.txt:3: no weight 'tempi' in the game chess");
  EXPECT_EQ(Parse(t.e, "game chess\ntempo 1\n", &w),
            "w.txt:2: 'tempo' takes two whole numbers (middle game, end game) within 100000");
  EXPECT_EQ(Parse(t.e, "game chess\ntempo 1 2x\n", &w),
            "w.txt:2: 'tempo' takes two whole numbers (middle game, end game) within 100000");
  EXPECT_EQ(Parse(t.e, "game chess\ntempo 1 200000\n", &w),
            "w.txt:2: 'tempo' takes two whole numbers (middle game, end game) within 100000");
  EXPECT_EQ(Parse(t.e, "game chess\ntempo 1 2\ntempo 3 4\n", &w), "w.txt:3: 'tempo' is given twice");
  EXPECT_EQ(Parse(t.e, "game chess\ngame chess\n", &w), "w.txt:2: a second 'game' line");
  EXPECT_EQ(Parse(t.e, std::string("game chess\ntempo 1 2\x01\n"), &w),
            "w.txt:2: a control character: this is not a weights file");
  EXPECT_EQ(Parse(t.e, "game chess\n" + std::string(300, 'x') + "\n", &w), "w.txt:2: line longer than 255 characters");
  EXPECT_EQ(Parse(t.e, std::string("\0\0# a NUL\ngame chess\n", 22), &w),
            "w.txt:1: a control character: this is not a weights file");
  EXPECT_EQ(Parse(t.e, "game chess\r\ntempo 1 2 # a comment\r\n", &w), "");
  char err[256] = "";
  EXPECT_FALSE(ev_weights_read(t.e, "/nonexistent/w.gz", &w, err, sizeof err));
  EXPECT_NE(std::strstr(err, "/nonexistent/w.gz: cannot open"), nullptr) << err;
}

TEST(EvalWeights, AFileNamesItsGameOnItsFirstLineThatSaysSomething) {
  char game[64] = "";
  auto named = [&](const std::string &text) {
    game[0] = 0;
    return ev_weights_text_game(text.data(), text.size(), game, sizeof game) ? std::string(game) : "-";
  };
  EXPECT_EQ(named("# made by hand\n\n\tgame  shogi # a comment\r\ntempo 1 2\n"), "shogi");
  EXPECT_EQ(named("game chess"), "chess");
  EXPECT_EQ(named("tempo 1 2\ngame chess\n"), "-");
  EXPECT_EQ(named("games chess\n"), "-");
  EXPECT_EQ(named("game\n"), "-");
  EXPECT_EQ(named("# nothing\n"), "-");
}

TEST(EvalWeights, TheSearchTakesAFileKeepsItsWeightsOnABadOneAndGoesBack) {
  RulesOwner rules("chess");
  SearchOwner s(rules.r, 1, 1);
  TempDir dir;
  std::string good = dir.Write("good.txt", "game chess\npawn_threat 33 44\n");
  std::string bad = dir.Write("bad.txt", "game chess\nnothing 1 2\n");
  char err[256] = "";
  ASSERT_TRUE(srch_set_eval_weights(s.s, good.c_str(), err, sizeof err)) << err;
  EXPECT_EQ(srch_eval_tables(s.s)->weights.w[EV_PAWN_THREAT].mg, 33);
  EXPECT_TRUE(srch_eval_tables(s.s)->pawn_relations);
  EXPECT_FALSE(srch_set_eval_weights(s.s, bad.c_str(), err, sizeof err));
  EXPECT_EQ(std::string(err), bad + ":2: no weight 'nothing' in the game chess");
  EXPECT_EQ(srch_eval_tables(s.s)->weights.w[EV_PAWN_THREAT].mg, 33);
  ASSERT_TRUE(srch_set_eval_weights(s.s, SRCH_WEIGHTS_NONE, err, sizeof err));
  EXPECT_EQ(srch_eval_tables(s.s)->weights.w[EV_PAWN_THREAT].mg, 0);
  EXPECT_FALSE(srch_eval_tables(s.s)->pawn_relations);
}

// Every weights file shipped in nets/ parses for its game, loaded as the engine loads it (the
// preset, through the catalog), and the searcher of that game takes it by default.
TEST(EvalWeights, ShippedFilesLoadForTheirGame) {
  Catalog catalog;
  catalog_init(&catalog);
  int shipped = 0;
  for (int i = 0; builtin_files[i].name; i++) {
    std::string name = builtin_files[i].name;
    if (name.rfind("nets/", 0) != 0 || name.size() <= std::strlen("nets/.eval.gz") ||
        name.compare(name.size() - std::strlen(".eval.gz"), std::string::npos, ".eval.gz") != 0)
      continue; /* nets/GAME.nnue.gz: nnue_test.cpp */
    std::string game = name.substr(5, name.size() - 5 - std::strlen(".eval.gz"));
    char err[512] = "";
    BrGame *g = catalog_open(&catalog, game.c_str(), true, err, sizeof err);
    ASSERT_NE(g, nullptr) << name << ": no game " << game << ": " << err;
    const Rules *rules = br_game_rules(g);
    {
      Tables t(rules);
      EvalWeights w;
      bool found = false;
      EXPECT_TRUE(ev_weights_builtin(t.e, &w, &found, err, sizeof err)) << name << ": " << err;
      EXPECT_TRUE(found) << name;
      SearchOwner s(rules, 1, 1);
      EXPECT_EQ(std::memcmp(&srch_eval_tables(s.s)->weights, &w, sizeof w), 0) << name;
      // The reference rule set of the game, where there is one, reads the file alike.
      Rules *reference = static_cast<Rules *>(std::calloc(1, sizeof(Rules)));
      if (reference_rules(reference, game.c_str(), err, sizeof err)) {
        Tables r(reference);
        EXPECT_TRUE(ev_weights_builtin(r.e, &w, &found, err, sizeof err)) << name << ": " << err;
        rules_free(reference);
      }
      std::free(reference);
    }
    br_free(g);
    shipped++;
  }
  EXPECT_GE(shipped, 1);
  RulesOwner none("makruk"); // a game without a file keeps the derived weights
  Tables t(none.r);
  EvalWeights w;
  bool found = true;
  char err[256] = "";
  EXPECT_TRUE(ev_weights_builtin(t.e, &w, &found, err, sizeof err));
  EXPECT_FALSE(found);
}

} // namespace
