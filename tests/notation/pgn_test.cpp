// PGN reading (tags, comments, NAGs, variations, results, Variant and FEN) and writing.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "notation/shim.h"
#include "rules/core_helpers.h"

namespace {

using core_test::Fixture;
using core_test::PosBox;
using core_test::SetFen;

struct Game {
  NtPgnGame g{};
  ~Game() { nt_pgn_game_free(&g); }
  std::vector<std::string> Moves() const { return std::vector<std::string>(g.moves, g.moves + g.move_count); }
};

TEST(NotationPgn, ReadsTagsAndSkipsCommentsNagsAndVariations) {
  const std::string text = "% an escape line\n"
                           "[Event \"Test \\\"quoted\\\"\"]\n[Site \"?\"]\n\n"
                           "1. e4 {a comment (with parens)} e5 $1 2. Nf3 (2. f4 exf4 (2... d5) {c} ; rest\n"
                           ") 2... Nc6! ; to the end of line 3. Nothing\n3. Bb5\n"
                           "a6 1-0\n"
                           "[Event \"second\"]\n1.d4 d5 2.c4 *\n"
                           "[Event \"third\"]\n1. e4\n[Event \"fourth\"]\n1. d4 1/2-1/2\n";
  size_t offset = 0;
  int line = 1;
  char err[200];
  Game a, b, c, d, e;
  ASSERT_EQ(nt_pgn_next(text.data(), text.size(), &offset, &line, &a.g, err, sizeof err), 1) << err;
  EXPECT_STREQ(nt_pgn_tag(&a.g, "Event"), "Test \"quoted\"");
  EXPECT_EQ(a.Moves(), (std::vector<std::string>{"e4", "e5", "Nf3", "Nc6!", "Bb5", "a6"}));
  EXPECT_STREQ(a.g.result, "1-0");
  EXPECT_EQ(a.g.line, 2);
  ASSERT_EQ(nt_pgn_next(text.data(), text.size(), &offset, &line, &b.g, err, sizeof err), 1) << err;
  EXPECT_EQ(b.Moves(), (std::vector<std::string>{"d4", "d5", "c4"}));
  EXPECT_STREQ(b.g.result, "*");
  ASSERT_EQ(nt_pgn_next(text.data(), text.size(), &offset, &line, &c.g, err, sizeof err), 1) << err;
  EXPECT_EQ(c.Moves(), (std::vector<std::string>{"e4"}));
  EXPECT_STREQ(c.g.result, "");
  ASSERT_EQ(nt_pgn_next(text.data(), text.size(), &offset, &line, &d.g, err, sizeof err), 1) << err;
  EXPECT_STREQ(d.g.result, "1/2-1/2");
  EXPECT_EQ(nt_pgn_next(text.data(), text.size(), &offset, &line, &e.g, err, sizeof err), 0);
}

TEST(NotationPgn, MalformedInputSaysWhereAndReadingGoesOn) {
  const std::string text = "[Event \"x]\n1. e4 *\n{never closed";
  size_t offset = 0;
  int line = 1;
  char err[200];
  Game a, b, c;
  EXPECT_EQ(nt_pgn_next(text.data(), text.size(), &offset, &line, &a.g, err, sizeof err), -1);
  EXPECT_NE(std::string(err).find("line 1"), std::string::npos) << err;
  ASSERT_EQ(nt_pgn_next(text.data(), text.size(), &offset, &line, &b.g, err, sizeof err), 1) << err;
  EXPECT_EQ(b.Moves(), (std::vector<std::string>{"e4"}));
  EXPECT_EQ(nt_pgn_next(text.data(), text.size(), &offset, &line, &c.g, err, sizeof err), -1);
  EXPECT_NE(std::string(err).find("unterminated comment"), std::string::npos) << err;
}

TEST(NotationPgn, PlaysFromTheFenTagAndReportsTheBadPly) {
  auto rules = Fixture("crazyhouse");
  const std::string text =
      "[Variant \"crazyhouse\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pp] w KQkq - 0 1\"]\n"
      "1. P@e4 P@e5 2. Nf3 Nc6 3. Nxe5 Nxe5 4. Kd2 *\n";
  size_t offset = 0;
  int line = 1;
  char err[200];
  Game a;
  ASSERT_EQ(nt_pgn_next(text.data(), text.size(), &offset, &line, &a.g, err, sizeof err), 1);
  PosBox p;
  ASSERT_TRUE(SetFen(p.get(), rules->get(), nt_pgn_tag(&a.g, "FEN")));
  Move moves[16];
  int bad = 0;
  NtResult res;
  EXPECT_EQ(nt_pgn_play(&a.g, p.get(), moves, 16, &bad, &res), 6);
  EXPECT_EQ(bad, 6); // 4. Kd2: the d2 pawn stands there
  EXPECT_EQ(res.status, NT_NO_MATCH);
  EXPECT_NE(std::string(res.message).find("no legal move fits"), std::string::npos) << res.message;
  EXPECT_EQ(core_test::MoveName(p.get(), moves[0]), "P@e4");
}

TEST(NotationPgn, WrittenGamesReadBackMoveForMove) {
  const char *names[] = {"chess", "crazyhouse", "shogi", "xiangqi", "grand"};
  uint64_t seed = 99;
  for (const char *name : names) {
    auto rules = Fixture(name);
    for (int game = 0; game < 4; game++) {
      PosBox p;
      ASSERT_TRUE(SetFen(p.get(), rules->get(), "startpos"));
      std::vector<Move> moves;
      static MoveList list;
      for (int ply = 0; ply < 120; ply++) {
        pos_legal_moves(p.get(), &list);
        if (!list.count) break;
        seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
        moves.push_back(list.moves[seed % list.count]);
        pos_make(p.get(), moves.back());
      }
      for (size_t i = 0; i < moves.size(); i++) pos_unmake(p.get());
      Game tags;
      nt_pgn_set_tag(&tags.g, "Variant", name);
      char *text = nt_pgn_write(&tags.g, p.get(), moves.data(), (int)moves.size(), "*");
      ASSERT_NE(text, nullptr);
      size_t offset = 0;
      int line = 1;
      char err[200];
      Game back;
      ASSERT_EQ(nt_pgn_next(text, strlen(text), &offset, &line, &back.g, err, sizeof err), 1) << err;
      std::free(text);
      EXPECT_STREQ(nt_pgn_tag(&back.g, "Variant"), name);
      std::vector<Move> played(moves.size() + 1);
      int bad = 0;
      NtResult res;
      ASSERT_EQ(nt_pgn_play(&back.g, p.get(), played.data(), (int)played.size(), &bad, &res), (int)moves.size())
          << name << " ply " << bad << ": " << res.message;
      played.resize(moves.size());
      EXPECT_EQ(played, moves) << name;
    }
  }
}

// Engine evaluations: the writer puts a comment after the turn it belongs to, repeats a Black
// move's number after one ("1... e5") as the export format asks, and the reader gives each
// main-line move back its comments (variations' comments stay with the variation).
TEST(NotationPgn, CommentsAfterMovesAreWrittenAndReadBack) {
  auto rules = Fixture("chess");
  PosBox p;
  ASSERT_TRUE(SetFen(p.get(), rules->get(), "startpos"));
  std::vector<Move> moves;
  for (const char *name : {"e2e4", "e7e5", "g1f3"}) {
    moves.push_back(pos_parse_move(p.get(), name));
    pos_make(p.get(), moves.back());
  }
  for (size_t i = 0; i < moves.size(); i++) pos_unmake(p.get());
  const char *comments[] = {"+0.25/12 0.51s", nullptr, "-M3/7 1.00s}"};
  char *text = nt_pgn_write_annotated(nullptr, p.get(), moves.data(), comments, 3, "*");
  ASSERT_NE(text, nullptr);
  std::string pgn = text;
  std::free(text);
  EXPECT_NE(pgn.find("\n\n1. e4 {+0.25/12 0.51s} 1... e5 2. Nf3 {-M3/7 1.00s)} *\n"), std::string::npos) << pgn;
  size_t offset = 0;
  int line = 1;
  char err[200];
  Game back;
  ASSERT_EQ(nt_pgn_next(pgn.data(), pgn.size(), &offset, &line, &back.g, err, sizeof err), 1) << err;
  ASSERT_EQ(back.g.move_count, 3);
  EXPECT_STREQ(back.g.comments[0], "+0.25/12 0.51s");
  EXPECT_EQ(back.g.comments[1], nullptr);
  EXPECT_STREQ(back.g.comments[2], "-M3/7 1.00s)");
  const std::string more = "{before} 1. e4 { one } {two} (1. d4 {not this}) e5 *";
  offset = 0;
  Game again;
  ASSERT_EQ(nt_pgn_next(more.data(), more.size(), &offset, &line, &again.g, err, sizeof err), 1) << err;
  ASSERT_EQ(again.g.move_count, 2);
  EXPECT_STREQ(again.g.comments[0], "one two");
  EXPECT_EQ(again.g.comments[1], nullptr);
}

// A turn of several parts (chess with two moves a turn) is one movetext token of its parts'
// SAN joined by commas; the reader splits it back into its moves.
TEST(NotationPgn, ATurnOfSeveralPartsIsOneTokenOfItsPartsJoinedByCommas) {
  auto rules = Fixture("chess");
  rules->get()->turn_parts = 2;
  PosBox p;
  ASSERT_TRUE(SetFen(p.get(), rules->get(), "startpos"));
  std::vector<Move> moves;
  for (const char *name : {"e2e4", "d2d4", "e7e5", "b8c6", "g1f3", "f1b5"}) {
    moves.push_back(pos_parse_move(p.get(), name));
    ASSERT_NE(moves.back(), MOVE_NONE) << name;
    pos_make(p.get(), moves.back());
  }
  for (size_t i = 0; i < moves.size(); i++) pos_unmake(p.get());
  char *text = nt_pgn_write(nullptr, p.get(), moves.data(), (int)moves.size(), "*");
  ASSERT_NE(text, nullptr);
  std::string pgn = text;
  std::free(text);
  EXPECT_NE(pgn.find("\n\n1. e4,d4 e5,Nc6 2. Nf3,Bb5 *\n"), std::string::npos) << pgn;
  size_t offset = 0;
  int line = 1;
  char err[200];
  Game back;
  ASSERT_EQ(nt_pgn_next(pgn.data(), pgn.size(), &offset, &line, &back.g, err, sizeof err), 1) << err;
  EXPECT_EQ(back.Moves(), (std::vector<std::string>{"e4", "d4", "e5", "Nc6", "Nf3", "Bb5"}));
  std::vector<Move> played(moves.size());
  int bad = 0;
  NtResult res;
  ASSERT_EQ(nt_pgn_play(&back.g, p.get(), played.data(), (int)played.size(), &bad, &res), (int)moves.size())
      << bad << ": " << res.message;
  EXPECT_EQ(played, moves);
  // A turn with an empty part is malformed.
  const std::string broken = "1. e4,,d4 *\n";
  offset = 0;
  Game bad_game;
  EXPECT_EQ(nt_pgn_next(broken.data(), broken.size(), &offset, &line, &bad_game.g, err, sizeof err), -1);
  EXPECT_NE(std::string(err).find("empty part in a turn"), std::string::npos) << err;
}

} // namespace
