// Perft against published figures (chessprogramming wiki positions, variant start positions)
// and against fairy-stockfish counts for a few variant middlegames; plus chess embedded in
// larger boards with holes, which must count exactly as chess does.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core_shim.h"
#include "rules/core_helpers.h"

namespace {

using core_test::Fen;
using core_test::Finalize;
using core_test::Fixture;
using core_test::LegalMoves;
using core_test::PosBox;
using core_test::RulesBox;
using core_test::SetFen;
using core_test::StartRules;

struct PerftCase {
  const char *name, *rules, *fen;
  int depth;
  uint64_t nodes;
};

const char *kKiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const char *kPos3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const char *kPos4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const char *kPos4Mirrored = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
const char *kPos5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const char *kPos6 = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

const PerftCase kCases[] = {
    {"ChessStartD1", "chess", "startpos", 1, 20},
    {"ChessStartD2", "chess", "startpos", 2, 400},
    {"ChessStartD3", "chess", "startpos", 3, 8902},
    {"ChessStartD4", "chess", "startpos", 4, 197281},
    {"ChessStartD5", "chess", "startpos", 5, 4865609},
    {"KiwipeteD1", "chess", kKiwipete, 1, 48},
    {"KiwipeteD2", "chess", kKiwipete, 2, 2039},
    {"KiwipeteD3", "chess", kKiwipete, 3, 97862},
    {"KiwipeteD4", "chess", kKiwipete, 4, 4085603},
    {"Position3D1", "chess", kPos3, 1, 14},
    {"Position3D2", "chess", kPos3, 2, 191},
    {"Position3D3", "chess", kPos3, 3, 2812},
    {"Position3D4", "chess", kPos3, 4, 43238},
    {"Position3D5", "chess", kPos3, 5, 674624},
    {"Position4D1", "chess", kPos4, 1, 6},
    {"Position4D2", "chess", kPos4, 2, 264},
    {"Position4D3", "chess", kPos4, 3, 9467},
    {"Position4D4", "chess", kPos4, 4, 422333},
    {"Position4MirroredD4", "chess", kPos4Mirrored, 4, 422333},
    {"Position5D1", "chess", kPos5, 1, 44},
    {"Position5D2", "chess", kPos5, 2, 1486},
    {"Position5D3", "chess", kPos5, 3, 62379},
    {"Position5D4", "chess", kPos5, 4, 2103487},
    {"Position6D1", "chess", kPos6, 1, 46},
    {"Position6D2", "chess", kPos6, 2, 2079},
    {"Position6D3", "chess", kPos6, 3, 89890},
    {"Position6D4", "chess", kPos6, 4, 3894594},
    {"CapablancaD1", "capablanca", "startpos", 1, 28},
    {"CapablancaD2", "capablanca", "startpos", 2, 784},
    {"CapablancaD3", "capablanca", "startpos", 3, 25228},
    {"CapablancaD4", "capablanca", "startpos", 4, 805128},
    {"XiangqiD1", "xiangqi", "startpos", 1, 44},
    {"XiangqiD2", "xiangqi", "startpos", 2, 1920},
    {"XiangqiD3", "xiangqi", "startpos", 3, 79666},
    {"XiangqiD4", "xiangqi", "startpos", 4, 3290240},
    {"ShogiD1", "shogi", "startpos", 1, 30},
    {"ShogiD2", "shogi", "startpos", 2, 900},
    {"ShogiD3", "shogi", "startpos", 3, 25470},
    {"ShogiD4", "shogi", "startpos", 4, 719731},
    {"CrazyhouseStartD4", "crazyhouse", "startpos", 4, 197281},
    {"CrazyhouseStartD5", "crazyhouse", "startpos", 5, 4888832},
    // Counted with fairy-stockfish 'go perft' on the same positions.
    {"CrazyhouseHandsD3", "crazyhouse", "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[Pp] w KQkq - 0 1", 3,
     160346},
    {"XiangqiMiddlegameD3", "xiangqi", "r1bakab1r/9/1cn3nc1/p1p1p3p/6p2/2P6/P3P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1", 3,
     55677},
    {"ShogiHandsD3", "shogi", "lnsgk2nl/1r4gs1/p1pppp1pp/6p2/1p7/2P6/PP1PPPPPP/1SG4R1/LN2KGSNL[Bb] w - - 0 1", 3,
     260855},
    {"ShogiPromotedD3", "shogi", "lnsgk2nl/1r4gs1/p1ppp+P1pp/9/9/2+p6/PP1PPPPPP/1S5R1/LN+BGKGSNL[PSpb] b - - 0 31", 3,
     599529},
    {"GrandStartD3", "grand", "startpos", 3, 259514},
    {"GrandPromotionToLostPiecesD1", "grand", "4k5/1P8/10/10/10/10/10/10/10/4K5 w - - 0 1", 1, 11},
    {"GrandNoPieceLostD3", "grand", "4k5/1P8/10/10/10/10/10/10/1NBQKCABN1/R8R w - - 0 1", 3, 19538},
    {"GrandKnightLostD3", "grand", "r3k4r/1P1n6/10/10/10/10/10/10/1NBQKCAB2/R8R w - - 0 1", 3, 390331},
    {"CapablancaCastlingD3", "capablanca", "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1", 3, 29210},
    // Chess960: positions of the Chess960 perft suite (the chessprogramming wiki's "Chess960
    // Perft Results", as Ethereal's src/perft/fischer.epd holds it; named by White's back rank),
    // each figure also counted by fairy-stockfish with UCI_Chess960; the start position numbered
    // 0 by fairy-stockfish alone.  Deeper figures: presets/chess960.preset.
    {"Chess960StartD4", "chess960", "startpos", 4, 201143},
    // Three-check, against fairy-stockfish 11.1's 3check: a check that is the side's last ends
    // the game, so nothing follows it.
    {"ThreeCheckStartD4", "3check", "startpos", 4, 197281},
    {"ThreeCheckOneLeftD4", "3check", "rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 1+3 0 2", 4, 984619},
    {"ThreeCheckBothOneLeftD4", "3check", "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 1+1 2 3", 4,
     1293738},
    {"Chess960BQ1BNRKRD4", "chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 4, 326672},
    {"Chess960BQNNRBKRD3", "chess960", "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", 3, 18002},
    {"Chess960BQNNRKRBD4", "chess960", "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", 4, 273318},
    {"Chess960QBBNNR1RD4", "chess960", "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", 4, 382958},
    {"Chess960NQNRB1RBD4", "chess960", "nqn2krb/p1prpppp/1pbp4/7P/5P2/8/PPPPPKP1/NQNRB1RB w g - 3 9", 4, 248069},
    {"Chess960BN1B1KRQD3", "chess960", "bnnbrkr1/ppp2p1p/5q2/3pp1p1/4P3/1N4P1/PPPPRP1P/BN1B1KRQ w Gge - 0 9", 3, 27228},
    {"Chess960NBQRBNK1D3", "chess960", "nb1r1nkr/ppp1ppp1/2bp4/7p/3P2qP/P6R/1PP1PPP1/NBQRBNK1 w Dhd - 1 9", 3, 60060},
};

class CorePerft : public ::testing::TestWithParam<PerftCase> {};

// One rule set per fixture name, built once for the whole suite.
const Rules *Shared(const std::string &name) {
  static std::map<std::string, std::unique_ptr<RulesBox>> built;
  auto &slot = built[name];
  if (!slot) slot = Fixture(name.c_str());
  return slot->get();
}

TEST_P(CorePerft, MatchesReference) {
  const PerftCase &c = GetParam();
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), Shared(c.rules), c.fen));
  const std::string before = Fen(pos.get());
  const uint64_t key = pos->key;
  EXPECT_EQ(pos_perft(pos.get(), c.depth), c.nodes);
  // Perft leaves the position as it found it.
  EXPECT_EQ(Fen(pos.get()), before);
  EXPECT_EQ(pos->key, key);
  EXPECT_EQ(pos->ply, 0);
}

