/* Folding a label's 2004-style Post-Move block into one expression of its legality.
 *
 * Presets in the style of the 2004 Chess preset decide a piece's moves in Post-Move with a chain
 * of `if`/`elseif`/`else` statements under `if equal moved P`, setting `legal` (and helper
 * variables such as `ep`) on each branch and dying on the moves they refuse.  The fold follows
 * the block symbolically: each variable holds the expression of its value, a branch's condition
 * is read with the values of its time, and at `endif` the branches meet in `cond` expressions;
 * a `die` makes its path illegal.  The result, `legal` where nothing died, is an expression of
 * the origin and the destination that the def compiler (br_compile.c) takes as a def body, so
 * that the piece compiles and its moves are checked against the referee like any other.
 *
 * Post-Move runs after the move, a def before it; the fold keeps to what reads the same either
 * way: the path between the squares, `capture` (the destination held an enemy), `var ep` (the
 * value before the move).  A die under a condition on what stands on the destination after the
 * move (`space dest`) is about what the piece became, a promotion rule, which the derived
 * promotion settings carry (br_derive_promotion); such branches are not followed.  Anything else
 * the fold does not model (another command, a read of the board after the move) leaves the piece
 * with the oracle, with the reason. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge/br_internal.h"

enum { VARS_MAX = 32, NAME_LEN = 32, BRANCHES_MAX = 16, LEVELS_MAX = 16, TEXT_MAX = 16384 };

/* A variable's value as expression text; NULL after a branch that is not followed set it. */
typedef struct Var {
  char name[NAME_LEN];
  char *value;
} Var;

typedef struct Env {
  Var vars[VARS_MAX];
  int count;
  char *ok; /* no die on the path so far */
} Env;

typedef struct Branch {
  char *cond; /* NULL: else */
  Env env;
} Branch;

typedef struct Level {
  Env entry;
  Branch branches[BRANCHES_MAX];
  int count;
  bool promotion; /* a branch condition reads the destination after the move */
} Level;

typedef struct Fold {
  Env env; /* the path being followed */
  Level levels[LEVELS_MAX];
  int depth;
  char *reason;
  int reasonlen;
} Fold;

static bool fail(Fold *f, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(f->reason, (size_t)f->reasonlen, fmt, ap);
  va_end(ap);
  return false;
}

static char *dup_text(const char *s) {
  char *d = strdup(s);
  if (!d) abort();
  return d;
}

static void env_free(Env *e) {
  for (int i = 0; i < e->count; i++) free(e->vars[i].value);
  free(e->ok);
  e->count = 0;
  e->ok = NULL;
}

static Env env_copy(const Env *e) {
  Env c = {.count = e->count, .ok = dup_text(e->ok)};
  for (int i = 0; i < e->count; i++) {
    c.vars[i] = e->vars[i];
    c.vars[i].value = e->vars[i].value ? dup_text(e->vars[i].value) : NULL;
  }
  return c;
}

static Var *env_find(Env *e, const char *name) {
  for (int i = 0; i < e->count; i++)
    if (!strcmp(e->vars[i].name, name)) return &e->vars[i];
  return NULL;
}

/* Sets name to value (taken over; NULL: not known). */
static bool env_set(Fold *f, Env *e, const char *name, char *value) {
  Var *v = env_find(e, name);
  if (!v) {
    if (e->count == VARS_MAX || strlen(name) >= NAME_LEN) {
      free(value);
      return fail(f, "sets more than %d variables", VARS_MAX);
    }
    v = &e->vars[e->count++];
    snprintf(v->name, sizeof v->name, "%s", name);
    v->value = NULL;
  }
  free(v->value);
  v->value = value;
  return true;
}

/* A variable's value at the end of branch e: its own, or what it held before the block. */
static const char *value_in(Env *e, const char *name, bool *known) {
  Var *v = env_find(e, name);
  *known = !v || v->value;
  return v ? v->value : NULL;
}

