/* Shared internals of the GAME Code interpreter (not for use outside src/gamecode). */
#ifndef GC_INTERNAL_H
#define GC_INTERNAL_H

#include <ctype.h>
#include <stdatomic.h>
#include <stdint.h>

#include "gamecode/gamecode.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------- tokens and statements (gc_lex.c) ---------------- */

typedef enum { TK_WORD, TK_STRING, TK_GROUP } GcTokKind;

/* How the calculator reads a token, decided once by the lexer so that evaluating it tests no
 * text: the general reading (gc_token_value) is EV_GENERAL, what a token made elsewhere has. */
typedef enum {
  EV_GENERAL = 0,
  EV_OPERATOR, /* a resolved operator */
  EV_CONSTANT, /* lit is its value */
  EV_NAME,     /* a whole-token #n (a function's argument) or #name (a variable) */
  EV_MOVE_WORD /* origin, dest, moved or old alone (or $origin...): move_word is which */
} GcTokEval;

struct GcOpDef;

enum { GC_FUSE_MAX = 8 }; /* the most operands an operator has that is applied in place */
enum { GC_SKIP_AND = 1, GC_SKIP_OR = 2 };

typedef struct GcToken {
  GcTokKind kind;
  unsigned char subst;     /* text substitution needed (#name, origin/dest/moved/old) */
  unsigned char literal;   /* group holding only plain words: an array literal */
  unsigned char ev;        /* GcTokEval */
  unsigned char move_word; /* EV_MOVE_WORD: 0 origin, 1 dest, 2 moved, 3 old */
  /* On the last operand of a fixed-arity operator whose operands are all plain values (a
   * constant, #name, or a move word), the operator's arity: the calculator reads the operands
   * in place and applies the operator at once, with no stack traffic (gc_eval.c). */
  unsigned char fuse;
  /* On the last token of the left operand of an `and` or `or` when that operand is pure (no
   * call, no group, no built-in that changes the board or fails on its values): the distance
   * back to the operator, and which it is (GC_SKIP_AND, GC_SKIP_OR).  Evaluating right to
   * left, the right operand is known first; where it decides (false for `and`, true for `or`),
   * the left one is not evaluated (gc_eval.c). */
  unsigned char skip_kind;
  unsigned short skip;
  char *text;               /* word or string contents; NULL for groups */
  const struct GcOpDef *op; /* resolved operator, for plain words */
  struct GcToken *kids;     /* group members */
  int nkids;
  unsigned char has_lit;  /* lit holds the constant value of a plain word or string */
  unsigned char has_name; /* lit holds the name of a whole-token #name, as a string */
  GcValue lit;
  int argno;          /* a whole-token #n: n; otherwise -1 */
  unsigned name_hash; /* a whole-token #name: gc_hash(name) */
  unsigned text_hash; /* a word or string: gc_hash(text), for the variable it may name */
} GcToken;

typedef struct GcStmt {
  GcToken *toks;
  int ntoks;
  int line;
} GcStmt;

typedef struct GcSource {
  GcStmt *stmts;
  int nstmts;
} GcSource;

/* Splits source text into statements of tokens. Returns 0, or -1 with err set. */
int gc_lex(GcInterp *gc, const char *text, const char *file, GcSource *out, GcError *err);
/* A character of a variable's name (after #, $ or = in a word). */
static inline int gc_name_char(char c) { return isalnum((unsigned char)c) || c == '_'; }
/* Whether a word is substituted when evaluated (a #name, or origin, dest, moved or old within
 * it): a value, never an operator. */
int gc_word_substituted(const char *w);
void gc_source_free(GcSource *src);
/* The interpreter's one string value of a text (GcInterp.interned): the lexer reads every name
 * through it, and tables keyed by names (functions, subroutines) share it, so that finding a
 * name there compares pointers, not text. */
GcValue gc_intern(GcInterp *gc, const char *s);
void gc_tokens_free(GcToken *toks, int n);

/* ---------------- program (gc_parse.c) ---------------- */

