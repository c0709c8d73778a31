/* Commands (statements that are not control structures), reference §4.1. */
#include "gamecode/gc_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CMD(name) static int name(GcInterp *gc, const GcIns *ins, GcToken *args, int n)
#define UNUSED (void)ins

static char *arg_text(GcInterp *gc, const GcToken *t) {
  if (t->kind == TK_WORD && !t->subst && t->text && t->text[0] == '$' && t->text[1]) {
    /* A system variable ($moved, $origin ...) stands for its value, as in an expression:
     * `add $moved $origin` puts the piece that moved back, not a piece labelled "$moved". */
    GcValue v = gc_token_value(gc, t, NULL, 0);
    char *s = gc_to_str_alloc(&v);
    gc_release(&v);
    return s;
  }
  if (!t->subst && t->text) { /* nothing to substitute: a plain copy */
    size_t n = strlen(t->text) + 1;
    char *s = malloc(n);
    if (!s) abort();
    return memcpy(s, t->text, n);
  }
  return gc_subst_text(gc, t, NULL, 0);
}

/* Value of each argument token on its own (no expression evaluation); groups are forced. */
static int arg_value(GcInterp *gc, const GcToken *t, GcValue *out) {
  *out = gc_token_value(gc, t, NULL, 0);
  return gc_force(gc, out, NULL, 0);
}

/* f(gc, the value as a name): a string as it is, anything else spelled out. */
static void name_to(GcInterp *gc, const GcValue *v, void (*f)(GcInterp *, const char *)) {
  if (v->type == GC_STR) {
    f(gc, v->u.s);
    return;
  }
  char *s = gc_to_str_alloc(v);
  f(gc, s);
  free(s);
}

/* Calls f on every scalar named by the arguments (arrays are expanded). */
static int each_name(GcInterp *gc, GcToken *args, int n, void (*f)(GcInterp *, const char *)) {
  for (int i = 0; i < n; i++) {
    GcValue v;
    int rc = arg_value(gc, &args[i], &v);
    if (rc) return gc_release(&v), rc;
    if (v.type == GC_ARR) {
      for (size_t k = 0; k < v.u.a->len; k++) name_to(gc, &v.u.a->items[k].val, f);
    } else {
      name_to(gc, &v, f);
    }
    gc_release(&v);
  }
  return ST_OK;
}

/* Message text: words joined by spaces after #name, origin/dest/moved/old and $name
 * substitution (reference §2.2: $ names are substituted as text in messages). */
static char *message(GcInterp *gc, GcToken *args, int n) {
  GcBuf b = {0};
  gc_buf_add(&b, "", 0);
  for (int i = 0; i < n; i++) {
    char *s = arg_text(gc, &args[i]);
    if (i) gc_buf_addc(&b, ' ');
    for (const char *p = s; *p;) {
      if (*p == '$' && isalpha((unsigned char)p[1])) {
        const char *q = p + 1;
        while (isalnum((unsigned char)*q) || *q == '_') q++;
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(q - p - 1), p + 1);
        GcValue v;
        if (gc_sysvar(gc, name, &v)) {
          char *t = gc_to_str_alloc(&v);
          gc_buf_adds(&b, t);
          free(t);
          gc_release(&v);
          p = q;
          continue;
        }
      }
      gc_buf_addc(&b, *p++);
    }
    free(s);
  }
  return b.data;
}

CMD(cmd_set) {
  UNUSED;
  if (n < 1) return gc_error_at(gc, "set needs a variable name");
  const GcToken *target = &args[0];
  bool named = gc_token_names(target); /* the name as written: no copy, its hash known */
  char *text = named ? NULL : arg_text(gc, target);
  const char *name = named ? target->text : text;
  if (name[0] == 'm' && !strcmp(name, "many")) { /* set many n1 v1 n2 v2 ...: literal pairs */
    free(text);
    for (int i = 1; i + 1 < n; i += 2) {
      char *nm = arg_text(gc, &args[i]);
      GcValue v;
      int rc = arg_value(gc, &args[i + 1], &v);
      if (rc) {
        free(nm);
        return gc_release(&v), rc;
      }
      gc_var_set(gc, nm, v);
      free(nm);
    }
    return ST_OK;
  }
  GcValue v;
  int rc = gc_eval(gc, args + 1, n - 1, NULL, 0, &v);
  if (rc == ST_OK && gc->globals.count >= gc->limits.max_vars && !gc_var_find(gc, name))
    rc = gc_error_at(gc, "too many variables (limit %zu)", gc->limits.max_vars);
  if (rc == ST_OK && named)
    gc_var_set_token(gc, target, v);
  else if (rc == ST_OK)
    gc_var_set(gc, name, v);
  else
    gc_release(&v);
  free(text);
  return rc;
}

