/* Mistakes found by reading a loaded preset, before a game shows them as silent falsehoods
 * (gamecode.h, gc_lint): a call of a subroutine or function that no code defines, and an
 * expression that begins with a word that is no operator and so leaves several values (an
 * array, always true: a misspelt built-in, `chekleap #0 #1 1 2`), or an operator short of
 * operands.  Names computed at run time (`sub #codename`) are left to the run. */
#include "gamecode/gc_internal.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Lint {
  const GcInterp *gc;
  GcMap funcs;       /* names of every `def NAME` statement */
  bool computed_def; /* some def's name is computed: function calls cannot be judged */
  GcLintIssue *out;
  int cap, count;
} Lint;

static void report(Lint *l, const char *file, int line, bool error, const char *fmt, ...) {
  if (l->count < l->cap) {
    GcLintIssue *is = &l->out[l->count];
    snprintf(is->file, sizeof is->file, "%s", file ? file : "");
    is->line = line;
    is->error = error;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(is->message, sizeof is->message, fmt, ap);
    va_end(ap);
  }
  l->count++;
}

/* A name written out: a plain word, not #substituted. */
static bool plain_name(const GcToken *t) {
  return t->kind == TK_WORD && !t->subst && t->text[0] && t->text[0] != '#' && t->text[0] != '=';
}

static bool head_is(const GcStmt *s, const char *word) {
  return s->ntoks > 0 && s->toks[0].kind == TK_WORD && !strcmp(s->toks[0].text, word);
}

/* Calls by name in tokens (groups searched too): `sub NAME`, `fn NAME`. */
static void check_calls(Lint *l, const char *file, int line, const GcToken *toks, int n) {
  for (int i = 0; i < n; i++) {
    const GcToken *t = &toks[i];
    if (t->kind == TK_GROUP) {
      check_calls(l, file, line, t->kids, t->nkids);
      continue;
    }
    if (t->kind != TK_WORD || !t->op || t->subst || i + 1 >= n) continue;
    const GcToken *name = &toks[i + 1];
    if (!plain_name(name) || name->op) continue; /* an operator there computes the name: `fn const alias #p` */
    if (t->op->kind == OP_SUB && !gc_map_get(&l->gc->subs, name->text))
      report(l, file, line, true, "sub %s: no subroutine of that name is defined in the preset or its includes",
             name->text);
    else if (t->op->kind == OP_FN && !l->computed_def && !gc_map_get(&l->gc->funcs, name->text) &&
             !gc_map_get(&l->funcs, name->text))
      report(l, file, line, true, "fn %s: no function of that name is defined (def) in the preset or its includes",
             name->text);
  }
}

/* The operands `sub NAME` or `fn NAME` takes besides its name, or -1 when not known now (a
 * computed name, a function not defined yet). */
static int call_arity(const GcInterp *gc, const GcToken *toks, int i, int n) {
  if (i + 1 >= n || !plain_name(&toks[i + 1]) || toks[i + 1].op) return -1;
  return gc_call_params(gc, toks[i].op->kind, toks[i + 1].text);
}

/* What an expression leaves, read right to left as the evaluator does: the count of values,
 * or -1 when it cannot be told (a break-away, a =name local, a call of unknown arity).
 * *short_op names an operator with fewer operands than it takes. */
static int values_left(const GcInterp *gc, const GcToken *toks, int n, const char **short_op, int *short_need,
                       int *short_has) {
  int depth = 0;
  for (int i = n - 1; i >= 0; i--) {
    const GcToken *t = &toks[i];
    if (t->kind != TK_WORD || !t->op || t->subst) {
      if (t->kind == TK_WORD && t->text[0] == '=') return -1;
      depth++;
      continue;
    }
    switch (t->op->kind) {
    case OP_FIXED:
      if (depth < t->op->arity) {
        if (!strcmp(t->op->name, "-")) { /* the no-space marker */
          depth++;
          break;
        }
        *short_op = t->op->name, *short_need = t->op->arity, *short_has = depth;
        return -1;
      }
      depth -= t->op->arity - 1;
      break;
    case OP_COND:
      if (depth < 3) {
        *short_op = t->op->name, *short_need = 3, *short_has = depth;
        return -1;
      }
      depth -= 2;
      break;
    case OP_AND:
    case OP_OR:
      if (depth == 0) return -1;
      /* With one operand it is a break-away: it ends the expression with that value or drops
       * it, and what stands to its left is evaluated afresh, its value the expression's. */
      depth = depth == 1 ? 0 : depth - 1;
      break;
    case OP_UNLESS:
    case OP_ONLYIF: return -1;
    case OP_FN:
    case OP_SUB: { /* the name, then its operands */
      int arity = call_arity(gc, toks, i, n);
      if (arity < 0 || depth < 1 + arity) return -1;
      depth -= arity;
      break;
    }
    default: depth = 1; /* variadic: everything to the right */
    }
  }
  return depth;
}

