/* The Polish-notation calculator (reference §3, Appendix A): tokens are read from the last to
 * the first with a value stack; operators pop their operands (first pop = left-most operand).
 * `and`/`or` break away with one value on the stack; `unless`/`onlyif` likewise (§3.3);
 * `cond` evaluates only the chosen branch; several leftover values make an array (§3.4). */
#include "gamecode/gc_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void push(GcInterp *gc, GcValue v) {
  if (gc->sp == gc->capstack) {
    gc->capstack = gc->capstack ? gc->capstack * 2 : 256;
    gc->stack = realloc(gc->stack, sizeof(GcValue) * gc->capstack);
    if (!gc->stack) abort();
  }
  gc->stack[gc->sp++] = v;
}

static GcValue pop(GcInterp *gc) { return gc->stack[--gc->sp]; }

static void drop_to(GcInterp *gc, size_t base) {
  while (gc->sp > base) gc_release(&gc->stack[--gc->sp]);
}

static int move_word(GcInterp *gc, const char *w, size_t *len, const char **val) {
  static const char *const names[] = {"origin", "dest", "moved", "old"};
  if (!gc->have_move) return 0;
  const char *vals[] = {gc->mv.origin, gc->mv.dest, gc->mv.moved, gc->mv.old};
  for (int i = 0; i < 4; i++) {
    size_t n = strlen(names[i]);
    if (strncmp(w, names[i], n) == 0 && !gc_name_char(w[n])) {
      *len = n;
      *val = vals[i];
      return 1;
    }
  }
  return 0;
}

/* Value of #name: an argument of the running function, else a variable; NULL if neither. */
static const GcValue *hash_lookup(GcInterp *gc, const char *name, const GcValue *args, int nargs) {
  if (args && isdigit((unsigned char)name[0])) {
    int all = 1;
    for (const char *q = name; *q && all; q++) all = isdigit((unsigned char)*q);
    if (all) {
      long i = strlen(name) > 6 ? -1 : atol(name);
      return i >= 0 && i < nargs ? &args[i] : NULL;
    }
  }
  return gc_var_find(gc, name);
}

char *gc_subst_text(GcInterp *gc, const GcToken *t, const GcValue *args, int nargs) {
  GcBuf b = {0};
  gc_buf_add(&b, "", 0);
  if (t->kind == TK_GROUP) {
    gc_buf_addc(&b, '(');
    for (int i = 0; i < t->nkids; i++) {
      char *s = gc_subst_text(gc, &t->kids[i], args, nargs);
      if (i) gc_buf_addc(&b, ' ');
      gc_buf_adds(&b, s);
      free(s);
    }
    gc_buf_addc(&b, ')');
    return b.data;
  }
  const char *p = t->text;
  int at_word_start = 1;
  while (*p) {
    size_t mlen;
    const char *mval;
    if (*p == '#' && gc_name_char(p[1])) {
      const char *q = p + 1;
      while (gc_name_char(*q)) q++;
      char name[256];
      const GcValue *v = NULL;
      /* a hyphenated name (Rook-Range) wins when such a variable exists */
      if (*q == '-' && gc_name_char(q[1])) {
        const char *r = q + 1;
        while (gc_name_char(*r) || (*r == '-' && gc_name_char(r[1]))) r++;
        gc_text_copy_n(name, sizeof name, p + 1, (size_t)(r - p - 1));
        if ((v = hash_lookup(gc, name, args, nargs))) q = r;
      }
      if (!v) {
        gc_text_copy_n(name, sizeof name, p + 1, (size_t)(q - p - 1));
        v = hash_lookup(gc, name, args, nargs);
      }
      if (v) {
        char *s = gc_to_str_alloc(v);
        gc_buf_adds(&b, s);
        free(s);
      } else {
        gc_buf_add(&b, p, (size_t)(q - p)); /* undefined: stays literally */
      }
      p = q;
      at_word_start = 0;
    } else if (at_word_start && move_word(gc, p, &mlen, &mval)) {
      gc_memo_spoil(gc);
      gc_buf_adds(&b, mval);
      p += mlen;
      at_word_start = 0;
    } else {
      at_word_start = !gc_name_char(*p) && *p != '$'; /* $moved is not the word moved */
      gc_buf_addc(&b, *p++);
    }
  }
  return b.data;
}

/* The value of origin, dest, moved or old during a move: the board's own coordinate or label
 * string, shared by copies and recognised by gc_coord without hashing, not a fresh copy. */
