/* Parser: statements -> a flat instruction list with resolved jumps (Game Courier jumps
 * directly to targets rather than scanning lines, [C-8071]). Control structures: reference §2.4. */
#include "gamecode/gc_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct open_block {
  GcInsKind kind; /* INS_IF, INS_FOR, INS_DO, INS_SWITCH, INS_SUB */
  int index;
  int last; /* IF: last branch instruction */
  int nelseif;
  int *branches; /* IF: ELSEIF/ELSE instructions, for their `end` */
  int nbranches;
} open_block;

typedef struct parser {
  GcInterp *gc;
  GcProgram *p;
  int cap;
  open_block *open;
  int nopen, capopen;
  GcError *err;
} parser;

static int perr(parser *ps, int line, const char *fmt, const char *a, int b) {
  snprintf(ps->err->message, sizeof ps->err->message, fmt, a, b);
  snprintf(ps->err->file, sizeof ps->err->file, "%s", ps->p->file);
  ps->err->line = line;
  return -1;
}

static GcIns *emit(parser *ps, GcInsKind kind, int line) {
  if (ps->p->n == ps->cap) {
    ps->cap = ps->cap ? ps->cap * 2 : 64;
    ps->p->code = realloc(ps->p->code, sizeof(GcIns) * (size_t)ps->cap);
    if (!ps->p->code) abort();
  }
  GcIns *ins = &ps->p->code[ps->p->n++];
  memset(ins, 0, sizeof *ins);
  ins->kind = kind;
  ins->line = line;
  ins->jump = ins->end = -1;
  return ins;
}

static void push_open(parser *ps, GcInsKind kind, int index) {
  if (ps->nopen == ps->capopen) {
    ps->capopen = ps->capopen ? ps->capopen * 2 : 16;
    ps->open = realloc(ps->open, sizeof(open_block) * (size_t)ps->capopen);
    if (!ps->open) abort();
  }
  open_block *b = &ps->open[ps->nopen++];
  memset(b, 0, sizeof *b);
  b->kind = kind;
  b->index = index;
  b->last = index;
}

static const char *kind_name(GcInsKind k) {
  switch (k) {
  case INS_IF: return "if";
  case INS_FOR: return "for";
  case INS_DO: return "do";
  case INS_SWITCH: return "switch";
  case INS_SUB: return "sub";
  default: return "block";
  }
}

static int expect_top(parser *ps, GcInsKind kind, const char *closer, int line) {
  if (ps->nopen == 0 || ps->open[ps->nopen - 1].kind != kind) {
    if (ps->nopen == 0) return perr(ps, line, "%s without an open block%.0d", closer, 0);
    open_block *b = &ps->open[ps->nopen - 1];
    return perr(ps, line, "%s closes nothing: the innermost open block is the one at line %d", closer,
                ps->p->code[b->index].line);
  }
  return 0;
}

static void close_if(parser *ps, int endif_index) {
  open_block *b = &ps->open[--ps->nopen];
  GcIns *code = ps->p->code;
  if (code[b->last].kind != INS_ELSE) code[b->last].jump = endif_index;
  for (int i = 0; i < b->nbranches; i++) code[b->branches[i]].end = endif_index;
  free(b->branches);
}

static int innermost(parser *ps, int want_switch) {
  for (int i = ps->nopen - 1; i >= 0; i--) {
    GcInsKind k = ps->open[i].kind;
    if (k == INS_SUB) return -1;
    if (k == INS_FOR || k == INS_DO || (want_switch && k == INS_SWITCH)) return ps->open[i].index;
  }
  return -1;
}

static int is(const GcToken *t, const char *w) { return t->kind == TK_WORD && strcmp(t->text, w) == 0; }

static int parse_stmt(parser *ps, GcToken *toks, int n, int line);

static int set_args(GcIns *ins, GcToken *toks, int n, int from) {
  ins->args = toks + from;
  ins->nargs = n - from;
  return 0;
}

