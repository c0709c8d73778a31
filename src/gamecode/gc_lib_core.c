/* Built-ins: logic, comparison, arithmetic, strings and arrays (reference §4.2, §4.6). */
#include "gamecode/gc_internal.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/wildcard.h"

#define OP(name) static int name(GcInterp *gc, GcValue *a, int n, GcValue *out)
#define UNUSED (void)gc, (void)a, (void)n

/* ---- logic ---- */
OP(op_not) {
  UNUSED;
  *out = gc_bool(!gc_truthy(&a[0]));
  return ST_OK;
}
OP(op_nor) {
  UNUSED;
  *out = gc_bool(!gc_truthy(&a[0]) && !gc_truthy(&a[1]));
  return ST_OK;
}
OP(op_nand) {
  UNUSED;
  *out = gc_bool(!(gc_truthy(&a[0]) && gc_truthy(&a[1])));
  return ST_OK;
}
OP(op_xor) {
  UNUSED;
  *out = gc_bool(gc_truthy(&a[0]) != gc_truthy(&a[1]));
  return ST_OK;
}

static int count_truthy(GcValue *a, int n) {
  int t = 0;
  for (int i = 0; i < n; i++) t += gc_truthy(&a[i]);
  return t;
}
OP(op_any) {
  UNUSED;
  *out = gc_bool(count_truthy(a, n) > 0);
  return ST_OK;
}
OP(op_anyfalse) {
  UNUSED;
  *out = gc_bool(count_truthy(a, n) < n);
  return ST_OK;
}
OP(op_alltrue) {
  UNUSED;
  *out = gc_bool(count_truthy(a, n) == n);
  return ST_OK;
}
OP(op_allfalse) {
  UNUSED;
  *out = gc_bool(count_truthy(a, n) == 0);
  return ST_OK;
}

/* ---- comparison ---- */
OP(op_eq) {
  UNUSED;
  *out = gc_bool(gc_loose_equal(&a[0], &a[1]));
  return ST_OK;
}
OP(op_ne) {
  UNUSED;
  *out = gc_bool(!gc_loose_equal(&a[0], &a[1]));
  return ST_OK;
}
OP(op_lt) {
  UNUSED;
  *out = gc_bool(gc_compare(&a[0], &a[1]) < 0);
  return ST_OK;
}
OP(op_gt) {
  UNUSED;
  *out = gc_bool(gc_compare(&a[0], &a[1]) > 0);
  return ST_OK;
}
OP(op_le) {
  UNUSED;
  *out = gc_bool(gc_compare(&a[0], &a[1]) <= 0);
  return ST_OK;
}
OP(op_ge) {
  UNUSED;
  *out = gc_bool(gc_compare(&a[0], &a[1]) >= 0);
  return ST_OK;
}

/* ---- arithmetic ---- */
#define NUM(i) gc_to_num(&a[i])
OP(op_add) {
  UNUSED;
  *out = gc_num(NUM(0) + NUM(1));
  return ST_OK;
}
OP(op_sub) {
  UNUSED;
  *out = gc_num(NUM(0) - NUM(1));
  return ST_OK;
}
OP(op_mul) {
  UNUSED;
  *out = gc_num(NUM(0) * NUM(1));
  return ST_OK;
}
OP(op_div) {
  UNUSED;
  if (NUM(1) == 0) return gc_error_at(gc, "division by zero");
  *out = gc_num(NUM(0) / NUM(1));
  return ST_OK;
}
OP(op_mod) {
  UNUSED;
  long long d = gc_to_ll(&a[1]);
  if (d == 0) return gc_error_at(gc, "modulo by zero");
  *out = gc_num((double)(gc_to_ll(&a[0]) % d));
  return ST_OK;
}
OP(op_shr) {
  UNUSED;
  *out = gc_num((double)(gc_to_ll(&a[0]) >> (gc_to_ll(&a[1]) & 63)));
  return ST_OK;
}
OP(op_shl) { /* shifted as unsigned: no overflow */
  UNUSED;
  *out = gc_num((double)(long long)((unsigned long long)gc_to_ll(&a[0]) << (gc_to_ll(&a[1]) & 31)));
  return ST_OK;
}
OP(op_neg) {
  UNUSED;
  *out = gc_num(-NUM(0));
  return ST_OK;
}
OP(op_abs) {
  UNUSED;
  *out = gc_num(fabs(NUM(0)));
  return ST_OK;
}
OP(op_sign) {
  UNUSED;
  double d = NUM(0);
  *out = gc_num(d < 0 ? -1 : d > 0);
  return ST_OK;
}
OP(op_min) {
  UNUSED;
  *out = gc_num(fmin(NUM(0), NUM(1)));
  return ST_OK;
}
OP(op_max) {
  UNUSED;
  *out = gc_num(fmax(NUM(0), NUM(1)));
  return ST_OK;
}

