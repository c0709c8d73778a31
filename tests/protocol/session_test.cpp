// What both protocol front ends share about turns of several parts: reading a turn written as
// its parts joined by commas (all or nothing), taking a turn back, and writing a main line with
// a turn's parts joined by commas.  The session plays chess with two moves a turn (the chess
// model of the reference rules with turn_parts = 2), in place of the game it opened.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "bridge/bridge.h"
#include "rules/reference_rules.h"
#include "temp_dir.h"

// session.h is C11: its _Atomic flags (a bool each, the same size and alignment either way) are
// read here as plain ones; these tests touch them from one thread only.
#define _Atomic
#include "protocol/session.h"
#undef _Atomic

namespace {

class TwoMoveSession : public ::testing::Test {
protected:
  void SetUp() override { Open(2); }
  void TearDown() override { Close(); }

  void Open(int parts) {
    char err[RULES_ERR_LEN] = "";
    out_ = tmpfile();
    ASSERT_TRUE(session_init(&s_, out_, 1, err, sizeof err)) << err;
    rules_ = static_cast<Rules *>(std::calloc(1, sizeof(Rules)));
    ASSERT_TRUE(reference_rules(rules_, "chess", err, sizeof err)) << err;
    rules_->turn_parts = parts; // Marseillais-style turns on the chess model
    own_rules_ = s_.rules, own_game_ = s_.game, own_search_ = s_.search;
    s_.rules = rules_;
    s_.game = nullptr; // no preset: nothing to referee
    s_.search = srch_new(rules_, 1, 1);
    ASSERT_TRUE(session_set_fen(&s_, "startpos", err, sizeof err)) << err;
  }
  void Close() {
    session_stop(&s_);
    srch_free(s_.search);
    s_.rules = own_rules_, s_.game = own_game_, s_.search = own_search_;
    session_free(&s_);
    rules_free(rules_);
    std::free(rules_);
    fclose(out_);
  }

  std::string Fen() {
    char fen[256];
    pos_get_fen(&s_.pos, fen, sizeof fen);
    return fen;
  }
  SessionPlay Play(const char *text, bool lone_part_ok = false) {
    return session_play_turn(&s_, text, lone_part_ok, nullptr, reason_, sizeof reason_);
  }
  Move Parse(const char *text) { return pos_parse_move(&s_.pos, text); }

