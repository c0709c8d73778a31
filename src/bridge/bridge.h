/* The bridge: from a Game Courier preset to the fast rules model (docs/architecture.md).
 * This header is what the engine's layers may know of a game: it names nothing of the
 * interpreter.  br_game.h (the game's fields, the interpreter it holds, the def compiler) is
 * for the bridge itself, the programs in app/ and the tests.
 *
 *   char err[256];
 *   BrGame *g = catalog_open(&catalog, "chess-tutorial", true, err, sizeof err); // catalog.h
 *   // or br_load("presets/chess-tutorial.preset", "presets/include", err, sizeof err)
 *   // g->rules is finalised when g->rules_ready; g->start_fen sets up the start position with pos_set_fen;
 *   // g->pieces[i] says per preset label whether its movement compiled or needs the oracle.
 *   br_free(g);
 *
 * Piece movement is compiled by partial evaluation of each label's `def` function (seed 000
 * style: `def N checkleap #0 #1 1 2`).  Royalty, castling, en passant and promotion are derived
 * from the preset's variables, flags and piece movement; the verify mode (br_verify) checks every
 * derived rule against the interpreter, which stays the truth.  Library code never prints. */
#ifndef HERALD_BRIDGE_BRIDGE_H
#define HERALD_BRIDGE_BRIDGE_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/position.h"
#include "rules/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { BR_MAX_PIECES = 2 * MAX_TYPES, BR_REASON_LEN = 320, BR_LABEL_MAX = 16 /* = GC_LABEL_MAX */ };
enum { BR_MAX_WARNINGS = 8 }; /* warnings kept of a preset (gc_lint finds them; the first few) */

/* One piece label of the preset (each colour has its own label: K and k). */
typedef struct BrPiece {
  char label[BR_LABEL_MAX];
  int color;     /* WHITE (upper case) or BLACK */
  int type;      /* index in rules.types, or -1 */
  bool compiled; /* movement compiled from its def, no oracle needed */
  bool royal;
  char reason[BR_REASON_LEN]; /* why it is oracle-backed, or what it compiled to */
} BrPiece;

typedef struct BrOracle BrOracle;

enum { BR_MAX_INCLUDE_DIRS = 16, BR_PATH_LEN = 512 };

/* A preset's text and where its includes are found (the catalog makes these: catalog.h). */
typedef struct BrSource {
  char name[64];          /* the game's name: the file's name without .preset */
  char path[BR_PATH_LEN]; /* the file it was read from, or presets/NAME.preset if built in */
  char *text;             /* the preset file's text, owned */
  char include_dirs[BR_MAX_INCLUDE_DIRS][BR_PATH_LEN]; /* looked in first, in order */
  int include_dir_count;
  bool builtin; /* shipped inside the binary */
  /* How long loading may take: Pre-Game, the probe game and the referee's answers in it
   * (0: br_default_load_limit_ms).  A preset slower than that fails to load with the file:line
   * its code had reached, instead of holding a GUI's isready or ping for as long as it likes. */
  int load_limit_ms;
} BrSource;

enum { BR_LOAD_LIMIT_MS = 10000, BR_LOAD_LIMIT_MAX_S = 3600 };
/* How long loading may take when nothing else is said: the seconds of the environment variable
 * HERALD_LOAD_TIME (1 to BR_LOAD_LIMIT_MAX_S), else BR_LOAD_LIMIT_MS.  Builds that run the
 * same code many times slower (valgrind, ThreadSanitizer) set the variable. */
int br_default_load_limit_ms(void);

/* Frees the text of a source. */
void br_source_free(BrSource *s);
/* Adds a folder where the source's includes are looked for (after those already there). */
void br_source_add_include_dir(BrSource *s, const char *dir);

typedef struct BrGame BrGame; /* opaque here; br_game.h defines it for the bridge, app/ and tests */

/* Loads the preset from its source (copied), runs Pre-Game and builds the rules; with probe,
 * plays the load-time game of br_load.  NULL with a message (a preset error with file:line). */
BrGame *br_load_source(const BrSource *src, bool probe, char *err, int errlen);

/* Loads the preset, runs Pre-Game and builds the rules, then plays one random game in which every
 * move of a compiled type is put to the referee (br_probe): a type the referee contradicts is
 * handed to the oracle.  NULL with a message on failure (a preset error carries its file:line). */
BrGame *br_load(const char *path, const char *include_dir, char *err, int errlen);
/* The same; probe false skips the load-time game that hands to the oracle the types whose
 * compiled moves the referee refuses or whose boards differ (for testing verify itself). */
BrGame *br_load_with(const char *path, const char *include_dir, bool probe, char *err, int errlen);
void br_free(BrGame *g);

/* Every mistake one reading of a preset finds, for an author who wants them all at once
 * (`herald check`) where a load stops at the first: each section that does not compile, an
 * error of Pre-Game's run, and what gc_lint finds (calls of what nothing defines, suspect
 * expressions) when Pre-Game ran, so that the includes are known.  Fills out[0..cap-1] in the
 * preset's order; returns how many were found.  Runs on the source's load limit. */
struct GcLintIssue;
int br_diagnose(const BrSource *src, struct GcLintIssue *out, int cap);

/* Hands the game's rules to *out (free with rules_free) and frees the game, or, when the rules
 * need the game's oracle, lets the rules release the game with themselves. */
void br_take_rules(BrGame *g, Rules *out);