typedef struct Text {
  char *data;
  size_t len;
  bool full;
} Text;

static void add(Text *t, const char *s) {
  size_t n = strlen(s);
  if (t->full || t->len + n + 2 > TEXT_MAX) {
    t->full = true;
    return;
  }
  if (t->len) t->data[t->len++] = ' ';
  memcpy(t->data + t->len, s, n + 1);
  t->len += n;
}

/* expr as one operand: a group, unless it is one word (a group of plain words is an array). */
static void add_group(Text *t, const char *expr) {
  if (!strchr(expr, ' ')) {
    add(t, expr);
    return;
  }
  add(t, "(");
  add(t, expr);
  add(t, ")");
}

static Text text_new(void) {
  Text t = {.data = malloc(TEXT_MAX)};
  if (!t.data) abort();
  t.data[0] = 0;
  return t;
}

/* Does the expression read what stands on the destination after the move? */
static bool reads_destination(const BrStatement *s, int from) {
  for (int k = from; k + 1 < s->nwords; k++)
    if ((br_statement_is(s, k, "space") || br_statement_is(s, k, "what")) && br_statement_is(s, k + 1, "dest"))
      return true;
  return false;
}

/* Words [from, end) of s as a def expression: origin and dest as #0 and #1, the variables the
 * block set replaced by their values in parentheses.  NULL with the reason when it reads what
 * the fold does not follow. */
static char *render(Fold *f, const BrStatement *s, int from) {
  Text t = text_new();
  for (int k = from; k < s->nwords; k++) {
    const char *w = s->words[k];
    const char *name = NULL;
    if (!strcmp(w, "var") && k + 1 < s->nwords)
      name = s->words[++k];
    else if (w[0] == '#' && w[1] && !(w[1] >= '0' && w[1] <= '9'))
      name = w + 1;
    if (name) {
      Var *v = env_find(&f->env, name);
      if (v && !v->value) {
        free(t.data);
        return fail(f, "reads %s, set where the fold does not follow", name), NULL;
      }
      if (v)
        add_group(&t, v->value);
      else
        add(&t, "var"), add(&t, name);
      continue;
    }
    if (!strcmp(w, "old") || !strcmp(w, "moved") ||
        ((!strcmp(w, "space") || !strcmp(w, "empty") || !strcmp(w, "what")) && k + 1 < s->nwords &&
         (br_statement_is(s, k + 1, "origin") || br_statement_is(s, k + 1, "dest")))) {
      free(t.data);
      return fail(f, "reads `%s` after the move (line %d)", w, s->line), NULL;
    }
    add(&t, !strcmp(w, "origin") ? "#0" : !strcmp(w, "dest") ? "#1" : w);
  }
  if (t.full || !t.len) {
    free(t.data);
    return t.full ? (fail(f, "grows past %d characters", TEXT_MAX), NULL)
                  : (fail(f, "has an empty expression at line %d", s->line), NULL);
  }
  return t.data;
}

/* `cond (c) (a) (b)`, or a alone when both are the same. */
static char *choose(const char *c, const char *a, const char *b) {
  if (!strcmp(a, b)) return dup_text(a);
  Text t = text_new();
  add(&t, "cond");
  add_group(&t, c);
  add_group(&t, a);
  add_group(&t, b);
  if (t.full) {
    free(t.data);
    return NULL;
  }
  return t.data;
}

static bool in_promotion(const Fold *f) { return f->depth > 0 && f->levels[f->depth - 1].promotion; }

/* Ends the branch being followed at the top level: its state is kept, and the next starts from
 * the level's entry. */
static void close_branch(Fold *f) {
  Level *l = &f->levels[f->depth - 1];
  l->branches[l->count - 1].env = f->env;
  f->env = env_copy(&l->entry);
}

