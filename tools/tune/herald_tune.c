/* herald-tune: tunes the classical evaluation's weights of a game from Herald's own games, and
 * gathers the positions a net (NNUE) trains on.
 *   herald-tune play GAME --out DATA [--games N] [--nodes N] ...   self-play, quiet positions
 *                                                                  labelled with the result
 *   herald-tune fit GAME DATA... --out WEIGHTS [--epochs N] ...    Texel tuning of the weights
 *   herald-tune pack GAME DATA... --out FILE                       the positions as a net's
 *                                                                  features (tools/train/)
 * The weights file (nets/GAME.eval.gz when it ships with Herald) is what the engine loads for
 * the game (src/eval/eval_weights.h); nets/README.md says how each shipped file was made. */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app/version.h"
#include "bridge/bridge.h"
#include "bridge/catalog.h"
#include "eval/eval_tune.h"
#include "eval/eval_weights.h"
#include "eval/nnue_data.h"
#include "match/args.h"
#include "match/selfplay.h"
#include "search/search.h"

static volatile sig_atomic_t interrupted;
static void on_signal(int sig) {
  (void)sig;
  interrupted = 1;
}

static bool number(const char *text, long min, long max, const char *what, long *out) {
  char err[160];
  if (mt_arg_long(text, min, max, what, out, err, sizeof err)) return true;
  fprintf(stderr, "herald-tune: %s\n", err);
  return false;
}

static bool real(const char *text, double min, double max, const char *what, double *out) {
  char err[160];
  if (mt_arg_double(text, min, max, what, out, err, sizeof err)) return true;
  fprintf(stderr, "herald-tune: %s\n", err);
  return false;
}

/* The options play and fit share, after their own: --presets, and any other is refused. */
static bool common_option(Catalog *catalog, const char *a, const char *v) {
  char err[4096];
  if (strcmp(a, "--presets")) {
    fprintf(stderr, "herald-tune: unknown option %s (herald-tune --help)\n", a);
    return false;
  }
  if (catalog_add_folder(catalog, v, err, sizeof err)) return true;
  fprintf(stderr, "herald-tune: --presets: %s\n", err);
  return false;
}

static void usage(FILE *out) {
  fprintf(out, "usage: herald-tune play GAME --out DATA [options]   self-play: positions and results\n"
               "       herald-tune fit GAME DATA... --out WEIGHTS [options]   fit the weights to them\n"
               "       herald-tune pack GAME DATA... --out FILE   the positions as a net's features, for\n"
               "                          tools/train/train.py (nets/README.md)\n"
               "GAME: a preset's name or path (herald list).\n"
               "play options:\n"
               "  --games N          games (default 1000)\n"
               "  --nodes N          nodes per move (default 5000)\n"
               "  --random-plies K   random legal plies first, for variety (default 8)\n"
               "  --threads N        games at once (default 1)\n"
               "  --seed S           of the random plies (default 1); --shard I/N: games G %% N == I\n"
               "  --weights SOURCE   the evaluation playing: default (the shipped file, if any), none\n"
               "                     (derived from the movement), or a weights file\n"
               "  --net SOURCE       the net playing instead: default (the shipped net, if any), none\n"
               "                     (the classical evaluation), or a net file (GAME.nnue.gz)\n"
               "fit options:\n"
               "  --epochs N         passes of gradient descent (default 2000)\n"
               "  --rate X           step of each pass, in centipawns (default 1)\n"
               "  --from SOURCE      the weights to start from: none (default), default, or a file\n"
               "  --decided CP       leave out positions the start weights judge beyond CP (default\n"
               "                     1000; 0: none left out): their games were decided already\n"
               "  --l2 X             pull toward the start weights: X times the squared distance\n"
               "                     (default 1e-8; 0: none)\n"
               "  --score-weight X   label = (1 - X) * result + X * sigmoid(search score), where the\n"
               "                     data has scores (default 0: results only)\n"
               "both: --presets DIR  look for GAME.preset in DIR first\n"
               "DATA is text, a position a line: FEN | RESULT [| SCORE] (1, 0.5, 0 and centipawns,\n"
               "both from White's view; play writes the score its search gave the position).\n"
               "play --out FILE.bin writes the positions packed for a net instead, as pack does.\n"
               "WEIGHTS is a gzip-compressed text file; the engine loads nets/GAME.eval.gz by itself,\n"
               "or any file by its option EvalWeights.\n");
}

