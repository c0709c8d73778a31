/* GAME Code values: null, booleans, numbers, strings and insertion-ordered arrays
 * (numeric and associative keys mixed, as in PHP), plus a string-keyed hash map used
 * for every namespace of the interpreter (variables, functions, flags, constants...). */
#ifndef GC_VALUE_H
#define GC_VALUE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { GC_NULL, GC_BOOL, GC_NUM, GC_STR, GC_ARR, GC_LAZY } gc_type;

typedef struct gc_array gc_array;

/* A value holds one reference on its string (immutable, reference counted: copies share the
 * text) or on its array. GC_LAZY is internal to the evaluator: an unevaluated (...) group. */
typedef struct gc_value {
    gc_type type;
    union {
        int b;
        double n;
        char *s;
        gc_array *a;
        const void *lazy;
    } u;
} gc_value;

typedef struct gc_entry {
    gc_value key; /* GC_NUM or GC_STR */
    gc_value val;
} gc_entry;

struct gc_array {
    int refs;
    size_t len, cap;
    gc_entry *items;
    double next_index; /* next numeric key for appends, as PHP's $a[] = x */
    int depth;         /* 1 + the deepest array inside (for the nesting guard) */
};

gc_value gc_null(void);
gc_value gc_bool(int b);
gc_value gc_num(double n);
gc_value gc_str(const char *s);          /* copies s */
gc_value gc_str_n(const char *s, size_t n);
gc_value gc_str_own(char *s);            /* copies, then frees the malloc'd s */
gc_value gc_arr_new(void);               /* a fresh empty array value */
gc_value gc_copy(const gc_value *v);
/* A copy that shares nothing (reference counts are not atomic: for handing over to another
 * thread). */
gc_value gc_copy_deep(const gc_value *v);
void gc_release(gc_value *v);            /* frees and sets to null */

/* Arrays. A value's array must not be shared when it is changed: gc_arr_mut makes it unique. */
gc_array *gc_arr_mut(gc_value *arr);
void gc_arr_push(gc_value *arr, gc_value v);             /* takes v */
void gc_arr_set(gc_value *arr, const gc_value *key, gc_value v); /* takes v */
/* Appends key => v when the caller knows the string key is not present yet (takes both). */
void gc_arr_append_unique(gc_value *arr, gc_value key, gc_value v);
const gc_value *gc_arr_get(const gc_value *arr, const gc_value *key);
size_t gc_arr_len(const gc_value *v);

/* PHP-like conversions and comparisons. */
int gc_truthy(const gc_value *v);
double gc_to_num(const gc_value *v);
/* Integer value, clamped (to +-1e9 / +-1e15) so that no conversion can overflow. */
int gc_to_int(const gc_value *v);
long long gc_to_ll(const gc_value *v);
int gc_is_numeric_str(const char *s, double *out);
/* Text of a scalar value; arrays become their values joined by spaces. The returned pointer
 * is valid until the next call with the same buffer. */
const char *gc_to_str(const gc_value *v, char *buf, size_t bufsize);
char *gc_to_str_alloc(const gc_value *v);
int gc_loose_equal(const gc_value *a, const gc_value *b);
int gc_compare(const gc_value *a, const gc_value *b); /* <0, 0, >0 (PHP 8 loose rules) */

/* Growable string buffer. */
typedef struct gc_buf {
    char *data;
    size_t len, cap;
} gc_buf;
void gc_buf_add(gc_buf *b, const char *s, size_t n);
void gc_buf_adds(gc_buf *b, const char *s);
void gc_buf_addc(gc_buf *b, char c);
void gc_buf_free(gc_buf *b);

/* String-keyed hash map of values (open addressing). */
typedef struct gc_map_slot {
    char *key;
    gc_value val;
    unsigned hash;
    int tag; /* free for the user (e.g. my/local scope marks) */
} gc_map_slot;

typedef struct gc_map {
    gc_map_slot *slots;
    size_t cap, count, tombs;
} gc_map;

gc_value *gc_map_get(const gc_map *m, const char *key);
gc_map_slot *gc_map_slot_of(const gc_map *m, const char *key);
gc_map_slot *gc_map_slot_h(const gc_map *m, const char *key, unsigned hash); /* hash = gc_hash(key) */
gc_value *gc_map_put(gc_map *m, const char *key, gc_value v); /* takes v, returns stored */
int gc_map_del(gc_map *m, const char *key);
void gc_map_clear(gc_map *m);
void gc_map_free(gc_map *m);
void gc_map_copy(gc_map *dst, const gc_map *src); /* dst is cleared first */
void gc_map_copy_deep(gc_map *dst, const gc_map *src); /* sharing nothing with src */
unsigned gc_hash(const char *s);

#ifdef __cplusplus
}
#endif
#endif