static GcValue move_value(GcInterp *gc, int which) {
  gc_memo_spoil(gc);
  if (which == 0) return gc_square_value_at(gc, gc->mv.origin, gc->mv.origin_at);
  if (which == 1) return gc_square_value_at(gc, gc->mv.dest, gc->mv.dest_at);
  return gc_label_value(gc, which == 2 ? gc->mv.moved : gc->mv.old);
}

static GcValue literal(GcInterp *gc, const char *s) {
  double d;
  if (s[0] == '$' && s[1]) {
    gc_memo_spoil(gc);
    GcValue v;
    if (gc_sysvar(gc, s + 1, &v)) return v;
    return gc_null();
  }
  if (gc_is_numeric_str(s, &d) && !isspace((unsigned char)s[0])) return gc_num(d);
  if (!strcmp(s, "true")) return gc_bool(1);
  if (!strcmp(s, "false")) return gc_bool(0);
  if (!strcmp(s, "null")) return gc_null();
  return gc_str(s);
}

/* The argument a whole-token #n names inside a function, else the variable a #name names
 * (`#3` outside a function is the variable 3); NULL where there is none. */
static const GcValue *named_value(GcInterp *gc, const GcToken *t, const GcValue *args, int nargs) {
  if (t->argno >= 0 && args) return t->argno < nargs ? &args[t->argno] : NULL;
  return gc_var_find_h(gc, t->lit.u.s, t->name_hash);
}

/* A token's value read from its text: substitutions, $names, literals. */
static GcValue general_value(GcInterp *gc, const GcToken *t, const GcValue *args, int nargs) {
  if (t->has_lit) return gc_copy(&t->lit);
  if (t->kind == TK_GROUP) { /* unevaluated: the caller forces it */
    GcValue v = gc_null();
    v.type = GC_LAZY;
    v.u.lazy = t;
    return v;
  }
  if (t->kind == TK_STRING) {
    if (!t->subst) return gc_str(t->text);
    return gc_str_own(gc_subst_text(gc, t, args, nargs));
  }
  if (!t->subst) return literal(gc, t->text);
  if (t->ev != EV_NAME && t->text[0] == '#' && t->text[1]) { /* #a-b: the variable a-b first */
    const GcValue *v = named_value(gc, t, args, nargs);
    if (v) return gc_copy(v);
  }
  char *s = gc_subst_text(gc, t, args, nargs);
  GcValue v = literal(gc, s);
  free(s);
  return v;
}

/* The readings the lexer decided (gc_lex.c), tested before any text, inlined into the
 * calculator's loop; a name that is not there to read goes on to the general reading, which
 * leaves it as written. */
static inline GcValue token_value(GcInterp *gc, const GcToken *t, const GcValue *args, int nargs) {
  switch (t->ev) {
  case EV_CONSTANT: return gc_copy(&t->lit);
  case EV_NAME: {
    const GcValue *v = named_value(gc, t, args, nargs);
    if (v) return gc_copy(v);
    break;
  }
  case EV_MOVE_WORD:
    if (gc->have_move) return move_value(gc, t->move_word);
    break;
  default: break;
  }
  return general_value(gc, t, args, nargs);
}

GcValue gc_token_value(GcInterp *gc, const GcToken *t, const GcValue *args, int nargs) {
  return token_value(gc, t, args, nargs);
}

int gc_force_lazy(GcInterp *gc, GcValue *v, const GcValue *args, int nargs) {
  const GcToken *g = v->u.lazy;
  v->type = GC_NULL;
  if (g->literal) {
    GcValue arr = gc_arr_new();
    for (int i = 0; i < g->nkids; i++) gc_arr_push(&arr, gc_token_value(gc, &g->kids[i], args, nargs));
    *v = arr;
    return ST_OK;
  }
  return gc_eval(gc, g->kids, g->nkids, args, nargs, v);
}

const GcFuncDef *gc_find_fn(const GcInterp *gc, const char *name) {
  GcValue *idx = gc_map_get(&gc->funcs, name);
  return idx ? &gc->fdefs[(int)idx->u.n] : NULL;
}

