/* Compact records: the paper's 16-bit move, the legal-move-index code, and the archive. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "notation/records.h"

/* Seed 002 section 4: (F)(S1)(P)(S2), P = promoted piece - knight (N B R Q = 0..3). */
static const char promo_letters[] = "NBRQ";

bool nt_move16_encode(const Position *p, Move m, uint16_t *code) {
  const Rules *r = p->rules;
  if (r->geo.width != 8 || r->geo.height != 8) return false;
  int flag, promo = 0;
  switch (move_kind(m)) {
  case MOVE_NORMAL: flag = NT_MOVE16_NORMAL; break;
  case MOVE_EN_PASSANT: flag = NT_MOVE16_EN_PASSANT; break;
  case MOVE_CASTLING: flag = NT_MOVE16_CASTLING; break;
  case MOVE_PROMOTION: {
    const char *at = strchr(promo_letters, r->types[move_arg(m)].letter);
    if (!at || r->types[move_arg(m)].promoted_form) return false;
    flag = NT_MOVE16_PROMOTION;
    promo = (int)(at - promo_letters);
    break;
  }
  default: return false;
  }
  *code = (uint16_t)(flag << 14 | move_from(m) << 8 | promo << 6 | move_to(m));
  return true;
}

Move nt_move16_decode(Position *p, uint16_t code) {
  MoveList *list = malloc(sizeof *list);
  if (!list) return MOVE_NONE;
  pos_legal_moves(p, list);
  Move found = MOVE_NONE;
  for (int i = 0; i < list->count; i++) {
    uint16_t c;
    if (nt_move16_encode(p, list->moves[i], &c) && c == code) {
      found = list->moves[i];
      break;
    }
  }
  free(list);
  return found;
}

bool nt_move_octal(const Position *p, Move m, char *out) {
  uint16_t code;
  if (!nt_move16_encode(p, m, &code)) return false;
  int from = move_from(m), to = move_to(m);
  int to_rank = to / 8;
  if (move_kind(m) == MOVE_PROMOTION) to_rank = 2 + (code >> 6 & 3);
  out[0] = (char)('0' + from / 8);
  out[1] = (char)('0' + from % 8);
  out[2] = (char)('0' + to_rank);
  out[3] = (char)('0' + to % 8);
  out[4] = 0;
  return true;
}

Move nt_parse_octal(Position *p, const char *text) {
  if (strlen(text) != 4) return MOVE_NONE;
  MoveList *list = malloc(sizeof *list);
  if (!list) return MOVE_NONE;
  pos_legal_moves(p, list);
  Move found = MOVE_NONE;
  for (int i = 0; i < list->count; i++) {
    char code[5];
    if (nt_move_octal(p, list->moves[i], code) && !strcmp(code, text)) {
      found = list->moves[i];
      break;
    }
  }
  free(list);
  return found;
}

/* A carry-less range coder (Subbotin's) over uniform symbols: a choice among n moves narrows
 * the range by n. */
enum { RC_TOP = 1 << 24, RC_BOT = 1 << 16 };

typedef struct Coder {
  uint32_t low, range, code;
  uint8_t *out;
  const uint8_t *in;
  size_t pos, cap;
  bool overflow;
} Coder;

static void rc_put(Coder *c, uint8_t byte) {
  if (c->pos < c->cap)
    c->out[c->pos] = byte;
  else
    c->overflow = true;
  c->pos++;
}

static uint8_t rc_get(Coder *c) { return c->pos < c->cap ? c->in[c->pos++] : (c->pos++, 0); }

static bool rc_needs_shift(Coder *c) {
  if ((c->low ^ (c->low + c->range)) < RC_TOP) return true;
  if (c->range < RC_BOT) {
    c->range = -c->low & (RC_BOT - 1);
    return true;
  }
  return false;
}

static void rc_encode(Coder *c, uint32_t index, uint32_t n) {
  c->range /= n;
  c->low += index * c->range;
  while (rc_needs_shift(c)) {
    rc_put(c, (uint8_t)(c->low >> 24));
    c->low <<= 8, c->range <<= 8;
  }
}

