/* herald: command-line entry.  perft and divide for now; the protocols come with search. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bridge/bridge.h"
#include "gamecode/gamecode.h"
#include "notation/cli.h"
#include "notation/notation.h"
#include "protocol/protocol.h"
#include "rules/fixtures.h"
#include "rules/position.h"
#include "search/search.h"

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int usage(void) {
  fprintf(stderr,
          "usage: herald                              (a GUI: send uci or xboard)\n"
          "       herald perft RULES FEN|startpos DEPTH\n"
          "       herald divide RULES FEN|startpos DEPTH\n"
          "       herald walk RULES GAMES PLIES SEED   (FENs along random games)\n"
          "       herald referee PRESET GAMEFILE       (Game Courier moves, one turn a line)\n"
          "       herald referee-bench PRESET RULES GAMES PLIES SEED\n"
          "       herald search RULES FEN|startpos DEPTH|Nms|nodes=N [threads= multipv= moves=]\n"
          "       herald bench [RULES] [DEPTH]   herald epd RULES FILE MS\n"
          "       herald pgn check|convert|random ...   herald records import|export|stats ...\n"
          "       herald notation ...\n"
          "       herald verify PRESET [--games N] [--plies N] [--samples N] [--seed S] [--no-probe]\n"
          "       herald list [DIR|PRESET]             (board size, per piece compiled/oracle)\n"
          "RULES: %s, or a preset (NAME in presets/, or a path to a .preset file)\n",
          fixture_names());
  return 2;
}

static int run_perft(int argc, char **argv, bool divide) {
  if (argc != 5) return usage();
  static Rules rules;
  char err[RULES_ERR_LEN];
  if (!br_rules_by_name(&rules, argv[2], "presets", err, sizeof err)) {
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

/* Random games from the start position, one FEN per line: positions for differential
 * perft against other engines (tools/perft_compare.sh). */
static int run_walk(int argc, char **argv) {
  if (argc != 6) return usage();
  static Rules rules;
  char err[RULES_ERR_LEN];
  if (!br_rules_by_name(&rules, argv[2], "presets", err, sizeof err)) {
    fprintf(stderr, "herald: %s\n", err);
    return 1;
  }
  int games = atoi(argv[3]), plies = atoi(argv[4]);
  uint64_t seed = strtoull(argv[5], NULL, 10) * 2654435761ULL + 1;
  static MoveList list;
  for (int g = 0; g < games; g++) {
    Position pos = {0};
    pos_set_fen(&pos, &rules, "startpos", err, sizeof err);
    for (int ply = 0; ply < plies; ply++) {
      pos_legal_moves(&pos, &list);
      if (!list.count) break;
      seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
      pos_make(&pos, list.moves[seed % list.count]);
      char fen[600];
      pos_get_fen(&pos, fen, sizeof fen);
      printf("%s\n", fen);
    }
    pos_free(&pos);
  }
  rules_free(&rules);
  return 0;
}

/* Referees a game under a preset, as Game Courier would: exit 0 when every move is legal,
 * 1 at the first illegal move (with the preset's message), 2 on a preset error (file:line). */
static int run_referee(int argc, char **argv) {
  if (argc != 4) return usage();
  FILE *f = fopen(argv[3], "rb");
  if (!f) {
    fprintf(stderr, "herald: cannot read %s\n", argv[3]);
    return 2;
  }
  static char text[1 << 20];
  size_t n = fread(text, 1, sizeof text - 1, f);
  text[n] = 0;
  fclose(f);
  gc_interp *gc = gc_new();
  gc_error err = {0};
  int status = 2;
  if (gc_load_preset_file(gc, argv[2], "presets/include", &err) != 0) {
    fprintf(stderr, "%s:%d: %s\n", err.file, err.line, err.message);
  } else {
    gc_verdict v = {0};
    status = gc_referee_game(gc, text, &v);
    if (status == 0) printf("all moves legal (%d plies)%s%s\n", v.ply, v.say[0] ? ": " : "", v.say);
    else if (status == 1) printf("Illegal move at ply %d: %s\n", v.ply, v.message);
    else fprintf(stderr, "%s:%d: %s (ply %d)\n", v.file, v.line, v.message, v.ply);
  }
  gc_free(gc);
  return status;
}

