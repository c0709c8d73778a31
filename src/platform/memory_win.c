/* platform/memory.h on Windows: VirtualAlloc and GlobalMemoryStatusEx. */
#include "platform/memory.h"

#include <string.h>
#include <windows.h>

void *plat_pages_alloc(size_t bytes) {
  /* Committed pages are zero, page-aligned, and given physical memory as they are first
   * touched, as mmap's are. */
  return VirtualAlloc(NULL, bytes, MEM_COMMIT | MEM_RESERVE, PAGE_READWRITE);
}

void plat_pages_free(void *memory, size_t bytes) {
  (void)bytes; /* MEM_RELEASE frees the whole reservation and wants 0 for its size */
  if (memory) VirtualFree(memory, 0, MEM_RELEASE);
}

void plat_pages_zero(void *memory, size_t bytes) {
  /* Windows has no call that gives pages back and keeps the range readable as zero (MEM_RESET
   * leaves the old contents or zeros, at its choice), so the block is written. */
  memset(memory, 0, bytes);
}

uint64_t plat_physical_memory(void) {
  MEMORYSTATUSEX status = {.dwLength = sizeof status};
  return GlobalMemoryStatusEx(&status) ? (uint64_t)status.ullTotalPhys : 0;
}
