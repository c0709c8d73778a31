// The fold of 2004-style Post-Move blocks (br_fold.c): a Pawn's block of ifs becomes one
// expression that compiles, and the compiled piece agrees with the referee; what the fold does
// not follow leaves the piece with the oracle, saying why.  Loaded without the load-time probe,
// so that a wrong fold is not quietly handed back to the oracle.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "bridge/br_game.h"
#include "bridge/oracle_pawns.h"
#include "rules/position.h"
#include "rules/rules.h"
#include "temp_dir.h"

namespace {

// text with every occurrence of from replaced; fails the test when there is none.
std::string ReplaceAll(std::string text, const std::string &from, const std::string &to) {
  size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  for (; at != std::string::npos; at = text.find(from, at + to.size())) text.replace(at, from.size(), to);
  return text;
}

struct Loaded {
  TempDir dir;
  BrGame *g = nullptr;
  std::string err;
  explicit Loaded(const std::string &text) {
    char e[512] = "";
    g = br_load_with(dir.Write("variant.preset", text).c_str(), "presets/include", false, e, sizeof e);
    err = e;
  }
  ~Loaded() { br_free(g); }
  const BrPiece *Piece(const char *label) const {
    for (int i = 0; i < g->piece_count; i++)
      if (!strcmp(g->pieces[i].label, label)) return &g->pieces[i];
    return nullptr;
  }
  const PieceType &Type(const char *label) const { return g->rules.types[Piece(label)->type]; }
};

TEST(Fold, Chess2004PawnsCompileAndAgreeWithTheReferee) {
  Loaded v(Chess2004Text());
  ASSERT_NE(v.g, nullptr) << v.err;
  for (const char *label : {"P", "p"}) {
    ASSERT_NE(v.Piece(label), nullptr);
    EXPECT_TRUE(v.Piece(label)->compiled) << v.Piece(label)->reason;
    EXPECT_STREQ(v.Type(label).betza, "fmWifmnDfcF");
    EXPECT_TRUE(v.Type(label).ep_capturer);
  }
  BrVerifyStats st;
  EXPECT_TRUE(br_verify(v.g, 6, 120, 5, 3, &st)) << st.first;
  EXPECT_GT(st.positions, 300);
}

// A die on a branch makes that branch's moves illegal: without the double step the Pawn is
// fmWfcF, and the referee agrees.
TEST(Fold, ADieRefusesItsBranch) {
  std::string text =
      ReplaceAll(Chess2004Text(), "set legal and equal rankname origin 2 checkatwostep origin dest 0 1 0 1;",
                 "die No double steps here;");
  text = ReplaceAll(text, "set legal and equal rankname origin 7 checkatwostep origin dest 0 neg 1 0 neg 1;",
                    "die No double steps here;");
  Loaded v(text);
  ASSERT_NE(v.g, nullptr) << v.err;
  ASSERT_TRUE(v.Piece("P")->compiled) << v.Piece("P")->reason;
  EXPECT_EQ(std::string(v.Type("P").betza).find("D"), std::string::npos) << v.Type("P").betza;
  BrVerifyStats st;
  EXPECT_TRUE(br_verify(v.g, 4, 100, 5, 5, &st)) << st.first;
}

// Perft with the folded Pawns: chess's figures (the block sets legal, then reads it with `if var
// legal`; a condition must see the value of its time, not the block's last).
TEST(Fold, PerftIsChess) {
  Loaded v(Chess2004Text());
  ASSERT_NE(v.g, nullptr) << v.err;
  Position p = {};
  char err[256];
  ASSERT_TRUE(pos_set_fen(&p, &v.g->rules, v.g->start_fen, err, sizeof err)) << err;
  EXPECT_EQ(pos_perft(&p, 3), 8902u);
  EXPECT_EQ(pos_perft(&p, 4), 197281u);
  ASSERT_TRUE(pos_set_fen(&p, &v.g->rules, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", err,
                          sizeof err))
      << err;
  EXPECT_EQ(pos_perft(&p, 3), 97862u);
  pos_free(&p);
}

// What the fold does not follow (here a read of what was taken, `old`, after the move) leaves
// the Pawn with the oracle, and its reason says why.
TEST(Fold, WhatItCannotFollowStaysWithTheOracle) {
  Loaded v(OraclePawnsText());
  ASSERT_NE(v.g, nullptr) << v.err;
  const BrPiece *pawn = v.Piece("P");
  EXPECT_FALSE(pawn->compiled);
  EXPECT_NE(std::string(pawn->reason).find("cannot be folded: reads `old` after the move"), std::string::npos)
      << pawn->reason;
  EXPECT_TRUE(v.Type("P").oracle);
}

// Unknown commands in the block are named.
TEST(Fold, UnknownCommandsAreNamed) {
  std::string text = ReplaceAll(Chess2004Text(), "if equal moved P;\n", "if equal moved P;\n  add N a3;\n");
  Loaded v(text);
  ASSERT_NE(v.g, nullptr) << v.err;
  EXPECT_NE(std::string(v.Piece("P")->reason).find("uses `add`"), std::string::npos) << v.Piece("P")->reason;
}

} // namespace
