/* herald-match: matches between UCI and CECP engines refereed by Herald's rules, and round
 * robins or gauntlets of more, with a summary in cutechess-cli's words.
 *   herald-match -engine cmd=build/herald,proto=uci -engine cmd=/usr/games/fairymax,proto=cecp \
 *     --games 200 --concurrency 2 --tc 10+0.1 --pgn out.pgn
 *   herald-match merge OUT.pgn IN.pgn...   combine shards and print the result */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/version.h"
#include "bridge/bridge.h"
#include "match/args.h"
#include "match/match.h"
#include "notation/pgn.h"
#include "bridge/catalog.h"

static volatile sig_atomic_t interrupted;
static void on_signal(int sig) {
  (void)sig;
  interrupted = 1;
}

typedef struct Output {
  FILE *pgn;
  bool tty, verbose;
  const MtMatchConfig *config;
} Output;

static void print_progress(FILE *f, const MtMatchState *st, const MtMatchConfig *c) {
  if (c->engine_count > 2) { /* a tournament: the standings come at the end */
    fprintf(f, "games %d/%d", st->games_done, st->games_planned);
    return;
  }
  MtEloEstimate e = mt_elo_estimate(st->tally);
  char elo[64];
  fprintf(f, "games %d/%d  +%d =%d -%d  score %.1f%%  %s", st->games_done, st->games_planned, st->tally.wins,
          st->tally.draws, st->tally.losses, 100 * e.score, mt_elo_text(&e, elo, sizeof elo));
  if (c->use_sprt) {
    double lower, upper;
    mt_sprt_bounds(&c->sprt, &lower, &upper);
    fprintf(f, "  LLR %.2f (%.2f, %.2f)", st->llr, lower, upper);
    if (st->sprt_games && st->sprt_games != st->games_done) fprintf(f, " at game %d", st->sprt_games);
  }
}

static void on_game(void *context, const MtGameRecord *g, const MtMatchState *st) {
  Output *out = context;
  if (out->pgn && g->pgn) {
    fputs(g->pgn, out->pgn);
    fputc('\n', out->pgn);
    fflush(out->pgn);
  }
  if (out->verbose || g->ending == MT_END_CRASH || g->ending == MT_END_TIME || g->ending == MT_END_ILLEGAL) {
    if (out->tty) fputs("\r\033[K", stderr);
    fprintf(stderr, "game %d: %s vs %s %s {%s}\n", g->index + 1, out->config->engines[g->engines[g->white]].name,
            out->config->engines[g->engines[g->white ^ 1]].name, g->result, g->reason);
  }
  if (out->tty) fputs("\r\033[K", stderr);
  print_progress(stderr, st, out->config);
  fputs(out->tty ? "" : "\n", stderr);
  fflush(stderr);
}

static void on_log(void *context, const char *message) {
  (void)context;
  fprintf(stderr, "herald-match: %s\n", message);
}

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, n = 0;
  char *text = malloc(cap + 1);
  size_t got;
  while (text && (got = fread(text + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) {
      char *bigger = realloc(text, 2 * cap + 1);
      if (!bigger) {
        free(text);
        text = NULL;
        break;
      }
      text = bigger;
      cap *= 2;
    }
  }
  fclose(f);
  if (text) text[n] = 0;
  *len = n;
  return text;
}

/* --resume: the games an earlier run wrote to path (none when there is no such file yet) into
 * c->played, *played to free; false after saying why they are not of this match. */
static bool read_played(const char *path, MtMatchConfig *c, MtPlayedGame **played) {
  size_t len;
  char *text = read_file(path, &len);
  if (!text) {
    if (errno == ENOENT) return true;
    fprintf(stderr, "herald-match: %s: %s\n", path, strerror(errno));
    return false;
  }
  char err[256];
  bool ok = mt_pgn_played(c, text, len, played, &c->played_count, err, sizeof err);
  free(text);
  if (!ok) {
    fprintf(stderr, "herald-match: %s: %s\n", path, err);
    return false;
  }
  c->played = *played;
  fprintf(stderr, "herald-match: %s: %d games of an earlier run count toward this match\n", path, c->played_count);
  return true;
}

