/* Command-line entry points of the notation module (dispatched from main.c). */
#ifndef HERALD_NOTATION_CLI_H
#define HERALD_NOTATION_CLI_H

#ifdef __cplusplus
extern "C" {
#endif

int nt_pgn_main(int argc, char **argv);
int nt_notation_main(int argc, char **argv);
int nt_records_main(int argc, char **argv);

#ifdef __cplusplus
}
#endif
#endif
