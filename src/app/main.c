/* herald: the command line.  With no command it is an engine for a GUI (UCI or XBoard, by the
 * first command it reads); otherwise one command of app.h. */
#include <stdio.h>
#include <string.h>

#include "app/app.h"
#include "app/version.h"
#include "protocol/protocol.h"

/* The whole usage, for --help: on stdout, exit 0. */
static int help(void) {
  char names[4096];
  catalog_names(app_catalog(), names, sizeof names);
  printf("usage: herald                              (a GUI: send uci or xboard)\n"
         "       herald check GAME [--games N]       (a preset author's check: errors, pieces,\n"
         "                                            perft 3, N verify games: 10)\n"
         "       herald perft GAME FEN|startpos DEPTH [--turns]\n"
         "       herald divide GAME FEN|startpos DEPTH [--turns]\n"
         "                                           (--turns: a ply is a whole turn of moves)\n"
         "       herald walk GAME GAMES PLIES SEED [FEN]  (FENs along random games)\n"
         "       herald referee GAME GAMEFILE         (Game Courier moves, one turn a line)\n"
         "       herald referee-bench GAME GAMES PLIES SEED\n"
         "       herald referee-perft GAME DEPTH [--parts] [--jobs N]  (perft by the referee alone)\n"
         "       herald search GAME FEN|startpos DEPTH|Nms|nodes=N [threads= multipv= moves=]\n"
         "       herald bench [GAME] [DEPTH]   herald epd GAME FILE MS\n"
         "       herald pgn check|convert|random ...   herald records import|export|stats ...\n"
         "       herald notation ...\n"
         "       herald verify GAME [--games N] [--plies N] [--samples N] [--seed S] [--no-probe]\n"
         "       herald list [GAME|DIR]               (board size, per piece compiled/refereed)\n"
         "       herald --version | --help\n"
         "Any command takes --presets DIR (searched first for NAME.preset) and --load-time SECONDS\n"
         "(how long a preset may take to load: 10 unless given).\n"
         "GAME: a preset's name or a path to a .preset file; the games are: %s\n",
         names);
  return 0;
}

int main(int argc, char **argv) {
  argc = app_take_preset_options(argc, argv);
  if (argc < 0) return 2;
  if (argc < 2) { /* a GUI, by its first command; --presets and --load-time hold there too */
    ProtoOptions gui = {.engine_name = "Herald " HERALD_VERSION, .catalog = app_catalog()};
    return proto_main_options(stdin, stdout, &gui);
  }
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) return help();
  if (!strcmp(argv[1], "--version")) {
    app_print_version("herald");
    return 0;
  }
  static const struct {
    const char *name;
    int (*run)(int, char **);
  } commands[] = {
      {"perft", app_perft_main},
      {"divide", app_perft_main},
      {"walk", app_walk_main},
      {"referee", app_referee_main},
      {"referee-bench", app_referee_bench_main},
      {"referee-perft", app_referee_perft_main},
      {"verify", app_verify_main},
      {"list", app_list_main},
      {"bench", app_bench_main},
      {"search", app_search_main},
      {"epd", app_epd_main},
      {"pgn", app_pgn_main},
      {"notation", app_notation_main},
      {"records", app_records_main},
      {"check", app_check_main},
  };
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    if (!strcmp(argv[1], commands[i].name)) return commands[i].run(argc, argv);
  /* A wrong command: a short word on stderr, not the whole list. */
  fprintf(stderr,
          "herald: unknown %s '%s'\n"
          "usage: herald [COMMAND ARGS...]   (herald --help lists the commands)\n",
          argv[1][0] == '-' ? "option" : "command", argv[1]);
  return 2;
}
