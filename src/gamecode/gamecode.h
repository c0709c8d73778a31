/* Herald's GAME Code interpreter: public API.
 *
 *   GcInterp *gc = gc_new();
 *   GcError err;
 *   if (gc_load_preset_file(gc, "presets/chess.preset", "presets/include", &err)) ...
 *   if (gc_start(gc, &err)) ...                 // builds the board, runs Pre-Game
 *   GcVerdict v;
 *   gc_play(gc, "P e2-e4", &v);                 // Pre-Move, the move, Post-Move, Post-Game
 *   if (v.status == GC_ILLEGAL) puts(v.message);
 *   gc_free(gc);
 *
 * Library code never prints and never exits; every failure comes back as a GcError with the
 * preset file and line. */
#ifndef GC_GAMECODE_H
#define GC_GAMECODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gamecode/gc_board.h"
#include "gamecode/gc_value.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct GcInterp GcInterp;

typedef struct GcError {
  char message[512];
  char file[128];
  int line;
} GcError;

/* Status of running code. */
enum { GC_OK = 0, GC_ERROR = 1, GC_DIE = 2 };

typedef struct GcLimits {
  long max_steps;    /* tokens + statements per top-level run (one move, one section) */
  int max_depth;     /* nested sub/fn calls */
  size_t max_string; /* bytes in one string value */
  size_t max_array;  /* elements in one array value */
  size_t max_vars;   /* variables in the global namespace */
  /* Bytes all strings and arrays may hold, over the whole process (gc_memory_held): a preset
   * that hoards values is stopped with its file:line before the machine runs out. */
  size_t max_memory;
  long max_millis; /* wall-clock time of one top-level run; 0: none */
} GcLimits;

GcInterp *gc_new(void);
void gc_free(GcInterp *gc);
void gc_set_limits(GcInterp *gc, const GcLimits *limits);
GcLimits gc_default_limits(void);
/* A caller's clock (a search's, a load's): while a run goes on the interpreter asks it every
 * thousand or so steps, telling where in the preset's code it is, and stops the run when it
 * answers true.  Such a stop is not the preset's fault: gc_interrupted tells it from a preset
 * error, and the verdict of a move stopped so says `stopped`.  fn NULL: none.  ctx must outlive
 * its use. */
typedef bool (*GcInterruptFn)(void *ctx, const char *file, int line);
void gc_set_interrupt(GcInterp *gc, GcInterruptFn fn, void *ctx);
/* Whether the last run ended because the caller's clock said so. */
bool gc_interrupted(const GcInterp *gc);

/* ---- running code directly (tests, tools) ---- */
int gc_set_board(GcInterp *gc, const char *files, const char *ranks, const char *fen, GcError *err);
/* Compiles and runs a piece of code at top level. GC_DIE leaves the message in err. */
int gc_run_code(GcInterp *gc, const char *code, const char *filename, GcError *err);
/* Evaluates one Polish expression; *out receives the value (caller releases). */
int gc_eval_expr(GcInterp *gc, const char *expr, GcValue *out, GcError *err);
/* Calls the function `name` (a `def`) with two squares, as `fn NAME from to` in the preset's
 * code would, on the state as it stands (a new run: the step count and the clock start again);
 * *truth is whether it returned a true value.  What the function changes stays changed: a caller
 * that needs the state before restores it.  GC_ERROR with err where the code fails (or no
 * function has that name). */
int gc_call_def_squares(GcInterp *gc, const char *name, const char *from, const char *to, bool *truth, GcError *err);
/* Variable access (global namespace); returned pointer valid until the next run. */
const GcValue *gc_get_var(const GcInterp *gc, const char *name);
/* The operands `word` takes in an expression read left to right (Polish), as the evaluator pops
 * them: an operator's own count (two for `and` and `or`, three for `cond`); for `sub` and `fn`,
 * the arguments of the one named `next` (the word after it), besides that name; 0 for a word
 * that is a value (a number, a square, a label, a variable, a #parameter); -1 where the count is
 * not fixed or not known (a variadic operator, `unless` and `onlyif`, a =name local, a call of
 * a name not defined). */
int gc_word_operands(const GcInterp *gc, const char *word, const char *next);
void gc_set_var(GcInterp *gc, const char *name, GcValue v); /* takes v */
int gc_get_flag(GcInterp *gc, const char *name);
const GcBoard *gc_get_board(const GcInterp *gc);
const char *gc_space(const GcInterp *gc, const char *coord); /* NULL if not a coordinate */
/* `echo` and `print` output goes to this logger (nothing is printed without one). */
typedef void (*GcLogFn)(void *ctx, const char *file, int line, const char *text);
void gc_set_logger(GcInterp *gc, GcLogFn fn, void *ctx);
/* Where `include name` looks for name.txt / name.inc / name. */
void gc_set_include_dir(GcInterp *gc, const char *dir);
/* Finds the text of `include name` instead: returns it (malloc'd; the interpreter frees it)
 * and writes the name it is known by (a path, for error messages and to compile each file
 * once) into where; NULL when there is none, with the places looked in written into where.
 * ctx must outlive the interpreter. */
