/* UCI's reading of the arguments of "position" and "go" (uci.c), apart from the front end's
 * threads and output so that the fuzz target (tests/fuzz/ucigo_fuzz.c) and the tests call them
 * as the front end does.  The front end says what they report, with the command it came in. */
#ifndef HERALD_PROTOCOL_UCI_H
#define HERALD_PROTOCOL_UCI_H

#include <stdbool.h>

#include "protocol/session.h"
#include "search/timeman.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Told each problem uci_read_go reads past: "unknown go parameter foo", "go depth needs a
 * number". */
typedef void (*UciProblemFn)(void *ctx, const char *problem);

/* Reads the arguments of go (args, split into words in place) into *limits, for the position
 * pos (searchmoves takes the moves legal in it that follow).  A word it does not know, or a
 * number it cannot read, is told to problem (when not NULL) and the rest is still read.
 * Numbers are clamped to what the engine can mean (a clock that ran out is 0: move at once;
 * depth at most SRCH_MAX_PLY), never wrapped round.  Returns how many problems it told. */
int uci_read_go(Position *pos, char *args, SearchLimits *limits, UciProblemFn problem, void *ctx);

/* Sets the session's position from the arguments of position ("startpos moves e2e4 e7e5",
 * "fen FEN moves ..."; args is changed in place).  False when the position or a move is
 * refused: err says why ("expected startpos or fen", "illegal move e2e5, not a legal move
 * here") and the moves before that one stay played; when the preset failed on the move,
 * preset_error says where ("preset error at FILE:LINE: ..."), otherwise it is "". */
bool uci_set_position(Session *s, char *args, char *err, int errlen, char *preset_error, int preset_errlen);

#ifdef __cplusplus
}
#endif
#endif
