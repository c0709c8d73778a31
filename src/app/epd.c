/* `herald epd GAME FILE MS [threads=N] [hash=MB]`: runs a test suite in EPD form ("FEN4 bm Qg6;
 * id ...") at a fixed time per position and counts the positions whose best move ("bm") is
 * found and whose avoided move ("am") is avoided.  The lines are read by notation/epd.h (moves in
 * coordinate form or SAN, through the one SAN reader of the project). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "notation/epd.h"
#include "search/search.h"

int app_epd_main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: herald epd GAME FILE MS [threads=N] [hash=MB]\n");
    return 2;
  }
  static Rules rules;
  char err[RULES_ERR_LEN];
  if (!app_rules(argv[2], &rules)) return 1;
  FILE *in = fopen(argv[3], "r");
  if (!in) {
    fprintf(stderr, "herald: cannot open %s\n", argv[3]);
    rules_free(&rules);
    return 1;
  }
  int threads = 1, hash = 64;
  for (int i = 5; i < argc; i++) {
    if (!strncmp(argv[i], "threads=", 8)) threads = atoi(argv[i] + 8);
    if (!strncmp(argv[i], "hash=", 5)) hash = atoi(argv[i] + 5);
  }
  Search *s = srch_new(&rules, hash, threads);
  if (!s) {
    fprintf(stderr, "herald: out of memory\n");
    fclose(in);
    srch_free(s);
    rules_free(&rules);
    return 1;
  }
  char line[1024];
  int total = 0, solved = 0;
  uint64_t nodes = 0;
  while (fgets(line, sizeof line, in)) {
    Position pos = {0};
    NtEpd epd;
    int got = nt_epd_read(line, &rules, &pos, &epd, err, sizeof err);
    if (got <= 0) {
      if (got < 0) fprintf(stderr, "herald: %s: %s\n", epd.fen, err);
      pos_free(&pos);
      continue;
    }
    const Move *best = epd.best, *avoid = epd.avoid;
    int best_count = epd.best_count, avoid_count = epd.avoid_count;
    const char *id = epd.id;
    SearchLimits limits;
    srch_limits_init(&limits);
    limits.movetime_ms = atoll(argv[4]);
    limits.overhead_ms = 0;
    srch_clear(s);
    SearchResult res = srch_run(s, &pos, &limits, NULL, NULL);
    bool ok = best_count || avoid_count;
    if (best_count) {
      bool hit = false;
      for (int i = 0; i < best_count; i++) hit |= best[i] == res.best;
      ok &= hit;
    }
    for (int i = 0; i < avoid_count; i++) ok &= avoid[i] != res.best;
    char name[32] = "(none)";
    if (res.best != MOVE_NONE) pos_move_name(&pos, res.best, name, sizeof name);
    total++;
    solved += ok;
    nodes += res.nodes;
    printf("%-10s %s %-8s depth %2d score %6d %s\n", id, ok ? "ok  " : "FAIL", name, res.depth, res.score,
           (best_count && best[0] == MOVE_NONE) ? "(bm unreadable)" : "");
    fflush(stdout);
    pos_free(&pos);
  }
  printf("solved %d of %d, nodes %" PRIu64 "\n", solved, total, nodes);
  fclose(in);
  srch_free(s);
  rules_free(&rules);
  return 0;
}