static int parse_if_family(parser *ps, const char *head, GcToken *toks, int n, int line) {
  GcProgram *p = ps->p;
  if (strcmp(head, "if") == 0) {
    set_args(emit(ps, INS_IF, line), toks, n, 1);
    push_open(ps, INS_IF, p->n - 1);
    return 0;
  }
  if (strcmp(head, "elseif") == 0 || strcmp(head, "else") == 0) {
    if (expect_top(ps, INS_IF, head, line)) return -1;
    open_block *b = &ps->open[ps->nopen - 1];
    if (p->code[b->last].kind == INS_ELSE)
      return perr(ps, line, "%s after else (the if at line %d)", head, p->code[b->index].line);
    int is_else = strcmp(head, "else") == 0;
    GcIns *ins = emit(ps, is_else ? INS_ELSE : INS_ELSEIF, line);
    int idx = p->n - 1;
    p->code[b->last].jump = idx;
    b->last = idx;
    if (!is_else) {
      set_args(ins, toks, n, 1);
      b->nelseif++;
    }
    b->branches = realloc(b->branches, sizeof(int) * (size_t)(b->nbranches + 1));
    if (!b->branches) abort();
    b->branches[b->nbranches++] = idx;
    /* "else" followed by a statement without ':' (seed 000 writes "else\n inc nopvc;") */
    if (is_else && n > 1) return parse_stmt(ps, toks + 1, n - 1, line);
    return 0;
  }
  /* endif [N | all]. Old code counts each elseif as a level (seed 001: endif 7 closes an if
   * with six elseifs), modern code closes a chain with one endif. Our heuristic (reference
   * §2.4): if the innermost chain has at least N-1 elseifs, endif N closes that chain only. */
  int count = 1, all = 0;
  if (n > 1) {
    if (is(&toks[1], "all"))
      all = 1;
    else
      count = atoi(toks[1].text ? toks[1].text : "1");
    if (count < 1) count = 1;
  }
  if (expect_top(ps, INS_IF, "endif", line)) return -1;
  emit(ps, INS_ENDIF, line);
  int idx = p->n - 1;
  if (!all && ps->open[ps->nopen - 1].nelseif >= count - 1) count = 1;
  for (int k = 0; (all || k < count) && ps->nopen > 0 && ps->open[ps->nopen - 1].kind == INS_IF; k++) close_if(ps, idx);
  return 0;
}

