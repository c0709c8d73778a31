/* The engine's conversation with a GUI on a pair of streams: the first command decides the
 * protocol ("uci" for UCI, "xboard" or "protover" for CECP v2). */
#ifndef HERALD_PROTOCOL_PROTOCOL_H
#define HERALD_PROTOCOL_PROTOCOL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Reads commands from in until "quit" or end of input; returns the process exit status. */
int proto_main(FILE *in, FILE *out);
/* proto_main telling GUIs the engine's name and version (UCI `id name`, CECP `myname`). */
int proto_main_named(FILE *in, FILE *out, const char *engine_name);

struct BrGame;

typedef struct ProtoOptions {
  const char *pending; /* a line already read that the front end must handle first, or NULL */
  uint64_t node_cap;   /* most nodes any search may take (fuzzing), 0 = no cap */
  int hash_mb;         /* starting hash size, 0 = the default */
  /* lends the session games already loaded (SessionLendFn, session.h), or NULL */
  struct BrGame *(*lend)(void *ctx, const char *name);
  void *lend_ctx;
  const char *engine_name; /* the name and version GUIs are told ("Herald 0.9"), NULL = "Herald" */
  /* The folders and load limit of the command line (`herald --presets DIR --load-time S`), which
   * the session starts from; NULL = the default search path and limit. */
  const struct Catalog *catalog;
} ProtoOptions;

/* proto_main with options (the fuzz target caps the searches and the hash). */
int proto_main_with(FILE *in, FILE *out, uint64_t node_cap, int hash_mb);
/* proto_main with every option (options->pending is ignored: the first line is read here). */
int proto_main_options(FILE *in, FILE *out, const ProtoOptions *options);

/* The front ends, entered after their first command has been read. */
int uci_loop(FILE *in, FILE *out, const ProtoOptions *options);
int xb_loop(FILE *in, FILE *out, const ProtoOptions *options);

/* The longest protocol line a front end takes (its buffer, with the terminating zero): room for
 * the UCI position of any game played out (3,000 plies of xiangqi's moves are some 17 KB, which
 * a match runner sends in one `position startpos moves ...`). */
enum { PROTO_LINE_MAX = 1 << 20 };

/* What proto_read_line found. */
typedef enum {
  PROTO_LINE_END = 0, /* end of input */
  PROTO_LINE_OK,      /* a whole line, its line ending removed */
  PROTO_LINE_TOO_LONG /* a line that does not fit: read to its end and dropped whole */
} ProtoLine;
/* Reads one line of in into line (size bytes, PROTO_LINE_MAX for the front ends).  A longer line
 * is never split into pieces that would each run as a command: it is consumed and dropped. */
ProtoLine proto_read_line(FILE *in, char *line, int size);

/* Reads a whole number in [lo, hi] from text; false if it is not one (or text is NULL). */
bool proto_read_int(const char *text, long lo, long hi, long *value);

/* Splits off the first word of *line (skipping blanks); returns it, advancing *line. */
char *proto_word(char **line);

#ifdef __cplusplus
}
#endif
#endif
