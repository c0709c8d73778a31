/* All the mistakes of a preset in one reading (br_diagnose, for `herald check`).  A load stops
 * at its first error, which is right for a game but slow for an author, who would fix a typo in
 * Post-Move, load again and only then hear of the undefined sub in Post-Game.  Here a section
 * that does not compile is left out and the reading goes on; Pre-Game runs, so that the
 * includes are known, and the lint reads what is there. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bridge/br_game.h"
#include "bridge/catalog.h"
#include "gamecode/gamecode.h"

/* The load limit of the source as an interrupt: Pre-Game may loop for ever. */
typedef struct Deadline {
  int64_t at_ms;
} Deadline;

static int64_t now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static bool past_deadline(void *ctx, const char *file, int line) {
  (void)file, (void)line;
  return now_ms() >= ((const Deadline *)ctx)->at_ms;
}

static void add(struct GcLintIssue *out, int cap, int *n, const char *file, int line, bool error, const char *message) {
  for (int i = 0; i < *n && i < cap; i++) /* the same mistake seen twice: by the load and the lint */
    if (out[i].line == line && !strcmp(out[i].file, file) && !strcmp(out[i].message, message)) return;
  if (*n < cap) {
    snprintf(out[*n].file, sizeof out[*n].file, "%.*s", (int)sizeof out[*n].file - 1, file);
    out[*n].line = line;
    out[*n].error = error;
    snprintf(out[*n].message, sizeof out[*n].message, "%.*s", (int)sizeof out[*n].message - 1, message);
  }
  (*n)++;
}

/* Sorts the issues by file, then line: the preset's order, as an author reads it. */
static int by_place(const void *a, const void *b) {
  const struct GcLintIssue *x = a, *y = b;
  int c = strcmp(x->file, y->file);
  return c ? c : (x->line > y->line) - (x->line < y->line);
}

int br_diagnose(const BrSource *given, struct GcLintIssue *out, int cap) {
  enum { MAX_FOUND = 64 };
  struct GcLintIssue found[MAX_FOUND];
  BrSource src = *given; /* the header's include folder is added to a copy; the text is shared */
  GcInterp *gc = gc_new();
  gc_set_include_resolver(gc, catalog_include, &src);
  int n = gc_load_preset_text_all(gc, src.text, src.path, found, MAX_FOUND);
  char err[512];
  if (!br_source_add_header_include(&src, gc, err, sizeof err)) {
    const char *colon = strchr(err + strlen(src.path) + 1, ':'); /* "path:line: message" */
    add(found, MAX_FOUND, &n, src.path, gc_header_line(gc, "include"), true, colon ? colon + 2 : err);
  } else if (!gc_pregame_failed(gc)) {
    /* Pre-Game brings in the includes, without which every call of theirs looks undefined. */
    int limit_ms = src.load_limit_ms ? src.load_limit_ms : br_default_load_limit_ms();
    Deadline deadline = {now_ms() + limit_ms};
    gc_set_interrupt(gc, past_deadline, &deadline);
    br_allow_run_time(gc, limit_ms);
    GcError ge = {0};
    if (gc_start(gc, &ge) != GC_OK) {
      add(found, MAX_FOUND, &n, ge.file, ge.line, true, ge.message);
    } else {
      struct GcLintIssue lint[MAX_FOUND];
      int got = gc_lint(gc, lint, MAX_FOUND);
      for (int i = 0; i < got && i < MAX_FOUND; i++)
        add(found, MAX_FOUND, &n, lint[i].file, lint[i].line, lint[i].error, lint[i].message);
    }
  }
  gc_free(gc);
  int kept = n < MAX_FOUND ? n : MAX_FOUND;
  qsort(found, (size_t)kept, sizeof found[0], by_place);
  for (int i = 0; i < kept && i < cap; i++) out[i] = found[i];
  return n;
}
