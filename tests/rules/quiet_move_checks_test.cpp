// pos_quiet_move_checks (rules/make_inline.h): the check a quiet move or a drop gives, told
// without making the move, is the check that making it and asking pos_in_check finds, and the
// position is left exactly as it was (board, pieces, side, key).  Checked on every quiet move of
// every position of random games, in rule sets of each board width, with riders, leapers, lame
// leapers, cannons, drops and several royal pieces' kinds of check; told both ways, from the
// squares changed and put back and from the generator's QuietChecks, where it can tell.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <random>
#include <vector>

#include "core_shim.h"
#include "rules/core_helpers.h"
#include "rules/make_inline.h"

namespace {

using core_test::Fen;
using core_test::Fixture;
using core_test::MoveName;
using core_test::PosBox;
using core_test::SetFen;

struct Tally {
  int quiet = 0, checks = 0, shortcut = 0; // shortcut: positions the QuietChecks told
};

// Every quiet move (normal onto an empty square, or a drop) of p, told and made.
void CheckQuietMoves(Position *p, Tally *tally) {
  auto list = std::make_unique<MoveList>();
  pos_quiet_moves(p, list.get());
  QuietChecks q;
  q.ready = 0;
  for (int i = 0; i < list->count; i++) {
    Move m = list->moves[i];
    if (move_kind(m) != MOVE_NORMAL && move_kind(m) != MOVE_DROP) continue;
    Position before = *p;
    bool told = pos_quiet_move_checks(p, nullptr, m);
    bool quick = pos_quiet_move_checks(p, &q, m);
    tally->shortcut += q.ready == 1 && i == 0;
    ASSERT_EQ(std::memcmp(p->board, before.board, sizeof p->board), 0) << MoveName(p, m) << " in " << Fen(p);
    ASSERT_EQ(std::memcmp(p->by_piece, before.by_piece, sizeof p->by_piece), 0) << MoveName(p, m);
    ASSERT_EQ(std::memcmp(p->by_color, before.by_color, sizeof p->by_color), 0) << MoveName(p, m);
    ASSERT_EQ(p->side, before.side);
    ASSERT_EQ(p->key, before.key);
    pos_make(p, m);
    bool made = pos_in_check(p);
    pos_unmake(p);
    ASSERT_EQ(told, made) << MoveName(p, m) << " in " << Fen(p);
    ASSERT_EQ(quick, made) << MoveName(p, m) << " in " << Fen(p) << " (QuietChecks)";
    tally->quiet++;
    tally->checks += made;
  }
}

Tally RandomGames(const char *rules_name, int games, int plies, unsigned seed) {
  auto rules = Fixture(rules_name);
  Tally tally;
  std::mt19937 rng(seed);
  for (int game = 0; game < games; game++) {
    PosBox pos;
    EXPECT_TRUE(SetFen(pos.get(), rules->get(), "startpos"));
    for (int ply = 0; ply < plies; ply++) {
      CheckQuietMoves(pos.get(), &tally);
      if (::testing::Test::HasFatalFailure()) return tally;
      auto legal = std::make_unique<MoveList>();
      pos_legal_moves(pos.get(), legal.get());
      if (!legal->count) break;
      pos_make(pos.get(), legal->moves[rng() % legal->count]);
    }
  }
  return tally;
}

class QuietMoveChecks : public ::testing::TestWithParam<const char *> {};

TEST_P(QuietMoveChecks, AreTheChecksTheMadeMovesGive) {
  Tally t = RandomGames(GetParam(), 20, 100, 7);
  EXPECT_GT(t.quiet, 1000);
  bool royal = std::strcmp(GetParam(), "extinction") != 0; // extinction chess has no royal piece
  if (royal) {
    EXPECT_GT(t.checks, 10) << "too few checks to test";
  }
  // Where every attack is a leap, a slide or a ride and one royal piece stands on each side, the
  // QuietChecks tell the checks on boards of every width; not where cannons hop (xiangqi) or
  // no piece is royal (extinction).
  bool told = std::strcmp(GetParam(), "xiangqi") != 0 && royal;
  if (told) {
    EXPECT_GT(t.shortcut, 1000) << "the QuietChecks told too few positions";
  } else {
    EXPECT_EQ(t.shortcut, 0);
  }
}

INSTANTIATE_TEST_SUITE_P(Fixtures, QuietMoveChecks,
                         ::testing::Values("chess", "capablanca", "xiangqi", "shogi", "crazyhouse", "grand", "makruk",
                                           "knightmate", "extinction", "minishogi", "3check"));

} // namespace
