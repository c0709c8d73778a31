/* Board geometry: a grid of files x ranks (2..16 each) in which any cell may be a hole.
 * Squares are numbered rank-major from a1: sq = rank * width + file.  Labels follow Game
 * Courier: files a, b, ... and ranks 1, 2, ... unless the preset names them otherwise. */
#ifndef HERALD_BOARD_GEOMETRY_H
#define HERALD_BOARD_GEOMETRY_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { GEO_MAX_SIDE = 16, GEO_MAX_SQUARES = 256, GEO_LABEL_MAX = 8, GEO_NO_SQUARE = -1 };

typedef struct Geometry {
  int width, height, squares; /* squares = width * height, holes included */
  bool hole[GEO_MAX_SQUARES];
  char file_label[GEO_MAX_SIDE][GEO_LABEL_MAX];
  char rank_label[GEO_MAX_SIDE][GEO_LABEL_MAX];
} Geometry;

/* Fills *g with a width x height board, default labels and no holes.  Returns false and
 * writes a message to err (size errlen) when the size is outside 2..16. */
bool geo_init(Geometry *g, int width, int height, char *err, int errlen);

/* Replaces the labels with whitespace-separated lists ("a b c ..." / "1 2 3 ...").  Each list
 * must name exactly width (height) distinct labels of at most 7 characters. */
bool geo_set_labels(Geometry *g, const char *files, const char *ranks, char *err, int errlen);

static inline int geo_file(const Geometry *g, int sq) { return sq % g->width; }
static inline int geo_rank(const Geometry *g, int sq) { return sq / g->width; }
static inline int geo_square(const Geometry *g, int file, int rank) { return rank * g->width + file; }
static inline bool geo_on_board(const Geometry *g, int file, int rank) {
  return file >= 0 && rank >= 0 && file < g->width && rank < g->height && !g->hole[rank * g->width + file];
}

/* Writes the square's name ("e4", "a10") into out (at least 2*GEO_LABEL_MAX bytes). */
void geo_square_name(const Geometry *g, int sq, char *out);

/* Parses a square name at the start of text, preferring the longest file label (Game Courier's
 * rule) and then the longest rank label.  Returns the square (holes included) or GEO_NO_SQUARE;
 * *used receives the number of characters consumed. */
int geo_parse_square(const Geometry *g, const char *text, int *used);

#ifdef __cplusplus
}
#endif
#endif
