/* What both protocol front ends share: the rules and game being played, the searcher and the
 * thread that waits for it, and line output that several threads may write.  The input thread
 * owns the position while no search runs; while one runs, only the waiter thread may touch it
 * (to play the move found), and the input thread first stops and joins the search. */
#ifndef HERALD_PROTOCOL_SESSION_H
#define HERALD_PROTOCOL_SESSION_H

#include <pthread.h>
#include <stdbool.h>
#include <stdatomic.h>
#include <stdio.h>

#include "bridge/catalog.h"
#include "rules/position.h"
#include "search/search.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct Session Session;
/* Runs on the waiter thread when a search ends; the session is locked meanwhile. */
typedef void (*SearchDoneFn)(Session *s, const SearchResult *result);

struct BrGame;
/* Lends a game already loaded: the game called name as catalog_open finds it on the default
 * search path (probe played), or NULL to let the session load it itself.  A lent game outlives
 * the session, which never frees it nor changes it (caches aside: the oracle's, the referee's
 * interpreter between moves), so that one load serves many sessions, one after another. */
typedef struct BrGame *(*SessionLendFn)(void *ctx, const char *name);

struct Session {
  FILE *out;
  pthread_mutex_t out_lock;
  Rules *rules;        /* the rules compiled from `game` */
  struct BrGame *game; /* the preset in play */
  bool game_lent;      /* lent by s->lend, not the session's to free */
  SessionLendFn lend;  /* where games come from before the catalog, or NULL */
  void *lend_ctx;
  char variant[64];    /* the name it was asked for by */
  bool failure_told;   /* the preset error the referee met deciding moves was said */
  long stopped_before; /* the oracle's stopped questions when the running search began */
  bool user_stopped;   /* the running search was stopped by the user (stop, quit, a new position) */
  Catalog catalog;     /* where games are found: the built-in ones, PresetPath first */
  Position pos;
  Search *search;
  int hash_mb, threads;
  char eval_weights[512]; /* srch_set_eval_weights's source for every game loaded */
  char eval_net[512];     /* srch_set_eval_net's */
  /* why the file of each did not load for the game in play though made for it (other rules,
   * broken): said with the preset's warnings */
  char weights_warning[1024], net_warning[1024];
  int64_t move_overhead_ms;
  int multipv;
  _Atomic bool ponder; /* toggled by the input thread, read by the waiter */
  /* the running search */
  pthread_t waiter;
  bool waiter_running;
  pthread_mutex_t search_lock; /* orders a follow-up start against a stop */
  bool stopping;               /* session_stop is under way: start nothing new */
  bool follow_up;              /* done() started another search (pondering) */
  SearchDoneFn done;
  SearchInfoFn info;       /* the front end's thinking output */
  _Atomic bool post;       /* send thinking output (read by the search thread) */
  uint64_t node_cap;       /* most nodes a search may take, 0 = no cap (fuzzing) */
  const char *engine_name; /* what GUIs are told the engine is called: "Herald 0.9" */
  /* the main line the running (or last) search reported last, and its root's key: the next
   * parts of a turn of several parts come from it (written by the search thread, read by the
   * waiter once the search has ended) */
  Move pv[SRCH_MAX_PV];
  int pv_length;
  uint64_t pv_key;
  void *front;                /* the protocol's own state */
  PassSpelling pass_spelling; /* how the front end writes a pass (pos_move_name_spelled) */
};

/* The hash sizes the front ends offer (UCI's Hash option, XBoard's memory), in MB. */
enum { SESSION_HASH_MIN_MB = 1, SESSION_HASH_MAX_MB = 65536 };

/* The evaluation's weights (EvalWeights option): SRCH_WEIGHTS_DEFAULT, SRCH_WEIGHTS_NONE or a
 * weights file's path, for the game in play and the games loaded after it; a game the file was
 * not made for plays with its default weights.  A file made for another game than the one in
 * play is kept for its game, as GUIs set an engine's options before they name the variant: the
 * game in play goes back to its default and note (when not NULL) says so, else note is "".
 * False with err when the file cannot be used at all: the weights in force stay. */
