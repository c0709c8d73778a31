/* Tuned evaluation weights in a file: names, parsing, gzip reading and writing, and the files
 * shipped in the binary (nets/NAME.eval.gz, embedded beside the presets). */
#include "eval/eval_weights.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "bridge/builtin_files.h"
#include "eval/gz_bytes.h"

/* A weights file is a few kilobytes; anything near this is not one. */
enum { MAX_FILE_BYTES = 1 << 20, MAX_LINE = 256 };

static const char *const TERM_NAMES[EV_TERMS] = {[EV_PSQ] = "psq",
                                                 [EV_PASSED] = "passed",
                                                 [EV_DOUBLED] = "doubled",
                                                 [EV_ISOLATED] = "isolated",
                                                 [EV_CONNECTED] = "connected",
                                                 [EV_SHELTER] = "shelter",
                                                 [EV_ROYAL_THREAT] = "royal_threat",
                                                 [EV_PAIR] = "pair",
                                                 [EV_PAWN_THREAT] = "pawn_threat",
                                                 [EV_CHECKS] = "checks",
                                                 [EV_PIECE_THREAT] = "piece_threat",
                                                 [EV_HANGING] = "hanging",
                                                 [EV_TEMPO] = "tempo"};
static const char *const PER_TYPE_NAMES[EV_PER_TYPE] = {
    [EV_TYPE_VALUE] = "value", [EV_TYPE_HAND] = "hand", [EV_TYPE_MOBILITY] = "mobility"};

static void say(char *err, int errlen, const char *fmt, ...) {
  if (!err || errlen <= 0) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, (size_t)errlen, fmt, ap);
  va_end(ap);
}

int ev_weight_count(const EvalTables *e) { return EV_TERMS + EV_PER_TYPE * e->rules->type_count; }

/* A type's word: its FEN letter, '+' before it for a promoted form ("N", "+P"), the same in
 * every preset of a game whatever it calls its pieces; its name as one word (letters, digits,
 * '_') for a type without a letter. */
static void type_word(const EvalTables *e, int t, char *out, int outlen) {
  const PieceType *pt = &e->rules->types[t];
  if (pt->letter) {
    int same = 0; /* earlier types written alike (a preset's own business): told apart by count */
    for (int u = 0; u < t; u++)
      same += e->rules->types[u].letter == pt->letter && e->rules->types[u].promoted_form == pt->promoted_form;
    if (same)
      snprintf(out, (size_t)outlen, "%s%c%d", pt->promoted_form ? "+" : "", pt->letter, same + 1);
    else
      snprintf(out, (size_t)outlen, "%s%c", pt->promoted_form ? "+" : "", pt->letter);
    return;
  }
  int n = 0;
  for (const char *c = pt->name; *c && n < outlen - 1; c++) out[n++] = isalnum((unsigned char)*c) ? *c : '_';
  if (!n && outlen > 1) out[n++] = 'T';
  out[n] = 0;
}

void ev_weight_name(const EvalTables *e, int i, char *out, int outlen) {
  if (i < EV_TERMS) {
    snprintf(out, (size_t)outlen, "%s", TERM_NAMES[i]);
    return;
  }
  int t = (i - EV_TERMS) / EV_PER_TYPE, which = (i - EV_TERMS) % EV_PER_TYPE;
  char word[EV_WEIGHT_NAME_LEN];
  type_word(e, t, word, sizeof word);
  snprintf(out, (size_t)outlen, "%s.%s", PER_TYPE_NAMES[which], word);
}

int ev_weight_index(const EvalTables *e, const char *name) {
  int n = ev_weight_count(e);
  for (int i = 0; i < n; i++) {
    char candidate[2 * EV_WEIGHT_NAME_LEN];
    ev_weight_name(e, i, candidate, sizeof candidate);
    if (!strcmp(candidate, name)) return i;
  }
  return -1;
}

