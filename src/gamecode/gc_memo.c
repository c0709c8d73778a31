/* Remembered functions: a `def` called with squares is, in nearly every preset, a piece's
 * movement, a function of its arguments and of a few squares of the board; the referee asks the
 * same ones again and again on boards that differ elsewhere (every enemy piece, for each check
 * test; every candidate of an unread def, in each position of a search), and a `sub` called on
 * a square is often the same (Ultima's `frozen`, asked for every move: is an enemy Immobilizer
 * next to this square?), even where it captures (Ultima's `pinch`: GAME Code's `capture` only
 * empties squares, which are kept with the result and emptied again).  A call is watched while
 * it runs: the squares it reads are noted, and anything it does or reads beyond them spoils it
 * (gc_internal.h).  An unspoiled result is kept, by the function's body and the arguments, with
 * what those squares held when it began; a later call with the same arguments finds it where
 * they still hold the same, and runs nothing. */
#include "gamecode/gc_internal.h"

#include <stdlib.h>
#include <string.h>

enum {
  MEMO_ENTRIES = 8192, /* Ultima's perft 3 asks some thousands of calls: 2048 lost 7% of its time */
  HINT_FAILS = 32,     /* calls of a body not remembered in a row before it is left unwatched */
  HINT_SKIPS = 64      /* calls left unwatched before it is tried again */
};

/* A square's contents, as one word (gc_board_cell_word): a longer label is not remembered. */
static const uint64_t MEMO_TOO_LONG = GC_LABEL_WORD_LONG;

typedef struct GcMemoEntry {
  const GcToken *body; /* NULL: empty */
  int32_t args[GC_MEMO_ARGS];
  uint8_t nargs, nreads, nemptied;
  bool calls;     /* it called a function or subroutine by name: valid in its epoch alone */
  uint32_t epoch; /* GcInterp memo_epoch when it was made */
  GcValue result; /* a scalar, or a text other than a square's name (holding a reference) */
  int16_t square; /* the result is this square's name (a subroutine returning where it found something) */
  int16_t cells[GC_MEMO_READS_MAX];
  uint64_t held[GC_MEMO_READS_MAX];
  uint8_t nglobals;
  GcMemoGlobal globals[GC_MEMO_GLOBALS];
  int16_t emptied[GC_MEMO_EMPTIED]; /* the squares it emptied: emptied again when found */
} GcMemoEntry;

/* The table: the entries are not zeroed when it is made (some 3 MB, which a game's first
 * remembered call paid for, 5-8% of a refereed game of 80 plies); a bit a slot says which hold
 * a call, and only those are read or let go. */
typedef struct GcMemoTable GcMemoTable;
struct GcMemoTable {
  uint64_t filled[MEMO_ENTRIES / 64];
  GcMemoEntry entries[MEMO_ENTRIES];
};

static bool is_filled(const GcMemoTable *t, int i) { return t->filled[i >> 6] >> (i & 63) & 1; }
static void set_filled(GcMemoTable *t, int i, bool on) {
  uint64_t bit = 1ull << (i & 63);
  t->filled[i >> 6] = on ? t->filled[i >> 6] | bit : t->filled[i >> 6] & ~bit;
}

/* A global's value as a watched call may have read it: false where it is not a scalar or a
 * square. */
static bool global_of(GcInterp *gc, const GcValue *v, GcMemoGlobal *g) {
  g->type = (unsigned char)v->type;
  switch (v->type) {
  case GC_NULL: g->value = 0; return true;
  case GC_BOOL: g->value = v->u.b; return true;
  case GC_NUM: g->value = v->u.n; return true;
  case GC_STR: {
    int i = gc_square_index(gc, v->u.s);
    g->value = i;
    return i >= 0;
  }
  default: return false;
  }
}

/* Whether p points into m's table of slots. */
static bool in_map(const GcMap *m, const void *p) {
  return m->cap && p >= (const void *)m->slots && p < (const void *)(m->slots + m->cap);
}

/* Whether the name reads, from the frames of the call about to be made, the global it read when
 * remembered, with the same value. */