bool session_set_eval_weights(Session *s, const char *source, char *note, int notelen, char *err, int errlen);
/* The net that evaluates (EvalFile option): SRCH_WEIGHTS_DEFAULT (the game's shipped net, if
 * any), SRCH_WEIGHTS_NONE (the classical evaluation) or a net file's path, as above. */
bool session_set_eval_net(Session *s, const char *source, char *note, int notelen, char *err, int errlen);
/* The options EvalFile (net) and EvalWeights as both front ends take them: value NULL or "" is
 * SRCH_WEIGHTS_DEFAULT.  Says "Error (bad EvalFile, why): original" on a refusal, the note after
 * note_prefix ("info string ", "# ") when there is one. */
void session_eval_option(Session *s, bool net, const char *value, const char *note_prefix, const char *original);

/* hash_mb: the starting hash size, 0 for the default.  Starts with "chess", loaded. */
bool session_init(Session *s, FILE *out, int hash_mb, char *err, int errlen);
/* The same, asking lend (when not NULL) for every game before loading it, as long as no
 * PresetPath is set (a user's folder comes before the default search path). */
bool session_init_with(Session *s, FILE *out, int hash_mb, SessionLendFn lend, void *lend_ctx, char *err, int errlen);
/* How long a preset may take to load, in seconds: the command line's --load-time, the
 * LoadTime option's, or the default. */
int session_load_limit_s(const Session *s);
/* session_init_with, the catalog starting as a copy of base (folders and load limit of the command
 * line) when base is not NULL. */
bool session_init_from(Session *s, FILE *out, int hash_mb, const Catalog *base, SessionLendFn lend, void *lend_ctx,
                       char *err, int errlen);
void session_free(Session *s);

/* Writes one line (a newline is added) under the output lock, and flushes.  Control characters
 * in it (a preset's message with a newline) are written as spaces: it stays one line. */
