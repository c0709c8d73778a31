/* Shared internals of the GAME Code interpreter (not for use outside src/gamecode). */
#ifndef GC_INTERNAL_H
#define GC_INTERNAL_H

#include "gamecode/gamecode.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------- tokens and statements (gc_lex.c) ---------------- */

typedef enum { TK_WORD, TK_STRING, TK_GROUP } gc_tok_kind;

struct gc_opdef;

typedef struct gc_token {
    gc_tok_kind kind;
    unsigned char subst;   /* text substitution needed (#name, origin/dest/moved/old) */
    unsigned char literal; /* group holding only plain words: an array literal */
    char *text;            /* word or string contents; NULL for groups */
    const struct gc_opdef *op; /* resolved operator, for plain words */
    struct gc_token *kids; /* group members */
    int nkids;
    unsigned char has_lit; /* lit holds the constant value of a plain word or string */
    gc_value lit;
    int argno;             /* a whole-token #n: n; otherwise -1 */
    unsigned name_hash;    /* a whole-token #name: gc_hash(name) */
} gc_token;

typedef struct gc_stmt {
    gc_token *toks;
    int ntoks;
    int line;
} gc_stmt;

typedef struct gc_source {
    gc_stmt *stmts;
    int nstmts;
} gc_source;

/* Splits source text into statements of tokens. Returns 0, or -1 with err set. */
int gc_lex(gc_interp *gc, const char *text, const char *file, gc_source *out, gc_error *err);
void gc_source_free(gc_source *src);
void gc_tokens_free(gc_token *toks, int n);

/* ---------------- program (gc_parse.c) ---------------- */

typedef enum {
    INS_CMD, INS_IF, INS_ELSEIF, INS_ELSE, INS_ENDIF, INS_FOR, INS_NEXT, INS_DO, INS_LOOP,
    INS_SWITCH, INS_CASE, INS_DEFAULT, INS_ENDSWITCH, INS_BREAK, INS_CONTINUE, INS_SUB,
    INS_ENDSUB, INS_RETURN, INS_VERIFY, INS_NOP
} gc_ins_kind;

enum { LOOP_PLAIN = 0, LOOP_WHILE, LOOP_UNTIL, LOOP_NEVER };

struct gc_cmddef;

typedef struct gc_ins {
    gc_ins_kind kind;
    int line;
    int jump;   /* IF/ELSEIF: next branch; FOR: NEXT; NEXT/LOOP: opener; DO/SWITCH/SUB: closer;
                   BREAK/CONTINUE: enclosing construct's opener */
    int end;    /* ELSEIF/ELSE: the chain's ENDIF */
    int loopmode;
    const struct gc_cmddef *cmd; /* INS_CMD: NULL when the head is not a command */
    const char *head;            /* INS_CMD: head word */
    gc_token *args;              /* tokens after the head (and after while/until) */
    int nargs;
    int *cases;                  /* SWITCH: indices of its CASE/DEFAULT instructions */
    int ncases;
} gc_ins;

typedef struct gc_program {
    char file[128];
    gc_source src;
    gc_ins *code;
    int n;
} gc_program;

gc_program *gc_compile(gc_interp *gc, const char *text, const char *file, gc_error *err);
void gc_program_free(gc_program *p);

/* ---------------- operators and commands ---------------- */

enum {
    OP_FIXED, OP_VARIADIC, OP_AND, OP_OR, OP_UNLESS, OP_ONLYIF, OP_COND, OP_FN, OP_SUB
};

typedef int (*gc_opfn)(gc_interp *gc, gc_value *args, int nargs, gc_value *out);

typedef struct gc_opdef {
    const char *name;
    int kind;
    int arity; /* OP_FIXED */
    gc_opfn fn;
} gc_opdef;

typedef int (*gc_cmdfn)(gc_interp *gc, const gc_ins *ins, gc_token *args, int nargs);

/* A command receives its raw argument tokens and substitutes or evaluates them itself
 * (`def` keeps its body unsubstituted: #names resolve when the function is called). */