CMD(cmd_setconst) {
  UNUSED;
  if (n < 1) return gc_error_at(gc, "setconst needs a name");
  char *name = arg_text(gc, &args[0]);
  GcValue v;
  int rc = gc_eval(gc, args + 1, n - 1, NULL, 0, &v);
  if (rc == ST_OK) {
    gc_map_put(&gc->consts, name, v);
    gc_tables_changed(gc);
  } else
    gc_release(&v);
  free(name);
  return rc;
}

static void flag_on(GcInterp *gc, const char *s) {
  gc_map_put(&gc->flags, s, gc_bool(1));
  gc_tables_changed(gc);
}
static void flag_off(GcInterp *gc, const char *s) {
  if (gc_map_del(&gc->flags, s)) gc_tables_changed(gc);
}
static void var_unset(GcInterp *gc, const char *s) {
  gc_vars_changed(gc);
  gc_map_del(&gc->globals, s);
}
static void declare_my(GcInterp *gc, const char *s) { gc_var_declare(gc, s, TAG_MY); }
static void declare_local(GcInterp *gc, const char *s) { gc_var_declare(gc, s, TAG_LOCAL); }

CMD(cmd_setflag) {
  UNUSED;
  return each_name(gc, args, n, flag_on);
}
CMD(cmd_unsetflag) {
  UNUSED;
  return each_name(gc, args, n, flag_off);
}
CMD(cmd_unset) {
  UNUSED;
  return each_name(gc, args, n, var_unset);
}
/* my/local: names written as they are are declared through their tokens (no hashing, no
 * copy); the others as each_name reads them. */
static int declare(GcInterp *gc, GcToken *args, int n, int tag) {
  for (int i = 0; i < n; i++) {
    int rc = gc_token_names(&args[i]) ? (gc_var_declare_token(gc, &args[i], tag), ST_OK)
                                      : each_name(gc, &args[i], 1, tag == TAG_MY ? declare_my : declare_local);
    if (rc) return rc;
  }
  return ST_OK;
}
CMD(cmd_my) {
  UNUSED;
  return declare(gc, args, n, TAG_MY);
}
CMD(cmd_local) {
  UNUSED;
  return declare(gc, args, n, TAG_LOCAL);
}

CMD(cmd_setsystem) {
  UNUSED;
  if (n < 1) return gc_error_at(gc, "setsystem needs a name");
  char *name = arg_text(gc, &args[0]);
  GcValue v;
  int rc = gc_eval(gc, args + 1, n - 1, NULL, 0, &v);
  if (rc == ST_OK) {
    gc_map_put(&gc->system, name, v);
    gc_tables_changed(gc);
  } else
    gc_release(&v);
  free(name);
  return rc;
}

static int incdec(GcInterp *gc, GcToken *args, int n, double sign) {
  if (n < 1) return gc_error_at(gc, "inc/dec needs a variable name");
  /* `inc #posvar`, a variable named by a string variable (a position's count): that string is
   * the name, shared, not a copy of it written out */
  GcValue named = args[0].ev == EV_NAME ? gc_token_value(gc, &args[0], NULL, 0) : gc_null();
  char *text = named.type == GC_STR ? NULL : arg_text(gc, &args[0]);
  double by = 1;
  int rc = ST_OK;
  if (n > 1) {
    GcValue v;
    rc = gc_eval(gc, args + 1, n - 1, NULL, 0, &v);
    by = gc_to_num(&v);
    gc_release(&v);
  }
  if (rc == ST_OK) rc = text ? gc_var_add(gc, text, sign * by) : gc_var_add_named(gc, &named, sign * by);
  free(text);
  gc_release(&named);
  return rc;
}
CMD(cmd_inc) {
  UNUSED;
  return incdec(gc, args, n, 1);
}
CMD(cmd_dec) {
  UNUSED;
  return incdec(gc, args, n, -1);
}

