/* PGN reading and writing.  The reader keeps the main line only: its {comments} are kept with
 * the move before them; ;comments, NAGs ($n), escape lines (%...) and variations ((...),
 * nested) are skipped.  A turn of several
 * parts (multi-move variants) is one movetext token of its parts' SAN joined by commas,
 * "1. e4,d4 e5,Nc6": the writer joins them, the reader splits them into their moves. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "notation/pgn.h"

static char *copy_text(const char *s, size_t n) {
  char *c = malloc(n + 1);
  if (!c) return NULL;
  memcpy(c, s, n);
  c[n] = 0;
  return c;
}

void nt_pgn_game_free(NtPgnGame *game) {
  for (int i = 0; i < game->tag_count; i++) {
    free(game->tags[i].name);
    free(game->tags[i].value);
  }
  for (int i = 0; i < game->move_count; i++) {
    free(game->moves[i]);
    if (game->comments) free(game->comments[i]);
  }
  free(game->tags);
  free(game->moves);
  free(game->comments);
  memset(game, 0, sizeof *game);
}

const char *nt_pgn_tag(const NtPgnGame *game, const char *name) {
  for (int i = 0; i < game->tag_count; i++)
    if (!strcmp(game->tags[i].name, name)) return game->tags[i].value;
  return NULL;
}

bool nt_pgn_set_tag(NtPgnGame *game, const char *name, const char *value) {
  for (int i = 0; i < game->tag_count; i++)
    if (!strcmp(game->tags[i].name, name)) {
      char *v = copy_text(value, strlen(value));
      if (!v) return false;
      free(game->tags[i].value);
      game->tags[i].value = v;
      return true;
    }
  if (game->tag_count == game->tag_cap) {
    int cap = game->tag_cap ? 2 * game->tag_cap : 8;
    NtPgnTag *tags = realloc(game->tags, cap * sizeof *tags);
    if (!tags) return false;
    game->tags = tags, game->tag_cap = cap;
  }
  NtPgnTag *t = &game->tags[game->tag_count];
  t->name = copy_text(name, strlen(name));
  t->value = copy_text(value, strlen(value));
  if (!t->name || !t->value) {
    free(t->name);
    free(t->value);
    return false;
  }
  game->tag_count++;
  return true;
}

bool nt_pgn_set_roster(NtPgnGame *tags, const char *event, int round) {
  char date[16], number[16];
  time_t now = time(NULL);
  struct tm tm;
  gmtime_r(&now, &tm);
  strftime(date, sizeof date, "%Y.%m.%d", &tm);
  snprintf(number, sizeof number, "%d", round);
  return nt_pgn_set_tag(tags, "Event", event) && nt_pgn_set_tag(tags, "Site", "?") &&
         nt_pgn_set_tag(tags, "Date", date) && nt_pgn_set_tag(tags, "Round", number);
}

bool nt_pgn_add_move(NtPgnGame *game, const char *text) {
  if (game->move_count == game->move_cap) {
    int cap = game->move_cap ? 2 * game->move_cap : 64;
    char **moves = realloc(game->moves, cap * sizeof *moves);
    if (!moves) return false;
    game->moves = moves;
    char **comments = realloc(game->comments, cap * sizeof *comments);
    if (!comments) return false;
    game->comments = comments, game->move_cap = cap;
  }
  char *m = copy_text(text, strlen(text));
  if (!m) return false;
  game->comments[game->move_count] = NULL;
  game->moves[game->move_count++] = m;
  return true;
}

/* Adds a comment's text (n bytes) to the last move's, joined by a space. */
static bool add_comment(NtPgnGame *game, const char *text, size_t n) {
  while (n && isspace((unsigned char)*text)) text++, n--;
  while (n && isspace((unsigned char)text[n - 1])) n--;
  if (!game->move_count || !n) return true;
  char **slot = &game->comments[game->move_count - 1];
  size_t old = *slot ? strlen(*slot) : 0;
  char *joined = realloc(*slot, old + n + 2);
  if (!joined) return false;
  if (old) joined[old++] = ' ';
  memcpy(joined + old, text, n);
  joined[old + n] = 0;
  *slot = joined;
  return true;
}

static int fail(char *err, int errlen, int line, const char *fmt, ...) {
  char msg[200];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  snprintf(err, errlen, "line %d: %s", line, msg);
  return -1;
}

static bool is_result(const char *s, size_t n) {
  return (n == 3 && (!strncmp(s, "1-0", 3) || !strncmp(s, "0-1", 3))) || (n == 7 && !strncmp(s, "1/2-1/2", 7)) ||
         (n == 1 && s[0] == '*');
}

/* Skips to the end of the line (not past the newline). */
static size_t end_of_line(const char *text, size_t len, size_t i) {
  while (i < len && text[i] != '\n') i++;
  return i;
}

