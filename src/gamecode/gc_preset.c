/* Preset files (format in docs/gamecode.md): `Key: value` header lines (Game, Files, Ranks,
 * FEN, Include) and code sections under `[Pre-Game]`, `[Pre-Move 1]`, `[Post-Move 1]`,
 * `[Post-Game 1]` (and 2), pasted as Game Courier shows them. Reference §1.1-1.2. */
#include "gamecode/gc_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const section_names[SEC_COUNT] = {"pre-game",    "pre-move 1",  "pre-move 2", "post-move 1",
                                                     "post-move 2", "post-game 1", "post-game 2"};

static int section_of(const char *name, size_t n) {
  char buf[64];
  size_t k = 0;
  /* normalise: lower case, single spaces, "premove1" and "pre-move-1" accepted */
  for (size_t i = 0; i < n && k + 2 < sizeof buf; i++) {
    char c = (char)tolower((unsigned char)name[i]);
    if (c == '_') c = ' ';
    if (isdigit((unsigned char)c) && k > 0 && buf[k - 1] != ' ') buf[k++] = ' ';
    if (c == ' ' && k > 0 && buf[k - 1] == ' ') continue;
    buf[k++] = c;
  }
  while (k > 0 && buf[k - 1] == ' ') k--;
  buf[k] = 0;
  if (!strcmp(buf, "pregame")) return SEC_PREGAME;
  for (int s = 0; s < SEC_COUNT; s++) {
    char alt[64];
    snprintf(alt, sizeof alt, "%s", section_names[s]);
    if (!strcmp(buf, alt)) return s;
    for (char *q = alt; *q; q++)
      if (*q == '-') *q = ' ';
    if (!strcmp(buf, alt)) return s;
    char compact[64];
    size_t j = 0;
    for (const char *q = section_names[s]; *q; q++)
      if (*q != '-') compact[j++] = *q;
    compact[j] = 0;
    if (!strcmp(buf, compact)) return s;
  }
  return -1;
}

static char *dup_range(const char *s, size_t n) {
  while (n && isspace((unsigned char)*s)) s++, n--;
  while (n && isspace((unsigned char)s[n - 1])) n--;
  char *r = malloc(n + 1);
  if (!r) abort();
  memcpy(r, s, n);
  r[n] = 0;
  return r;
}

static int fail(GcError *err, const char *file, int line, const char *msg, const char *arg) {
  snprintf(err->message, sizeof err->message, msg, arg);
  snprintf(err->file, sizeof err->file, "%s", file);
  err->line = line;
  return GC_ERROR;
}

/* One more problem of a load that goes on (gc_load_preset_text_all). */
static void record_problem(GcLintIssue *problems, int cap, int *failed, const GcError *err) {
  if (*failed < cap) {
    GcLintIssue *is = &problems[*failed];
    snprintf(is->file, sizeof is->file, "%.*s", (int)sizeof is->file - 1, err->file);
    is->line = err->line;
    is->error = true;
    snprintf(is->message, sizeof is->message, "%.*s", (int)sizeof is->message - 1, err->message);
  }
  (*failed)++;
}

int gc_header_line(const GcInterp *gc, const char *key) {
  int line = !strcmp(key, "files")     ? gc->files_line
             : !strcmp(key, "ranks")   ? gc->ranks_line
             : !strcmp(key, "fen")     ? gc->fen_line
             : !strcmp(key, "include") ? gc->include_line
             : !strcmp(key, "board")   ? (gc->files_line ? gc->files_line : gc->ranks_line)
                                       : 0;
  return line ? line : 1;
}

/* Loads the preset text; with problems (gc_load_preset_text_all), a section that does not
 * compile is recorded there and left out, and the others still load. */