static bool open_branch(Fold *f, const BrStatement *s, int from) {
  Level *l = &f->levels[f->depth - 1];
  if (l->count == BRANCHES_MAX) return fail(f, "an if chain of more than %d branches", BRANCHES_MAX);
  if (from >= 0 && reads_destination(s, from) && !l->promotion) {
    if (l->count > 0) return fail(f, "an if chain tests the destination after the move only in a later branch");
    l->promotion = true;
  }
  char *cond = NULL;
  if (from >= 0 && !l->promotion && !(cond = render(f, s, from))) return false;
  l->branches[l->count++] = (Branch){.cond = cond};
  return true;
}

/* `endif`: the branches meet.  A variable or the path's survival is, where they differ, a cond
 * over the branch conditions in order, the last (else, or the entry when there is none) alone. */
static bool merge(Fold *f) {
  Level *l = &f->levels[f->depth - 1];
  close_branch(f);
  env_free(&f->env);
  bool ok = true;
  Env out = env_copy(&l->entry);
  /* Every variable a branch set, once. */
  char names[VARS_MAX * 2][NAME_LEN];
  int count = 0;
  for (int b = 0; b < l->count; b++)
    for (int i = 0; i < l->branches[b].env.count; i++) {
      bool seen = false;
      for (int k = 0; k < count && !seen; k++) seen = !strcmp(names[k], l->branches[b].env.vars[i].name);
      if (!seen && count == VARS_MAX * 2) ok = fail(f, "its branches set more than %d variables", VARS_MAX * 2);
      if (!seen && ok) snprintf(names[count++], NAME_LEN, "%s", l->branches[b].env.vars[i].name);
    }
  if (l->promotion) {
    /* Not followed: what its branches set is unknown afterwards, the rest is as at the entry. */
    for (int k = 0; k < count && ok; k++) {
      bool known_before, known_after;
      const char *before = value_in(&l->entry, names[k], &known_before);
      bool same = true;
      for (int b = 0; b < l->count; b++) {
        const char *after = value_in(&l->branches[b].env, names[k], &known_after);
        same &= known_before && known_after && (before == after || (before && after && !strcmp(before, after)));
      }
      if (!same) ok = env_set(f, &out, names[k], NULL);
    }
  } else {
    bool has_else = l->branches[l->count - 1].cond == NULL;
    Env *last = has_else ? &l->branches[l->count - 1].env : &l->entry;
    int conds = has_else ? l->count - 1 : l->count;
    for (int k = 0; k < count && ok; k++) {
      char before[NAME_LEN + 8];
      snprintf(before, sizeof before, "var %s", names[k]);
      bool known;
      const char *v = value_in(last, names[k], &known);
      char *merged = known ? dup_text(v ? v : before) : NULL;
      for (int b = conds - 1; b >= 0 && merged; b--) {
        const char *bv = value_in(&l->branches[b].env, names[k], &known);
        char *next = known ? choose(l->branches[b].cond, bv ? bv : before, merged) : NULL;
        if (known && !next) ok = fail(f, "grows past %d characters", TEXT_MAX);
        free(merged);
        merged = next;
      }
      if (ok) ok = env_set(f, &out, names[k], merged);
    }
    char *survives = dup_text(last->ok);
    for (int b = conds - 1; b >= 0 && survives; b--) {
      char *next = choose(l->branches[b].cond, l->branches[b].env.ok, survives);
      free(survives);
      survives = next;
    }
    if (!survives && ok) ok = fail(f, "grows past %d characters", TEXT_MAX);
    if (survives) free(out.ok), out.ok = survives;
  }
  f->env = out;
  for (int b = 0; b < l->count; b++) {
    free(l->branches[b].cond);
    env_free(&l->branches[b].env);
  }
  env_free(&l->entry);
  f->depth--;
  return ok;
}

