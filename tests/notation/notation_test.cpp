// The skeleton matcher and the notations: seed 002's demonstration game, the forms each
// notation accepts, ambiguity and error reports, and write-then-read round trips.
#include <gtest/gtest.h>

#include <cstdint>
#include <utility>
#include <string>
#include <vector>

#include "notation/shim.h"
#include "rules/core_helpers.h"

namespace {

using core_test::Fixture;
using core_test::PosBox;
using core_test::SetFen;

// Reads and plays each text; returns the SAN of the moves read, stopping at the first failure
// (whose result lands in *fail).
std::vector<std::string> ReadGame(Position *p, NtStyle style, const std::vector<std::string> &texts, NtResult *fail,
                                  int *failed_at) {
  std::vector<std::string> san;
  *failed_at = -1;
  for (size_t i = 0; i < texts.size(); i++) {
    NtResult res;
    if (nt_read(p, style, texts[i].c_str(), &res) != NT_OK) {
      *fail = res;
      *failed_at = (int)i;
      break;
    }
    char out[64];
    EXPECT_TRUE(nt_write(p, NT_SAN, res.move, out, sizeof out));
    san.push_back(out);
    pos_make(p, res.move);
  }
  return san;
}

// Seed 002, section 5: the game "entered in English and algebraic" (Figs. 3 and 4).
const std::vector<std::string> kEnglish = {"P-K4", "P-Q4",  "P-K5",   "P-KB4",  "P*PE", "Q-Q3", "P*KP", "B-Q2",
                                           "P*BB", "Q*B",   "P-QN4",  "P-Q5",   "P-N5", "P-B4", "P*PE", "Q*P",
                                           "P-B4", "P*PE",  "B-B4",   "P*BP",   "N*P",  "N-B3", "N-R3", "N-R3",
                                           "N-K2", "0-0-0", "N/3-B4", "R/R-B1", "0-0",  "Q*K"};
const std::vector<std::string> kAlgebraic = {"E4",  "D5",  "E5",  "F5",  "EF6E", "QD6", "FE7",  "BD7",  "EF8B", "QF8",
                                             "B4",  "D4",  "B5",  "C5",  "BC6E", "QF2", "C4",   "DC3E", "BC4",  "BC6",
                                             "NC3", "NF6", "NH3", "NA6", "NE2",  "000", "N3F4", "RHF8", "00",   "QG1"};

TEST(NotationSeed002, EnglishAndAlgebraicListingsAgreeUntilTheGameTurnsIllegal) {
  auto rules = Fixture("chess");
  PosBox a, b;
  ASSERT_TRUE(SetFen(a.get(), rules->get(), "startpos"));
  ASSERT_TRUE(SetFen(b.get(), rules->get(), "startpos"));
  NtResult fa, fb;
  int at_a, at_b;
  auto english = ReadGame(a.get(), NT_DESCRIPTIVE, kEnglish, &fa, &at_a);
  auto algebraic = ReadGame(b.get(), NT_CASEFREE, kAlgebraic, &fb, &at_b);
  EXPECT_EQ(english, algebraic);
  const std::vector<std::string> expected = {"e4",     "d5",   "e5", "f5", "exf6", "Qd6", "fxe7", "Bd7",
                                             "exf8=B", "Qxf8", "b4", "d4", "b5",   "c5",  "bxc6", "Qxf2+"};
  EXPECT_EQ(english, expected);
  // Ply 17, White's 9th move P-B4 / C4: White is in check from 8...Qxf2+, and c4 ignores it.
  EXPECT_EQ(at_a, 16);
  EXPECT_EQ(at_b, 16);
  EXPECT_EQ(fa.status, NT_NO_MATCH);
  EXPECT_TRUE(fa.would_leave_check);
  EXPECT_TRUE(fb.would_leave_check);
  EXPECT_NE(std::string(fa.message).find("does not answer the check"), std::string::npos) << fa.message;
  EXPECT_NE(std::string(fa.message).find("Kxf2"), std::string::npos) << fa.message;
}

TEST(NotationSeed002, CaseFreeBishopOrBFilePawnIsAnAmbiguity) {
  // The paper's BA3: upper case B is the bishop or the b-file; the legal moves decide, and when
  // both readings are legal moves the reader lists both.
  auto rules = Fixture("chess");
  PosBox p;
  ASSERT_TRUE(SetFen(p.get(), rules->get(), "4k3/8/8/8/1B6/8/1P6/4K3 w - - 0 1"));
  NtResult res;
  ASSERT_EQ(nt_read(p.get(), NT_CASEFREE, "BA3", &res), NT_OK) << res.message; // b2-a3 takes nothing
  EXPECT_EQ(core_test::MoveName(p.get(), res.move), "b4a3");
  ASSERT_TRUE(SetFen(p.get(), rules->get(), "4k3/8/8/8/B7/8/1P6/4K3 w - - 0 1"));
  EXPECT_EQ(nt_read(p.get(), NT_CASEFREE, "BB3", &res), NT_AMBIGUOUS) << res.message;
  EXPECT_EQ(res.candidate_count, 2);
  ASSERT_EQ(nt_read(p.get(), NT_CASEFREE, "PB3", &res), NT_OK) << res.message;
  EXPECT_EQ(core_test::MoveName(p.get(), res.move), "b2b3");
  char out[64];
  ASSERT_TRUE(nt_write(p.get(), NT_CASEFREE, res.move, out, sizeof out));
  EXPECT_EQ(std::string(out), "B3"); // the paper writes pawn moves without P
}

TEST(NotationSeed002, Figure2StylePawnCapturesInEnglish) {
  // Seed 002 Fig. 2 lists pawn captures whose skeletons are partly ambiguous; with the legal
  // moves as candidates each qualified form finds its one move, and the bare one lists both.
  auto rules = Fixture("chess");
  PosBox p;
  ASSERT_TRUE(SetFen(p.get(), rules->get(), "4k3/8/1p3p1p/2P1P1P1/8/p7/1P6/4K3 w - - 0 1"));
  const std::pair<const char *, const char *> cases[] = {{"BP*P", "c5b6"},  {"P*KRP", "g5h6"}, {"P*P/3", "b2a3"},
                                                         {"KP*P", "e5f6"},  {"NP*BP", "g5f6"}, {"P/2*P", "b2a3"},
                                                         {"P/2-N4", "b2b4"}};
  for (const auto &c : cases) {
    NtResult res;
    ASSERT_EQ(nt_read(p.get(), NT_DESCRIPTIVE, c.first, &res), NT_OK) << c.first << ": " << res.message;
    EXPECT_EQ(core_test::MoveName(p.get(), res.move), c.second) << c.first;
  }
  NtResult res;
  EXPECT_EQ(nt_read(p.get(), NT_DESCRIPTIVE, "P*BP", &res), NT_AMBIGUOUS) << res.message;
  EXPECT_EQ(res.candidate_count, 2);
  EXPECT_EQ(nt_read(p.get(), NT_DESCRIPTIVE, "P*P", &res), NT_AMBIGUOUS) << res.message;
  EXPECT_EQ(res.candidate_count, 5);
}

struct Case {
  const char *rules, *fen;
  NtStyle style;
  const char *text, *coord;
};

TEST(NotationForms, EachNotationReadsItsUsualForms) {
  const Case cases[] = {
      {"chess", "startpos", NT_COORD, "e2e4", "e2e4"},
      {"chess", "startpos", NT_LAN, "e2-e4", "e2e4"},
      {"chess", "startpos", NT_LAN, "Ng1-f3", "g1f3"},
      {"chess", "startpos", NT_SAN, "Nf3", "g1f3"},
      {"chess", "startpos", NT_SAN, "Pe4", "e2e4"},
      {"chess", "startpos", NT_GC, "P e2-e4", "e2e4"},
      {"chess", "startpos", NT_GC, "e2-e4", "e2e4"},
      {"chess", "startpos", NT_GC, "N g1-f3 // a comment", "g1f3"},
      {"chess", "startpos", NT_DESCRIPTIVE, "P-K4", "e2e4"},
      {"chess", "startpos", NT_DESCRIPTIVE, "N-KB3", "g1f3"},
      {"chess", "startpos", NT_DESCRIPTIVE, "QN-B3", "b1c3"},
      {"chess", "startpos", NT_CASEFREE, "NF3", "g1f3"},
      {"chess", "startpos", NT_CASEFREE, "PE4", "e2e4"},
      {"chess", "rnbqkbnr/pppp1ppp/8/8/8/2p5/PPPPPPPP/RNBQKBNR w KQkq - 0 1", NT_LAN, "Nb1xc3", "b1c3"},
      {"chess", "rnbqkbnr/pppp1ppp/8/8/8/2p5/PPPPPPPP/RNBQKBNR w KQkq - 0 1", NT_SAN, "bxc3", "b2c3"},
      {"chess", "rnbqkbnr/pppp1ppp/8/8/8/2p5/PPPPPPPP/RNBQKBNR w KQkq - 0 1", NT_SAN, "dxc3", "d2c3"},
      {"chess", "rnbqkbnr/pppp1ppp/8/8/8/2p5/PPPPPPPP/RNBQKBNR w KQkq - 0 1", NT_DESCRIPTIVE, "NxP", "b1c3"},
      {"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", NT_SAN, "O-O", "e1g1"},
      {"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", NT_SAN, "0-0-0", "e1c1"},
      {"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", NT_DESCRIPTIVE, "O-O-O", "e1c1"},
      {"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", NT_DESCRIPTIVE, "0-0", "e1g1"},
      {"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", NT_GC, "K e1-g1; R h1-f1", "e1g1"},
      {"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", NT_GC, "K e1-g1", "e1g1"},
      {"chess", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", NT_GC, "k e8-c8", "e8c8"},
      {"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", NT_COORD, "e1g1", "e1g1"},
      {"chess", "3rk2r/8/8/8/8/8/8/R3K2R b Kk - 0 1", NT_DESCRIPTIVE, "R/R-B1", "h8f8"},
      {"chess", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", NT_DESCRIPTIVE, "KR-KB1", "h8f8"},
      {"chess", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", NT_SAN, "b8=Q", "b7b8q"},
      {"chess", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", NT_SAN, "b8N", "b7b8n"},
      {"chess", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", NT_SAN, "b8=Q+", "b7b8q"},
      {"chess", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", NT_COORD, "b7b8r", "b7b8r"},
      {"chess", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", NT_DESCRIPTIVE, "P-N8Q", "b7b8q"},
      {"chess", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", NT_DESCRIPTIVE, "P-N8(R)", "b7b8r"},
      {"chess", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", NT_DESCRIPTIVE, "P-QN8=B", "b7b8b"},
      {"chess", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", NT_GC, "P b7-b8; Q-b8", "b7b8q"},
      {"chess", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", NT_CASEFREE, "B8Q", "b7b8q"},
      {"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", NT_SAN, "exd6 e.p.", "e5d6"},
      {"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", NT_SAN, "exd6ep", "e5d6"},
      {"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", NT_DESCRIPTIVE, "PxP e.p.", "e5d6"},
      {"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", NT_DESCRIPTIVE, "P*PE", "e5d6"},
      {"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", NT_CASEFREE, "ED6E", "e5d6"},
      {"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", NT_CASEFREE, "PE.D6", "e5d6"},
      {"chess", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", NT_CASEFREE, "N.3D2", "f3d2"},
      {"chess", "3rk2r/8/8/8/8/8/8/R3K2R b Kk - 0 1", NT_CASEFREE, "RH.F8", "h8f8"},
      {"chess", "3rk2r/8/8/8/8/8/8/R3K2R b Kk - 0 1", NT_CASEFREE, "RHF8", "h8f8"},
      {"chess", "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", NT_SAN, "Nbd2", "b1d2"},
      {"chess", "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", NT_DESCRIPTIVE, "QN-Q2", "b1d2"},
      {"chess", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", NT_DESCRIPTIVE, "N/KB3-Q2", "f3d2"},
      {"chess", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", NT_DESCRIPTIVE, "N/3-Q2", "f3d2"},
      {"chess", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", NT_SAN, "N3d2", "f3d2"},
      {"chess", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", NT_CASEFREE, "N3D2", "f3d2"},
      {"chess", "4k3/8/8/8/8/8/8/4KB2 w - - 0 1", NT_DESCRIPTIVE, "B-N5ch", "f1b5"},
      {"chess", "startpos", NT_DESCRIPTIVE, "Kt-KB3", "g1f3"},
      {"chess", "startpos", NT_DESCRIPTIVE, "QKt-B3", "b1c3"},
      {"chess", "startpos", NT_DESCRIPTIVE, "p-k4", "e2e4"},
      {"crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[P] w KQkq - 0 1", NT_SAN, "P@e4", "P@e4"},
      {"crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[P] w KQkq - 0 1", NT_COORD, "P@e4", "P@e4"},
      {"crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[P] w KQkq - 0 1", NT_GC, "P*e4", "P@e4"},
      {"grand", "startpos", NT_LAN, "a3-a4", "a3a4"},
      {"grand", "startpos", NT_SAN, "Nc4", "b2c4"},
      {"shogi", "startpos", NT_SAN, "g4", "g3g4"},
  };
  for (const Case &c : cases) {
    auto rules = Fixture(c.rules);
    PosBox p;
    ASSERT_TRUE(SetFen(p.get(), rules->get(), c.fen));
    NtResult res;
    ASSERT_EQ(nt_read(p.get(), c.style, c.text, &res), NT_OK)
        << c.rules << " " << nt_style_name(c.style) << " '" << c.text << "': " << res.message;
    EXPECT_EQ(core_test::MoveName(p.get(), res.move), c.coord) << c.text;
  }
}

TEST(NotationForms, LargeBoardsAndShogiPromotionMarks) {
  auto grand = Fixture("grand");
  PosBox g;
  ASSERT_TRUE(
      SetFen(g.get(), grand->get(), "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R b - - 0 1"));
  NtResult res;
  ASSERT_EQ(nt_read(g.get(), NT_LAN, "a10-a9", &res), NT_OK) << res.message;
  EXPECT_EQ(core_test::MoveName(g.get(), res.move), "a10a9");
  ASSERT_EQ(nt_read(g.get(), NT_SAN, "Ra9", &res), NT_OK) << res.message;
  auto shogi = Fixture("shogi");
  PosBox s;
  ASSERT_TRUE(SetFen(s.get(), shogi->get(), "4k4/9/4P4/9/9/9/9/9/4K4[] w - - 0 1"));
  ASSERT_EQ(nt_read(s.get(), NT_SAN, "e8+", &res), NT_OK) << res.message;
  EXPECT_EQ(move_kind(res.move), MOVE_PROMOTION);
  ASSERT_EQ(nt_read(s.get(), NT_SAN, "e8=+", &res), NT_OK) << res.message;
  EXPECT_EQ(move_kind(res.move), MOVE_NORMAL);
  char out[64];
  ASSERT_TRUE(nt_write(s.get(), NT_SAN, res.move, out, sizeof out));
  EXPECT_EQ(std::string(out), "e8=+");
}

TEST(NotationMatch, AmbiguityListsEveryCandidate) {
  auto rules = Fixture("chess");
  PosBox p;
  ASSERT_TRUE(SetFen(p.get(), rules->get(), "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"));
  NtResult res;
  EXPECT_EQ(nt_read(p.get(), NT_SAN, "Nd2", &res), NT_AMBIGUOUS);
  EXPECT_EQ(res.candidate_count, 2);
  EXPECT_NE(std::string(res.message).find("Nbd2"), std::string::npos) << res.message;
  EXPECT_NE(std::string(res.message).find("Nfd2"), std::string::npos) << res.message;
  EXPECT_EQ(nt_read(p.get(), NT_DESCRIPTIVE, "N-Q2", &res), NT_AMBIGUOUS);
}

TEST(NotationMatch, CheckMarkSettlesWhatTheFieldsLeaveOpen) {
  // Two rooks can reach d7; only one gives check (by uncovering the bishop).  Seed 002's
  // "fourth case".
  auto rules = Fixture("chess");
  PosBox p;
  ASSERT_TRUE(SetFen(p.get(), rules->get(), "7k/2R5/8/8/3R4/8/8/B3K3 w - - 0 1"));
  NtResult res;
  EXPECT_EQ(nt_read(p.get(), NT_DESCRIPTIVE, "R-Q7", &res), NT_AMBIGUOUS);
  ASSERT_EQ(nt_read(p.get(), NT_DESCRIPTIVE, "R-Q7ch", &res), NT_OK) << res.message;
  EXPECT_EQ(core_test::MoveName(p.get(), res.move), "d4d7");
}

TEST(NotationMatch, NoMatchNamesTheNearestMovesAndSyntaxErrorsSayWhy) {
  auto rules = Fixture("chess");
  PosBox p;
  ASSERT_TRUE(SetFen(p.get(), rules->get(), "startpos"));
  NtResult res;
  EXPECT_EQ(nt_read(p.get(), NT_SAN, "Nd5", &res), NT_NO_MATCH);
  EXPECT_FALSE(res.would_leave_check);
  EXPECT_GT(res.candidate_count, 0);
  EXPECT_NE(std::string(res.message).find("nearest"), std::string::npos) << res.message;
  EXPECT_EQ(nt_read(p.get(), NT_SAN, "Zz9", &res), NT_SYNTAX);
  EXPECT_NE(res.message[0], 0);
  EXPECT_EQ(nt_read(p.get(), NT_DESCRIPTIVE, "P-K9", &res), NT_SYNTAX);
  EXPECT_EQ(nt_read(p.get(), NT_GC, "P e2e4", &res), NT_SYNTAX);
  EXPECT_EQ(nt_read(p.get(), NT_GC, "P e2-e4; Q-e5", &res), NT_SYNTAX);
  EXPECT_EQ(nt_read(p.get(), NT_GC, "P e2-e4; what", &res), NT_SYNTAX);
  ASSERT_TRUE(SetFen(p.get(), rules->get(), "4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1"));
  EXPECT_EQ(nt_read(p.get(), NT_SAN, "Ra8", &res), NT_NO_MATCH);
  EXPECT_TRUE(res.would_leave_check) << res.message;
  ASSERT_TRUE(SetFen(p.get(), rules->get(), "4k3/8/8/8/8/8/4r3/3RK3 w - - 0 1"));
  ASSERT_TRUE(SetFen(p.get(), rules->get(), "4k3/4r3/8/8/8/8/4B3/3RK3 w - - 0 1"));
  EXPECT_EQ(nt_read(p.get(), NT_SAN, "Bd3", &res), NT_NO_MATCH);
  EXPECT_TRUE(res.would_leave_check) << res.message;
  EXPECT_NE(std::string(res.message).find("leave the king"), std::string::npos) << res.message;
}

// Every notation, every rule set: each legal move played in random games is written, read back
// and must be the same move.  (herald notation roundtrip runs the 1,000-game version.)
TEST(NotationRoundTrip, EveryStyleEveryRuleSet) {
  const char *names[] = {"chess", "capablanca", "xiangqi",    "shogi",      "crazyhouse",
                         "grand", "makruk",     "knightmate", "extinction", "minishogi"};
  uint64_t seed = 2026;
  int checked = 0;
  for (const char *name : names) {
    auto rules = Fixture(name);
    for (int game = 0; game < 12; game++) {
      PosBox p;
      ASSERT_TRUE(SetFen(p.get(), rules->get(), "startpos"));
      static MoveList list;
      for (int ply = 0; ply < 80; ply++) {
        pos_legal_moves(p.get(), &list);
        if (!list.count) break;
        seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
        Move m = list.moves[seed % list.count];
        for (int style = 0; style < NT_STYLE_COUNT; style++) {
          if (style == NT_DESCRIPTIVE && rules->get()->geo.width != 8) continue;
          char out[64];
          ASSERT_TRUE(nt_write(p.get(), (NtStyle)style, m, out, sizeof out))
              << name << " " << nt_style_name((NtStyle)style) << " " << core_test::MoveName(p.get(), m) << " in "
              << core_test::Fen(p.get());
          NtResult res;
          ASSERT_EQ(nt_read(p.get(), (NtStyle)style, out, &res), NT_OK)
              << name << " " << out << ": " << res.message << " in " << core_test::Fen(p.get());
          ASSERT_EQ(res.move, m) << name << " " << out;
          checked++;
        }
        pos_make(p.get(), m);
      }
    }
  }
  EXPECT_GT(checked, 10000);
}

} // namespace
