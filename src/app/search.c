/* `herald bench [GAME] [DEPTH]` (fixed positions, fixed depth, total nodes as the signature of
 * the search's behaviour) and `herald search GAME FEN LIMIT` (info lines and the best move). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "search/search.h"
#include "search/search_internal.h"

typedef struct BenchSet {
  const char *rules;
  int depth;
  const char *fens[8];
} BenchSet;

static const BenchSet bench_sets[] = {
    {"chess",
     10,
     {"startpos", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
      "2r3k1/pp3pp1/4p2p/3pP3/3P4/P4N1P/1P3PP1/2R3K1 w - - 0 25", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", NULL}},
    {"capablanca",
     8,
     {"startpos", "r1abqkbcnr/pppp1ppppp/2n7/4p5/4P5/5N4/PPPP1PPPPP/RNABQKBC1R w KQkq - 2 3",
      "r2bqk2nr/pp1p1pp1pp/2n1p1b3/2p4p2/2P2P4/2N1P1N3/PP1P2PPPP/R1ABQKBC1R w KQkq - 0 8", NULL}},
    {"xiangqi",
     8,
     {"startpos", "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 4 3",
      "2bakab2/9/2n1c1n2/p3p3p/2p6/6P2/P3P3P/1C2C1N2/9/2BAKAB2 w - - 0 12", NULL}},
    {"shogi", 6, {"startpos", "lnsgk1snl/1r4gb1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] w - - 0 3", NULL}},
    {"crazyhouse",
     7,
     {"startpos", "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[] w KQkq - 4 4",
      "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R[] w KQkq - 1 5", NULL}},
};

/* Searches every position of a set to its depth; adds its nodes and time.  False after
 * printing why when the game or a position cannot be loaded. */
static bool bench_set(const BenchSet *set, int depth_override, uint64_t *total, int64_t *total_ms) {
  static Rules rules;
  if (!app_rules(set->rules, &rules)) return false;
  Search *s = srch_new(&rules, 16, 1);
  if (!s) {
    fprintf(stderr, "herald: out of memory\n");
    rules_free(&rules);
    return false;
  }
  bool ok = true;
  for (int i = 0; set->fens[i] && ok; i++) {
    Position pos = {0};
    char err[RULES_ERR_LEN];
    if (!pos_set_fen(&pos, &rules, set->fens[i], err, sizeof err)) {
      fprintf(stderr, "herald: bench position %s #%d: %s\n", set->rules, i + 1, err);
      ok = false;
    } else {
      SearchLimits limits;
      srch_limits_init(&limits);
      limits.depth = depth_override > 0 ? depth_override : set->depth;
      srch_clear(s);
      SearchResult res = srch_run(s, &pos, &limits, NULL, NULL);
      char name[32] = "(none)";
      if (res.best != MOVE_NONE) pos_move_name(&pos, res.best, name, sizeof name);
      printf("%-10s #%d depth %2d score %6d best %-8s nodes %10" PRIu64 " time %6" PRId64 " ms\n", set->rules, i + 1,
             limits.depth, res.score, name, res.nodes, res.time_ms);
      *total += res.nodes;
      *total_ms += res.time_ms;
    }
    pos_free(&pos);
  }
  srch_free(s);
  rules_free(&rules);
  return ok;
}

/* `herald bench`: the signature over the fixed sets; `herald bench GAME [DEPTH]`: that game's
 * set, or for a game without one its start position (depth 6 unless given). */
int app_bench_main(int argc, char **argv) {
  const char *only = argc > 2 ? argv[2] : NULL;
  long depth_override = 0;
  if (argc > 3 && !app_number(argv[3], 1, 64, "depth", &depth_override)) return 2;
  uint64_t total = 0;
  int64_t total_ms = 0;
  bool any = false;
  for (size_t k = 0; k < sizeof bench_sets / sizeof bench_sets[0]; k++) {
    if (only && strcmp(only, bench_sets[k].rules)) continue;
    any = true;
    if (!bench_set(&bench_sets[k], (int)depth_override, &total, &total_ms)) return 1;
  }
  if (!any) {
    const BenchSet start = {only, 6, {"startpos", NULL}};
    if (!bench_set(&start, (int)depth_override, &total, &total_ms)) return 1;
  }
  printf("===========================\n");
  printf("Total time (ms) : %" PRId64 "\n", total_ms);
  printf("Nodes searched  : %" PRIu64 "\n", total);
  printf("Nodes/second    : %" PRIu64 "\n", total_ms > 0 ? total * 1000 / (uint64_t)total_ms : 0);
  return 0;
}

