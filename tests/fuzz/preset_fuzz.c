/* libFuzzer target for the whole load of a user's preset file, the way the engine loads one
 * (`herald check FILE`, UCI_Variant FILE): the input is the preset's text, written to a file in
 * this process's own temporary folder and opened through the catalog (catalog_open), so that
 * its includes are found by the catalog's resolver (the preset's folder, then presets/ and
 * presets/include/ of the working folder, then the built-in includes: fairychess and the rest).
 *
 * The load-time probe game (br_probe) is most of a load's time: it is played on one input in
 * four, chosen by a hash of the text so that every input replays the same way (catalog_open's
 * own probe flag: the rules a load without it builds are the same up to the types the probe
 * hands to the referee).
 *
 * Invariants: a refused preset says why and where (a "FILE:LINE:" in the message), and reading
 * it again for every mistake (br_diagnose, as `herald check` does) gives each one a line; a loaded one
 * has a start position that sets up, whose legal moves are its perft 1 and each of which is
 * made and taken back to the same key; the game frees without leaks (LeakSanitizer). */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bridge/bridge.h"
#include "bridge/catalog.h"
#include "gamecode/gamecode.h"

static char folder[] = "/tmp/herald-preset-fuzz-XXXXXX";
static char path[sizeof folder + 32];
static Catalog catalog;

static void remove_folder(void) {
  unlink(path);
  rmdir(folder);
}

static void prepare(void) {
  if (!mkdtemp(folder)) abort();
  snprintf(path, sizeof path, "%s/fuzz.preset", folder);
  atexit(remove_folder);
  catalog_init(&catalog);
}

/* Whether text holds "X:N:" for some file X and line N. */
static bool has_file_and_line(const char *text) {
  for (const char *c = strchr(text, ':'); c; c = strchr(c + 1, ':')) {
    const char *d = c + 1;
    while (isdigit((unsigned char)*d)) d++;
    if (d > c + 1 && *d == ':' && c > text) return true;
  }
  return false;
}

/* What `herald check` does with a preset that does not load: read it all again, going on past
 * each section that does not compile (br_diagnose).  Every mistake it finds has a line. */
static void diagnose(void) {
  BrSource src;
  char err[512];
  if (!catalog_find(&catalog, path, &src, err, sizeof err)) abort();
  GcLintIssue issues[16];
  int n = br_diagnose(&src, issues, 16);
  for (int i = 0; i < n && i < 16; i++)
    if (issues[i].line < 0) {
      fprintf(stderr, "preset_fuzz: a mistake without a line: %s\n", issues[i].message);
      abort();
    }
  br_source_free(&src);
}

static void check_game(BrGame *g) {
  Position p = {0};
  char err[RULES_ERR_LEN];
  if (!pos_set_fen(&p, br_game_rules(g), "startpos", err, sizeof err)) {
    fprintf(stderr, "preset_fuzz: the start position of a loaded game does not set up: %s\n", err);
    abort();
  }
  MoveList *list = malloc(sizeof *list);
  if (!list) abort();
  pos_legal_moves(&p, list);
  if (pos_perft(&p, 1) != (uint64_t)list->count) abort();
  uint64_t key = p.key;
  for (int i = 0; i < list->count; i++) {
    pos_make(&p, list->moves[i]);
    pos_unmake(&p);
    if (p.key != key) abort();
  }
  char reason[128];
  pos_game_result(&p, reason, sizeof reason);
  free(list);
  pos_free(&p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!catalog.found_count) prepare();
  if (size > 8192) return 0;
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(data, 1, size, f) != size || fclose(f)) abort();
  uint32_t hash = 2166136261u; /* FNV-1a */
  for (size_t i = 0; i < size; i++) hash = (hash ^ data[i]) * 16777619u;
  char err[2048] = "";
  BrGame *g = catalog_open(&catalog, path, hash % 4 == 0, err, sizeof err);
  if (!g) {
    if (!has_file_and_line(err)) {
      fprintf(stderr, "preset_fuzz: refused without its file and line: %s\n", err);
      abort();
    }
    diagnose();
    return 0;
  }
  check_game(g);
  br_free(g);
  return 0;
}