/* The same for a call: a one-character name is looked up once (GcInterp fn_by_char). */
static const GcFuncDef *find_fn_to_call(GcInterp *gc, const char *name) {
  unsigned char c = (unsigned char)name[0];
  if (!c || c >= 128 || name[1]) return gc_find_fn(gc, name);
  int *known = &gc->fn_by_char[c];
  if (!*known) {
    GcValue *idx = gc_map_get(&gc->funcs, name);
    *known = idx ? (int)idx->u.n + 1 : -1;
  }
  return *known > 0 ? &gc->fdefs[*known - 1] : NULL;
}

int gc_call_params(const GcInterp *gc, int kind, const char *name) {
  if (kind == OP_SUB) {
    const GcSubDef *s = gc_find_sub(gc, name);
    return s ? gc_sub_def_params(s) : -1;
  }
  const GcFuncDef *f = kind == OP_FN ? gc_find_fn(gc, name) : NULL;
  return f ? f->arity : -1;
}

static int call_fn_def(GcInterp *gc, GcFuncDef f, const char *name, GcValue *args, int nargs, GcValue *out);

/* Pops n operands into out[0..n-1], out[0] being the left-most; forces lazy groups. */
static int pop_args(GcInterp *gc, GcValue *out, int n, const GcValue *args, int nargs) {
  int rc = ST_OK;
  for (int i = 0; i < n; i++) {
    out[i] = pop(gc);
    if (rc == ST_OK) rc = gc_force(gc, &out[i], args, nargs);
  }
  return rc;
}

static void release_all(GcValue *v, int n) {
  for (int i = 0; i < n; i++) gc_release(&v[i]);
}

enum { MAX_FIXED = 16 };