INSTANTIATE_TEST_SUITE_P(CoreReference, CorePerft, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<PerftCase> &info) { return std::string(info.param.name); });

TEST(CorePerftDivide, SumOfSubtreesEqualsTheTotal) {
  const Rules *chess = Shared("chess");
  PosBox pos;
  ASSERT_TRUE(SetFen(pos.get(), chess, kKiwipete));
  uint64_t total = 0;
  for (Move m : LegalMoves(pos.get())) {
    pos_make(pos.get(), m);
    total += pos_perft(pos.get(), 2);
    pos_unmake(pos.get());
  }
  EXPECT_EQ(total, 97862u);
  EXPECT_EQ(pos_perft(pos.get(), 0), 1u);
  EXPECT_EQ(Fen(pos.get()), kKiwipete);
}

TEST(CorePerftDivide, CopiedPositionCountsTheSame) {
  const Rules *shogi = Shared("shogi");
  PosBox pos, copy;
  ASSERT_TRUE(SetFen(pos.get(), shogi, "startpos"));
  ASSERT_TRUE(core_test::Play(pos.get(), "c3c4"));
  pos_copy(copy.get(), pos.get());
  EXPECT_EQ(copy->ply, 0);
  EXPECT_EQ(Fen(copy.get()), Fen(pos.get()));
  EXPECT_EQ(pos_perft(copy.get(), 3), pos_perft(pos.get(), 3));
}

// Chess placed inside a larger board whose other cells are holes: every count must equal
// chess's.  The region is centred vertically, since Black's zones mirror White's.
class CorePerftEmbedded : public ::testing::TestWithParam<int> {
protected:
  RulesBox rules;
  int width = 0, height = 0, file0 = 0, rank0 = 0;