/* merge: concatenates PGN files and tallies the results of the first game's White player. */
static int merge_main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: herald-match merge OUT.pgn IN.pgn...\n");
    return MT_EXIT_USAGE;
  }
  FILE *out = strcmp(argv[1], "-") ? fopen(argv[1], "w") : stdout;
  if (!out) {
    fprintf(stderr, "herald-match: %s: %s\n", argv[1], strerror(errno));
    return MT_EXIT_USAGE;
  }
  char player[128] = "";
  MtTally tally = {0};
  int games = 0;
  for (int i = 2; i < argc; i++) {
    size_t len;
    char *text = read_file(argv[i], &len);
    if (!text) {
      fprintf(stderr, "herald-match: %s: %s\n", argv[i], strerror(errno));
      return MT_EXIT_USAGE;
    }
    fputs(text, out);
    if (len && text[len - 1] != '\n') fputc('\n', out);
    char err[256];
    int read = mt_pgn_tally(text, len, player, sizeof player, &tally, err, sizeof err);
    if (read < 0)
      fprintf(stderr, "herald-match: %s: %s\n", argv[i], err);
    else
      games += read;
    free(text);
  }
  if (out != stdout) fclose(out);
  MtEloEstimate e = mt_elo_estimate(tally);
  char elo[64];
  printf("%s: games %d  +%d =%d -%d  score %.1f%%  %s\n", player[0] ? player : "?", games, tally.wins, tally.draws,
         tally.losses, 100 * e.score, mt_elo_text(&e, elo, sizeof elo));
  return MT_EXIT_DONE;
}

static void usage(FILE *out) {
  fprintf(out, "usage: herald-match -engine SPEC -engine SPEC [-engine SPEC...] [options]\n"
               "       herald-match merge OUT.pgn IN.pgn...\n"
               "SPEC: cmd=PATH ARGS,proto=uci|cecp[,name=NAME][,option.NAME=VALUE]...\n"
               "  --variant NAME        rules and engine variant (a preset's name or path; default chess)\n"
               "  --presets DIR         look for NAME.preset in DIR first\n"
               "  --games N             games of each pair (default 2); three engines or more play a\n"
               "                        round robin, every pair\n"
               "  --gauntlet            the first engine plays each other, and no other pair\n"
               "  --concurrency N       games at once (default 1)\n"
               "  --tc BASE+INC         seconds (default 10+0.1); --moves N: moves per period\n"
               "  --depth D | --nodes N | --movetime MS   fixed limit per move instead of a clock\n"
               "                        (CECP engines get --nodes as 'nps N' + 'st 1')\n"
               "  --margin MS           lateness forgiven before a time forfeit (default 1000)\n"
               "  --openings FILE       openings, each played twice with colours swapped, in the\n"
               "                        format FILE's name says: .epd a position a line in EPD\n"
               "                        (counters optional, operations ignored); .pgn PGN games\n"
               "                        (FEN tag and main line in SAN); any other one FEN or\n"
               "                        coordinate move list (e2e4 e7e5) a line\n"
               "  --openings-format epd|pgn|lines   FILE's format, whatever its name\n"
               "  --opening-plies N     each opening cut to its first N plies (an opening holds 64\n"
               "                        at most)\n"
               "  --openings-order sequential|random   the book's order (default), or one drawn\n"
               "                        from --seed, the same in every shard\n"
               "  --random-plies K      random legal K-ply openings (by --seed) when no FILE\n"
               "  --resign CP N         adjudicate a loss after N moves at <= -CP agreed by both\n"
               "  --draw CP N AFTER     adjudicate a draw after N plies within +/-CP from move AFTER\n"
               "  --max-plies N         drawn when no verdict after N plies\n"
               "  --sprt ELO0 ELO1 ALPHA BETA   stop when decided\n"
               "  --sprt-min-games N    no decision before N games (default 0)\n"
               "  --pgn FILE            write the games\n"
               "  --resume              go on with the match whose games --pgn FILE holds: they\n"
               "                        count, new ones are added to the file (same engines,\n"
               "                        --games, --seed, openings and shard as that run)\n"
               "  --shard I/N --seed S  play openings O with O %% N == I (I from 0)\n"
               "  --verbose             a line per game\n"
               "  --version, --help (-h)\n"
               "exit: 0 done, 1 usage or a bad number, 2 an engine never started, 3 SPRT accepted ELO1,\n"
               "      4 SPRT accepted ELO0, 5 interrupted\n");
}