CMD(cmd_def) {
  UNUSED;
  if (n < 1) return gc_error_at(gc, "def needs a name");
  char *name = arg_text(gc, &args[0]);
  gc_define_func(gc, name, args + 1, n - 1);
  free(name);
  return ST_OK;
}

CMD(cmd_gosub) {
  UNUSED;
  if (n < 1) return gc_error_at(gc, "gosub needs a subroutine name");
  /* a plain name is the token's interned string: no copy, and the table finds it by pointer */
  char *owned = gc_token_names(&args[0]) ? NULL : arg_text(gc, &args[0]);
  const char *name = owned ? owned : args[0].lit.u.s;
  GcValue few[8] = {0}, *vals = n <= 8 ? few : calloc((size_t)n, sizeof(GcValue)); /* the arguments */
  if (!vals) abort();
  int rc = ST_OK;
  for (int i = 1; i < n && rc == ST_OK; i++) rc = arg_value(gc, &args[i], &vals[i - 1]);
  GcValue ret = gc_null();
  if (rc == ST_OK) rc = gc_call_sub(gc, name, vals, n - 1, &ret);
  for (int i = 0; i < n; i++) gc_release(&vals[i]);
  gc_release(&ret);
  if (vals != few) free(vals);
  free(owned);
  return rc;
}

CMD(cmd_die) {
  UNUSED;
  gc->die_msg[0] = 0;
  if (!gc->skip_messages) {
    char *m = message(gc, args, n);
    snprintf(gc->die_msg, sizeof gc->die_msg, "%s", m);
    free(m);
  }
  gc_text_copy(gc->die_file, sizeof gc->die_file, gc->cur_file ? gc->cur_file : "");
  gc->die_line = gc->cur_line;
  return ST_DIE;
}
CMD(cmd_say) {
  UNUSED;
  if (gc->skip_messages) {
    gc->say[0] = 0;
    return ST_OK;
  }
  char *m = message(gc, args, n);
  snprintf(gc->say, sizeof gc->say, "%s", m); /* only the last say survives */
  free(m);
  return ST_OK;
}
/* echo text / print expr: debug output, handed to the caller's logger (library code never
 * prints by itself). */
CMD(cmd_echo) {
  UNUSED;
  if (!gc->log_fn) return ST_OK;
  char *m = message(gc, args, n);
  gc->log_fn(gc->log_ctx, gc->cur_file ? gc->cur_file : "", gc->cur_line, m);
  free(m);
  return ST_OK;
}
CMD(cmd_print) {
  UNUSED;
  if (!gc->log_fn) return ST_OK;
  GcValue v;
  int rc = gc_eval(gc, args, n, NULL, 0, &v);
  if (rc == ST_OK) {
    char *m = gc_to_str_alloc(&v);
    gc->log_fn(gc->log_ctx, gc->cur_file ? gc->cur_file : "", gc->cur_line, m);
    free(m);
  }
  gc_release(&v);
  return rc;
}
static int set_result(GcInterp *gc, GcResult r) {
  gc->result = r;
  gc->result_player = gc->player;
  return ST_OK;
}
CMD(cmd_won) {
  UNUSED, (void)args, (void)n;
  return set_result(gc, GC_RESULT_WON);
}
CMD(cmd_drawn) {
  UNUSED, (void)args, (void)n;
  return set_result(gc, GC_RESULT_DRAWN);
}
CMD(cmd_lost) {
  UNUSED, (void)args, (void)n;
  return set_result(gc, GC_RESULT_LOST);
}
CMD(cmd_continuemove) {
  UNUSED, (void)args, (void)n;
  gc->continuemove = 1;
  return ST_OK;
}

CMD(cmd_askpromote) {
  UNUSED;
  gc_release(&gc->promote);
  gc->promote = gc_arr_new();
  for (int i = 0; i < n; i++) {
    GcValue v;
    int rc = arg_value(gc, &args[i], &v);
    if (rc) return gc_release(&v), rc;
    if (v.type == GC_ARR) {
      for (size_t k = 0; k < v.u.a->len; k++) gc_arr_push(&gc->promote, gc_copy(&v.u.a->items[k].val));
      gc_release(&v);
    } else {
      gc_arr_push(&gc->promote, v);
    }
  }
  return ST_OK;
}

/* Reads the coordinate arguments of board commands. */
static int coord_arg(GcInterp *gc, const GcToken *t, int *index) {
  GcValue v;
  int rc = arg_value(gc, t, &v);
  *index = rc ? -1 : gc_coord(gc, &v);
  gc_release(&v);
  return rc;
}

