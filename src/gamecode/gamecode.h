/* Herald's GAME Code interpreter: public API.
 *
 *   gc_interp *gc = gc_new();
 *   gc_error err;
 *   if (gc_load_preset_file(gc, "presets/chess.preset", "presets/include", &err)) ...
 *   if (gc_start(gc, &err)) ...                 // builds the board, runs Pre-Game
 *   gc_verdict v;
 *   gc_play(gc, "P e2-e4", &v);                 // Pre-Move, the move, Post-Move, Post-Game
 *   if (v.status == GC_ILLEGAL) puts(v.message);
 *   gc_free(gc);
 *
 * Library code never prints and never exits; every failure comes back as a gc_error with the
 * preset file and line. */
#ifndef GC_GAMECODE_H
#define GC_GAMECODE_H

#include <stdbool.h>
#include <stddef.h>

#include "gamecode/gc_board.h"
#include "gamecode/gc_value.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gc_interp gc_interp;

typedef struct gc_error {
    char message[512];
    char file[128];
    int line;
} gc_error;

/* Status of running code. */
enum { GC_OK = 0, GC_ERROR = 1, GC_DIE = 2 };

typedef struct gc_limits {
    long max_steps;      /* tokens + statements per top-level run (one move, one section) */
    int max_depth;       /* nested sub/fn calls */
    size_t max_string;   /* bytes in one string value */
    size_t max_array;    /* elements in one array value */
    size_t max_vars;     /* variables in the global namespace */
} gc_limits;

gc_interp *gc_new(void);
void gc_free(gc_interp *gc);
void gc_set_limits(gc_interp *gc, const gc_limits *limits);
gc_limits gc_default_limits(void);

/* ---- running code directly (tests, tools) ---- */
int gc_set_board(gc_interp *gc, const char *files, const char *ranks, const char *fen,
                 gc_error *err);
/* Compiles and runs a piece of code at top level. GC_DIE leaves the message in err. */
int gc_run_code(gc_interp *gc, const char *code, const char *filename, gc_error *err);
/* Evaluates one Polish expression; *out receives the value (caller releases). */
int gc_eval_expr(gc_interp *gc, const char *expr, gc_value *out, gc_error *err);
/* Variable access (global namespace); returned pointer valid until the next run. */
const gc_value *gc_get_var(const gc_interp *gc, const char *name);
void gc_set_var(gc_interp *gc, const char *name, gc_value v); /* takes v */
int gc_get_flag(gc_interp *gc, const char *name);
const gc_board *gc_get_board(const gc_interp *gc);
const char *gc_space(const gc_interp *gc, const char *coord); /* NULL if not a coordinate */
/* `echo` and `print` output goes to this logger (nothing is printed without one). */
typedef void (*gc_log_fn)(void *ctx, const char *file, int line, const char *text);
void gc_set_logger(gc_interp *gc, gc_log_fn fn, void *ctx);
/* Where `include name` looks for name.txt / name.inc / name. */
void gc_set_include_dir(gc_interp *gc, const char *dir);
/* Finds the text of `include name` instead: returns it (malloc'd; the interpreter frees it)
 * and writes the name it is known by (a path, for error messages and to compile each file
 * once) into where; NULL when there is none, with the places looked in written into where.
 * ctx must outlive the interpreter. */
typedef char *(*gc_include_fn)(void *ctx, const char *name, char *where, int wherelen);
void gc_set_include_resolver(gc_interp *gc, gc_include_fn fn, void *ctx);

/* ---- presets (format documented in docs/gamecode.md) ---- */
int gc_load_preset_text(gc_interp *gc, const char *text, const char *filename, gc_error *err);
int gc_load_preset_file(gc_interp *gc, const char *path, const char *include_dir, gc_error *err);
const char *gc_game_name(const gc_interp *gc);
/* The folder named by the preset's `Include:` header, or "" (the caller decides whether to
 * look there: gc_set_include_resolver). */
const char *gc_include_header(const gc_interp *gc);
/* A whole text file, malloc'd and 0-terminated; NULL when it cannot be read. */
char *gc_read_text_file(const char *path);

/* ---- the referee ---- */
typedef enum { GC_LEGAL = 0, GC_ILLEGAL = 1, GC_PRESET_ERROR = 2 } gc_status;
typedef enum { GC_RESULT_NONE = 0, GC_RESULT_WON, GC_RESULT_DRAWN, GC_RESULT_LOST } gc_result;