/* ---- strings ---- */
static char *str_of(const GcValue *v) { return gc_to_str_alloc(v); }

OP(op_join) {
  (void)n;
  /* a string is joined where it is; only an array is written out first */
  char bx[64], by[64], *ax = NULL, *ay = NULL;
  const char *x = a[0].type == GC_ARR ? (ax = str_of(&a[0])) : gc_to_str(&a[0], bx, sizeof bx);
  const char *y = a[1].type == GC_ARR ? (ay = str_of(&a[1])) : gc_to_str(&a[1], by, sizeof by);
  size_t lx = strlen(x), ly = strlen(y);
  int rc = gc_check_string(gc, lx + ly);
  if (rc == ST_OK) *out = gc_str_concat(x, lx, y, ly);
  free(ax);
  free(ay);
  return rc;
}

OP(op_list) {
  GcBuf b = {0};
  gc_buf_add(&b, "", 0);
  for (int i = 0; i < n; i++) {
    char *s = str_of(&a[i]);
    if (i) gc_buf_addc(&b, ' ');
    gc_buf_adds(&b, s);
    free(s);
  }
  int rc = gc_check_string(gc, b.len);
  *out = gc_str_own(b.data);
  return rc;
}

static int ctype_all_text(const char *s, int (*pred)(int)) {
  if (!s[0]) return 0;
  for (const char *p = s; *p; p++)
    if (!pred((unsigned char)*p)) return 0;
  return 1;
}
static int ctype_all(const GcValue *v, int (*pred)(int)) { return v->type == GC_STR && ctype_all_text(v->u.s, pred); }
/* PHP ctype semantics: every character must be a letter of that case ([C-43029]). A board
 * coordinate stands for the piece on it: seed 000's `checked` and `stalemated` subs test
 * `isupper #kingpos` (our reading, see docs/gamecode.md). */
static int case_test(GcInterp *gc, const GcValue *v, int (*pred)(int)) {
  if (v->type == GC_STR) {
    int i = gc_board_index(&gc->board, v->u.s);
    gc_memo_note(gc, i);
    if (i >= 0) return ctype_all_text(gc->board.cells[i], pred);
  }
  return ctype_all(v, pred);
}
OP(op_isupper) {
  (void)n;
  *out = gc_bool(case_test(gc, &a[0], isupper));
  return ST_OK;
}
OP(op_islower) {
  (void)n;
  *out = gc_bool(case_test(gc, &a[0], islower));
  return ST_OK;
}
OP(op_isalpha) {
  UNUSED;
  *out = gc_bool(ctype_all(&a[0], isalpha));
  return ST_OK;
}
OP(op_isdigit) {
  UNUSED;
  *out = gc_bool(ctype_all(&a[0], isdigit));
  return ST_OK;
}

/* A string already in the case asked for is shared, not copied: toupper of a label is asked in
 * nearly every move of some presets. */