static bool rc_decode(Coder *c, uint32_t n, uint32_t *index) {
  c->range /= n;
  uint32_t v = (c->code - c->low) / c->range;
  if (v >= n) return false;
  *index = v;
  c->low += v * c->range;
  while (rc_needs_shift(c)) {
    c->code = c->code << 8 | rc_get(c);
    c->low <<= 8, c->range <<= 8;
  }
  return true;
}

size_t nt_index_encode(Position *p, const Move *moves, int count, uint8_t *out, size_t cap) {
  MoveList *list = malloc(sizeof *list);
  if (!list) return 0;
  Coder c = {.low = 0, .range = 0xFFFFFFFFu, .out = out, .cap = cap};
  int played = 0;
  bool ok = true;
  for (; played < count; played++) {
    pos_legal_moves(p, list);
    int index = -1;
    for (int i = 0; i < list->count; i++)
      if (list->moves[i] == moves[played]) index = i;
    if (index < 0) {
      ok = false;
      break;
    }
    if (list->count > 1) rc_encode(&c, (uint32_t)index, (uint32_t)list->count);
    pos_make(p, moves[played]);
  }
  for (int i = 0; i < played; i++) pos_unmake(p);
  free(list);
  if (!ok) return 0;
  if (count)
    for (int i = 0; i < 4; i++) rc_put(&c, (uint8_t)(c.low >> 24)), c.low <<= 8;
  return c.overflow ? 0 : c.pos;
}

int nt_index_decode(Position *p, const uint8_t *in, size_t len, int count, Move *moves) {
  MoveList *list = malloc(sizeof *list);
  if (!list) return -1;
  Coder c = {.low = 0, .range = 0xFFFFFFFFu, .in = in, .cap = len};
  for (int i = 0; i < 4; i++) c.code = c.code << 8 | rc_get(&c);
  int played = 0;
  bool ok = true;
  for (; played < count; played++) {
    pos_legal_moves(p, list);
    uint32_t index = 0;
    if (!list->count || (list->count > 1 && !rc_decode(&c, (uint32_t)list->count, &index))) {
      ok = false;
      break;
    }
    moves[played] = list->moves[index];
    pos_make(p, moves[played]);
  }
  for (int i = 0; i < played; i++) pos_unmake(p);
  free(list);
  return ok && c.pos <= len + 4 ? count : -1;
}

/* The archive. */

static bool error(char *err, int errlen, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errlen, fmt, ap);
  va_end(ap);
  return false;
}

static bool is_startpos(const char *fen) { return !fen || !*fen || !strcmp(fen, "startpos"); }

bool nt_archive_add(NtArchive *a, const Rules *rules, const char *fen, const NtPgnGame *tags, const Move *moves,
                    int count, const char *result, char *err, int errlen) {
  if (strlen(rules->name) >= sizeof a->games[0].rules) return error(err, errlen, "rules name too long");
  if (a->count == a->cap) {
    int cap = a->cap ? 2 * a->cap : 16;
    NtArchiveGame *games = realloc(a->games, cap * sizeof *games);
    if (!games) return error(err, errlen, "out of memory");
    a->games = games, a->cap = cap;
  }
  NtArchiveGame *g = &a->games[a->count];
  memset(g, 0, sizeof *g);
  snprintf(g->rules, sizeof g->rules, "%s", rules->name);
  /* No result is "*", as the PGN writer says it: a game exported and imported again is the same. */
  snprintf(g->result, sizeof g->result, "%s", result && *result ? result : "*");
  g->moves = malloc((count ? count : 1) * sizeof *g->moves);
  g->fen = is_startpos(fen) ? NULL : strdup(fen);
  bool ok = g->moves && (is_startpos(fen) || g->fen);
  for (int i = 0; ok && tags && i < tags->tag_count; i++)
    ok = nt_pgn_set_tag(&g->tags, tags->tags[i].name, tags->tags[i].value);
  /* One result per game: PGN writes the Result tag from it, so a tag that said otherwise would
   * not read back the same. */
  if (ok && nt_pgn_tag(&g->tags, "Result")) ok = nt_pgn_set_tag(&g->tags, "Result", g->result);
  if (!ok) {
    free(g->moves);
    free(g->fen);
    nt_pgn_game_free(&g->tags);
    return error(err, errlen, "out of memory");
  }
  if (count) memcpy(g->moves, moves, count * sizeof *moves);
  g->ply_count = count;
  a->count++;
  return true;
}