CMD(cmd_move) {
  UNUSED;
  if (n < 2) return gc_error_at(gc, "move needs two coordinates");
  int from, to, rc;
  if ((rc = coord_arg(gc, &args[0], &from)) || (rc = coord_arg(gc, &args[1], &to))) return rc;
  if (from < 0 || to < 0) return ST_OK; /* off the board: nothing to move */
  if (from == to) return ST_OK;
  strcpy(gc->board.cells[to], gc->board.cells[from]);
  strcpy(gc->board.cells[from], "@");
  return ST_OK;
}

/* Puts label on square c; a call being watched (only `empty` and its synonyms run in one
 * unspoiled: run_cmd) notes the square it empties, with what it held. */
static void set_cell(GcInterp *gc, int c, const char *label) {
  if (gc_memo_watching(gc)) gc_memo_emptied(gc, c);
  strcpy(gc->board.cells[c], label);
}

static int set_cells(GcInterp *gc, GcToken *args, int n, const char *label) {
  for (int i = 0; i < n; i++) {
    GcValue v;
    int rc = arg_value(gc, &args[i], &v);
    if (rc) return gc_release(&v), rc;
    if (v.type == GC_STR && !strcmp(v.u.s, "all")) {
      gc_memo_spoil(gc); /* more squares than a remembered call keeps */
      for (int k = 0; k < gc->board.nfiles * gc->board.nranks; k++)
        if (!gc_board_is_hole(&gc->board, k)) strcpy(gc->board.cells[k], label);
    } else if (v.type == GC_ARR) {
      for (size_t k = 0; k < v.u.a->len; k++) {
        int c = gc_coord(gc, &v.u.a->items[k].val);
        if (c >= 0) set_cell(gc, c, label);
      }
    } else {
      int c = gc_coord(gc, &v);
      if (c >= 0) set_cell(gc, c, label);
    }
    gc_release(&v);
  }
  return ST_OK;
}
CMD(cmd_empty) {
  UNUSED;
  return set_cells(gc, args, n, "@");
}

/* add lbl c1 [c2 ...]  or  add lbl all c1 c2 ... */
CMD(cmd_add) {
  UNUSED;
  if (n < 2) return gc_error_at(gc, "add needs a piece and a coordinate");
  char *label = arg_text(gc, &args[0]);
  if (strlen(label) >= GC_LABEL_MAX || !label[0]) {
    int rc = gc_error_at(gc, "bad piece label '%s'", label);
    free(label);
    return rc;
  }
  int k = 1;
  if (args[1].kind == TK_WORD && !strcmp(args[1].text, "all")) k = 2;
  int rc = set_cells(gc, args + k, n - k, label);
  free(label);
  return rc;
}

CMD(cmd_flip) {
  UNUSED;
  for (int i = 0; i < n; i++) {
    GcValue v;
    int rc = arg_value(gc, &args[i], &v);
    if (rc) return gc_release(&v), rc;
    GcValue one = gc_arr_new();
    if (v.type == GC_ARR) {
      gc_release(&one);
      one = gc_copy(&v);
    } else {
      gc_arr_push(&one, gc_copy(&v));
    }
    for (size_t k = 0; k < one.u.a->len; k++) {
      int c = gc_coord(gc, &one.u.a->items[k].val);
      if (c < 0) continue;
      for (char *p = gc->board.cells[c]; *p; p++)
        *p = (char)(isupper((unsigned char)*p) ? tolower((unsigned char)*p) : toupper((unsigned char)*p));
    }
    gc_release(&one);
    gc_release(&v);
  }
  return ST_OK;
}

CMD(cmd_store) {
  UNUSED, (void)args, (void)n;
  memcpy(gc->stored.cells, gc->board.cells, sizeof(gc->board.cells[0]) * (size_t)(gc->board.nfiles * gc->board.nranks));
  gc->has_stored = 1;
  return ST_OK;
}
CMD(cmd_restore) {
  UNUSED, (void)args, (void)n;
  if (!gc->has_stored) return ST_OK;
  memcpy(gc->board.cells, gc->stored.cells, sizeof(gc->board.cells[0]) * (size_t)(gc->board.nfiles * gc->board.nranks));
  return ST_OK;
}