static int map_case(GcValue *a, GcValue *out, int up) {
  char buf[64], *owned = NULL;
  const char *s = a[0].type == GC_ARR ? (owned = str_of(&a[0])) : gc_to_str(&a[0], buf, sizeof buf);
  bool same = a[0].type == GC_STR;
  for (const char *p = s; *p && same; p++)
    same = (up ? toupper((unsigned char)*p) : tolower((unsigned char)*p)) == (unsigned char)*p;
  if (same) {
    *out = gc_copy(&a[0]);
  } else {
    *out = gc_str_n(s, strlen(s)); /* a fresh block, changed in place */
    for (char *p = out->u.s; *p; p++) *p = (char)(up ? toupper((unsigned char)*p) : tolower((unsigned char)*p));
  }
  free(owned);
  return ST_OK;
}
OP(op_toupper) {
  UNUSED;
  return map_case(a, out, 1);
}
OP(op_tolower) {
  UNUSED;
  return map_case(a, out, 0);
}
OP(op_strlen) {
  UNUSED;
  char *s = str_of(&a[0]);
  *out = gc_num((double)strlen(s));
  free(s);
  return ST_OK;
}
OP(op_chr) {
  UNUSED;
  char c = (char)(gc_to_int(&a[0]) & 255);
  *out = gc_str_n(&c, c ? 1 : 0);
  return ST_OK;
}
OP(op_ord) {
  UNUSED;
  char *s = str_of(&a[0]);
  *out = gc_num((unsigned char)s[0]);
  free(s);
  return ST_OK;
}
OP(op_trim) {
  UNUSED;
  char *s = str_of(&a[0]);
  char *p = s, *e = s + strlen(s);
  while (*p && isspace((unsigned char)*p)) p++;
  while (e > p && isspace((unsigned char)e[-1])) e--;
  *out = gc_str_n(p, (size_t)(e - p));
  free(s);
  return ST_OK;
}
OP(op_substr) { /* substr s start len (PHP order; negative start counts from the end) */
  UNUSED;
  char *s = str_of(&a[0]);
  long len = (long)strlen(s), st = gc_to_int(&a[1]), ln = gc_to_int(&a[2]);
  if (st < 0) st = len + st < 0 ? 0 : len + st;
  if (st > len) st = len;
  if (ln < 0) ln = len - st + ln;
  if (ln < 0) ln = 0;
  if (st + ln > len) ln = len - st;
  *out = gc_str_n(s + st, (size_t)ln);
  free(s);
  return ST_OK;
}
OP(op_str_replace) {
  (void)n;
  char *from = str_of(&a[0]), *to = str_of(&a[1]), *subj = str_of(&a[2]);
  GcBuf b = {0};
  gc_buf_add(&b, "", 0);
  size_t fl = strlen(from);
  for (const char *p = subj; *p;) {
    if (fl && strncmp(p, from, fl) == 0) {
      gc_buf_adds(&b, to);
      p += fl;
    } else {
      gc_buf_addc(&b, *p++);
    }
  }
  free(from);
  free(to);
  free(subj);
  int rc = gc_check_string(gc, b.len);
  *out = gc_str_own(b.data);
  return rc;
}
OP(op_fnmatch) {
  UNUSED;
  char *pat = str_of(&a[0]), *s = str_of(&a[1]);
  *out = gc_bool(plat_wildcard_match(pat, s));
  free(pat);
  free(s);
  return ST_OK;
}

/* ---- arrays ---- */
OP(op_array) {
  *out = gc_arr_new();
  for (int i = 0; i < n; i++) gc_arr_push(out, gc_copy(&a[i]));
  int rc = gc_check_array(gc, (size_t)n);
  return rc ? rc : gc_check_nesting(gc, out);
}

/* PHP array_merge: numeric keys renumbered, string keys kept (later wins); scalars appended. */
OP(op_merge) {
  *out = gc_arr_new();
  for (int i = 0; i < n; i++) {
    if (a[i].type != GC_ARR) {
      if (a[i].type != GC_NULL && !(a[i].type == GC_BOOL && !a[i].u.b)) gc_arr_push(out, gc_copy(&a[i]));
      continue;
    }
    const GcArray *x = a[i].u.a;
    for (size_t k = 0; k < x->len; k++) {
      if (x->items[k].key.type == GC_STR)
        gc_arr_set(out, &x->items[k].key, gc_copy(&x->items[k].val));
      else
        gc_arr_push(out, gc_copy(&x->items[k].val));
    }
  }
  int rc = gc_check_array(gc, gc_arr_len(out));
  return rc ? rc : gc_check_nesting(gc, out);
}