int nt_pgn_next(const char *text, size_t len, size_t *offset, int *line, NtPgnGame *game, char *err, int errlen) {
  memset(game, 0, sizeof *game);
  if (errlen > 0) err[0] = 0;
  size_t i = *offset;
  bool started = false, in_moves = false;
  while (i < len) {
    char c = text[i];
    if (c == '\n') {
      (*line)++, i++;
      continue;
    }
    if (isspace((unsigned char)c) || c == 0) {
      i++;
      continue;
    }
    if (c == '%' && (i == 0 || text[i - 1] == '\n')) {
      i = end_of_line(text, len, i);
      continue;
    }
    if (!started) game->line = *line;
    if (c == '[') {
      if (in_moves) break; /* a game without a result: the next one begins */
      started = true;
      size_t j = i + 1;
      while (j < len && (text[j] == ' ' || text[j] == '\t')) j++;
      size_t name = j;
      while (j < len && (isalnum((unsigned char)text[j]) || text[j] == '_')) j++;
      size_t name_len = j - name;
      while (j < len && (text[j] == ' ' || text[j] == '\t')) j++;
      if (!name_len || name_len > 64 || j >= len || text[j] != '"') {
        *offset = end_of_line(text, len, i);
        return fail(err, errlen, *line, "malformed tag");
      }
      char value[1024];
      size_t n = 0;
      for (j++; j < len && text[j] != '"' && text[j] != '\n'; j++) {
        if (text[j] == '\\' && j + 1 < len && (text[j + 1] == '"' || text[j + 1] == '\\')) j++;
        if (n + 1 < sizeof value) value[n++] = text[j];
      }
      value[n] = 0;
      if (j >= len || text[j] != '"') {
        *offset = end_of_line(text, len, i);
        return fail(err, errlen, *line, "unterminated tag value");
      }
      for (j++; j < len && (text[j] == ' ' || text[j] == '\t'); j++) {}
      if (j >= len || text[j] != ']') {
        *offset = end_of_line(text, len, i);
        return fail(err, errlen, *line, "tag without ']'");
      }
      char tag[65];
      memcpy(tag, text + name, name_len);
      tag[name_len] = 0;
      if (!nt_pgn_set_tag(game, tag, value)) return fail(err, errlen, *line, "out of memory");
      i = j + 1;
      continue;
    }
    if (c == '{') {
      int start = *line;
      size_t first = i + 1;
      for (i++; i < len && text[i] != '}'; i++)
        if (text[i] == '\n') (*line)++;
      if (i >= len) {
        *offset = len;
        return fail(err, errlen, start, "unterminated comment");
      }
      if (in_moves && !add_comment(game, text + first, i - first)) return fail(err, errlen, start, "out of memory");
      i++;
      continue;
    }
    if (c == ';') {
      i = end_of_line(text, len, i);
      continue;
    }
    if (c == '(') {
      int depth = 0, start = *line;
      for (; i < len; i++) {
        if (text[i] == '\n')
          (*line)++;
        else if (text[i] == '(')
          depth++;
        else if (text[i] == ')' && --depth == 0)
          break;
        else if (text[i] == '{') {
          while (i < len && text[i] != '}') i++;
          if (i >= len) break;
        } else if (text[i] == ';') {
          while (i + 1 < len && text[i + 1] != '\n') i++;
        }
      }
      if (i >= len) {
        *offset = len;
        return fail(err, errlen, start, "unterminated variation");
      }
      i++;
      continue;
    }
    if (c == ')' || c == ']' || c == '}') {
      *offset = i + 1;
      return fail(err, errlen, *line, "unmatched '%c'", c);
    }
    if (c == '$') {
      for (i++; i < len && isdigit((unsigned char)text[i]); i++) {}
      continue;
    }
    size_t start = i;
    while (i < len && !isspace((unsigned char)text[i]) && !strchr("{}()[];$", text[i]) && text[i]) i++;
    const char *tok = text + start;
    size_t n = i - start;
    started = true;
    if (is_result(tok, n)) {
      memcpy(game->result, tok, n);
      game->result[n] = 0;
      break;
    }
    size_t k = 0;
    while (k < n && isdigit((unsigned char)tok[k])) k++;
    if (k && k < n && tok[k] == '.') {
      while (k < n && tok[k] == '.') k++;
      tok += k, n -= k;
    } else if (k == n) {
      continue; /* a bare move number */
    }
    while (n && tok[0] == '.') tok++, n--;
    if (!n) continue;
    for (size_t part = 0; part < n;) { /* the parts of a turn, joined by commas */
      size_t k = part;
      while (k < n && tok[k] != ',') k++;
      if (k == part) {
        *offset = i;
        return fail(err, errlen, *line, "empty part in a turn");
      }
      if (k - part >= NT_TEXT_LEN) {
        *offset = i;
        return fail(err, errlen, *line, "move text too long");
      }
      char move[NT_TEXT_LEN];
      memcpy(move, tok + part, k - part);
      move[k - part] = 0;
      if (!nt_pgn_add_move(game, move)) return fail(err, errlen, *line, "out of memory");
      part = k + 1;
    }
    in_moves = true;
  }
  *offset = i;
  return started ? 1 : 0;
}