/* ---- play ------------------------------------------------------------------------------- */

typedef struct PlayOut {
  FILE *file;   /* the text lines, or else */
  NnData *data; /* the positions packed for a net (--out FILE.bin), written at the end */
  const Rules *rules;
  int random_plies;
  long positions;
  bool failed;
  Position pos;
} PlayOut;

/* A search's score as a data line holds it: mate scores at the line's limit. */
static int clamp_score(int score) {
  return score > EV_TUNE_SCORE_LIMIT    ? EV_TUNE_SCORE_LIMIT
         : score < -EV_TUNE_SCORE_LIMIT ? -EV_TUNE_SCORE_LIMIT
                                        : score;
}

/* Each quiet position of a game after its random plies, labelled with the game's result and the
 * search's score of it: not in check, at the start of a turn, and the move played from it
 * neither captures nor promotes (a position in the middle of an exchange is not judged by the
 * evaluation alone). */
static void on_game(void *context, const MtSelfplayGame *game) {
  PlayOut *out = context;
  if (game->ending != MT_SELFPLAY_RULES) return; /* cut or broken: no result to learn from */
  const char *result = game->winner == 0 ? "1" : game->winner == 1 ? "0" : "0.5";
  char err[RULES_ERR_LEN];
  if (!pos_set_fen(&out->pos, out->rules, out->rules->start_fen, err, sizeof err)) {
    out->failed = true;
    return;
  }
  for (int i = 0; i < game->move_count; i++) {
    Position *p = &out->pos;
    if (i >= out->random_plies && p->part == 0 && !pos_in_check(p) && !pos_is_noisy(p, game->moves[i])) {
      int score = game->scores[i];
      if (out->data) {
        double white = game->winner == 0 ? 1 : game->winner == 1 ? 0 : 0.5;
        if (!nn_data_add(out->data, p, white, score == MT_SELFPLAY_NO_SCORE ? NAN : (float)clamp_score(score)))
          out->failed = true;
      } else {
        char fen[1024];
        pos_get_fen(p, fen, sizeof fen);
        int written = score == MT_SELFPLAY_NO_SCORE
                          ? fprintf(out->file, "%s | %s\n", fen, result)
                          : fprintf(out->file, "%s | %s | %d\n", fen, result, clamp_score(score));
        if (written < 0) out->failed = true;
      }
      out->positions++;
    }
    pos_make(p, game->moves[i]);
  }
}

/* Positions packed for a net, each with the classical evaluation the engine plays with by
 * default (the searcher *keeper owns it: free it after the data); NULL when that cannot be. */
static NnData *new_data(const Rules *r, Search **keeper) {
  *keeper = srch_new(r, 1, 1);
  NnData *d = *keeper ? nn_data_new(r, srch_eval_tables(*keeper)) : NULL;
  if (!d)
    fprintf(stderr, "herald-tune: %s: %s\n", r->name,
            *keeper ? "too many squares and piece types for a net" : "out of memory");
  return d;
}

static void on_play_progress(void *context, int done, int planned) {
  PlayOut *out = context;
  fprintf(stderr, "\rgames %d/%d, positions %ld", done, planned, out->positions);
  if (done == planned) fputc('\n', stderr);
  fflush(stderr);
}