static bool global_holds(GcInterp *gc, const GcMemoGlobal *g) {
  const GcValue *v = gc_var_find(gc, g->name);
  if (!v || !in_map(&gc->globals, v)) return false; /* none now, or another frame's */
  GcMemoGlobal now;
  return global_of(gc, v, &now) && now.type == g->type && now.value == g->value;
}

static GcMemoHint *hint_of(GcInterp *gc, const GcToken *body) {
  return &gc->memo_hints[((uintptr_t)body >> 4) & (GC_MEMO_HINTS - 1)];
}

/* An argument's part of a key: a square's index, or a code above every index for a truth, null,
 * a whole number of at most ARG_NUM_MAX (Ultima's `gosub pinch #to #me false`) or a text of at
 * most three bytes (a piece's label: Ultima's `sub pname #piece`); -1 for anything else (a longer
 * text, a fraction, a list), which keeps the call from being remembered. */
enum { ARG_SCALAR = 1 << 20, ARG_NUM = 1 << 24, ARG_NUM_MAX = 1 << 16, ARG_TEXT = 1 << 29 };
static int32_t text_code(const char *s) {
  size_t len = strnlen(s, 4);
  if (len == 4) return -1;
  uint32_t c = 0;
  for (size_t k = 0; k < len; k++) c = c << 8 | (unsigned char)s[k];
  return ARG_TEXT + (int32_t)c;
}
/* The code of an argument that is not a square. */
static int32_t scalar_code(const GcValue *v) {
  switch (v->type) {
  case GC_STR: return text_code(v->u.s);
  case GC_NULL: return ARG_SCALAR + 2;
  case GC_BOOL: return ARG_SCALAR + v->u.b;
  case GC_NUM: {
    double n = v->u.n;
    return n == (int32_t)n && n >= -ARG_NUM_MAX && n <= ARG_NUM_MAX ? ARG_NUM + (int32_t)n : -1;
  }
  default: return -1;
  }
}

void gc_memo_key(GcInterp *gc, GcMemoKey *key, const GcToken *toks, const GcValue *args, int nargs,
                 bool square_optional) {
  key->body = toks;
  key->nargs = nargs;
  key->keyed = false;
  /* A call inside a watched one is not remembered apart while that one may be (its reads are
   * that one's); inside a spoiled one (seed 000's `checked`, which defines a function, asking
   * each enemy piece's def) it is, while there is room to keep the spoiled one waiting. */
  bool apart = !gc->memo_call.depth || (gc->memo_call.spoiled && gc->memo_nouter < GC_MEMO_OUTER);
  if (gc->memo_off || !apart || nargs < 1 || nargs > GC_MEMO_ARGS) return;
  GcMemoHint *hint = hint_of(gc, toks);
  if (hint->body == toks && hint->failed >= HINT_FAILS) {
    if (++hint->skipped < HINT_SKIPS) return;
    hint->failed = hint->skipped = 0;
  }
  /* The squares first: a def on labels or numbers alone (`fn friend space #to`) is an expression
   * quicker to evaluate than to look up; a sub's statements are not (Ultima's `sub pname
   * #piece`). */
  bool square = square_optional, scalars = false;
  for (int k = 0; k < nargs; k++) {
    int32_t c = args[k].type == GC_STR ? gc_square_index(gc, args[k].u.s) : -1;
    key->arg[k] = c;
    square |= c >= 0;
    scalars |= c < 0;
  }
  if (!square) return;
  for (int k = 0; k < nargs && scalars; k++)
    if (key->arg[k] < 0 && (key->arg[k] = scalar_code(&args[k])) < 0) return;
  key->keyed = true;
}

static int slot_of(const GcMemoKey *key) {
  uint64_t h = (uint64_t)(uintptr_t)key->body * 0x9E3779B97F4A7C15ull;
  for (int k = 0; k < key->nargs; k++) h = (h ^ (uint64_t)(uint32_t)key->arg[k]) * 0xBF58476D1CE4E5B9ull;
  return (int)((h >> 40) & (MEMO_ENTRIES - 1));
}

