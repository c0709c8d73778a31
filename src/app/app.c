/* What the commands of the front door share: the program's catalog and its --presets
 * options, loading a game with its error printed, reading numbers, the clock. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app/app.h"

static Catalog catalog;
static bool catalog_ready;

Catalog *app_catalog(void) {
  if (!catalog_ready) catalog_init(&catalog), catalog_ready = true;
  return &catalog;
}

int app_take_preset_options(int argc, char **argv) {
  int kept = 1;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--load-time")) { /* seconds a preset may take to load */
      long seconds;
      if (i + 1 >= argc || !app_number(argv[i + 1], 1, BR_LOAD_LIMIT_MAX_S, "--load-time", &seconds)) return -1;
      catalog_set_load_limit(app_catalog(), (int)seconds * 1000);
      i++;
      continue;
    }
    if (strcmp(argv[i], "--presets")) {
      argv[kept++] = argv[i];
      continue;
    }
    char err[600];
    if (i + 1 >= argc) {
      fprintf(stderr, "herald: --presets needs a folder\n");
      return -1;
    }
    if (!catalog_add_folder(app_catalog(), argv[++i], err, sizeof err)) {
      fprintf(stderr, "herald: --presets: %s\n", err);
      return -1;
    }
  }
  argv[kept] = NULL;
  return kept;
}

bool app_rules(const char *name, Rules *out) {
  char err[4096];
  if (catalog_rules(app_catalog(), name, out, err, sizeof err)) return true;
  fprintf(stderr, "herald: %s\n", err);
  return false;
}

bool app_rules_and_position(const char *game, const char *fen, Rules *rules, Position *pos) {
  if (!app_rules(game, rules)) return false;
  char err[RULES_ERR_LEN];
  *pos = (Position){0};
  if (pos_set_fen(pos, rules, fen, err, sizeof err)) return true;
  fprintf(stderr, "herald: %s\n", err);
  pos_free(pos);
  rules_free(rules);
  return false;
}

BrGame *app_open(const char *name, bool probe) {
  char err[4096];
  BrGame *g = catalog_open(app_catalog(), name, probe, err, sizeof err);
  if (!g) fprintf(stderr, "herald: %s\n", err);
  return g;
}

bool app_number(const char *text, long min, long max, const char *what, long *out) {
  char *end;
  errno = 0;
  long v = strtol(text, &end, 10);
  if (!*text || *end || errno || v < min || v > max) {
    fprintf(stderr, "herald: %s '%s' is not a number from %ld to %ld\n", what, text, min, max);
    return false;
  }
  *out = v;
  return true;
}

double app_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}