typedef enum {
  INS_CMD,
  INS_IF,
  INS_ELSEIF,
  INS_ELSE,
  INS_ENDIF,
  INS_FOR,
  INS_NEXT,
  INS_DO,
  INS_LOOP,
  INS_SWITCH,
  INS_CASE,
  INS_DEFAULT,
  INS_ENDSWITCH,
  INS_BREAK,
  INS_CONTINUE,
  INS_SUB,
  INS_ENDSUB,
  INS_RETURN,
  INS_VERIFY,
  INS_NOP
} GcInsKind;

enum { LOOP_PLAIN = 0, LOOP_WHILE, LOOP_UNTIL, LOOP_NEVER };

struct GcCmdDef;

typedef struct GcIns {
  GcInsKind kind;
  int line;
  int jump; /* IF/ELSEIF: next branch; FOR: NEXT; NEXT/LOOP: opener; DO/SWITCH/SUB: closer;
                   BREAK/CONTINUE: enclosing construct's opener */
  int end;  /* ELSEIF/ELSE: the chain's ENDIF */
  int loopmode;
  const struct GcCmdDef *cmd; /* INS_CMD: NULL when the head is not a command */
  const char *head;           /* INS_CMD: head word */
  GcToken *args;              /* tokens after the head (and after while/until) */
  int nargs;
  int *cases; /* SWITCH: indices of its CASE/DEFAULT instructions */
  int ncases;
} GcIns;

typedef struct GcProgram {
  char file[128];
  GcSource src;
  GcIns *code;
  int n;
  bool shared; /* lent by gc_compile_shared: no interpreter frees it */
} GcProgram;

GcProgram *gc_compile(GcInterp *gc, const char *text, const char *file, GcError *err);
void gc_program_free(GcProgram *p);
/* gc_shared.c: gc_compile for a preset's section or an included file; a large text compiled
 * before by any interpreter of the process gives the same program, shared read-only. */
GcProgram *gc_compile_shared(GcInterp *gc, const char *text, const char *file, GcError *err);

/* ---------------- remembered functions (gc_memo.c) ----------------
 * A call of a function (`def`) or of a subroutine (`sub`, in an expression or by gosub) with
 * squares for arguments (small whole numbers, truths and labels beside them; a sub's on those
 * alone too) is remembered with the squares of the board it read and what they held: the same
 * call later, those squares unchanged, gives the same result without running.  A call is
 * remembered only where everything it did is known to depend on its arguments and those squares
 * alone: every operator it applied is marked so (GcOpDef memo), every command it ran was `my`,
 * `local`, `set`, `inc` or `dec` on its own variables, or emptied squares (`empty`, `capture`,
 * `remove`: kept with the result and emptied again when it is found), and every name it read
 * was its own or a global holding a scalar or a square; anything else spoils it
 * (gc_memo_spoil). */
enum { GC_MEMO_ARGS = 4, GC_MEMO_READS_MAX = 24, GC_MEMO_GLOBALS = 2, GC_MEMO_NAME = 16, GC_MEMO_EMPTIED = 8 };
/* A global variable a watched call read: its name and its value, a scalar or a square. */
typedef struct GcMemoGlobal {
  char name[GC_MEMO_NAME];
  unsigned char type; /* GC_NULL, GC_BOOL, GC_NUM, or GC_STR for a square */
  double value;       /* the number, the truth, or the square's index */
} GcMemoGlobal;
/* A call being watched: what it read, and whether it did anything that keeps it from being
 * remembered. */