/* Game Courier notation of an engine move in position p ("P e2-e4", "P e7-e8; Q-e8"). */
void br_move_text(const BrGame *g, const Position *p, Move m, char *out, int outlen);

/* ---- what the engine's layers ask of a game (the protocol and match layers use these, not
 * the struct's fields) ---- */
/* The rules model compiled from the preset (finalised when the game loaded). */
Rules *br_game_rules(BrGame *g);
/* What reading the preset found suspect (gc_lint's warnings, the first BR_MAX_WARNINGS), each
 * "file:line: text". */
int br_game_warning_count(const BrGame *g);
const char *br_game_warning(const BrGame *g, int i);
/* The referee deciding the pieces that did not compile, or NULL when every piece compiled. */
BrOracle *br_game_oracle(const BrGame *g);
/* The start position in slash form, for pos_set_fen. */
const char *br_game_start_fen(const BrGame *g);
/* The game's name (the preset's file name without .preset). */
const char *br_game_name(const BrGame *g);
/* How many piece labels the preset has, and the i-th (0 <= i < count), or NULL. */
int br_game_piece_count(const BrGame *g);
const BrPiece *br_game_piece(const BrGame *g, int i);

/* ---- the referee (br_referee.c) ---- */
typedef enum { BR_LEGAL = 0, BR_ILLEGAL = 1, BR_PRESET_ERROR = 2 } BrStatus;
/* The preset's verdict on one move. */
typedef struct BrVerdict {
  BrStatus status;
  char message[512]; /* the preset's `die` text when illegal, the error when a preset error */
  char file[128];    /* where a preset error is (file and line of the preset's code) */
  int line;
} BrVerdict;
/* Puts move m, played after the game that led to pos (from the preset's start), to the preset's
 * referee: the game is replayed on the game's interpreter, which is left as it was.  Returns the
 * verdict's status (out filled), or -1 when it cannot be asked: a game not from the preset's
 * start, or one whose moves the preset does not all accept.  Not for two threads at once on one
 * game. */
int br_referee_move(BrGame *g, const Position *pos, Move m, BrVerdict *out);

/* ---- the oracle (br_oracle.c) ----
 * The preset's referee deciding the moves of the pieces that did not compile, with a cache by
 * (position key, move) and of game-end verdicts by position key, shared by all threads.  br_load
 * makes one when some piece is oracle-backed and hooks it into g->rules. */
BrOracle *br_oracle_new(BrGame *g, char *err, int errlen);
void br_oracle_free(BrOracle *o);
RulesOracle *br_oracle_hooks(BrOracle *o);
typedef struct BrOracleStats {
  long asked;           /* moves put to the oracle */
  long cached;          /* answered from the cache */
  long refused;         /* refused by the referee */
  long ruled_out;       /* refused by the piece's def, which the compiler could not read, before Post-Move */
  long cursors;         /* interpreters the oracle keeps (about one per thread asking at once) */
  long mismatched;      /* accepted by the referee, but its board differs from the model's: not played */
  long stopped;         /* questions the asker's clock stopped before the referee answered */
  char error[512];      /* the first problem, or "" */
  char stop_where[160]; /* "file:line" the referee's code had reached at the last such stop */
} BrOracleStats;
void br_oracle_stats(BrOracle *o, BrOracleStats *out);

/* ---- verify mode ---- */
typedef struct BrVerifyStats {
  long positions, legal_checked, illegal_checked, disagreements, games;
  long castlings, en_passants, promotions, drops; /* special generator moves among legal_checked */
  long results_checked;                           /* positions where the game-end verdicts were compared */
  long legal_lists;                               /* positions where the preset's own legal list was compared */
  char first[1536];                               /* the first disagreement, described */
} BrVerifyStats;

/* Plays games random games of at most max_plies plies with the compiled rules and compares at
 * every position with the interpreter: every generated move must be accepted; up to
 * illegal_samples random other moves of the side to move must be refused (every (from, to) pair
 * when illegal_samples < 0), and so must every other move within two squares of a royal or
 * promoting piece, and every promotion to a type outside the generator's choices; the preset's
 * own legal list, when it builds one, must be the generator's.  After each move the boards
 * must agree and the preset's Post-Game verdict (won, drawn, nothing) must match
 * pos_game_result.  Returns true when no disagreement was found. */
bool br_verify(BrGame *g, int games, int max_plies, int illegal_samples, uint64_t seed, BrVerifyStats *stats);

/* The judge: a referee with an interpreter of its own (so one per thread) that follows one game
 * and compares, as verify does, what the generator says with what the preset says.  Self-play
 * uses it to find rule bugs in presets while the engine plays. */
typedef struct BrJudge BrJudge;
BrJudge *br_judge_new(const BrGame *g, uint64_t seed, char *err, int errlen);
void br_judge_free(BrJudge *j);
/* The position: every generator move must be accepted, samples of the others refused, and the
 * preset's own legal list (if it builds one) must match.  Disagreements are added to st. */
void br_judge_check(BrJudge *j, Position *pos, const MoveList *list, int samples, BrVerifyStats *st);
/* Plays m on the referee and compares the game-end verdicts after it; pos is left as it was
 * (m is not made).  False when the referee refused m or the game is over. */
bool br_judge_play(BrJudge *j, Position *pos, Move m, BrVerifyStats *st);

#ifdef __cplusplus
}
#endif
#endif
