/* Large blocks of memory straight from the system, for the transposition table, and the size
 * of the machine's memory.  One of memory_posix.c (mmap) and memory_win.c (VirtualAlloc) is
 * built, chosen by the Makefile's PLATFORM: the table asks for tens of gigabytes when a GUI
 * says so, and only the system's own page calls give that much at once, already zero. */
#ifndef HERALD_PLATFORM_MEMORY_H
#define HERALD_PLATFORM_MEMORY_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* bytes of page-aligned memory reading as zero, given by the system as it is first touched (so
 * that no time goes into writing it first); NULL when refused. */
void *plat_pages_alloc(size_t bytes);
/* Gives back a block of plat_pages_alloc, bytes as asked for. */
void plat_pages_free(void *memory, size_t bytes);
/* Makes the whole block read as zero again (given back to the system where it can be). */
void plat_pages_zero(void *memory, size_t bytes);
/* The machine's physical memory in bytes; 0 when the system does not say. */
uint64_t plat_physical_memory(void);

#ifdef __cplusplus
}
#endif
#endif
