/* `herald check GAME [--games N]`: the one command a preset author runs after editing a preset.
 * It loads the preset (a preset error is printed with its file:line, exit 1), says how each piece
 * plays (compiled, or refereed by the preset and why: the lines of `herald list`), what the
 * bridge derived, perft to depth 3 from the start (compared with the preset's own `// perft 3 N`
 * header line when it has one; `// perft-parts 3 N` in a game of several moves a turn), or to
 * the last depth foreseen to take at most 5 s, and a short verify against the preset's referee,
 * then one summary line: "OK: ..." (exit 0) or "FAILED: ..." (exit 1). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "bridge/bridge.h"
#include "bridge/catalog.h"
#include "gamecode/gamecode.h"
#include "rules/position.h"

/* Perft 3 takes no time on any preset of the library; 10 verify games of 100 plies take seconds
 * (every generator move and the moves near royal and promoting pieces go to the referee).  A
 * preset whose pieces the referee decides can take minutes at depth 3 (two refereed Queens a
 * side on a 16x16 board: 200 s), so perft stops before a depth foreseen to take more than
 * CHECK_PERFT_LIMIT_S: an author runs check after every edit. */
enum { CHECK_DEPTH = 3, CHECK_GAMES = 10, CHECK_PLIES = 100, CHECK_SAMPLES = 8, CHECK_PERFT_LIMIT_S = 5 };

/* Perft from the start position depth by depth up to CHECK_DEPTH.  Before each depth its time is
 * foreseen as the depth before's time times the branching factor measured last (its nodes over
 * those of the depth before it): perft d makes the moves of every node at depth d-1, so its time
 * grows with that count.  A depth foreseen beyond the limit is not started, and said so (not a
 * failure: the preset is slow, not wrong).  Returns the depth reached, its nodes and seconds. */
static int perft_by_depth(Position *pos, unsigned long long *nodes, double *seconds) {
  unsigned long long before = 1; /* the nodes at depth 0: the start position */
  int depth = 0;
  *nodes = 1, *seconds = 0;
  while (depth < CHECK_DEPTH) {
    if (depth > 0) {
      double branching = before ? (double)*nodes / (double)before : 0;
      double foreseen = *seconds * branching;
      if (foreseen > CHECK_PERFT_LIMIT_S) {
        printf("perft %d foreseen at %.0f s: not run (limit %d s)\n", depth + 1, foreseen, CHECK_PERFT_LIMIT_S);
        break;
      }
    }
    before = *nodes;
    double start = app_seconds();
    *nodes = pos_perft(pos, ++depth);
    *seconds = app_seconds() - start;
  }
  return depth;
}

/* The node count of the preset's `// KEY DEPTH N` header line for depth (KEY "perft", or
 * "perft-parts" in a game of several moves a turn: a ply each part), or -1 when none. */
static long long header_perft(const char *text, const char *key, int depth) {
  size_t klen = strlen(key);
  for (const char *line = text; line;) {
    int d;
    long long n;
    if (!strncmp(line, "// ", 3) && !strncmp(line + 3, key, klen) && line[3 + klen] == ' ' &&
        sscanf(line + 3 + klen, "%d %lld", &d, &n) == 2 && d == depth)
      return n;
    line = strchr(line, '\n');
    if (line) line++;
  }
  return -1;
}

/* A preset that does not load: the error that stopped it is printed; then every other mistake
 * one reading finds (br_diagnose), so that an author fixes them all before loading again. */
static void report_every_mistake(const char *name, const char *stopped) {
  enum { MAX_SHOWN = 32 };
  BrSource src;
  char err[512];
  int errors = 1, warnings = 0;
  if (catalog_find(app_catalog(), name, &src, err, sizeof err)) {
    GcLintIssue issues[MAX_SHOWN];
    int n = br_diagnose(&src, issues, MAX_SHOWN);
    for (int i = 0; i < n && i < MAX_SHOWN; i++) {
      char line[sizeof issues[i].file + sizeof issues[i].message + 16];
      snprintf(line, sizeof line, "%.255s:%d: %.511s", issues[i].file, issues[i].line, issues[i].message);
      if (!strcmp(line, stopped)) continue; /* said already */
      issues[i].error ? errors++ : warnings++;
      fprintf(stderr, "%s%s\n", issues[i].error ? "herald: " : "warning: ", line);
    }
    br_source_free(&src);
  }
  printf("FAILED: %s does not load: %d error%s", name, errors, errors == 1 ? "" : "s");
  if (warnings) printf(", %d warning%s", warnings, warnings == 1 ? "" : "s");
  printf(" (above)\n");
}

