/* The interpreter's own board, as Game Courier keeps it: a grid of file labels x rank labels,
 * each cell holding a piece label, "@" (empty) or "-" (not a space). Reference §1.3-1.4. */
#ifndef GC_BOARD_H
#define GC_BOARD_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GC_MAX_FILES 32
#define GC_MAX_RANKS 32
#define GC_LABEL_MAX 16
#define GC_MAX_CELLS (GC_MAX_FILES * GC_MAX_RANKS)

typedef struct GcBoard {
  int nfiles, nranks;
  char files[GC_MAX_FILES][GC_LABEL_MAX];
  char ranks[GC_MAX_RANKS][GC_LABEL_MAX];
  char cells[GC_MAX_CELLS][GC_LABEL_MAX];     /* index = rank * nfiles + file */
  char names[GC_MAX_CELLS][2 * GC_LABEL_MAX]; /* coordinate name of each cell */
  /* coordinate name -> cell index, open addressing; 0 means free, else index + 1 */
  int coord_slots[4 * GC_MAX_CELLS];
} GcBoard;

/* Sets the geometry from whitespace-separated label lists; every cell becomes "@".
 * Returns 0 on success, -1 with a message in err. */
int gc_board_init(GcBoard *b, const char *files, const char *ranks, char *err, size_t errsize);
/* Fills the board from a FEN (Game Courier compact form or with '/'; '-' = hole; {..} labels).
 * Ranks are read top (last rank label) first. */
int gc_board_set_fen(GcBoard *b, const char *fen, char *err, size_t errsize);
/* Writes the FEN of the board, ranks separated by '/'. */
void gc_board_fen(const GcBoard *b, char *out, size_t size);

int gc_board_index(const GcBoard *b, const char *coord); /* -1 if not a coordinate */
void gc_board_coord(const GcBoard *b, int index, char *out, size_t size);
/* Coordinate name of a cell (index must be valid). */
static inline const char *gc_board_name(const GcBoard *b, int index) { return b->names[index]; }
static inline int gc_board_file_of(const GcBoard *b, int index) { return index % b->nfiles; }
static inline int gc_board_rank_of(const GcBoard *b, int index) { return index / b->nfiles; }
/* Index of the cell at (file, rank), or -1 when off the grid. */
static inline int gc_board_at(const GcBoard *b, int file, int rank) {
  if (file < 0 || rank < 0 || file >= b->nfiles || rank >= b->nranks) return -1;
  return rank * b->nfiles + file;
}
static inline int gc_board_is_hole(const GcBoard *b, int index) {
  return b->cells[index][0] == '-' && b->cells[index][1] == 0;
}
static inline int gc_board_is_empty(const GcBoard *b, int index) {
  return b->cells[index][0] == '@' && b->cells[index][1] == 0;
}

/* A cell's label as one word, to compare labels without walking them: its bytes before the
 * zero, the rest zero; GC_LABEL_WORD_LONG for a label of 8 bytes or more.  Read as one word where
 * the byte order allows (a cell is GC_LABEL_MAX bytes, those past the zero stale): the table of
 * remembered calls (gc_memo.c) compares a dozen cells for every call it finds. */
#define GC_LABEL_WORD_LONG (~(uint64_t)0)
static inline uint64_t gc_board_cell_word(const GcBoard *b, int index) {
  uint64_t w;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  memcpy(&w, b->cells[index], 8);
  /* the high bit of each zero byte, exact for the first one (the lowest) */
  uint64_t zero = (w - 0x0101010101010101ull) & ~w & 0x8080808080808080ull;
  if (!zero) return GC_LABEL_WORD_LONG;
  return w & (((zero & -zero) >> 7) - 1);
#else
  size_t len = strnlen(b->cells[index], 8);
  if (len == 8) return GC_LABEL_WORD_LONG;
  w = 0;
  memcpy(&w, b->cells[index], len);
  return w;
#endif
}

#ifdef __cplusplus
}
#endif
#endif
