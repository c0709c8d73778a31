/* GAME Code values: construction, PHP-like truthiness and comparison, arrays, maps. */
#include "gamecode/gc_value.h"

#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdbool.h>
#include <string.h>

static void *xrealloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) abort(); /* out of memory: nothing sensible left to do */
  return q;
}

/* ---- what values hold ----
 * Every string's and array's bytes, over the whole process, so that a preset that hoards
 * values is stopped at a limit (gc_step) long before the machine runs out: a preset asked for
 * 50 GB and died with SIGABRT.  Each thread adds to its own count and moves it to the shared one
 * a quarter megabyte at a time, so that the commonest work of the interpreter touches no shared
 * line; the shared count is so off by at most that much per thread.  A value freed by another
 * thread than made it takes its bytes off that thread's count: the sum stays right. */
enum { HELD_BATCH = 256 * 1024 };
_Atomic long long gc_held_shared;
static _Thread_local long long held_local;

static void held_add(long long bytes) {
  held_local += bytes;
  if (held_local >= HELD_BATCH || held_local <= -HELD_BATCH) {
    atomic_fetch_add_explicit(&gc_held_shared, held_local, memory_order_relaxed);
    held_local = 0;
  }
}

size_t gc_memory_held(void) {
  long long held = atomic_load_explicit(&gc_held_shared, memory_order_relaxed);
  return held > 0 ? (size_t)held : 0;
}

static size_t items_bytes(size_t cap) { return sizeof(GcEntry) * cap; }

/* Strings are immutable and reference counted: copying a value shares its text (the block,
 * GcStrBlock, is in gc_value.h for the inline copy and release). */
typedef GcStrBlock str_block;
static str_block *block_of(char *s) { return gc_str_block(s); }
enum { IMMORTAL = GC_STR_IMMORTAL };

void gc_str_make_immortal(GcValue *v) {
  if (v->type != GC_STR) return;
  str_block *b = block_of(v->u.s);
  if (b->refs == IMMORTAL) return;
  b->refs = IMMORTAL;
  held_add(-(long long)b->size); /* the program's, not a value's: not the memory limit's business */
}

GcValue gc_str_concat(const char *x, size_t nx, const char *y, size_t ny) {
  GcValue v = gc_null();
  size_t n = nx + ny;
  str_block *b = xrealloc(NULL, sizeof(str_block) + n + 1);
  b->refs = 1;
  b->size = sizeof(str_block) + n + 1;
  held_add((long long)b->size);
  memcpy(b->text, x, nx);
  memcpy(b->text + nx, y, ny);
  b->text[n] = 0;
  v.type = GC_STR;
  v.u.s = b->text;
  return v;
}

GcValue gc_str_n(const char *s, size_t n) { return gc_str_concat(s, n, "", 0); }

GcValue gc_str(const char *s) { return gc_str_n(s, strlen(s)); }

GcValue gc_str_own(char *s) {
  GcValue v = gc_str(s);
  free(s);
  return v;
}

GcValue gc_arr_new(void) {
  GcValue v = gc_null();
  v.type = GC_ARR;
  v.u.a = xrealloc(NULL, sizeof(GcArray));
  held_add(sizeof(GcArray));
  memset(v.u.a, 0, sizeof(GcArray));
  v.u.a->refs = 1;
  v.u.a->depth = 1;
  return v;
}

GcValue gc_arr_new_cap(size_t cap) {
  GcValue v = gc_arr_new();
  if (cap) {
    v.u.a->items = xrealloc(NULL, items_bytes(cap));
    v.u.a->cap = cap;
    held_add((long long)items_bytes(cap));
  }
  return v;
}

GcValue gc_copy_held(const GcValue *v) {
  GcValue c = *v;
  if (v->type == GC_STR) {
    str_block *b = block_of(v->u.s);
    if (b->refs != IMMORTAL) b->refs++;
  } else if (v->type == GC_ARR)
    v->u.a->refs++;
  return c;
}