typedef struct GcMemoWatch {
  int depth;    /* > 0: a call is watched; its own calls not watched apart deepen it */
  int frame;    /* the first frame of the watched call's own */
  bool spoiled; /* it did or read something beyond its arguments and the board */
  bool calls;   /* it called a function or subroutine by name */
  bool inner;   /* it began inside a spoiled call, which waits in GcInterp memo_outer */
  int nreads;   /* squares it read, or GC_MEMO_READS_MAX + 1: too many to remember */
  int16_t reads[GC_MEMO_READS_MAX];
  int nglobals;
  GcMemoGlobal globals[GC_MEMO_GLOBALS];
  int nemptied; /* squares it emptied, and what each held before (gc_memo_emptied) */
  int16_t emptied[GC_MEMO_EMPTIED];
  uint64_t before[GC_MEMO_EMPTIED];
} GcMemoWatch;
/* A spoiled call waiting while a call inside it is watched: what is left of its watch. */
typedef struct GcMemoOuter {
  int depth, frame;
  bool calls, inner;
} GcMemoOuter;
enum { GC_MEMO_OUTER = 8 }; /* spoiled calls a call on squares may be watched inside */
/* A body whose calls were not remembered lately (seed 000's `checked` defines a function; a def
 * giving a list of squares): not watched for a while. */
typedef struct GcMemoHint {
  const GcToken *body;
  uint16_t failed;  /* its calls not remembered in a row */
  uint16_t skipped; /* calls not watched since */
} GcMemoHint;
enum { GC_MEMO_HINTS = 512 };
/* A call as it is remembered: the function's body (a def's tokens, a sub's statement) and its
 * arguments, each a square's index or a small scalar's code (gc_memo.c scalar_code); keyed false
 * where an argument is neither, where none is a square and none need be (gc_memo_key), where
 * the call is inside a watched one still unspoiled (its reads are that one's: Ultima's `frozen`
 * asking `sideof`), or where its body has lately not been remembered (GcMemoHint). */
typedef struct GcMemoKey {
  const GcToken *body;
  bool keyed;
  int nargs;
  int32_t arg[GC_MEMO_ARGS];
} GcMemoKey;
/* square_optional: the call may be remembered on scalars alone (a subroutine's, or a def of
 * GC_MEMO_LONG_DEF tokens or more); a shorter def only with a square among its arguments
 * (`isupper #0` is quicker evaluated than looked up). */
enum { GC_MEMO_LONG_DEF = 6 };
void gc_memo_key(GcInterp *gc, GcMemoKey *key, const GcToken *toks, const GcValue *args, int nargs,
                 bool square_optional);
/* The remembered result of the call, or false; on false the caller runs it between
 * gc_memo_begin (false: not watched) and gc_memo_end. */
bool gc_memo_find(GcInterp *gc, const GcMemoKey *key, GcValue *out);
bool gc_memo_begin(GcInterp *gc, const GcMemoKey *key);
void gc_memo_end(GcInterp *gc, const GcMemoKey *key, int rc, const GcValue *out);
void gc_memo_clear(GcInterp *gc); /* the geometry changed: nothing remembered holds */
/* A function or subroutine (re)defined: what calls one by name is not found again (a call of a
 * function calling none stands: a function defined anew has another body, its key). */
void gc_memo_redefined(GcInterp *gc);
void gc_memo_free(GcInterp *gc);

/* ---------------- operators and commands ---------------- */

enum { OP_FIXED, OP_VARIADIC, OP_AND, OP_OR, OP_UNLESS, OP_ONLYIF, OP_COND, OP_FN, OP_SUB };

typedef int (*GcOpFn)(GcInterp *gc, GcValue *args, int nargs, GcValue *out);

/* What an operator does to a function's result that gc_memo.c may remember (GcOpDef memo):
 * GC_MEMO_NO (the default: the result depends on more than the operands and the board, or the
 * operator changes something), GC_MEMO_PURE (a function of its operands alone) or GC_MEMO_READS
 * (of its operands and the squares it notes with gc_memo_note, where it reads the board). */
enum { GC_MEMO_NO, GC_MEMO_PURE, GC_MEMO_READS };

typedef struct GcOpDef {
  const char *name;
  int kind;
  int arity; /* OP_FIXED */
  GcOpFn fn;
  int memo; /* GC_MEMO_NO, GC_MEMO_PURE or GC_MEMO_READS */
} GcOpDef;

typedef int (*GcCmdFn)(GcInterp *gc, const GcIns *ins, GcToken *args, int nargs);

/* A command receives its raw argument tokens and substitutes or evaluates them itself
 * (`def` keeps its body unsubstituted: #names resolve when the function is called). */