static int games_of(MtTally t) { return t.wins + t.draws + t.losses; }

static MtTally sum(MtTally a, MtTally b) { return (MtTally){a.wins + b.wins, a.draws + b.draws, a.losses + b.losses}; }

/* "W - L - D  [score] N", cutechess-cli's way of writing a tally. */
static void print_tally(const char *label, MtTally t) {
  MtEloEstimate e = mt_elo_estimate(t);
  printf("%s: %d - %d - %d  [%.3f] %d\n", label, t.wins, t.losses, t.draws, e.score, e.games);
}

/* A pair's results as cutechess-cli gives them: from the first engine's side, split by its
 * colour, White against Black, then Elo, likelihood of superiority and draws. */
static void print_pair(const MtMatchConfig *c, const MtMatchState *st, int pair) {
  int engines[2];
  mt_pair_engines(c, pair, engines);
  const char *first = c->engines[engines[0]].name, *second = c->engines[engines[1]].name;
  const MtStanding *s = &st->pairs[pair];
  MtTally all = sum(s->as_white, s->as_black);
  if (!games_of(all)) return;
  char label[200];
  snprintf(label, sizeof label, "Score of %s vs %s", first, second);
  print_tally(label, all);
  snprintf(label, sizeof label, "...      %s playing White", first);
  print_tally(label, s->as_white);
  snprintf(label, sizeof label, "...      %s playing Black", first);
  print_tally(label, s->as_black);
  print_tally("...      White vs Black", sum(s->as_white, mt_tally_reversed(s->as_black)));
  MtEloEstimate e = mt_elo_estimate(all);
  char elo[64];
  printf("%s, LOS: %.1f %%, DrawRatio: %.1f %%\n", mt_elo_text(&e, elo, sizeof elo), 100 * mt_los(all),
         100 * mt_draw_ratio(all));
}

/* The tournament table: each engine's points against the field, best first. */
static void print_standings(const MtMatchConfig *c, const MtMatchState *st) {
  int order[MT_MAX_ENGINES];
  double points[MT_MAX_ENGINES];
  for (int e = 0; e < c->engine_count; e++) {
    MtTally t = sum(st->standings[e].as_white, st->standings[e].as_black);
    order[e] = e;
    points[e] = t.wins + 0.5 * t.draws;
  }
  for (int i = 1; i < c->engine_count; i++) /* insertion sort: stable, 16 engines at most */
    for (int j = i; j > 0 && points[order[j]] > points[order[j - 1]]; j--) {
      int swap = order[j];
      order[j] = order[j - 1], order[j - 1] = swap;
    }
  printf("\n%4s %-24s %-24s %6s %7s %7s %6s\n", "Rank", "Name", "Elo (vs the field)", "Games", "Points", "Score",
         "Draw");
  for (int i = 0; i < c->engine_count; i++) {
    int e = order[i];
    MtTally t = sum(st->standings[e].as_white, st->standings[e].as_black);
    MtEloEstimate estimate = mt_elo_estimate(t);
    char elo[64];
    mt_elo_text(&estimate, elo, sizeof elo);
    printf("%4d %-24s %-24s %6d %7.1f %6.1f%% %5.1f%%\n", i + 1, c->engines[e].name, elo + 4, games_of(t), points[e],
           100 * estimate.score, 100 * mt_draw_ratio(t));
  }
}

/* The openings of the book at path in format, each cut to max_plies plies (all when negative;
 * see mt_book_read).  NULL with a message naming the file and the line or game of the first bad
 * opening. */
static MtOpening *read_openings(const char *path, MtBookFormat format, int max_plies, const Rules *rules, int *count,
                                char *err, int errlen) {
  size_t len;
  char *text = read_file(path, &len);
  if (!text) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return NULL;
  }
  MtOpening *list = mt_book_read(rules, path, text, len, format, max_plies, count, err, errlen);
  free(text);
  return list;
}

