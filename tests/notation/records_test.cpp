// Compact records: seed 002's 16-bit move, the legal-move-index code, and the archive.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "notation/shim.h"
#include "rules/core_helpers.h"

namespace {

using core_test::Fixture;
using core_test::PosBox;
using core_test::RulesBox;
using core_test::SetFen;

std::vector<Move> RandomGame(Position *p, int plies, uint64_t *seed) {
  std::vector<Move> moves;
  static MoveList list;
  for (int ply = 0; ply < plies; ply++) {
    pos_legal_moves(p, &list);
    if (!list.count) break;
    *seed ^= *seed << 13, *seed ^= *seed >> 7, *seed ^= *seed << 17;
    moves.push_back(list.moves[*seed % list.count]);
    pos_make(p, moves.back());
  }
  for (size_t i = 0; i < moves.size(); i++) pos_unmake(p);
  return moves;
}

TEST(NotationRecords, SixteenBitMoveFollowsThePaper) {
  auto rules = Fixture("chess");
  PosBox p;
  ASSERT_TRUE(SetFen(p.get(), rules->get(), "startpos"));
  uint16_t code = 0;
  ASSERT_TRUE(nt_move16_encode(p.get(), pos_parse_move(p.get(), "e2e4"), &code));
  EXPECT_EQ(code, 12 << 8 | 28); // flag 0, from e2 = 12, promotion 0, to e4 = 28
  ASSERT_TRUE(SetFen(p.get(), rules->get(), "r3k3/1P6/8/3pP3/8/8/8/4K2R w Kq d6 0 1"));
  ASSERT_TRUE(nt_move16_encode(p.get(), pos_parse_move(p.get(), "b7a8q"), &code));
  EXPECT_EQ(code, 1 << 14 | 49 << 8 | 3 << 6 | 56);
  ASSERT_TRUE(nt_move16_encode(p.get(), pos_parse_move(p.get(), "e5d6"), &code));
  EXPECT_EQ(code >> 14, NT_MOVE16_EN_PASSANT);
  ASSERT_TRUE(nt_move16_encode(p.get(), pos_parse_move(p.get(), "e1g1"), &code));
  EXPECT_EQ(code >> 14, NT_MOVE16_CASTLING);
  EXPECT_EQ(code & 63, 6);
  // every legal move of random games decodes back to itself
  uint64_t seed = 5;
  ASSERT_TRUE(SetFen(p.get(), rules->get(), "startpos"));
  for (Move m : RandomGame(p.get(), 300, &seed)) {
    ASSERT_TRUE(nt_move16_encode(p.get(), m, &code));
    ASSERT_EQ(nt_move16_decode(p.get(), code), m);
    pos_make(p.get(), m);
  }
  auto shogi = Fixture("shogi");
  PosBox s;
  ASSERT_TRUE(SetFen(s.get(), shogi->get(), "startpos"));
  EXPECT_FALSE(nt_move16_encode(s.get(), pos_parse_move(s.get(), "g3g4"), &code));
}

TEST(NotationRecords, OctalInternationalNotationOfFigure3) {
  // Seed 002 Fig. 3 prints each move of the demonstration game in four octal digits.  Its
  // ninth ply (P*BB, e7xf8 promoting to a bishop) shows the plain destination 75; section 4's
  // rule puts the bishop's number 3 in the rank digit: 6435.
  const char *english[] = {"P-K4", "P-Q4", "P-K5",  "P-KB4", "P*PE", "Q-Q3", "P*KP", "B-Q2",
                           "P*BB", "Q*B",  "P-QN4", "P-Q5",  "P-N5", "P-B4", "P*PE", "Q*P"};
  const char *octal[] = {"1434", "6343", "3444", "6545", "4455", "7353", "5564", "7263",
                         "6435", "5375", "1131", "4333", "3141", "6242", "4152", "7515"};
  auto rules = Fixture("chess");
  PosBox p;
  ASSERT_TRUE(SetFen(p.get(), rules->get(), "startpos"));
  for (int i = 0; i < 16; i++) {
    NtResult res;
    ASSERT_EQ(nt_read(p.get(), NT_DESCRIPTIVE, english[i], &res), NT_OK) << english[i];
    char code[5];
    ASSERT_TRUE(nt_move_octal(p.get(), res.move, code));
    EXPECT_STREQ(code, octal[i]) << "ply " << i + 1;
    EXPECT_EQ(nt_parse_octal(p.get(), code), res.move);
    pos_make(p.get(), res.move);
  }
}

TEST(NotationRecords, IndexCodeRoundTripsForEveryRuleSetUnderOneBytePerChessMove) {
  const char *names[] = {"chess", "capablanca", "xiangqi",    "shogi",      "crazyhouse",
                         "grand", "makruk",     "knightmate", "extinction", "minishogi"};
  uint64_t seed = 11;
  for (const char *name : names) {
    auto rules = Fixture(name);
    size_t bytes = 0, plies = 0;
    for (int game = 0; game < 10; game++) {
      PosBox p;
      ASSERT_TRUE(SetFen(p.get(), rules->get(), "startpos"));
      auto moves = RandomGame(p.get(), 200, &seed);
      std::vector<uint8_t> code(moves.size() * 2 + 16);
      size_t n = nt_index_encode(p.get(), moves.data(), (int)moves.size(), code.data(), code.size());
      ASSERT_GT(n, 0u) << name;
      std::vector<Move> back(moves.size());
      ASSERT_EQ(nt_index_decode(p.get(), code.data(), n, (int)moves.size(), back.data()), (int)moves.size()) << name;
      EXPECT_EQ(back, moves) << name;
      bytes += n, plies += moves.size();
    }
    if (!std::strcmp(name, "chess")) {
      EXPECT_LE(bytes, plies) << bytes << " bytes, " << plies << " plies";
    }
  }
}

const Rules *Lookup(const char *name, void *context) {
  auto *boxes = static_cast<std::vector<std::unique_ptr<RulesBox>> *>(context);
  for (auto &box : *boxes)
    if (!std::strcmp(box->get()->name, name)) return box->get();
  return nullptr;
}

TEST(NotationRecords, ArchiveIsLosslessAndRefusesDamage) {
  std::vector<std::unique_ptr<RulesBox>> boxes;
  boxes.push_back(Fixture("chess"));
  boxes.push_back(Fixture("shogi"));
  NtArchive a{};
  uint64_t seed = 3;
  char err[200];
  long plies = 0;
  for (int game = 0; game < 40; game++) {
    const Rules *r = boxes[game % 5 == 4]->get();
    PosBox p;
    const char *fen = game == 1 ? "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1" : nullptr;
    ASSERT_TRUE(SetFen(p.get(), r, fen ? fen : "startpos"));
    auto moves = RandomGame(p.get(), 150, &seed);
    plies += (long)moves.size();
    NtPgnGame tags{};
    nt_pgn_set_tag(&tags, "Event", "archive test");
    ASSERT_TRUE(nt_archive_add(&a, r, fen, &tags, moves.data(), (int)moves.size(), "1-0", err, sizeof err)) << err;
    nt_pgn_game_free(&tags);
  }
  size_t len = 0;
  uint8_t *data = nt_archive_save(&a, Lookup, &boxes, &len, err, sizeof err);
  ASSERT_NE(data, nullptr) << err;
  EXPECT_LE((long)len, plies) << "archive bytes vs plies";
  NtArchive b{};
  ASSERT_TRUE(nt_archive_load(&b, data, len, 1 << 24, Lookup, &boxes, err, sizeof err)) << err;
  ASSERT_EQ(b.count, a.count);
  for (int i = 0; i < a.count; i++) {
    EXPECT_STREQ(a.games[i].rules, b.games[i].rules);
    EXPECT_EQ(a.games[i].fen == nullptr, b.games[i].fen == nullptr);
    if (a.games[i].fen) {
      EXPECT_STREQ(a.games[i].fen, b.games[i].fen);
    }
    EXPECT_STREQ(b.games[i].result, "1-0");
    EXPECT_STREQ(nt_pgn_tag(&b.games[i].tags, "Event"), "archive test");
    ASSERT_EQ(a.games[i].ply_count, b.games[i].ply_count);
    EXPECT_EQ(0, std::memcmp(a.games[i].moves, b.games[i].moves, a.games[i].ply_count * sizeof(Move)));
  }
  nt_archive_free(&b);
  // damage: every truncation and a flipped byte in the header or the stream is refused or read
  // without harm (the fuzz target tries far more)
  for (size_t cut = 0; cut < len; cut += 7) {
    NtArchive c{};
    if (nt_archive_load(&c, data, cut, 1 << 24, Lookup, &boxes, err, sizeof err)) {
      nt_archive_free(&c);
    } else {
      EXPECT_NE(err[0], 0);
    }
  }
  data[0] ^= 1;
  NtArchive d{};
  EXPECT_FALSE(nt_archive_load(&d, data, len, 1 << 24, Lookup, &boxes, err, sizeof err));
  std::free(data);
  nt_archive_free(&a);
}

} // namespace

