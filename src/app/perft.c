/* `herald perft|divide GAME FEN DEPTH [--turns]` and `herald walk GAME GAMES PLIES SEED [FEN]`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "rules/perft_turns.h"
#include "rules/position.h"

static int usage(void) {
  fprintf(stderr, "usage: herald perft|divide GAME FEN|startpos DEPTH [--turns]\n"
                  "       herald walk GAME GAMES PLIES SEED [FEN]\n");
  return 2;
}

/* With several moves a turn (Rules.turn_parts > 1) a ply of perft is one part of a turn, as
 * other engines count it; --turns makes it a whole turn (rules/perft_turns.h). */
int app_perft_main(int argc, char **argv) {
  bool turns = argc == 6 && !strcmp(argv[5], "--turns");
  if (argc != 5 && !turns) return usage();
  bool divide = !strcmp(argv[1], "divide");
  long depth;
  if (!app_number(argv[4], 1, 20, "depth", &depth)) return 1;
  static Rules rules;
  Position pos;
  if (!app_rules_and_position(argv[2], argv[3], &rules, &pos)) return 1;
  if (rules.turn_parts > 1)
    printf(turns ? "plies are whole turns (of up to %d moves)\n"
                 : "plies are single moves (%d a turn; --turns counts whole turns)\n",
           rules.turn_parts);
  double start = app_seconds();
  uint64_t nodes = 0;
  if (divide) {
    static MoveList list;
    pos_legal_moves(&pos, &list);
    for (int i = 0; i < list.count; i++) {
      char name[32];
      pos_move_name(&pos, list.moves[i], name, sizeof name);
      uint64_t n;
      if (turns) {
        n = pos_perft_turns_after(&pos, list.moves[i], (int)depth);
      } else {
        pos_make(&pos, list.moves[i]);
        n = pos_perft(&pos, (int)depth - 1);
        pos_unmake(&pos);
      }
      printf("%s: %llu\n", name, (unsigned long long)n);
      nodes += n;
    }
  } else {
    nodes = turns ? pos_perft_turns(&pos, (int)depth) : pos_perft(&pos, (int)depth);
  }
  double seconds = app_seconds() - start;
  printf("nodes %llu time %.3f nps %.0f\n", (unsigned long long)nodes, seconds, seconds > 0 ? nodes / seconds : 0.0);
  pos_free(&pos);
  rules_free(&rules);
  return 0;
}

/* Random games from the start position, or from FEN, one FEN per line: positions for
 * differential perft against other engines (tools/perft_compare.sh). */
int app_walk_main(int argc, char **argv) {
  if (argc != 6 && argc != 7) return usage();
  long games, plies, seed_arg;
  if (!app_number(argv[3], 0, 1000000, "games", &games) || !app_number(argv[4], 0, 100000, "plies", &plies) ||
      !app_number(argv[5], 0, 2147483647, "seed", &seed_arg))
    return 1;
  static Rules rules;
  if (!app_rules(argv[2], &rules)) return 1;
  uint64_t seed = (uint64_t)seed_arg * 2654435761ULL + 1;
  static MoveList list;
  char err[RULES_ERR_LEN];
  const char *start = argc == 7 ? argv[6] : "startpos";
  for (long g = 0; g < games; g++) {
    Position pos = {0};
    if (!pos_set_fen(&pos, &rules, start, err, sizeof err)) {
      fprintf(stderr, "herald walk: %s\n", err);
      pos_free(&pos);
      rules_free(&rules);
      return 1;
    }
    for (long ply = 0; ply < plies; ply++) {
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
