/* The engine's conversation with a GUI on a pair of streams: the first command decides the
 * protocol ("uci" for UCI, "xboard" or "protover" for CECP v2). */
#ifndef HERALD_PROTOCOL_PROTOCOL_H
#define HERALD_PROTOCOL_PROTOCOL_H

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Reads commands from in until "quit" or end of input; returns the process exit status. */
int proto_main(FILE *in, FILE *out);

/* The front ends, entered after their first command has been read; pending is a line already
 * read that the front end must handle first (or NULL). */
int uci_loop(FILE *in, FILE *out, const char *pending);
int xb_loop(FILE *in, FILE *out, const char *pending);

/* Splits off the first word of *line (skipping blanks); returns it, advancing *line. */
char *proto_word(char **line);

#ifdef __cplusplus
}
#endif
#endif