static int play_main(int argc, char **argv, Catalog *catalog) {
  MtSelfplayConfig c;
  mt_selfplay_config_init(&c);
  c.games = 1000;
  c.nodes = 5000;
  c.random_plies = 8;
  c.seed = 1;
  const char *out_path = NULL;
  char err[4096];
  for (int i = 3; i < argc; i++) {
    const char *a = argv[i];
    if (i + 1 >= argc) {
      fprintf(stderr, "herald-tune: %s needs a value (herald-tune --help)\n", a);
      return 1;
    }
    const char *v = argv[++i];
    int taken = mt_selfplay_option(&c, a, v, err, sizeof err);
    if (taken < 0) {
      fprintf(stderr, "herald-tune: %s\n", err);
      return 1;
    }
    if (taken) {
      continue;
    } else if (!strcmp(a, "--out")) {
      out_path = v;
    } else if (!strcmp(a, "--weights")) {
      c.eval_weights = v;
    } else if (!strcmp(a, "--net")) {
      c.eval_net = !strcmp(v, "none") ? SRCH_WEIGHTS_NONE : !strcmp(v, "default") ? SRCH_WEIGHTS_DEFAULT : v;
    } else if (!common_option(catalog, a, v)) {
      return 1;
    }
  }
  if (!out_path) {
    fprintf(stderr, "herald-tune: play needs --out DATA\n");
    return 1;
  }
  BrGame *game = catalog_open(catalog, argv[2], true, err, sizeof err);
  if (!game) {
    fprintf(stderr, "herald-tune: %s\n", err);
    return 1;
  }
  PlayOut out = {NULL, NULL, br_game_rules(game), c.random_plies, 0, false, {0}};
  Search *classical = NULL;
  size_t name_len = strlen(out_path);
  if (name_len > 4 && !strcmp(out_path + name_len - 4, ".bin")) {
    out.data = new_data(out.rules, &classical);
  } else {
    out.file = fopen(out_path, "w");
    if (!out.file) fprintf(stderr, "herald-tune: %s: %s\n", out_path, strerror(errno));
  }
  if (!out.file && !out.data) {
    srch_free(classical);
    br_free(game);
    return 1;
  }
  c.rules = out.rules;
  c.on_game = on_game;
  c.on_progress = on_play_progress;
  c.context = &out;
  c.cancel = &interrupted;
  signal(SIGINT, on_signal);
  signal(SIGTERM, on_signal);
  MtSelfplayReport *report = malloc(sizeof *report);
  bool ran = report && mt_selfplay_run(&c, report, err, sizeof err);
  if (out.file && fclose(out.file)) out.failed = true;
  if (out.data && ran && !out.failed && !nn_data_write(out.data, out_path, err, sizeof err)) {
    fprintf(stderr, "herald-tune: %s\n", err);
    out.failed = true;
  }
  nn_data_free(out.data);
  srch_free(classical);
  pos_free(&out.pos);
  int status = 0;
  if (!ran) {
    fprintf(stderr, "herald-tune: %s\n", report ? err : "out of memory");
    status = 1;
  } else if (out.failed) {
    fprintf(stderr, "herald-tune: %s: could not write every position\n", out_path);
    status = 1;
  } else {
    printf("%d games (%d won by the first player, %d drawn, %d by the second), %ld positions in %s\n", report->games,
           report->first_wins, report->draws, report->second_wins, out.positions, out_path);
  }
  free(report);
  br_free(game);
  return interrupted ? 5 : status;
}

/* ---- fit -------------------------------------------------------------------------------- */

/* Each line of the data file at path, to sink (false with a reason: the line is said and the
 * reading stops). */
typedef bool (*LineSink)(void *context, const char *line, char *err, int errlen);

static bool read_data(const char *path, LineSink sink, void *context) {
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "herald-tune: %s: %s\n", path, strerror(errno));
    return false;
  }
  char line[2048], err[RULES_ERR_LEN + 64];
  bool ok = true;
  for (long n = 1; ok && fgets(line, sizeof line, f); n++) {
    if (!strchr(line, '\n') && !feof(f)) {
      fprintf(stderr, "herald-tune: %s:%ld: line longer than %zu characters\n", path, n, sizeof line - 2);
      ok = false;
    } else if (!sink(context, line, err, sizeof err)) {
      fprintf(stderr, "herald-tune: %s:%ld: %s\n", path, n, err);
      ok = false;
    }
  }
  fclose(f);
  return ok;
}

enum { MAX_INPUTS = 256 };

/* An argument that names a data file (any not starting with --) goes to inputs: 1 when taken,
 * 0 for an option, -1 when there are too many (said). */
static int data_file(const char *a, const char **inputs, int *count) {
  if (!strncmp(a, "--", 2)) return 0;
  if (*count == MAX_INPUTS) {
    fprintf(stderr, "herald-tune: more than %d data files\n", MAX_INPUTS);
    return -1;
  }
  inputs[(*count)++] = a;
  return 1;
}

