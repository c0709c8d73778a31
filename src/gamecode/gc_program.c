/* The parsed program, read-only: the statements of the preset's sections and of its included
 * files, handed out as words with file:line (gamecode.h, gc_visit_statements), so that the
 * bridge derives rules from what the interpreter parsed and never reads the preset's text. */
#include "gamecode/gc_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert((int)GC_SECTION_PREGAME == (int)SEC_PREGAME && (int)GC_SECTION_POSTGAME2 == (int)SEC_POSTGAME2,
               "public section numbers follow the interpreter's");

typedef struct words {
  const char **v;
  char **owned; /* quoted strings, made for the visit */
  int n, cap, nowned, capowned;
} words;

static void push_word(words *w, const char *text) {
  if (w->n == w->cap) {
    w->cap = w->cap ? w->cap * 2 : 32;
    w->v = realloc(w->v, sizeof *w->v * (size_t)w->cap);
    if (!w->v) abort();
  }
  w->v[w->n++] = text;
}

static void push_tokens(words *w, const GcToken *toks, int n) {
  for (int i = 0; i < n; i++) {
    const GcToken *t = &toks[i];
    if (t->kind == TK_WORD) {
      push_word(w, t->text);
    } else if (t->kind == TK_STRING) {
      size_t len = strlen(t->text) + 3;
      char *q = malloc(len);
      if (!q) abort();
      snprintf(q, len, "\"%s\"", t->text);
      if (w->nowned == w->capowned) {
        w->capowned = w->capowned ? w->capowned * 2 : 8;
        w->owned = realloc(w->owned, sizeof *w->owned * (size_t)w->capowned);
        if (!w->owned) abort();
      }
      w->owned[w->nowned++] = q;
      push_word(w, q);
    } else {
      push_word(w, "(");
      push_tokens(w, t->kids, t->nkids);
      push_word(w, ")");
    }
  }
}

static void words_reset(words *w) {
  for (int i = 0; i < w->nowned; i++) free(w->owned[i]);
  w->n = w->nowned = 0;
}

/* Visits one program's statements; false when the visitor stopped. */
static bool visit_program(const GcProgram *p, GcSection section, GcStatementFn fn, void *ctx, words *w, int *count) {
  for (int i = 0; i < p->src.nstmts; i++) {
    const GcStmt *s = &p->src.stmts[i];
    words_reset(w);
    push_tokens(w, s->toks, s->ntoks);
    GcStatement st = {p->file, s->line, section, w->n, w->v};
    ++*count;
    if (!fn(ctx, &st)) return false;
  }
  return true;
}

int gc_visit_statements(const GcInterp *gc, GcStatementFn fn, void *ctx) {
  words w = {0};
  int count = 0;
  bool go = true;
  /* Included files: the programs the `included` map names, in the order they were adopted. */
  bool *is_include = calloc((size_t)gc->nprograms + 1, sizeof *is_include);
  if (!is_include) abort();
  for (size_t k = 0; k < gc->included.cap; k++) {
    const GcMapSlot *slot = &gc->included.slots[k];
    if ((uintptr_t)slot->key <= 1 || slot->val.type != GC_NUM) continue; /* empty, deleted */
    int index = (int)slot->val.u.n;
    if (index >= 0 && index < gc->nprograms) is_include[index] = true;
  }
  for (int i = 0; i < gc->nprograms && go; i++)
    if (is_include[i]) go = visit_program(gc->programs[i], GC_SECTION_INCLUDE, fn, ctx, &w, &count);
  for (int s = 0; s < SEC_COUNT && go; s++)
    if (gc->sections[s]) go = visit_program(gc->sections[s], (GcSection)s, fn, ctx, &w, &count);
  words_reset(&w);
  free(w.owned);
  free(w.v);
  free(is_include);
  return count;
}