/* One integer word within the limit. */
static bool figure(const char *word, int *out) {
  char *end;
  errno = 0;
  long v = strtol(word, &end, 10);
  if (errno || end == word || *end || v < -EV_WEIGHT_LIMIT || v > EV_WEIGHT_LIMIT) return false;
  *out = (int)v;
  return true;
}

bool ev_weights_parse(const EvalTables *e, const char *text, size_t len, const char *file, EvalWeights *out, char *err,
                      int errlen) {
  EvalWeights w = e->defaults;
  bool named[EV_WEIGHTS] = {false}, have_game = false;
  int line_no = 0;
  size_t at = 0;
  while (at < len) {
    line_no++;
    size_t end = at;
    while (end < len && text[end] != '\n') end++;
    if (end - at >= MAX_LINE) {
      say(err, errlen, "%s:%d: line longer than %d characters", file, line_no, MAX_LINE - 1);
      return false;
    }
    if (memchr(text + at, 0, end - at)) { /* it would end the line's text unseen */
      say(err, errlen, "%s:%d: a control character: this is not a weights file", file, line_no);
      return false;
    }
    char line[MAX_LINE];
    memcpy(line, text + at, end - at);
    line[end - at] = 0;
    at = end + 1;
    for (char *c = line; *c; c++)
      if (*c == '\r' || *c == '\t')
        *c = ' ';
      else if ((unsigned char)*c < 32 || *c == 127) {
        say(err, errlen, "%s:%d: a control character: this is not a weights file", file, line_no);
        return false;
      }
    char *hash = strchr(line, '#');
    if (hash) *hash = 0;
    char *words[4];
    int n = 0;
    for (char *c = line; *c && n < 4;) {
      while (*c == ' ') c++;
      if (!*c) break;
      words[n++] = c;
      while (*c && *c != ' ') c++;
      if (*c) *c++ = 0;
    }
    if (n == 0) continue;
    if (!strcmp(words[0], "game")) {
      if (n != 2) {
        say(err, errlen, "%s:%d: 'game' takes one name", file, line_no);
        return false;
      }
      if (have_game) {
        say(err, errlen, "%s:%d: a second 'game' line", file, line_no);
        return false;
      }
      if (strcmp(words[1], e->rules->name)) {
        say(err, errlen, "%s:%d: these weights are for the game '%s', not '%s'", file, line_no, words[1],
            e->rules->name);
        return false;
      }
      have_game = true;
      continue;
    }
    if (!have_game) {
      say(err, errlen, "%s:%d: a 'game NAME' line must come before the weights", file, line_no);
      return false;
    }
    int index = ev_weight_index(e, words[0]);
    if (index < 0) {
      say(err, errlen, "%s:%d: no weight '%.60s' in the game %s", file, line_no, words[0], e->rules->name);
      return false;
    }
    if (n != 3 || !figure(words[1], &w.w[index].mg) || !figure(words[2], &w.w[index].eg)) {
      say(err, errlen, "%s:%d: '%s' takes two whole numbers (middle game, end game) within %d", file, line_no, words[0],
          EV_WEIGHT_LIMIT);
      return false;
    }
    if (named[index]) {
      say(err, errlen, "%s:%d: '%s' is given twice", file, line_no, words[0]);
      return false;
    }
    named[index] = true;
  }
  if (!have_game) {
    say(err, errlen, "%s:%d: no 'game NAME' line: this is not a weights file", file, line_no > 0 ? line_no : 1);
    return false;
  }
  *out = w;
  return true;
}

bool ev_weights_read(const EvalTables *e, const char *path, EvalWeights *out, char *err, int errlen) {
  char *text = NULL;
  size_t len = 0;
  if (!gz_read_file(path, MAX_FILE_BYTES, "a weights file", &text, &len, err, errlen)) return false;
  bool ok = ev_weights_parse(e, text, len, path, out, err, errlen);
  free(text);
  return ok;
}

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