GcValue gc_copy_deep(const GcValue *v) {
  if (v->type == GC_STR) return gc_str(v->u.s);
  if (v->type != GC_ARR) return *v;
  const GcArray *a = v->u.a;
  GcValue c = gc_arr_new();
  GcArray *b = c.u.a;
  b->items = xrealloc(NULL, sizeof(GcEntry) * (a->len ? a->len : 1));
  b->cap = a->len ? a->len : 1;
  held_add((long long)items_bytes(b->cap));
  b->len = a->len;
  b->next_index = a->next_index;
  b->depth = a->depth;
  for (size_t i = 0; i < a->len; i++) {
    b->items[i].key = gc_copy_deep(&a->items[i].key);
    b->items[i].val = gc_copy_deep(&a->items[i].val);
  }
  return c;
}

void gc_release_held(GcValue *v) {
  if (v->type == GC_STR) {
    str_block *b = block_of(v->u.s);
    if (b->refs != IMMORTAL && --b->refs == 0) {
      held_add(-(long long)b->size);
      free(b);
    }
  } else if (v->type == GC_ARR) {
    GcArray *a = v->u.a;
    if (--a->refs == 0) {
      for (size_t i = 0; i < a->len; i++) {
        gc_release(&a->items[i].key);
        gc_release(&a->items[i].val);
      }
      held_add(-(long long)(items_bytes(a->cap) + sizeof(GcArray)));
      free(a->items);
      free(a);
    }
  }
  v->type = GC_NULL;
}

GcArray *gc_arr_mut(GcValue *arr) {
  GcArray *a = arr->u.a;
  if (a->refs == 1) return a;
  GcValue fresh = gc_arr_new();
  GcArray *b = fresh.u.a;
  b->items = xrealloc(NULL, sizeof(GcEntry) * (a->len ? a->len : 1));
  b->cap = a->len ? a->len : 1;
  held_add((long long)items_bytes(b->cap));
  for (size_t i = 0; i < a->len; i++) {
    b->items[i].key = gc_copy(&a->items[i].key);
    b->items[i].val = gc_copy(&a->items[i].val);
  }
  b->len = a->len;
  b->next_index = a->next_index;
  b->depth = a->depth;
  a->refs--;
  arr->u.a = b;
  return b;
}

static void arr_append(GcArray *a, GcValue key, GcValue v) {
  if (v.type == GC_ARR && v.u.a->depth + 1 > a->depth) a->depth = v.u.a->depth + 1;
  if (a->len == a->cap) {
    size_t was = a->cap;
    a->cap = a->cap ? a->cap * 2 : 8;
    a->items = xrealloc(a->items, sizeof(GcEntry) * a->cap);
    held_add((long long)(items_bytes(a->cap) - items_bytes(was)));
  }
  a->items[a->len].key = key;
  a->items[a->len].val = v;
  a->len++;
}

void gc_arr_push(GcValue *arr, GcValue v) {
  GcArray *a = gc_arr_mut(arr);
  arr_append(a, gc_num(a->next_index), v);
  a->next_index += 1;
}

/* Keys are normalised as PHP does: a string holding a plain integer is a numeric key. */
static GcValue norm_key(const GcValue *key) {
  if (key->type == GC_NUM) return gc_num(floor(key->u.n));
  if (key->type == GC_BOOL) return gc_num(key->u.b);
  if (key->type == GC_STR) {
    const char *s = key->u.s;
    const char *p = s + (*s == '-');
    int plain = *p && (*p != '0' || !p[1]);
    for (; *p && plain; p++) plain = *p >= '0' && *p <= '9';
    if (plain && strlen(s) < 16) return gc_num(atof(s));
    return gc_str(s);
  }
  return gc_str("");
}

static GcEntry *arr_find(const GcArray *a, const GcValue *k) {
  for (size_t i = 0; i < a->len; i++) {
    const GcValue *ek = &a->items[i].key;
    if (ek->type != k->type) continue;
    if (k->type == GC_NUM ? ek->u.n == k->u.n : strcmp(ek->u.s, k->u.s) == 0) return &a->items[i];
  }
  return NULL;
}