/* Applies one operator. *stop is set when a break-away ends the expression with *result. */
static int apply(GcInterp *gc, const GcOpDef *op, size_t base, const GcValue *args, int nargs, int *stop,
                 GcValue *result) {
  size_t depth = gc->sp - base;
  GcValue a[MAX_FIXED];
  int rc;
  if (op->memo == GC_MEMO_NO) gc_memo_spoil(gc);
  if ((op->kind == OP_FN || op->kind == OP_SUB) && gc->memo_call.depth) gc->memo_call.calls = true;
  switch (op->kind) {
  case OP_AND:
  case OP_OR: {
    int is_and = op->kind == OP_AND;
    if (depth >= 2) {
      if ((rc = pop_args(gc, a, 2, args, nargs))) return release_all(a, 2), rc;
      int l = gc_truthy(&a[0]), r = gc_truthy(&a[1]);
      release_all(a, 2);
      push(gc, gc_bool(is_and ? (l && r) : (l || r)));
      return ST_OK;
    }
    if (depth == 0) return gc_error_at(gc, "%s has no operand", op->name);
    if ((rc = pop_args(gc, a, 1, args, nargs))) return gc_release(&a[0]), rc;
    if (gc_truthy(&a[0]) != is_and) {
      *stop = 1;
      *result = a[0];
      return ST_OK;
    }
    gc_release(&a[0]);
    return ST_OK;
  }
  case OP_UNLESS:
  case OP_ONLYIF: {
    int want = op->kind == OP_UNLESS; /* the truth value that stops */
    if (depth == 0) return gc_error_at(gc, "%s has no operand", op->name);
    if ((rc = pop_args(gc, a, 1, args, nargs))) return gc_release(&a[0]), rc;
    int t = gc_truthy(&a[0]);
    if (depth == 1) {
      if (t == want) {
        *stop = 1;
        *result = a[0];
        return ST_OK;
      }
      gc_release(&a[0]);
      return ST_OK;
    }
    gc_release(&a[0]);
    if (t == want) {
      GcValue second = pop(gc);
      rc = gc_force(gc, &second, args, nargs);
      *stop = 1;
      *result = second;
      return rc;
    }
    drop_to(gc, base);
    return ST_OK;
  }
  case OP_COND: {
    if (depth < 3) return gc_error_at(gc, "cond needs 3 operands, has %d", (int)depth);
    GcValue c = pop(gc);
    if ((rc = gc_force(gc, &c, args, nargs))) return gc_release(&c), rc;
    GcValue x = pop(gc), y = pop(gc);
    int t = gc_truthy(&c);
    gc_release(&c);
    GcValue chosen = t ? x : y;
    gc_release(t ? &y : &x);
    rc = gc_force(gc, &chosen, args, nargs);
    push(gc, chosen);
    return rc;
  }
  case OP_FN:
  case OP_SUB: {
    if (depth < 1) return gc_error_at(gc, "%s needs a name", op->name);
    GcValue name = pop(gc);
    if ((rc = gc_force(gc, &name, args, nargs))) return gc_release(&name), rc;
    if (name.type != GC_STR) { /* names are strings; a number or array is spelled out */
      GcValue text = gc_str_own(gc_to_str_alloc(&name));
      gc_release(&name);
      name = text;
    }
    const char *nm = name.u.s;
    /* The definition is looked up once, for its arity and for the call, and copied: forcing
     * the arguments may run code that includes a file and moves the tables. */
    const GcFuncDef *fn = op->kind == OP_FN ? find_fn_to_call(gc, nm) : NULL;
    const GcSubDef *sub = op->kind == OP_SUB ? gc_find_sub(gc, nm) : NULL;
    GcFuncDef fdef = fn ? *fn : (GcFuncDef){0};
    GcSubDef sdef = sub ? *sub : (GcSubDef){0};
    int n = fn ? fn->arity : sub ? gc_sub_def_params(sub) : -1;
    if (n < 0) {
      rc = gc_error_at(gc, "%s %s: no such %s", op->name, nm, op->kind == OP_FN ? "function" : "subroutine");
      gc_release(&name);
      return rc;
    }
    if ((size_t)n > gc->sp - base) {
      rc = gc_error_at(gc, "%s %s needs %d arguments, has %d", op->name, nm, n, (int)(gc->sp - base));
      gc_release(&name);
      return rc;
    }
    GcValue *fa = n <= MAX_FIXED ? a : malloc(sizeof(GcValue) * (size_t)n);
    if (!fa) abort();
    rc = pop_args(gc, fa, n, args, nargs);
    GcValue out = gc_null();
    if (rc == ST_OK) rc = fn ? call_fn_def(gc, fdef, nm, fa, n, &out) : gc_call_sub_def(gc, &sdef, nm, fa, n, &out);
    release_all(fa, n);
    if (fa != a) free(fa);
    gc_release(&name);
    if (rc != ST_OK) return gc_release(&out), rc;
    push(gc, out);
    return ST_OK;
  }
  case OP_VARIADIC: {
    int n = (int)depth;
    GcValue *va = n <= MAX_FIXED ? a : malloc(sizeof(GcValue) * (size_t)n);
    if (!va) abort();
    rc = pop_args(gc, va, n, args, nargs);
    GcValue out = gc_null();
    if (rc == ST_OK) rc = op->fn(gc, va, n, &out);
    release_all(va, n);
    if (va != a) free(va);
    if (rc != ST_OK) return gc_release(&out), rc;
    push(gc, out);
    return ST_OK;
  }
  default: {
    int n = op->arity;
    if ((size_t)n > depth && op->name[0] == '-' && op->name[1] == 0) {
      push(gc, gc_str("-")); /* "-" with nothing to subtract is the no-space marker */
      return ST_OK;
    }
    if ((size_t)n > depth)
      return gc_error_at(gc, "%s needs %d operand%s, has %d", op->name, n, n == 1 ? "" : "s", (int)depth);
    rc = pop_args(gc, a, n, args, nargs);
    GcValue out = gc_null();
    if (rc == ST_OK) rc = op->fn(gc, a, n, &out);
    release_all(a, n);
    if (rc != ST_OK) return gc_release(&out), rc;
    push(gc, out);
    return ST_OK;
  }
  }
}

/* A plain operand's value read in place (GcToken fuse): a constant or a variable's value is
 * lent, not copied (*owned = 0); what is made (a move word, a name left as written) is owned. */
static inline GcValue operand_value(GcInterp *gc, const GcToken *t, const GcValue *args, int nargs, bool *owned) {
  if (t->ev == EV_CONSTANT) {
    *owned = false;
    return t->lit;
  }
  if (t->ev == EV_NAME) {
    const GcValue *v = named_value(gc, t, args, nargs);
    if (v) {
      *owned = false;
      return *v;
    }
  }
  *owned = true;
  return token_value(gc, t, args, nargs);
}

/* The operator at toks[last - k] applied to the k plain operands after it, read in place: what
 * pushing them and popping them for the operator gives, a step counted for each token.  No
 * built-in changes its operands or a variable, so the lent values stand throughout. */