void nt_archive_free(NtArchive *a) {
  for (int i = 0; i < a->count; i++) {
    free(a->games[i].fen);
    free(a->games[i].moves);
    nt_pgn_game_free(&a->games[i].tags);
  }
  free(a->games);
  memset(a, 0, sizeof *a);
}

typedef struct Bytes {
  uint8_t *s;
  size_t len, cap;
  bool failed;
} Bytes;

static void put_bytes(Bytes *b, const void *data, size_t n) {
  if (b->failed || !n) return;
  if (b->len + n > b->cap) {
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + n) cap *= 2;
    uint8_t *s = realloc(b->s, cap);
    if (!s) {
      b->failed = true;
      return;
    }
    b->s = s, b->cap = cap;
  }
  memcpy(b->s + b->len, data, n);
  b->len += n;
}

static void put_varint(Bytes *b, uint64_t v) {
  uint8_t buf[10];
  int n = 0;
  do {
    buf[n++] = (uint8_t)((v & 0x7F) | (v > 0x7F ? 0x80 : 0));
    v >>= 7;
  } while (v);
  put_bytes(b, buf, n);
}

static void put_string(Bytes *b, const char *s) {
  size_t n = s ? strlen(s) : 0;
  put_varint(b, n);
  put_bytes(b, s, n);
}

uint8_t *nt_archive_save(const NtArchive *a, NtRulesLookup lookup, void *context, size_t *len, char *err, int errlen) {
  Bytes raw = {0};
  put_varint(&raw, (uint64_t)a->count);
  uint8_t *code = NULL;
  size_t code_cap = 0;
  bool ok = true;
  for (int i = 0; ok && i < a->count; i++) {
    const NtArchiveGame *g = &a->games[i];
    const Rules *r = lookup(g->rules, context);
    Position p = {0};
    char fen_err[RULES_ERR_LEN];
    if (!r || !pos_set_fen(&p, r, g->fen ? g->fen : "startpos", fen_err, sizeof fen_err)) {
      ok = error(err, errlen, "game %d: rules '%s' or its position unknown", i + 1, g->rules);
      pos_free(&p);
      break;
    }
    size_t need = (size_t)g->ply_count * 2 + 16;
    if (need > code_cap) {
      uint8_t *c = realloc(code, need);
      if (!c) {
        ok = error(err, errlen, "out of memory");
        pos_free(&p);
        break;
      }
      code = c, code_cap = need;
    }
    size_t n = nt_index_encode(&p, g->moves, g->ply_count, code, code_cap);
    pos_free(&p);
    if (!n && g->ply_count) {
      ok = error(err, errlen, "game %d: a move is not legal", i + 1);
      break;
    }
    put_string(&raw, g->rules);
    put_string(&raw, g->fen);
    put_string(&raw, g->result);
    put_varint(&raw, (uint64_t)g->tags.tag_count);
    for (int t = 0; t < g->tags.tag_count; t++) {
      put_string(&raw, g->tags.tags[t].name);
      put_string(&raw, g->tags.tags[t].value);
    }
    put_varint(&raw, (uint64_t)g->ply_count);
    put_varint(&raw, n);
    put_bytes(&raw, code, n);
  }
  free(code);
  if (raw.failed) ok = error(err, errlen, "out of memory");
  uint8_t *out = NULL;
  if (ok) {
    uLongf bound = compressBound(raw.len);
    out = malloc(bound + 16);
    if (!out) {
      ok = error(err, errlen, "out of memory");
    } else {
      memcpy(out, "HRDA\1", 5);
      Bytes head = {0};
      put_varint(&head, raw.len);
      memcpy(out + 5, head.s, head.len);
      size_t at = 5 + head.len;
      free(head.s);
      uLongf zlen = bound;
      if (compress2(out + at, &zlen, raw.s ? raw.s : (const Bytef *)"", raw.len, 9) != Z_OK) {
        ok = error(err, errlen, "zlib failed");
        free(out);
        out = NULL;
      } else {
        *len = at + zlen;
      }
    }
  }
  free(raw.s);
  return ok ? out : NULL;
}

