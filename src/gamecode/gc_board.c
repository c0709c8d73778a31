/* Board geometry, coordinate lookup and FEN reading/writing (reference §1.3, §1.4). */
#include "gamecode/gc_board.h"
#include "gamecode/gc_value.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(GC_LABEL_MAX >= 8, "a cell holds a word (gc_board_cell_word)");

static int split_labels(const char *list, char out[][GC_LABEL_MAX], int max, const char *what, char *err,
                        size_t errsize) {
  int n = 0;
  const char *p = list;
  while (*p) {
    while (*p && isspace((unsigned char)*p)) p++;
    if (!*p) break;
    const char *start = p;
    while (*p && !isspace((unsigned char)*p)) p++;
    size_t len = (size_t)(p - start);
    if (n >= max) {
      snprintf(err, errsize, "too many %s (at most %d)", what, max);
      return -1;
    }
    if (len >= GC_LABEL_MAX) {
      snprintf(err, errsize, "%s label too long: %.*s", what, (int)len, start);
      return -1;
    }
    memcpy(out[n], start, len);
    out[n][len] = 0;
    n++;
  }
  if (n == 0) snprintf(err, errsize, "no %s given", what);
  return n ? n : -1;
}

static void coord_insert(GcBoard *b, int index) {
  const char *name = b->names[index];
  size_t mask = sizeof b->coord_slots / sizeof b->coord_slots[0] - 1;
  size_t i = gc_hash(name) & mask;
  while (b->coord_slots[i]) {
    if (strcmp(b->names[b->coord_slots[i] - 1], name) == 0) return; /* ambiguous split: first (longest file) wins */
    i = (i + 1) & mask;
  }
  b->coord_slots[i] = index + 1;
}

int gc_board_init(GcBoard *b, const char *files, const char *ranks, char *err, size_t errsize) {
  memset(b, 0, sizeof *b);
  int nf = split_labels(files, b->files, GC_MAX_FILES, "files", err, errsize);
  if (nf < 0) return -1;
  int nr = split_labels(ranks, b->ranks, GC_MAX_RANKS, "ranks", err, errsize);
  if (nr < 0) return -1;
  b->nfiles = nf;
  b->nranks = nr;
  for (int i = 0; i < nf * nr; i++) {
    strcpy(b->cells[i], "@");
    size_t fl = strlen(b->files[i % nf]); /* both labels < GC_LABEL_MAX: the name fits */
    memcpy(b->names[i], b->files[i % nf], fl);
    strcpy(b->names[i] + fl, b->ranks[i / nf]);
  }
  /* Prefer the longest file label when a name splits two ways (reference §1.3). */
  int order[GC_MAX_FILES];
  for (int f = 0; f < nf; f++) order[f] = f;
  for (int i = 1; i < nf; i++)
    for (int j = i; j > 0 && strlen(b->files[order[j]]) > strlen(b->files[order[j - 1]]); j--) {
      int t = order[j];
      order[j] = order[j - 1];
      order[j - 1] = t;
    }
  for (int k = 0; k < nf; k++)
    for (int r = 0; r < nr; r++) coord_insert(b, r * nf + order[k]);
  return 0;
}

void gc_board_coord(const GcBoard *b, int index, char *out, size_t size) {
  if (index < 0 || index >= b->nfiles * b->nranks) {
    if (size) out[0] = 0;
    return;
  }
  gc_text_copy(out, size, b->names[index]); /* file label then rank label, made by the geometry */
}

int gc_board_index(const GcBoard *b, const char *coord) {
  if (!coord || !*coord || b->nfiles == 0) return -1;
  size_t mask = sizeof b->coord_slots / sizeof b->coord_slots[0] - 1;
  size_t i = gc_hash(coord) & mask;
  while (b->coord_slots[i]) {
    int idx = b->coord_slots[i] - 1;
    if (strcmp(coord, b->names[idx]) == 0) return idx;
    i = (i + 1) & mask;
  }
  return -1;
}

