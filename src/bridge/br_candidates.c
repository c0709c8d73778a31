/* Candidate moves for a piece whose def did not compile: the oracle decides its moves, and the
 * model only has to propose a superset of them.  The candidates are read off the def's move
 * primitives (checkleap, checkride, their a- forms and checkatwostep, with literal offsets), in
 * all eight orientations and both modes; anything less certain leaves every square a candidate
 * (PieceType.any_square), but for what the def's expression says may stand on the destination
 * (an empty square, a piece of a label it names), and where a sub it calls allows the
 * destination at some offsets from the origin only (br_sub_guard.c), leaps onto those. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge/br_internal.h"

enum { WORDS_MAX = 512, WORD_LEN = 48, FN_DEPTH = 4 };

typedef struct Words {
  char w[WORDS_MAX][WORD_LEN];
  int n;
} Words;

/* The body's words, with `fn NAME` calls replaced by the called body. */
static bool split(const char *body, Words *out, BrDefLookup lookup, void *ctx, int depth) {
  const char *s = body;
  while (*s) {
    while (isspace((unsigned char)*s) || *s == '(' || *s == ')' || *s == ';') s++;
    if (!*s) break;
    char word[WORD_LEN];
    int n = 0;
    while (*s && !isspace((unsigned char)*s) && *s != '(' && *s != ')' && *s != ';') {
      if (n < WORD_LEN - 1) word[n++] = *s;
      s++;
    }
    word[n] = 0;
    if (out->n > 0 && !strcmp(out->w[out->n - 1], "fn")) {
      out->n--;
      char *called = malloc(4096);
      if (!called || depth == FN_DEPTH || !lookup || !lookup(ctx, word, called, 4096) ||
          !split(called, out, lookup, ctx, depth + 1)) {
        free(called);
        return false;
      }
      free(called);
      continue;
    }
    if (out->n == WORDS_MAX) return false;
    snprintf(out->w[out->n++], WORD_LEN, "%s", word);
  }
  return true;
}

/* A literal offset at word i ("2", "-1", "neg 1"); advances i. */
static bool literal(const Words *ws, int *i, int *value) {
  int sign = 1;
  while (*i < ws->n && !strcmp(ws->w[*i], "neg")) sign = -sign, (*i)++;
  if (*i >= ws->n) return false;
  char *end;
  long v = strtol(ws->w[*i], &end, 10);
  if (end == ws->w[*i] || *end || v < -32 || v > 32) return false;
  (*i)++;
  *value = sign * (int)v;
  return true;
}

/* pt's atom of that kind and step, or NULL. */
static Atom *find_atom(PieceType *pt, AtomKind kind, int dx, int dy) {
  for (int a = 0; a < pt->atom_count; a++)
    if (pt->atoms[a].kind == kind && pt->atoms[a].dx == dx && pt->atoms[a].dy == dy) return &pt->atoms[a];
  return NULL;
}

/* The atoms of one primitive, in mode (MODE_MOVE, MODE_CAPTURE or both): all eight
 * orientations, or for the a- (absolute direction) forms the one written, seen from White. */
static bool add_images(PieceType *pt, AtomKind kind, int dx, int dy, bool absolute, uint8_t mode) {
  int img[8][2] = {{dx, dy}, {-dx, dy}, {dx, -dy}, {-dx, -dy}, {dy, dx}, {-dy, dx}, {dy, -dx}, {-dy, -dx}};
  for (int k = 0; k < (absolute ? 1 : 8); k++) {
    if (!img[k][0] && !img[k][1]) return true;
    Atom *seen = find_atom(pt, kind, img[k][0], img[k][1]);
    if (seen) {
      seen->mode |= mode;
      continue;
    }
    if (pt->atom_count == MAX_ATOMS) return false;
    pt->atoms[pt->atom_count++] = (Atom){.kind = kind,
                                         .dx = (int8_t)img[k][0],
                                         .dy = (int8_t)img[k][1],
                                         .mode = mode,
                                         .from_zone = NO_ZONE,
                                         .to_zone = NO_ZONE};
  }
  return true;
}

/* Words a body may hold without granting moves of its own: conditions, arithmetic, board
 * queries, literals.  Anything else (a `sub` call, an unknown function) may grant moves the
 * primitives do not show, and every square stays a candidate. */
static bool harmless(const Words *ws, int i) {
  static const char *const known[] = {
      "and",     "or",      "not",     "!",    "nor",      "nand",     "xor",      "cond",    "==",      "!=",
      "<",       ">",       "<=",      ">=",   "equal",    "unequal",  "empty",    "capture", "space",   "islower",
      "isupper", "isalpha", "rank",    "file", "rankname", "filename", "join",     "where",   "onboard", "neg",
      "abs",     "-",       "+",       "*",    "/",        "minus",    "plus",     "mod",     "true",    "false",
      "match",   "what",    "insight", "same", "sign",     "distance", "lastrank", "var",     "const",   "flag",
      "origin",  "dest",    "moved",   "old",  NULL};
  const char *w = ws->w[i];
  if (w[0] == '#' || w[0] == '"' || isdigit((unsigned char)w[0]) || (w[0] == '-' && isdigit((unsigned char)w[1])))
    return true;
  for (int k = 0; known[k]; k++)
    if (!strcmp(w, known[k])) return true;
  /* The name after var, const or flag, and piece labels (single letters) compared with space. */
  if (i > 0 && (!strcmp(ws->w[i - 1], "var") || !strcmp(ws->w[i - 1], "const") || !strcmp(ws->w[i - 1], "flag")))
    return true;
  return strlen(w) == 1 && isalpha((unsigned char)w[0]);
}