/* alias a1 x1 a2 x2 ...: a is the alias (notation, display name) of x. The two directions
 * are two maps: `alias x` gives a, `realname a` (and the move reader) gives x back. Keeping them
 * apart is what makes seed 004's lock-out idiom work: after `alias c a C A; alias a nn A NN`
 * the label A still shows as C, while a player typing A reaches the unused label NN. */
CMD(cmd_alias) {
  UNUSED;
  for (int i = 0; i + 1 < n; i += 2) {
    char *al = arg_text(gc, &args[i]), *orig = arg_text(gc, &args[i + 1]);
    gc_map_put(&gc->aliases, orig, gc_str(al));
    gc_map_put(&gc->realnames, al, gc_str(orig));
    gc_tables_changed(gc);
    free(al);
    free(orig);
  }
  return ST_OK;
}

/* ban / allow: recorded in the system namespace (the referee enforces maxmove). */
CMD(cmd_ban) {
  for (int i = 0; i < n; i++) {
    char *s = arg_text(gc, &args[i]);
    char key[96];
    snprintf(key, sizeof key, "ban:%s", s);
    gc_map_put(&gc->system, key, gc_bool(1));
    gc_tables_changed(gc);
    free(s);
  }
  (void)ins;
  return ST_OK;
}
CMD(cmd_allow) {
  UNUSED;
  for (int i = 0; i + 1 < n; i += 2) {
    char *t = arg_text(gc, &args[i]), *part = arg_text(gc, &args[i + 1]);
    char key[96];
    snprintf(key, sizeof key, "allow:%s:%s", t, part);
    gc_map_put(&gc->system, key, gc_bool(1));
    gc_tables_changed(gc);
    free(t);
    free(part);
  }
  return ST_OK;
}

/* setlegal from to... | from (tos) from2 (tos) | from (expression) */
CMD(cmd_setlegal) {
  UNUSED;
  char from[64] = "";
  int prev_array = 0;
  for (int i = 0; i < n; i++) {
    GcValue v;
    int rc = arg_value(gc, &args[i], &v);
    if (rc) return gc_release(&v), rc;
    if (v.type == GC_ARR) {
      for (size_t k = 0; k < v.u.a->len && from[0]; k++) {
        char *to = gc_to_str_alloc(&v.u.a->items[k].val);
        char mv[160];
        snprintf(mv, sizeof mv, "%s-%s", from, to);
        gc_arr_push(&gc->legal, gc_str(mv));
        free(to);
      }
      prev_array = 1;
    } else {
      char *s = gc_to_str_alloc(&v);
      if (!from[0] || prev_array) {
        snprintf(from, sizeof from, "%s", s);
      } else {
        char mv[160];
        snprintf(mv, sizeof mv, "%s-%s", from, s);
        gc_arr_push(&gc->legal, gc_str(mv));
      }
      prev_array = 0;
      free(s);
    }
    gc_release(&v);
  }
  return gc_check_array(gc, gc_arr_len(&gc->legal));
}

CMD(cmd_eval) {
  UNUSED;
  GcValue v;
  int rc = gc_eval(gc, args, n, NULL, 0, &v);
  if (rc) return gc_release(&v), rc;
  char *code = gc_to_str_alloc(&v);
  gc_release(&v);
  GcError e;
  GcProgram *p = gc_compile(gc, code, gc->cur_file ? gc->cur_file : "eval", &e);
  free(code);
  if (!p) {
    gc->errbuf = e;
    return ST_ERROR;
  }
  for (int i = 0; i < p->n; i++) p->code[i].line = gc->cur_line;
  /* Code that defines subs or functions must outlive this statement (they borrow its
   * tokens); anything else (the usual `eval join "MOVE: " ...`) is freed at once, so that
   * replaying long games does not pile up programs. */
  int keep = 0;
  for (int i = 0; i < p->n && !keep; i++)
    keep = p->code[i].kind == INS_SUB || (p->code[i].cmd && p->code[i].cmd->fn == cmd_def);
  if (keep) gc_adopt_program(gc, p);
  int line = gc->cur_line;
  rc = gc_run(gc, p, 0, NULL);
  gc->cur_line = line;
  if (!keep) gc_program_free(p);
  return rc == ST_RETURN ? ST_OK : rc;
}

