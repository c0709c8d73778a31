/* An engine in a child process, spoken to in UCI or CECP (XBoard protocol 2) through pipes.
 * One Engine belongs to one thread at a time; nothing here prints. */
#ifndef HERALD_MATCH_ENGINE_H
#define HERALD_MATCH_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "platform/process.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { MT_UCI, MT_CECP } MtProtocol;

enum { MT_MAX_OPTIONS = 16, MT_TEXT = 256 };

/* How to start an engine: "cmd=PATH [ARGS]" (split on spaces; on Windows the command line as
 * written: platform/process.h), proto, options (UCI setoption / CECP option=, as NAME=VALUE). */
typedef struct MtEngineSpec {
  char name[64];
  char command[512];
  MtProtocol protocol;
  int option_count;
  char options[MT_MAX_OPTIONS][MT_TEXT];
} MtEngineSpec;

/* The time control of a game: base+inc per period of `moves` moves (0: whole game), or a fixed
 * depth, node count or time per move. */
typedef struct MtTimeControl {
  int64_t base_ms, inc_ms;
  int moves;
  int depth;
  uint64_t nodes;
  int64_t movetime_ms;
  int64_t margin_ms; /* lateness forgiven before a time forfeit */
} MtTimeControl;

typedef struct MtEngine {
  MtEngineSpec spec;
  PlatProcess *process; /* NULL before the start and after the stop */
  char buffer[65536];
  int buffered;
  bool usermove, setboard, dead;
  bool ping;       /* CECP feature ping=1: set-ups are confirmed by ping N / pong N */
  int nps_feature; /* CECP feature nps: 1 announced, 0 refused, -1 not mentioned */
  int pings_sent;
  int answer_timeout_ms;   /* for readyok and pong; the start time-out */
  bool zero_based_ranks;   /* CECP on a ten-rank board: XBoard counts ranks from 0 */
  int moves_sent;          /* CECP: turns of the game already told to the engine */
  bool chess960;           /* UCI: UCI_Chess960 was turned on for the game under way */
  char last_line[MT_TEXT]; /* for error messages */
} MtEngine;

typedef enum { MT_GO_OK, MT_GO_CRASH, MT_GO_TIMEOUT, MT_GO_RESIGN, MT_GO_ERROR } MtGoStatus;

typedef struct MtGoReply {
  MtGoStatus status;
  char move[MT_TEXT]; /* a whole turn: its parts joined by commas ("e2e4,d2d4") */
  bool has_score;
  int score_cp; /* from the engine's view; mates as +/-(100000 - plies) */
  int mate;     /* when has_score: moves to mate, > 0 the engine mates, < 0 it is mated; 0 none */
  int depth;    /* of the last report that gave a score; 0 when none said */
  int64_t elapsed_ms;
} MtGoReply;

/* The bounds of what a reply holds, whatever an engine says: a mate is at most MT_MATE_MAX moves
 * away, a score at most MT_SCORE_MAX (CECP's 100000 + moves included), a depth at most
 * MT_DEPTH_MAX. */
enum { MT_MATE_MAX = 10000, MT_SCORE_MAX = 100000 + MT_MATE_MAX, MT_DEPTH_MAX = 100000 };

/* What a line of an engine's output while it thinks was (mt_engine_reply_line). */
typedef enum {
  MT_LINE_OTHER,  /* nothing the referee acts on */
  MT_LINE_SCORE,  /* a report with a score: score, mate and depth are in the reply */
  MT_LINE_PART,   /* CECP: a part of a longer turn (it ends in a comma), added to the reply's move */
  MT_LINE_MOVE,   /* the move, whole, in the reply */
  MT_LINE_RESIGN, /* CECP "resign" */
  MT_LINE_ERROR   /* CECP "Error" or "Illegal move" */
} MtLine;

/* Parses "name=N,cmd=PATH ARGS,proto=uci|cecp,option.X=V" (commas separate fields). */
bool mt_engine_spec_parse(MtEngineSpec *spec, const char *text, char *err, int errlen);

/* Starts the process and does the handshake (uci/uciok, xboard/protover 2/feature done=1). */
bool mt_engine_start(MtEngine *e, const MtEngineSpec *spec, int timeout_ms, char *err, int errlen);
/* Sets up a new game of variant (Herald's name; "chess" is the standard game) from fen
 * (NULL: the start position), then waits until the engine has read it all (UCI isready, CECP
 * ping when announced), so that nothing it said before counts as an answer to a later "go".
 * A CECP node limit is sent as "nps N" + "st 1" (XBoard's node-rate clock); an engine that
 * announced nps=0, or answers an Error to the set-up, is refused with a message. */
bool mt_engine_new_game(MtEngine *e, const char *variant, const char *fen, const MtTimeControl *tc, char *err,
                        int errlen);
/* Asks for a move.  moves are the game's turns so far in coordinate notation (from the FEN), a
 * turn of several parts as its parts joined by commas (UCI takes such a token in position, CECP
 * in usermove; a CECP engine's parts come on lines of their own, all but the last ending in a
 * comma, and are joined into reply.move),
 * clocks the remaining time of White and Black (ms), moves_to_go for a period control, side the
 * engine's colour.  limit_ms bounds the wait. */
MtGoReply mt_engine_go(MtEngine *e, const char *fen, const char *const *moves, int move_count, const MtTimeControl *tc,
                       const int64_t clocks[2], int moves_to_go, int side, int64_t limit_ms);
/* Says quit, waits a little, then kills; safe to call twice. */
void mt_engine_stop(MtEngine *e);

/* Reads one line (without the newline) within timeout_ms: 1 read, 0 timed out, -1 end of
 * output (the engine died). */
int mt_engine_read_line(MtEngine *e, char *line, int cap, int timeout_ms);
bool mt_engine_send(MtEngine *e, const char *line);
/* Reads one line of e's output after "go" (UCI info/bestmove, CECP thinking output, move,
 * resign, Error) into reply, within the bounds above; a CECP move's ranks are shifted back when
 * e counts them from 0.  Says what the line was. */
MtLine mt_engine_reply_line(const MtEngine *e, const char *line, MtGoReply *reply);
/* Reads a CECP "feature" line into e's features (usermove, setboard, ping, nps); true when it
 * says done=1. */
bool mt_engine_feature_line(MtEngine *e, const char *line);

/* Milliseconds of a monotonic clock. */
int64_t mt_now_ms(void);

#ifdef __cplusplus
}
#endif
#endif