typedef struct GcCmdDef {
  const char *name;
  GcCmdFn fn;
  /* changes nothing but the running call's own variables, or empties squares it notes with
   * gc_memo_emptied (gc_memo.c) */
  bool memo;
} GcCmdDef;

extern const GcOpDef gc_core_ops[];  /* gc_lib_core.c: logic, arithmetic, strings, arrays */
extern const GcOpDef gc_name_ops[];  /* gc_lib_names.c: var const flag fn sub alias ... */
extern const GcOpDef gc_board_ops[]; /* gc_lib_board.c: board queries and generators */
extern const GcOpDef gc_check_ops[]; /* gc_lib_check.c: check* move primitives */
extern const GcCmdDef gc_commands[]; /* gc_cmds.c */

const GcOpDef *gc_find_op(const GcInterp *gc, const char *name);
const GcCmdDef *gc_find_cmd(const GcInterp *gc, const char *name);

/* ---------------- interpreter state ---------------- */

enum { ST_OK = 0, ST_ERROR = 1, ST_DIE = 2, ST_RETURN = 3 };

enum { TAG_GLOBAL = 0, TAG_MY = 1, TAG_LOCAL = 2 };

typedef struct GcFrame {
  GcMap vars;
  int is_sub; /* sub frames bound `my`; fn frames only hold =name locals */
  int locals; /* variables declared `local` here: callees look up only frames that have some */
  size_t iter_base;
  uint64_t serial; /* names resolved while this frame is on top are cached under it (var_cache) */
} GcFrame;

typedef struct GcFuncDef {
  GcToken *toks; /* borrowed from a program */
  int ntoks;
  int arity;        /* #0..#n plus named =params */
  int nplace;       /* placeholders #0..#n */
  const char *file; /* where the def ran (a program's file name), for errors in the body */
  int line;
} GcFuncDef;

typedef struct GcSubDef {
  GcProgram *prog;
  int index;    /* the SUB instruction */
  bool memo_ok; /* its commands and operators are all ones a remembered call may use (gc_memo.c) */
} GcSubDef;

typedef struct GcIter {
  GcValue arr;
  size_t pos;
  int ins; /* FOR instruction */
} GcIter;

typedef struct GcMoveVars {
  char origin[32], dest[32], moved[32], old[32];
  int origin_at, dest_at; /* the board's index of origin and dest, -1 where they name no square */
} GcMoveVars;
#define GC_NO_MOVE ((GcMoveVars){.origin_at = -1, .dest_at = -1})

struct GcInterp {
  GcBoard board;
  GcBoard stored;
  int has_stored;
  GcMap globals, consts, flags, system;
  /* Which contents consts, flags, system, aliases and realnames have (gc_tables_changed): a
   * saved state of the same version holds the same, and restoring it copies none of them. */
  uint64_t tables_version;
  /* What the system table says of the turn's parts (maxmove, ban and allow), read once a
   * tables_version (gc_referee.c turn_rules). */
  struct {
    uint64_t version;
    int maxmove;
    int nseen;
    struct {
      const char *type; /* a part_type, a string constant */
      int part, banned;
    } seen[8];
  } turn_rules;
  GcMap aliases;     /* `alias a x`: x -> a (label to notation, codename to display name) */
  GcMap realnames;   /* and a -> x (what a player types back to the label), seed 004 */
  GcMap funcs, subs; /* name -> index into fdefs/sdefs */
  /* The functions named by one character (a piece's label: `fn #piece` asks one for every
   * piece the referee looks at), by that character: index + 1, 0 not looked up yet, -1 none.
   * Emptied when a function of a new name is defined (a name defined again keeps its index). */
  int fn_by_char[128];
  /* Text -> the one string value of the constants and #names of every program compiled here:
   * a variable's map key made from a token and a #name that reads it are the same pointer, and
   * finding the variable compares no text (gc_value.c find_slot). */
  GcMap interned;
  GcMap included; /* include file path -> index into programs (compiled once) */
  GcFuncDef *fdefs;
  int nfdefs, capfdefs;
  GcSubDef *sdefs;
  int nsdefs, capsdefs;
  GcMap opindex, cmdindex; /* name -> table pointer (stored as number index) */
  const GcOpDef **optable;
  int nops;
  const GcCmdDef **cmdtable;
  int ncmds;