/* CECP has no node limit of its own: herald-match sends XBoard's "nps N" with "st 1".  The
 * engine is started and set up once, so that one which refuses (feature nps=0, or an Error to
 * "nps" before its pong) stops the match before it starts rather than losing every game. */
static bool check_cecp_nodes(const MtMatchConfig *c, const MtEngineSpec *spec) {
  MtEngine e;
  char err[256];
  if (!mt_engine_start(&e, spec, 10000, err, sizeof err)) return true; /* the games will report it */
  bool ok = mt_engine_new_game(&e, c->variant, NULL, &c->tc, err, sizeof err);
  int nps = e.nps_feature;
  bool synced = e.ping;
  mt_engine_stop(&e);
  if (!ok) {
    fprintf(stderr, "herald-match: Error: %s (CECP) cannot take --nodes: %s; use --depth or --tc\n", spec->name, err);
    return false;
  }
  if (nps < 0)
    fprintf(stderr,
            "herald-match: warning: %s (CECP) did not announce feature nps=1; --nodes is sent as "
            "'nps N' + 'st 1', %s\n",
            spec->name, synced ? "which it took without an Error" : "which it may ignore (no ping to check)");
  return true;
}

/* A number option's value into *out, or false after saying what was wrong. */
static bool int_option(const char *text, long min, long max, const char *what, int *out) {
  char err[160];
  long v;
  if (!mt_arg_long(text, min, max, what, &v, err, sizeof err)) {
    fprintf(stderr, "herald-match: %s\n", err);
    return false;
  }
  *out = (int)v;
  return true;
}

static bool ms_option(const char *text, long min, long max, const char *what, int64_t *out) {
  int v;
  if (!int_option(text, min, max, what, &v)) return false;
  *out = v;
  return true;
}

static bool u64_option(const char *text, uint64_t min, uint64_t max, const char *what, uint64_t *out) {
  char err[160];
  if (mt_arg_u64(text, min, max, what, out, err, sizeof err)) return true;
  fprintf(stderr, "herald-match: %s\n", err);
  return false;
}

static bool double_option(const char *text, double min, double max, const char *what, double *out) {
  char err[160];
  if (mt_arg_double(text, min, max, what, out, err, sizeof err)) return true;
  fprintf(stderr, "herald-match: %s\n", err);
  return false;
}

/* --tc BASE[+INC] in seconds, at most a week each. */
static bool tc_option(char *text, MtTimeControl *tc) {
  char *plus = strchr(text, '+');
  double base, inc = 0;
  if (plus) *plus = 0;
  bool ok = double_option(text, 0.001, 604800, "--tc BASE", &base) &&
            (!plus || double_option(plus + 1, 0, 604800, "--tc INC", &inc));
  if (plus) *plus = '+';
  if (ok) tc->base_ms = (int64_t)(base * 1000), tc->inc_ms = (int64_t)(inc * 1000);
  return ok;
}

/* --shard I/N: 0 <= I < N. */
static bool shard_option(char *text, int *index, int *count) {
  char *slash = strchr(text, '/');
  bool ok = slash != NULL;
  if (ok) {
    *slash = 0;
    ok = int_option(text, 0, 999999, "--shard I", index) && int_option(slash + 1, 1, 1000000, "--shard N", count);
    *slash = '/';
  }
  if (ok && *index >= *count) ok = false, fprintf(stderr, "herald-match: --shard I/N with 0 <= I < N\n");
  if (!slash) fprintf(stderr, "herald-match: --shard I/N with 0 <= I < N\n");
  return ok;
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "merge")) return merge_main(argc - 1, argv + 1);
  if (argc > 1 && !strcmp(argv[1], "--version")) {
    app_print_version("herald-match");
    return MT_EXIT_DONE;
  }
  MtMatchConfig c;
  mt_match_config_init(&c);
  Output out = {0};
  out.config = &c;
  const char *pgn_path = NULL, *openings_path = NULL, *openings_format = NULL;
  int opening_plies = -1; /* all */
  bool random_order = false, resume = false;
  int engines = 0;
  char err[4096];
  static Rules rules;
  const char *variant = "chess";
  Catalog catalog;
  catalog_init(&catalog);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