static int apply_fused(GcInterp *gc, const GcToken *toks, int last, const GcValue *args, int nargs) {
  int k = toks[last].fuse;
  const GcOpDef *op = toks[last - k].op;
  if (op->memo == GC_MEMO_NO) gc_memo_spoil(gc);
  GcValue a[GC_FUSE_MAX];
  bool owned[GC_FUSE_MAX];
  for (int j = 0; j < k; j++) {
    if (gc_step(gc)) {
      for (int m = 0; m < j; m++)
        if (owned[m]) gc_release(&a[m]);
      return ST_ERROR;
    }
    a[j] = operand_value(gc, &toks[last - k + 1 + j], args, nargs, &owned[j]);
  }
  GcValue out = gc_null();
  int rc = op->fn(gc, a, k, &out);
  for (int j = 0; j < k; j++)
    if (owned[j]) gc_release(&a[j]);
  if (rc != ST_OK) return gc_release(&out), rc;
  push(gc, out);
  return ST_OK;
}

int gc_eval(GcInterp *gc, const GcToken *toks, int n, const GcValue *args, int nargs, GcValue *out) {
  size_t base = gc->sp;
  int rc = ST_OK, stop = 0, named_next = 0;
  *out = gc_null();
  for (int i = n - 1; i >= 0 && !stop; i--) {
    const GcToken *t = &toks[i];
    if (gc_step(gc)) {
      rc = ST_ERROR;
      break;
    }
    if (t->skip_kind && i >= t->skip && gc->sp > base && gc->stack[gc->sp - 1].type != GC_LAZY) {
      /* The last token of a pure left operand of `and`/`or` (GcToken skip), the right one on
       * top: the operator has both, and where the right one decides, the left one is not
       * needed.  Steps are counted for the tokens read. */
      bool is_and = t->skip_kind == GC_SKIP_AND;
      if (gc_truthy(&gc->stack[gc->sp - 1]) != is_and) {
        GcValue right = pop(gc);
        gc_release(&right);
        push(gc, gc_bool(!is_and));
        i -= t->skip;
        continue;
      }
    }
    if (t->fuse && i >= t->fuse) { /* the operator before the operands, all of them here */
      rc = apply_fused(gc, toks, i, args, nargs);
      if (rc != ST_OK) break;
      i -= t->fuse;
      continue;
    }
    /* A constant, a #name or a move word (the commonest) is a value at once; a group or a
     * =name is read the general way (gc_lex.c evaluation_of). */
    if (t->ev == EV_CONSTANT || t->ev == EV_NAME || t->ev == EV_MOVE_WORD) {
      push(gc, token_value(gc, t, args, nargs));
    } else if (t->ev == EV_OPERATOR) {
      rc = apply(gc, t->op, base, args, nargs, &stop, out);
      if (rc != ST_OK) break;
    } else if (t->kind == TK_GROUP) {
      GcValue v = gc_null();
      v.type = GC_LAZY;
      v.u.lazy = t;
      push(gc, v);
    } else if (t->kind == TK_WORD && args && t->text[0] == '=' && gc_name_char(t->text[1])) {
      /* =name in a function body (H2020): a local taking every value to its right, or
       * with nothing to its right, the next named argument */
      GcValue v;
      size_t depth = gc->sp - base;
      if (depth == 0) {
        int k = gc->fn_nplace + named_next++;
        v = k < nargs ? gc_copy(&args[k]) : gc_null();
      } else if (depth == 1) {
        v = pop(gc);
        rc = gc_force(gc, &v, args, nargs);
      } else {
        v = gc_arr_new();
        while (gc->sp > base && rc == ST_OK) {
          GcValue x = pop(gc);
          rc = gc_force(gc, &x, args, nargs);
          gc_arr_push(&v, x);
        }
        if (rc == ST_OK) rc = gc_check_nesting(gc, &v);
      }
      gc_var_declare(gc, t->text + 1, TAG_MY);
      gc_var_set(gc, t->text + 1, v);
      if (rc != ST_OK) break;
    } else {
      push(gc, token_value(gc, t, args, nargs));
    }
  }
  if (rc == ST_OK && !stop) {
    size_t depth = gc->sp - base;
    if (depth == 1) {
      *out = pop(gc);
      rc = gc_force(gc, out, args, nargs);
    } else if (depth > 1) {
      *out = gc_arr_new();
      while (gc->sp > base && rc == ST_OK) {
        GcValue x = pop(gc);
        rc = gc_force(gc, &x, args, nargs);
        gc_arr_push(out, x);
      }
      if (rc == ST_OK) rc = gc_check_nesting(gc, out);
    }
  }
  if (rc != ST_OK) gc_release(out); /* on failure the caller gets null, never a partial value */
  drop_to(gc, base);
  return rc;
}