typedef char *(*GcIncludeFn)(void *ctx, const char *name, char *where, int wherelen);
void gc_set_include_resolver(GcInterp *gc, GcIncludeFn fn, void *ctx);

/* ---- presets (format documented in docs/gamecode.md) ---- */
int gc_load_preset_text(GcInterp *gc, const char *text, const char *filename, GcError *err);
int gc_load_preset_file(GcInterp *gc, const char *path, const char *include_dir, GcError *err);
const char *gc_game_name(const GcInterp *gc);
/* The folder named by the preset's `Include:` header, or "" (the caller decides whether to
 * look there: gc_set_include_resolver). */
const char *gc_include_header(const GcInterp *gc);
/* A whole text file, malloc'd and 0-terminated; NULL when it cannot be read. */
char *gc_read_text_file(const char *path);

/* ---- the referee ---- */
typedef enum { GC_LEGAL = 0, GC_ILLEGAL = 1, GC_PRESET_ERROR = 2 } GcStatus;
typedef enum { GC_RESULT_NONE = 0, GC_RESULT_WON, GC_RESULT_DRAWN, GC_RESULT_LOST } GcResult;

typedef struct GcVerdict {
  GcStatus status;
  char message[512]; /* die text, or the preset error */
  char file[128];    /* preset error location */
  int line;
  char say[512];     /* last `say` of Post-Game */
  GcResult result;   /* won/drawn/lost from Post-Game */
  int result_player; /* player whose code declared the result (1 or 2) */
  int ply;           /* 1-based ply of the move */
  /* GC_PRESET_ERROR only because the caller's clock stopped the run (gc_set_interrupt): no
   * verdict on the move at all, nothing the preset did wrong. */
  bool stopped;
  /* A pawn move that needs a promotion choice (the preset ran `askpromote`, seed 000) is
   * refused as GC_ILLEGAL with the choices here, space-separated as the preset listed them,
   * and the square to put the choice on: the player (or the engine) chooses and plays the
   * move again with the choice as a further part, "P e7-e8; Q-e8". Empty otherwise. */
  char choices[256];
  char promote_square[32];
} GcVerdict;

/* Builds the start position and runs Pre-Game. */
int gc_start(GcInterp *gc, GcError *err);
/* The same from another position (a FEN in either form, on the preset's board), with player
 * (1 or 2) to move: what Pre-Game derives from the board (royal squares, flags) is derived
 * again, but nothing of a game's history (moved pieces, en passant) is known. */
int gc_start_from(GcInterp *gc, const char *fen, int player, GcError *err);
/* Plays one turn written in Game Courier notation (parts joined by ';'). On GC_ILLEGAL and
 * GC_PRESET_ERROR the position is left as it was before the call.
 * A turn may also come in parts, as Game Courier's `continuemove` takes it (seed 003): when a
 * legal move's code called `continuemove`, the same player moves again and the turn stays open
 * (gc_turn_open); the next call's text is a further part, and the whole turn so far is replayed
 * from the state before its first part, with `thismove` holding every part ("P e2-e4; P d2-d4"),
 * so that a turn typed whole and a turn sent part by part get the same verdicts. */
GcStatus gc_play(GcInterp *gc, const char *move, GcVerdict *out);
/* Whether the last move left a turn of several parts open for the same player's next part. */
bool gc_turn_open(const GcInterp *gc);
/* Referees a whole game for the CLI `herald referee PRESET GAMEFILE`: one turn per line, blank
 * lines and `//` comment lines skipped, an optional move number ("1." or "12...") ignored.
 * Starts the game (gc_start) first. Returns 0 when every move is legal (out = last verdict),
 * 1 at the first illegal move, 2 on a preset error (out = that verdict, out->ply = its ply). */
int gc_referee_game(GcInterp *gc, const char *game_text, GcVerdict *out);
/* Snapshots of the game state (board, variables, flags, constants, aliases, system values, the
 * last move, ply, result, legal list) so a caller can try a move and take it back. The
 * geometry must not change in between. A state can be restored any number of times. */
typedef struct GcState GcState;
GcState *gc_state_save(GcInterp *gc);
void gc_state_restore(GcInterp *gc, const GcState *st);
void gc_state_free(GcState *st);
/* gc_play where the caller holds a saved state equal to the interpreter's own (gc_state_save
 * or gc_state_restore of it, and nothing run since): the move starts from it, shared, instead
 * of saving the state again.  here stays the caller's, unchanged. */
GcStatus gc_play_from(GcInterp *gc, GcState *here, const char *move, GcVerdict *out);
/* A deep copy sharing no memory with st: a state saved by one interpreter can so be handed to
 * another interpreter of the same preset in another thread (values are reference counted, not
 * atomically). */
