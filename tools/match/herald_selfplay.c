/* herald-selfplay: self-play testing of a rule set with Herald's search in-process.
 *   herald-selfplay RULES [--games N] [--nodes N] [--json FILE] ...
 *   herald-selfplay merge [--json OUT] IN.json...   add up shards and print the report */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bridge/bridge.h"
#include "match/selfplay.h"
#include "match/selfplay_preset.h"
#include "bridge/bridge.h"
#include "bridge/catalog.h"

static volatile sig_atomic_t interrupted;
static void on_signal(int sig) {
  (void)sig;
  interrupted = 1;
}

static void on_progress(void *context, int done, int planned) {
  (void)context;
  int width = 40, filled = planned ? done * width / planned : width;
  fprintf(stderr, "\r[%.*s%*s] %d/%d", filled, "########################################", width - filled, "", done,
          planned);
  if (done == planned) fputc('\n', stderr);
  fflush(stderr);
}

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, n = 0, got;
  char *text = malloc(cap + 1);
  while (text && (got = fread(text + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) {
      char *bigger = realloc(text, 2 * cap + 1);
      if (!bigger) free(text);
      text = bigger;
      cap *= 2;
    }
  }
  fclose(f);
  if (text) text[n] = 0;
  return text;
}

static int output(const MtSelfplayReport *r, const char *json_path, bool quiet) {
  if (!quiet) {
    char *text = mt_selfplay_report_text(r);
    if (text) fputs(text, stdout);
    free(text);
  }
  if (json_path) {
    char *json = mt_selfplay_report_json(r);
    FILE *f = strcmp(json_path, "-") ? fopen(json_path, "w") : stdout;
    if (!json || !f) {
      fprintf(stderr, "herald-selfplay: %s: %s\n", json_path, strerror(errno));
      free(json);
      return 1;
    }
    fputs(json, f);
    if (f != stdout) fclose(f);
    free(json);
  }
  return r->disagreements ? 3 : 0;
}

static int merge_main(int argc, char **argv) {
  const char *json_path = NULL;
  MtSelfplayReport total, part;
  memset(&total, 0, sizeof total);
  int inputs = 0;
  char err[256];
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--json") && i + 1 < argc) {
      json_path = argv[++i];
      continue;
    }
    char *text = read_file(argv[i]);
    if (!text) {
      fprintf(stderr, "herald-selfplay: %s: %s\n", argv[i], strerror(errno));
      return 1;
    }
    bool ok = mt_selfplay_report_parse(&part, text, err, sizeof err) &&
              mt_selfplay_report_add(&total, &part, err, sizeof err);
    free(text);
    if (!ok) {
      fprintf(stderr, "herald-selfplay: %s: %s\n", argv[i], err);
      return 1;
    }
    inputs++;
  }
  if (!inputs) {
    fprintf(stderr, "usage: herald-selfplay merge [--json OUT] IN.json...\n");
    return 1;
  }
  return output(&total, json_path, json_path && !strcmp(json_path, "-"));
}

static void usage(void) {
  fprintf(stderr,
          "usage: herald-selfplay GAME [options]   GAME: a preset's name or path (herald list)\n"
          "       herald-selfplay merge [--json OUT] IN.json...\n"
          "  --games N          games of the whole run (default 10)\n"
          "  --nodes N          nodes per move: the strength (default 2000)\n"
          "  --max-plies N      games cut after N plies (default 400)\n"
          "  --random-plies K   random legal plies first, for variety (default 4)\n"
          "  --threads N        games at once (default 1)\n"
          "  --shard I/N --seed S   play games G with G %% N == I (I from 0)\n"
          "  --json FILE        also write the report as JSON ('-': stdout, text report off)\n"
          "  --samples N        other moves per position put to the preset's referee (default 8;\n"
          "                     every generator move and the move played are always put to it)\n"
          "  --no-referee       do not watch the games with the preset's referee\n"
          "  --presets DIR      look for GAME.preset in DIR first\n"
          "exit: 0 done, 1 usage, 3 the search and the rules disagreed, 4 the preset's referee\n"
          "      disagreed with the generator (a rule bug in the preset or in Herald)\n");
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "merge")) return merge_main(argc - 1, argv + 1);
  if (argc < 2 || argv[1][0] == '-') {
    usage();
    return 1;
  }
  MtSelfplayConfig c;
  mt_selfplay_config_init(&c);
  const char *json_path = NULL;
  bool watch = true;
  int samples = 8;
  Catalog catalog;
  catalog_init(&catalog);
  char err[4096];
  for (int i = 2; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--no-referee")) {
      watch = false;
      continue;
    }
    if (i + 1 >= argc) {
      usage();
      return 1;
    }
    const char *v = argv[++i];
    if (!strcmp(a, "--games")) c.games = atoi(v);
    else if (!strcmp(a, "--nodes")) c.nodes = strtoull(v, NULL, 10);
    else if (!strcmp(a, "--max-plies")) c.max_plies = atoi(v);
    else if (!strcmp(a, "--random-plies")) c.random_plies = atoi(v);
    else if (!strcmp(a, "--threads")) c.threads = atoi(v);
    else if (!strcmp(a, "--seed")) c.seed = strtoull(v, NULL, 10);
    else if (!strcmp(a, "--json")) json_path = v;
    else if (!strcmp(a, "--samples")) samples = atoi(v);
    else if (!strcmp(a, "--presets")) {
      if (!catalog_add_folder(&catalog, v, err, sizeof err)) {
        fprintf(stderr, "herald-selfplay: --presets: %s\n", err);
        return 1;
      }
    }
    else if (!strcmp(a, "--shard")) {
      if (sscanf(v, "%d/%d", &c.shard_index, &c.shard_count) != 2) {
        usage();
        return 1;
      }
    } else {
      fprintf(stderr, "herald-selfplay: unknown argument %s\n", a);
      usage();
      return 1;
    }
  }
  MtPresetReferee judge;
  MtReferee referee;
  BrGame *preset = catalog_open(&catalog, argv[1], true, err, sizeof err);
  if (!preset) {
    fprintf(stderr, "herald-selfplay: %s\n", err);
    return 1;
  }
  mt_preset_referee(&referee, &judge, preset, samples, c.seed);
  if (watch) c.referee = &referee;
  c.rules = br_game_rules(preset); /* lent: the preset keeps and frees them */
  signal(SIGINT, on_signal);
  signal(SIGTERM, on_signal);
  c.cancel = &interrupted;
  if (isatty(2)) c.on_progress = on_progress;
  MtSelfplayReport *report = malloc(sizeof *report);
  if (!report || !mt_selfplay_run(&c, report, err, sizeof err)) {
    fprintf(stderr, "herald-selfplay: %s\n", report ? err : "out of memory");
    free(report);
    br_free(preset);
    return 1;
  }
  int status = output(report, json_path, json_path && !strcmp(json_path, "-"));
  if (status == 0 && report->rule_disagreements) status = 4;
  free(report);
  br_free(preset);
  return status;
}
