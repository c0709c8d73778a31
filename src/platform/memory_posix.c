/* platform/memory.h on POSIX systems: anonymous private mappings. */
#include "platform/memory.h"

#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

void *plat_pages_alloc(size_t bytes) {
  /* Fresh anonymous pages are zero and page-aligned, and the kernel gives them as they are first
   * touched: even the largest Hash a GUI may ask for is had at once, not written through first
   * (64 GB of memset took half a minute). */
  void *memory = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return memory == MAP_FAILED ? NULL : memory;
}

void plat_pages_free(void *memory, size_t bytes) {
  if (memory) munmap(memory, bytes);
}

void plat_pages_zero(void *memory, size_t bytes) {
  /* Private anonymous pages given back read as zero again when next touched. */
  if (madvise(memory, bytes, MADV_DONTNEED)) memset(memory, 0, bytes);
}

uint64_t plat_physical_memory(void) {
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page : 0;
}