int app_check_main(int argc, char **argv) {
  long games = CHECK_GAMES;
  if (argc == 5 && !strcmp(argv[3], "--games")) {
    if (!app_number(argv[4], 1, 100000, "--games", &games)) return 2;
  } else if (argc != 3) {
    fprintf(stderr, "usage: herald check GAME [--games N]   (a preset's name or path; N verify games, 10)\n");
    return 2;
  }
  char err[4096];
  BrGame *g = catalog_open(app_catalog(), argv[2], true, err, sizeof err);
  if (!g) {
    fprintf(stderr, "herald: %s\n", err);
    report_every_mistake(argv[2], err);
    return 1;
  }
  int compiled = 0, refereed = 0;
  for (int i = 0; i < g->piece_count; i++) g->pieces[i].compiled ? compiled++ : refereed++;
  printf("%s (%s): %dx%d board, start %s\n", g->source.path, g->name, g->rules.geo.width, g->rules.geo.height,
         g->start_fen);
  app_print_warnings(g, ""); /* first, where a reader looks: they often explain what follows */
  printf("pieces: %d compiled, %d refereed by the preset (oracle-backed)\n", compiled, refereed);
  app_print_pieces(g);
  printf("derived: %s\n", g->notes);
  if (!g->rules_ready) {
    printf("FAILED: %d pieces compiled, %d refereed; some piece has no moves the engine can propose, "
           "so there is no perft or verify\n",
           compiled, refereed);
    br_free(g);
    return 1;
  }

  Position pos = {0};
  if (!pos_set_fen(&pos, &g->rules, g->start_fen, err, sizeof err)) {
    printf("start position: %s\nFAILED: the start position does not set up\n", err);
    br_free(g);
    return 1;
  }
  unsigned long long nodes;
  double seconds;
  int depth = perft_by_depth(&pos, &nodes, &seconds);
  pos_free(&pos);
  const char *key = g->rules.turn_parts > 1 ? "perft-parts" : "perft";
  long long expected = header_perft(g->source.text, key, depth);
  bool perft_ok = expected < 0 || (unsigned long long)expected == nodes;
  printf("perft %d%s: %llu nodes in %.3f s", depth, g->rules.turn_parts > 1 ? " (a ply each move of a turn)" : "",
         nodes, seconds);
  if (expected < 0)
    printf(" (the preset's header has no `// %s %d N` line to compare)\n", key, depth);
  else if (perft_ok)
    printf(", as the preset's header says\n");
  if (!perft_ok) printf(", but the preset's header says %lld\n", expected);

  /* A preset error the referee met deciding a piece's moves: perft would only show fewer moves. */
  char oracle_error[512] = "";
  if (g->oracle) {
    BrOracleStats os;
    br_oracle_stats(g->oracle, &os);
    snprintf(oracle_error, sizeof oracle_error, "%s", os.error);
  }
  if (oracle_error[0]) {
    printf("%s\nFAILED: %s, so perft and verify mean nothing\n", oracle_error, oracle_error);
    br_free(g);
    return 1;
  }
  BrVerifyStats st;
  double start = app_seconds();
  bool verify_ok = br_verify(g, (int)games, CHECK_PLIES, CHECK_SAMPLES, 1, &st);
  printf("verify: %ld games of up to %d plies in %.1f s: %ld positions, %ld generator moves and %ld other "
         "moves put to the preset's referee, %ld game-end verdicts compared, %ld disagreements\n",
         st.games, CHECK_PLIES, app_seconds() - start, st.positions, st.legal_checked, st.illegal_checked,
         st.results_checked, st.disagreements);
  if (!verify_ok) printf("first disagreement: %s\n", st.first);

  char not_run[48] = ""; /* the depth perft stopped before, in the summary too */
  if (depth < CHECK_DEPTH) snprintf(not_run, sizeof not_run, " (perft %d not run: too slow)", depth + 1);
  char warned[48] = ""; /* warnings do not fail the check, but the summary recalls them */
  if (g->warning_count)
    snprintf(warned, sizeof warned, "; %d warning%s above", g->warning_count, g->warning_count == 1 ? "" : "s");
  if (perft_ok && verify_ok)
    printf("OK: %d pieces compiled, %d refereed, perft %d = %llu%s, verify %ld games clean%s\n", compiled, refereed,
           depth, nodes, not_run, games, warned);
  else
    printf("FAILED: %d pieces compiled, %d refereed, perft %d = %llu%s%s, verify %s%s\n", compiled, refereed, depth,
           nodes, perft_ok ? "" : " (header says otherwise)", not_run, verify_ok ? "clean" : "found a disagreement",
           warned);
  br_free(g);
  return perft_ok && verify_ok ? 0 : 1;
}
