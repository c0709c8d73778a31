/* herald: command-line entry.  perft and divide for now; the protocols come with search. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rules/fixtures.h"
#include "rules/position.h"

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int usage(void) {
  fprintf(stderr,
          "usage: herald perft RULES FEN|startpos DEPTH\n"
          "       herald divide RULES FEN|startpos DEPTH\n"
          "RULES: %s\n",
          fixture_names());
  return 2;
}

static int run_perft(int argc, char **argv, bool divide) {
  if (argc != 5) return usage();
  static Rules rules;
  char err[RULES_ERR_LEN];
  if (!fixture_rules(&rules, argv[2], err, sizeof err)) {
    fprintf(stderr, "herald: %s\n", err);
    return 1;
  }
  Position pos = {0};
  if (!pos_set_fen(&pos, &rules, argv[3], err, sizeof err)) {
    fprintf(stderr, "herald: %s\n", err);
    return 1;
  }
  char *end;
  long depth = strtol(argv[4], &end, 10);
  if (*end || depth < 1 || depth > 20) {
    fprintf(stderr, "herald: depth '%s' is not a number from 1 to 20\n", argv[4]);
    return 1;
  }
  double start = now_seconds();
  uint64_t nodes = 0;
  if (divide) {
    static MoveList list;
    pos_legal_moves(&pos, &list);
    for (int i = 0; i < list.count; i++) {
      char name[32];
      pos_move_name(&pos, list.moves[i], name, sizeof name);
      pos_make(&pos, list.moves[i]);
      uint64_t n = pos_perft(&pos, (int)depth - 1);
      pos_unmake(&pos);
      printf("%s: %llu\n", name, (unsigned long long)n);
      nodes += n;
    }
  } else {
    nodes = pos_perft(&pos, (int)depth);
  }
  double seconds = now_seconds() - start;
  printf("nodes %llu time %.3f nps %.0f\n", (unsigned long long)nodes, seconds,
         seconds > 0 ? nodes / seconds : 0.0);
  pos_free(&pos);
  rules_free(&rules);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2) return usage();
  if (!strcmp(argv[1], "perft")) return run_perft(argc, argv, false);
  if (!strcmp(argv[1], "divide")) return run_perft(argc, argv, true);
  return usage();
}