typedef struct Reader {
  const uint8_t *s;
  size_t len, pos;
  bool bad;
} Reader;

static uint64_t get_varint(Reader *r) {
  uint64_t v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (r->pos >= r->len) break;
    uint8_t b = r->s[r->pos++];
    v |= (uint64_t)(b & 0x7F) << shift;
    if (!(b & 0x80)) return v;
  }
  r->bad = true;
  return 0;
}

/* A string of at most max-1 bytes, with no NUL inside, into a malloc'd copy. */
static char *get_string(Reader *r, size_t max) {
  uint64_t n = get_varint(r);
  if (r->bad || n >= max || n > r->len - r->pos) {
    r->bad = true;
    return NULL;
  }
  if (memchr(r->s + r->pos, 0, n)) {
    r->bad = true;
    return NULL;
  }
  char *s = malloc(n + 1);
  if (!s) {
    r->bad = true;
    return NULL;
  }
  memcpy(s, r->s + r->pos, n);
  s[n] = 0;
  r->pos += n;
  return s;
}

static bool load_game(NtArchive *a, Reader *rd, int index, NtRulesLookup lookup, void *context, char *err, int errlen) {
  char *name = get_string(rd, 32), *fen = get_string(rd, 2048), *result = get_string(rd, 8);
  NtPgnGame tags = {0};
  Move *moves = NULL;
  Position p = {0};
  bool ok = !rd->bad;
  uint64_t tag_count = ok ? get_varint(rd) : 0;
  if (tag_count > 256) rd->bad = true;
  for (uint64_t t = 0; !rd->bad && t < tag_count; t++) {
    char *tn = get_string(rd, 256), *tv = get_string(rd, 1024);
    if (!rd->bad && !nt_pgn_set_tag(&tags, tn, tv)) rd->bad = true;
    free(tn);
    free(tv);
  }
  uint64_t plies = rd->bad ? 0 : get_varint(rd);
  uint64_t code_len = rd->bad ? 0 : get_varint(rd);
  if (rd->bad || plies > 1000000 || code_len > rd->len - rd->pos) {
    ok = error(err, errlen, "game %d: malformed record", index + 1);
  } else {
    const Rules *r = lookup(name, context);
    char fen_err[RULES_ERR_LEN];
    if (!r) {
      ok = error(err, errlen, "game %d: unknown rules '%s'", index + 1, name);
    } else if (!pos_set_fen(&p, r, *fen ? fen : "startpos", fen_err, sizeof fen_err)) {
      ok = error(err, errlen, "game %d: bad FEN: %s", index + 1, fen_err);
    } else if (!(moves = malloc((plies ? plies : 1) * sizeof *moves))) {
      ok = error(err, errlen, "out of memory");
    } else if (nt_index_decode(&p, rd->s + rd->pos, code_len, (int)plies, moves) != (int)plies) {
      ok = error(err, errlen, "game %d: the move code is not a legal game", index + 1);
    } else {
      rd->pos += code_len;
      ok = nt_archive_add(a, r, *fen ? fen : NULL, &tags, moves, (int)plies, result, err, errlen);
    }
  }
  pos_free(&p);
  free(moves);
  nt_pgn_game_free(&tags);
  free(name);
  free(fen);
  free(result);
  return ok;
}

bool nt_archive_load(NtArchive *a, const uint8_t *data, size_t len, size_t max_raw, NtRulesLookup lookup, void *context,
                     char *err, int errlen) {
  memset(a, 0, sizeof *a);
  if (len < 6 || memcmp(data, "HRDA\1", 5)) return error(err, errlen, "not a Herald archive");
  Reader head = {data, len, 5, false};
  uint64_t raw_len = get_varint(&head);
  if (head.bad || raw_len > max_raw) return error(err, errlen, "archive size out of bounds");
  uint8_t *raw = malloc(raw_len ? raw_len : 1);
  if (!raw) return error(err, errlen, "out of memory");
  uLongf got = raw_len;
  int z = uncompress(raw, &got, data + head.pos, len - head.pos);
  if (z != Z_OK || got != raw_len) {
    free(raw);
    return error(err, errlen, "archive data corrupt (zlib %d)", z);
  }
  Reader rd = {raw, raw_len, 0, false};
  uint64_t count = get_varint(&rd);
  bool ok = !rd.bad && count <= raw_len;
  if (!ok) error(err, errlen, "malformed archive header");
  for (uint64_t i = 0; ok && i < count; i++) ok = load_game(a, &rd, (int)i, lookup, context, err, errlen);
  if (ok && rd.pos != rd.len) ok = error(err, errlen, "trailing bytes in archive");
  free(raw);
  if (!ok) nt_archive_free(a);
  return ok;
}

