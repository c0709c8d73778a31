/* Interpreter lifetime, the operator/command registry, and the direct-use API. */
#include "gamecode/gc_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

GcLimits gc_default_limits(void) {
  GcLimits l;
  l.max_steps = 20000000;
  l.max_depth = 200;
  l.max_string = 1 << 20;
  l.max_array = 1 << 18;
  l.max_vars = 1 << 20;
  l.max_memory = (size_t)512 << 20;
  l.max_millis = 10000;
  return l;
}

static void register_ops(GcInterp *gc, const GcOpDef *table) {
  for (; table->name; table++) {
    gc->optable = realloc(gc->optable, sizeof(*gc->optable) * (size_t)(gc->nops + 1));
    if (!gc->optable) abort();
    gc->optable[gc->nops] = table;
    gc_map_put(&gc->opindex, table->name, gc_num(gc->nops++));
  }
}

GcInterp *gc_new(void) {
  GcInterp *gc = calloc(1, sizeof *gc);
  if (!gc) abort();
  gc->limits = gc_default_limits();
  gc->legal = gc_arr_new();
  gc->promote = gc_null();
  gc->start_labels = gc_arr_new();
  gc->player = 1;
  gc->mv = gc->prev = GC_NO_MOVE;
  snprintf(gc->include_dir, sizeof gc->include_dir, "presets/include");
  register_ops(gc, gc_core_ops);
  register_ops(gc, gc_name_ops);
  register_ops(gc, gc_board_ops);
  register_ops(gc, gc_check_ops);
  for (const GcCmdDef *c = gc_commands; c->name; c++) {
    gc->cmdtable = realloc(gc->cmdtable, sizeof(*gc->cmdtable) * (size_t)(gc->ncmds + 1));
    if (!gc->cmdtable) abort();
    gc->cmdtable[gc->ncmds] = c;
    gc_map_put(&gc->cmdindex, c->name, gc_num(gc->ncmds++));
  }
  gc_board_init(&gc->board, "a b c d e f g h", "1 2 3 4 5 6 7 8", gc->errbuf.message, sizeof gc->errbuf.message);
  gc_refresh_coords(gc);
  for (int c = 1; c < 128; c++) {
    char s[2] = {(char)c, 0};
    gc->char_values[c] = gc_intern(gc, s); /* a label's value is the name of its def */
  }
  return gc;
}

void gc_free(GcInterp *gc) {
  if (!gc) return;
  GcMap *maps[] = {&gc->globals, &gc->consts, &gc->flags,   &gc->system,   &gc->aliases,  &gc->realnames,
                   &gc->funcs,   &gc->subs,   &gc->opindex, &gc->cmdindex, &gc->included, &gc->interned};
  for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++) gc_map_free(maps[i]);
  for (int i = 0; i < gc->capframes; i++) gc_map_free(&gc->frames[i].vars); /* popped ones keep tables */
  for (size_t i = 0; i < gc->niters; i++) gc_release(&gc->iters[i].arr);
  for (size_t i = 0; i < gc->sp; i++) gc_release(&gc->stack[i]);
  for (int i = 0; i < gc->nprograms; i++) gc_program_free(gc->programs[i]);
  gc_release(&gc->legal);
  gc_release(&gc->promote);
  gc_release(&gc->start_labels);
  for (int i = 0; i < gc->ncoord_values; i++) gc_release(&gc->coord_values[i]);
  for (int c = 0; c < 128; c++) gc_release(&gc->char_values[c]);
  free(gc->frames);
  free(gc->iters);
  free(gc->stack);
  free(gc->programs);
  free(gc->fdefs);
  free(gc->sdefs);
  gc_memo_free(gc);
  free(gc->optable);
  free(gc->cmdtable);
  free(gc->thismove);
  free(gc->turn_text);
  gc_state_free(gc->turn_start);
  free(gc->files);
  free(gc->ranks);
  free(gc->fen);
  free(gc);
}

void gc_set_limits(GcInterp *gc, const GcLimits *limits) { gc->limits = *limits; }

