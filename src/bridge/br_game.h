/* The inside of a loaded game, and what of the bridge hands out the interpreter: for the bridge
 * itself, the programs in src/app/ and the tests.  The engine's layers (protocol, search, eval,
 * rules, notation, match) include bridge.h only, where a game is opaque. */
#ifndef HERALD_BRIDGE_BR_GAME_H
#define HERALD_BRIDGE_BR_GAME_H

#include "bridge/bridge.h"
#include "gamecode/gamecode.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
static_assert(BR_LABEL_MAX == GC_LABEL_MAX, "a piece label of the bridge is one of the interpreter");
#else
_Static_assert(BR_LABEL_MAX == GC_LABEL_MAX, "a piece label of the bridge is one of the interpreter");
#endif

typedef struct BrGame {
  BrSource source; /* the preset's text and include folders (every interpreter of
                                  the game, the oracle's and the judge's too, loads from it) */
  char name[64];
  GcInterp *gc;        /* interpreter after Pre-Game (the start state) */
  Rules rules;         /* finalised */
  char start_fen[600]; /* slash form with side, castling rights (file letters), ep */
  BrPiece pieces[BR_MAX_PIECES];
  int piece_count;
  bool all_compiled;                             /* every piece compiled: the Rules is a full copy of the preset */
  bool rules_ready;                              /* rules finalised (false while some piece has no atoms at all:
                                  the oracle that would move it is not built yet) */
  char notes[512];                               /* how royalty, castling, promotion were derived */
  char warnings[BR_MAX_WARNINGS][BR_REASON_LEN]; /* what reading it found suspect: "file:line: text" */
  int warning_count;
  char type_label[MAX_TYPES][2][BR_LABEL_MAX]; /* preset label of each type and colour */
  char code_letter[256];                       /* a square code's label where it is one letter ("@" empty), else 0 */
  bool declares_results;                       /* the preset's code says won/drawn/lost somewhere (else the
                                  game ends are Herald's own: mate, stalemate, counters) */
  bool castle2;                                /* castling is written as two moves, the partner's too */
  bool probe;                                  /* load played a game to find what the defs do not show */
  BrOracle *oracle;                            /* decides the oracle-backed pieces' moves (rules.oracle), or NULL */
  /* Per type and colour, the def (by name) of an oracle piece whose def did not compile, or "":
   * the def is still the piece's movement, as a compiled def is, so the oracle drops the
   * candidates it says false to without asking Post-Move (br_oracle.c).  The probe turns it off
   * where the referee allows a move the def refuses (br_verify.c br_probe). */
  char filter_def[MAX_TYPES][2][BR_LABEL_MAX * 2];
  /* The load's clock (br_load_clock): every interpreter of the game stops at the deadline while
   * the game loads; 0 once it has loaded (set before any search thread exists, so read without
   * a lock).  Where the first one stopped, for the error. */
  int64_t load_deadline_ms;
  int load_limit_ms;
  bool load_stopped;
  char load_stop_file[128];
  int load_stop_line;
  /* The referee's state after the moves of the game it was last asked about (br_referee_move),
   * so that the next question, a move later, plays only the moves made since instead of the
   * whole game again (a game of n moves asked about at every move cost n^2/2 plays). */
  GcState *referee_state;
  Move *referee_moves; /* the moves that state has played, from the start position */
  int referee_ply, referee_capacity;
  /* The offsets subs' guards allow, as read at load, by their guards' text (br_sub_guard.c):
   * the same guards called by several defs are evaluated once. */
  struct BrGuardMemo *guard_memo;
} BrGame;

/* A new interpreter with the source's preset loaded (not started; src must outlive it).
 * NULL with ge filled. */
GcInterp *br_source_interp(const BrSource *src, GcError *ge);
/* The same for a game's preset; while the game loads, the interpreter runs on the load's clock. */
GcInterp *br_new_interp(const BrGame *g, GcError *ge);
/* Lets one run of gc's code take as long as the whole load may, where that is longer than the
 * interpreter's own limit (10 s): a build that runs the code many times slower (the sanitizers,
 * valgrind) raises the load limit, and the shorter limit would stop what the load's lets finish
 * (a preset that hoards memory, under ASan, reached it before its memory limit). */
void br_allow_run_time(GcInterp *gc, int load_limit_ms);
/* The folder of the preset's `Include:` header (gc_include_header) joins src's include
 * folders: relative to the preset's own folder, never absolute and never through "..", so that
 * a preset cannot read files outside the folders the user gave it.  False with the reason. */
bool br_source_add_header_include(BrSource *src, const GcInterp *gc, char *err, int errlen);
/* The load's clock as an interrupt (GcInterruptFn; ctx is the BrGame): true once the load's
 * deadline has passed, noting where the first interpreter to see it had got to. */
bool br_load_clock(void *ctx, const char *file, int line);

/* ---- compilation of one def body (exposed for tests) ----
 * Compiles the def body of a piece label of the given colour on the board geometry of r into
 * atoms written for White.  Returns true with the atoms, false with the reason.  ep_capture is
 * set when the body allows en passant captures through the `ep` variable. */
typedef struct BrCompiled {
  Atom atoms[MAX_ATOMS];
  uint32_t from_ranks[MAX_ATOMS]; /* ranks (White's frame) the atom applies from; all = ~0 */
  int count;
  bool ep_capture;
  uint32_t ep_ranks; /* with ep_capture: ranks (White's frame) it may take en passant onto; all = ~0 */
} BrCompiled;
bool br_compile_def(const Rules *r, const char *body, int color, BrCompiled *out, char *reason, int reasonlen);
/* The same, with `fn name #0 #1` calls inlined: lookup copies the body of function name into
 * out and returns true, or returns false when there is no such function. */
typedef bool (*BrDefLookup)(void *ctx, const char *name, char *out, int outlen);
bool br_compile_def_with(const Rules *r, const char *body, int color, BrDefLookup lookup, void *lookup_ctx,
                         BrCompiled *out, char *reason, int reasonlen);

#ifdef __cplusplus
}
#endif
#endif
