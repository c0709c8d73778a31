/* Statement execution: control flow over the flat instruction list, subroutine frames,
 * variable scopes (`my` per call, `local` dynamically visible to callees, else global; §2.4),
 * and the step / recursion guards. */
#include "gamecode/gc_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int gc_error_at(GcInterp *gc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(gc->errbuf.message, sizeof gc->errbuf.message, fmt, ap);
  va_end(ap);
  snprintf(gc->errbuf.file, sizeof gc->errbuf.file, "%s", gc->cur_file ? gc->cur_file : "");
  gc->errbuf.line = gc->cur_line;
  return ST_ERROR;
}

static int64_t now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The limits of a run, past the step count: memory, the run's own time and the caller's clock.
 * The clocks are read from the 1024th step on, so that a short run never reads them; its time
 * so runs from there, a few microseconds after the run began. */
int gc_check_budget(GcInterp *gc) {
  if (gc->steps > gc->limits.max_steps) {
    gc_error_at(gc, "step limit exceeded (%ld steps): runaway loop or recursion?", gc->limits.max_steps);
    return 1;
  }
  if (gc_over_memory(gc)) {
    gc_error_at(gc, "memory limit exceeded: the preset's values hold over %zu MiB", gc->limits.max_memory >> 20);
    return 1;
  }
  if ((gc->steps & 1023) != 0) return 0;
  if (gc->interrupt_fn && gc->interrupt_fn(gc->interrupt_ctx, gc->cur_file ? gc->cur_file : "", gc->cur_line)) {
    gc->interrupted = true;
    gc_error_at(gc, "stopped: the caller's time ran out");
    return 1;
  }
  if (gc->limits.max_millis > 0) {
    int64_t now = now_ms();
    if (!gc->run_started_ms) gc->run_started_ms = now;
    if (now - gc->run_started_ms > gc->limits.max_millis) {
      gc_error_at(gc, "time limit exceeded (%ld ms): runaway loop or too slow code?", gc->limits.max_millis);
      return 1;
    }
  }
  return 0;
}

void gc_set_interrupt(GcInterp *gc, GcInterruptFn fn, void *ctx) {
  gc->interrupt_fn = fn;
  gc->interrupt_ctx = ctx;
}

bool gc_interrupted(const GcInterp *gc) { return gc->interrupted; }

/* ---- variables ---- */

static GcMapSlot *var_slot_h(GcInterp *gc, const char *name, unsigned h) {
  int current = 1;
  for (int i = gc->nframes - 1; i >= 0; i--) {
    const GcFrame *f = &gc->frames[i];
    GcMapSlot *s = f->vars.count && (current || f->locals) ? gc_map_slot_h(&f->vars, name, h) : NULL;
    if (s && (current || s->tag == TAG_LOCAL)) return s;
    if (gc->frames[i].is_sub) current = 0;
  }
  return NULL;
}

/* The slot a name resolves to: the innermost frame that sees it, else the globals; NULL if none. */
static GcMapSlot *resolve_uncached(GcInterp *gc, const char *name, unsigned h) {
  GcMapSlot *s = var_slot_h(gc, name, h);
  return s ? s : gc_map_slot_h(&gc->globals, name, h);
}

/* The same for an interned name (gc_intern: one pointer per text, alive as long as the
 * interpreter), looked up once an epoch (GcInterp var_cache).  Any other text may share its
 * pointer with another name (a buffer used again) and is never cached. */
static GcMapSlot *resolve(GcInterp *gc, const char *name, unsigned h) {
  size_t at = ((uintptr_t)name >> 4) & (sizeof gc->var_cache / sizeof gc->var_cache[0] - 1);
  if (gc->var_cache[at].name == name && gc->var_cache[at].epoch == gc->var_epoch &&
      gc->var_cache[at].serial == gc->var_serial)
    return gc->var_cache[at].slot;
  GcMapSlot *s = resolve_uncached(gc, name, h);
  gc->var_cache[at].name = name;
  gc->var_cache[at].epoch = gc->var_epoch;
  gc->var_cache[at].serial = gc->var_serial;
  gc->var_cache[at].slot = s;
  return s;
}

