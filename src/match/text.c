/* Growing text for the match library's reports (text.h). */
#include "match/text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void mt_text_put(MtText *t, const char *format, ...) {
  while (!t->failed) {
    va_list ap;
    va_start(ap, format);
    int n = vsnprintf(t->s ? t->s + t->len : NULL, t->s ? t->cap - t->len : 0, format, ap);
    va_end(ap);
    if (n < 0) {
      t->failed = true;
      return;
    }
    if (t->s && t->len + (size_t)n < t->cap) {
      t->len += (size_t)n;
      return;
    }
    size_t cap = t->cap ? t->cap : 4096;
    while (cap <= t->len + (size_t)n) cap *= 2;
    char *bigger = realloc(t->s, cap);
    if (!bigger) {
      t->failed = true;
      return;
    }
    t->s = bigger;
    t->cap = cap;
  }
}

char *mt_text_finish(MtText *t) {
  if (t->failed) {
    free(t->s);
    return NULL;
  }
  return t->s;
}