/* The game's result: its movetext's, else its Result tag's when that is a result, else "*". */
static const char *game_result(const NtPgnGame *g) {
  static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};
  const char *tag = nt_pgn_tag(g, "Result");
  if (g->result[0] || !tag) return g->result;
  for (int i = 0; i < 4; i++)
    if (!strcmp(tag, results[i])) return results[i];
  return "*";
}

/* One game of nt_archive_import: false with why when it is left out. */
static bool import_game(NtArchive *a, const NtPgnGame *g, NtRulesLookup lookup, void *context, char *why, int whylen) {
  const char *variant = nt_pgn_tag(g, "Variant"), *fen_tag = nt_pgn_tag(g, "FEN");
  const Rules *r = lookup(variant ? variant : "chess", context);
  if (!r) return error(why, whylen, "unknown variant %.100s", variant ? variant : "chess");
  Position p = {0};
  Move *moves = NULL;
  bool ok = pos_set_fen(&p, r, fen_tag ? fen_tag : "startpos", why, whylen);
  if (ok && !(moves = malloc((g->move_count + 1) * sizeof *moves))) ok = error(why, whylen, "out of memory");
  if (ok) {
    char fen[1024];
    pos_get_fen(&p, fen, sizeof fen); /* the FEN tag as Herald writes it */
    int bad_ply;
    NtResult res;
    int n = nt_pgn_play(g, &p, moves, g->move_count, &bad_ply, &res);
    for (int i = 0; i < n; i++) pos_unmake(&p);
    if (bad_ply >= 0)
      ok = error(why, whylen, "ply %d: %s", bad_ply + 1, res.message);
    else
      ok = nt_archive_add(a, r, fen_tag ? fen : NULL, g, moves, n, game_result(g), why, whylen);
  }
  free(moves);
  pos_free(&p);
  return ok;
}

int nt_archive_import(NtArchive *a, const char *text, size_t len, NtRulesLookup lookup, void *context,
                      NtImportSkipped skipped, void *skipped_context) {
  size_t offset = 0;
  int line = 1, number = 0, added = 0;
  char why[NT_MESSAGE_LEN + 64];
  for (;;) {
    NtPgnGame g;
    size_t before = offset;
    int got = nt_pgn_next(text, len, &offset, &line, &g, why, sizeof why);
    if (got == 0) {
      nt_pgn_game_free(&g);
      break;
    }
    number++;
    if (got > 0 && import_game(a, &g, lookup, context, why, sizeof why))
      added++;
    else if (skipped)
      skipped(number, why, skipped_context);
    nt_pgn_game_free(&g);
    if (got < 0 && (offset >= len || offset == before)) break;
  }
  return added;
}

char *nt_archive_export(const NtArchive *a, NtRulesLookup lookup, void *context, char *err, int errlen) {
  Bytes out = {0};
  error(err, errlen, "out of memory"); /* unless a game says otherwise */
  for (int i = 0; i < a->count && !out.failed; i++) {
    const NtArchiveGame *g = &a->games[i];
    const Rules *r = lookup(g->rules, context);
    Position p = {0};
    char *text = NULL;
    if (!r)
      error(err, errlen, "game %d: unknown rules %s", i + 1, g->rules);
    else if (pos_set_fen(&p, r, g->fen ? g->fen : "startpos", err, errlen))
      text = nt_pgn_write(&g->tags, &p, g->moves, g->ply_count, g->result);
    pos_free(&p);
    if (!text) out.failed = true;
    if (text) put_bytes(&out, text, strlen(text));
    put_bytes(&out, "\n", 1);
    free(text);
  }
  put_bytes(&out, "", 1);
  if (out.failed) {
    free(out.s);
    return NULL;
  }
  return (char *)out.s;
}
