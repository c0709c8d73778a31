/* The front door (src/app/): the `herald` program's commands, one file per group.
 *   main.c      dispatch, usage, the protocols when run with no command
 *   app.c       what the commands share: the catalog and --presets DIR, loading, numbers
 *   perft.c     perft, divide, walk
 *   search.c    search, bench
 *   epd.c       epd (test suites)
 *   notation.c  pgn, notation, records
 *   referee.c   referee, referee-bench
 *   verify.c    verify, list (and the per-piece report check shares)
 *   check.c     check: what a preset author runs after editing
 * Programs print and exit; the libraries below them return values and errors.  Every command
 * that takes a game resolves it through the catalog (bridge/catalog.h). */
#ifndef HERALD_APP_APP_H
#define HERALD_APP_APP_H

#include <stdbool.h>

#include "bridge/br_game.h"
#include "bridge/catalog.h"
#include "rules/position.h"
#include "rules/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The program's catalog: the default search path and the folders of --presets options. */
Catalog *app_catalog(void);
/* Takes `--presets DIR` and `--load-time SECONDS` options out of argv (anywhere after the
 * program name) into the catalog.  Returns the new argc, or -1 after printing the error. */
int app_take_preset_options(int argc, char **argv);
/* The rules of a game by name or path (free with rules_free).  False after printing why. */
bool app_rules(const char *name, Rules *out);
/* The rules of a game and a position of it (a FEN or "startpos"), as perft and search take
 * them; on failure nothing is left to free.  False after printing why. */
bool app_rules_and_position(const char *game, const char *fen, Rules *rules, Position *pos);
/* A game by name or path.  NULL after printing why. */
BrGame *app_open(const char *name, bool probe);
/* Parses a whole decimal number in [min, max].  False after printing what was wrong. */
bool app_number(const char *text, long min, long max, const char *what, long *out);
double app_seconds(void);
/* Prints one line per piece label of g: compiled (to what) or refereed by the oracle, and why. */
void app_print_pieces(const BrGame *g);

int app_perft_main(int argc, char **argv); /* perft and divide */
int app_walk_main(int argc, char **argv);
int app_search_main(int argc, char **argv);
int app_bench_main(int argc, char **argv);
int app_epd_main(int argc, char **argv);
int app_pgn_main(int argc, char **argv);
int app_notation_main(int argc, char **argv);
int app_records_main(int argc, char **argv);
int app_referee_main(int argc, char **argv);
int app_referee_bench_main(int argc, char **argv);
int app_referee_perft_main(int argc, char **argv);
int app_verify_main(int argc, char **argv);
int app_list_main(int argc, char **argv);
/* The preset's warnings (what reading it found suspect), a line each after indent. */
void app_print_warnings(const BrGame *g, const char *indent);
int app_check_main(int argc, char **argv);

#ifdef __cplusplus
}
#endif
#endif