void gc_refresh_coords(GcInterp *gc) {
  for (int i = 0; i < gc->ncoord_values; i++) gc_release(&gc->coord_values[i]);
  gc->ncoord_values = gc->board.nfiles * gc->board.nranks;
  for (int i = 0; i < gc->ncoord_values; i++) gc->coord_values[i] = gc_str(gc_board_name(&gc->board, i));
  memset(gc->coord_cache, 0, sizeof gc->coord_cache);
  gc_memo_clear(gc);
}

GcValue gc_coord_value(GcInterp *gc, int index) { return gc_copy(&gc->coord_values[index]); }

GcValue gc_square_value(GcInterp *gc, const char *name) {
  return gc_square_value_at(gc, name, gc_board_index(&gc->board, name));
}

GcValue gc_square_value_at(GcInterp *gc, const char *name, int i) {
  if (i >= 0 && i < gc->ncoord_values) return gc_coord_value(gc, i); /* the same text, by gc_refresh_coords */
  return gc_str(name);
}

GcValue gc_label_value(GcInterp *gc, const char *label) {
  unsigned char c = (unsigned char)label[0];
  if (c && c < 128 && !label[1]) return gc_copy(&gc->char_values[c]);
  return gc_str(label);
}

const GcOpDef *gc_find_op(const GcInterp *gc, const char *name) {
  GcValue *v = gc_map_get(&gc->opindex, name);
  return v ? gc->optable[(int)v->u.n] : NULL;
}

int gc_word_operands(const GcInterp *gc, const char *word, const char *next) {
  /* As the lexer tells them apart: a word with a # or a move in it is substituted, a value. */
  if (gc_word_substituted(word)) return 0;
  if (word[0] == '=' && gc_name_char(word[1])) return -1; /* a =name local */
  const GcOpDef *op = gc_find_op(gc, word);
  if (!op) return 0;
  switch (op->kind) {
  case OP_FIXED: return op->arity;
  case OP_AND:
  case OP_OR: return 2;
  case OP_COND: return 3;
  case OP_FN:
  case OP_SUB: return next ? gc_call_params(gc, op->kind, next) : -1;
  default: return -1;
  }
}

const GcCmdDef *gc_find_cmd(const GcInterp *gc, const char *name) {
  GcValue *v = gc_map_get(&gc->cmdindex, name);
  return v ? gc->cmdtable[(int)v->u.n] : NULL;
}

int gc_check_string(GcInterp *gc, size_t len) {
  if (len > gc->limits.max_string)
    return gc_error_at(gc, "string of %zu bytes exceeds the limit of %zu", len, gc->limits.max_string);
  return ST_OK;
}

/* Arrays nested without bound would make releasing or printing them recurse too deeply. */
int gc_check_nesting(GcInterp *gc, const GcValue *v) {
  if (v->type == GC_ARR && v->u.a->depth > GC_MAX_NESTING)
    return gc_error_at(gc, "arrays nested more than %d deep", GC_MAX_NESTING);
  return ST_OK;
}

int gc_check_array(GcInterp *gc, size_t len) {
  if (len > gc->limits.max_array)
    return gc_error_at(gc, "array of %zu elements exceeds the limit of %zu", len, gc->limits.max_array);
  return ST_OK;
}

static void copy_err(GcInterp *gc, int rc, GcError *err) {
  if (!err) return;
  if (rc == ST_ERROR)
    *err = gc->errbuf;
  else if (rc == ST_DIE) {
    snprintf(err->message, sizeof err->message, "%s", gc->die_msg);
    snprintf(err->file, sizeof err->file, "%s", gc->die_file);
    err->line = gc->die_file[0] ? gc->die_line : 0;
  }
}

int gc_set_board(GcInterp *gc, const char *files, const char *ranks, const char *fen, GcError *err) {
  char msg[256] = "";
  if (gc_board_init(&gc->board, files, ranks, msg, sizeof msg) ||
      (fen && gc_board_set_fen(&gc->board, fen, msg, sizeof msg))) {
    if (err) {
      snprintf(err->message, sizeof err->message, "%s", msg);
      err->file[0] = 0;
      err->line = 0;
    }
    gc_refresh_coords(gc);
    return GC_ERROR;
  }
  gc_refresh_coords(gc);
  gc_note_start_labels(gc);
  return GC_OK;
}

