// The move generator's interface (rules/movegen.h through position.h): noisy and quiet moves
// split the legal moves in two, disjoint, by what each move does (a capture or a promotion is
// noisy, nothing else is), the noisy moves onto one square are those of the noisy list, in
// check the evasions are the legal moves, and perft's count of a position's moves is their
// number.  Checked on every position of random games in each width (chess, crazyhouse,
// makruk...: one word; capablanca, xiangqi, shogi, grand: two; a 12x12 rule set with drops and
// every atom kind, and Omega Chess: four) and, for the oracle's table, in a preset whose pawns
// only the referee decides.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "bridge/br_game.h"
#include "bridge/oracle_pawns.h"
#include "core_shim.h"
#include "rules/core_helpers.h"
#include "rules/tables.h"

namespace {

using core_test::Fen;
using core_test::Finalize;
using core_test::Fixture;
using core_test::MoveName;
using core_test::PosBox;
using core_test::RulesBox;
using core_test::SetFen;
using core_test::StartRules;
using Moves = std::vector<Move>;

using Generator = void (*)(Position *, MoveList *);

Moves Generate(Position *p, Generator gen) {
  auto list = std::make_unique<MoveList>();
  gen(p, list.get());
  Moves moves(list->moves, list->moves + list->count);
  std::sort(moves.begin(), moves.end());
  return moves;
}

// What the contract calls noisy, worked out from the board: the target holds an enemy piece,
// en passant, a promotion, or an oracle move that removes or changes an enemy piece.
bool CapturesOrPromotes(const Position *p, Move m) {
  switch (move_kind(m)) {
  case MOVE_PROMOTION:
  case MOVE_EN_PASSANT: return true;
  case MOVE_NORMAL: {
    int code = p->board[move_to(m)];
    return code != SQ_EMPTY && code != SQ_HOLE && piece_color(code) != p->side;
  }
  case MOVE_ORACLE: {
    int codes[MOVE_EFFECT_MAX];
    return pos_oracle_victims(p, m, codes, MOVE_EFFECT_MAX) > 0;
  }
  default: return false; // castling, drops and passes are quiet
  }
}

struct Tally {
  int positions = 0, in_check = 0, noisy = 0, quiet = 0;
};

// The three invariants on one position; names the position and move when one fails.
void CheckPosition(Position *p, Tally *tally) {
  Moves legal = Generate(p, pos_legal_moves), noisy = Generate(p, pos_noisy_moves),
        quiet = Generate(p, pos_quiet_moves);
  std::string fen = Fen(p);
  Moves both;
  std::merge(noisy.begin(), noisy.end(), quiet.begin(), quiet.end(), std::back_inserter(both));
  ASSERT_EQ(both, legal) << "noisy + quiet != legal in " << fen << " (" << noisy.size() << " noisy, " << quiet.size()
                         << " quiet, " << legal.size() << " legal)";
  for (Move m : noisy) ASSERT_TRUE(CapturesOrPromotes(p, m)) << MoveName(p, m) << " is noisy in " << fen;
  for (Move m : quiet) ASSERT_FALSE(CapturesOrPromotes(p, m)) << MoveName(p, m) << " is quiet in " << fen;
  for (Move m : legal) ASSERT_EQ(pos_is_noisy(p, m), CapturesOrPromotes(p, m)) << MoveName(p, m) << " in " << fen;
  // Perft's last ply counts the legal moves without listing them (on 64 squares, the pieces
  // whose moves are all steps and slides a step at a time over all of them): the same number.
  ASSERT_EQ(pos_perft(p, 1), legal.size()) << "perft 1 != legal moves in " << fen;
  // Onto one square: the noisy moves with that target, in noisy's own order (a static
  // exchange's choice between equal attackers depends on it).  Every enemy piece's square, every
  // target, and an empty square.
  auto list = std::make_unique<MoveList>(), onto = std::make_unique<MoveList>();
  pos_noisy_moves(p, list.get());
  bool empty_tried = false;
  for (int sq = 0; sq < p->rules->geo.squares; sq++) {
    int code = p->board[sq];
    bool target = std::any_of(list->moves, list->moves + list->count, [&](Move m) { return move_to(m) == sq; });
    bool empty = code == SQ_EMPTY && !empty_tried;
    if (!target && !empty && (code == SQ_EMPTY || code == SQ_HOLE || piece_color(code) == p->side)) continue;
    empty_tried |= empty;
    Moves expected;
    for (int i = 0; i < list->count; i++)
      if (move_to(list->moves[i]) == sq) expected.push_back(list->moves[i]);
    pos_noisy_moves_onto(p, sq, onto.get());
    ASSERT_EQ(Moves(onto->moves, onto->moves + onto->count), expected) << "noisy onto " << sq << " in " << fen;
  }
  if (pos_in_check(p)) {
    ASSERT_EQ(Generate(p, pos_evasions), legal) << "evasions != legal in " << fen;
    tally->in_check++;
  }
  tally->positions++;
  tally->noisy += static_cast<int>(noisy.size());
  tally->quiet += static_cast<int>(quiet.size());
}

// Random games from fen, each position checked, until `positions` have been (at most 100
// games); a game ends at `plies` or when no move is left.
Tally RandomGames(const Rules *r, const char *fen, int positions, int plies, unsigned seed) {
  Tally tally;
  std::mt19937 rng(seed);
  for (int game = 0; game < 100 && tally.positions < positions; game++) {
    PosBox pos;
    EXPECT_TRUE(SetFen(pos.get(), r, fen));
    for (int ply = 0; ply < plies; ply++) {
      CheckPosition(pos.get(), &tally);
      if (::testing::Test::HasFatalFailure()) return tally;
      Moves legal = Generate(pos.get(), pos_legal_moves);
      if (legal.empty()) break;
      // Captures a little more often than chance, so that games reach checks and promotions.
      Moves noisy = Generate(pos.get(), pos_noisy_moves);
      const Moves &from = !noisy.empty() && rng() % 3 == 0 ? noisy : legal;
      pos_make(pos.get(), from[rng() % from.size()]);
    }
  }
  return tally;
}

void ExpectSplits(const Rules *r, const char *fen, int positions, int plies, int min_checks) {
  Tally t = RandomGames(r, fen, positions, plies, 2024);
  EXPECT_GE(t.positions, positions);
  EXPECT_GT(t.noisy, 0);
  EXPECT_GT(t.quiet, 0);
  EXPECT_GE(t.in_check, min_checks) << "too few positions in check to test the evasions";
}

class MovegenSplit : public ::testing::TestWithParam<const char *> {};

TEST_P(MovegenSplit, NoisyAndQuietPartitionTheLegalMovesAndEvasionsAnswerCheck) {
  auto rules = Fixture(GetParam());
  // Extinction chess has no royal piece, so no check.
  ExpectSplits(rules->get(), "startpos", 400, 120, rules->get()->royal_type_count ? 5 : 0);
}

INSTANTIATE_TEST_SUITE_P(Fixtures, MovegenSplit,
                         ::testing::Values("chess", "capablanca", "xiangqi", "shogi", "crazyhouse", "grand", "makruk",
                                           "knightmate", "extinction", "minishogi"));

// Each width gets its own table, chosen by rules_finalize.
TEST(MovegenTable, ChosenOncePerWidth) {
  auto chess = Fixture("chess"), capablanca = Fixture("capablanca");
  EXPECT_NE(chess->get()->gen, nullptr);
  EXPECT_NE(chess->get()->gen, capablanca->get()->gen);
  auto crazyhouse = Fixture("crazyhouse"), shogi = Fixture("shogi"); // 64 and 81 squares
  EXPECT_EQ(crazyhouse->get()->gen, chess->get()->gen);
  EXPECT_EQ(shogi->get()->gen, capablanca->get()->gen);
}

// Positions in check of every kind the evasion generator tells apart: one rider (block or
// take), one leaper, two checkers, a hopper (cannon: the screen may move away), a lame leaper
// (xiangqi horse: its leg may be blocked), drops that interpose, en passant of the checker.
struct CheckCase {
  const char *rules, *fen;
};

class MovegenEvasions : public ::testing::TestWithParam<CheckCase> {};

TEST_P(MovegenEvasions, EqualTheLegalMoves) {
  auto rules = Fixture(GetParam().rules);
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), rules->get(), GetParam().fen));
  ASSERT_TRUE(pos_in_check(pos.get()));
  Tally t;
  CheckPosition(pos.get(), &t);
  EXPECT_EQ(t.in_check, 1);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, MovegenEvasions,
    ::testing::Values(CheckCase{"chess", "4k3/8/8/8/8/8/3q4/R3K2R w KQ - 0 1"},        // rider, next to the king
                      CheckCase{"chess", "4k3/8/8/8/8/8/8/q3K2R w K - 0 1"},           // rider along the rank
                      CheckCase{"chess", "4k3/8/8/8/1b6/3N4/8/R3K3 w Q - 0 1"},        // bishop: block or take
                      CheckCase{"chess", "4k3/8/8/8/8/3n4/8/R3K2R w KQ - 0 1"},        // knight: take or run
                      CheckCase{"chess", "4k3/8/8/8/1b6/3n4/8/R3K2R w KQ - 0 1"},      // double check
                      CheckCase{"chess", "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1"},         // en passant takes the checker
                      CheckCase{"chess", "4k3/8/8/8/8/8/5p2/R3K1NR w K - 0 1"},        // pawn check
                      CheckCase{"chess", "3rk3/8/8/8/8/8/2P5/3K4 w - - 0 1"},          // rook along the file
                      CheckCase{"xiangqi", "4k4/9/9/9/4c4/9/9/4R4/9/3AKA3 w - - 0 1"}, // cannon over a screen
                      CheckCase{"xiangqi", "3k5/9/9/9/9/9/9/3n5/9/4K4 w - - 0 1"},     // horse: block its leg
                      CheckCase{"xiangqi", "3k5/9/9/9/9/9/9/9/9/4K3r w - - 0 1"},      // chariot along the rank
                      CheckCase{"shogi", "4k4/9/9/9/9/9/9/9/4K3r[P] w - - 0 1"},       // drops interpose
                      CheckCase{"crazyhouse", "4k3/8/8/8/8/8/8/q3K3[N] w - - 0 1"},    // a knight dropped between
                      CheckCase{"capablanca", "5k4/10/10/10/10/10/10/c3K5 w - - 0 1"}, // chancellor's rook line
                      CheckCase{"grand", "10/5k4/10/10/10/10/10/10/3a6/5K4 w - - 0 1"})); // archbishop's knight leap