typedef struct gc_cmddef {
    const char *name;
    gc_cmdfn fn;
} gc_cmddef;

extern const gc_opdef gc_core_ops[];   /* gc_lib_core.c: logic, arithmetic, strings, arrays */
extern const gc_opdef gc_name_ops[];   /* gc_lib_names.c: var const flag fn sub alias ... */
extern const gc_opdef gc_board_ops[];  /* gc_lib_board.c: board queries and generators */
extern const gc_opdef gc_check_ops[];  /* gc_lib_check.c: check* move primitives */
extern const gc_cmddef gc_commands[];  /* gc_cmds.c */

const gc_opdef *gc_find_op(const gc_interp *gc, const char *name);
const gc_cmddef *gc_find_cmd(const gc_interp *gc, const char *name);

/* ---------------- interpreter state ---------------- */

enum { ST_OK = 0, ST_ERROR = 1, ST_DIE = 2, ST_RETURN = 3 };

enum { TAG_GLOBAL = 0, TAG_MY = 1, TAG_LOCAL = 2 };

typedef struct gc_frame {
    gc_map vars;
    int is_sub;    /* sub frames bound `my`; fn frames only hold =name locals */
    size_t iter_base;
} gc_frame;

typedef struct gc_funcdef {
    gc_token *toks; /* borrowed from a program */
    int ntoks;
    int arity;      /* #0..#n plus named =params */
    int nplace;     /* placeholders #0..#n */
    const char *file; /* where the def ran (a program's file name), for errors in the body */
    int line;
} gc_funcdef;

typedef struct gc_subdef {
    gc_program *prog;
    int index;      /* the SUB instruction */
} gc_subdef;

typedef struct gc_iter {
    gc_value arr;
    size_t pos;
    int ins;        /* FOR instruction */
} gc_iter;

typedef struct gc_movevars {
    char origin[32], dest[32], moved[32], old[32];
} gc_movevars;

struct gc_interp {
    gc_board board;
    gc_board stored;
    int has_stored;
    gc_map globals, consts, flags, system;
    gc_map aliases;   /* `alias a x`: x -> a (label to notation, codename to display name) */
    gc_map realnames; /* and a -> x (what a player types back to the label), seed 004 */
    gc_map funcs, subs; /* name -> index into fdefs/sdefs */
    gc_map included;    /* include file path -> index into programs (compiled once) */
    gc_funcdef *fdefs;
    int nfdefs, capfdefs;
    gc_subdef *sdefs;
    int nsdefs, capsdefs;
    gc_map opindex, cmdindex; /* name -> table pointer (stored as number index) */
    const gc_opdef **optable;
    int nops;
    const gc_cmddef **cmdtable;
    int ncmds;

    gc_frame *frames;
    int nframes, capframes;
    gc_iter *iters;
    size_t niters, capiters;
    gc_value *stack;
    size_t sp, capstack;

    gc_movevars mv, prev;
    int have_move;
    char *thismove;
    int part;          /* 1-based part number of the move being executed */
    const char *part_type; /* kind of the last notation part: moves captures promotions drops pass */

    char say[512];
    gc_result result;
    int result_player;
    int player;        /* player whose section is running */
    int continuemove;
    int skip_postgame; /* gc_set_postgame(gc, false): moves are judged by Post-Move alone */
    gc_value legal;    /* setlegal list */
    gc_value promote;  /* askpromote choices, null when none */
    gc_value start_labels; /* labels of the position gc_set_board built, for $pieces */

    gc_value coord_values[GC_MAX_CELLS]; /* shared string values of the coordinate names */
    int ncoord_values;
    gc_value char_values[128];           /* shared one-character strings (labels, "@") */
    struct { const char *text; int index; } coord_cache[256]; /* interned name -> cell */