void gc_arr_set(GcValue *arr, const GcValue *key, GcValue v) {
  GcArray *a = gc_arr_mut(arr);
  GcValue k = norm_key(key);
  GcEntry *e = arr_find(a, &k);
  if (e) {
    if (v.type == GC_ARR && v.u.a->depth + 1 > a->depth) a->depth = v.u.a->depth + 1;
    gc_release(&e->val);
    e->val = v;
    gc_release(&k);
    return;
  }
  if (k.type == GC_NUM && k.u.n >= a->next_index) a->next_index = k.u.n + 1;
  arr_append(a, k, v);
}

void gc_arr_append_unique(GcValue *arr, GcValue key, GcValue v) { arr_append(gc_arr_mut(arr), key, v); }

const GcValue *gc_arr_get(const GcValue *arr, const GcValue *key) {
  if (arr->type != GC_ARR) return NULL;
  GcValue k = norm_key(key);
  GcEntry *e = arr_find(arr->u.a, &k);
  gc_release(&k);
  return e ? &e->val : NULL;
}

size_t gc_arr_len(const GcValue *v) { return v->type == GC_ARR ? v->u.a->len : 0; }

int gc_is_numeric_str(const char *s, double *out) {
  while (*s == ' ' || *s == '\t' || *s == '\n') s++;
  /* The common answers without strtod: a label or coordinate starts with a letter, and most
   * numbers in presets are short runs of digits (ranks, counters). */
  char c = *s;
  if (!((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.')) return 0;
  if (c >= '0' && c <= '9') {
    long whole = 0;
    const char *p = s;
    while (*p >= '0' && *p <= '9' && p - s < 15) whole = whole * 10 + (*p++ - '0');
    if (!*p) {
      if (out) *out = (double)whole;
      return 1;
    }
  }
  char *end;
  double d = strtod(s, &end);
  if (end == s) return 0;
  while (*end == ' ' || *end == '\t' || *end == '\n') end++;
  if (*end) return 0;
  /* strtod accepts "inf", "nan" and hex; PHP does not */
  for (const char *p = s; p < end; p++)
    if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))
      if (*p != 'e' && *p != 'E') return 0;
  if (out) *out = d;
  return 1;
}

int gc_truthy(const GcValue *v) {
  switch (v->type) {
  case GC_NULL: return 0;
  case GC_BOOL: return v->u.b;
  case GC_NUM: return v->u.n != 0;
  case GC_STR: return v->u.s[0] && strcmp(v->u.s, "0") != 0;
  case GC_ARR: return v->u.a->len > 0;
  default: return 1;
  }
}

double gc_to_num(const GcValue *v) {
  switch (v->type) {
  case GC_BOOL: return v->u.b;
  case GC_NUM: return v->u.n;
  case GC_STR: {
    double d = 0;
    if (gc_is_numeric_str(v->u.s, &d)) return d;
    return strtod(v->u.s, NULL); /* leading-number rule, "12abc" is 12 */
  }
  case GC_ARR: return (double)v->u.a->len;
  default: return 0;
  }
}

int gc_to_int(const GcValue *v) {
  double d = gc_to_num(v);
  if (!(d == d)) return 0; /* NaN */
  if (d > 1e9) return 1000000000;
  if (d < -1e9) return -1000000000;
  return (int)d;
}

long long gc_to_ll(const GcValue *v) {
  double d = gc_to_num(v);
  if (!(d == d)) return 0;
  if (d > 1e15) return 1000000000000000LL;
  if (d < -1e15) return -1000000000000000LL;
  return (long long)d;
}

static void fmt_num(double n, char *buf, size_t size) {
  if (n == floor(n) && fabs(n) < 1e15 && size >= 24) { /* "%.0f" without printf: ranks, counters */
    char digits[24];
    int k = 0;
    unsigned long long u = (unsigned long long)fabs(n);
    do {
      digits[k++] = (char)('0' + u % 10);
      u /= 10;
    } while (u > 0);
    size_t at = 0;
    if (signbit(n)) buf[at++] = '-'; /* -0 too, as printf writes it */
    while (k > 0) buf[at++] = digits[--k];
    buf[at] = 0;
  } else if (n == floor(n) && fabs(n) < 1e15)
    snprintf(buf, size, "%.0f", n);
  else
    snprintf(buf, size, "%.14g", n);
}

void gc_buf_add(GcBuf *b, const char *s, size_t n) {
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + n + 1) cap *= 2;
    b->data = xrealloc(b->data, cap);
    b->cap = cap;
  }
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = 0;
}
void gc_buf_adds(GcBuf *b, const char *s) { gc_buf_add(b, s, strlen(s)); }
void gc_buf_addc(GcBuf *b, char c) { gc_buf_add(b, &c, 1); }
void gc_buf_free(GcBuf *b) {
  free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
}

