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

struct Session {
  FILE *out;
  pthread_mutex_t out_lock;
  Rules *rules;        /* the rules compiled from `game` */
  struct BrGame *game; /* the preset in play */
  char variant[64];    /* the name it was asked for by */
  Catalog catalog;     /* where games are found: the built-in ones, PresetPath first */
  Position pos;
  Search *search;
  int hash_mb, threads;
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
  SearchInfoFn info; /* the front end's thinking output */
  _Atomic bool post; /* send thinking output (read by the search thread) */
  uint64_t node_cap; /* most nodes a search may take, 0 = no cap (fuzzing) */
  void *front;       /* the protocol's own state */
};

/* The hash sizes the front ends offer (UCI's Hash option, XBoard's memory), in MB. */
enum { SESSION_HASH_MIN_MB = 1, SESSION_HASH_MAX_MB = 65536 };

/* hash_mb: the starting hash size, 0 for the default. */
bool session_init(Session *s, FILE *out, int hash_mb, char *err, int errlen);
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
/* Stops a running search and waits until its done callback has run. */
void session_stop(Session *s);
bool session_searching(const Session *s);

/* The PV as coordinate moves, separated by spaces, played out from root. */
void session_pv_text(const Position *root, const Move *pv, int count, char *out, int outlen);

#ifdef __cplusplus
}
#endif
#endif
