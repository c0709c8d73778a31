/* `herald verify GAME [options]` (random games, every move and verdict checked against the
 * preset's referee: bridge/br_verify.c) and `herald list [GAME|DIR]` (how each piece plays:
 * compiled, or refereed by the preset). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "app/app.h"

void app_print_pieces(const BrGame *g) {
  for (int i = 0; i < g->piece_count; i++) {
    const BrPiece *pc = &g->pieces[i];
    printf("  %-3s %-8s %s%s\n", pc->label, pc->compiled ? "compiled" : "oracle", pc->royal ? "royal; " : "",
           pc->reason);
  }
}

void app_print_warnings(const BrGame *g, const char *indent) {
  for (int i = 0; i < g->warning_count; i++) printf("%swarning: %s\n", indent, g->warnings[i]);
}

int app_verify_main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: herald verify GAME [--games N] [--plies N] [--samples N] [--seed S] [--no-probe]\n"
                    "  --samples N|all: other moves put to the referee per position (default 40; all:\n"
                    "              every (from, to) pair of the side to move, the brute-force pass)\n"
                    "  --no-probe: the rules as compiled, without the load-time game that hands to the\n"
                    "              referee the types whose moves it contradicts\n");
    return 2;
  }
  long games = 20, plies = 200, samples = 40, seed = 1;
  bool probe = true;
  for (int i = 3; i < argc; i += 2) {
    if (!strcmp(argv[i], "--no-probe")) {
      probe = false;
      i--;
      continue;
    }
    if (i + 1 >= argc) {
      fprintf(stderr, "herald verify: %s needs a value\n", argv[i]);
      return 2;
    }
    long v = strtol(argv[i + 1], NULL, 10);
    if (!strcmp(argv[i], "--games"))
      games = v;
    else if (!strcmp(argv[i], "--plies"))
      plies = v;
    else if (!strcmp(argv[i], "--samples"))
      samples = strcmp(argv[i + 1], "all") ? v : -1;
    else if (!strcmp(argv[i], "--seed"))
      seed = v;
    else {
      fprintf(stderr, "herald verify: unknown option %s\n", argv[i]);
      return 2;
    }
  }
  BrGame *g = app_open(argv[2], probe);
  if (!g) return 1;
  printf("%s: %dx%d, start %s\n", g->name, g->rules.geo.width, g->rules.geo.height, g->start_fen);
  app_print_pieces(g);
  printf("  derived: %s\n", g->notes);
  if (!g->rules_ready) {
    printf("verify: not possible yet: some piece has no compiled moves, and the oracle that "
           "would move it is not built yet\n");
    br_free(g);
    return 1;
  }
  BrVerifyStats st;
  bool ok = br_verify(g, (int)games, (int)plies, (int)samples, (uint64_t)seed, &st);
  printf("verify: %ld games, %ld positions, %ld generator moves checked (%ld castlings, %ld drops, %ld en "
         "passant, %ld promotions), %ld other moves checked, %ld game-end verdicts compared, %ld "
         "disagreements\n",
         st.games, st.positions, st.legal_checked, st.castlings, st.drops, st.en_passants, st.promotions,
         st.illegal_checked, st.results_checked, st.disagreements);
  if (st.legal_lists) printf("verify: %ld positions compared with the preset's own legal list\n", st.legal_lists);
  if (g->oracle) {
    BrOracleStats os;
    br_oracle_stats(g->oracle, &os);
    printf("oracle: %ld questions, %ld from its cache, %ld refused by the piece's def before Post-Move, %ld "
           "refused by Post-Move, %ld refused for a board the model does not reach%s%s\n",
           os.asked, os.cached, os.ruled_out, os.refused, os.mismatched, os.error[0] ? "; " : "", os.error);
  }
  if (!ok) printf("first disagreement: %s\n", st.first);
  br_free(g);
  return ok ? 0 : 1;
}

static int list_one(const char *name) {
  char err[4096];
  BrGame *g = catalog_open(app_catalog(), name, true, err, sizeof err);
  if (!g) {
    printf("%s: cannot load: %s\n", name, err);
    return 1;
  }
  printf("%s (%s): %dx%d board, %s\n", g->source.path, g->name, g->rules.geo.width, g->rules.geo.height,
         g->all_compiled ? "all pieces compiled" : "some pieces refereed (oracle-backed)");
  app_print_pieces(g);
  app_print_warnings(g, "  ");
  br_free(g);
  return 0;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Every preset file of a folder, by name. */
static int list_folder(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) {
    fprintf(stderr, "herald list: cannot open %s\n", dir);
    return 1;
  }
  char *names[CATALOG_MAX_GAMES];
  int n = 0;
  for (struct dirent *e; (e = readdir(d)) != NULL && n < CATALOG_MAX_GAMES;) {
    size_t len = strlen(e->d_name);
    if (len > 7 && !strcmp(e->d_name + len - 7, ".preset")) names[n++] = strdup(e->d_name);
  }
  closedir(d);
  qsort(names, n, sizeof names[0], by_name);
  int rc = 0;
  for (int i = 0; i < n; i++) {
    char path[CATALOG_PATH_LEN * 2];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    rc |= list_one(path);
    free(names[i]);
  }
  return rc;
}

/* `herald list`: every game of the catalog; `herald list DIR`: the presets of a folder;
 * `herald list GAME`: one game. */
int app_list_main(int argc, char **argv) {
  if (argc >= 3) {
    struct stat st;
    if (stat(argv[2], &st) == 0 && S_ISDIR(st.st_mode)) return list_folder(argv[2]);
    return list_one(argv[2]);
  }
  CatalogGame *games = malloc(sizeof *games * CATALOG_MAX_GAMES);
  if (!games) return 1;
  int n = catalog_list(app_catalog(), games, CATALOG_MAX_GAMES), rc = 0;
  for (int i = 0; i < n; i++) rc |= list_one(games[i].name);
  free(games);
  return rc;
}