GcValue *gc_var_find_resolve(GcInterp *gc, const char *name, unsigned h) {
  GcMapSlot *s = resolve(gc, name, h);
  if (gc_memo_watching(gc)) gc_memo_check_slot(gc, s);
  return s ? &s->val : NULL;
}

GcValue *gc_var_find(GcInterp *gc, const char *name) {
  GcMapSlot *s = resolve_uncached(gc, name, gc_hash(name));
  if (gc_memo_watching(gc)) gc_memo_check_slot(gc, s);
  return s ? &s->val : NULL;
}

/* A new global of the name (h its hash) holding v (taken), where no variable of the name is
 * seen (so the globals have none).  key: the name as a string value the slot may share (an
 * interned one), or NULL to copy the text. */
static void new_global(GcInterp *gc, const char *name, unsigned h, const GcValue *key, GcValue v) {
  gc_vars_changed(gc);
  if (key) {
    gc_map_slot_add_key(&gc->globals, key, h, v);
    return;
  }
  GcValue text = gc_str(name);
  gc_map_slot_add_key(&gc->globals, &text, h, v);
  gc_release(&text);
}

static void var_set(GcInterp *gc, const char *name, unsigned h, const GcValue *key, GcValue v) {
  GcMapSlot *s = key ? resolve(gc, name, h) : resolve_uncached(gc, name, h);
  if (gc_memo_watching(gc)) gc_memo_check_write(gc, s);
  if (s) {
    gc_release(&s->val);
    s->val = v;
    return;
  }
  new_global(gc, name, h, key, v);
}

void gc_var_set(GcInterp *gc, const char *name, GcValue v) { var_set(gc, name, gc_hash(name), NULL, v); }

static int var_add(GcInterp *gc, const char *name, const GcValue *key, double by) {
  unsigned h = gc_hash(name);
  GcMapSlot *s = resolve_uncached(gc, name, h);
  if (gc_memo_watching(gc)) gc_memo_check_write(gc, s); /* a read and a write: the write decides */
  if (s) {
    double now = gc_to_num(&s->val) + by;
    gc_release(&s->val);
    s->val = gc_num(now);
    return ST_OK;
  }
  if (gc->globals.count >= gc->limits.max_vars)
    return gc_error_at(gc, "too many variables (limit %zu)", gc->limits.max_vars);
  new_global(gc, name, h, key, gc_num(by));
  return ST_OK;
}

int gc_var_add(GcInterp *gc, const char *name, double by) { return var_add(gc, name, NULL, by); }

int gc_var_add_named(GcInterp *gc, const GcValue *name, double by) { return var_add(gc, name->u.s, name, by); }

/* The name is the token's interned string (lit), not its text: a slot made through any token of
 * the name has that pointer as its key, and the lookup then compares no text. */
void gc_var_set_token(GcInterp *gc, const GcToken *t, GcValue v) { var_set(gc, t->lit.u.s, t->text_hash, &t->lit, v); }

static void var_declare(GcInterp *gc, const char *name, unsigned h, const GcValue *key, int tag) {
  if (gc->memo_call.depth && gc->nframes <= gc->memo_call.frame) gc_memo_spoil(gc); /* not the call's own */
  if (gc->nframes == 0) return; /* at top level my/local variables are the globals */
  GcFrame *f = &gc->frames[gc->nframes - 1];
  f->serial = gc->var_serial = ++gc->serials; /* a name of this frame's, its table perhaps grown */
  GcMapSlot *s = gc_map_slot_h(&f->vars, name, h);
  if (!s) s = key ? gc_map_slot_add_key(&f->vars, key, h, gc_null()) : gc_map_slot_put(&f->vars, name, gc_null());
  f->locals += (tag == TAG_LOCAL) - (s->tag == TAG_LOCAL);
  s->tag = tag;
}

void gc_var_declare(GcInterp *gc, const char *name, int tag) { var_declare(gc, name, gc_hash(name), NULL, tag); }

void gc_var_declare_token(GcInterp *gc, const GcToken *t, int tag) {
  var_declare(gc, t->lit.u.s, t->text_hash, &t->lit, tag);
}

