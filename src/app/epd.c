/* `herald epd GAME FILE MS [threads=N] [hash=MB]`: runs a test suite in EPD form ("FEN4 bm Qg6;
 * id ...") at a fixed time per position and counts the positions whose best move ("bm") is
 * found and whose avoided move ("am") is avoided.  Moves may be in coordinate form or SAN, read
 * by the notation module (the one SAN reader of the project). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "notation/notation.h"
#include "search/search.h"

/* Collects the moves listed after `op` (up to the ';'). */
static int read_moves(Position *p, const char *line, const char *op, Move *out, int max) {
  char key[8];
  snprintf(key, sizeof key, " %s ", op);
  const char *at = strstr(line, key);
  if (!at) return 0;
  at += strlen(key);
  int count = 0;
  while (*at && *at != ';' && count < max) {
    while (*at == ' ') at++;
    char word[32];
    int n = 0;
    while (*at && *at != ' ' && *at != ';' && n < 31) word[n++] = *at++;
    word[n] = 0;
    if (!n) break;
    NtResult read;
    Move m = pos_parse_move(p, word); /* coordinate form first ("g3g6"), then SAN ("Qg6") */
    if (m == MOVE_NONE && nt_read(p, NT_SAN, word, &read) == NT_OK) m = read.move;
    out[count++] = m;
  }
  return count;
}

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
    char fen[256] = "";
    const char *at = line;
    int fields = 0, n = 0;
    while (*at && fields < 4) {
      while (*at == ' ') at++;
      while (*at && *at != ' ' && n < 240) fen[n++] = *at++;
      fen[n++] = ' ';
      fields++;
    }
    if (fields < 4) continue;
    snprintf(fen + n, sizeof fen - n, "0 1");
    Position pos = {0};
    if (!pos_set_fen(&pos, &rules, fen, err, sizeof err)) {
      fprintf(stderr, "herald: %s: %s\n", fen, err);
      continue;
    }
    Move best[8], avoid[8];
    int best_count = read_moves(&pos, line, "bm", best, 8);
    int avoid_count = read_moves(&pos, line, "am", avoid, 8);
    char id[64] = "";
    const char *idp = strstr(line, "id \"");
    if (idp) sscanf(idp + 4, "%63[^\"]", id);
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