void session_say(Session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Resizes the hash table to mb (in [SESSION_HASH_MIN_MB, SESSION_HASH_MAX_MB]), or, when this
 * machine cannot give that much, to the largest half of it that it can: every size offered is
 * accepted.  Returns the size now in use, 0 if none could be had (the table before stays). */
int session_set_hash(Session *s, int mb);

/* Switches to the named game (any name or path the catalog takes) at its start position,
 * compiled by the bridge.  False with a message if there is none, or on a preset error. */
bool session_set_variant(Session *s, const char *name, char *err, int errlen);
/* Says each warning of the loaded preset (what reading it found suspect, with file:line), and
 * why an evaluation file chosen for it did not load, on a line of its own after prefix ("info string warning: ", "tellusererror Warning: "). */
void session_tell_warnings(Session *s, const char *prefix);
/* A preset error the referee met while deciding the moves of a piece that did not compile
 * ("preset error at FILE:LINE: ..."), once per variant: true with it in out the first time.  The
 * moves it would have decided are none, so a search finds fewer moves or none: the front end
 * says why instead of a silent "no move".  The same, each time, when the search that gave
 * result found no move because the referee could not answer in the search's time (a preset
 * too slow for the clock, not a mate or a stalemate); a search the user stopped blames nothing. */
bool session_preset_failure(Session *s, const SearchResult *result, char *out, int outlen);
/* Space-separated names of the games on offer (the catalog's, sorted). */
void session_variants(const Session *s, char *out, int outlen);
/* The user's preset folder (UCI PresetPath), searched before the built-in games; "" for none.
 * False with a message when it is not a folder (the one before stays). */
bool session_set_preset_path(Session *s, const char *dir, char *err, int errlen);

/* Sets the position from a FEN ("startpos" allowed); the game history starts there. */
bool session_set_fen(Session *s, const char *fen, char *err, int errlen);
/* What became of a move the user sent. */
typedef enum {
  SESSION_PLAYED = 0,  /* legal: played */
  SESSION_ILLEGAL,     /* not played; the reason (the preset's `die` text when it has one) */
  SESSION_PRESET_ERROR /* not legal in the rules model, and the preset failed on it: the
                           reason says where ("preset error at FILE:LINE: ...") */
} SessionPlay;
/* Plays a move given in coordinate notation; when it is not played, *reason says why. */
SessionPlay session_play(Session *s, const char *text, char *reason, int reasonlen);

/* Turns of several parts (Rules.turn_parts > 1, a side moves again while p->side stays the
 * same after pos_make): both protocols write a turn as its parts joined by commas, "e2e4,d2d4";
 * a text that ends in a comma ("e2e4,") is a part with more of its turn to follow. */

/* Prepares the text of one part before it is read, on the position it is played in (XBoard's
 * declined promotions); the text may be changed in place (it has room for 63 characters). */
typedef void (*SessionPartFn)(Session *s, char *part);
/* Plays one turn given as parts joined by commas, each read and refereed as session_play does,
 * in order; prepare (or NULL) sees each part first.  All or nothing: when a part is not played,
 * when the turn ends before its last part, or when the parts end before the turn does (the side
 * that moved must move again) the position is left as it was and *reason says why.  A text
 * ending in a comma may leave the turn open, and so may a lone part when lone_part_ok (the
 * sender gives the parts one at a time). */
SessionPlay session_play_turn(Session *s, const char *text, bool lone_part_ok, SessionPartFn prepare, char *reason,
                              int reasonlen);
/* Takes back the last move and every earlier part of the turn it belongs to (all the parts of
 * a turn still open).  False when no move was played. */
bool session_take_back_turn(Session *s);

/* The rest of the last main line the search reported, from p on: the moves after those that
 * led from the line's root to p (p holds them in its history), at most cap of them.  0 when p
 * was not reached along the line. */
int session_pv_from(const Session *s, const Position *p, Move *out, int cap);
/* How many of moves (played from p, count of them) belong to the turn of the side to move in p. */
int session_turn_length(const Position *p, const Move *moves, int count);

/* Root safety for presets: the move about to be played is put to the preset's referee first
 * (br_referee_move); when it refuses, the first legal move it accepts replaces it and *note
 * says why.  When the preset fails on it (a preset error), the move stands, *preset_error is
 * set and *note says where ("preset error at FILE:LINE: ...").  A game that did not start from
 * the preset's start position leaves the move as it is.  Returns the move to play. */
Move session_safe_move(Session *s, Move m, char *note, int notelen, bool *preset_error);

/* Starts searching the current position; done is called on the waiter thread at the end. */
bool session_start(Session *s, const SearchLimits *limits, SearchDoneFn done);
/* From a done callback: starts another search on the current position (pondering after the
 * engine's move), which the same waiter thread then waits for.  False if a stop is under way. */
bool session_follow_up(Session *s, const SearchLimits *limits);
/* From a done callback, for a part of the engine's turn that must be played now (the search for
 * it was stopped): the best move of a one-ply search of the current position, MOVE_NONE if it
 * has none.  Blocks for that short search. */
Move session_quick_move(Session *s);
/* Milliseconds of a monotonic clock (a turn's time is shared by its parts). */
int64_t session_now_ms(void);
/* Stops a running search and waits until its done callback has run. */
void session_stop(Session *s);
bool session_searching(const Session *s);

/* The PV as coordinate moves played out from root, turns separated by spaces and the parts of
 * one turn joined by commas ("e2e4,d2d4 e7e5,d7d5"), passes written as pass says. */
void session_pv_text(const Position *root, const Move *pv, int count, PassSpelling pass, char *out, int outlen);

#ifdef __cplusplus
}
#endif
#endif
