/* herald-selfplay: self-play testing of a rule set with Herald's search in-process.
 *   herald-selfplay RULES [--games N] [--nodes N] [--json FILE] [--pgn FILE] [--html FILE] ...
 *   herald-selfplay merge [--json OUT] [--html OUT] IN.json...   add up shards, print the report */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/version.h"
#include "bridge/bridge.h"
#include "match/args.h"
#include "match/selfplay.h"
#include "match/selfplay_preset.h"
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

/* Writes text (malloc'd, freed here; NULL when it could not be made) to path, '-' for stdout. */
static bool write_text(const char *path, char *text) {
  errno = 0;
  FILE *f = !text ? NULL : strcmp(path, "-") ? fopen(path, "w") : stdout;
  bool ok = f && fputs(text, f) >= 0;
  if (f && f != stdout) ok = !fclose(f) && ok;
  if (!ok) fprintf(stderr, "herald-selfplay: %s: %s\n", path, errno ? strerror(errno) : "out of memory");
  free(text);
  return ok;
}

static bool is_stdout(const char *path) { return path && !strcmp(path, "-"); }

/* The text report on stdout unless a file named '-' took it; JSON and HTML where asked. */
static int output(const MtSelfplayReport *r, const char *json_path, const char *html_path, bool quiet) {
  if (!quiet) {
    char *text = mt_selfplay_report_text(r);
    if (text) fputs(text, stdout);
    free(text);
  }
  if (json_path && !write_text(json_path, mt_selfplay_report_json(r))) return 1;
  if (html_path && !write_text(html_path, mt_selfplay_report_html(r))) return 1;
  return r->disagreements ? 3 : 0;
}

/* The games' PGN file, written as games end (in the order they end when several threads play). */
typedef struct PgnOut {
  FILE *file;
  const Rules *rules;
  uint64_t nodes;
  bool failed;
} PgnOut;

static void on_game(void *context, const MtSelfplayGame *game) {
  PgnOut *out = context;
  char *pgn = mt_selfplay_game_pgn(out->rules, out->nodes, game);
  if (!pgn || fputs(pgn, out->file) < 0 || fputc('\n', out->file) < 0) out->failed = true;
  free(pgn);
}

static int merge_main(int argc, char **argv) {
  const char *json_path = NULL, *html_path = NULL;
  MtSelfplayReport total, part;
  memset(&total, 0, sizeof total);
  int inputs = 0;
  char err[256];
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--json") && i + 1 < argc) {
      json_path = argv[++i];
      continue;
    }
    if (!strcmp(argv[i], "--html") && i + 1 < argc) {
      html_path = argv[++i];
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
    fprintf(stderr, "usage: herald-selfplay merge [--json OUT] [--html OUT] IN.json...\n");
    return 1;
  }
  return output(&total, json_path, html_path, is_stdout(json_path) || is_stdout(html_path));
}

static void usage(FILE *out) {
  fprintf(out, "usage: herald-selfplay GAME [options]   GAME: a preset's name or path (herald list)\n"
               "       herald-selfplay merge [--json OUT] [--html OUT] IN.json...\n"
               "  --games N          games of the whole run (default 10)\n"
               "  --nodes N          nodes per move: the strength (default 2000)\n"
               "  --max-plies N      games cut after N plies (default 400)\n"
               "  --random-plies K   random legal plies first, for variety (default 4)\n"
               "  --threads N        games at once (default 1)\n"
               "  --shard I/N --seed S   play games G with G %% N == I (I from 0)\n"
               "  --json FILE        also write the report as JSON ('-': stdout, text report off)\n"
               "  --html FILE        also write the report as one self-contained web page: charts of\n"
               "                     the results, game lengths, first-player score, pieces ('-': stdout)\n"
               "  --pgn FILE         write every game as PGN (each shard its own file; cat joins them)\n"
               "  --samples N        other moves per position put to the preset's referee (default 8;\n"
               "                     every generator move and the move played are always put to it)\n"
               "  --no-referee       do not watch the games with the preset's referee\n"
               "  --presets DIR      look for GAME.preset in DIR first\n"
               "  --version, --help (-h)\n"
               "exit: 0 done, 1 usage or a bad number, 3 the search and the rules disagreed, 4 the preset's referee\n"
               "      disagreed with the generator (a rule bug in the preset or in Herald)\n");
}

