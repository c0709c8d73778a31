// Test runner: GoogleTest, plus the plain closing line "N passed, N failed" that CI reads.
#include <gtest/gtest.h>
#include <cstdio>

namespace {
class ClosingLine : public testing::EmptyTestEventListener {
  void OnTestProgramEnd(const testing::UnitTest &unit) override {
    std::printf("tests: %d passed, %d failed\n", unit.successful_test_count(), unit.failed_test_count());
  }
};
} // namespace

int main(int argc, char **argv) {
  testing::InitGoogleTest(&argc, argv);
  testing::UnitTest::GetInstance()->listeners().Append(new ClosingLine);
  return RUN_ALL_TESTS();
}