static int parse_stmt(parser *ps, GcToken *toks, int n, int line) {
  GcProgram *p = ps->p;
  if (n == 0) return 0;
  if (toks[0].kind != TK_WORD) {
    GcIns *ins = emit(ps, INS_CMD, line);
    ins->head = "";
    return set_args(ins, toks, n, 0);
  }
  const char *h = toks[0].text;
  if (!strcmp(h, "if") || !strcmp(h, "elseif") || !strcmp(h, "else") || !strcmp(h, "endif"))
    return parse_if_family(ps, h, toks, n, line);
  if (!strcmp(h, "for") || !strcmp(h, "foreach")) {
    if (n < 3) return perr(ps, line, "%s needs a variable and an expression%.0d", h, 0);
    set_args(emit(ps, INS_FOR, line), toks, n, 1);
    push_open(ps, INS_FOR, p->n - 1);
    return 0;
  }
  if (!strcmp(h, "next") || !strcmp(h, "endfor")) {
    if (expect_top(ps, INS_FOR, h, line)) return -1;
    int opener = ps->open[--ps->nopen].index;
    emit(ps, INS_NEXT, line)->jump = opener;
    p->code[opener].jump = p->n - 1;
    return 0;
  }
  if (!strcmp(h, "do")) {
    GcIns *ins = emit(ps, INS_DO, line);
    if (n > 1 && (is(&toks[1], "while") || is(&toks[1], "until"))) {
      ins->loopmode = is(&toks[1], "while") ? LOOP_WHILE : LOOP_UNTIL;
      set_args(ins, toks, n, 2);
    }
    push_open(ps, INS_DO, p->n - 1);
    return 0;
  }
  if (!strcmp(h, "loop")) {
    if (expect_top(ps, INS_DO, h, line)) return -1;
    int opener = ps->open[--ps->nopen].index;
    GcIns *ins = emit(ps, INS_LOOP, line);
    ins->jump = opener;
    if (n > 1) {
      if (is(&toks[1], "while"))
        ins->loopmode = LOOP_WHILE;
      else if (is(&toks[1], "until"))
        ins->loopmode = LOOP_UNTIL;
      else if (is(&toks[1], "never"))
        ins->loopmode = LOOP_NEVER;
      else
        return perr(ps, line, "loop expects while, until or never, not %s%.0d", toks[1].text, 0);
      set_args(ins, toks, n, 2);
    }
    p->code[opener].jump = p->n - 1;
    return 0;
  }
  if (!strcmp(h, "switch")) {
    set_args(emit(ps, INS_SWITCH, line), toks, n, 1);
    push_open(ps, INS_SWITCH, p->n - 1);
    return 0;
  }
  if (!strcmp(h, "case") || !strcmp(h, "default")) {
    if (expect_top(ps, INS_SWITCH, h, line)) return -1;
    GcIns *ins = emit(ps, !strcmp(h, "case") ? INS_CASE : INS_DEFAULT, line);
    set_args(ins, toks, n, 1);
    GcIns *sw = &p->code[ps->open[ps->nopen - 1].index];
    sw->cases = realloc(sw->cases, sizeof(int) * (size_t)(sw->ncases + 1));
    if (!sw->cases) abort();
    sw->cases[sw->ncases++] = p->n - 1;
    return 0;
  }
  if (!strcmp(h, "endswitch")) {
    if (expect_top(ps, INS_SWITCH, h, line)) return -1;
    int opener = ps->open[--ps->nopen].index;
    emit(ps, INS_ENDSWITCH, line);
    p->code[opener].jump = p->n - 1;
    return 0;
  }
  if (!strcmp(h, "break") || !strcmp(h, "continue")) {
    int brk = !strcmp(h, "break");
    int target = innermost(ps, brk);
    if (target < 0) return perr(ps, line, "%s outside a loop or switch%.0d", h, 0);
    emit(ps, brk ? INS_BREAK : INS_CONTINUE, line)->jump = target;
    return 0;
  }
  if (!strcmp(h, "sub")) {
    if (n < 2 || toks[1].kind != TK_WORD) return perr(ps, line, "sub needs a name%s%.0d", "", 0);
    set_args(emit(ps, INS_SUB, line), toks, n, 1);
    push_open(ps, INS_SUB, p->n - 1);
    return 0;
  }
  if (!strcmp(h, "endsub")) {
    if (expect_top(ps, INS_SUB, h, line)) return -1;
    int opener = ps->open[--ps->nopen].index;
    emit(ps, INS_ENDSUB, line);
    p->code[opener].jump = p->n - 1;
    return 0;
  }
  if (!strcmp(h, "return")) return set_args(emit(ps, INS_RETURN, line), toks, n, 1);
  if (!strcmp(h, "verify")) return set_args(emit(ps, INS_VERIFY, line), toks, n, 1);
  GcIns *ins = emit(ps, INS_CMD, line);
  ins->head = h;
  ins->cmd = gc_find_cmd(ps->gc, h);
  return set_args(ins, toks, n, 1);
}

void gc_program_free(GcProgram *p) {
  if (!p || p->shared) return;
  for (int i = 0; i < p->n; i++) free(p->code[i].cases);
  free(p->code);
  gc_source_free(&p->src);
  free(p);
}

GcProgram *gc_compile(GcInterp *gc, const char *text, const char *file, GcError *err) {
  GcProgram *p = calloc(1, sizeof *p);
  if (!p) abort();
  snprintf(p->file, sizeof p->file, "%s", file);
  if (gc_lex(gc, text, file, &p->src, err)) {
    free(p);
    return NULL;
  }
  parser ps = {gc, p, 0, NULL, 0, 0, err};
  int rc = 0;
  for (int i = 0; i < p->src.nstmts && !rc; i++)
    rc = parse_stmt(&ps, p->src.stmts[i].toks, p->src.stmts[i].ntoks, p->src.stmts[i].line);
  if (!rc && ps.nopen > 0) {
    open_block *b = &ps.open[ps.nopen - 1];
    rc = perr(&ps, p->code[b->index].line, "%s at line %d is never closed", kind_name(b->kind), p->code[b->index].line);
  }
  for (int i = 0; i < ps.nopen; i++) free(ps.open[i].branches);
  free(ps.open);
  if (rc) {
    gc_program_free(p);
    return NULL;
  }
  return p;
}