static int match_one(const GcValue *x, const GcValue *c) {
  if (c->type == GC_ARR) {
    for (size_t k = 0; k < c->u.a->len; k++)
      if (match_one(x, &c->u.a->items[k].val)) return 1;
    return 0;
  }
  return gc_loose_equal(x, c);
}
OP(op_match) {
  UNUSED;
  int found = 0;
  for (int i = 1; i < n && !found; i++) found = match_one(&a[0], &a[i]);
  *out = gc_bool(found);
  return ST_OK;
}
OP(op_count) {
  UNUSED;
  *out = gc_num(a[0].type == GC_ARR ? (double)a[0].u.a->len : a[0].type != GC_NULL);
  return ST_OK;
}
OP(op_elem) {
  UNUSED;
  const GcValue *arr = &a[1];
  if (arr->type == GC_STR) { /* the name of an array variable (reference §4.6) */
    const GcValue *v = gc_var_find(gc, arr->u.s);
    if (v) arr = v;
  }
  const GcValue *e = gc_arr_get(arr, &a[0]);
  *out = e ? gc_copy(e) : gc_null();
  return ST_OK;
}
OP(op_explode) {
  char *sep = str_of(&a[0]), *s = str_of(&a[1]);
  size_t sl = strlen(sep);
  *out = gc_arr_new();
  const char *p = s;
  if (sl == 0) {
    gc_arr_push(out, gc_str(s));
  } else {
    for (;;) {
      const char *q = strstr(p, sep);
      if (!q) {
        gc_arr_push(out, gc_str(p));
        break;
      }
      gc_arr_push(out, gc_str_n(p, (size_t)(q - p)));
      p = q + sl;
    }
  }
  free(sep);
  free(s);
  (void)n;
  return gc_check_array(gc, gc_arr_len(out));
}
OP(op_implode) {
  UNUSED;
  char *sep = str_of(&a[0]);
  GcBuf b = {0};
  gc_buf_add(&b, "", 0);
  for (size_t k = 0; k < gc_arr_len(&a[1]); k++) {
    char *s = str_of(&a[1].u.a->items[k].val);
    if (k) gc_buf_adds(&b, sep);
    gc_buf_adds(&b, s);
    free(s);
  }
  free(sep);
  int rc = gc_check_string(gc, b.len);
  *out = gc_str_own(b.data);
  return rc;
}
OP(op_keys) {
  UNUSED;
  *out = gc_arr_new();
  for (size_t k = 0; k < gc_arr_len(&a[0]); k++) gc_arr_push(out, gc_copy(&a[0].u.a->items[k].key));
  return ST_OK;
}
OP(op_values) {
  UNUSED;
  *out = gc_arr_new();
  for (size_t k = 0; k < gc_arr_len(&a[0]); k++) gc_arr_push(out, gc_copy(&a[0].u.a->items[k].val));
  return ST_OK;
}
OP(op_reverse) {
  UNUSED;
  *out = gc_arr_new();
  for (size_t k = gc_arr_len(&a[0]); k > 0; k--) gc_arr_push(out, gc_copy(&a[0].u.a->items[k - 1].val));
  return ST_OK;
}
static int cmp_values(const void *x, const void *y) { return gc_compare(x, y); }
OP(op_sort) { /* the values in ascending loose order, renumbered */
  UNUSED;
  size_t len = gc_arr_len(&a[0]);
  GcValue *vals = malloc(sizeof(GcValue) * (len ? len : 1));
  if (!vals) abort();
  for (size_t k = 0; k < len; k++) vals[k] = a[0].u.a->items[k].val;
  qsort(vals, len, sizeof *vals, cmp_values);
  *out = gc_arr_new();
  for (size_t k = 0; k < len; k++) gc_arr_push(out, gc_copy(&vals[k]));
  free(vals);
  return ST_OK;
}
OP(op_range) {
  long long lo = gc_to_ll(&a[0]), hi = gc_to_ll(&a[1]), step = lo <= hi ? 1 : -1;
  (void)n;
  if (gc_check_array(gc, (size_t)llabs(hi - lo) + 1)) return ST_ERROR;
  *out = gc_arr_new();
  for (long long i = lo;; i += step) {
    gc_arr_push(out, gc_num((double)i));
    if (i == hi) break;
  }
  return ST_OK;
}
OP(op_inarray) { /* in_array x arr */
  UNUSED;
  int found = 0;
  for (size_t k = 0; k < gc_arr_len(&a[1]) && !found; k++) found = gc_loose_equal(&a[0], &a[1].u.a->items[k].val);
  *out = gc_bool(found);
  return ST_OK;
}