static void str_into(const GcValue *v, GcBuf *b) {
  char tmp[64];
  switch (v->type) {
  case GC_BOOL:
    if (v->u.b) gc_buf_addc(b, '1');
    break;
  case GC_NUM:
    fmt_num(v->u.n, tmp, sizeof tmp);
    gc_buf_adds(b, tmp);
    break;
  case GC_STR: gc_buf_adds(b, v->u.s); break;
  case GC_ARR:
    for (size_t i = 0; i < v->u.a->len; i++) {
      if (i) gc_buf_addc(b, ' ');
      str_into(&v->u.a->items[i].val, b);
    }
    break;
  default: break;
  }
}

char *gc_to_str_alloc(const GcValue *v) {
  GcBuf b = {0};
  gc_buf_add(&b, "", 0);
  str_into(v, &b);
  return b.data;
}

const char *gc_to_str(const GcValue *v, char *buf, size_t size) {
  if (v->type == GC_STR) return v->u.s;
  if (v->type == GC_NUM) {
    fmt_num(v->u.n, buf, size);
    return buf;
  }
  if (v->type == GC_BOOL) return v->u.b ? "1" : "";
  if (v->type != GC_ARR) return "";
  char *s = gc_to_str_alloc(v);
  snprintf(buf, size, "%s", s);
  free(s);
  return buf;
}

static int arrays_equal(const GcArray *a, const GcArray *b) {
  if (a->len != b->len) return 0;
  for (size_t i = 0; i < a->len; i++) {
    const GcEntry *e = arr_find(b, &a->items[i].key);
    if (!e || !gc_loose_equal(&a->items[i].val, &e->val)) return 0;
  }
  return 1;
}

static int sgn(double d) { return d < 0 ? -1 : d > 0; }

/* PHP 8 loose comparison, which is what `==`, `<` and friends follow (reference §3.4). */
int gc_compare(const GcValue *a, const GcValue *b) {
  char ba[64], bb[64];
  if (a->type == GC_ARR && b->type == GC_ARR) {
    if (a->u.a->len != b->u.a->len) return a->u.a->len < b->u.a->len ? -1 : 1;
    return arrays_equal(a->u.a, b->u.a) ? 0 : 1;
  }
  if (a->type == GC_BOOL || b->type == GC_BOOL || a->type == GC_NULL || b->type == GC_NULL) {
    if ((a->type == GC_NULL && b->type == GC_STR) || (b->type == GC_NULL && a->type == GC_STR)) {
      const char *sa = a->type == GC_STR ? a->u.s : "";
      const char *sb = b->type == GC_STR ? b->u.s : "";
      return sgn(strcmp(sa, sb));
    }
    return gc_truthy(a) - gc_truthy(b);
  }
  if (a->type == GC_ARR) return 1;
  if (b->type == GC_ARR) return -1;
  double na, nb;
  if (a->type == GC_STR && b->type == GC_STR) { /* the commonest: labels, coordinates */
    if (a->u.s == b->u.s) return 0;             /* one string, equal to itself either way */
    if (gc_is_numeric_str(a->u.s, &na) && gc_is_numeric_str(b->u.s, &nb)) return sgn(na - nb);
    return sgn(strcmp(a->u.s, b->u.s));
  }
  int an = a->type == GC_NUM ? (na = a->u.n, 1) : gc_is_numeric_str(a->u.s, &na);
  int bn = b->type == GC_NUM ? (nb = b->u.n, 1) : gc_is_numeric_str(b->u.s, &nb);
  if (an && bn) return sgn(na - nb);
  return sgn(strcmp(gc_to_str(a, ba, sizeof ba), gc_to_str(b, bb, sizeof bb)));
}

