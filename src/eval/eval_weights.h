/* Tuned weights of the classical evaluation in a file (nets/GAME.eval.gz), written by
 * herald-tune and loaded by the engine for the game of that name.
 *
 * The file is text, gzip-compressed (a plain text file reads as well):
 *
 *   # any comment: how the weights were made
 *   game chess
 *   psq 100 100
 *   value.N 310 295
 *
 * `game` names the rules the weights were tuned for, and must come before any weight; each
 * further line is a weight's name (ev_weight_name), its middle-game and its end-game figure.
 * A weight the file does not name keeps the value ev_init derived from the movement. */
#ifndef HERALD_EVAL_EVAL_WEIGHTS_H
#define HERALD_EVAL_EVAL_WEIGHTS_H

#include <stdbool.h>
#include <stddef.h>

#include "eval/eval.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { EV_WEIGHT_NAME_LEN = 48, EV_WEIGHT_LIMIT = 100000 /* largest figure a file may give */ };

/* Weights in use for e's rules: EV_TERMS + EV_PER_TYPE * type_count. */
int ev_weight_count(const EvalTables *e);
/* The name of weight i ("psq", "value.N", "hand.+P": the type by its FEN letter), unique
 * within the rules. */
void ev_weight_name(const EvalTables *e, int i, char *out, int outlen);
/* The index of the weight named `name`, or -1. */
int ev_weight_index(const EvalTables *e, const char *name);

/* Parses a weights file's text (len bytes, not necessarily 0-terminated) for e's rules into
 * *out, starting from e->defaults.  False with "file:line: reason" in err. */
bool ev_weights_parse(const EvalTables *e, const char *text, size_t len, const char *file, EvalWeights *out, char *err,
                      int errlen);
/* Reads the file at path (gzip or plain text) as ev_weights_parse does. */
bool ev_weights_read(const EvalTables *e, const char *path, EvalWeights *out, char *err, int errlen);
/* The name of the game a weights file's text (len bytes) was made for: its 'game NAME' line, the
 * first line that is not blank or a comment, in game; false when there is none.  A text that
 * ev_weights_parse takes always names its game so. */
bool ev_weights_text_game(const char *text, size_t len, char *game, int gamelen);
/* The same for the file at path (gzip or plain): false with "path: reason" in err. */
bool ev_weights_file_game(const char *path, char *game, int gamelen, char *err, int errlen);
/* The weights shipped in the binary for e's rules (nets/NAME.eval.gz), when there are some:
 * *found says whether there are; false with err when they do not parse. */
bool ev_weights_builtin(const EvalTables *e, EvalWeights *out, bool *found, char *err, int errlen);
/* The text of a weights file for w (every weight in use), with `comment` (may hold several
 * lines, or be NULL) as its head; malloc'd, NULL when out of memory. */
char *ev_weights_format(const EvalTables *e, const EvalWeights *w, const char *comment);
/* Writes that text gzip-compressed to path. */
bool ev_weights_write(const EvalTables *e, const EvalWeights *w, const char *comment, const char *path, char *err,
                      int errlen);

#ifdef __cplusplus
}
#endif
#endif