static bool tune_line(void *context, const char *line, char *err, int errlen) {
  bool added;
  return ev_tune_add_line(context, line, &added, err, errlen);
}

static void on_fit_progress(void *context, int epoch, int epochs, double train, double validation) {
  (void)context;
  fprintf(stderr, "\repoch %d/%d: error %.6f, held out %.6f", epoch, epochs, train, validation);
  if (epoch == epochs) fputc('\n', stderr);
  fflush(stderr);
}

static int fit_main(int argc, char **argv, Catalog *catalog) {
  EvTuneConfig config = {0};
  const char *out_path = NULL, *from = SRCH_WEIGHTS_NONE;
  const char *inputs[MAX_INPUTS];
  int input_count = 0;
  char err[4096];
  for (int i = 3; i < argc; i++) {
    const char *a = argv[i];
    int file = data_file(a, inputs, &input_count);
    if (file < 0) return 1;
    if (file) continue;
    if (i + 1 >= argc) {
      fprintf(stderr, "herald-tune: %s needs a value (herald-tune --help)\n", a);
      return 1;
    }
    const char *v = argv[++i];
    long n;
    double x;
    if (!strcmp(a, "--epochs")) {
      if (!number(v, 1, 1000000, a, &n)) return 1;
      config.epochs = (int)n;
    } else if (!strcmp(a, "--rate")) {
      if (!real(v, 1e-6, 1000, a, &x)) return 1;
      config.rate = x;
    } else if (!strcmp(a, "--decided")) {
      if (!number(v, -1, 100000, a, &n)) return 1;
      config.decided = n ? (int)n : -1;
    } else if (!strcmp(a, "--l2")) {
      if (!real(v, 0, 1, a, &x)) return 1;
      config.l2 = x > 0 ? x : -1;
    } else if (!strcmp(a, "--score-weight")) {
      if (!real(v, 0, 1, a, &x)) return 1;
      config.score_weight = x;
    } else if (!strcmp(a, "--out")) {
      out_path = v;
    } else if (!strcmp(a, "--from")) {
      from = !strcmp(v, "none") ? SRCH_WEIGHTS_NONE : !strcmp(v, "default") ? SRCH_WEIGHTS_DEFAULT : v;
    } else if (!common_option(catalog, a, v)) {
      return 1;
    }
  }
  if (!out_path || !input_count) {
    fprintf(stderr, "herald-tune: fit needs data files and --out WEIGHTS\n");
    return 1;
  }
  BrGame *game = catalog_open(catalog, argv[2], true, err, sizeof err);
  if (!game) {
    fprintf(stderr, "herald-tune: %s\n", err);
    return 1;
  }
  /* The searcher's tables are the evaluation the engine plays with: the same derivation. */
  Search *search = srch_new(br_game_rules(game), 1, 1);
  if (!search || !srch_set_eval_weights(search, from, err, sizeof err)) {
    fprintf(stderr, "herald-tune: %s\n", search ? err : "out of memory");
    srch_free(search);
    br_free(game);
    return 1;
  }
  const EvalTables *tables = srch_eval_tables(search);
  EvTuneSet *set = ev_tune_new(tables);
  int status = 0;
  for (int i = 0; i < input_count && status == 0; i++)
    if (!set || !read_data(inputs[i], tune_line, set)) status = 1;
  EvalWeights weights = tables->weights;
  EvTuneReport report;
  config.on_progress = on_fit_progress;
  if (status == 0 && !ev_tune_fit(set, &config, &weights, &report)) {
    fprintf(stderr, "herald-tune: no positions in the data\n");
    status = 1;
  }
  if (status == 0) {
    char comment[1024];
    time_t now = time(NULL);
    char when[32];
    strftime(when, sizeof when, "%Y-%m-%d", gmtime(&now));
    snprintf(comment, sizeof comment,
             "herald evaluation weights, made by herald-tune %s on %s\n"
             "from %zu positions (%zu held out, %zu decided left out), %d epochs, l2 %g; sigmoid scale k = %.6f\n"
             "labels: results%s (%zu positions scored, score weight %g)\n"
             "mean squared error %.6f -> %.6f, held out %.6f -> %.6f",
             HERALD_VERSION, when, report.train_positions + report.validation_positions + report.decided_positions,
             report.validation_positions, report.decided_positions, config.epochs ? config.epochs : 2000,
             config.l2 > 0   ? config.l2
             : config.l2 < 0 ? 0
                             : 1e-8,
             report.k, report.scored_positions ? " and search scores" : " only", report.scored_positions,
             config.score_weight, report.train_before, report.train_after, report.validation_before,
             report.validation_after);
    if (!ev_weights_write(tables, &weights, comment, out_path, err, sizeof err)) {
      fprintf(stderr, "herald-tune: %s\n", err);
      status = 1;
    } else {
      printf("%s\nwritten to %s\n", comment, out_path);
    }
  }
  ev_tune_free(set);
  srch_free(search);
  br_free(game);
  return status;
}

