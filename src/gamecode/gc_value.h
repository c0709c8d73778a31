/* GAME Code values: null, booleans, numbers, strings and insertion-ordered arrays
 * (numeric and associative keys mixed, as in PHP), plus a string-keyed hash map used
 * for every namespace of the interpreter (variables, functions, flags, constants...). */
#ifndef GC_VALUE_H
#define GC_VALUE_H

#include <stddef.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { GC_NULL, GC_BOOL, GC_NUM, GC_STR, GC_ARR, GC_LAZY } GcType;

typedef struct GcArray GcArray;

/* A value holds one reference on its string (immutable, reference counted: copies share the
 * text) or on its array. GC_LAZY is internal to the evaluator: an unevaluated (...) group. */
typedef struct GcValue {
  GcType type;
  union {
    int b;
    double n;
    char *s;
    GcArray *a;
    const void *lazy;
  } u;
} GcValue;

typedef struct GcEntry {
  GcValue key; /* GC_NUM or GC_STR */
  GcValue val;
} GcEntry;

struct GcArray {
  int refs;
  size_t len, cap;
  GcEntry *items;
  double next_index; /* next numeric key for appends, as PHP's $a[] = x */
  int depth;         /* 1 + the deepest array inside (for the nesting guard) */
};

/* The scalars are made inline: the calculator makes one for nearly every operator it applies. */
static inline GcValue gc_null(void) {
  GcValue v;
  memset(&v, 0, sizeof v);
  v.type = GC_NULL;
  return v;
}
static inline GcValue gc_bool(int b) {
  GcValue v = gc_null();
  v.type = GC_BOOL;
  v.u.b = b ? 1 : 0;
  return v;
}
static inline GcValue gc_num(double n) {
  GcValue v = gc_null();
  v.type = GC_NUM;
  v.u.n = n;
  return v;
}
GcValue gc_str(const char *s); /* copies s */
GcValue gc_str_n(const char *s, size_t n);
GcValue gc_str_concat(const char *x, size_t nx, const char *y, size_t ny); /* x then y, one block */
GcValue gc_str_own(char *s);                                               /* copies, then frees the malloc'd s */
GcValue gc_arr_new(void);                                                  /* a fresh empty array value */
GcValue gc_arr_new_cap(size_t cap);                                        /* the same with room for cap entries */
/* Copies and releases count references on strings and arrays only: the inline tests keep
 * numbers, booleans and null (most of what an expression handles) out of a call. */
GcValue gc_copy_held(const GcValue *v); /* a string or an array */
/* A string's text stands in a block after its count (gc_value.c); the count of a constant
 * shared by the interpreters of every thread is GC_STR_IMMORTAL and is never changed. */
typedef struct GcStrBlock {
  long refs;
  size_t size; /* bytes of the block, for the count of what values hold */
  char text[];
} GcStrBlock;
enum { GC_STR_IMMORTAL = -1 };
static inline GcStrBlock *gc_str_block(char *s) { return (GcStrBlock *)(void *)(s - offsetof(GcStrBlock, text)); }
static inline GcValue gc_copy(const GcValue *v) {
  if (v->type == GC_STR) { /* the commonest copy, a coordinate or a label: counted inline */
    GcStrBlock *b = gc_str_block(v->u.s);
    if (b->refs != GC_STR_IMMORTAL) b->refs++;
    return *v;
  }
  return v->type == GC_ARR ? gc_copy_held(v) : *v;
}
/* A copy that shares nothing (reference counts are not atomic: for handing over to another
 * thread). */
GcValue gc_copy_deep(const GcValue *v);
void gc_release_held(GcValue *v);           /* a string or an array */
static inline void gc_release(GcValue *v) { /* frees and sets to null */
  if (v->type == GC_STR) {                  /* a string still shared: its count, inline */
    GcStrBlock *b = gc_str_block(v->u.s);
    if (b->refs == GC_STR_IMMORTAL || b->refs > 1) {
      if (b->refs != GC_STR_IMMORTAL) b->refs--; /* an immortal count is shared by threads: never written */
      v->type = GC_NULL;
      return;
    }
  }
  if (v->type == GC_STR || v->type == GC_ARR) gc_release_held(v);
  v->type = GC_NULL;
}
/* Bytes that strings and arrays hold now, over the whole process (to within a quarter
 * megabyte per thread): what the interpreter's memory limit is measured against. */