typedef struct gc_verdict {
    gc_status status;
    char message[512];   /* die text, or the preset error */
    char file[128];      /* preset error location */
    int line;
    char say[512];       /* last `say` of Post-Game */
    gc_result result;    /* won/drawn/lost from Post-Game */
    int result_player;   /* player whose code declared the result (1 or 2) */
    int ply;             /* 1-based ply of the move */
    /* A pawn move that needs a promotion choice (the preset ran `askpromote`, seed 000) is
     * refused as GC_ILLEGAL with the choices here, space-separated as the preset listed them,
     * and the square to put the choice on: the player (or the engine) chooses and plays the
     * move again with the choice as a further part, "P e7-e8; Q-e8". Empty otherwise. */
    char choices[256];
    char promote_square[32];
} gc_verdict;

/* Builds the start position and runs Pre-Game. */
int gc_start(gc_interp *gc, gc_error *err);
/* The same from another position (a FEN in either form, on the preset's board), with player
 * (1 or 2) to move: what Pre-Game derives from the board (royal squares, flags) is derived
 * again, but nothing of a game's history (moved pieces, en passant) is known. */
int gc_start_from(gc_interp *gc, const char *fen, int player, gc_error *err);
/* Plays one turn written in Game Courier notation (parts joined by ';'). On GC_ILLEGAL and
 * GC_PRESET_ERROR the position is left as it was before the call. */
gc_status gc_play(gc_interp *gc, const char *move, gc_verdict *out);
/* Referees a whole game for the CLI `herald referee PRESET GAMEFILE`: one turn per line, blank
 * lines and `//` comment lines skipped, an optional move number ("1." or "12...") ignored.
 * Starts the game (gc_start) first. Returns 0 when every move is legal (out = last verdict),
 * 1 at the first illegal move, 2 on a preset error (out = that verdict, out->ply = its ply). */
int gc_referee_game(gc_interp *gc, const char *game_text, gc_verdict *out);
/* Snapshots of the game state (board, variables, flags, constants, aliases, system values, the
 * last move, ply, result, legal list) so a caller can try a move and take it back. The
 * geometry must not change in between. A state can be restored any number of times. */
typedef struct gc_state gc_state;
gc_state *gc_state_save(gc_interp *gc);
void gc_state_restore(gc_interp *gc, const gc_state *st);
void gc_state_free(gc_state *st);
/* A deep copy sharing no memory with st: a state saved by one interpreter can so be handed to
 * another interpreter of the same preset in another thread (values are reference counted, not
 * atomically). */
gc_state *gc_state_clone(const gc_state *st);
int gc_ply(const gc_interp *gc);        /* moves played so far */
int gc_side_to_move(const gc_interp *gc); /* 1 or 2 */
/* Legal-move list built by `setlegal` during the last Post-Game: "from-to" strings. */
const gc_value *gc_legal_moves(const gc_interp *gc);
/* Whether gc_play runs Post-Game after a legal move (the default).  A verifier asking about
 * many moves it will not play only needs Post-Move's answer; without Post-Game the legal list
 * and the result are left as they were. */
void gc_set_postgame(gc_interp *gc, bool run);

/* ---- the parsed program, read-only (gc_program.c) ----
 * What the interpreter parsed, for a reader that derives rules from it (the bridge): every
 * statement of the preset's sections and of the files included so far (gc_start runs Pre-Game
 * and so its includes), each as its words with file:line. */
typedef enum {
    GC_SECTION_INCLUDE = -1, /* an included file */
    GC_SECTION_PREGAME = 0, GC_SECTION_PREMOVE1, GC_SECTION_PREMOVE2, GC_SECTION_POSTMOVE1,
    GC_SECTION_POSTMOVE2, GC_SECTION_POSTGAME1, GC_SECTION_POSTGAME2
} gc_section;

typedef struct gc_statement {
    const char *file;         /* the preset or the included file */
    int line;                 /* where the statement starts */
    gc_section section;
    int nwords;
    /* The statement's tokens as text: words as written, strings in double quotes, a group as
     * "(", its members, ")".  Joined by single spaces they are the statement's normalised
     * source text (comments and the ending ';' or ':' dropped). */
    const char *const *words;
} gc_statement;

/* Called once per statement; returning false stops the visit.  The statement lives until the
 * call returns. */
typedef bool (*gc_statement_fn)(void *ctx, const gc_statement *st);
/* Visits every statement in order: the included files in the order they were included, then the
 * preset's sections (Pre-Game, Pre-Move 1, 2, Post-Move 1, 2, Post-Game 1, 2), each top to
 * bottom, the bodies of subs and blocks included.  Returns how many statements were visited. */
int gc_visit_statements(const gc_interp *gc, gc_statement_fn fn, void *ctx);

#ifdef __cplusplus
}
#endif
#endif