/* Reads the primitives of one body into pt's atoms; false when a primitive is not understood. */
static bool read_primitives(const Words *ws, PieceType *pt, int color, bool statements) {
  int found = 0;
  for (int i = 0; i < ws->n; i++) {
    const char *w = ws->w[i];
    if (strncmp(w, "check", 5)) {
      /* In Post-Move statements only a subroutine call may hide moves. */
      if (statements ? !strcmp(w, "sub") || !strcmp(w, "gosub") : !harmless(ws, i)) return false;
      continue;
    }
    bool ride = !strcmp(w, "checkride") || !strcmp(w, "checkaride");
    bool leap = !strcmp(w, "checkleap") || !strcmp(w, "checkaleap");
    bool twostep = !strcmp(w, "checkatwostep");
    bool absolute = twostep || !strcmp(w, "checkaride") || !strcmp(w, "checkaleap");
    if (!ride && !leap && !twostep) return false;
    int j = i + 3, v[4] = {0, 0, 0, 0}; /* skip the name and the two squares */
    int nv = twostep ? 4 : 2;
    for (int k = 0; k < nv; k++)
      if (!literal(ws, &j, &v[k])) return false;
    int dx = twostep ? v[0] + v[2] : v[0], dy = twostep ? v[1] + v[3] : v[1];
    if (color == BLACK) dy = -dy; /* atoms are written for White */
    if (!add_images(pt, ride ? ATOM_RIDE : ATOM_LEAP, dx, dy, absolute, MODE_BOTH)) return false;
    found++;
  }
  return found > 0;
}

/* What a def's expression allows on the destination (#1) when it holds: an empty square, and
 * the enemy types named (every bit: whatever stands there), each at the offsets from the
 * origin given (all: anywhere).  Read from the conjunctions and disjunctions of `empty #1`,
 * `== space #1 LABEL` and the calls of subs whose guards keep the destination to some offsets
 * (br_sub_guard.c); of anything else, nothing. */
typedef struct Landing {
  bool empty;
  uint32_t takes;
  BrOffsets empty_at, takes_at;
} Landing;

static Landing anywhere(void) {
  Landing l = {.empty = true, .takes = ~0u};
  br_offsets_all(&l.empty_at);
  br_offsets_all(&l.takes_at);
  return l;
}

static Landing allows(bool empty, uint32_t takes) {
  Landing l = anywhere();
  l.empty = empty;
  l.takes = takes;
  return l;
}

/* Both hold: what both allow, where both allow it. */
static Landing landing_and(const Landing *a, const Landing *b) {
  Landing l = allows(a->empty && b->empty, a->takes & b->takes);
  l.empty_at = a->empty_at, l.takes_at = a->takes_at;
  br_offsets_and(&l.empty_at, &b->empty_at);
  br_offsets_and(&l.takes_at, &b->takes_at);
  return l;
}

/* Either holds: what either allows, where either allows it. */
static Landing landing_or(const Landing *a, const Landing *b) {
  Landing l = allows(a->empty || b->empty, a->takes | b->takes);
  l.empty_at = a->empty ? a->empty_at : b->empty_at;
  if (a->empty && b->empty) br_offsets_or(&l.empty_at, &b->empty_at);
  l.takes_at = a->takes ? a->takes_at : b->takes_at;
  if (a->takes && b->takes) br_offsets_or(&l.takes_at, &b->takes_at);
  return l;
}

/* The enemy type that label names for a piece of colour `color`: a bit, none for one of its own
 * side, every bit for a label not known. */
static uint32_t label_takes(BrGame *g, const char *label, int color) {
  const BrPiece *piece = br_piece_of(g, label);
  if (!piece || piece->type < 0 || piece->type >= 32) return ~0u;
  return piece->color == color ? 0 : 1u << piece->type;
}

/* The Landing of the expression at word i into *out; returns the word after it, or -1 where its
 * end is not known (a word whose operands are not known: *out is then anywhere). */