int gc_loose_equal(const GcValue *a, const GcValue *b) {
  if (a->type == GC_ARR && b->type == GC_ARR) return arrays_equal(a->u.a, b->u.a);
  if ((a->type == GC_ARR) != (b->type == GC_ARR)) {
    const GcValue *o = a->type == GC_ARR ? b : a;
    if (o->type == GC_BOOL || o->type == GC_NULL) return gc_truthy(a) == gc_truthy(b);
    return 0;
  }
  return gc_compare(a, b) == 0;
}

/* ---- hash map ---- */

unsigned gc_hash(const char *s) {
  unsigned h = 2166136261u;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

#define TOMB ((char *)1)

static GcMapSlot *find_slot(const GcMap *m, const char *key, unsigned h) {
  if (!m->cap) return NULL;
  size_t mask = m->cap - 1;
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    GcMapSlot *s = &m->slots[i];
    if (!s->key) return NULL;
    /* the same pointer: an interned name (GcInterp.interned), no text to compare */
    if (s->key == key || (s->key != TOMB && s->hash == h && strcmp(s->key, key) == 0)) return s;
  }
}

GcMapSlot *gc_map_slot_of(const GcMap *m, const char *key) { return find_slot(m, key, gc_hash(key)); }

GcMapSlot *gc_map_slot_h(const GcMap *m, const char *key, unsigned hash) { return find_slot(m, key, hash); }

GcValue *gc_map_get(const GcMap *m, const char *key) {
  GcMapSlot *s = find_slot(m, key, gc_hash(key));
  return s ? &s->val : NULL;
}

static void map_grow(GcMap *m) {
  GcMap old = *m;
  m->cap = old.cap ? old.cap * 2 : 16;
  if (old.count * 4 < old.cap) m->cap = old.cap; /* mostly tombstones: same size */
  m->slots = xrealloc(NULL, sizeof(GcMapSlot) * m->cap);
  memset(m->slots, 0, sizeof(GcMapSlot) * m->cap);
  m->count = m->tombs = 0;
  for (size_t i = 0; i < old.cap; i++) {
    GcMapSlot *s = &old.slots[i];
    if (!s->key || s->key == TOMB) continue;
    size_t mask = m->cap - 1, j = s->hash & mask;
    while (m->slots[j].key) j = (j + 1) & mask;
    m->slots[j] = *s;
    m->count++;
  }
  free(old.slots);
}

GcValue *gc_map_put(GcMap *m, const char *key, GcValue v) { return &gc_map_slot_put(m, key, v)->val; }

/* A new slot for a key the map does not hold. */
static GcMapSlot *slot_insert(GcMap *m, const char *key, unsigned h, const GcValue *shared, GcValue v) {
  GcMapSlot *s;
  if ((m->count + m->tombs + 1) * 4 >= m->cap * 3) map_grow(m);
  size_t mask = m->cap - 1, i = h & mask;
  while (m->slots[i].key && m->slots[i].key != TOMB) i = (i + 1) & mask;
  if (m->slots[i].key == TOMB) m->tombs--;
  s = &m->slots[i];
  s->key = (shared ? gc_copy(shared) : gc_str(key)).u.s; /* keys are shared strings too: copying a map is cheap */
  s->hash = h;
  s->val = v;
  s->tag = 0;
  m->count++;
  return s;
}

static GcMapSlot *slot_put(GcMap *m, const char *key, unsigned h, const GcValue *shared, GcValue v) {
  GcMapSlot *s = find_slot(m, key, h);
  if (!s) return slot_insert(m, key, h, shared, v);
  gc_release(&s->val);
  s->val = v;
  return s;
}

GcMapSlot *gc_map_slot_put(GcMap *m, const char *key, GcValue v) { return slot_put(m, key, gc_hash(key), NULL, v); }

GcMapSlot *gc_map_slot_put_key(GcMap *m, const GcValue *key, unsigned hash, GcValue v) {
  return slot_put(m, key->u.s, hash, key, v);
}