/* ---- frames ----
 * A frame's table stays allocated when the frame is popped (emptied), for the next call that
 * pushes a frame there: a call allocates no table. */

enum { FRAME_KEEP_CAP = 64 }; /* a table grown beyond this is freed, not kept */

GcFrame *gc_push_frame(GcInterp *gc, int is_sub) {
  if (gc->nframes == gc->capframes) {
    int was = gc->capframes;
    gc->capframes = was ? was * 2 : 16;
    gc->frames = realloc(gc->frames, sizeof(GcFrame) * (size_t)gc->capframes);
    if (!gc->frames) abort();
    memset(gc->frames + was, 0, sizeof(GcFrame) * (size_t)(gc->capframes - was));
  }
  GcFrame *fr = &gc->frames[gc->nframes++];
  fr->serial = gc->var_serial = ++gc->serials; /* what the caller puts in it (parameters) comes after */
  fr->is_sub = is_sub;
  fr->locals = 0;
  fr->iter_base = gc->niters;
  return fr;
}

void gc_pop_frame(GcInterp *gc) {
  GcMap *vars = &gc->frames[--gc->nframes].vars;
  gc->var_serial = gc->nframes ? gc->frames[gc->nframes - 1].serial : 0;
  if (vars->cap > FRAME_KEEP_CAP)
    gc_map_free(vars);
  else
    gc_map_clear(vars);
}

/* ---- subroutines ---- */

const GcSubDef *gc_find_sub(const GcInterp *gc, const char *name) {
  GcValue *idx = gc_map_get(&gc->subs, name);
  return idx ? &gc->sdefs[(int)idx->u.n] : NULL;
}

int gc_sub_def_params(const GcSubDef *s) { return s->prog->code[s->index].nargs - 1; }

static void pop_iters(GcInterp *gc, size_t base) {
  while (gc->niters > base) gc_release(&gc->iters[--gc->niters].arr);
}

int gc_call_sub(GcInterp *gc, const char *name, GcValue *args, int nargs, GcValue *ret) {
  const GcSubDef *s = gc_find_sub(gc, name);
  *ret = gc_null();
  if (!s) return gc_error_at(gc, "no subroutine named %s", name);
  return gc_call_sub_def(gc, s, name, args, nargs, ret);
}

int gc_call_sub_def(GcInterp *gc, const GcSubDef *s, const char *name, GcValue *args, int nargs, GcValue *ret) {
  *ret = gc_null();
  if (gc->depth >= gc->limits.max_depth)
    return gc_error_at(gc, "recursion limit (%d calls) reached in sub %s", gc->limits.max_depth, name);
  GcProgram *prog = s->prog;
  const GcIns *def = &prog->code[s->index];
  /* A call on squares made before, on squares that still hold the same (gc_memo.c): a sub
   * looking around a square (Ultima's `frozen`) is as much a function of the board as a def.
   * Its key is the sub's statement; what it remembers holds until a function or subroutine is
   * defined anew, which may free that statement's program. */
  GcMemoKey key = {.keyed = false};
  if (s->memo_ok) gc_memo_key(gc, &key, def->args, args, nargs, true);
  if (gc_memo_find(gc, &key, ret)) return ST_OK;
  bool watched = gc_memo_begin(gc, &key);
  if (watched) gc->memo_call.calls = true;
  GcFrame *fr = gc_push_frame(gc, 1);
  for (int i = 1; i < def->nargs; i++) {
    const GcToken *param = &def->args[i];
    GcValue v = i - 1 < nargs ? gc_copy(&args[i - 1]) : gc_null();
    GcMapSlot *slot = gc_token_names(param) ? gc_map_slot_put_key(&fr->vars, &param->lit, param->text_hash, v)
                                            : gc_map_slot_put(&fr->vars, param->text ? param->text : "", v);
    slot->tag = TAG_MY;
  }
  gc->depth++;
  const char *saved_file = gc->cur_file;
  int saved_line = gc->cur_line;
  int rc = gc_run(gc, prog, s->index + 1, ret);
  gc->cur_file = saved_file;
  if (rc != ST_ERROR) gc->cur_line = saved_line;
  gc->depth--;
  pop_iters(gc, gc->frames[gc->nframes - 1].iter_base);
  gc_pop_frame(gc);
  if (rc == ST_RETURN) rc = ST_OK;
  if (watched) gc_memo_end(gc, &key, rc, ret);
  return rc;
}