// King, Queen, Rook, Bishop, Knight and Pawn, the six types both fixtures below start with, then more.
std::vector<core_test::PieceSpec> WithChessmen(std::vector<core_test::PieceSpec> more) {
  std::vector<core_test::PieceSpec> all = {{"King", 'K', "K"},   {"Queen", 'Q', "Q"},  {"Rook", 'R', "R"},
                                           {"Bishop", 'B', "B"}, {"Knight", 'N', "N"}, {"Pawn", 'P', "fmWfcFifmnD"}};
  all.insert(all.end(), more.begin(), more.end());
  return all;
}

// Finishes a rule set whose type 0 is the royal King and type 5 a Pawn (the types after the
// King up to the Knight and type 6 its promotions): the Pawn double-steps from its second rank,
// takes en passant and must promote on the last; pieces taken are dropped.
void FinishWithPawns(Rules *r, const char *fen) {
  int last = r->geo.height - 1;
  r->types[0].royal = true;
  PieceType *pawn = &r->types[5];
  pawn->ep_creator = pawn->ep_capturer = pawn->resets_clock = true;
  pawn->initial_zone = rules_add_zone(r, "pawn start", 0, r->geo.width - 1, 1, 1);
  pawn->promo_zone = rules_add_zone(r, "last rank", 0, r->geo.width - 1, last, last);
  const int choices[] = {1, 2, 3, 4, 6};
  for (int i = 0; i < 5; i++) pawn->promo_choices[i] = choices[i];
  pawn->promo_count = 5;
  pawn->promo_mandatory = true;
  r->drops = true;
  snprintf(r->start_fen, sizeof r->start_fen, "%s", fen);
  Finalize(r);
}

