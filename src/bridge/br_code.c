/* The preset's code as the bridge reads it: the statements the interpreter parsed (its sections
 * and the files it included, gc_visit_statements), copied once per load as words with file:line.
 * The bridge finds `def` bodies, 2004-style Post-Move movement and the command words it derives
 * rules from here, never in the preset's raw text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge/br_internal.h"

static bool copy_statement(void *ctx, const GcStatement *st) {
  BrCode *code = ctx;
  if (code->count == code->cap) {
    int cap = code->cap ? code->cap * 2 : 256;
    BrStatement *bigger = realloc(code->st, sizeof *bigger * (size_t)cap);
    if (!bigger) return code->failed = true, false;
    code->st = bigger, code->cap = cap;
  }
  size_t bytes = strlen(st->file) + 1;
  for (int i = 0; i < st->nwords; i++) bytes += strlen(st->words[i]) + 1;
  /* One block: the word pointers, then the file name and the words' text. */
  char **words = malloc(sizeof *words * (size_t)st->nwords + bytes);
  if (!words) return code->failed = true, false;
  char *text = (char *)(words + st->nwords);
  BrStatement *s = &code->st[code->count++];
  s->file = strcpy(text, st->file);
  text += strlen(st->file) + 1;
  for (int i = 0; i < st->nwords; i++) {
    words[i] = strcpy(text, st->words[i]);
    text += strlen(st->words[i]) + 1;
  }
  s->words = words;
  s->nwords = st->nwords;
  s->line = st->line;
  s->section = st->section;
  return true;
}

BrCode *br_code_read(const GcInterp *gc) {
  BrCode *code = calloc(1, sizeof *code);
  if (!code) return NULL;
  gc_visit_statements(gc, copy_statement, code);
  if (code->failed) {
    br_code_free(code);
    return NULL;
  }
  return code;
}

void br_code_free(BrCode *code) {
  if (!code) return;
  for (int i = 0; i < code->count; i++) free(code->st[i].words);
  free(code->st);
  free(code);
}

bool br_statement_is(const BrStatement *s, int at, const char *word) {
  return at >= 0 && at < s->nwords && !strcmp(s->words[at], word);
}

/* Joins words [from, to) of s with single spaces, origin and dest written #0 and #1 when
 * as_def; false when the text does not fit (it is then not read cut short). */
static bool join_words(const BrStatement *s, int from, int to, bool as_def, char *out, int outlen) {
  int n = 0;
  out[0] = 0;
  for (int i = from; i < to; i++) {
    const char *w = s->words[i];
    if (as_def && !strcmp(w, "origin"))
      w = "#0";
    else if (as_def && !strcmp(w, "dest"))
      w = "#1";
    int wrote = snprintf(out + n, (size_t)(outlen - n), "%s%s", i > from ? " " : "", w);
    if (wrote < 0 || wrote >= outlen - n) return false;
    n += wrote;
  }
  return true;
}

bool br_find_def(const BrCode *code, const char *name, char *out, int outlen) {
  /* The last def counts: included files come first, so the preset's own defs win. */
  for (int i = code ? code->count - 1 : -1; i >= 0; i--) {
    const BrStatement *s = &code->st[i];
    if (s->nwords >= 3 && br_statement_is(s, 0, "def") && br_statement_is(s, 1, name))
      return join_words(s, 2, s->nwords, false, out, outlen);
  }
  return false;
}

/* `if equal moved NAME` or `elseif equal moved NAME` (with == for equal when either_eq). */
static bool tests_moved(const BrStatement *s, const char *name, bool either_eq) {
  return s->nwords == 4 && (br_statement_is(s, 0, "if") || br_statement_is(s, 0, "elseif")) &&
         (br_statement_is(s, 1, "equal") || (either_eq && br_statement_is(s, 1, "=="))) &&
         br_statement_is(s, 2, "moved") && br_statement_is(s, 3, name);
}

bool br_find_referee_expr(const BrCode *code, const char *name, char *out, int outlen) {
  for (int i = 0; code && i + 1 < code->count; i++) {
    const BrStatement *next = &code->st[i + 1];
    if (tests_moved(&code->st[i], name, true) && next->nwords > 2 && next->section == code->st[i].section &&
        br_statement_is(next, 0, "set") && br_statement_is(next, 1, "legal"))
      return join_words(next, 2, next->nwords, true, out, outlen);
  }
  return false;
}

/* Does the statement test `equal moved` somewhere (the start of another label's block)? */
static bool mentions_moved(const BrStatement *s) {
  for (int k = 0; k + 1 < s->nwords; k++)
    if (br_statement_is(s, k, "equal") && br_statement_is(s, k + 1, "moved")) return true;
  return false;
}

bool br_moved_block_range(const BrCode *code, const char *label, int *first, int *end) {
  for (int i = 0; code && i < code->count; i++) {
    if (!tests_moved(&code->st[i], label, false)) continue;
    int k = i + 1;
    while (k < code->count && code->st[k].section == code->st[i].section && !mentions_moved(&code->st[k])) k++;
    *first = i + 1;
    *end = k;
    return true;
  }
  return false;
}

bool br_find_moved_block(const BrCode *code, const char *label, char *out, int outlen) {
  int first, end;
  if (!br_moved_block_range(code, label, &first, &end)) return false;
  int n = 0;
  out[0] = 0;
  for (int k = first; k < end; k++) {
    char text[4096];
    if (!join_words(&code->st[k], 0, code->st[k].nwords, false, text, sizeof text)) return false;
    int wrote = snprintf(out + n, (size_t)(outlen - n), "%s;\n", text);
    if (wrote < 0 || wrote >= outlen - n) break; /* as much as fits */
    n += wrote;
  }
  return true;
}

bool br_code_has_command(const BrCode *code, const char *word) {
  for (int i = 0; code && i < code->count; i++)
    if (br_statement_is(&code->st[i], code->st[i].nwords - 1, word)) return true;
  return false;
}

bool br_code_has_word(const BrCode *code, const char *word, const char *next) {
  for (int i = 0; code && i < code->count; i++)
    for (int k = 0; k < code->st[i].nwords; k++)
      if (br_statement_is(&code->st[i], k, word) && (!next || br_statement_is(&code->st[i], k + 1, next))) return true;
  return false;
}