CMD(cmd_notation) { /* MOVE: notation */
  UNUSED;
  char *m = message(gc, args, n);
  int rc = gc_exec_notation(gc, m);
  free(m);
  return rc;
}

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  GcBuf b = {0};
  gc_buf_add(&b, "", 0);
  char chunk[4096];
  size_t got;
  while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) gc_buf_add(&b, chunk, got);
  fclose(f);
  return b.data;
}

char *gc_read_text_file(const char *path) { return read_file(path); }

/* include name: the file's program is compiled and run in place (reference §1.7). */
CMD(cmd_include) {
  UNUSED;
  if (n < 1) return gc_error_at(gc, "include needs a name");
  char *name = arg_text(gc, &args[0]);
  if (strstr(name, "..") || strchr(name, '/')) {
    int rc = gc_error_at(gc, "include: bad name '%s'", name);
    free(name);
    return rc;
  }
  static const char *const exts[] = {".txt", ".inc", ""};
  char path[512], *text = NULL;
  if (gc->include_fn) {
    text = gc->include_fn(gc->include_ctx, name, path, sizeof path);
  } else {
    for (int i = 0; i < 3 && !text; i++) {
      snprintf(path, sizeof path, "%s/%s%s", gc->include_dir, name, exts[i]);
      text = read_file(path);
    }
    if (!text) snprintf(path, sizeof path, "%s", gc->include_dir);
  }
  if (!text) {
    int rc = gc_error_at(gc, "include %s: not found in %s", name, path);
    free(name);
    return rc;
  }
  free(name);
  size_t bytes = strlen(text);
  if (!gc_map_get(&gc->included, path) && gc->source_bytes + bytes > GC_MAX_SOURCE) {
    free(text);
    return gc_error_at(gc, "include %s: the preset and its includes would be over %d MiB of source", path,
                       GC_MAX_SOURCE >> 20);
  }
  if (gc->include_depth >= 8) {
    free(text);
    return gc_error_at(gc, "includes nested too deeply");
  }
  /* A file included again (every new game runs Pre-Game again) is run from its first
   * compilation: the interpreter keeps every program it adopts, so compiling anew would
   * pile them up game after game. */
  GcProgram *p = NULL;
  const GcValue *known = gc_map_get(&gc->included, path);
  if (known) {
    p = gc->programs[(int)known->u.n];
    free(text);
  } else {
    GcError e;
    p = gc_compile_shared(gc, text, path, &e);
    free(text);
    if (!p) {
      gc->errbuf = e;
      return ST_ERROR;
    }
    gc_adopt_program(gc, p);
    gc_map_put(&gc->included, path, gc_num(gc->nprograms - 1));
    gc->source_bytes += bytes;
  }
  gc->include_depth++;
  int line = gc->cur_line;
  int rc = gc_run(gc, p, 0, NULL);
  gc->cur_line = line;
  gc->include_depth--;
  return rc == ST_RETURN ? ST_OK : rc;
}

const GcCmdDef gc_commands[] = {
    {"set", cmd_set, true},
    {"setconst", cmd_setconst, false},
    {"setflag", cmd_setflag, false},
    {"unsetflag", cmd_unsetflag, false},
    {"unset", cmd_unset, false},
    {"setsystem", cmd_setsystem, false},
    {"setlegal", cmd_setlegal, false},
    {"inc", cmd_inc, true},
    {"dec", cmd_dec, true},
    {"my", cmd_my, true},
    {"local", cmd_local, true},
    {"def", cmd_def, false},
    {"gosub", cmd_gosub, false},
    {"die", cmd_die, false},
    {"say", cmd_say, false},
    {"echo", cmd_echo, false},
    {"print", cmd_print, false},
    {"won", cmd_won, false},
    {"drawn", cmd_drawn, false},
    {"lost", cmd_lost, false},
    {"askpromote", cmd_askpromote, false},
    {"continuemove", cmd_continuemove, false},
    {"move", cmd_move, false},
    {"empty", cmd_empty, true},
    {"capture", cmd_empty, true},
    {"remove", cmd_empty, true},
    {"add", cmd_add, false},
    {"flip", cmd_flip, false},
    {"store", cmd_store, false},
    {"restore", cmd_restore, false},
    {"alias", cmd_alias, false},
    {"ban", cmd_ban, false},
    {"allow", cmd_allow, false},
    {"eval", cmd_eval, false},
    {"MOVE:", cmd_notation, false},
    {"include", cmd_include, false},
    {NULL, NULL, false},
};