static bool same_call(const GcMemoEntry *e, const GcMemoKey *key) {
  if (e->body != key->body || e->nargs != key->nargs) return false;
  for (int k = 0; k < key->nargs; k++)
    if (e->args[k] != key->arg[k]) return false;
  return true;
}

bool gc_memo_find(GcInterp *gc, const GcMemoKey *key, GcValue *out) {
  if (!gc->memo || !key->keyed) return false;
  int slot = slot_of(key);
  if (!is_filled(gc->memo, slot)) return false;
  const GcMemoEntry *e = &gc->memo->entries[slot];
  if (!same_call(e, key) || (e->calls && e->epoch != gc->memo_epoch)) return false;
  for (int k = 0; k < e->nreads; k++)
    if (gc_board_cell_word(&gc->board, e->cells[k]) != e->held[k]) return false;
  for (int k = 0; k < e->nglobals; k++)
    if (!global_holds(gc, &e->globals[k])) return false;
  for (int k = 0; k < e->nemptied; k++) strcpy(gc->board.cells[e->emptied[k]], "@");
  *out = e->square >= 0 ? gc_coord_value(gc, e->square) : gc_copy(&e->result);
  return true;
}

/* What square i held when the watched call began: what it holds now, unless the call emptied
 * it. */
static uint64_t held_before(GcInterp *gc, int i) {
  const GcMemoWatch *w = &gc->memo_call;
  for (int k = 0; k < w->nemptied; k++)
    if (w->emptied[k] == i) return w->before[k];
  return gc_board_cell_word(&gc->board, i);
}

void gc_memo_emptied(GcInterp *gc, int i) {
  GcMemoWatch *w = &gc->memo_call;
  if (!gc_memo_watching(gc) || i < 0) return;
  for (int k = 0; k < w->nemptied; k++)
    if (w->emptied[k] == i) return;
  if (w->nemptied == GC_MEMO_EMPTIED) {
    w->spoiled = true;
    return;
  }
  w->emptied[w->nemptied] = (int16_t)i;
  w->before[w->nemptied++] = gc_board_cell_word(&gc->board, i);
}

/* Keeps the watched call's result, where nothing spoiled it; false where it is not kept. */
static bool remember(GcInterp *gc, const GcMemoKey *key, int rc, const GcValue *out) {
  if (rc != ST_OK || gc->memo_call.spoiled || gc->memo_call.nreads > GC_MEMO_READS_MAX) return false;
  if (out->type == GC_ARR || out->type == GC_LAZY) return false; /* a list is not kept */
  /* a square's name is kept as its index (the board's own text is given back) */
  int square = out->type == GC_STR ? gc_square_index(gc, out->u.s) : -1;
  if (square >= gc->ncoord_values) square = -1;
  if (!gc->memo) {
    gc->memo = malloc(sizeof *gc->memo);
    if (!gc->memo) return false;
    memset(gc->memo->filled, 0, sizeof gc->memo->filled);
  }
  int slot = slot_of(key);
  GcMemoEntry *e = &gc->memo->entries[slot];
  if (is_filled(gc->memo, slot)) gc_release(&e->result);
  set_filled(gc->memo, slot, false);
  for (int k = 0; k < gc->memo_call.nreads; k++) {
    int i = gc->memo_call.reads[k];
    e->cells[k] = (int16_t)i;
    e->held[k] = held_before(gc, i);
    if (e->held[k] == MEMO_TOO_LONG) return false;
  }
  e->nemptied = (uint8_t)gc->memo_call.nemptied;
  memcpy(e->emptied, gc->memo_call.emptied, sizeof e->emptied);
  e->nreads = (uint8_t)gc->memo_call.nreads;
  e->nglobals = (uint8_t)gc->memo_call.nglobals;
  memcpy(e->globals, gc->memo_call.globals, sizeof e->globals);
  e->nargs = (uint8_t)key->nargs;
  e->calls = gc->memo_call.calls;
  e->epoch = gc->memo_epoch;
  memcpy(e->args, key->arg, sizeof e->args);
  e->result = square >= 0 ? gc_null() : gc_copy(out);
  e->square = (int16_t)square;
  e->body = key->body;
  set_filled(gc->memo, slot, true);
  return true;
}

