// Board geometry: sizes, labels, square names, holes.
#include <gtest/gtest.h>

#include <string>

#include "core_shim.h"

namespace {

std::string Name(const Geometry &g, int sq) {
  char out[2 * GEO_LABEL_MAX];
  geo_square_name(&g, sq, out);
  return out;
}

int Parse(const Geometry &g, const char *text, int *used = nullptr) {
  int dummy = 0;
  return geo_parse_square(&g, text, used ? used : &dummy);
}

TEST(CoreGeometry, AcceptsEverySizeFrom2x2To16x16) {
  Geometry g;
  char err[128] = "";
  for (int w = 2; w <= 16; w++)
    for (int h = 2; h <= 16; h++) {
      ASSERT_TRUE(geo_init(&g, w, h, err, sizeof err)) << w << "x" << h << ": " << err;
      EXPECT_EQ(g.width, w);
      EXPECT_EQ(g.height, h);
      EXPECT_EQ(g.squares, w * h);
    }
}

TEST(CoreGeometry, RejectsSizesOutside2To16WithAMessage) {
  const int sizes[][2] = {{1, 8}, {17, 8}, {0, 0}, {8, 1}, {8, 17}, {-3, 8}, {16, 17}, {1, 1}};
  for (const auto &s : sizes) {
    Geometry g;
    char err[128] = "";
    EXPECT_FALSE(geo_init(&g, s[0], s[1], err, sizeof err)) << s[0] << "x" << s[1];
    std::string msg = err;
    EXPECT_NE(msg.find(std::to_string(s[0]) + "x" + std::to_string(s[1])), std::string::npos) << msg;
    EXPECT_NE(msg.find("2x2 to 16x16"), std::string::npos) << msg;
  }
}

TEST(CoreGeometry, SquaresAreNumberedRankMajorFromA1) {
  Geometry g;
  char err[128];
  ASSERT_TRUE(geo_init(&g, 10, 8, err, sizeof err));
  EXPECT_EQ(geo_square(&g, 0, 0), 0);
  EXPECT_EQ(geo_square(&g, 9, 0), 9);
  EXPECT_EQ(geo_square(&g, 0, 1), 10);
  EXPECT_EQ(geo_square(&g, 4, 3), 34);
  EXPECT_EQ(geo_file(&g, 34), 4);
  EXPECT_EQ(geo_rank(&g, 34), 3);
  EXPECT_TRUE(geo_on_board(&g, 9, 7));
  EXPECT_FALSE(geo_on_board(&g, 10, 0));
  EXPECT_FALSE(geo_on_board(&g, 0, 8));
  EXPECT_FALSE(geo_on_board(&g, -1, 0));
  EXPECT_FALSE(geo_on_board(&g, 0, -1));
}

TEST(CoreGeometry, DefaultLabelsRunAToPAnd1To16) {
  Geometry g;
  char err[128];
  ASSERT_TRUE(geo_init(&g, 16, 16, err, sizeof err));
  EXPECT_STREQ(g.file_label[0], "a");
  EXPECT_STREQ(g.file_label[15], "p");
  EXPECT_STREQ(g.rank_label[0], "1");
  EXPECT_STREQ(g.rank_label[9], "10");
  EXPECT_STREQ(g.rank_label[15], "16");
  EXPECT_EQ(Name(g, 0), "a1");
  EXPECT_EQ(Name(g, 255), "p16");
  EXPECT_EQ(Name(g, geo_square(&g, 0, 9)), "a10");
  EXPECT_EQ(Name(g, geo_square(&g, 4, 3)), "e4");
  EXPECT_EQ(Name(g, geo_square(&g, 10, 11)), "k12");
}

TEST(CoreGeometry, ParsesTwoDigitRanksGreedily) {
  Geometry g;
  char err[128];
  ASSERT_TRUE(geo_init(&g, 16, 16, err, sizeof err));
  int used = 0;
  EXPECT_EQ(Parse(g, "a10", &used), geo_square(&g, 0, 9));
  EXPECT_EQ(used, 3);
  EXPECT_EQ(Parse(g, "p16", &used), 255);
  EXPECT_EQ(used, 3);
  EXPECT_EQ(Parse(g, "a1", &used), 0);
  EXPECT_EQ(used, 2);
  // Text after the square is left alone: "e2e4" reads e2 and stops.
  EXPECT_EQ(Parse(g, "e2e4", &used), geo_square(&g, 4, 1));
  EXPECT_EQ(used, 2);
  // "a16" on a 16-rank board is a16, not a1 followed by '6'.
  EXPECT_EQ(Parse(g, "a16x", &used), geo_square(&g, 0, 15));
  EXPECT_EQ(used, 3);
}

TEST(CoreGeometry, ParseRejectsSquaresOffTheBoard) {
  Geometry g;
  char err[128];
  ASSERT_TRUE(geo_init(&g, 8, 8, err, sizeof err));
  EXPECT_EQ(Parse(g, "i1"), GEO_NO_SQUARE);
  EXPECT_EQ(Parse(g, "a0"), GEO_NO_SQUARE);
  EXPECT_EQ(Parse(g, "a9"), GEO_NO_SQUARE);
  EXPECT_EQ(Parse(g, ""), GEO_NO_SQUARE);
  EXPECT_EQ(Parse(g, "E4"), GEO_NO_SQUARE);
  EXPECT_EQ(Parse(g, "4e"), GEO_NO_SQUARE);
  // a10 on an 8-rank board: the longest rank label that matches is "1".
  int used = 0;
  EXPECT_EQ(Parse(g, "a10", &used), 0);
  EXPECT_EQ(used, 2);
}

TEST(CoreGeometry, NameAndParseRoundTripOnEverySquareOfEverySize) {
  const int sizes[][2] = {{2, 2}, {8, 8}, {9, 10}, {10, 8}, {12, 12}, {16, 16}, {3, 16}, {16, 2}};
  for (const auto &s : sizes) {
    Geometry g;
    char err[128];
    ASSERT_TRUE(geo_init(&g, s[0], s[1], err, sizeof err));
    for (int sq = 0; sq < g.squares; sq++) {
      std::string name = Name(g, sq);
      int used = 0;
      EXPECT_EQ(Parse(g, name.c_str(), &used), sq) << name;
      EXPECT_EQ(used, static_cast<int>(name.size())) << name;
    }
  }
}

TEST(CoreGeometry, ShogiStyleCustomLabels) {
  // Shogi writes files 9..1 from White's left and ranks a..i from the top.
  Geometry g;
  char err[128] = "";
  ASSERT_TRUE(geo_init(&g, 9, 9, err, sizeof err));
  ASSERT_TRUE(geo_set_labels(&g, "9 8 7 6 5 4 3 2 1", "i h g f e d c b a", err, sizeof err)) << err;
  EXPECT_EQ(Name(g, 0), "9i");
  EXPECT_EQ(Name(g, 80), "1a");
  EXPECT_EQ(Name(g, geo_square(&g, 4, 4)), "5e");
  EXPECT_EQ(Name(g, geo_square(&g, 6, 2)), "3g");
  int used = 0;
  EXPECT_EQ(Parse(g, "7g", &used), geo_square(&g, 2, 2));
  EXPECT_EQ(used, 2);
  EXPECT_EQ(Parse(g, "1a", &used), 80);
  EXPECT_EQ(Parse(g, "a1"), GEO_NO_SQUARE);
  for (int sq = 0; sq < g.squares; sq++) EXPECT_EQ(Parse(g, Name(g, sq).c_str()), sq);
}

TEST(CoreGeometry, MultiCharacterLabelsPreferTheLongestMatch) {
  Geometry g;
  char err[128] = "";
  ASSERT_TRUE(geo_init(&g, 3, 3, err, sizeof err));
  // "a" and "aa" are both file labels; "aa1" must read file aa.
  ASSERT_TRUE(geo_set_labels(&g, "a aa aaa", "1 11 x1", err, sizeof err)) << err;
  int used = 0;
  EXPECT_EQ(Parse(g, "aa1", &used), geo_square(&g, 1, 0));
  EXPECT_EQ(used, 3);
  EXPECT_EQ(Parse(g, "aaa11", &used), geo_square(&g, 2, 1));
  EXPECT_EQ(used, 5);
  EXPECT_EQ(Parse(g, "ax1", &used), geo_square(&g, 0, 2));
  EXPECT_EQ(used, 3);
  // "a11": file a with rank 11 is longer than file a with rank 1.
  EXPECT_EQ(Parse(g, "a11", &used), geo_square(&g, 0, 1));
  EXPECT_EQ(used, 3);
  EXPECT_EQ(Name(g, geo_square(&g, 2, 2)), "aaax1");
  for (int sq = 0; sq < g.squares; sq++) {
    std::string name = Name(g, sq);
    EXPECT_EQ(Parse(g, name.c_str(), &used), sq) << name;
    EXPECT_EQ(used, static_cast<int>(name.size())) << name;
  }
}

TEST(CoreGeometry, LabelsCanBeSetForFilesOnly) {
  Geometry g;
  char err[128] = "";
  ASSERT_TRUE(geo_init(&g, 4, 4, err, sizeof err));
  ASSERT_TRUE(geo_set_labels(&g, "w x y z", nullptr, err, sizeof err)) << err;
  EXPECT_EQ(Name(g, 0), "w1");
  EXPECT_EQ(Name(g, 15), "z4");
}

TEST(CoreGeometry, BadLabelListsAreRejectedAndLeaveTheLabelsAlone) {
  Geometry g;
  char err[128] = "";
  ASSERT_TRUE(geo_init(&g, 4, 4, err, sizeof err));
  struct Case {
    const char *files, *ranks, *message;
  } cases[] = {
      {"a b c", "1 2 3 4", "3 file labels given, the board has 4"},
      {"a b c d e", "1 2 3 4", "more than 4 file labels"},
      {"a b c d", "1 2 3", "3 rank labels given, the board has 4"},
      {"a b b d", "1 2 3 4", "file label 'b' appears twice"},
      {"a b c d", "1 2 3 toolonglabel", "rank label 'toolonglabel' is longer than 7 characters"},
      {"", "1 2 3 4", "0 file labels given"},
  };
  for (const Case &c : cases) {
    err[0] = 0;
    EXPECT_FALSE(geo_set_labels(&g, c.files, c.ranks, err, sizeof err)) << c.files << " / " << c.ranks;
    EXPECT_NE(std::string(err).find(c.message), std::string::npos) << err;
    EXPECT_STREQ(g.file_label[1], "b");
    EXPECT_STREQ(g.rank_label[3], "4");
  }
}

TEST(CoreGeometry, SevenCharacterLabelsFit) {
  Geometry g;
  char err[128] = "";
  ASSERT_TRUE(geo_init(&g, 2, 2, err, sizeof err));
  ASSERT_TRUE(geo_set_labels(&g, "left123 right12", "bottom7 top", err, sizeof err)) << err;
  EXPECT_EQ(Name(g, 0), "left123bottom7");
  EXPECT_EQ(Name(g, 3), "right12top");
  EXPECT_EQ(Parse(g, "right12bottom7"), 1);
}

TEST(CoreGeometry, HolesAreOffTheBoardButStillParse) {
  Geometry g;
  char err[128];
  ASSERT_TRUE(geo_init(&g, 5, 5, err, sizeof err));
  for (int sq = 0; sq < g.squares; sq++) EXPECT_FALSE(g.hole[sq]);
  g.hole[geo_square(&g, 2, 2)] = true;
  EXPECT_FALSE(geo_on_board(&g, 2, 2));
  EXPECT_TRUE(geo_on_board(&g, 2, 1));
  EXPECT_TRUE(geo_on_board(&g, 1, 2));
  // A hole still has a name (Game Courier addresses it), so parsing returns it.
  EXPECT_EQ(Parse(g, "c3"), geo_square(&g, 2, 2));
  EXPECT_EQ(Name(g, geo_square(&g, 2, 2)), "c3");
}

TEST(CoreGeometry, BitsHelpers) {
  Bits b{};
  EXPECT_FALSE(bits_any(&b));
  bits_set(&b, 0);
  bits_set(&b, 63);
  bits_set(&b, 64);
  bits_set(&b, 255);
  EXPECT_EQ(bits_count(&b), 4);
  EXPECT_TRUE(bits_test(&b, 255));
  bits_clear(&b, 63);
  EXPECT_FALSE(bits_test(&b, 63));
  EXPECT_EQ(bits_pop(&b), 0);
  EXPECT_EQ(bits_pop(&b), 64);
  EXPECT_EQ(bits_pop(&b), 255);
  EXPECT_EQ(bits_pop(&b), -1);
}

} // namespace