GcMapSlot *gc_map_slot_add_key(GcMap *m, const GcValue *key, unsigned hash, GcValue v) {
  return slot_insert(m, key->u.s, hash, key, v);
}

static void key_free(char *key) {
  str_block *b = block_of(key);
  if (b->refs != IMMORTAL && --b->refs == 0) {
    held_add(-(long long)b->size);
    free(b);
  }
}

int gc_map_del(GcMap *m, const char *key) {
  GcMapSlot *s = find_slot(m, key, gc_hash(key));
  if (!s) return 0;
  key_free(s->key);
  gc_release(&s->val);
  s->key = TOMB;
  m->count--;
  m->tombs++;
  return 1;
}

void gc_map_clear(GcMap *m) {
  for (size_t i = 0; i < m->cap; i++) {
    GcMapSlot *s = &m->slots[i];
    if (s->key && s->key != TOMB) {
      key_free(s->key);
      gc_release(&s->val);
    }
    s->key = NULL;
  }
  m->count = m->tombs = 0;
}

void gc_map_free(GcMap *m) {
  gc_map_clear(m);
  free(m->slots);
  m->slots = NULL;
  m->cap = 0;
}

/* Two values the same without reading them: the same scalar, or the same shared string or array. */
static bool same_value(const GcValue *a, const GcValue *b) {
  if (a->type != b->type) return false;
  switch (a->type) {
  case GC_NUM: return a->u.n == b->u.n && signbit(a->u.n) == signbit(b->u.n);
  case GC_BOOL: return a->u.b == b->u.b;
  case GC_STR: return a->u.s == b->u.s;
  case GC_ARR: return a->u.a == b->u.a;
  case GC_NULL: return true;
  default: return false;
  }
}

/* src copied over dst of the same size, slot by slot: where a slot holds what it held when dst
 * was copied from src (the commonest case when a state is restored), nothing is counted. */
static void map_copy_over(GcMap *dst, const GcMap *src) {
  for (size_t i = 0; i < src->cap; i++) {
    GcMapSlot *d = &dst->slots[i];
    const GcMapSlot *s = &src->slots[i];
    bool d_live = d->key && d->key != TOMB, s_live = s->key && s->key != TOMB;
    if (d_live && s_live && d->key == s->key && same_value(&d->val, &s->val)) {
      d->hash = s->hash;
      d->tag = s->tag;
      continue;
    }
    if (d_live) {
      key_free(d->key);
      gc_release(&d->val);
    }
    *d = *s;
    if (s_live) {
      gc_copy(&(GcValue){.type = GC_STR, .u.s = s->key});
      d->val = gc_copy(&s->val);
    }
  }
  dst->count = src->count;
  dst->tombs = src->tombs;
}

static void map_copy(GcMap *dst, const GcMap *src, bool deep) {
  if (!deep && src->cap && dst->cap == src->cap) {
    map_copy_over(dst, src);
    return;
  }
  if (src->cap && dst->cap == src->cap) {
    gc_map_clear(dst); /* a table of the same size is reused: a state restored allocates nothing */
  } else {
    gc_map_free(dst);
    if (!src->cap) return;
    dst->slots = xrealloc(NULL, sizeof(GcMapSlot) * src->cap);
  }
  memcpy(dst->slots, src->slots, sizeof(GcMapSlot) * src->cap);
  dst->cap = src->cap;
  dst->count = src->count;
  dst->tombs = src->tombs;
  for (size_t i = 0; i < dst->cap; i++) {
    GcMapSlot *s = &dst->slots[i];
    if (s->key && s->key != TOMB) {
      if (deep)
        s->key = gc_str(s->key).u.s;
      else
        gc_copy(&(GcValue){.type = GC_STR, .u.s = s->key});
      s->val = deep ? gc_copy_deep(&s->val) : gc_copy(&s->val);
    }
  }
}

void gc_map_copy(GcMap *dst, const GcMap *src) { map_copy(dst, src, false); }
void gc_map_copy_deep(GcMap *dst, const GcMap *src) { map_copy(dst, src, true); }