// Width 4: a 12x12 board with drops and every atom kind (riders, leapers, a lame leaper, a
// cannon, a grasshopper, a nightrider, a limited rider), pawns that double-step, take en
// passant and promote.
class MovegenLarge : public ::testing::Test {
protected:
  RulesBox rules;
  void SetUp() override {
    StartRules(rules.get(), 12, 12,
               WithChessmen({{"Cannon", 'C', "mRcpR"},
                             {"Grasshopper", 'G', "gQ"},
                             {"Nightrider", 'A', "NN"},
                             {"Horse", 'H', "nN"},
                             {"Wazir rider", 'W', "W3F"}}));
    FinishWithPawns(rules.get(),
                    "rahcgqkgcwnr/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/RAHCGQKGCWNR[] w - - 0 1");
  }
};

TEST_F(MovegenLarge, NoisyAndQuietPartitionTheLegalMovesAndEvasionsAnswerCheck) {
  ASSERT_EQ(rules->bbw, 4);
  ExpectSplits(rules.get(), "startpos", 400, 150, 5);
}

// Width 1 with every kind of move the counting by steps tells apart: leaps (knight, king),
// lame leaps with one and two legs (a horse, a lame threeleaper), slider groups alone (rook,
// bishop, queen) and beside leaps (an archbishop), a slider group that overlaps its own leaps
// (a rook that also steps as a wazir: one by one), a limited rider and a cannon (one by one,
// screens), pawns that double-step, take en passant and promote, and drops.
class MovegenSmall : public ::testing::Test {
protected:
  RulesBox rules;
  void SetUp() override {
    StartRules(rules.get(), 8, 8,
               WithChessmen({{"Archbishop", 'A', "BN"},
                             {"Horse", 'H', "nN"},
                             {"Threeleaper", 'T', "nH"},
                             {"Cannon", 'C', "mRcpR"},
                             {"Wazir rook", 'W', "RW"},
                             {"Short rook", 'S', "R2"}}));
    FinishWithPawns(rules.get(), "rnhakcsw/pppppppp/8/8/8/8/PPPPPPPP/WSCKAHNR[TBQtbq] w - - 0 1");
  }
};