bool gc_memo_begin(GcInterp *gc, const GcMemoKey *key) {
  bool inner = gc->memo_call.depth > 0;
  if (inner && !key->keyed) { /* a call inside the watched one: its reads are the outer call's */
    gc->memo_call.depth++;
    return true;
  }
  if (!key->keyed) return false;
  GcMemoWatch *w = &gc->memo_call;
  if (inner) /* spoiled (gc_memo_key): it waits, what it reads no longer matters */
    gc->memo_outer[gc->memo_nouter++] = (GcMemoOuter){w->depth, w->frame, w->calls, w->inner};
  w->depth = 1;
  w->frame = gc->nframes;
  w->spoiled = w->calls = false;
  w->inner = inner;
  w->nreads = w->nglobals = w->nemptied = 0;
  return true;
}

void gc_memo_end(GcInterp *gc, const GcMemoKey *key, int rc, const GcValue *out) {
  GcMemoWatch *w = &gc->memo_call;
  if (--w->depth > 0) return;
  GcMemoHint *hint = hint_of(gc, key->body);
  if (remember(gc, key, rc, out)) {
    if (hint->body == key->body) hint->failed = 0;
  } else if (hint->body != key->body) {
    *hint = (GcMemoHint){key->body, 1, 0};
  } else if (hint->failed < HINT_FAILS) {
    hint->failed++;
  }
  if (w->inner) {
    GcMemoOuter o = gc->memo_outer[--gc->memo_nouter];
    w->depth = o.depth;
    w->frame = o.frame;
    w->calls = o.calls;
    w->inner = o.inner;
    w->spoiled = true;
  }
}

/* Lets go of the results the table holds (texts hold a reference). */
static void release_results(GcInterp *gc) {
  GcMemoTable *t = gc->memo;
  for (int w = 0; w < MEMO_ENTRIES / 64; w++)
    for (uint64_t bits = t->filled[w]; bits; bits &= bits - 1)
      gc_release(&t->entries[w * 64 + __builtin_ctzll(bits)].result);
}

void gc_memo_clear(GcInterp *gc) {
  if (!gc->memo) return;
  release_results(gc);
  memset(gc->memo->filled, 0, sizeof gc->memo->filled);
}

void gc_memo_redefined(GcInterp *gc) { gc->memo_epoch++; }

void gc_memo_free(GcInterp *gc) {
  if (!gc->memo) return;
  release_results(gc); /* not emptied first: the table goes */
  free(gc->memo);
  gc->memo = NULL;
}

static bool own_slot(const GcInterp *gc, const GcMapSlot *slot) {
  for (int f = gc->memo_call.frame; f < gc->nframes && slot; f++)
    if (in_map(&gc->frames[f].vars, slot)) return true;
  return false;
}

/* A spoiled call is not looked at further (it goes on being watched only to know where it
 * ends). */
void gc_memo_check_write(GcInterp *gc, const GcMapSlot *slot) {
  if (gc_memo_watching(gc) && !own_slot(gc, slot)) gc->memo_call.spoiled = true;
}

void gc_memo_check_slot(GcInterp *gc, const GcMapSlot *slot) {
  if (!gc_memo_watching(gc) || own_slot(gc, slot)) return;
  /* A global read (en passant's square, a mode): noted with its value, once. */
  int n = gc->memo_call.nglobals;
  if (slot && in_map(&gc->globals, slot) && strlen(slot->key) < GC_MEMO_NAME) {
    for (int k = 0; k < n; k++)
      if (!strcmp(gc->memo_call.globals[k].name, slot->key)) return;
    GcMemoGlobal *read = &gc->memo_call.globals[n];
    if (n < GC_MEMO_GLOBALS && global_of(gc, &slot->val, read)) {
      strcpy(read->name, slot->key);
      gc->memo_call.nglobals = n + 1;
      return;
    }
  }
  gc->memo_call.spoiled = true;
}