/* An expression whose value is a truth (a condition, a def's body): one that begins with a
 * word that is no operator and leaves several values is an array, always true. */
static void check_expression(Lint *l, const char *file, int line, const char *what, const GcToken *toks, int n) {
  if (n <= 0) return;
  const char *short_op = NULL;
  int need = 0, has = 0;
  int left = values_left(l->gc, toks, n, &short_op, &need, &has);
  if (short_op) {
    report(l, file, line, false, "%s: %s takes %d operand%s but has %d", what, short_op, need, need == 1 ? "" : "s",
           has);
    return;
  }
  const GcToken *first = &toks[0];
  if (left > 1 && plain_name(first) && !first->op && !gc_is_numeric_str(first->text, &(double){0}) &&
      isalpha((unsigned char)first->text[0]))
    report(l, file, line, false,
           "%s: '%s' is no operator, so the expression leaves %d values (an array, always true): misspelt?", what,
           first->text, left);
}

static void collect_defs(Lint *l, const GcProgram *p) {
  for (int i = 0; i < p->src.nstmts; i++) {
    const GcStmt *s = &p->src.stmts[i];
    if (!head_is(s, "def") || s->ntoks < 2) continue;
    if (plain_name(&s->toks[1]))
      gc_map_put(&l->funcs, s->toks[1].text, gc_num(1));
    else
      l->computed_def = true;
  }
}

static void check_program(Lint *l, const GcProgram *p) {
  for (int i = 0; i < p->src.nstmts; i++) {
    const GcStmt *s = &p->src.stmts[i];
    if (s->ntoks == 0 || head_is(s, "sub")) continue; /* a sub's name and parameters */
    if (head_is(s, "gosub") && s->ntoks >= 2 && plain_name(&s->toks[1]) && !gc_map_get(&l->gc->subs, s->toks[1].text))
      report(l, p->file, s->line, true, "gosub %s: no subroutine of that name is defined in the preset or its includes",
             s->toks[1].text);
    if (head_is(s, "def")) {
      if (s->ntoks >= 3) {
        char what[96];
        snprintf(what, sizeof what, "def %s", s->toks[1].kind == TK_WORD ? s->toks[1].text : "?");
        check_calls(l, p->file, s->line, s->toks + 2, s->ntoks - 2);
        /* A piece's move function (not its -Range list nor its -Desc text) answers yes or no. */
        if (s->toks[1].kind == TK_WORD && !strchr(s->toks[1].text, '-'))
          check_expression(l, p->file, s->line, what, s->toks + 2, s->ntoks - 2);
      }
      continue;
    }
    check_calls(l, p->file, s->line, s->toks, s->ntoks);
    static const char *const conditions[] = {"if", "elseif", "verify"};
    for (int c = 0; c < 3; c++)
      if (head_is(s, conditions[c])) check_expression(l, p->file, s->line, conditions[c], s->toks + 1, s->ntoks - 1);
  }
}

int gc_lint(const GcInterp *gc, GcLintIssue *out, int cap) {
  Lint l = {.gc = gc, .out = out, .cap = cap};
  for (int i = 0; i < gc->nprograms; i++) collect_defs(&l, gc->programs[i]);
  /* Every program the interpreter holds: the sections, the included files (once Pre-Game has
   * included them), and what `eval` compiled (nothing yet at load). */
  for (int i = 0; i < gc->nprograms; i++) check_program(&l, gc->programs[i]);
  gc_map_free(&l.funcs);
  return l.count;
}