static int landing(BrGame *g, const BrCode *code, const Words *ws, int i, int color, Landing *out) {
  *out = anywhere();
  if (i >= ws->n) return -1;
  const char *w = ws->w[i];
  if (!strcmp(w, "empty") && i + 1 < ws->n && !strcmp(ws->w[i + 1], "#1")) {
    *out = allows(true, 0);
    return i + 2;
  }
  if (!strcmp(w, "==") && i + 3 < ws->n) {
    int space = !strcmp(ws->w[i + 1], "space") && !strcmp(ws->w[i + 2], "#1") ? i + 3 : -1;
    int label = space >= 0 ? space : i + 1;
    if (space < 0 && (strcmp(ws->w[i + 2], "space") || strcmp(ws->w[i + 3], "#1"))) label = -1;
    if (label >= 0 && gc_word_operands(g->gc, ws->w[label], NULL) == 0 && isalpha((unsigned char)ws->w[label][0])) {
      *out = allows(false, label_takes(g, ws->w[label], color));
      return i + 4;
    }
  }
  bool both = !strcmp(w, "and"), either = !strcmp(w, "or");
  if (both || either) {
    Landing a, b;
    int next = landing(g, code, ws, i + 1, color, &a);
    int end = next < 0 ? -1 : landing(g, code, ws, next, color, &b);
    if (end < 0) return -1; /* where an operand ends is not known: nothing is */
    *out = both ? landing_and(&a, &b) : landing_or(&a, &b);
    return end;
  }
  /* Any other word, read as the interpreter pops its operands; a call's name is skipped. */
  const char *after = i + 1 < ws->n ? ws->w[i + 1] : NULL;
  int operands = gc_word_operands(g->gc, w, after), next = i + 1;
  if (operands < 0) return -1;
  bool call = (!strcmp(w, "sub") || !strcmp(w, "fn")) && after;
  if (call) next = i + 2;
  const char *args[16];
  bool words = operands <= 16; /* every argument one word */
  for (int k = 0; k < operands && next >= 0; k++) {
    Landing ignored;
    int start = next;
    next = landing(g, code, ws, next, color, &ignored);
    if (next != start + 1) words = false;
    if (words) args[k] = ws->w[start];
  }
  /* A sub's call, its arguments words: where its guards let it return anything but false. */
  if (next >= 0 && call && words && !strcmp(w, "sub")) {
    out->empty_at = br_sub_guard_offsets(g, code, after, args, operands);
    out->takes_at = out->empty_at;
  }
  return next;
}

/* The atoms, in mode, that reach the offsets of o from an origin, for colour color (atoms are
 * White's: Black's steps turned); false, with none added, when they would not fit beside those
 * there.  The first pass counts the leaps not there yet, the second adds them. */
static bool add_offsets(PieceType *pt, const BrOffsets *o, int color, uint8_t mode) {
  int count = pt->atom_count;
  for (int pass = 0; pass < 2; pass++) {
    if (pass == 1 && count > MAX_ATOMS) return false;
    for (int dy = 1 - GEO_MAX_SIDE; dy < GEO_MAX_SIDE; dy++)
      for (int dx = 1 - GEO_MAX_SIDE; dx < GEO_MAX_SIDE; dx++) {
        if ((!dx && !dy) || !br_offsets_has(o, dx, dy)) continue;
        int step_y = color == BLACK ? -dy : dy;
        if (pass == 0)
          count += find_atom(pt, ATOM_LEAP, dx, step_y) == NULL;
        else
          add_images(pt, ATOM_LEAP, dx, step_y, true, mode); /* fits: counted */
      }
  }
  return true;
}

static bool find_def(void *ctx, const char *name, char *out, int outlen) {
  return br_find_def((const BrCode *)ctx, name, out, outlen);
}

void br_set_candidates(BrGame *g, PieceType *pt, const char *const bodies[2], const bool statements[2],
                       const BrCode *code) {
  pt->oracle = true;
  pt->atom_count = 0;
  pt->any_square = false;
  Words *ws = malloc(sizeof *ws);
  bool ok = ws != NULL && (bodies[0] || bodies[1]);
  for (int c = 0; c < 2 && ok; c++) {
    if (!bodies[c]) continue;
    ws->n = 0;
    ok = split(bodies[c], ws, find_def, (void *)code, 0) && read_primitives(ws, pt, c, statements[c]);
  }
  if (!ok) {
    pt->atom_count = 0;
    for (int c = 0; c < 2; c++) {
      Landing land = anywhere();
      if (ws) ws->n = 0;
      /* A def's expression read whole, to its last word (leftover values would make an array,
       * which holds whatever the rest says), tells what may stand where the piece lands; not
       * through `fn` calls, whose #0 and #1 are their own arguments (split fails on them
       * without a lookup), nor where it has a group: split drops the parentheses that make
       * the group's words one value. */
      if (ws && bodies[c] && !statements[c] && !strchr(bodies[c], '(') && split(bodies[c], ws, NULL, NULL, 0) &&
          landing(g, code, ws, 0, c, &land) != ws->n)
        land = anywhere();
      /* What is allowed at some offsets only becomes leaps onto them: empty squares as moves,
       * any enemy piece as captures (one type named stays one piece's square, wherever). */
      if (land.empty && !land.empty_at.all && add_offsets(pt, &land.empty_at, c, MODE_MOVE)) land.empty = false;
      if (land.takes == ~0u && !land.takes_at.all && add_offsets(pt, &land.takes_at, c, MODE_CAPTURE)) land.takes = 0;
      pt->any_square_empty[c] = land.empty;
      pt->any_square_takes[c] = land.takes;
      pt->any_square |= land.empty || land.takes;
    }
  }
  free(ws);
}
