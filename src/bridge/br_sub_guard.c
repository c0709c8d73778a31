/* What the guards at the top of a subroutine rule out, for the candidates of an oracle piece
 * whose def calls it (br_candidates.c): `def L and empty #1 sub leapline #0 #1 0` in Ultima,
 * whose sub begins by returning false unless the destination lies on a Queen line from the
 * origin.  Those guards depend on the two squares alone, so the interpreter itself evaluates
 * them for every pair of squares, once, at load; the pairs they do not rule out give the
 * offsets (destination less origin) the piece's candidates are kept to.
 *
 * Read soundly, or not at all.  The scan follows the sub's statements from its header while
 * each is one of: `my` names; `set NAME EXPR`; `if COND` / `return false` / `endif`.  A guard is
 * such an `if` whose condition is geometric: operators of squares and numbers only (onboard,
 * file, rank, arithmetic, comparisons, logic), literals, and #names of the parameters or of
 * locals set from geometric expressions.  The other statements it passes over (a `set` from the
 * board, an `if` on the board that returns false) can only end the sub with false or change a
 * name, which then stops being geometric; no statement it passes may call a sub (not through
 * an `fn` either, whose def is read for calls), and the scan
 * stops at the first statement of any other shape.  So whenever a guard holds, the sub returns
 * false, whatever the board. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge/br_internal.h"

enum { NAMES_MAX = 32, NAME_LEN = 48, TEXT_MAX = 2048, GUARDS_MAX = 16, PAIRS_MAX = 1 << 14 };

/* A parameter or local of the sub and what it holds, inlined: known when geometric. */
typedef struct Name {
  char name[NAME_LEN];
  bool known;
  char text[TEXT_MAX];
} Name;

typedef struct Scan {
  Name names[NAMES_MAX];
  int count;
  char guards[GUARDS_MAX][TEXT_MAX];
  int guard_count;
} Scan;

void br_offsets_all(BrOffsets *o) {
  memset(o, 0, sizeof *o);
  o->all = true;
}

static int offset_bit(int dx, int dy) {
  return (dy + GEO_MAX_SIDE - 1) * (2 * GEO_MAX_SIDE - 1) + dx + GEO_MAX_SIDE - 1;
}

bool br_offsets_has(const BrOffsets *o, int dx, int dy) {
  if (o->all) return true;
  if (abs(dx) >= GEO_MAX_SIDE || abs(dy) >= GEO_MAX_SIDE) return false;
  int bit = offset_bit(dx, dy);
  return o->bits[bit / 64] >> (bit % 64) & 1;
}

static void offsets_add(BrOffsets *o, int dx, int dy) {
  int bit = offset_bit(dx, dy);
  o->bits[bit / 64] |= 1ull << (bit % 64);
}

void br_offsets_and(BrOffsets *a, const BrOffsets *b) {
  if (b->all) return;
  if (a->all) {
    *a = *b;
    return;
  }
  for (int i = 0; i < BR_OFFSET_WORDS; i++) a->bits[i] &= b->bits[i];
}

void br_offsets_or(BrOffsets *a, const BrOffsets *b) {
  if (a->all || b->all) {
    br_offsets_all(a);
    return;
  }
  for (int i = 0; i < BR_OFFSET_WORDS; i++) a->bits[i] |= b->bits[i];
}

/* Offsets read before, by the text of the guards that gave them (BrGame.guard_memo). */
typedef struct BrGuardMemo {
  int count;
  struct {
    char *guards;
    BrOffsets offsets;
  } entries[GUARDS_MAX];
} BrGuardMemo;

void br_guard_memo_free(BrGuardMemo *memo) {
  for (int i = 0; memo && i < memo->count; i++) free(memo->entries[i].guards);
  free(memo);
}

static const BrOffsets *memo_find(const BrGuardMemo *memo, const char *guards) {
  for (int i = 0; memo && i < memo->count; i++)
    if (!strcmp(memo->entries[i].guards, guards)) return &memo->entries[i].offsets;
  return NULL;
}

/* Keeps what guards gave, where there is room (a memo is only a saving). */
static void memo_add(BrGame *g, const char *guards, const BrOffsets *offsets) {
  if (!g->guard_memo) g->guard_memo = calloc(1, sizeof *g->guard_memo);
  BrGuardMemo *memo = g->guard_memo;
  if (!memo || memo->count == GUARDS_MAX) return;
  char *copy = strdup(guards);
  if (!copy) return;
  memo->entries[memo->count].guards = copy;
  memo->entries[memo->count++].offsets = *offsets;
}

