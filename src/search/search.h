/* The search: iterative deepening PVS alpha-beta over any rule set, with a shared
 * transposition table and Lazy SMP helper threads.  Nothing here names a piece.
 *
 * Use: srch_new once per rule set, then for each move srch_start (returns at once) or
 * srch_run (blocks); srch_stop from any thread ends the search early.  Information about
 * each finished iteration goes to the caller's callback, from the search's main thread. */
#ifndef HERALD_SEARCH_SEARCH_H
#define HERALD_SEARCH_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "eval/eval.h"
#include "rules/position.h"
#include "search/timeman.h"
#include "search/tt.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
  SRCH_MAX_PLY = 128,
  SRCH_MATE = 30000, /* mate at the root; mate in n plies: MATE - n */
  SRCH_MATE_BOUND = SRCH_MATE - 2 * SRCH_MAX_PLY,
  SRCH_INFINITE = 31000,
  SRCH_MAX_THREADS = 64,
  SRCH_MAX_PV = 64
};

typedef struct SearchInfo {
  int depth, seldepth;
  int multipv; /* 1-based line number */
  int score;   /* from the side to move's view, centipawns or mate scores */
  int bound;   /* TT_BOUND_EXACT, or LOWER / UPPER for an aspiration fail */
  uint64_t nodes;
  int64_t time_ms;
  uint64_t nps;
  int hashfull; /* permille */
  int pv_length;
  Move pv[SRCH_MAX_PV];
} SearchInfo;

/* Called by the search's main thread; `root` is the root position (do not modify it). */
typedef void (*SearchInfoFn)(void *context, const Position *root, const SearchInfo *info);

typedef struct SearchResult {
  Move best, ponder; /* MOVE_NONE when the root has no legal move; ponder: the opponent's first */
  int score, depth;
  uint64_t nodes;
  int64_t time_ms;
  /* The principal variation from the root (pv[0] is best), and how many of its moves are the
   * mover's turn: best, then the same side's further parts of a turn of several moves
   * (Rules.turn_parts > 1) as far as the search saw them.  A protocol may play pv[0] ..
   * pv[turn_length - 1] as the turn, or search again from each part for a better one.  In
   * chess turn_length is 1 and ponder is pv[1]. */
  int pv_length, turn_length;
  Move pv[SRCH_MAX_PV];
} SearchResult;

typedef struct Search Search;

/* A searcher for positions of r (which must outlive it): hash_mb of TT, `threads` threads.
 * NULL when out of memory. */
Search *srch_new(const Rules *r, int hash_mb, int threads);
void srch_free(Search *s);
/* Replaces the evaluation (a net); NULL restores the classical one.  Not during a search. */
void srch_set_evaluator(Search *s, const Evaluator *ev);
const EvalTables *srch_eval_tables(const Search *s);
/* The weights of the classical evaluation: SRCH_WEIGHTS_DEFAULT, the tuned file shipped for the
 * game (nets/NAME.eval.gz) when there is one, else the weights derived from the movement (what
 * srch_new takes); SRCH_WEIGHTS_NONE, always the derived ones; anything else, the path of a
 * weights file (eval_weights.h).  False with err (file:line: reason) when the file cannot be
 * used: the weights in force stay.  Not during a search. */
#define SRCH_WEIGHTS_DEFAULT "<default>"
#define SRCH_WEIGHTS_NONE "<none>"
bool srch_set_eval_weights(Search *s, const char *source, char *err, int errlen);
/* The net that evaluates in place of the classical evaluation (nnue.h): SRCH_WEIGHTS_DEFAULT,
 * the net shipped for the game (nets/NAME.nnue.gz) when there is one, else none (what srch_new
 * takes); SRCH_WEIGHTS_NONE, none: the classical evaluation; anything else, the path of a net
 * file.  False with err when the file cannot be used: the evaluation in force stays.  Not
 * during a search. */
bool srch_set_eval_net(Search *s, const char *source, char *err, int errlen);
/* Whether a net evaluates (srch_set_eval_net). */
bool srch_uses_net(const Search *s);
/* Forgets everything learnt: TT, histories.  Call for a new game, and before a run whose node
 * count must be reproducible. */
void srch_clear(Search *s);
/* Gets ready to search at once: the table's pages faulted in (srch_tt_prefault) before a clock
 * runs.  For a protocol's "are you ready" and a program about to time a search; does nothing
 * while a search runs. */
void srch_prepare(Search *s);
bool srch_set_threads(Search *s, int threads);
bool srch_set_hash(Search *s, int hash_mb);

/* Starts searching root, whose history (the moves made on it with pos_make since the FEN) is
 * used for repetitions; the search works on copies, so root may change once this returns.
 * Returns false if a search is already running. */
bool srch_start(Search *s, const Position *root, const SearchLimits *limits, SearchInfoFn info, void *context);
/* Waits for the search started by srch_start to end and gives its result. */
SearchResult srch_wait(Search *s);
/* Asks the running search to stop as soon as it can (safe from any thread or callback). */
void srch_stop(Search *s);
/* The opponent played the pondered move: from now on the time limits apply. */
void srch_ponderhit(Search *s);
bool srch_running(const Search *s);
/* srch_start then srch_wait. */
SearchResult srch_run(Search *s, const Position *root, const SearchLimits *limits, SearchInfoFn info, void *context);

/* Static exchange evaluation of move m in p, with the exchange values of the tables: the
 * material the mover can expect on the target square when both sides capture there with their
 * least valuable piece and may stop at any time.  Works for any movement (hoppers, lame
 * leapers) because it plays the captures with pos_make. */
int srch_see(Position *p, const EvalTables *e, Move m);
/* Whether srch_see(p, e, m) >= threshold, with a caller's list for the replies: the same
 * answer, but the exchange stops as soon as the captures left cannot change it (a capture onto
 * a defended square is most often decided by the first recapture). */
bool srch_see_ge(Position *p, const EvalTables *e, Move m, int threshold, MoveList *scratch);

/* Score of a game-ending verdict for the side to move at ply plies from the root. */
static inline int srch_mate_in(int ply) { return SRCH_MATE - ply; }
static inline int srch_mated_in(int ply) { return -SRCH_MATE + ply; }

#ifdef __cplusplus
}
#endif
#endif