/* ---- pack ------------------------------------------------------------------------------- */

typedef struct PackIn {
  NnData *data;
  const Rules *rules;
  Position pos;
} PackIn;

static bool pack_line(void *context, const char *line, char *err, int errlen) {
  PackIn *in = context;
  double white;
  float score;
  bool is_data;
  if (!ev_tune_parse_line(in->rules, line, &in->pos, &white, &score, &is_data, err, errlen)) return false;
  if (is_data && !nn_data_add(in->data, &in->pos, white, score)) {
    snprintf(err, (size_t)errlen, "out of memory");
    return false;
  }
  return true;
}

static int pack_main(int argc, char **argv, Catalog *catalog) {
  const char *out_path = NULL;
  const char *inputs[MAX_INPUTS];
  int input_count = 0;
  char err[4096];
  for (int i = 3; i < argc; i++) {
    const char *a = argv[i];
    int file = data_file(a, inputs, &input_count);
    if (file < 0) return 1;
    if (file) continue;
    if (i + 1 >= argc) {
      fprintf(stderr, "herald-tune: %s needs a value (herald-tune --help)\n", a);
      return 1;
    } else if (!strcmp(a, "--out")) {
      out_path = argv[++i];
    } else if (!common_option(catalog, a, argv[++i])) {
      return 1;
    }
  }
  if (!out_path || !input_count) {
    fprintf(stderr, "herald-tune: pack needs data files and --out FILE\n");
    return 1;
  }
  BrGame *game = catalog_open(catalog, argv[2], true, err, sizeof err);
  if (!game) {
    fprintf(stderr, "herald-tune: %s\n", err);
    return 1;
  }
  Search *classical = NULL;
  PackIn in = {new_data(br_game_rules(game), &classical), br_game_rules(game), {0}};
  int status = in.data ? 0 : 1;
  for (int i = 0; i < input_count && status == 0; i++)
    if (!read_data(inputs[i], pack_line, &in)) status = 1;
  if (status == 0 && !nn_data_count(in.data)) {
    fprintf(stderr, "herald-tune: no positions in the data\n");
    status = 1;
  }
  if (status == 0 && !nn_data_write(in.data, out_path, err, sizeof err)) {
    fprintf(stderr, "herald-tune: %s\n", err);
    status = 1;
  }
  if (status == 0) printf("%zu positions of %s in %s\n", nn_data_count(in.data), in.rules->name, out_path);
  pos_free(&in.pos);
  nn_data_free(in.data);
  srch_free(classical);
  br_free(game);
  return status;
}

int main(int argc, char **argv) {
  if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    usage(stdout);
    return 0;
  }
  if (argc >= 2 && !strcmp(argv[1], "--version")) {
    app_print_version("herald-tune");
    return 0;
  }
  if (argc < 3 || (strcmp(argv[1], "play") && strcmp(argv[1], "fit") && strcmp(argv[1], "pack"))) {
    usage(stderr);
    return 1;
  }
  Catalog catalog;
  catalog_init(&catalog);
  return !strcmp(argv[1], "play")  ? play_main(argc, argv, &catalog)
         : !strcmp(argv[1], "fit") ? fit_main(argc, argv, &catalog)
                                   : pack_main(argc, argv, &catalog);
}