/* Referee throughput: random legal games of the built-in RULES, each move written in Game
 * Courier notation and refereed by the preset; prints moves validated per second (the time
 * inside gc_play only) and every move the preset refused, which is a disagreement between
 * the preset and Herald's rules. */
static int run_referee_bench(int argc, char **argv) {
  if (argc != 7) return usage();
  static Rules rules;
  char err[RULES_ERR_LEN];
  if (!fixture_rules(&rules, argv[3], err, sizeof err)) {
    fprintf(stderr, "herald: %s\n", err);
    return 2;
  }
  int games = atoi(argv[4]), plies = atoi(argv[5]);
  uint64_t seed = strtoull(argv[6], NULL, 10) * 2654435761ULL + 1;
  static MoveList list;
  long validated = 0, refused = 0;
  double inside = 0;
  int status = 0;
  for (int g = 0; g < games && status == 0; g++) {
    gc_interp *gc = gc_new();
    gc_error gerr = {0};
    if (gc_load_preset_file(gc, argv[2], "presets/include", &gerr) != 0 || gc_start(gc, &gerr) != 0) {
      fprintf(stderr, "%s:%d: %s\n", gerr.file, gerr.line, gerr.message);
      gc_free(gc);
      status = 2;
      break;
    }
    Position pos = {0};
    pos_set_fen(&pos, &rules, "startpos", err, sizeof err);
    for (int ply = 0; ply < plies; ply++) {
      pos_legal_moves(&pos, &list);
      if (!list.count) break;
      seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
      Move m = list.moves[seed % list.count];
      char text[NT_TEXT_LEN];
      nt_write(&pos, NT_GC, m, text, sizeof text);
      gc_verdict v = {0};
      double start = now_seconds();
      gc_status verdict = gc_play(gc, text, &v);
      inside += now_seconds() - start;
      validated++;
      if (verdict == GC_PRESET_ERROR) {
        fprintf(stderr, "%s:%d: %s (game %d, ply %d)\n", v.file, v.line, v.message, g + 1, ply + 1);
        status = 2;
        break;
      }
      if (verdict == GC_ILLEGAL) {
        char fen[600];
        pos_get_fen(&pos, fen, sizeof fen);
        printf("refused %s in %s: %s\n", text, fen, v.message);
        refused++;
        break;
      }
      pos_make(&pos, m);
      if (v.result != GC_RESULT_NONE) break; /* the preset ended the game */
    }
    pos_free(&pos);
    gc_free(gc);
  }
  printf("referee: %ld moves validated in %.3f s: %.0f moves/s; %ld refused\n", validated, inside,
         inside > 0 ? validated / inside : 0.0, refused);
  rules_free(&rules);
  return status ? status : refused ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc < 2) return proto_main(stdin, stdout); /* a GUI: UCI or XBoard, by the first command */
  if (!strcmp(argv[1], "perft")) return run_perft(argc, argv, false);
  if (!strcmp(argv[1], "divide")) return run_perft(argc, argv, true);
  if (!strcmp(argv[1], "walk")) return run_walk(argc, argv);
  if (!strcmp(argv[1], "referee")) return run_referee(argc, argv);
  if (!strcmp(argv[1], "referee-bench")) return run_referee_bench(argc, argv);
  if (!strcmp(argv[1], "verify")) return br_verify_main(argc, argv);
  if (!strcmp(argv[1], "list")) return br_list_main(argc, argv);
  if (!strcmp(argv[1], "bench")) return srch_bench_main(argc, argv);
  if (!strcmp(argv[1], "search")) return srch_search_main(argc, argv);
  if (!strcmp(argv[1], "epd")) return srch_epd_main(argc, argv);
  if (!strcmp(argv[1], "pgn")) return nt_pgn_main(argc, argv);
  if (!strcmp(argv[1], "notation")) return nt_notation_main(argc, argv);
  if (!strcmp(argv[1], "records")) return nt_records_main(argc, argv);
  return usage();
}