/* A number option's value into *out, or false after saying what was wrong. */
static bool number(const char *text, long min, long max, const char *what, long *out) {
  char err[160];
  if (mt_arg_long(text, min, max, what, out, err, sizeof err)) return true;
  fprintf(stderr, "herald-selfplay: %s\n", err);
  return false;
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "merge")) return merge_main(argc - 1, argv + 1);
  if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    usage(stdout);
    return 0;
  }
  if (argc > 1 && !strcmp(argv[1], "--version")) {
    app_print_version("herald-selfplay");
    return 0;
  }
  if (argc < 2 || argv[1][0] == '-') {
    if (argc >= 2) fprintf(stderr, "herald-selfplay: the game comes first, not %s\n", argv[1]);
    fprintf(stderr, "usage: herald-selfplay GAME [options]   (herald-selfplay --help for the options)\n");
    return 1;
  }
  MtSelfplayConfig c;
  mt_selfplay_config_init(&c);
  const char *json_path = NULL, *html_path = NULL, *pgn_path = NULL;
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
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      return 0;
    }
    if (i + 1 >= argc) {
      fprintf(stderr, "herald-selfplay: %s needs a value (herald-selfplay --help)\n", a);
      return 1;
    }
    char *v = argv[++i];
    long n;
    int taken = mt_selfplay_option(&c, a, v, err, sizeof err);
    if (taken < 0) {
      fprintf(stderr, "herald-selfplay: %s\n", err);
      return 1;
    }
    if (taken) {
      continue;
    } else if (!strcmp(a, "--json"))
      json_path = v;
    else if (!strcmp(a, "--html"))
      html_path = v;
    else if (!strcmp(a, "--pgn"))
      pgn_path = v;
    else if (!strcmp(a, "--samples")) {
      if (!number(v, 0, 100000, a, &n)) return 1;
      samples = (int)n;
    } else if (!strcmp(a, "--presets")) {
      if (!catalog_add_folder(&catalog, v, err, sizeof err)) {
        fprintf(stderr, "herald-selfplay: --presets: %s\n", err);
        return 1;
      }
    } else {
      fprintf(stderr, "herald-selfplay: unknown option %s (herald-selfplay --help)\n", a);
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
  PgnOut pgn = {NULL, c.rules, c.nodes, false};
  if (pgn_path) {
    pgn.file = is_stdout(pgn_path) ? stdout : fopen(pgn_path, "w");
    if (!pgn.file) {
      fprintf(stderr, "herald-selfplay: %s: %s\n", pgn_path, strerror(errno));
      br_free(preset);
      return 1;
    }
    c.on_game = on_game;
    c.context = &pgn;
  }
  MtSelfplayReport *report = malloc(sizeof *report);
  bool ran = report && mt_selfplay_run(&c, report, err, sizeof err);
  if (pgn.file && pgn.file != stdout && fclose(pgn.file)) pgn.failed = true;
  if (!ran) {
    fprintf(stderr, "herald-selfplay: %s\n", report ? err : "out of memory");
    free(report);
    br_free(preset);
    return 1;
  }
  if (pgn.failed) {
    fprintf(stderr, "herald-selfplay: %s: could not write every game\n", pgn_path);
    free(report);
    br_free(preset);
    return 1;
  }
  int status =
      output(report, json_path, html_path, is_stdout(json_path) || is_stdout(html_path) || is_stdout(pgn_path));
  if (status == 0 && report->rule_disagreements) status = 4;
  free(report);
  br_free(preset);
  return status;
}
