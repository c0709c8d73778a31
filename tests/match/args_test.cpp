// The tools' number options: a non-number, a trailing letter, a negative or absurd value is
// refused with a message naming the option, instead of being read as 0 or 2^64 - 1.
#include <gtest/gtest.h>

#include <string>

#include "match/args.h"

namespace {

TEST(MatchArgs, WholeNumbersInRange) {
  long v = -7;
  char err[160];
  EXPECT_TRUE(mt_arg_long("12", 1, 100, "--games", &v, err, sizeof err));
  EXPECT_EQ(v, 12);
  EXPECT_TRUE(mt_arg_long("0", 0, 100, "--games", &v, err, sizeof err));
  EXPECT_EQ(v, 0);
  EXPECT_TRUE(mt_arg_long("-5", -10, 10, "--resign", &v, err, sizeof err));
  EXPECT_EQ(v, -5);
}

TEST(MatchArgs, RefusesWhatIsNotAWholeNumberInRange) {
  long v = 99;
  char err[160];
  for (const char *bad : {"abc", "", "12x", "1.5", " 3", "-1", "101", "99999999999999999999999"}) {
    EXPECT_FALSE(mt_arg_long(bad, 0, 100, "--games", &v, err, sizeof err)) << bad;
    EXPECT_NE(std::string(err).find("--games"), std::string::npos) << err;
    EXPECT_NE(std::string(err).find("0 to 100"), std::string::npos) << err;
  }
  EXPECT_EQ(v, 99); // untouched
}

TEST(MatchArgs, NodeCountsRefuseMinusSigns) {
  uint64_t v = 7;
  char err[160];
  EXPECT_TRUE(mt_arg_u64("18446744073709551615", 0, UINT64_MAX, "--seed", &v, err, sizeof err));
  EXPECT_EQ(v, UINT64_MAX);
  EXPECT_TRUE(mt_arg_u64("1000", 1, 1000000, "--nodes", &v, err, sizeof err));
  EXPECT_EQ(v, 1000u);
  for (const char *bad : {"-1", "+5", "", "0", "2000000", "12k", "18446744073709551616"})
    EXPECT_FALSE(mt_arg_u64(bad, 1, 1000000, "--nodes", &v, err, sizeof err)) << bad;
  EXPECT_EQ(v, 1000u);
  EXPECT_NE(std::string(err).find("--nodes '18446744073709551616'"), std::string::npos) << err;
}

TEST(MatchArgs, Fractions) {
  double v = 0;
  char err[160];
  EXPECT_TRUE(mt_arg_double("0.05", 0, 1, "--sprt ALPHA", &v, err, sizeof err));
  EXPECT_DOUBLE_EQ(v, 0.05);
  for (const char *bad : {"x", "", "0.5.", "nan", "inf", "2", "-0.1"})
    EXPECT_FALSE(mt_arg_double(bad, 0, 1, "--sprt ALPHA", &v, err, sizeof err)) << bad;
  EXPECT_DOUBLE_EQ(v, 0.05);
}

} // namespace