    gc_limits limits;
    long steps;
    int depth;
    const char *cur_file;
    int cur_line;
    gc_error errbuf;   /* the last preset error (ST_ERROR) */
    char die_msg[512];
    char die_file[128];   /* where the last `die` ran ("" when the move reader refused) */
    int reading_move;     /* the player's move text is being read (not notation in code) */
    int die_line;
    char include_dir[256];
    char include_header[256]; /* the preset's Include: header, as written */
    gc_include_fn include_fn; /* finds include files instead of include_dir, when set */
    void *include_ctx;
    gc_log_fn log_fn;
    void *log_ctx;

    gc_program **programs;
    int nprograms, capprograms;
    int include_depth;
    int fn_nplace;     /* placeholders of the function being evaluated (for =name params) */

    /* preset */
    char game[128];
    char *files, *ranks, *fen;
    gc_program *sections[7]; /* pregame, premove1/2, postmove1/2, postgame1/2 */
    int ply;
    int to_move;       /* 1 or 2: alternates unless the turn called continuemove */
    int started;
    int from_fen;      /* gc_start_from is running: reconcile what Pre-Game hard-coded */
};

enum { SEC_PREGAME, SEC_PREMOVE1, SEC_PREMOVE2, SEC_POSTMOVE1, SEC_POSTMOVE2, SEC_POSTGAME1,
       SEC_POSTGAME2, SEC_COUNT };

/* gc_exec.c */
int gc_error_at(gc_interp *gc, const char *fmt, ...);
int gc_run(gc_interp *gc, gc_program *p, int start, gc_value *ret);
int gc_run_program(gc_interp *gc, gc_program *p); /* top level, resets step counter */
int gc_call_sub(gc_interp *gc, const char *name, gc_value *args, int nargs, gc_value *ret);
int gc_sub_params(gc_interp *gc, const char *name);
gc_program *gc_adopt_program(gc_interp *gc, gc_program *p);
gc_value *gc_var_find(gc_interp *gc, const char *name);
gc_value *gc_var_find_h(gc_interp *gc, const char *name, unsigned hash);
void gc_var_set(gc_interp *gc, const char *name, gc_value v);
void gc_var_declare(gc_interp *gc, const char *name, int tag);
int gc_step(gc_interp *gc);

/* gc_eval.c */
int gc_eval(gc_interp *gc, const gc_token *toks, int n, const gc_value *args, int nargs,
            gc_value *out);
int gc_call_fn(gc_interp *gc, const char *name, gc_value *args, int nargs, gc_value *out);
int gc_fn_arity(gc_interp *gc, const char *name);
int gc_force(gc_interp *gc, gc_value *v, const gc_value *args, int nargs);
/* Text of a token after #name / origin-dest-moved-old substitution; caller frees. */
char *gc_subst_text(gc_interp *gc, const gc_token *t, const gc_value *args, int nargs);
/* Value of a word token after substitution (keeps arrays for whole-token #name). */
gc_value gc_token_value(gc_interp *gc, const gc_token *t, const gc_value *args, int nargs);
void gc_define_func(gc_interp *gc, const char *name, gc_token *toks, int n);

/* helpers shared by builtins */
gc_value gc_coord_value(gc_interp *gc, int index); /* the coordinate name of a cell */
gc_value gc_label_value(gc_interp *gc, const char *label);
void gc_refresh_coords(gc_interp *gc); /* after the geometry changed */
int gc_coord(gc_interp *gc, const gc_value *v); /* cell index or -1 */
int gc_check_string(gc_interp *gc, size_t len);
int gc_check_array(gc_interp *gc, size_t len);
enum { GC_MAX_NESTING = 64 };
int gc_check_nesting(gc_interp *gc, const gc_value *v);
const char *gc_alias_of(gc_interp *gc, const char *name);

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
int gc_sysvar(gc_interp *gc, const char *name, gc_value *out);
/* Records the labels standing on the board just set up (the game's pieces, for $pieces). */
void gc_note_start_labels(gc_interp *gc);

/* gc_cmds.c: whole file as a malloc'd string, NULL if unreadable */

/* gc_move.c: player notation */
int gc_exec_notation(gc_interp *gc, const char *text);

#ifdef __cplusplus
}
#endif
#endif