  GcFrame *frames;
  int nframes, capframes;
  GcIter *iters;
  size_t niters, capiters;
  GcValue *stack;
  size_t sp, capstack;

  GcMoveVars mv, prev;
  int have_move;
  char *thismove;
  size_t thismove_cap;   /* its allocation, reused by the next move that fits */
  int part;              /* 1-based part number of the move being executed */
  const char *part_type; /* kind of the last notation part: moves captures promotions drops pass */

  char say[512];
  GcResult result;
  int result_player;
  int player; /* player whose section is running */
  int continuemove;
  /* A turn of several parts (seed 003): after a part that called `continuemove`, the next
   * gc_play replays the whole turn so far plus the new part from the state before the turn's
   * first part, as Game Courier replays a continued move. */
  GcState *turn_start;  /* the state before the open turn's first part; NULL when none is open */
  char *turn_text;      /* the open turn's parts so far, joined by "; " */
  int skip_postgame;    /* gc_set_postgame(gc, false): moves are judged by Post-Move alone */
  bool skip_messages;   /* gc_set_messages(gc, false): die and say leave their text empty */
  GcValue legal;        /* setlegal list */
  GcValue promote;      /* askpromote choices, null when none */
  GcValue start_labels; /* labels of the position gc_set_board built, for $pieces */

  GcValue coord_values[GC_MAX_CELLS]; /* shared string values of the coordinate names */
  int ncoord_values;
  GcValue char_values[128]; /* shared one-character strings (labels, "@") */
  struct {
    const char *text;
    int index;
  } coord_cache[256]; /* interned name -> cell */
  /* Where a variable's name led last (gc_var_find_h), by its interned name and the frame on
   * top (its serial, 0 at top level): valid while var_epoch stands.  The epoch moves whenever
   * what a name resolves to may change in every frame: a global made or removed, the variables
   * restored or replaced, and at the start of every run.  A frame's own changes (a name
   * declared in it, its table grown) give it a new serial instead; a callee's frame cannot
   * change its callers' tables, so their answers stand when it is popped. */
  uint64_t var_epoch, var_serial, serials;
  struct {
    const char *name;
    uint64_t epoch, serial;
    GcMapSlot *slot; /* NULL: no variable of that name */
  } var_cache[512];

  /* The remembered results of functions (gc_memo.c), and the call being watched now. */
  struct GcMemoTable *memo;
  bool memo_off;       /* gc_set_memo(gc, false) */
  uint32_t memo_epoch; /* moves when a function or subroutine is (re)defined */
  GcMemoWatch memo_call;
  GcMemoOuter memo_outer[GC_MEMO_OUTER]; /* the spoiled calls the watched one is inside */
  int memo_nouter;
  GcMemoHint memo_hints[GC_MEMO_HINTS];

  GcLimits limits;
  long steps;
  int64_t run_started_ms; /* when this top-level run's clock was first read; 0: not yet */
  GcInterruptFn interrupt_fn;
  void *interrupt_ctx;
  bool interrupted; /* the last run was stopped by interrupt_fn */
  int depth;
  const char *cur_file;
  int cur_line;
  GcError errbuf; /* the last preset error (ST_ERROR) */
  char die_msg[512];
  char die_file[128]; /* where the last `die` ran ("" when the move reader refused) */
  int reading_move;   /* the player's move text is being read (not notation in code) */
  int die_line;
  char include_dir[256];
  char include_header[256]; /* the preset's Include: header, as written */
  GcIncludeFn include_fn;   /* finds include files instead of include_dir, when set */
  void *include_ctx;
  GcLogFn log_fn;
  void *log_ctx;