namespace {

struct ImportRules {
  std::unique_ptr<core_test::RulesBox> chess = Fixture("chess"), crazyhouse = Fixture("crazyhouse");
  std::vector<std::pair<int, std::string>> skipped;
};

const Rules *LookupImportRules(const char *name, void *context) {
  auto *rules = static_cast<ImportRules *>(context);
  if (!strcmp(name, "chess")) return rules->chess->get();
  if (!strcmp(name, "crazyhouse")) return rules->crazyhouse->get();
  return nullptr;
}

void RecordSkipped(int number, const char *why, void *context) {
  static_cast<ImportRules *>(context)->skipped.emplace_back(number, why);
}

// nt_archive_import (herald records import): good games kept with their rules, FEN, tags and
// result; bad ones left out and told by number; export and import again give the same games.
TEST(NotationRecords, ImportKeepsGoodGamesReportsBadOnesAndExportsBack) {
  ImportRules rules;
  const std::string pgn = "[Event \"one\"]\n[White \"A \\\"quoted\\\" name\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n"
                          "[Event \"two\"]\n\n1. e4 e5 2. Ke3 *\n\n"
                          "[Variant \"shatranj\"]\n\n1. e4 *\n\n"
                          "[Variant \"crazyhouse\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1\"]\n\n"
                          "1. Q@e2+ Kd7 1/2-1/2\n";
  NtArchive a = {};
  EXPECT_EQ(nt_archive_import(&a, pgn.data(), pgn.size(), LookupImportRules, &rules, RecordSkipped, &rules), 2);
  ASSERT_EQ(a.count, 2);
  EXPECT_STREQ(a.games[0].rules, "chess");
  EXPECT_EQ(a.games[0].fen, nullptr);
  EXPECT_EQ(a.games[0].ply_count, 4);
  EXPECT_STREQ(a.games[0].result, "1-0");
  EXPECT_STREQ(nt_pgn_tag(&a.games[0].tags, "White"), "A \"quoted\" name");
  EXPECT_STREQ(a.games[1].rules, "crazyhouse");
  ASSERT_NE(a.games[1].fen, nullptr);
  EXPECT_EQ(a.games[1].ply_count, 2);
  EXPECT_STREQ(a.games[1].result, "1/2-1/2");
  ASSERT_EQ(rules.skipped.size(), 2u);
  EXPECT_EQ(rules.skipped[0].first, 2);
  EXPECT_NE(rules.skipped[0].second.find("ply 3"), std::string::npos) << rules.skipped[0].second;
  EXPECT_EQ(rules.skipped[1].first, 3);
  EXPECT_NE(rules.skipped[1].second.find("shatranj"), std::string::npos) << rules.skipped[1].second;

  char err[200] = "";
  char *text = nt_archive_export(&a, LookupImportRules, &rules, err, sizeof err);
  ASSERT_NE(text, nullptr) << err;
  NtArchive b = {};
  EXPECT_EQ(nt_archive_import(&b, text, strlen(text), LookupImportRules, &rules, RecordSkipped, &rules), 2) << text;
  ASSERT_EQ(b.count, a.count);
  for (int i = 0; i < a.count; i++) {
    EXPECT_STREQ(b.games[i].rules, a.games[i].rules);
    EXPECT_STREQ(b.games[i].result, a.games[i].result);
    EXPECT_EQ(b.games[i].fen == nullptr, a.games[i].fen == nullptr);
    if (a.games[i].fen && b.games[i].fen) {
      EXPECT_STREQ(b.games[i].fen, a.games[i].fen);
    }
    ASSERT_EQ(b.games[i].ply_count, a.games[i].ply_count);
    EXPECT_EQ(memcmp(b.games[i].moves, a.games[i].moves, a.games[i].ply_count * sizeof(Move)), 0);
  }
  EXPECT_STREQ(nt_pgn_tag(&b.games[0].tags, "White"), "A \"quoted\" name");
  free(text);
  nt_archive_free(&b);

  a.games[0].rules[0] = 'X'; // rules the lookup does not know: refused with a message
  EXPECT_EQ(nt_archive_export(&a, LookupImportRules, &rules, err, sizeof err), nullptr);
  EXPECT_NE(std::string(err).find("Xhess"), std::string::npos) << err;
  nt_archive_free(&a);
}

// A game whose movetext ends without a result was kept with result "", which export writes as
// "*"; one whose Result tag differed from its result was exported with the tag changed.  The
// game read back differed from the one imported (found by the pgnimport fuzzer).  Now the
// movetext's result, else the tag's, else "*", and the Result tag says the same.
TEST(NotationRecords, ImportedGameHasOneResultItsTagAgrees) {
  ImportRules rules;
  const std::string pgn = "[FEN \"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\"]\n1. O-O Kd7\n\n"
                          "[Result \"0-1\"]\n1. e4 e5\n\n"
                          "[Result \"1-0\"]\n1. e4 e5 *\n\n"
                          "[Result \"won\"]\n1. e4\n";
  NtArchive a = {};
  ASSERT_EQ(nt_archive_import(&a, pgn.data(), pgn.size(), LookupImportRules, &rules, RecordSkipped, &rules), 4);
  EXPECT_STREQ(a.games[0].result, "*");
  EXPECT_STREQ(a.games[1].result, "0-1");
  EXPECT_STREQ(nt_pgn_tag(&a.games[1].tags, "Result"), "0-1");
  EXPECT_STREQ(a.games[2].result, "*");
  EXPECT_STREQ(nt_pgn_tag(&a.games[2].tags, "Result"), "*");
  EXPECT_STREQ(a.games[3].result, "*");
  EXPECT_STREQ(nt_pgn_tag(&a.games[3].tags, "Result"), "*");
  nt_archive_free(&a);
}

} // namespace