  void SetUp() override {
    int size = GetParam();
    width = height = size;
    file0 = size - 8; // chess on the right-hand files
    rank0 = (size - 8) / 2;
    StartRules(rules.get(), width, height,
               {{"King", 'K', "K"},
                {"Queen", 'Q', "Q"},
                {"Rook", 'R', "R"},
                {"Bishop", 'B', "B"},
                {"Knight", 'N', "N"},
                {"Pawn", 'P', "fmWfcFifmnD"}});
    Rules *r = rules.get();
    for (int sq = 0; sq < width * height; sq++) {
      int f = geo_file(&r->geo, sq) - file0, rk = geo_rank(&r->geo, sq) - rank0;
      r->geo.hole[sq] = f < 0 || f > 7 || rk < 0 || rk > 7;
    }
    r->types[0].royal = true;
    PieceType *pawn = &r->types[5];
    pawn->ep_creator = pawn->ep_capturer = pawn->resets_clock = true;
    pawn->initial_zone = rules_add_zone(r, "pawn start", file0, file0 + 7, rank0 + 1, rank0 + 1);
    pawn->promo_zone = rules_add_zone(r, "last rank", file0, file0 + 7, rank0 + 7, rank0 + 7);
    const int choices[] = {4, 3, 2, 1};
    for (int i = 0; i < 4; i++) pawn->promo_choices[i] = choices[i];
    pawn->promo_count = 4;
    pawn->promo_mandatory = true;
    char err[RULES_ERR_LEN] = "";
    for (int c = 0; c < 2; c++) {
      int rank = c == 0 ? rank0 : rank0 + 7;
      auto name = [&](int file) { return Square(file0 + file, rank); };
      ASSERT_TRUE(
          rules_add_castling(r, c, name(4).c_str(), name(6).c_str(), name(7).c_str(), name(5).c_str(), err, sizeof err))
          << err;
      ASSERT_TRUE(
          rules_add_castling(r, c, name(4).c_str(), name(2).c_str(), name(0).c_str(), name(3).c_str(), err, sizeof err))
          << err;
    }
    Finalize(r);
  }

  std::string Square(int file, int rank) {
    char out[2 * GEO_LABEL_MAX];
    geo_square_name(&rules->geo, geo_square(&rules->geo, file, rank), out);
    return out;
  }

  // The 8x8 FEN written for the larger board: holes around the chess ranks, the en-passant
  // square moved along with the board.
  std::string Embed(const std::string &fen) {
    size_t space = fen.find(' ');
    std::string board = fen.substr(0, space), rest = fen.substr(space);
    std::vector<std::string> ranks;
    size_t start = 0;
    for (size_t i = 0; i <= board.size(); i++)
      if (i == board.size() || board[i] == '/') ranks.push_back(board.substr(start, i - start)), start = i + 1;
    std::string out;
    for (int rank = height - 1; rank >= 0; rank--) {
      int inner = rank - rank0;
      if (inner < 0 || inner > 7)
        out += std::string(width, '*');
      else
        out += std::string(file0, '*') + ranks[7 - inner] + std::string(width - file0 - 8, '*');
      if (rank) out += '/';
    }
    // Fields: side, castling, en passant, counters.
    std::vector<std::string> fields;
    start = 1;
    for (size_t i = 1; i <= rest.size(); i++)
      if (i == rest.size() || rest[i] == ' ') fields.push_back(rest.substr(start, i - start)), start = i + 1;
    if (fields.size() > 2 && fields[2] != "-")
      fields[2] = Square(file0 + (fields[2][0] - 'a'), rank0 + (fields[2][1] - '1'));
    for (const std::string &f : fields) out += " " + f;
    return out;
  }

  uint64_t Perft(const std::string &fen, int depth) {
    PosBox pos;
    std::string big = Embed(fen);
    EXPECT_TRUE(SetFen(pos.get(), rules.get(), big));
    EXPECT_EQ(Fen(pos.get()), big);
    return pos_perft(pos.get(), depth);
  }
};

TEST_P(CorePerftEmbedded, CountsAsChess) {
  EXPECT_EQ(rules->bbw, GetParam() * GetParam() <= 128 ? 2 : 4);
  EXPECT_EQ(Perft("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4), 197281u);
  EXPECT_EQ(Perft(kKiwipete, 3), 97862u);
  EXPECT_EQ(Perft(kPos3, 4), 43238u);
  EXPECT_EQ(Perft(kPos4, 3), 9467u);
  EXPECT_EQ(Perft(kPos5, 3), 62379u);
  EXPECT_EQ(Perft("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 3), 13160u);
}

INSTANTIATE_TEST_SUITE_P(CoreHoles, CorePerftEmbedded, ::testing::Values(10, 12, 16),
                         [](const ::testing::TestParamInfo<int> &info) {
                           return "Board" + std::to_string(info.param) + "x" + std::to_string(info.param);
                         });

} // namespace