  Session s_;
  FILE *out_ = nullptr;
  Rules *rules_ = nullptr, *own_rules_ = nullptr;
  struct BrGame *own_game_ = nullptr;
  Search *own_search_ = nullptr;
  char reason_[600] = "";
};

const char *const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

TEST_F(TwoMoveSession, AWholeTurnIsPlayedPartByPart) {
  ASSERT_EQ(Play("e2e4,d2d4"), SESSION_PLAYED) << reason_;
  EXPECT_EQ(s_.pos.side, BLACK);
  EXPECT_EQ(s_.pos.ply, 2);
  EXPECT_EQ(Fen().substr(0, 45), "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR");
  ASSERT_EQ(Play("e7e5,d7d5"), SESSION_PLAYED) << reason_;
  EXPECT_EQ(s_.pos.side, WHITE);
  EXPECT_EQ(s_.pos.fullmove, 2);
}

TEST_F(TwoMoveSession, ATurnWithAnIllegalPartIsRefusedWhole) {
  EXPECT_EQ(Play("e2e4,d2d5"), SESSION_ILLEGAL);
  EXPECT_STREQ(reason_, "part 2, d2d5: not a legal move here");
  EXPECT_EQ(Fen(), START);
  EXPECT_EQ(s_.pos.ply, 0);
  EXPECT_EQ(Play("e2e5,d2d4"), SESSION_ILLEGAL);
  EXPECT_STREQ(reason_, "part 1, e2e5: not a legal move here");
  EXPECT_EQ(Fen(), START);
}

TEST_F(TwoMoveSession, PartsBeyondTheTurnAreRefused) {
  EXPECT_EQ(Play("e2e4,d2d4,e7e5"), SESSION_ILLEGAL);
  EXPECT_STREQ(reason_, "the turn ended after its part 2: e7e5 would be the opponent's");
  EXPECT_EQ(Fen(), START);
}

TEST_F(TwoMoveSession, PartsThatEndBeforeTheTurnAreRefusedUnlessSaidSo) {
  EXPECT_EQ(Play("e2e4"), SESSION_ILLEGAL);
  EXPECT_STREQ(reason_, "the turn is not over after 1 part: the same side moves again");
  EXPECT_EQ(Fen(), START);
  // A trailing comma says more of the turn follows; a lone part is taken where allowed.
  ASSERT_EQ(Play("e2e4,"), SESSION_PLAYED) << reason_;
  EXPECT_EQ(s_.pos.side, WHITE);
  ASSERT_EQ(Play("d2d4", true), SESSION_PLAYED) << reason_;
  EXPECT_EQ(s_.pos.side, BLACK);
}

TEST_F(TwoMoveSession, EmptyPartsAreRefused) {
  EXPECT_EQ(Play(","), SESSION_ILLEGAL);
  EXPECT_STREQ(reason_, "part 1 is empty");
  EXPECT_EQ(Play("e2e4,,d2d4"), SESSION_ILLEGAL);
  EXPECT_STREQ(reason_, "part 2 is empty");
  EXPECT_EQ(Play(""), SESSION_ILLEGAL);
  EXPECT_EQ(Fen(), START);
}

TEST_F(TwoMoveSession, TakingBackATurnTakesBackAllItsParts) {
  ASSERT_EQ(Play("e2e4,d2d4"), SESSION_PLAYED) << reason_;
  ASSERT_EQ(Play("e7e5", true), SESSION_PLAYED) << reason_; // a turn still open
  ASSERT_TRUE(session_take_back_turn(&s_));
  EXPECT_EQ(s_.pos.ply, 2);
  EXPECT_EQ(s_.pos.side, BLACK);
  ASSERT_TRUE(session_take_back_turn(&s_));
  EXPECT_EQ(Fen(), START);
  EXPECT_FALSE(session_take_back_turn(&s_));
}

TEST_F(TwoMoveSession, AMainLineJoinsTheTurnsPartsWithCommas) {
  Move pv[5];
  const char *names[5] = {"e2e4", "d2d4", "e7e5", "d7d5", "g1f3"};
  for (int i = 0; i < 5; i++) {
    pv[i] = Parse(names[i]);
    ASSERT_NE(pv[i], MOVE_NONE) << names[i];
    pos_make(&s_.pos, pv[i]);
  }
  for (int i = 0; i < 5; i++) pos_unmake(&s_.pos);
  char text[256];
  session_pv_text(&s_.pos, pv, 5, PASS_WORD, text, sizeof text);
  EXPECT_STREQ(text, "e2e4,d2d4 e7e5,d7d5 g1f3");
  EXPECT_EQ(session_turn_length(&s_.pos, pv, 5), 2);
  // From inside a turn: the rest of it, then the next turns.
  pos_make(&s_.pos, pv[0]);
  session_pv_text(&s_.pos, pv + 1, 4, PASS_WORD, text, sizeof text);
  EXPECT_STREQ(text, "d2d4 e7e5,d7d5 g1f3");
  EXPECT_EQ(session_turn_length(&s_.pos, pv + 1, 4), 1);
}

TEST_F(TwoMoveSession, TheNextPartComesFromTheMainLineAlongWhichThePositionWasReached) {
  const char *names[4] = {"e2e4", "d2d4", "e7e5", "d7d5"};
  s_.pv_key = s_.pos.key;
  s_.pv_length = 4;
  Position walk;
  pos_copy(&walk, &s_.pos);
  for (int i = 0; i < 4; i++) {
    s_.pv[i] = pos_parse_move(&walk, names[i]);
    pos_make(&walk, s_.pv[i]);
  }
  pos_free(&walk);
  Move rest[8];
  ASSERT_EQ(session_pv_from(&s_, &s_.pos, rest, 8), 4);
  pos_make(&s_.pos, s_.pv[0]);
  ASSERT_EQ(session_pv_from(&s_, &s_.pos, rest, 8), 3);
  EXPECT_EQ(rest[0], s_.pv[1]);
  pos_unmake(&s_.pos);
  pos_make(&s_.pos, Parse("g1f3")); // off the line: nothing from it
  EXPECT_EQ(session_pv_from(&s_, &s_.pos, rest, 8), 0);
}

// With one move a turn a comma list is two turns, and refused as one.
TEST(SessionTurns, OneMoveATurnRefusesSeveralParts) {
  Session s;
  char err[RULES_ERR_LEN] = "", reason[600] = "";
  FILE *out = tmpfile();
  ASSERT_TRUE(session_init(&s, out, 1, err, sizeof err)) << err;
  EXPECT_EQ(session_play_turn(&s, "e2e4,e7e5", true, nullptr, reason, sizeof reason), SESSION_ILLEGAL);
  EXPECT_STREQ(reason, "the turn ended after its part 1: e7e5 would be the opponent's");
  EXPECT_EQ(s.pos.ply, 0);
  EXPECT_EQ(session_play_turn(&s, "e2e4", false, nullptr, reason, sizeof reason), SESSION_PLAYED);
  EXPECT_EQ(s.pos.side, BLACK);
  session_free(&s);
  fclose(out);
}

// A lender of one game, counting what it was asked for.
struct OneGame {
  BrGame *game;
  int asked = 0, lent = 0;
};
BrGame *LendChess(void *ctx, const char *name) {
  OneGame *one = static_cast<OneGame *>(ctx);
  one->asked++;
  if (std::string(name) != "chess") return nullptr;
  one->lent++;
  return one->game;
}

uint64_t Perft2(BrGame *g) {
  Position p = {};
  char err[RULES_ERR_LEN];
  EXPECT_TRUE(pos_set_fen(&p, br_game_rules(g), "startpos", err, sizeof err)) << err;
  uint64_t n = pos_perft(&p, 2);
  pos_free(&p);
  return n;
}

// A session plays a lent game whenever it is asked for, never frees it and leaves it as it was,
// so that the protocol fuzzer loads chess once for all its sessions; a PresetPath may hold a
// chess of its own, so with one set the session loads its games itself.
TEST(SessionLend, ALentGameIsPlayedButNeitherFreedNorChanged) {
  Catalog catalog;
  catalog_init(&catalog);
  char err[RULES_ERR_LEN] = "", reason[600] = "";
  OneGame one;
  one.game = catalog_open(&catalog, "chess", true, err, sizeof err);
  ASSERT_NE(one.game, nullptr) << err;
  Session s;
  FILE *out = tmpfile();
  ASSERT_TRUE(session_init_with(&s, out, 1, LendChess, &one, err, sizeof err)) << err;
  EXPECT_EQ(s.game, one.game);
  EXPECT_EQ(session_play_turn(&s, "e2e4", false, nullptr, reason, sizeof reason), SESSION_PLAYED) << reason;
  EXPECT_EQ(session_play_turn(&s, "e7e5", false, nullptr, reason, sizeof reason), SESSION_PLAYED) << reason;
  ASSERT_TRUE(session_set_variant(&s, "gardner", err, sizeof err)) << err; // not lent: loaded, freed
  EXPECT_NE(s.game, one.game);
  EXPECT_EQ(one.asked, 2);
  ASSERT_TRUE(session_set_variant(&s, "chess", err, sizeof err)) << err;
  EXPECT_EQ(s.game, one.game);
  EXPECT_EQ(one.lent, 2);
  TempDir folder;
  ASSERT_TRUE(session_set_preset_path(&s, folder.path.c_str(), err, sizeof err)) << err;
  ASSERT_TRUE(session_set_variant(&s, "gardner", err, sizeof err)) << err;
  ASSERT_TRUE(session_set_variant(&s, "chess", err, sizeof err)) << err;
  EXPECT_NE(s.game, one.game); // the session's own chess
  EXPECT_EQ(one.asked, 3);
  session_free(&s);
  fclose(out);
  // Still the game it was: its start position, its moves, its referee.
  EXPECT_EQ(Perft2(one.game), 400u);
  Position p = {};
  ASSERT_TRUE(pos_set_fen(&p, br_game_rules(one.game), "startpos", err, sizeof err)) << err;
  BrVerdict v;
  EXPECT_EQ(br_referee_move(one.game, &p, pos_parse_move(&p, "e2e4"), &v), BR_LEGAL);
  pos_free(&p);
  br_free(one.game);
}

} // namespace