bool ev_weights_text_game(const char *text, size_t len, char *game, int gamelen) {
  for (size_t at = 0; at < len;) {
    size_t end = at;
    while (end < len && text[end] != '\n') end++;
    size_t word = at;
    while (word < end && blank(text[word])) word++;
    if (word < end && text[word] != '#') { /* the first line that says something */
      size_t name = word + 4, stop;
      if (end - word <= 5 || memcmp(text + word, "game", 4) || !blank(text[name])) return false;
      while (name < end && blank(text[name])) name++;
      for (stop = name; stop < end && !blank(text[stop]) && text[stop] != '#';) stop++;
      if (stop == name) return false;
      snprintf(game, (size_t)gamelen, "%.*s", (int)(stop - name), text + name);
      return true;
    }
    at = end + 1;
  }
  return false;
}

bool ev_weights_file_game(const char *path, char *game, int gamelen, char *err, int errlen) {
  char *text = NULL;
  size_t len = 0;
  if (!gz_read_file(path, MAX_FILE_BYTES, "a weights file", &text, &len, err, errlen)) return false;
  bool found = ev_weights_text_game(text, len, game, gamelen);
  free(text);
  if (!found) say(err, errlen, "%s: no 'game NAME' line: this is not a weights file", path);
  return found;
}

bool ev_weights_builtin(const EvalTables *e, EvalWeights *out, bool *found, char *err, int errlen) {
  char name[128];
  snprintf(name, sizeof name, "nets/%s.eval.gz", e->rules->name);
  *found = false;
  for (int i = 0; builtin_files[i].name; i++) {
    if (strcmp(builtin_files[i].name, name)) continue;
    *found = true;
    char *text = NULL;
    size_t len = 0;
    bool ok = gz_inflate_bytes(builtin_files[i].text, (size_t)builtin_files[i].size, MAX_FILE_BYTES, &text, &len);
    if (!ok)
      say(err, errlen, "%s: not a gzip file of at most %d bytes", name, MAX_FILE_BYTES);
    else
      ok = ev_weights_parse(e, text, len, name, out, err, errlen);
    free(text);
    return ok;
  }
  return true;
}

char *ev_weights_format(const EvalTables *e, const EvalWeights *w, const char *comment) {
  size_t cap = 16384 + (comment ? 2 * strlen(comment) : 0), used = 0;
  char *text = malloc(cap);
  if (!text) return NULL;
  text[0] = 0;
#define APPEND(...) used += (size_t)snprintf(text + used, cap - used, __VA_ARGS__)
  for (const char *c = comment; c && *c;) {
    const char *nl = strchr(c, '\n');
    int n = nl ? (int)(nl - c) : (int)strlen(c);
    if (used + (size_t)n + 8 >= cap) break;
    APPEND("# %.*s\n", n, c);
    c += n + (nl ? 1 : 0);
  }
  APPEND("game %s\n", e->rules->name);
  int n = ev_weight_count(e);
  for (int i = 0; i < n && used + 128 < cap; i++) {
    char name[2 * EV_WEIGHT_NAME_LEN];
    ev_weight_name(e, i, name, sizeof name);
    APPEND("%s %d %d\n", name, w->w[i].mg, w->w[i].eg);
  }
#undef APPEND
  return text;
}

bool ev_weights_write(const EvalTables *e, const EvalWeights *w, const char *comment, const char *path, char *err,
                      int errlen) {
  char *text = ev_weights_format(e, w, comment);
  if (!text) {
    say(err, errlen, "%s: out of memory", path);
    return false;
  }
  gzFile gz = gzopen(path, "wb9");
  bool ok = gz && gzputs(gz, text) >= 0;
  if (gz && gzclose(gz) != Z_OK) ok = false;
  if (!ok) say(err, errlen, "%s: cannot write: %s", path, strerror(errno ? errno : EIO));
  free(text);
  return ok;
}