  GcProgram **programs;
  int nprograms, capprograms;
  int include_depth;
  size_t source_bytes; /* of the preset and every file it included: GC_MAX_SOURCE at most */
  int fn_nplace;       /* placeholders of the function being evaluated (for =name params) */

  /* preset */
  char game[128];
  char *files, *ranks, *fen;
  char preset_file[128];                              /* the preset's file name, for errors in its headers */
  int files_line, ranks_line, fen_line, include_line; /* where the headers stand (0: not given) */
  GcProgram *sections[7];                             /* pregame, premove1/2, postmove1/2, postgame1/2 */
  bool pregame_failed; /* gc_load_preset_text_all left a Pre-Game out that did not compile */
  int ply;
  int to_move; /* 1 or 2: alternates unless the turn called continuemove */
  int started;
  int from_fen; /* gc_start_from is running: reconcile what Pre-Game hard-coded */
};

/* The preset and its includes together: a source larger than any real preset by far (the
 * largest Game Courier presets are some hundred kilobytes), that still compiles in about a second
 * and a few hundred megabytes. */
enum { GC_MAX_SOURCE = 8 << 20 };

enum { SEC_PREGAME, SEC_PREMOVE1, SEC_PREMOVE2, SEC_POSTMOVE1, SEC_POSTMOVE2, SEC_POSTGAME1, SEC_POSTGAME2, SEC_COUNT };

/* gc_referee.c: consts, flags, system, aliases or realnames were changed; every change takes a
 * version no interpreter of the process has had (states are cloned between them). */
void gc_tables_changed(GcInterp *gc);

/* gc_exec.c */
int gc_error_at(GcInterp *gc, const char *fmt, ...);
int gc_run(GcInterp *gc, GcProgram *p, int start, GcValue *ret);
int gc_run_program(GcInterp *gc, GcProgram *p); /* top level, resets step counter */
int gc_call_sub(GcInterp *gc, const char *name, GcValue *args, int nargs, GcValue *ret);
/* A sub by name (NULL: none), its parameter count, and a call of it found already.  The
 * pointer is into the table of subs: a call that may define subs invalidates it. */
const GcSubDef *gc_find_sub(const GcInterp *gc, const char *name);
int gc_sub_def_params(const GcSubDef *s);
int gc_call_sub_def(GcInterp *gc, const GcSubDef *s, const char *name, GcValue *args, int nargs, GcValue *ret);
GcProgram *gc_adopt_program(GcInterp *gc, GcProgram *p);
GcValue *gc_var_find(GcInterp *gc, const char *name);
/* name: an interned string (gc_intern), hash: gc_hash(name); the answer is cached.  The whole
 * lookup; gc_var_find_h (below) answers from the cache first. */
GcValue *gc_var_find_resolve(GcInterp *gc, const char *name, unsigned hash);
/* The variables' bindings may have changed (GcInterp var_epoch): what was found is found again. */
static inline void gc_vars_changed(GcInterp *gc) { gc->var_epoch++; }
void gc_var_set(GcInterp *gc, const char *name, GcValue v);
/* `inc` and `dec`: adds by to the variable's number, a new global (by) where there is none;
 * one lookup (Ultima and seed 000 count every position in a global named by its FEN).  ST_OK,
 * or ST_ERROR past the limit of variables. */
int gc_var_add(GcInterp *gc, const char *name, double by);
/* The same with the name a string value (GC_STR) that a new global shares as its key. */
int gc_var_add_named(GcInterp *gc, const GcValue *name, double by);
void gc_var_declare(GcInterp *gc, const char *name, int tag);
/* A token that names a variable as it stands (a word or string with nothing to substitute):
 * setting or declaring it through the token neither hashes nor copies the name. */
static inline bool gc_token_names(const GcToken *t) { return t->has_lit && t->lit.type == GC_STR; }
void gc_var_set_token(GcInterp *gc, const GcToken *t, GcValue v);
void gc_var_declare_token(GcInterp *gc, const GcToken *t, int tag);
/* A sub's or function's frame of variables, pushed empty (is_sub: it binds `my`), and popped. */
GcFrame *gc_push_frame(GcInterp *gc, int is_sub);
void gc_pop_frame(GcInterp *gc);
int gc_check_budget(GcInterp *gc);
/* The square the text s names, or -1 (no variable is read, unlike gc_coord).  Coordinates made
 * by the generators share the interned name strings: a pointer cache recognises them without
 * hashing (valid until the geometry changes). */