size_t gc_memory_held(void);
/* Makes a string value's text a constant that copies share without counting and that is never
 * freed: the constants of a program compiled once and shared by the interpreters of every
 * thread (gc_shared.c), whose counts would otherwise be written by all of them at once. */
void gc_str_make_immortal(GcValue *v);

/* Arrays. A value's array must not be shared when it is changed: gc_arr_mut makes it unique. */
GcArray *gc_arr_mut(GcValue *arr);
void gc_arr_push(GcValue *arr, GcValue v);                    /* takes v */
void gc_arr_set(GcValue *arr, const GcValue *key, GcValue v); /* takes v */
/* Appends key => v when the caller knows the string key is not present yet (takes both). */
void gc_arr_append_unique(GcValue *arr, GcValue key, GcValue v);
const GcValue *gc_arr_get(const GcValue *arr, const GcValue *key);
size_t gc_arr_len(const GcValue *v);

/* PHP-like conversions and comparisons. */
int gc_truthy(const GcValue *v);
double gc_to_num(const GcValue *v);
/* Integer value, clamped (to +-1e9 / +-1e15) so that no conversion can overflow. */
int gc_to_int(const GcValue *v);
long long gc_to_ll(const GcValue *v);
int gc_is_numeric_str(const char *s, double *out);
/* Text of a scalar value; arrays become their values joined by spaces. The returned pointer
 * is valid until the next call with the same buffer. */
const char *gc_to_str(const GcValue *v, char *buf, size_t bufsize);
char *gc_to_str_alloc(const GcValue *v);
int gc_loose_equal(const GcValue *a, const GcValue *b);
int gc_compare(const GcValue *a, const GcValue *b); /* <0, 0, >0 (PHP 8 loose rules) */

/* Growable string buffer. */
typedef struct GcBuf {
  char *data;
  size_t len, cap;
} GcBuf;
void gc_buf_add(GcBuf *b, const char *s, size_t n);
void gc_buf_adds(GcBuf *b, const char *s);
void gc_buf_addc(GcBuf *b, char c);
void gc_buf_free(GcBuf *b);

/* Copies at most n bytes of src into dst of size bytes (size > 0), cut to fit and always
 * terminated: snprintf's "%.*s" without reading a format, on the referee's path for every
 * move part. Returns dst. */
static inline char *gc_text_copy_n(char *dst, size_t size, const char *src, size_t n) {
  size_t len = strnlen(src, n < size - 1 ? n : size - 1);
  memcpy(dst, src, len);
  dst[len] = 0;
  return dst;
}
/* The whole of src, cut to fit: snprintf's "%s". */
static inline char *gc_text_copy(char *dst, size_t size, const char *src) {
  return gc_text_copy_n(dst, size, src, size);
}

/* String-keyed hash map of values (open addressing). */
typedef struct GcMapSlot {
  char *key;
  GcValue val;
  unsigned hash;
  int tag; /* free for the user (e.g. my/local scope marks) */
} GcMapSlot;

typedef struct GcMap {
  GcMapSlot *slots;
  size_t cap, count, tombs;
} GcMap;

GcValue *gc_map_get(const GcMap *m, const char *key);
GcMapSlot *gc_map_slot_of(const GcMap *m, const char *key);
GcMapSlot *gc_map_slot_h(const GcMap *m, const char *key, unsigned hash); /* hash = gc_hash(key) */
GcValue *gc_map_put(GcMap *m, const char *key, GcValue v);                /* takes v, returns stored */
GcMapSlot *gc_map_slot_put(GcMap *m, const char *key, GcValue v);         /* the same, its slot */
/* The same with the key's hash known and the key a string value that a new slot shares (a
 * count, not a copy of the text). */
GcMapSlot *gc_map_slot_put_key(GcMap *m, const GcValue *key, unsigned hash, GcValue v);
/* The same for a key the map is known not to hold (found absent just before). */
GcMapSlot *gc_map_slot_add_key(GcMap *m, const GcValue *key, unsigned hash, GcValue v);
int gc_map_del(GcMap *m, const char *key);
void gc_map_clear(GcMap *m);
void gc_map_free(GcMap *m);
void gc_map_copy(GcMap *dst, const GcMap *src);      /* dst is cleared first */
void gc_map_copy_deep(GcMap *dst, const GcMap *src); /* sharing nothing with src */
unsigned gc_hash(const char *s);

#ifdef __cplusplus
}
#endif
#endif