const GcOpDef gc_core_ops[] = {
    {"and", OP_AND, 0, NULL, GC_MEMO_PURE},
    {"or", OP_OR, 0, NULL, GC_MEMO_PURE},
    {"unless", OP_UNLESS, 0, NULL, GC_MEMO_PURE},
    {"onlyif", OP_ONLYIF, 0, NULL, GC_MEMO_PURE},
    {"cond", OP_COND, 3, NULL, GC_MEMO_PURE},
    {"fn", OP_FN, 0, NULL, GC_MEMO_PURE},
    {"sub", OP_SUB, 0, NULL, GC_MEMO_PURE},
    {"not", OP_FIXED, 1, op_not, GC_MEMO_PURE},
    {"!", OP_FIXED, 1, op_not, GC_MEMO_PURE},
    {"nor", OP_FIXED, 2, op_nor, GC_MEMO_PURE},
    {"nand", OP_FIXED, 2, op_nand, GC_MEMO_PURE},
    {"xor", OP_FIXED, 2, op_xor, GC_MEMO_PURE},
    {"any", OP_VARIADIC, 0, op_any, GC_MEMO_NO},
    {"anytrue", OP_VARIADIC, 0, op_any, GC_MEMO_NO},
    {"anyfalse", OP_VARIADIC, 0, op_anyfalse, GC_MEMO_NO},
    {"alltrue", OP_VARIADIC, 0, op_alltrue, GC_MEMO_NO},
    {"allfalse", OP_VARIADIC, 0, op_allfalse, GC_MEMO_NO},
    {"==", OP_FIXED, 2, op_eq, GC_MEMO_PURE},
    {"equal", OP_FIXED, 2, op_eq, GC_MEMO_PURE},
    {"!=", OP_FIXED, 2, op_ne, GC_MEMO_PURE},
    {"unequal", OP_FIXED, 2, op_ne, GC_MEMO_PURE},
    {"<", OP_FIXED, 2, op_lt, GC_MEMO_PURE},
    {">", OP_FIXED, 2, op_gt, GC_MEMO_PURE},
    {"<=", OP_FIXED, 2, op_le, GC_MEMO_PURE},
    {">=", OP_FIXED, 2, op_ge, GC_MEMO_PURE},
    {"+", OP_FIXED, 2, op_add, GC_MEMO_PURE},
    {"-", OP_FIXED, 2, op_sub, GC_MEMO_PURE},
    {"minus", OP_FIXED, 2, op_sub, GC_MEMO_PURE},
    {"*", OP_FIXED, 2, op_mul, GC_MEMO_PURE},
    {"/", OP_FIXED, 2, op_div, GC_MEMO_PURE},
    {"%", OP_FIXED, 2, op_mod, GC_MEMO_PURE},
    {">>", OP_FIXED, 2, op_shr, GC_MEMO_PURE},
    {"<<", OP_FIXED, 2, op_shl, GC_MEMO_PURE},
    {"neg", OP_FIXED, 1, op_neg, GC_MEMO_PURE},
    {"abs", OP_FIXED, 1, op_abs, GC_MEMO_PURE},
    {"sign", OP_FIXED, 1, op_sign, GC_MEMO_PURE},
    {"min", OP_FIXED, 2, op_min, GC_MEMO_PURE},
    {"max", OP_FIXED, 2, op_max, GC_MEMO_PURE},
    {"join", OP_FIXED, 2, op_join, GC_MEMO_PURE},
    {"list", OP_VARIADIC, 0, op_list, GC_MEMO_NO},
    {"isupper", OP_FIXED, 1, op_isupper, GC_MEMO_READS},
    {"islower", OP_FIXED, 1, op_islower, GC_MEMO_READS},
    {"isalpha", OP_FIXED, 1, op_isalpha, GC_MEMO_PURE},
    {"isdigit", OP_FIXED, 1, op_isdigit, GC_MEMO_PURE},
    {"toupper", OP_FIXED, 1, op_toupper, GC_MEMO_PURE},
    {"tolower", OP_FIXED, 1, op_tolower, GC_MEMO_PURE},
    {"strlen", OP_FIXED, 1, op_strlen, GC_MEMO_PURE},
    {"chr", OP_FIXED, 1, op_chr, GC_MEMO_PURE},
    {"ord", OP_FIXED, 1, op_ord, GC_MEMO_PURE},
    {"trim", OP_FIXED, 1, op_trim, GC_MEMO_NO},
    {"substr", OP_FIXED, 3, op_substr, GC_MEMO_NO},
    {"str_replace", OP_FIXED, 3, op_str_replace, GC_MEMO_NO},
    {"fnmatch", OP_FIXED, 2, op_fnmatch, GC_MEMO_NO},
    {"array", OP_VARIADIC, 0, op_array, GC_MEMO_PURE},
    {"merge", OP_VARIADIC, 0, op_merge, GC_MEMO_PURE},
    {"match", OP_VARIADIC, 0, op_match, GC_MEMO_NO},
    {"count", OP_FIXED, 1, op_count, GC_MEMO_NO},
    {"elem", OP_FIXED, 2, op_elem, GC_MEMO_NO},
    {"explode", OP_FIXED, 2, op_explode, GC_MEMO_NO},
    {"implode", OP_FIXED, 2, op_implode, GC_MEMO_NO},
    {"keys", OP_FIXED, 1, op_keys, GC_MEMO_NO},
    {"values", OP_FIXED, 1, op_values, GC_MEMO_NO},
    {"reverse", OP_FIXED, 1, op_reverse, GC_MEMO_NO},
    {"range", OP_FIXED, 2, op_range, GC_MEMO_NO},
    {"sort", OP_FIXED, 1, op_sort, GC_MEMO_NO},
    {"in_array", OP_FIXED, 2, op_inarray, GC_MEMO_NO},
    {NULL, 0, 0, NULL, GC_MEMO_NO},
};