int nt_pgn_play(const NtPgnGame *game, Position *p, Move *moves, int cap, int *bad_ply, NtResult *result) {
  *bad_ply = -1;
  for (int i = 0; i < game->move_count; i++) {
    if (nt_read(p, NT_SAN, game->moves[i], result) != NT_OK) {
      *bad_ply = i;
      return i;
    }
    if (i < cap) moves[i] = result->move;
    pos_make(p, result->move);
  }
  memset(result, 0, sizeof *result);
  return game->move_count;
}

typedef struct Buf {
  char *s;
  size_t len, cap;
  bool failed;
} Buf;

static void put(Buf *b, const char *fmt, ...) {
  if (b->failed) return;
  va_list ap;
  va_start(ap, fmt);
  char tmp[1200];
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (n < 0) n = 0;
  if ((size_t)n >= sizeof tmp) n = sizeof tmp - 1;
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap * 2 : 1024;
    while (cap < b->len + n + 1) cap *= 2;
    char *s = realloc(b->s, cap);
    if (!s) {
      b->failed = true;
      return;
    }
    b->s = s, b->cap = cap;
  }
  memcpy(b->s + b->len, tmp, n + 1);
  b->len += n;
}

static void put_tag(Buf *b, const char *name, const char *value) {
  char escaped[1024];
  size_t n = 0;
  for (const char *v = value; *v && n + 2 < sizeof escaped; v++) {
    if (*v == '"' || *v == '\\') escaped[n++] = '\\';
    escaped[n++] = *v;
  }
  escaped[n] = 0;
  put(b, "[%s \"%s\"]\n", name, escaped);
}

char *nt_pgn_write(const NtPgnGame *tags, Position *p, const Move *moves, int count, const char *result) {
  return nt_pgn_write_annotated(tags, p, moves, NULL, count, result);
}

/* Appends " {text}" for a comment, '}' (which would end it) written as ')'. */
static size_t put_comment(char *out, size_t cap, size_t used, const char *text) {
  if (used + 4 >= cap) return used;
  out[used++] = ' ', out[used++] = '{';
  for (; *text && used + 2 < cap; text++) out[used++] = *text == '}' ? ')' : *text;
  out[used++] = '}';
  out[used] = 0;
  return used;
}

char *nt_pgn_write_annotated(const NtPgnGame *tags, Position *p, const Move *moves, const char *const *comments,
                             int count, const char *result) {
  static const char *roster[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
  static const char *defaults[] = {"?", "?", "????.??.??", "?", "?", "?", "*"};
  Buf b = {0};
  if (!result || !*result) result = "*";
  for (int i = 0; i < 7; i++) {
    const char *v = i == 6 ? result : tags ? nt_pgn_tag(tags, roster[i]) : NULL;
    put_tag(&b, roster[i], v ? v : defaults[i]);
  }
  for (int i = 0; tags && i < tags->tag_count; i++) {
    bool in_roster = false;
    for (int k = 0; k < 7; k++) in_roster |= !strcmp(tags->tags[i].name, roster[k]);
    if (!in_roster) put_tag(&b, tags->tags[i].name, tags->tags[i].value);
  }
  put(&b, "\n");
  int column = 0, played = 0;
  bool complete = true, after_comment = false;
  while (played < count && complete) {
    char number[24] = "", turn[1024] = "";
    if (p->side == WHITE)
      snprintf(number, sizeof number, "%d. ", p->fullmove);
    else if (played == 0 || after_comment)
      snprintf(number, sizeof number, "%d... ", p->fullmove);
    /* One token for the turn: its parts while the same side is still to move. */
    size_t used = 0;
    int first = played;
    for (int mover = p->side; played < count && p->side == mover;) {
      char san[NT_TEXT_LEN];
      if (!nt_write(p, NT_SAN, moves[played], san, sizeof san)) {
        complete = false;
        break;
      }
      int n = snprintf(turn + used, sizeof turn - used, "%s%s", used ? "," : "", san);
      if (n > 0 && (size_t)n < sizeof turn - used) used += (size_t)n;
      pos_make(p, moves[played++]);
    }
    if (!used) break;
    after_comment = false;
    for (int i = first; comments && i < played; i++)
      if (comments[i] && comments[i][0]) {
        used = put_comment(turn, sizeof turn, used, comments[i]);
        after_comment = true;
      }
    int width = (int)(strlen(number) + used);
    if (column && column + 1 + width > 79) put(&b, "\n"), column = 0;
    put(&b, "%s%s%s", column ? " " : "", number, turn);
    column += width + (column ? 1 : 0);
  }
  for (int i = 0; i < played; i++) pos_unmake(p);
  if (column && column + 1 + (int)strlen(result) > 79) put(&b, "\n"), column = 0;
  put(&b, "%s%s\n", column ? " " : "", result);
  if (b.failed) {
    free(b.s);
    return NULL;
  }
  return b.s;
}