/* Whether no token of toks is an operator a remembered call may not apply. */
static bool toks_memo_ok(const GcToken *toks, int n) {
  for (int k = 0; k < n; k++) {
    if (toks[k].kind == TK_GROUP && !toks_memo_ok(toks[k].kids, toks[k].nkids)) return false;
    if (toks[k].op && toks[k].op->memo == GC_MEMO_NO) return false;
  }
  return true;
}

/* Whether every command and operator of the sub starting at i is one a remembered call may run
 * or apply: a sub that dies, moves a piece, defines a function or looks at every piece somewhere
 * (a piece's validation, a check test) is hardly ever remembered, and is not watched. */
static bool sub_memo_ok(const GcProgram *p, int i) {
  for (int k = i + 1; k < p->code[i].jump && k < p->n; k++) {
    const GcIns *ins = &p->code[k];
    if (ins->kind == INS_CMD && !(ins->cmd && ins->cmd->memo)) return false;
    if (!toks_memo_ok(ins->args, ins->nargs)) return false;
  }
  return true;
}

static void register_subs(GcInterp *gc, GcProgram *p) {
  for (int i = 0; i < p->n; i++) {
    if (p->code[i].kind != INS_SUB) continue;
    const char *name = p->code[i].args[0].text;
    GcValue *idx = gc_map_get(&gc->subs, name);
    GcSubDef d = {p, i, sub_memo_ok(p, i)};
    gc_memo_redefined(gc);
    if (idx) {
      gc->sdefs[(int)idx->u.n] = d;
      continue;
    }
    if (gc->nsdefs == gc->capsdefs) {
      gc->capsdefs = gc->capsdefs ? gc->capsdefs * 2 : 32;
      gc->sdefs = realloc(gc->sdefs, sizeof(GcSubDef) * (size_t)gc->capsdefs);
      if (!gc->sdefs) abort();
    }
    gc->sdefs[gc->nsdefs] = d;
    GcValue key = gc_intern(gc, name);
    gc_map_slot_put_key(&gc->subs, &key, gc_hash(name), gc_num(gc->nsdefs++));
    gc_release(&key);
  }
}

/* The interpreter owns every compiled program (functions borrow their tokens). */
GcProgram *gc_adopt_program(GcInterp *gc, GcProgram *p) {
  if (gc->nprograms == gc->capprograms) {
    gc->capprograms = gc->capprograms ? gc->capprograms * 2 : 16;
    gc->programs = realloc(gc->programs, sizeof(GcProgram *) * (size_t)gc->capprograms);
    if (!gc->programs) abort();
  }
  gc->programs[gc->nprograms++] = p;
  register_subs(gc, p);
  return p;
}

/* ---- the statement loop ---- */

static int cond_of(GcInterp *gc, const GcIns *ins, int *truth) {
  GcValue v;
  int rc = gc_eval(gc, ins->args, ins->nargs, NULL, 0, &v);
  *truth = gc_truthy(&v);
  gc_release(&v);
  return rc;
}

static void loop_var_set(GcInterp *gc, const GcToken *t, GcValue v) {
  if (gc_token_names(t))
    gc_var_set_token(gc, t, v);
  else
    gc_var_set(gc, t->text ? t->text : "", v);
}

static void iter_assign(GcInterp *gc, const GcIns *forins, const GcIter *it) {
  const GcEntry *e = &it->arr.u.a->items[it->pos];
  const GcToken *spec = &forins->args[0];
  if (spec->kind == TK_GROUP && spec->nkids >= 2) {
    loop_var_set(gc, &spec->kids[0], gc_copy(&e->key));
    loop_var_set(gc, &spec->kids[1], gc_copy(&e->val));
  } else {
    const GcToken *t = spec->kind == TK_GROUP && spec->nkids ? &spec->kids[0] : spec;
    loop_var_set(gc, t, gc_copy(&e->val));
  }
}