#define NEED(k)                                                                                                        \
  if (i + (k) >= argc) {                                                                                               \
    fprintf(stderr, "herald-match: %s needs %d value(s)\n", a, k);                                                     \
    return MT_EXIT_USAGE;                                                                                              \
  }
    if (!strcmp(a, "-engine") || !strcmp(a, "--engine")) {
      NEED(1);
      if (engines == MT_MAX_ENGINES) {
        fprintf(stderr, "herald-match: %d engines at most\n", MT_MAX_ENGINES);
        return MT_EXIT_USAGE;
      }
      if (!mt_engine_spec_parse(&c.engines[engines++], argv[++i], err, sizeof err)) {
        fprintf(stderr, "herald-match: %s\n", err);
        return MT_EXIT_USAGE;
      }
    } else if (!strcmp(a, "--variant")) {
      NEED(1);
      variant = argv[++i];
    } else if (!strcmp(a, "--presets")) {
      NEED(1);
      if (!catalog_add_folder(&catalog, argv[++i], err, sizeof err)) {
        fprintf(stderr, "herald-match: --presets: %s\n", err);
        return MT_EXIT_USAGE;
      }
    }
    /* The ranges: what a match can mean (merge and the statistics go to 50 million games;
     * times to a day a move or a week a game). */
    else if (!strcmp(a, "--games")) {
      NEED(1);
      if (!int_option(argv[++i], 1, 50000000, a, &c.games)) return MT_EXIT_USAGE;
    } else if (!strcmp(a, "--concurrency")) {
      NEED(1);
      if (!int_option(argv[++i], 1, 1024, a, &c.concurrency)) return MT_EXIT_USAGE;
    } else if (!strcmp(a, "--tc")) {
      NEED(1);
      if (!tc_option(argv[++i], &c.tc)) return MT_EXIT_USAGE;
    } else if (!strcmp(a, "--moves")) {
      NEED(1);
      if (!int_option(argv[++i], 0, 10000, a, &c.tc.moves)) return MT_EXIT_USAGE;
    } else if (!strcmp(a, "--depth")) {
      NEED(1);
      if (!int_option(argv[++i], 1, 200, a, &c.tc.depth)) return MT_EXIT_USAGE;
    } else if (!strcmp(a, "--nodes")) {
      NEED(1);
      if (!u64_option(argv[++i], 1, 1000000000000ULL, a, &c.tc.nodes)) return MT_EXIT_USAGE;
    } else if (!strcmp(a, "--movetime")) {
      NEED(1);
      if (!ms_option(argv[++i], 1, 86400000, a, &c.tc.movetime_ms)) return MT_EXIT_USAGE;
    } else if (!strcmp(a, "--margin")) {
      NEED(1);
      if (!ms_option(argv[++i], 0, 86400000, a, &c.tc.margin_ms)) return MT_EXIT_USAGE;
    } else if (!strcmp(a, "--openings")) {
      NEED(1);
      openings_path = argv[++i];
    } else if (!strcmp(a, "--openings-format")) {
      NEED(1);
      MtBookFormat format;
      openings_format = argv[++i];
      if (!mt_book_format_from_name(openings_format, &format)) {
        fprintf(stderr, "herald-match: --openings-format '%s' is none of epd, pgn, lines\n", openings_format);
        return MT_EXIT_USAGE;
      }
    } else if (!strcmp(a, "--opening-plies")) {
      NEED(1);
      if (!int_option(argv[++i], 0, 1000000, a, &opening_plies)) return MT_EXIT_USAGE;
    } else if (!strcmp(a, "--openings-order")) {
      NEED(1);
      const char *order = argv[++i];
      random_order = !strcmp(order, "random");
      if (!random_order && strcmp(order, "sequential")) {
        fprintf(stderr, "herald-match: --openings-order '%s' is neither sequential nor random\n", order);
        return MT_EXIT_USAGE;
      }
    } else if (!strcmp(a, "--random-plies")) {
      NEED(1);
      if (!int_option(argv[++i], 0, 1000, a, &c.random_plies)) return MT_EXIT_USAGE;
    } else if (!strcmp(a, "--resign")) {
      NEED(2);
      if (!int_option(argv[i + 1], 1, 100000, "--resign CP", &c.adjudication.resign_cp) ||
          !int_option(argv[i + 2], 1, 10000, "--resign N", &c.adjudication.resign_moves))
        return MT_EXIT_USAGE;
      i += 2;
    } else if (!strcmp(a, "--draw")) {
      NEED(3);
      if (!int_option(argv[i + 1], 0, 100000, "--draw CP", &c.adjudication.draw_cp) ||
          !int_option(argv[i + 2], 1, 10000, "--draw N", &c.adjudication.draw_moves) ||
          !int_option(argv[i + 3], 0, 10000, "--draw AFTER", &c.adjudication.draw_after))
        return MT_EXIT_USAGE;
      i += 3;
    } else if (!strcmp(a, "--max-plies")) {
      NEED(1);
      if (!int_option(argv[++i], 1, 100000, a, &c.adjudication.max_plies)) return MT_EXIT_USAGE;
    } else if (!strcmp(a, "--sprt")) {
      NEED(4);
      c.use_sprt = true;
      if (!double_option(argv[i + 1], -2000, 2000, "--sprt ELO0", &c.sprt.elo0) ||
          !double_option(argv[i + 2], -2000, 2000, "--sprt ELO1", &c.sprt.elo1) ||
          !double_option(argv[i + 3], 0, 1, "--sprt ALPHA", &c.sprt.alpha) ||
          !double_option(argv[i + 4], 0, 1, "--sprt BETA", &c.sprt.beta))
        return MT_EXIT_USAGE;
      i += 4;
      if (c.sprt.alpha <= 0 || c.sprt.alpha >= 1 || c.sprt.beta <= 0 || c.sprt.beta >= 1 ||
          c.sprt.elo1 <= c.sprt.elo0) {
        fprintf(stderr, "herald-match: --sprt ELO0 ELO1 ALPHA BETA with ELO0 < ELO1 and 0 < ALPHA, BETA < 1\n");
        return MT_EXIT_USAGE;
      }
    } else if (!strcmp(a, "--sprt-min-games")) {
      NEED(1);
      if (!int_option(argv[++i], 0, 1000000, a, &c.sprt.min_games)) return MT_EXIT_USAGE;
    } else if (!strcmp(a, "--pgn")) {
      NEED(1);
      pgn_path = argv[++i];
    } else if (!strcmp(a, "--shard")) {
      NEED(1);
      if (!shard_option(argv[++i], &c.shard_index, &c.shard_count)) return MT_EXIT_USAGE;
    } else if (!strcmp(a, "--seed")) {
      NEED(1);
      if (!u64_option(argv[++i], 0, UINT64_MAX, a, &c.seed)) return MT_EXIT_USAGE;
    } else if (!strcmp(a, "--resume"))
      resume = true;
    else if (!strcmp(a, "--verbose"))
      out.verbose = true;
    else if (!strcmp(a, "--gauntlet"))
      c.gauntlet = true;
    else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      return MT_EXIT_DONE;
    } else {
      fprintf(stderr, "herald-match: unknown option %s (herald-match --help)\n", a);
      return MT_EXIT_USAGE;
    }
  }
  if (engines < 2) {
    fprintf(stderr, "herald-match: two engines are needed: -engine SPEC -engine SPEC (herald-match --help)\n");
    return MT_EXIT_USAGE;
  }
  c.engine_count = engines;
  if (engines > 2 && c.use_sprt) {
    fprintf(stderr, "herald-match: --sprt compares two engines only\n");
    return MT_EXIT_USAGE;
  }
  if ((long)c.games * mt_pair_count(&c) > 50000000) {
    fprintf(stderr, "herald-match: more than 50000000 games in all (--games N is per pair)\n");
    return MT_EXIT_USAGE;
  }
  if (!catalog_rules(&catalog, variant, &rules, err, sizeof err)) {
    fprintf(stderr, "herald-match: %s\n", err);
    return MT_EXIT_USAGE;
  }
  c.rules = &rules;
  c.variant = variant;
  for (int e = 0; e < engines; e++)
    if (c.tc.nodes && c.engines[e].protocol == MT_CECP && !check_cecp_nodes(&c, &c.engines[e])) {
      rules_free(&rules);
      return MT_EXIT_USAGE;
    }
  MtOpening *openings = NULL;
  if (openings_path) {
    MtBookFormat format = mt_book_format_of_path(openings_path);
    if (openings_format) mt_book_format_from_name(openings_format, &format);
    openings = read_openings(openings_path, format, opening_plies, &rules, &c.opening_count, err, sizeof err);
    if (!openings) {
      fprintf(stderr, "herald-match: %s\n", err);
      rules_free(&rules);
      return MT_EXIT_USAGE;
    }
    /* Every shard reads the same book and draws the same order from the same seed, so opening o
     * is the same in all of them and o % N still splits the book between them. */
    if (random_order) mt_openings_shuffle(openings, c.opening_count, c.seed);
    c.openings = openings;
  }
  MtPlayedGame *played = NULL;
  if (resume && !pgn_path) {
    fprintf(stderr, "herald-match: --resume goes on with the games of --pgn FILE; there is none\n");
    return MT_EXIT_USAGE;
  }
  if (resume && !read_played(pgn_path, &c, &played)) {
    free(openings);
    rules_free(&rules);
    return MT_EXIT_USAGE;
  }
  if (pgn_path && !(out.pgn = fopen(pgn_path, resume ? "a" : "w"))) {
    fprintf(stderr, "herald-match: %s: %s\n", pgn_path, strerror(errno));
    free(played);
    return MT_EXIT_USAGE;
  }
  out.tty = isatty(2);
  signal(SIGINT, on_signal);
  signal(SIGTERM, on_signal);
  c.cancel = &interrupted;
  c.on_game = on_game;
  c.on_log = on_log;
  c.context = &out;
  MtMatchState st;
  int status = mt_match_run(&c, &st, err, sizeof err);
  if (out.tty) fputs("\n", stderr);
  if (out.pgn) fclose(out.pgn);
  if (engines == 2) {
    printf("%s vs %s (%s): ", c.engines[0].name, c.engines[1].name, variant);
    print_progress(stdout, &st, &c);
    printf("\n");
  } else
    printf("%s of %d engines (%s): games %d/%d\n", c.gauntlet ? "Gauntlet" : "Round robin", engines, variant,
           st.games_done, st.games_planned);
  for (int pair = 0; pair < mt_pair_count(&c); pair++) print_pair(&c, &st, pair);
  if (engines > 2) print_standings(&c, &st);
  for (int e = 0; e < engines; e++)
    if (st.crashes[e] || st.forfeits[e] || st.illegal[e])
      printf("%s: %d crash(es), %d time forfeit(s), %d illegal move(s)\n", c.engines[e].name, st.crashes[e],
             st.forfeits[e], st.illegal[e]);
  if (status == MT_EXIT_SPRT_H1 || status == MT_EXIT_SPRT_H0) {
    printf("SPRT: %s accepted (elo %s %g) after %d games", status == MT_EXIT_SPRT_H1 ? "H1" : "H0",
           status == MT_EXIT_SPRT_H1 ? ">=" : "<=", status == MT_EXIT_SPRT_H1 ? c.sprt.elo1 : c.sprt.elo0,
           st.sprt_games);
    int late = st.games_done - st.sprt_games;
    if (late == 1) printf("; the game still in play then is in the score above, not in the test");
    if (late > 1) printf("; the %d games still in play then are in the score above, not in the test", late);
    printf("\n");
  }
  if (status == MT_EXIT_ENGINE || status == MT_EXIT_CANCELLED || status == MT_EXIT_USAGE)
    fprintf(stderr, "herald-match: %s\n", err);
  free(openings);
  free(played);
  rules_free(&rules);
  return status;
}