static inline int gc_square_index(GcInterp *gc, const char *s) {
  size_t slot = ((size_t)(const void *)s >> 4) & (sizeof gc->coord_cache / sizeof gc->coord_cache[0] - 1);
  if (gc->coord_cache[slot].text == s) return gc->coord_cache[slot].index;
  int i = gc_board_index(&gc->board, s);
  if (i >= 0 && gc->coord_values[i].u.s == s) {
    gc->coord_cache[slot].text = s;
    gc->coord_cache[slot].index = i;
  }
  return i;
}

/* Whether a call is watched and may still be remembered: what it reads and does matters. */
static inline bool gc_memo_watching(const GcInterp *gc) { return gc->memo_call.depth && !gc->memo_call.spoiled; }

/* A variable's value by its interned name (gc_var_find_resolve): where the cache knows the name
 * and no call is watched, answered here, the commonest reading of the calculator. */
static inline GcValue *gc_var_find_h(GcInterp *gc, const char *name, unsigned hash) {
  size_t at = ((uintptr_t)name >> 4) & (sizeof gc->var_cache / sizeof gc->var_cache[0] - 1);
  if (gc->var_cache[at].name == name && gc->var_cache[at].epoch == gc->var_epoch &&
      gc->var_cache[at].serial == gc->var_serial && !gc_memo_watching(gc))
    return gc->var_cache[at].slot ? &gc->var_cache[at].slot->val : NULL;
  return gc_var_find_resolve(gc, name, hash);
}

/* The watched call read square i (a real index). */
static inline void gc_memo_note(GcInterp *gc, int i) {
  if (!gc_memo_watching(gc) || i < 0) return;
  int n = gc->memo_call.nreads;
  if (n > GC_MEMO_READS_MAX) return;
  for (int k = 0; k < n; k++)
    if (gc->memo_call.reads[k] == i) return;
  if (n == GC_MEMO_READS_MAX) {
    gc->memo_call.nreads = GC_MEMO_READS_MAX + 1;
    return;
  }
  gc->memo_call.reads[n] = (int16_t)i;
  gc->memo_call.nreads = n + 1;
}
/* The watched call empties square i (a real index), which held what it holds now. */
void gc_memo_emptied(GcInterp *gc, int i);
/* The watched call did or read something else: it is not remembered. */
static inline void gc_memo_spoil(GcInterp *gc) {
  if (gc->memo_call.depth) gc->memo_call.spoiled = true;
}
/* A variable's slot found while a call is watched: the call's own, or a global whose value is
 * a scalar or a square (noted with it); anything else spoils the call. */
void gc_memo_check_slot(GcInterp *gc, const GcMapSlot *slot);
/* A variable's slot about to be written: spoiled unless one of the call's own frames holds it. */
void gc_memo_check_write(GcInterp *gc, const GcMapSlot *slot);

/* gc_value.c's shared count of what values hold, read on every step (gc_memory_held outside). */
extern _Atomic long long gc_held_shared;

static inline bool gc_over_memory(const GcInterp *gc) {
  return atomic_load_explicit(&gc_held_shared, memory_order_relaxed) > (long long)gc->limits.max_memory;
}
/* One step of a run: counted against the step limit; the memory that values hold is compared
 * with its limit at every step (one step can make a value of megabytes), the clocks every 1024
 * steps. */
static inline int gc_step(GcInterp *gc) {
  if (++gc->steps > gc->limits.max_steps || gc_over_memory(gc) || (gc->steps & 1023) == 0) return gc_check_budget(gc);
  return 0;
}
/* A new top-level run: its step count and its clock start again. */
static inline void gc_begin_run(GcInterp *gc) {
  gc->steps = 0;
  gc->run_started_ms = 0;
  gc->interrupted = false;
}