static int start_for(GcInterp *gc, const GcProgram *p, int pc, int *next_pc) {
  const GcIns *ins = &p->code[pc];
  GcValue v;
  int rc = gc_eval(gc, ins->args + 1, ins->nargs - 1, NULL, 0, &v);
  if (rc != ST_OK) return gc_release(&v), rc;
  if (v.type != GC_ARR) {
    GcValue arr = gc_arr_new();
    if (v.type != GC_NULL && !(v.type == GC_BOOL && !v.u.b))
      gc_arr_push(&arr, v);
    else
      gc_release(&v);
    v = arr;
  }
  if (v.u.a->len == 0) {
    gc_release(&v);
    *next_pc = ins->jump + 1;
    return ST_OK;
  }
  if (gc->niters == gc->capiters) {
    gc->capiters = gc->capiters ? gc->capiters * 2 : 16;
    gc->iters = realloc(gc->iters, sizeof(GcIter) * gc->capiters);
    if (!gc->iters) abort();
  }
  GcIter *it = &gc->iters[gc->niters++];
  it->arr = v;
  it->pos = 0;
  it->ins = pc;
  iter_assign(gc, ins, it);
  *next_pc = pc + 1;
  return ST_OK;
}

static int run_cmd(GcInterp *gc, const GcIns *ins);

int gc_run(GcInterp *gc, GcProgram *p, int pc, GcValue *ret) {
  const char *saved_file = gc->cur_file;
  gc->cur_file = p->file;
  int rc = ST_OK, t;
  while (pc < p->n && rc == ST_OK) {
    const GcIns *ins = &p->code[pc];
    /* Memory is also looked at before the line moves on, so that a statement whose last act
     * made a large value is blamed, not the one after it. */
    if (gc_over_memory(gc) && gc_check_budget(gc)) {
      rc = ST_ERROR;
      break;
    }
    gc->cur_line = ins->line;
    if (gc_step(gc)) {
      rc = ST_ERROR;
      break;
    }
    switch (ins->kind) {
    case INS_IF:
    case INS_ELSEIF:
      if (ins->kind == INS_ELSEIF) { /* reached by falling out of the previous branch */
        pc = ins->end + 1;
        break;
      }
      if ((rc = cond_of(gc, ins, &t))) break;
      while (!t) {
        pc = ins->jump;
        ins = &p->code[pc];
        if (ins->kind != INS_ELSEIF) break;
        gc->cur_line = ins->line;
        if ((rc = cond_of(gc, ins, &t))) break;
      }
      if (rc) break;
      pc++;
      break;
    case INS_ELSE: pc = ins->end + 1; break;
    case INS_ENDIF:
    case INS_NOP:
    case INS_CASE:
    case INS_DEFAULT:
    case INS_ENDSWITCH: pc++; break;
    case INS_FOR: rc = start_for(gc, p, pc, &pc); break;
    case INS_NEXT: {
      GcIter *it = &gc->iters[gc->niters - 1];
      if (++it->pos < it->arr.u.a->len) {
        iter_assign(gc, &p->code[ins->jump], it);
        pc = ins->jump + 1;
      } else {
        pop_iters(gc, gc->niters - 1);
        pc++;
      }
      break;
    }
    case INS_DO:
      if (ins->loopmode == LOOP_PLAIN) {
        pc++;
        break;
      }
      if ((rc = cond_of(gc, ins, &t))) break;
      pc = (t == (ins->loopmode == LOOP_WHILE)) ? pc + 1 : ins->jump + 1;
      break;
    case INS_LOOP:
      if (ins->loopmode == LOOP_PLAIN)
        pc = ins->jump;
      else if (ins->loopmode == LOOP_NEVER)
        pc++;
      else {
        if ((rc = cond_of(gc, ins, &t))) break;
        pc = (t == (ins->loopmode == LOOP_WHILE)) ? ins->jump : pc + 1;
      }
      break;
    case INS_SWITCH: {
      GcValue v;
      if ((rc = gc_eval(gc, ins->args, ins->nargs, NULL, 0, &v))) {
        gc_release(&v);
        break;
      }
      int target = -1, dflt = -1;
      for (int c = 0; c < ins->ncases && target < 0; c++) {
        const GcIns *cs = &p->code[ins->cases[c]];
        if (cs->kind == INS_DEFAULT) {
          if (dflt < 0) dflt = ins->cases[c];
          continue;
        }
        for (int k = 0; k < cs->nargs && target < 0; k++) {
          GcValue lbl = gc_token_value(gc, &cs->args[k], NULL, 0);
          if (gc_force(gc, &lbl, NULL, 0)) gc_release(&lbl);
          if (gc_loose_equal(&v, &lbl)) target = ins->cases[c];
          gc_release(&lbl);
        }
      }
      gc_release(&v);
      pc = target >= 0 ? target + 1 : dflt >= 0 ? dflt + 1 : ins->jump + 1;
      break;
    }
    case INS_BREAK: {
      const GcIns *opener = &p->code[ins->jump];
      if (opener->kind == INS_FOR) {
        /* leave the for only if it is running (it may have been skipped as empty) */
        if (gc->niters > 0 && gc->iters[gc->niters - 1].ins == ins->jump) pop_iters(gc, gc->niters - 1);
      }
      pc = opener->jump + 1;
      break;
    }
    case INS_CONTINUE: pc = p->code[ins->jump].jump; break;
    case INS_SUB: pc = ins->jump + 1; break;
    case INS_ENDSUB:
      pc = p->n;
      rc = ST_RETURN;
      break;
    case INS_RETURN:
      if (ret) {
        gc_release(ret);
        rc = gc_eval(gc, ins->args, ins->nargs, NULL, 0, ret);
      }
      if (rc == ST_OK) rc = ST_RETURN;
      break;
    case INS_VERIFY:
      if ((rc = cond_of(gc, ins, &t))) break;
      if (!t) {
        if (ret) {
          gc_release(ret);
          *ret = gc_bool(0);
        }
        rc = ST_RETURN;
      } else {
        pc++;
      }
      break;
    case INS_CMD:
      rc = run_cmd(gc, ins);
      pc++;
      break;
    }
  }
  gc->cur_file = saved_file;
  return rc;
}

