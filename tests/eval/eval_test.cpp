// Evaluation derived from movement: value order, royalty, symmetry, hands, the Evaluator hook.
#include <algorithm>
#include <cctype>
#include <random>
#include <sstream>
#include <vector>

#include "search/shim.h"

namespace {

using search_test::PositionOwner;
using search_test::RulesOwner;

using Tables = search_test::TablesOwner;

// The type a FEN letter stands for: test data, so naming pieces is fine here.
int Type(const Rules *r, char letter, bool promoted = false) { return rules_find_type(r, letter, promoted); }

// The colour-flipped mirror of a slash FEN: ranks reversed, cases swapped, side flipped.
std::string MirrorFen(const std::string &fen) {
  std::istringstream in(fen);
  std::string board, side, castling = "-", ep = "-", half = "0", full = "1";
  in >> board >> side >> castling >> ep >> half >> full;
  std::string hand;
  size_t bracket = board.find('[');
  if (bracket != std::string::npos) hand = board.substr(bracket), board = board.substr(0, bracket);
  std::vector<std::string> ranks;
  std::stringstream ss(board);
  for (std::string rank; std::getline(ss, rank, '/');) ranks.push_back(rank);
  std::reverse(ranks.begin(), ranks.end());
  auto swap_case = [](std::string s) {
    for (char &c : s)
      if (std::isalpha(static_cast<unsigned char>(c)))
        c = std::isupper(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(c))
                                                        : static_cast<char>(std::toupper(c));
    return s;
  };
  std::string out;
  for (size_t i = 0; i < ranks.size(); i++) out += (i ? "/" : "") + swap_case(ranks[i]);
  out += swap_case(hand);
  std::string cast = castling == "-" ? "-" : swap_case(castling);
  if (cast != "-") { // FEN lists White's rights first
    std::string upper, lower;
    for (char c : cast) (std::isupper(static_cast<unsigned char>(c)) ? upper : lower) += c;
    cast = upper + lower;
  }
  std::string ep_out = ep;
  if (ep != "-") ep_out = std::string(1, ep[0]) + (ep[1] == '3' ? "6" : "3");
  return out + " " + (side == "w" ? "b" : "w") + " " + cast + " " + ep_out + " " + half + " " + full;
}

TEST(EvalValues, ChessOrderFollowsMobility) {
  RulesOwner rules("chess");
  Tables t(rules.r);
  int q = t.e->value[Type(rules.r, 'Q')], r = t.e->value[Type(rules.r, 'R')];
  int b = t.e->value[Type(rules.r, 'B')], n = t.e->value[Type(rules.r, 'N')];
  int p = t.e->value[Type(rules.r, 'P')];
  EXPECT_GT(q, r);
  EXPECT_GT(r, b);
  EXPECT_GT(r, n);
  EXPECT_GT(std::min(b, n), p);
  EXPECT_LT(std::abs(b - n), std::max(b, n) / 8) << "B " << b << " N " << n; // about equal
  EXPECT_GT(q, r + b);                                                       // a queen outweighs rook and minor
  EXPECT_LT(q, 2 * r + p);                                                   // but not two rooks
  EXPECT_GT(r, b + p);                                                       // the exchange is worth more than a pawn
  EXPECT_LT(r, b + 3 * p);
  EXPECT_EQ(t.e->value[Type(rules.r, 'K')], 0); // royal: no material value
  EXPECT_TRUE(t.e->royal[Type(rules.r, 'K')]);
  EXPECT_GE(t.e->exchange[Type(rules.r, 'K')], EV_MAX_VALUE);
  EXPECT_TRUE(t.e->colour_bound[Type(rules.r, 'B')]);
  EXPECT_FALSE(t.e->colour_bound[Type(rules.r, 'N')]);
  EXPECT_TRUE(t.e->pawn_like[Type(rules.r, 'P')]);
  EXPECT_TRUE(t.e->forward_only[Type(rules.r, 'P')]);
  EXPECT_FALSE(t.e->pawn_like[Type(rules.r, 'N')]);
}

TEST(EvalValues, CompoundsOutweighTheirParts) {
  RulesOwner rules("capablanca");
  Tables t(rules.r);
  int a = t.e->value[Type(rules.r, 'A')], c = t.e->value[Type(rules.r, 'C')];
  int q = t.e->value[Type(rules.r, 'Q')], r = t.e->value[Type(rules.r, 'R')];
  int b = t.e->value[Type(rules.r, 'B')], n = t.e->value[Type(rules.r, 'N')];
  EXPECT_GT(c, r + n / 2);
  EXPECT_GT(a, b + n / 2);
  EXPECT_GT(q, a); // the rook-bishop compound moves most
  EXPECT_GT(c, a);
}

TEST(EvalValues, ZonesAndScreensShapeXiangqiValues) {
  RulesOwner rules("xiangqi");
  Tables t(rules.r);
  int rook = t.e->value[Type(rules.r, 'R')], horse = t.e->value[Type(rules.r, 'N')];
  int cannon = t.e->value[Type(rules.r, 'C')], advisor = t.e->value[Type(rules.r, 'A')];
  int elephant = t.e->value[Type(rules.r, 'B')], soldier = t.e->value[Type(rules.r, 'P')];
  EXPECT_GT(rook, cannon);
  EXPECT_GT(rook, horse);
  EXPECT_GT(horse, advisor);
  EXPECT_GT(cannon, elephant);
  EXPECT_GT(advisor, 0);
  EXPECT_GT(elephant, 0);
  EXPECT_GT(soldier, 0);
  EXPECT_TRUE(t.e->pawn_like[Type(rules.r, 'P')]);
  EXPECT_EQ(t.e->value[Type(rules.r, 'K')], 0);
  // A soldier over the river gains sideways steps: its square term says so.
  int s = Type(rules.r, 'P');
  const Geometry *g = &rules.r->geo;
  EXPECT_GT(t.e->psq_eg[s][WHITE][geo_square(g, 4, 5)], t.e->psq_eg[s][WHITE][geo_square(g, 4, 3)]);
  EXPECT_EQ(t.e->psq_eg[s][WHITE][geo_square(g, 4, 5)], t.e->psq_eg[s][BLACK][geo_square(g, 4, 4)]);
}

TEST(EvalValues, ShogiPromotedFormsAreWorthMore) {
  RulesOwner rules("shogi");
  Tables t(rules.r);
  EXPECT_GT(t.e->value[Type(rules.r, 'R', true)], t.e->value[Type(rules.r, 'R')]);
  EXPECT_GT(t.e->value[Type(rules.r, 'B', true)], t.e->value[Type(rules.r, 'B')]);
  EXPECT_GT(t.e->value[Type(rules.r, 'P', true)], t.e->value[Type(rules.r, 'P')]);
  EXPECT_GT(t.e->value[Type(rules.r, 'R')], t.e->value[Type(rules.r, 'G')]);
  EXPECT_GT(t.e->value[Type(rules.r, 'G')], t.e->value[Type(rules.r, 'P')]);
  EXPECT_GT(t.e->hand_value[Type(rules.r, 'P')], t.e->value[Type(rules.r, 'P')]);
}

TEST(EvalTerms, PromotingPiecesGainAsTheyAdvance) {
  RulesOwner rules("chess");
  Tables t(rules.r);
  int p = Type(rules.r, 'P');
  const Geometry *g = &rules.r->geo;
  EXPECT_GT(t.e->psq_eg[p][WHITE][geo_square(g, 3, 6)], t.e->psq_eg[p][WHITE][geo_square(g, 3, 4)] + 50);
  EXPECT_GT(t.e->psq_eg[p][BLACK][geo_square(g, 3, 1)], t.e->psq_eg[p][BLACK][geo_square(g, 3, 3)] + 50);
  int n = Type(rules.r, 'N');
  EXPECT_GT(t.e->psq_mg[n][WHITE][geo_square(g, 3, 3)], t.e->psq_mg[n][WHITE][geo_square(g, 0, 0)]);
}

struct SymmetryCase {
  const char *rules;
  const char *fen;
};

TEST(EvalSymmetry, MirroredPositionScoresTheSameForTheSideToMove) {
  const SymmetryCase cases[] = {
      {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
      {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
      {"chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
      {"chess", "2r3k1/pp3pp1/4p2p/3pP3/3P4/P4N1P/1P3PP1/2R3K1 b - - 0 25"},
      {"capablanca", "r1abqkbcnr/pppp1ppppp/2n7/4p5/4P5/5N4/PPPP1PPPPP/RNABQKBC1R w KQkq - 2 3"},
      {"xiangqi", "2bakab2/9/2n1c1n2/p3p3p/2p6/6P2/P3P3P/1C2C1N2/9/2BAKAB2 w - - 0 12"},
      {"shogi", "lnsgk1snl/1r4gb1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[Pp] w - - 0 3"},
      {"crazyhouse", "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[Np] w KQkq - 4 4"},
  };
  for (const auto &c : cases) {
    RulesOwner rules(c.rules);
    Tables t(rules.r);
    PositionOwner a(rules.r, c.fen);
    PositionOwner b(rules.r, MirrorFen(c.fen));
    ASSERT_TRUE(a.ok && b.ok) << c.fen;
    EXPECT_EQ(ev_classic(t.e, &a.p), ev_classic(t.e, &b.p)) << c.rules << " " << c.fen << " vs " << MirrorFen(c.fen);
  }
}

// Plays a random game of up to `plies` from the start, handing on_position each position and
// its ply; returns how many positions it handed.  A failed assertion in on_position ends it.
template <typename F> int ForRandomGame(const Rules *r, unsigned seed, int plies, F on_position) {
  PositionOwner pos(r, "startpos");
  EXPECT_TRUE(pos.ok);
  std::mt19937 random(seed);
  MoveList list;
  int handed = 0;
  for (int ply = 0; pos.ok && ply < plies && !::testing::Test::HasFatalFailure(); ply++) {
    on_position(&pos.p, ply);
    handed++;
    pos_legal_moves(&pos.p, &list);
    if (!list.count) break;
    pos_make(&pos.p, list.moves[random() % list.count]);
  }
  return handed;
}

// The features of p by two ways of counting them, which must agree.
void ExpectSameFeatures(const EvalFeatures &a, const EvalFeatures &b, const char *game, int ply) {
  for (int i = 0; i < a.used; i++) {
    ASSERT_EQ(a.mg[i], b.mg[i]) << game << " ply " << ply << " feature " << i;
    ASSERT_EQ(a.eg[i], b.eg[i]) << game << " ply " << ply << " feature " << i;
  }
}

// On boards of 64 squares at most, mobility is read from square sets; it must count what the
// walk along each ray counts, in every position of random games.
TEST(EvalMobility, SquareSetsCountWhatTheWalkCounts) {
  for (const char *game : {"chess", "crazyhouse", "makruk", "knightmate", "minishogi"}) {
    RulesOwner rules(game);
    Tables t(rules.r);
    ASSERT_NE(t.e->rays, nullptr) << game;
    ASSERT_NE(t.e->leap_sets, nullptr) << game;
#ifdef __BMI2__
    // Rooks, bishops and queens read their lines from the move generator's slider tables.
    ASSERT_NE(t.e->slider_groups, nullptr) << game;
    int grouped[2] = {0, 0};
    for (int slot = 0; slot < rules.r->type_count * 2 * t.e->squares; slot++)
      for (int g = 0; g < 2; g++) grouped[g] += t.e->slider_groups[slot] >> g & 1;
    // Every square of both colours for the Rook and the Queen (only the Rook's lines in makruk;
    // minishogi's Rook, Bishop, Dragon and Horse on 25 squares).
    std::string name = game;
    int lines = name == "minishogi" ? 100 : 256;
    EXPECT_EQ(grouped[0], name == "makruk" ? 128 : lines) << game;
    EXPECT_EQ(grouped[1], name == "makruk" ? 0 : lines) << game;
#endif
    int compared = ForRandomGame(rules.r, 7, 400, [&](const Position *p, int ply) {
      EvalFeatures with_sets, walked;
      ev_features(t.e, p, &with_sets);
      auto *rays = t.e->rays;
      t.e->rays = nullptr;
      ev_features(t.e, p, &walked);
      t.e->rays = rays;
      ExpectSameFeatures(with_sets, walked, game, ply);
    });
    EXPECT_GT(compared, 20) << game; // a random game may end early: knightmate is mated at ply 27
  }
  RulesOwner capablanca("capablanca");
  Tables wide(capablanca.r);
  EXPECT_EQ(wide.e->rays, nullptr); // 80 squares: the walk
}

// A pawn-like piece's threats are read from square sets of its captures; they must count what
// trying each capture counts, on boards of one and two words, in every position of random games.
TEST(EvalPawnThreats, SquareSetsCountWhatEachCaptureCounts) {
  for (const char *game : {"chess", "makruk", "crazyhouse", "capablanca", "shogi", "grand"}) {
    RulesOwner rules(game);
    Tables t(rules.r);
    ASSERT_NE(t.e->pawn_attacks, nullptr) << game;
    bool sets[MAX_TYPES], any = false;
    for (int type = 0; type < rules.r->type_count; type++) any |= sets[type] = t.e->pawn_attack_sets[type];
    ASSERT_TRUE(any) << game;
    int threatened = 0;
    ForRandomGame(rules.r, 11, 300, [&](const Position *p, int ply) {
      EvalFeatures with_sets, tried;
      ev_features(t.e, p, &with_sets);
      for (int type = 0; type < rules.r->type_count; type++) t.e->pawn_attack_sets[type] = false;
      ev_features(t.e, p, &tried);
      for (int type = 0; type < rules.r->type_count; type++) t.e->pawn_attack_sets[type] = sets[type];
      ExpectSameFeatures(with_sets, tried, game, ply);
      threatened += with_sets.mg[EV_PAWN_THREAT] != 0;
    });
    EXPECT_GT(threatened, 0) << game; // some position had a threat that counted
  }
}

// A piece attacked by one worth a fifth less counts as threatened, one attacked and not
// defended as hanging (the royal piece defends the squares next to it), from White's view; on a
// board of one word (square sets) and of two (the walk).
TEST(EvalThreats, LesserAttackersAndUndefendedPiecesCount) {
  struct Case {
    const char *game, *fen;
    int threats, hanging;
  } cases[] = {
      {"chess", "4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1", 1, 1},   // the Knight on e3 attacks the Rook
      {"chess", "4k3/8/2p5/3r4/8/4N3/8/4K3 w - - 0 1", 1, 0}, // a Pawn defends it
      {"chess", "8/8/8/4k3/3r4/8/2N5/4K3 w - - 0 1", 1, 0},   // the King next to it defends it
      {"chess", "4k3/8/8/3n4/8/5B2/8/4K3 w - - 0 1", 0, 1},   // a Bishop is no lesser than a Knight
      {"chess", "4k3/8/8/3R4/8/4n3/8/4K3 w - - 0 1", -1, -1}, // Black's Knight on White's Rook
      {"chess", "4k3/8/8/3r4/4P3/8/8/4K3 w - - 0 1", 0, 1},   // a Pawn's attack is EV_PAWN_THREAT
      {"capablanca", "5k4/10/10/4r5/10/5N4/10/5K4 w - - 0 1", 1, 1},
      {"capablanca", "5k4/10/3p6/4r5/10/5N4/10/5K4 w - - 0 1", 1, 0},
  };
  for (const Case &c : cases) {
    RulesOwner rules(c.game);
    Tables t(rules.r);
    PositionOwner pos(rules.r, c.fen);
    ASSERT_TRUE(pos.ok) << c.fen;
    EvalFeatures f;
    ev_features(t.e, &pos.p, &f);
    EXPECT_EQ(f.mg[EV_PIECE_THREAT], c.threats) << c.fen;
    EXPECT_EQ(f.mg[EV_HANGING], c.hanging) << c.fen;
  }
}

// The threat terms weigh nothing until a file gives them a weight (the attacks of every piece
// are not worked out for them before); then the search's evaluation adds what they count.
TEST(EvalThreats, CountOnlyOnceAFileWeighsThem) {
  RulesOwner rules("chess");
  Tables t(rules.r);
  EXPECT_FALSE(t.e->piece_threats);
  PositionOwner pos(rules.r, "4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1");
  ASSERT_TRUE(pos.ok);
  int without = ev_classic(t.e, &pos.p);
  EvalWeights weights = t.e->weights;
  weights.w[EV_HANGING] = EvalPair{50, 50};
  ev_set_weights(t.e, &weights);
  EXPECT_TRUE(t.e->piece_threats);
  EXPECT_EQ(ev_classic(t.e, &pos.p), without + 50); // the Rook hangs: 50 more for White, to move
  EvalFeatures f;
  ev_features(t.e, &pos.p, &f);
  EXPECT_EQ(ev_score_features(&weights, &f), ev_classic(t.e, &pos.p));
}

TEST(EvalTerms, MaterialAndHandsCount) {
  RulesOwner rules("crazyhouse");
  Tables t(rules.r);
  PositionOwner base(rules.r, "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[] w KQkq - 4 4");
  PositionOwner hand(rules.r, "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[N] w KQkq - 4 4");
  int n = Type(rules.r, 'N');
  int gain = ev_classic(t.e, &hand.p) - ev_classic(t.e, &base.p);
  EXPECT_GE(gain, t.e->value[n]);
  // Side to move's view: Black sees the same gain as a loss.
  PositionOwner black(rules.r, "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[N] b KQkq - 4 4");
  EXPECT_LT(ev_classic(t.e, &black.p), -t.e->value[n] / 2);
}

TEST(EvalTerms, TaperingMovesTheRoyalToTheCentreInTheEnding) {
  RulesOwner rules("chess");
  Tables t(rules.r);
  // With the board bare, a centralised royal is better than one in the corner.
  PositionOwner centre(rules.r, "8/8/8/3k4/8/8/8/3K4 b - - 0 1");
  PositionOwner corner(rules.r, "k7/8/8/8/8/8/8/3K4 b - - 0 1");
  EXPECT_GT(ev_classic(t.e, &centre.p), ev_classic(t.e, &corner.p));
}

TEST(EvalTerms, PassedPawnLikePiecesGainInTheEnding) {
  RulesOwner rules("chess");
  Tables t(rules.r);
  // Same material; on the left both pawns are passed and White's is far advanced.
  PositionOwner passed(rules.r, "4k3/p7/8/3P4/8/8/8/4K3 w - - 0 1");
  PositionOwner blocked(rules.r, "4k3/4p3/8/3P4/8/8/8/4K3 w - - 0 1");
  EXPECT_GT(ev_classic(t.e, &passed.p), ev_classic(t.e, &blocked.p) + 20);
  int pawn = Type(rules.r, 'P');
  const Geometry *g = &rules.r->geo;
  EXPECT_GT(t.e->passed_eg[pawn][WHITE][geo_square(g, 3, 5)], t.e->passed_eg[pawn][WHITE][geo_square(g, 3, 2)]);
  EXPECT_EQ(t.e->passed_eg[Type(rules.r, 'N')][WHITE][geo_square(g, 3, 5)], 0);
}

int Constant(const Evaluator *self, const Position *) { return *static_cast<const int *>(self->context); }

TEST(EvalInterface, AnotherEvaluatorReplacesTheClassicalOne) {
  RulesOwner rules("chess");
  Tables t(rules.r);
  Evaluator ev;
  ev_default(&ev, t.e);
  PositionOwner pos(rules.r, "startpos");
  EXPECT_EQ(ev_evaluate(&ev, &pos.p), ev_classic(t.e, &pos.p));
  static int value = 77;
  ev.evaluate = Constant;
  ev.context = &value;
  EXPECT_EQ(ev_evaluate(&ev, &pos.p), 77);
  // The search takes it: a flat evaluation makes every quiet root move score the same.
  search_test::SearchOwner s(rules.r, 1, 1);
  srch_set_evaluator(s.s, &ev);
  SearchLimits limits;
  srch_limits_init(&limits);
  limits.depth = 1;
  SearchResult res = srch_run(s.s, &pos.p, &limits, nullptr, nullptr);
  EXPECT_EQ(res.score, -77); // every reply leaves the opponent to move at 77
  srch_set_evaluator(s.s, nullptr);
  srch_clear(s.s);
  res = srch_run(s.s, &pos.p, &limits, nullptr, nullptr);
  EXPECT_NE(res.score, -77);
}

} // namespace
