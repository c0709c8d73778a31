/* `herald referee GAME GAMEFILE` (a game file refereed as Game Courier would),
 * `herald referee-bench GAME [RULES] GAMES PLIES SEED` (the referee's moves per second) and
 * `herald referee-perft GAME DEPTH [--parts]` (perft by the preset's referee alone). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "gamecode/gamecode.h"
#include "notation/notation.h"
#include "platform/jobs.h"
#include "rules/position.h"

/* A started interpreter of the game's preset, or NULL after printing the preset error. */
static GcInterp *started(const BrSource *src) {
  GcError err = {0};
  GcInterp *gc = br_source_interp(src, &err);
  if (gc && gc_start(gc, &err) == GC_OK) return gc;
  fprintf(stderr, "%s:%d: %s\n", err.file, err.line, err.message);
  gc_free(gc);
  return NULL;
}

static bool find(const char *name, BrSource *src) {
  char err[4096];
  if (catalog_find(app_catalog(), name, src, err, sizeof err)) return true;
  fprintf(stderr, "herald: %s\n", err);
  return false;
}

/* Exit 0 when every move is legal, 1 at the first illegal move (with the preset's message),
 * 2 on a preset error (file:line). */
int app_referee_main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: herald referee GAME GAMEFILE\n");
    return 2;
  }
  char *text = gc_read_text_file(argv[3]);
  if (!text) {
    fprintf(stderr, "herald: cannot read %s\n", argv[3]);
    return 2;
  }
  BrSource src;
  if (!find(argv[2], &src)) {
    free(text);
    return 2;
  }
  GcError err = {0};
  GcInterp *gc = br_source_interp(&src, &err);
  int status = 2;
  if (!gc) {
    fprintf(stderr, "%s:%d: %s\n", err.file, err.line, err.message);
  } else {
    GcVerdict v = {0};
    status = gc_referee_game(gc, text, &v);
    if (status == 0)
      printf("all moves legal (%d plies)%s%s\n", v.ply, v.say[0] ? ": " : "", v.say);
    else if (status == 1)
      printf("Illegal move at ply %d: %s\n", v.ply, v.message);
    else
      fprintf(stderr, "%s:%d: %s (ply %d)\n", v.file, v.line, v.message, v.ply);
  }
  gc_free(gc);
  br_source_free(&src);
  free(text);
  return status;
}

/* Random legal games of RULES (the game's own compiled rules when not given), each move
 * written in Game Courier notation and refereed by the preset; prints moves validated per
 * second (the time inside gc_play only) and every move the preset refused, which is a
 * disagreement between the preset and the rules. */
int app_referee_bench_main(int argc, char **argv) {
  if (argc != 6 && argc != 7) {
    fprintf(stderr, "usage: herald referee-bench GAME [RULES] GAMES PLIES SEED\n");
    return 2;
  }
  const char *rules_name = argc == 7 ? argv[3] : argv[2];
  long games, plies, seed_arg;
  if (!app_number(argv[argc - 3], 0, 1000000, "games", &games) ||
      !app_number(argv[argc - 2], 0, 100000, "plies", &plies) ||
      !app_number(argv[argc - 1], 0, 2147483647, "seed", &seed_arg))
    return 2;
  BrSource src;
  if (!find(argv[2], &src)) return 2;
  static Rules rules;
  if (!app_rules(rules_name, &rules)) {
    br_source_free(&src);
    return 2;
  }
  uint64_t seed = (uint64_t)seed_arg * 2654435761ULL + 1;
  static MoveList list;
  long validated = 0, refused = 0;
  double inside = 0;
  int status = 0;
  char err[RULES_ERR_LEN];
  for (long g = 0; g < games && status == 0; g++) {
    GcInterp *gc = started(&src);
    if (!gc) {
      status = 2;
      break;
    }
    Position pos = {0};
    pos_set_fen(&pos, &rules, "startpos", err, sizeof err);
    for (long ply = 0; ply < plies; ply++) {
      pos_legal_moves(&pos, &list);
      if (!list.count) break;
      seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
      Move m = list.moves[seed % list.count];
      char text[NT_TEXT_LEN];
      nt_write(&pos, NT_GC, m, text, sizeof text);
      GcVerdict v = {0};
      double start = app_seconds();
      GcStatus verdict = gc_play(gc, text, &v);
      inside += app_seconds() - start;
      validated++;
      if (verdict == GC_PRESET_ERROR) {
        fprintf(stderr, "%s:%d: %s (game %ld, ply %ld)\n", v.file, v.line, v.message, g + 1, ply + 1);
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
  br_source_free(&src);
  return status ? status : refused ? 1 : 0;
}

/* One job's share of a referee perft (plat_jobs_sum). */
typedef struct PerftShare {
  GcInterp *gc;
  int depth;
  bool parts;
} PerftShare;

static uint64_t perft_share(void *context, int job, int jobs) {
  const PerftShare *share = context;
  return gc_referee_perft_share(share->gc, share->depth, share->parts, job, jobs);
}

/* gc_referee_perft split over jobs processes (each a copy of the started interpreter counting
 * one share of the root's tries); UINT64_MAX when a job failed. */
static uint64_t perft_in_jobs(GcInterp *gc, int depth, bool parts, int jobs) {
  if (jobs <= 1) return gc_referee_perft(gc, depth, parts);
  PerftShare share = {gc, depth, parts};
  uint64_t total;
  return plat_jobs_sum(jobs, perft_share, &share, &total) ? total : UINT64_MAX;
}

/* Perft from the start position by the referee alone (gc_referee_perft): every depth from 1
 * to DEPTH, a whole turn a ply, or each part of a turn with --parts; with the time taken.
 * --jobs N counts the root's tries in N processes. */
int app_referee_perft_main(int argc, char **argv) {
  bool parts = false;
  long jobs = 1;
  int plain = 0;
  char *args[2] = {NULL, NULL};
  for (int i = 2; i < argc; i++) {
    if (!strcmp(argv[i], "--parts")) {
      parts = true;
    } else if (!strcmp(argv[i], "--jobs") && i + 1 < argc) {
      if (!app_number(argv[++i], 1, PLAT_JOBS_MAX, "jobs", &jobs)) return 2;
    } else if (plain < 2) {
      args[plain++] = argv[i];
    } else {
      plain = 3;
    }
  }
  if (plain != 2) {
    fprintf(stderr, "usage: herald referee-perft GAME DEPTH [--parts] [--jobs N]\n");
    return 2;
  }
  long depth;
  if (!app_number(args[1], 1, 20, "depth", &depth)) return 2;
  if (jobs > 1 && !plat_jobs_available()) {
    fprintf(stderr, "herald: --jobs above 1 is not available on Windows (its jobs are copies of the "
                    "process, made by fork): count in one process, without --jobs\n");
    return 2;
  }
  BrSource src;
  if (!find(args[0], &src)) return 2;
  GcInterp *gc = started(&src);
  if (!gc) {
    br_source_free(&src);
    return 2;
  }
  int status = 0;
  for (int d = 1; d <= depth && status == 0; d++) {
    double start = app_seconds();
    uint64_t n = perft_in_jobs(gc, d, parts, (int)jobs);
    if (n == UINT64_MAX) {
      fprintf(stderr, "herald: a perft job failed\n");
      status = 2;
      break;
    }
    printf("perft %d %llu (%.2f s, %s)\n", d, (unsigned long long)n, app_seconds() - start, parts ? "parts" : "turns");
    fflush(stdout);
  }
  gc_free(gc);
  br_source_free(&src);
  return status;
}