static void print_score(int score) {
  if (score >= SRCH_MATE_BOUND)
    printf("mate %d", (SRCH_MATE - score + 1) / 2);
  else if (score <= -SRCH_MATE_BOUND)
    printf("mate -%d", (SRCH_MATE + score) / 2);
  else
    printf("cp %d", score);
}

static void print_info(void *context, const Position *root, const SearchInfo *info) {
  (void)context;
  printf("info depth %d seldepth %d multipv %d score ", info->depth, info->seldepth, info->multipv);
  print_score(info->score);
  if (info->bound == TT_BOUND_LOWER) printf(" lowerbound");
  if (info->bound == TT_BOUND_UPPER) printf(" upperbound");
  printf(" nodes %" PRIu64 " nps %" PRIu64 " hashfull %d time %" PRId64 " pv", info->nodes, info->nps, info->hashfull,
         info->time_ms);
  /* Names need the position each move is played from. */
  Position walk;
  pos_copy(&walk, root);
  for (int i = 0; i < info->pv_length; i++) {
    char name[32];
    pos_move_name(&walk, info->pv[i], name, sizeof name);
    printf(" %s", name);
    pos_make(&walk, info->pv[i]);
  }
  pos_free(&walk);
  printf("\n");
  fflush(stdout);
}

static int search_usage(void) {
  fprintf(stderr, "usage: herald search GAME FEN|startpos DEPTH|MSms|nodes=N [threads=N] [multipv=N] [hash=MB]\n"
                  "       [moves=\"m1 m2 ...\"]   (moves played from FEN first; they count for repetition)\n"
                  "GAME: a preset's name or a path to a .preset file (herald list shows them)\n");
  return 2;
}

int app_search_main(int argc, char **argv) {
  if (argc < 5) return search_usage();
  static Rules rules;
  Position pos;
  if (!app_rules_and_position(argv[2], argv[3], &rules, &pos)) return 1;
  SearchLimits limits;
  srch_limits_init(&limits);
  const char *limit = argv[4];
  size_t len = strlen(limit);
  if (!strncmp(limit, "nodes=", 6))
    limits.nodes = strtoull(limit + 6, NULL, 10);
  else if (len > 2 && !strcmp(limit + len - 2, "ms"))
    limits.movetime_ms = atoll(limit), limits.overhead_ms = 0;
  else
    limits.depth = atoi(limit);
  int threads = 1, hash = 64;
  int status = 0;
  for (int i = 5; i < argc; i++) {
    if (!strncmp(argv[i], "threads=", 8))
      threads = atoi(argv[i] + 8);
    else if (!strncmp(argv[i], "multipv=", 8))
      limits.multipv = atoi(argv[i] + 8);
    else if (!strncmp(argv[i], "hash=", 5))
      hash = atoi(argv[i] + 5);
    else if (!strncmp(argv[i], "moves=", 6)) {
      char buffer[4096];
      snprintf(buffer, sizeof buffer, "%s", argv[i] + 6);
      for (char *tok = strtok(buffer, " "); tok; tok = strtok(NULL, " ")) {
        Move m = pos_parse_move(&pos, tok);
        if (m == MOVE_NONE) {
          fprintf(stderr, "herald: illegal move '%s'\n", tok);
          status = 1;
          break;
        }
        pos_make(&pos, m);
      }
    } else {
      status = search_usage();
    }
  }
  if (!status && limits.depth <= 0 && !limits.nodes && !limits.movetime_ms) status = search_usage();
  Search *s = status ? NULL : srch_new(&rules, hash, threads);
  if (!status && !s) fprintf(stderr, "herald: out of memory\n"), status = 1;
  if (s) {
    srch_prepare(s); /* before the clock of a timed search runs */
    SearchResult res = srch_run(s, &pos, &limits, print_info, NULL);
    char best[32] = "(none)", ponder[32] = "";
    if (res.best != MOVE_NONE) {
      pos_move_name(&pos, res.best, best, sizeof best);
      if (res.ponder != MOVE_NONE) {
        pos_make(&pos, res.best);
        pos_move_name(&pos, res.ponder, ponder, sizeof ponder);
        pos_unmake(&pos);
      }
    }
    printf("bestmove %s%s%s\n", best, *ponder ? " ponder " : "", ponder);
    srch_free(s);
  }
  pos_free(&pos);
  rules_free(&rules);
  return status;
}