TEST_F(MovegenSmall, NoisyAndQuietPartitionTheLegalMovesAndPerftCountsThem) {
  ASSERT_EQ(rules->bbw, 1);
  // Counted by steps: all but the cannon, the wazir rook and the short rook (by type index);
  // without slider groups (a build without PEXT) the riders go one by one too: the King, Knight,
  // Pawn, Horse and Threeleaper are left.
  const uint32_t steps = rules.get()->tables->slider_groups ? 0x1FF : 0x1B1;
  for (int c = 0; c < 2; c++) EXPECT_EQ(rules.get()->tables->step_types[c], steps) << "colour " << c;
  ExpectSplits(rules.get(), "startpos", 400, 120, 5);
}

// Omega Chess (12x12 with holes, through the bridge): width 4 from a preset.
TEST(MovegenPreset, OmegaSplits) {
  char err[512] = "";
  BrGame *g = br_load_with("presets/omega.preset", "presets/include", false, err, sizeof err);
  ASSERT_NE(g, nullptr) << err;
  EXPECT_EQ(g->rules.bbw, 4);
  ExpectSplits(&g->rules, g->start_fen, 240, 120, 1);
  br_free(g);
}

// The oracle's table: the pawns of chess-2004's copy in oracle_pawns.h are decided by the
// referee; noisy and quiet are the oracle's legal moves, split.
TEST(MovegenPreset, OracleSplits) {
  char err[512] = "";
  BrGame *g = br_load(OraclePawnsPreset().c_str(), "presets/include", err, sizeof err);
  ASSERT_NE(g, nullptr) << err;
  ASSERT_NE(g->rules.oracle, nullptr);
  Tally t = RandomGames(&g->rules, g->start_fen, 200, 110, 7);
  EXPECT_GE(t.positions, 200);
  EXPECT_GT(t.noisy, 0);
  br_free(g);
}

} // namespace