static Name *find_name(Scan *s, const char *name) {
  for (int i = 0; i < s->count; i++)
    if (!strcmp(s->names[i].name, name)) return &s->names[i];
  return NULL;
}

/* Binds name (a new one, or one seen before) to text, or to nothing known when text is NULL. */
static bool bind(Scan *s, const char *name, const char *text) {
  Name *n = find_name(s, name);
  if (!n) {
    if (s->count == NAMES_MAX || strlen(name) >= NAME_LEN) return false;
    n = &s->names[s->count++];
    snprintf(n->name, sizeof n->name, "%s", name);
  }
  n->known = text != NULL;
  snprintf(n->text, sizeof n->text, "%s", text ? text : "");
  return true;
}

/* Operators whose value depends on their operands alone, squares read as coordinates. */
static bool geometric_operator(const char *w) {
  static const char *const known[] = {
      "onboard", "file", "rank",  "minus",   "plus", "-",  "+",   "*", "abs", "sign", "neg",  "==",   "!=",    "<", ">",
      "<=",      ">=",   "equal", "unequal", "and",  "or", "not", "!", "xor", "nor",  "nand", "true", "false", NULL};
  for (int i = 0; known[i]; i++)
    if (!strcmp(w, known[i])) return true;
  return false;
}

static bool number(const char *w) {
  const char *p = w + (w[0] == '-');
  if (!*p) return false;
  for (; *p; p++)
    if (!isdigit((unsigned char)*p)) return false;
  return true;
}

/* A text as one operand: a word as it is, several in a group (which holds an operator, so it is
 * evaluated, not read as a list of words). */
static void as_operand(const char *text, char *out, size_t outlen) {
  snprintf(out, outlen, strchr(text, ' ') ? "(%s)" : "%s", text);
}

/* Words [from, to) of st inlined into out: each #name replaced by what it holds, as one
 * operand; false when a word is not geometric or the text does not fit. */
static bool inline_words(Scan *s, const BrStatement *st, int from, int to, char *out, int outlen) {
  int n = 0;
  out[0] = 0;
  if (from >= to) return false;
  for (int i = from; i < to; i++) {
    const char *w = st->words[i], *text = w;
    char group[TEXT_MAX + 4];
    if (w[0] == '#') {
      Name *name = find_name(s, w + 1);
      if (!name || !name->known) return false;
      as_operand(name->text, group, sizeof group);
      text = group;
    } else if (!geometric_operator(w) && !number(w)) {
      return false;
    }
    int wrote = snprintf(out + n, (size_t)(outlen - n), "%s%s", i > from ? " " : "", text);
    if (wrote < 0 || wrote >= outlen - n) return false;
    n += wrote;
  }
  return true;
}

/* Whether words may call a sub, which may set any name the scan holds: a `sub` or `gosub`, or
 * an `fn` whose def is not found or may itself call (read through, depth at most 4). */
static bool may_call(const BrCode *code, char *const *words, int n, int depth) {
  for (int i = 0; i < n; i++) {
    if (!strcmp(words[i], "sub") || !strcmp(words[i], "gosub")) return true;
    if (strcmp(words[i], "fn")) continue;
    char body[4096];
    if (depth == 4 || i + 1 == n || !br_find_def(code, words[i + 1], body, sizeof body)) return true;
    char *def_words[512], *save = NULL;
    int count = 0;
    for (char *w = strtok_r(body, " ", &save); w && count < 512; w = strtok_r(NULL, " ", &save)) def_words[count++] = w;
    if (count == 512 || may_call(code, def_words, count, depth + 1)) return true;
  }
  return false;
}

static bool returns_false(const BrStatement *st) {
  return st->nwords == 2 && br_statement_is(st, 0, "return") &&
         (br_statement_is(st, 1, "false") || br_statement_is(st, 1, "0"));
}

/* Reads the guards of the sub whose header is statement first, with its parameters bound to
 * args (#0, #1 or a literal).  False when nothing can be read. */
