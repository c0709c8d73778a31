// The system's blocks for the transposition table: zero when given, writable from the first byte
// to the last, zero again when cleared, whether smaller than a huge page or spanning several
// (those are aligned and trimmed on POSIX, so the edges are where an error would show).
#include <gtest/gtest.h>

#include <cstring>

#include "platform/memory.h"

namespace {

bool AllZero(const unsigned char *bytes, size_t size) {
  for (size_t i = 0; i < size; i++)
    if (bytes[i]) return false;
  return true;
}

TEST(PlatformMemory, BlocksReadZeroTakeWritesAtBothEndsAndClear) {
  const size_t sizes[] = {4096, (2u << 20) - 64, 2u << 20, (5u << 20) + 3 * 64, 16u << 20};
  for (size_t size : sizes) {
    SCOPED_TRACE(size);
    auto *block = static_cast<unsigned char *>(plat_pages_alloc(size));
    ASSERT_NE(block, nullptr);
    EXPECT_TRUE(AllZero(block, size));
    std::memset(block, 0xA5, size);
    EXPECT_EQ(block[0], 0xA5);
    EXPECT_EQ(block[size - 1], 0xA5);
    plat_pages_zero(block, size);
    EXPECT_TRUE(AllZero(block, size));
    plat_pages_free(block, size);
  }
}

TEST(PlatformMemory, ABlockLargerThanTheAddressSpaceIsRefused) {
  EXPECT_EQ(plat_pages_alloc(SIZE_MAX - 4096), nullptr);
}

} // namespace