int gc_board_set_fen(GcBoard *b, const char *fen, char *err, size_t errsize) {
  int total = b->nfiles * b->nranks, pos = 0;
  const char *p = fen;
  while (*p && isspace((unsigned char)*p)) p++;
  while (*p && !isspace((unsigned char)*p)) {
    if (*p == '/') {
      if (pos % b->nfiles) {
        snprintf(err, errsize, "FEN: rank %d does not fill %d files", pos / b->nfiles + 1, b->nfiles);
        return -1;
      }
      p++;
      continue;
    }
    char label[GC_LABEL_MAX];
    int run = 1;
    if (isdigit((unsigned char)*p)) {
      run = 0;
      while (isdigit((unsigned char)*p)) {
        run = run * 10 + (*p++ - '0');
        if (run > total) {
          snprintf(err, errsize, "FEN: more than %d squares", total);
          return -1;
        }
      }
      strcpy(label, "@");
    } else if (*p == '{') {
      const char *q = strchr(p, '}');
      if (!q || (size_t)(q - p - 1) >= GC_LABEL_MAX || q == p + 1) {
        snprintf(err, errsize, "FEN: bad {label} at '%.10s'", p);
        return -1;
      }
      memcpy(label, p + 1, (size_t)(q - p - 1));
      label[q - p - 1] = 0;
      p = q + 1;
    } else {
      label[0] = *p++;
      label[1] = 0;
    }
    if (pos + run > total) {
      snprintf(err, errsize, "FEN: more than %d squares", total);
      return -1;
    }
    for (int k = 0; k < run; k++, pos++) {
      /* row-major from the top-left: highest rank first */
      int rank = b->nranks - 1 - pos / b->nfiles, file = pos % b->nfiles;
      strcpy(b->cells[rank * b->nfiles + file], label);
    }
  }
  if (pos != total) {
    snprintf(err, errsize, "FEN: %d squares given, board has %d", pos, total);
    return -1;
  }
  return 0;
}

/* The FEN of b into o, which has room for that of any board of b's size (FEN_ROOM): no bounds
 * tested per character, as a repetition key is made of this at every move (op_fencode). */
#define FEN_ROOM(cells, ranks) ((size_t)(cells) * (GC_LABEL_MAX + 2) + (size_t)(ranks) + 1)
_Static_assert(GC_MAX_FILES < 100, "a run of empty squares is written in two digits at most");
static char *fen_run(char *o, int run) {
  if (run >= 10) *o++ = (char)('0' + run / 10);
  if (run) *o++ = (char)('0' + run % 10);
  return o;
}
static void fen_write(const GcBoard *b, char *o) {
  for (int r = b->nranks - 1; r >= 0; r--) {
    const char(*c)[GC_LABEL_MAX] = &b->cells[r * b->nfiles], (*end)[GC_LABEL_MAX] = c + b->nfiles;
    int run = 0; /* empty squares */
    for (; c < end; c++) {
      char first = (*c)[0], second = (*c)[1];
      if (!second) { /* most labels are a letter */
        if (first == '@') {
          run++;
          continue;
        }
        if (run) o = fen_run(o, run), run = 0;
        if (first) *o++ = first;
        continue;
      }
      if (run) o = fen_run(o, run), run = 0;
      size_t len = strlen(*c);
      *o++ = '{';
      memcpy(o, *c, len);
      o += len;
      *o++ = '}';
    }
    o = fen_run(o, run);
    if (r) *o++ = '/';
  }
  *o = 0;
}

void gc_board_fen(const GcBoard *b, char *out, size_t size) {
  if (!size) return;
  if (size >= FEN_ROOM(b->nfiles * b->nranks, b->nranks)) {
    fen_write(b, out);
    return;
  }
  char whole[FEN_ROOM(GC_MAX_CELLS, GC_MAX_RANKS)]; /* then cut to fit */
  fen_write(b, whole);
  gc_text_copy(out, size, whole);
}