int gc_call_fn(GcInterp *gc, const char *name, GcValue *args, int nargs, GcValue *out) {
  const GcFuncDef *f = gc_find_fn(gc, name);
  *out = gc_null();
  if (!f) return gc_error_at(gc, "fn %s: no such function", name);
  return call_fn_def(gc, *f, name, args, nargs, out);
}

/* f is a copy: the body may define functions and move the table. */
static int call_fn_def(GcInterp *gc, GcFuncDef f, const char *name, GcValue *args, int nargs, GcValue *out) {
  *out = gc_null();
  if (gc->depth >= gc->limits.max_depth)
    return gc_error_at(gc, "recursion limit (%d calls) reached in fn %s", gc->limits.max_depth, name);
  /* A call of squares made before on squares that still hold the same (gc_memo.c). */
  GcMemoKey key;
  gc_memo_key(gc, &key, f.toks, args, nargs, f.ntoks >= GC_MEMO_LONG_DEF);
  if (gc_memo_find(gc, &key, out)) return ST_OK;
  bool watched = gc_memo_begin(gc, &key);
  gc->depth++;
  int has_named = f.arity > f.nplace;
  if (has_named) gc_push_frame(gc, 0);
  int saved_nplace = gc->fn_nplace;
  gc->fn_nplace = f.nplace;
  /* an error in the body is reported where the def is (an include file's own line) */
  const char *saved_file = gc->cur_file;
  int saved_line = gc->cur_line;
  gc->cur_file = f.file;
  gc->cur_line = f.line;
  int rc = gc_eval(gc, f.toks, f.ntoks, args, nargs, out);
  gc->cur_file = saved_file;
  gc->cur_line = saved_line;
  gc->fn_nplace = saved_nplace;
  if (has_named) gc_pop_frame(gc);
  gc->depth--;
  if (watched) gc_memo_end(gc, &key, rc, out);
  return rc;
}

static void scan_placeholders(const GcToken *t, int n, int *maxp, int *named) {
  for (int i = 0; i < n; i++) {
    if (t[i].kind == TK_GROUP) {
      scan_placeholders(t[i].kids, t[i].nkids, maxp, named);
      continue;
    }
    const char *s = t[i].text;
    if (t[i].kind == TK_WORD && s[0] == '=' && gc_name_char(s[1]) && i == n - 1)
      (*named)++;
    else if (t[i].kind == TK_WORD && s[0] == '=' && gc_name_char(s[1]) && i + 1 < n && t[i + 1].kind == TK_WORD &&
             t[i + 1].text[0] == '=')
      (*named)++;
    for (const char *p = s; p && (p = strchr(p, '#')); p++)
      if (isdigit((unsigned char)p[1])) {
        int k = atoi(p + 1);
        if (k < 1000 && k + 1 > *maxp) *maxp = k + 1; /* #n beyond 999 is not a placeholder */
      }
  }
}

void gc_define_func(GcInterp *gc, const char *name, GcToken *toks, int n) {
  GcValue *idx = gc_map_get(&gc->funcs, name);
  /* the same def statement run again (`def enemies onlylower` in a sub called every move) */
  const GcFuncDef *was = idx ? &gc->fdefs[(int)idx->u.n] : NULL;
  if (was && was->toks == toks && was->ntoks == n && was->file == gc->cur_file && was->line == gc->cur_line) return;
  gc_memo_redefined(gc);
  int nplace = 0, named = 0;
  scan_placeholders(toks, n, &nplace, &named);
  GcFuncDef f = {toks, n, nplace + named, nplace, gc->cur_file, gc->cur_line};
  if (idx) {
    gc->fdefs[(int)idx->u.n] = f;
    return;
  }
  if (gc->nfdefs == gc->capfdefs) {
    gc->capfdefs = gc->capfdefs ? gc->capfdefs * 2 : 64;
    gc->fdefs = realloc(gc->fdefs, sizeof(GcFuncDef) * (size_t)gc->capfdefs);
    if (!gc->fdefs) abort();
  }
  gc->fdefs[gc->nfdefs] = f;
  memset(gc->fn_by_char, 0, sizeof gc->fn_by_char); /* a name looked up before may be this one */
  GcValue key = gc_intern(gc, name);
  gc_map_slot_put_key(&gc->funcs, &key, gc_hash(name), gc_num(gc->nfdefs++));
  gc_release(&key);
}
