// The EPD line reader (notation/epd.h): the four FEN fields, bm/am moves in coordinate form or
// SAN, id and c0 strings (quoted, holding blanks and ';'), and what it refuses or cuts.
#include <gtest/gtest.h>

#include <string>

#include "notation/shim.h"
#include "rules/core_helpers.h"

namespace {

using core_test::Fixture;
using core_test::PosBox;

TEST(NotationEpd, FieldsMovesAndStrings) {
  auto rules = Fixture("chess");
  PosBox p;
  NtEpd epd;
  char err[RULES_ERR_LEN];
  const char *line = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5 d2d4; am g2g4;"
                     " c0 \"a comment; with bm h2h4 inside\"; id \"Test 1\";\n";
  ASSERT_EQ(nt_epd_read(line, rules->get(), p.get(), &epd, err, sizeof err), 1) << err;
  EXPECT_STREQ(epd.fen, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1");
  ASSERT_EQ(epd.best_count, 2);
  EXPECT_EQ(epd.best[0], pos_parse_move(p.get(), "f1b5"));
  EXPECT_EQ(epd.best[1], pos_parse_move(p.get(), "d2d4"));
  ASSERT_EQ(epd.avoid_count, 1); // the "bm h2h4" inside c0's string is no operation
  EXPECT_EQ(epd.avoid[0], pos_parse_move(p.get(), "g2g4"));
  EXPECT_STREQ(epd.id, "Test 1");
  EXPECT_STREQ(epd.comment, "a comment; with bm h2h4 inside");
}

// Opening books in EPD often keep the FEN's counters after the four fields (numbers, which no
// opcode is); the operations after them are still read.  Without them the counters are "0 1".
TEST(NotationEpd, MoveCountersAfterTheFieldsAreKept) {
  auto rules = Fixture("chess");
  PosBox p;
  NtEpd epd;
  char err[RULES_ERR_LEN];
  const char *fields = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -";
  ASSERT_EQ(nt_epd_read((std::string(fields) + " 2 3 bm Bb5; id \"x\";").c_str(), rules->get(), p.get(), &epd, err,
                        sizeof err),
            1)
      << err;
  EXPECT_EQ(std::string(epd.fen), std::string(fields) + " 2 3");
  EXPECT_EQ(p.get()->fullmove, 3);
  EXPECT_EQ(p.get()->halfmove, 2);
  ASSERT_EQ(epd.best_count, 1);
  EXPECT_EQ(epd.best[0], pos_parse_move(p.get(), "f1b5"));
  EXPECT_STREQ(epd.id, "x");
  ASSERT_EQ(nt_epd_read((std::string(fields) + " 4;").c_str(), rules->get(), p.get(), &epd, err, sizeof err), 1);
  EXPECT_EQ(std::string(epd.fen), std::string(fields) + " 4 1");
  ASSERT_EQ(nt_epd_read((std::string(fields) + "\r\n").c_str(), rules->get(), p.get(), &epd, err, sizeof err), 1);
  EXPECT_EQ(std::string(epd.fen), std::string(fields) + " 0 1");
  // Seven digits are no counter (pos_set_fen takes 100000 at most): an operation, skipped.
  ASSERT_EQ(nt_epd_read((std::string(fields) + " 1234567 1").c_str(), rules->get(), p.get(), &epd, err, sizeof err), 1);
  EXPECT_EQ(std::string(epd.fen), std::string(fields) + " 0 1");
  // A FEN that goes from the side to move to its counters, as Shogi-style FENs do.
  auto shogi = Fixture("shogi");
  const char *sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] b 0 7";
  ASSERT_EQ(nt_epd_read(sfen, shogi->get(), p.get(), &epd, err, sizeof err), 1) << err;
  EXPECT_STREQ(epd.fen, sfen);
  EXPECT_EQ(p.get()->fullmove, 7);
}

TEST(NotationEpd, UnreadableMovesAndOverlongOperands) {
  auto rules = Fixture("chess");
  PosBox p;
  NtEpd epd;
  char err[RULES_ERR_LEN];
  std::string line = "8/8/8/8/8/8/8/K6k w - - bm Qh8 e2e4 Kb2;id " + std::string(200, 'x') + ";;c0 \"unclosed";
  ASSERT_EQ(nt_epd_read(line.c_str(), rules->get(), p.get(), &epd, err, sizeof err), 1) << err;
  ASSERT_EQ(epd.best_count, 3);
  EXPECT_EQ(epd.best[0], MOVE_NONE);
  EXPECT_EQ(epd.best[1], MOVE_NONE);
  EXPECT_EQ(epd.best[2], pos_parse_move(p.get(), "a1b2"));
  EXPECT_EQ(std::string(epd.id), std::string(NT_EPD_TEXT - 1, 'x'));
  EXPECT_STREQ(epd.comment, "unclosed");
  std::string many = "8/8/8/8/8/8/8/K6k w - - am";
  for (int i = 0; i < 20; i++) many += " Kb1";
  ASSERT_EQ(nt_epd_read(many.c_str(), rules->get(), p.get(), &epd, err, sizeof err), 1) << err;
  EXPECT_EQ(epd.avoid_count, NT_EPD_MOVES);
}

TEST(NotationEpd, BlankLinesBadPositionsAndOverlongFields) {
  auto rules = Fixture("chess");
  PosBox p;
  NtEpd epd;
  char err[RULES_ERR_LEN] = "";
  EXPECT_EQ(nt_epd_read("\n", rules->get(), p.get(), &epd, err, sizeof err), 0);
  EXPECT_EQ(nt_epd_read("8/8/8/8/8/8/8/K6k w -", rules->get(), p.get(), &epd, err, sizeof err), 0);
  EXPECT_EQ(nt_epd_read("8/8/8/8/8/8/8/K6X w - - bm Kb1;", rules->get(), p.get(), &epd, err, sizeof err), -1);
  EXPECT_NE(err[0], 0);
  err[0] = 0;
  std::string long_field = "8/8/8/8/8/8/8/K6k w - " + std::string(300, '-');
  EXPECT_EQ(nt_epd_read(long_field.c_str(), rules->get(), p.get(), &epd, err, sizeof err), -1);
  EXPECT_NE(std::string(err).find("longer"), std::string::npos) << err;
}

} // namespace