/* One statement of the block; *done when it closes the label's own branch. */
static bool step(Fold *f, const BrStatement *s, bool *done) {
  const char *head = s->nwords ? s->words[0] : "";
  bool at_top = f->depth == 0;
  if (!strcmp(head, "if")) {
    if (f->depth == LEVELS_MAX) return fail(f, "ifs nested deeper than %d", LEVELS_MAX);
    Level *l = &f->levels[f->depth++];
    *l = (Level){.entry = env_copy(&f->env), .promotion = f->depth >= 2 && f->levels[f->depth - 2].promotion};
    return open_branch(f, s, 1);
  }
  if (!strcmp(head, "elseif") || !strcmp(head, "else") || !strcmp(head, "endif")) {
    if (at_top) return *done = true, true; /* the next label's branch, or the chain's end */
    if (!strcmp(head, "endif")) return merge(f);
    close_branch(f);
    return open_branch(f, s, !strcmp(head, "else") ? -1 : 1);
  }
  if (!strcmp(head, "die")) {
    if (in_promotion(f)) return true;
    free(f->env.ok);
    f->env.ok = dup_text("false");
    return true;
  }
  if (!strcmp(head, "set") && s->nwords >= 3) {
    char *value = in_promotion(f) ? NULL : render(f, s, 2);
    if (!value && !in_promotion(f)) return false;
    return env_set(f, &f->env, s->words[1], value);
  }
  /* Effects the rules model by themselves: en passant's capture, flags (castling rights),
   * messages, the promotion question. */
  if (!strcmp(head, "capture") && s->nwords == 2 && (br_statement_is(s, 1, "#ep"))) return true;
  if (!strcmp(head, "unsetflag") || !strcmp(head, "setflag") || !strcmp(head, "say") || !strcmp(head, "askpromote"))
    return true;
  if (in_promotion(f) && !strcmp(head, "capture")) return true;
  return fail(f, "uses `%s` (line %d), which the fold does not follow", head, s->line);
}

bool br_fold_moved_block(const BrCode *code, const char *label, char *out, int outlen, char *reason, int reasonlen) {
  int first, end;
  if (!br_moved_block_range(code, label, &first, &end)) {
    snprintf(reason, (size_t)reasonlen, "no Post-Move block tests `equal moved %s`", label);
    return false;
  }
  /* `legal` must start false where the chain begins, as the 2004 preset sets it. */
  bool starts_false = false;
  for (int i = first - 2; i >= 0 && code->st[i].section == code->st[first - 1].section; i--) {
    const BrStatement *s = &code->st[i];
    if (br_statement_is(s, 0, "set") && br_statement_is(s, 1, "legal")) {
      starts_false = s->nwords == 3 && br_statement_is(s, 2, "false");
      break;
    }
  }
  if (!starts_false) {
    snprintf(reason, (size_t)reasonlen, "`legal` is not set false before its Post-Move block");
    return false;
  }
  Fold f = {.env = {.ok = dup_text("true")}, .reason = reason, .reasonlen = reasonlen};
  bool ok = env_set(&f, &f.env, "legal", dup_text("false"));
  bool done = false;
  for (int i = first; ok && !done && i < end; i++) ok = step(&f, &code->st[i], &done);
  if (ok && f.depth) ok = fail(&f, "an if is left open");
  if (ok) {
    Var *legal = env_find(&f.env, "legal");
    if (!legal->value) {
      ok = fail(&f, "sets legal where the fold does not follow");
    } else {
      Text t = text_new();
      if (strcmp(f.env.ok, "true")) add(&t, "and"), add_group(&t, f.env.ok);
      add_group(&t, legal->value);
      int n = snprintf(out, (size_t)outlen, "%s", t.data);
      if (t.full || n < 0 || n >= outlen) ok = fail(&f, "folds into more than %d characters", outlen - 1);
      free(t.data);
    }
  }
  while (f.depth) { /* after a failure: what the open levels hold */
    Level *l = &f.levels[--f.depth];
    for (int b = 0; b < l->count; b++) free(l->branches[b].cond), env_free(&l->branches[b].env);
    env_free(&l->entry);
  }
  env_free(&f.env);
  return ok;
}
