/* Reading the preset's text: the bridge reads `def` bodies from the source, since the
 * interpreter's public API does not hand out function bodies. Statements end at ';' (and a
 * block opener at ':'), `//` comments run to the end of the line, both outside double quotes
 * (reference §2.1). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge/br_internal.h"

char *br_read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, len = 0;
  char *buf = malloc(cap);
  if (!buf) {
    fclose(f);
    return NULL;
  }
  size_t n;
  while ((n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
    len += n;
    if (cap - len - 1 == 0) {
      char *bigger = realloc(buf, cap * 2);
      if (!bigger) {
        free(buf);
        fclose(f);
        return NULL;
      }
      buf = bigger, cap *= 2;
    }
  }
  buf[len] = 0;
  fclose(f);
  return buf;
}

/* Copies statement text [s, e) with runs of whitespace squeezed to one space.  False when it
 * did not fit (the statement is then skipped rather than read cut short). */
static bool squeeze(const char *s, const char *e, char *out, int outlen) {
  int n = 0;
  bool space = true;
  for (; s < e && n < outlen - 1; s++) {
    if (isspace((unsigned char)*s)) {
      if (!space) out[n++] = ' ';
      space = true;
    } else {
      out[n++] = *s;
      space = false;
    }
  }
  bool fits = s >= e;
  while (n > 0 && out[n - 1] == ' ') n--;
  out[n] = 0;
  return fits;
}

/* Calls visit(stmt, ctx) for every statement of the code, comments and section headers
 * removed, whitespace squeezed.  Stops early when visit returns false. */
static void each_statement(const char *code, bool (*visit)(const char *stmt, void *ctx), void *ctx) {
  size_t len = strlen(code);
  char *text = malloc(len + 1);
  if (!text) return;
  size_t n = 0;
  bool quote = false;
  for (const char *p = code; *p; p++) {
    if (*p == '"') quote = !quote;
    if (*p == '\n') quote = false;
    bool line_start = p == code || p[-1] == '\n';
    if ((!quote && p[0] == '/' && p[1] == '/') || (line_start && *p == '[')) {
      /* comments, and section headers such as [Pre-Game] */
      while (p[1] && p[1] != '\n') p++;
      continue;
    }
    text[n++] = *p;
  }
  text[n] = 0;
  static _Thread_local char stmt[4096];
  const char *start = text;
  quote = false;
  for (const char *p = text;; p++) {
    bool end = !*p;
    if (!end && *p == '"') quote = !quote;
    if (end || (!quote && (*p == ';' || (*p == ':' && (isspace((unsigned char)p[1]) || !p[1]))))) {
      bool fits = squeeze(start, p, stmt, sizeof stmt);
      start = p + 1;
      if (fits && stmt[0] && !visit(stmt, ctx)) break;
      if (end) break;
    }
  }
  free(text);
}

typedef struct DefSearch {
  const char *name;
  char *out;
  int outlen;
  bool found;
  bool after_test; /* the previous statement was `if/elseif equal moved NAME` */
} DefSearch;

static bool visit_def(const char *stmt, void *ctx) {
  DefSearch *d = ctx;
  size_t nl = strlen(d->name);
  if (!strncmp(stmt, "def ", 4) && !strncmp(stmt + 4, d->name, nl) && stmt[4 + nl] == ' ') {
    /* The last def counts; one too long for the caller's buffer is not read cut short. */
    d->found = (int)strlen(stmt + 5 + nl) < d->outlen;
    if (d->found) snprintf(d->out, d->outlen, "%s", stmt + 5 + nl);
  }
  return true;
}

bool br_find_def(const char *code, const char *name, char *out, int outlen) {
  DefSearch d = {name, out, outlen, false, false};
  each_statement(code, visit_def, &d);
  return d.found;
}

/* Replaces the whole words origin and dest by #0 and #1. */
static void to_def_body(const char *expr, char *out, int outlen) {
  int n = 0;
  for (const char *p = expr; *p && n < outlen - 3;) {
    bool word_start = p == expr || p[-1] == ' ';
    if (word_start && !strncmp(p, "origin", 6) && (!p[6] || p[6] == ' ')) {
      out[n++] = '#', out[n++] = '0', p += 6;
    } else if (word_start && !strncmp(p, "dest", 4) && (!p[4] || p[4] == ' ')) {
      out[n++] = '#', out[n++] = '1', p += 4;
    } else {
      out[n++] = *p++;
    }
  }
  out[n] = 0;
}

static bool visit_referee(const char *stmt, void *ctx) {
  DefSearch *d = ctx;
  if (d->after_test) {
    d->after_test = false;
    if (!strncmp(stmt, "set legal ", 10)) {
      to_def_body(stmt + 10, d->out, d->outlen);
      d->found = true;
      return false;
    }
  }
  const char *p = stmt;
  if (!strncmp(p, "elseif ", 7)) p += 7;
  else if (!strncmp(p, "if ", 3)) p += 3;
  else return true;
  if (!strncmp(p, "equal ", 6)) p += 6;
  else if (!strncmp(p, "== ", 3)) p += 3;
  else return true;
  size_t nl = strlen(d->name);
  d->after_test = !strncmp(p, "moved ", 6) && !strncmp(p + 6, d->name, nl) && !p[6 + nl];
  return true;
}

bool br_find_referee_expr(const char *code, const char *name, char *out, int outlen) {
  DefSearch d = {name, out, outlen, false, false};
  each_statement(code, visit_referee, &d);
  return d.found;
}