static int run_cmd(GcInterp *gc, const GcIns *ins) {
  if (gc_memo_watching(gc) && !(ins->cmd && ins->cmd->memo)) gc_memo_spoil(gc);
  if (ins->cmd) return ins->cmd->fn(gc, ins, ins->args, ins->nargs);
  /* A statement whose head is a sub's name calls it (implicit gosub); anything else is
   * player notation such as `P e2-e4` (reference §2.1). */
  if (ins->head[0] && gc_find_sub(gc, ins->head)) {
    int n = ins->nargs;
    GcValue *args = calloc((size_t)(n ? n : 1), sizeof(GcValue));
    if (!args) abort();
    int rc = ST_OK;
    for (int i = 0; i < n && rc == ST_OK; i++) {
      args[i] = gc_token_value(gc, &ins->args[i], NULL, 0);
      rc = gc_force(gc, &args[i], NULL, 0);
    }
    GcValue ret = gc_null();
    if (rc == ST_OK) rc = gc_call_sub(gc, ins->head, args, n, &ret);
    for (int i = 0; i < n; i++) gc_release(&args[i]);
    free(args);
    gc_release(&ret);
    return rc;
  }
  GcBuf b = {0};
  gc_buf_adds(&b, ins->head);
  for (int i = 0; i < ins->nargs; i++) {
    char *s = gc_subst_text(gc, &ins->args[i], NULL, 0);
    gc_buf_addc(&b, ' ');
    gc_buf_adds(&b, s);
    free(s);
  }
  int rc = gc_exec_notation(gc, b.data);
  gc_buf_free(&b);
  return rc;
}

int gc_run_program(GcInterp *gc, GcProgram *p) {
  gc_begin_run(gc);
  gc_vars_changed(gc); /* whatever changed the variables between runs */
  gc->depth = 0;
  size_t base = gc->niters;
  int rc = gc_run(gc, p, 0, NULL);
  pop_iters(gc, base);
  while (gc->nframes > 0) gc_pop_frame(gc);
  return rc == ST_RETURN ? ST_OK : rc;
}