/* gc_eval.c */
int gc_eval(GcInterp *gc, const GcToken *toks, int n, const GcValue *args, int nargs, GcValue *out);
int gc_call_fn(GcInterp *gc, const char *name, GcValue *args, int nargs, GcValue *out);
/* A function by name (NULL: none); the pointer is into the table, as gc_find_sub's. */
const GcFuncDef *gc_find_fn(const GcInterp *gc, const char *name);
/* The arguments a call of the function (kind OP_FN) or subroutine (OP_SUB) `name` takes
 * besides its name, or -1 where there is none of that name. */
int gc_call_params(const GcInterp *gc, int kind, const char *name);
/* Evaluates an unevaluated (...) group in place; anything else stays as it is. */
int gc_force_lazy(GcInterp *gc, GcValue *v, const GcValue *args, int nargs);
static inline int gc_force(GcInterp *gc, GcValue *v, const GcValue *args, int nargs) {
  return v->type == GC_LAZY ? gc_force_lazy(gc, v, args, nargs) : ST_OK;
}
/* Text of a token after #name / origin-dest-moved-old substitution; caller frees. */
char *gc_subst_text(GcInterp *gc, const GcToken *t, const GcValue *args, int nargs);
/* Value of a word token after substitution (keeps arrays for whole-token #name). */
GcValue gc_token_value(GcInterp *gc, const GcToken *t, const GcValue *args, int nargs);
void gc_define_func(GcInterp *gc, const char *name, GcToken *toks, int n);

/* helpers shared by builtins */
GcValue gc_coord_value(GcInterp *gc, int index); /* the coordinate name of a cell */
GcValue gc_label_value(GcInterp *gc, const char *label);
/* A text that names a square: the board's own coordinate string (shared by copies, recognised
 * by gc_coord without hashing), else a copy of the text. */
GcValue gc_square_value(GcInterp *gc, const char *name);
GcValue gc_square_value_at(GcInterp *gc, const char *name, int index); /* index: name's, or -1 */
void gc_refresh_coords(GcInterp *gc);                                  /* after the geometry changed */
int gc_coord(GcInterp *gc, const GcValue *v);                          /* cell index or -1 */
int gc_check_string(GcInterp *gc, size_t len);
int gc_check_array(GcInterp *gc, size_t len);
enum { GC_MAX_NESTING = 64 };
int gc_check_nesting(GcInterp *gc, const GcValue *v);
const char *gc_alias_of(GcInterp *gc, const char *name);

/* The distinct images of the offset (a, b) under sign changes and swapping the axes (the
 * "symmetric" check functions, reference §4.4), in the order (a,b) (-a,b) (a,-b) (-a,-b)
 * then swapped. Returns how many. */
static inline int gc_sym_dirs(int a, int b, int dirs[8][2]) {
  int cand[8][2] = {{a, b}, {-a, b}, {a, -b}, {-a, -b}, {b, a}, {-b, a}, {b, -a}, {-b, -a}};
  int n = 0;
  for (int i = 0; i < 8; i++) {
    int dup = 0;
    for (int j = 0; j < n && !dup; j++) dup = dirs[j][0] == cand[i][0] && dirs[j][1] == cand[i][1];
    if (dup || (cand[i][0] == 0 && cand[i][1] == 0)) continue;
    dirs[n][0] = cand[i][0];
    dirs[n][1] = cand[i][1];
    n++;
  }
  return n;
}

/* gc_lib_names.c: $name system variables; returns 1 and sets *out when name is known */
int gc_sysvar(GcInterp *gc, const char *name, GcValue *out);
/* Records the labels standing on the board just set up (the game's pieces, for $pieces). */
void gc_note_start_labels(GcInterp *gc);

/* gc_cmds.c: whole file as a malloc'd string, NULL if unreadable */

/* gc_move.c: player notation */
int gc_exec_notation(GcInterp *gc, const char *text);

#ifdef __cplusplus
}
#endif
#endif