static bool scan(const BrCode *code, int first, const char *const *args, int nargs, Scan *s) {
  const BrStatement *head = &code->st[first];
  if (head->nwords - 2 != nargs) return false;
  for (int i = 0; i < nargs; i++) {
    const char *a = args[i];
    bool literal = !strcmp(a, "#0") || !strcmp(a, "#1") || number(a);
    if (!bind(s, head->words[2 + i], literal ? a : NULL)) return false;
  }
  for (int k = first + 1; k < code->count; k++) {
    const BrStatement *st = &code->st[k];
    if (st->nwords == 0 || may_call(code, st->words, st->nwords, 0)) break;
    if (br_statement_is(st, 0, "my")) {
      bool bound = true;
      for (int i = 1; i < st->nwords && bound; i++) bound = bind(s, st->words[i], NULL);
      if (!bound) break;
    } else if (br_statement_is(st, 0, "set") && st->nwords >= 3) {
      char text[TEXT_MAX];
      bool known = inline_words(s, st, 2, st->nwords, text, sizeof text);
      if (!bind(s, st->words[1], known ? text : NULL)) break;
    } else if (br_statement_is(st, 0, "if") && k + 2 < code->count && returns_false(&code->st[k + 1]) &&
               code->st[k + 2].nwords == 1 && br_statement_is(&code->st[k + 2], 0, "endif")) {
      if (s->guard_count < GUARDS_MAX &&
          inline_words(s, st, 1, st->nwords, s->guards[s->guard_count], sizeof s->guards[0]))
        s->guard_count++;
      k += 2;
    } else {
      break;
    }
  }
  return s->guard_count > 0;
}

/* The text with #0 and #1 written as the squares from and to, into out; false if it does not
 * fit. */
static bool with_squares(const char *text, const char *from, const char *to, char *out, int outlen) {
  int n = 0;
  for (const char *p = text; *p;) {
    const char *piece = p, *next = p + 1;
    int len = 1;
    if (p[0] == '#' && (p[1] == '0' || p[1] == '1') && !isalnum((unsigned char)p[2])) {
      piece = p[1] == '0' ? from : to;
      len = (int)strlen(piece);
      next = p + 2;
    }
    if (n + len >= outlen) return false;
    memcpy(out + n, piece, (size_t)len);
    n += len;
    p = next;
  }
  out[n] = 0;
  return true;
}

BrOffsets br_sub_guard_offsets(BrGame *g, const BrCode *code, const char *name, const char *const *args, int nargs) {
  BrOffsets out;
  br_offsets_all(&out);
  /* Its one definition: of several, which the interpreter runs depends on when each is made. */
  int first = -1, definitions = 0;
  for (int i = 0; code && i < code->count; i++)
    if (code->st[i].nwords >= 2 && br_statement_is(&code->st[i], 0, "sub") && br_statement_is(&code->st[i], 1, name))
      first = i, definitions++;
  const Geometry *geo = &g->rules.geo;
  if (definitions != 1 || geo->squares * geo->squares > PAIRS_MAX) return out;
  Scan *s = calloc(1, sizeof *s);
  char *expr = malloc(GUARDS_MAX * (TEXT_MAX + 8)), *text = malloc(GUARDS_MAX * (TEXT_MAX + 8) * 2);
  if (!s || !expr || !text || !scan(code, first, args, nargs, s)) goto done;
  /* One expression: any guard holds.  Each one operand, so that its words stay its own. */
  int n = 0;
  for (int i = 0; i < s->guard_count; i++) {
    char operand[TEXT_MAX + 4];
    as_operand(s->guards[i], operand, sizeof operand);
    n += sprintf(expr + n, "%s%s ", i + 1 < s->guard_count ? "or " : "", operand);
  }
  const BrOffsets *known = memo_find(g->guard_memo, expr);
  if (known) {
    out = *known;
    goto done;
  }
  char names[GEO_MAX_SQUARES][2 * GEO_LABEL_MAX];
  for (int sq = 0; sq < geo->squares; sq++) {
    geo_square_name(geo, sq, names[sq]);
    if (gc_word_operands(g->gc, names[sq], NULL) != 0) goto done; /* a square named like an operator */
  }
  BrOffsets found = {0};
  for (int from = 0; from < geo->squares; from++) {
    if (geo->hole[from]) continue;
    for (int to = 0; to < geo->squares; to++) {
      if (geo->hole[to]) continue;
      int dx = geo_file(geo, to) - geo_file(geo, from), dy = geo_rank(geo, to) - geo_rank(geo, from);
      if (br_offsets_has(&found, dx, dy)) continue;
      GcValue v = gc_null();
      GcError err;
      bool ruled_out = with_squares(expr, names[from], names[to], text, GUARDS_MAX * (TEXT_MAX + 8) * 2) &&
                       gc_eval_expr(g->gc, text, &v, &err) == GC_OK && gc_truthy(&v);
      gc_release(&v);
      if (!ruled_out) offsets_add(&found, dx, dy);
    }
  }
  out = found;
  memo_add(g, expr, &out);
done:
  free(s);
  free(expr);
  free(text);
  return out;
}
