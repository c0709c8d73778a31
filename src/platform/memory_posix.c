/* platform/memory.h on POSIX systems: anonymous private mappings. */
#include "platform/memory.h"

#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum { HUGE_PAGE = 2 << 20 };

void *plat_pages_alloc(size_t bytes) {
  /* Fresh anonymous pages are zero and page-aligned, and the kernel gives them as they are first
   * touched: even the largest Hash a GUI may ask for is had at once, not written through first
   * (64 GB of memset took half a minute). */
  if (bytes < HUGE_PAGE) {
    void *memory = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return memory == MAP_FAILED ? NULL : memory;
  }
  /* A large table is read at random: on 4 KiB pages nearly every probe of a hash table misses
   * the TLB as well as the cache.  Aligned to 2 MiB and marked, it is given huge pages where the
   * kernel has them only on request (transparent_hugepage "madvise", Debian's default), as
   * Stockfish's hash table is.  The slack before and after the aligned range is
   * unmapped, so that plat_pages_free unmaps what it is given. */
  size_t mapped = bytes + HUGE_PAGE;
  if (mapped < bytes) return NULL; /* more than the address space */
  char *memory = mmap(NULL, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED) return NULL;
  char *aligned = (char *)(((uintptr_t)memory + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
  size_t head = (size_t)(aligned - memory), tail = mapped - head - bytes;
  if (head) munmap(memory, head);
  if (tail) munmap(aligned + bytes, tail);
#ifdef MADV_HUGEPAGE
  madvise(aligned, bytes, MADV_HUGEPAGE); /* a hint: without huge pages the table works as before */
#endif
  return aligned;
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