int gc_run_code(GcInterp *gc, const char *code, const char *filename, GcError *err) {
  GcProgram *p = gc_compile(gc, code, filename, err ? err : &gc->errbuf);
  if (!p) return GC_ERROR;
  gc_adopt_program(gc, p);
  int rc = gc_run_program(gc, p);
  copy_err(gc, rc, err);
  return rc == ST_OK ? GC_OK : rc == ST_DIE ? GC_DIE : GC_ERROR;
}

int gc_eval_expr(GcInterp *gc, const char *expr, GcValue *out, GcError *err) {
  *out = gc_null();
  gc_vars_changed(gc);
  GcSource src;
  GcError e;
  if (gc_lex(gc, expr, "(expression)", &src, err ? err : &e)) return GC_ERROR;
  /* the expression may be lexed into several statements only if it holds ';' */
  int rc = ST_OK;
  gc_begin_run(gc);
  gc->cur_file = "(expression)";
  gc->cur_line = 1;
  if (src.nstmts > 0) rc = gc_eval(gc, src.stmts[0].toks, src.stmts[0].ntoks, NULL, 0, out);
  gc_source_free(&src);
  copy_err(gc, rc, err);
  return rc == ST_OK ? GC_OK : rc == ST_DIE ? GC_DIE : GC_ERROR;
}

int gc_call_def_squares(GcInterp *gc, const char *name, const char *from, const char *to, bool *truth, GcError *err) {
  *truth = false;
  gc_vars_changed(gc);
  gc_begin_run(gc);
  const char *saved_file = gc->cur_file;
  int saved_line = gc->cur_line;
  gc->cur_file = "(fn)"; /* where an unknown name is reported; the def's own place otherwise */
  gc->cur_line = 0;
  GcValue args[2] = {gc_square_value(gc, from), gc_square_value(gc, to)}, out;
  int rc = gc_call_fn(gc, name, args, 2, &out);
  if (rc == ST_OK) *truth = gc_truthy(&out);
  gc_release(&out);
  gc_release(&args[0]);
  gc_release(&args[1]);
  gc->cur_file = saved_file;
  gc->cur_line = saved_line;
  copy_err(gc, rc, err);
  return rc == ST_OK ? GC_OK : rc == ST_DIE ? GC_DIE : GC_ERROR;
}

const GcValue *gc_get_var(const GcInterp *gc, const char *name) { return gc_map_get(&gc->globals, name); }

void gc_set_var(GcInterp *gc, const char *name, GcValue v) {
  gc_vars_changed(gc);
  gc_map_put(&gc->globals, name, v);
}

int gc_get_flag(GcInterp *gc, const char *name) {
  GcValue *v = gc_map_get(&gc->flags, name);
  return v && gc_truthy(v);
}

const GcBoard *gc_get_board(const GcInterp *gc) { return &gc->board; }

const char *gc_space(const GcInterp *gc, const char *coord) {
  int i = gc_board_index(&gc->board, coord);
  return i < 0 ? NULL : gc->board.cells[i];
}

void gc_set_logger(GcInterp *gc, GcLogFn fn, void *ctx) {
  gc->log_fn = fn;
  gc->log_ctx = ctx;
}

void gc_set_include_resolver(GcInterp *gc, GcIncludeFn fn, void *ctx) {
  gc->include_fn = fn;
  gc->include_ctx = ctx;
}

void gc_set_include_dir(GcInterp *gc, const char *dir) { snprintf(gc->include_dir, sizeof gc->include_dir, "%s", dir); }

const char *gc_alias_of(GcInterp *gc, const char *name) {
  GcValue *v = gc_map_get(&gc->aliases, name);
  return v && v->type == GC_STR ? v->u.s : name;
}