static int load_text(GcInterp *gc, const char *text, const char *filename, GcError *err, GcLintIssue *problems, int cap,
                     int *failed) {
  snprintf(gc->preset_file, sizeof gc->preset_file, "%s", filename ? filename : "");
  GcError dummy;
  if (!err) err = &dummy;
  size_t bytes = strlen(text);
  if (bytes > GC_MAX_SOURCE) {
    snprintf(err->message, sizeof err->message, "the preset is %zu bytes, over the limit of %d MiB", bytes,
             GC_MAX_SOURCE >> 20);
    snprintf(err->file, sizeof err->file, "%s", gc->preset_file);
    err->line = 1;
    return GC_ERROR;
  }
  gc->source_bytes = bytes;
  const char *p = text;
  int line = 1, section = -1, sec_line = 0;
  GcBuf secs[SEC_COUNT];
  int sec_first_line[SEC_COUNT];
  memset(secs, 0, sizeof secs);
  memset(sec_first_line, 0, sizeof sec_first_line);
  int rc = GC_OK;
  while (*p && rc == GC_OK) {
    const char *eol = strchr(p, '\n');
    size_t len = eol ? (size_t)(eol - p) : strlen(p);
    const char *s = p;
    size_t n = len;
    while (n && isspace((unsigned char)*s)) s++, n--;
    while (n && isspace((unsigned char)s[n - 1])) n--;
    int sec = -2;
    if (n >= 2 && s[0] == '[' && s[n - 1] == ']') {
      sec = section_of(s + 1, n - 2);
      if (sec < 0 && section >= 0)
        sec = -2; /* e.g. "[x]" inside code: keep as code */
      else if (sec < 0) {
        char name[96];
        snprintf(name, sizeof name, "%.*s", (int)n, s);
        rc = fail(err, filename, line, "unknown section %s", name);
      }
    }
    if (rc != GC_OK) break;
    if (sec >= 0) {
      section = sec;
      sec_line = line + 1;
      if (!secs[sec].data)
        sec_first_line[sec] = sec_line;
      else
        gc_buf_addc(&secs[sec], '\n');
    } else if (section >= 0) {
      if (!secs[section].data) {
        sec_first_line[section] = sec_line;
        gc_buf_add(&secs[section], "", 0);
      }
      gc_buf_add(&secs[section], p, len);
      gc_buf_addc(&secs[section], '\n');
    } else if (n > 0 && s[0] != '#' && !(s[0] == '/' && s[1] == '/')) {
      const char *colon = memchr(s, ':', n);
      if (!colon) {
        rc = fail(err, filename, line, "expected 'Key: value' or a [Section], got: %s", "");
        break;
      }
      char key[64];
      snprintf(key, sizeof key, "%.*s", (int)(colon - s), s);
      char *val = dup_range(colon + 1, n - (size_t)(colon + 1 - s));
      if (!strcasecmp(key, "game"))
        snprintf(gc->game, sizeof gc->game, "%s", val);
      else if (!strcasecmp(key, "files"))
        free(gc->files), gc->files = val, val = NULL, gc->files_line = line;
      else if (!strcasecmp(key, "ranks") || !strcasecmp(key, "rank labels"))
        free(gc->ranks), gc->ranks = val, val = NULL, gc->ranks_line = line;
      else if (!strcasecmp(key, "fen") || !strcasecmp(key, "fen code"))
        free(gc->fen), gc->fen = val, val = NULL, gc->fen_line = line;
      else if (!strcasecmp(key, "include")) {
        gc_set_include_dir(gc, val);
        snprintf(gc->include_header, sizeof gc->include_header, "%s", val);
        gc->include_line = line;
      }
      /* other keys (Rules URL, Set, Shape...) are accepted and ignored */
      free(val);
    }
    line++;
    p = eol ? eol + 1 : p + len;
  }
  if (rc != GC_OK && problems) record_problem(problems, cap, failed, err);
  bool header_ok = rc == GC_OK;
  for (int s = 0; s < SEC_COUNT && header_ok && (rc == GC_OK || problems); s++) {
    if (!secs[s].data) continue;
    /* pad with newlines so statement lines are the lines of the preset file */
    GcBuf code = {0};
    for (int k = 1; k < sec_first_line[s]; k++) gc_buf_addc(&code, '\n');
    gc_buf_adds(&code, secs[s].data);
    GcError section_err = {0};
    GcProgram *prog = gc_compile_shared(gc, code.data, filename, &section_err);
    gc_buf_free(&code);
    if (!prog) {
      if (rc == GC_OK) *err = section_err; /* the first error is the load's */
      if (s == SEC_PREGAME) gc->pregame_failed = true;
      rc = GC_ERROR;
      if (problems) record_problem(problems, cap, failed, &section_err);
      continue;
    }
    gc->sections[s] = gc_adopt_program(gc, prog);
  }
  for (int s = 0; s < SEC_COUNT; s++) gc_buf_free(&secs[s]);
  return rc;
}

int gc_load_preset_text(GcInterp *gc, const char *text, const char *filename, GcError *err) {
  return load_text(gc, text, filename, err, NULL, 0, NULL);
}

int gc_load_preset_text_all(GcInterp *gc, const char *text, const char *filename, GcLintIssue *problems, int cap) {
  GcError err = {0};
  int failed = 0;
  load_text(gc, text, filename, &err, problems, cap, &failed);
  return failed;
}

bool gc_pregame_failed(const GcInterp *gc) { return gc->pregame_failed; }

int gc_load_preset_file(GcInterp *gc, const char *path, const char *include_dir, GcError *err) {
  char *text = gc_read_text_file(path);
  if (!text) return fail(err, path, 0, "cannot read preset file %s", path);
  if (include_dir) gc_set_include_dir(gc, include_dir);
  int rc = gc_load_preset_text(gc, text, path, err);
  free(text);
  return rc;
}

const char *gc_game_name(const GcInterp *gc) { return gc->game; }

const char *gc_include_header(const GcInterp *gc) { return gc->include_header; }
