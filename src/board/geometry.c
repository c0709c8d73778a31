#include "board/geometry.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

bool geo_init(Geometry *g, int width, int height, char *err, int errlen) {
  if (width < 2 || height < 2 || width > GEO_MAX_SIDE || height > GEO_MAX_SIDE) {
    snprintf(err, errlen, "board of %dx%d is outside the supported 2x2 to 16x16", width, height);
    return false;
  }
  memset(g, 0, sizeof *g);
  g->width = width;
  g->height = height;
  g->squares = width * height;
  for (int f = 0; f < width; f++) snprintf(g->file_label[f], GEO_LABEL_MAX, "%c", 'a' + f);
  /* The rank number fits a byte (height <= 16); saying so keeps -Wformat-truncation quiet at -O1. */
  for (int r = 0; r < height; r++) snprintf(g->rank_label[r], GEO_LABEL_MAX, "%d", (uint8_t)(r + 1));
  return true;
}

/* Splits a whitespace-separated list into exactly count labels. */
static bool read_labels(const char *list, int count, char labels[][GEO_LABEL_MAX], const char *what, char *err,
                        int errlen) {
  int n = 0;
  const char *p = list;
  while (*p) {
    while (isspace((unsigned char)*p)) p++;
    if (!*p) break;
    const char *start = p;
    while (*p && !isspace((unsigned char)*p)) p++;
    int len = (int)(p - start);
    if (len >= GEO_LABEL_MAX) {
      snprintf(err, errlen, "%s label '%.*s' is longer than %d characters", what, len, start, GEO_LABEL_MAX - 1);
      return false;
    }
    if (n == count) {
      snprintf(err, errlen, "more than %d %s labels", count, what);
      return false;
    }
    memcpy(labels[n], start, len);
    labels[n][len] = 0;
    for (int i = 0; i < n; i++)
      if (!strcmp(labels[i], labels[n])) {
        snprintf(err, errlen, "%s label '%s' appears twice", what, labels[n]);
        return false;
      }
    n++;
  }
  if (n != count) {
    snprintf(err, errlen, "%d %s labels given, the board has %d", n, what, count);
    return false;
  }
  return true;
}

bool geo_set_labels(Geometry *g, const char *files, const char *ranks, char *err, int errlen) {
  char file_label[GEO_MAX_SIDE][GEO_LABEL_MAX], rank_label[GEO_MAX_SIDE][GEO_LABEL_MAX];
  if (files && !read_labels(files, g->width, file_label, "file", err, errlen)) return false;
  if (ranks && !read_labels(ranks, g->height, rank_label, "rank", err, errlen)) return false;
  if (files) memcpy(g->file_label, file_label, sizeof file_label);
  if (ranks) memcpy(g->rank_label, rank_label, sizeof rank_label);
  return true;
}

void geo_square_name(const Geometry *g, int sq, char *out) {
  /* Copied by hand: the bridge names squares by the million while it compiles a preset's
   * pieces, and snprintf was most of that time.  Each label fits GEO_LABEL_MAX with its end. */
  const char *file = g->file_label[geo_file(g, sq)], *rank = g->rank_label[geo_rank(g, sq)];
  size_t flen = strlen(file), rlen = strlen(rank);
  memcpy(out, file, flen);
  memcpy(out + flen, rank, rlen + 1);
}

int geo_parse_square(const Geometry *g, const char *text, int *used) {
  int best_file = -1, best_file_len = 0, best_rank = -1, best_rank_len = 0;
  for (int f = 0; f < g->width; f++) {
    int flen = (int)strlen(g->file_label[f]);
    if (flen <= best_file_len || strncmp(text, g->file_label[f], flen)) continue;
    int rank = -1, rlen = 0;
    for (int r = 0; r < g->height; r++) {
      int len = (int)strlen(g->rank_label[r]);
      if (len > rlen && !strncmp(text + flen, g->rank_label[r], len)) rank = r, rlen = len;
    }
    if (rank < 0) continue;
    best_file = f, best_file_len = flen, best_rank = rank, best_rank_len = rlen;
  }
  if (best_file < 0) return GEO_NO_SQUARE;
  if (used) *used = best_file_len + best_rank_len;
  return geo_square(g, best_file, best_rank);
}