GcState *gc_state_clone(const GcState *st);
int gc_ply(const GcInterp *gc);          /* turns played so far (the parts of a turn are one) */
int gc_side_to_move(const GcInterp *gc); /* 1 or 2 */
/* Legal-move list built by `setlegal` during the last Post-Game: "from-to" strings. */
const GcValue *gc_legal_moves(const GcInterp *gc);
/* Whether gc_play runs Post-Game after a legal move (the default).  A verifier asking about
 * many moves it will not play only needs Post-Move's answer; without Post-Game the legal list
 * and the result are left as they were. */
void gc_set_postgame(GcInterp *gc, bool run);
/* Whether `die` and `say` compose their messages (the default).  A caller that only wants to
 * know whether moves are legal (the oracle) saves the text: the verdict's message is then empty;
 * where the code died is still said (file, line). */
void gc_set_messages(GcInterp *gc, bool compose);
/* gc_set_memo(gc, false): every call of a function runs, none is answered from what an earlier
 * call on the same squares found (the default remembers them: gc_memo.c); for comparing. */
void gc_set_memo(GcInterp *gc, bool remember);

/* Perft by the referee alone (gc_perft.c): how many move sequences of depth plies the preset
 * accepts from the current position, trying every move the side to move could type (each
 * pair of a square holding one of its pieces, upper-case for player 1, and another square;
 * each promotion choice the referee asks for; `pass`) and taking it back.  A ply is a whole
 * turn (it ends when the other player is to move), or with parts each part of a turn; a move
 * that ends the game is a leaf.  Drops are not tried.  The position is left as it was. */
uint64_t gc_referee_perft(GcInterp *gc, int depth, bool parts);
/* The same counting only the root's tries whose index % shares == share, so that separate
 * processes can each count a share (the shares' counts add up to gc_referee_perft's). */
uint64_t gc_referee_perft_share(GcInterp *gc, int depth, bool parts, int share, int shares);

/* ---- the parsed program, read-only (gc_program.c) ----
 * What the interpreter parsed, for a reader that derives rules from it (the bridge): every
 * statement of the preset's sections and of the files included so far (gc_start runs Pre-Game
 * and so its includes), each as its words with file:line. */
typedef enum {
  GC_SECTION_INCLUDE = -1, /* an included file */
  GC_SECTION_PREGAME = 0,
  GC_SECTION_PREMOVE1,
  GC_SECTION_PREMOVE2,
  GC_SECTION_POSTMOVE1,
  GC_SECTION_POSTMOVE2,
  GC_SECTION_POSTGAME1,
  GC_SECTION_POSTGAME2
} GcSection;

typedef struct GcStatement {
  const char *file; /* the preset or the included file */
  int line;         /* where the statement starts */
  GcSection section;
  int nwords;
  /* The statement's tokens as text: words as written, strings in double quotes, a group as
   * "(", its members, ")".  Joined by single spaces they are the statement's normalised
   * source text (comments and the ending ';' or ':' dropped). */
  const char *const *words;
} GcStatement;

/* Called once per statement; returning false stops the visit.  The statement lives until the
 * call returns. */
typedef bool (*GcStatementFn)(void *ctx, const GcStatement *st);
/* Visits every statement in order: the included files in the order they were included, then the
 * preset's sections (Pre-Game, Pre-Move 1, 2, Post-Move 1, 2, Post-Game 1, 2), each top to
 * bottom, the bodies of subs and blocks included.  Returns how many statements were visited. */
int gc_visit_statements(const GcInterp *gc, GcStatementFn fn, void *ctx);

/* Mistakes found by reading the loaded preset and its includes (call after gc_start, once
 * Pre-Game has included its files): errors, a call of a subroutine or function that no code
 * defines (`gosub NAME`, `sub NAME`, `fn NAME`; names computed at run time are left to the run);
 * warnings, a condition or a piece's move function whose expression begins with a word that is
 * no operator and so leaves several values (an array, always true: `chekleap #0 #1 1 2`), or an
 * operator short of operands.  Fills out[0..cap-1]; returns how many were found. */
typedef struct GcLintIssue {
  char file[256];
  int line;
  bool error;
  char message[512]; /* as long as a GcError's, so that a load's error fits whole */
} GcLintIssue;
int gc_lint(const GcInterp *gc, GcLintIssue *out, int cap);
/* The line of the preset's header key ("files", "ranks", "fen", "include"), or 1 when it has
 * none; "board": the Files: line, else the Ranks: line.  For errors about what a header says. */
int gc_header_line(const GcInterp *gc, const char *key);
/* Loads as gc_load_preset_text, but a section that does not compile is left out and recorded,
 * so that one reading finds the mistakes of every section (`herald check`): returns how many
 * problems there were (a header that cannot be read is one, and ends the load), the first cap
 * of them in problems.  Sections that compiled are loaded. */
int gc_load_preset_text_all(GcInterp *gc, const char *text, const char *filename, GcLintIssue *problems, int cap);
/* Whether the preset's Pre-Game failed to compile (gc_load_preset_text_all left it out): its
 * includes are then unknown, and so is what the other sections may call. */
bool gc_pregame_failed(const GcInterp *gc);

#ifdef __cplusplus
}
#endif
#endif
