/* NNUE nets: the features a position gives, the rules hash, and the net's file (nnue.h). */
#include "eval/nnue.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "bridge/builtin_files.h"
#include "eval/gz_bytes.h"

static const char MAGIC[8] = {'H', 'E', 'R', 'A', 'L', 'D', 'N', 'N'};

static void say(char *err, int errlen, const char *fmt, ...) {
  if (!err || errlen <= 0) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, (size_t)errlen, fmt, ap);
  va_end(ap);
}

/* ---- features ---------------------------------------------------------------------------- */

static uint32_t fnv(uint32_t h, const void *data, size_t n) {
  const unsigned char *b = data;
  for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 16777619u;
  return h;
}
static uint32_t fnv_int(uint32_t h, int v) {
  unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16), (unsigned char)(v >> 24)};
  return fnv(h, b, 4);
}

uint32_t nn_rules_hash(const Rules *r) {
  uint32_t h = 2166136261u;
  h = fnv_int(h, r->geo.width);
  h = fnv_int(h, r->geo.height);
  for (int sq = 0; sq < r->geo.squares; sq++) h = fnv_int(h, r->geo.hole[sq]);
  h = fnv_int(h, r->type_count);
  h = fnv_int(h, r->drops);
  for (int t = 0; t < r->type_count; t++) {
    const PieceType *pt = &r->types[t];
    h = fnv_int(h, pt->letter);
    h = fnv_int(h, pt->promoted_form);
    h = fnv_int(h, pt->royal);
    h = fnv(h, pt->betza, strnlen(pt->betza, sizeof pt->betza));
  }
  return fnv(h, r->start_fen, strnlen(r->start_fen, sizeof r->start_fen));
}

int nn_hand_slots(const Rules *r) { return r->drops ? NN_HAND_SLOTS : 0; }

int nn_feature_count(const Rules *r) { return 2 * r->type_count * (r->geo.squares + nn_hand_slots(r)); }

int nn_active_features(const Position *p, int perspective, uint16_t *out) {
  const Rules *r = p->rules;
  int n = 0;
  for (int sq = 0; sq < r->geo.squares; sq++) {
    int code = p->board[sq];
    if (code != SQ_EMPTY && code != SQ_HOLE) out[n++] = (uint16_t)nn_board_feature(r, perspective, code, sq);
  }
  int slots = nn_hand_slots(r);
  for (int pc = 0; pc < 2 && slots; pc++)
    for (int t = 0; t < r->type_count; t++)
      for (int k = 1; k <= p->hand[pc][t] && k <= slots; k++)
        out[n++] = (uint16_t)nn_hand_feature(r, perspective, pc, t, k);
  return n;
}

/* ---- the net ----------------------------------------------------------------------------- */

static atomic_uint_fast64_t next_serial = 1;

/* Zeroed memory for n weights (the kernels load them unaligned: no alignment is needed). */
static int16_t *weights(size_t n) { return calloc(n ? n : 1, sizeof(int16_t)); }

NnueNet *nn_create(const Rules *r, int hidden) {
  if (hidden < 16 || hidden > NN_MAX_HIDDEN || hidden % 16 || nn_feature_count(r) > 65535) return NULL;
  NnueNet *net = calloc(1, sizeof *net);
  if (!net) return NULL;
  snprintf(net->game, sizeof net->game, "%s", r->name);
  net->rules_hash = nn_rules_hash(r);
  net->width = r->geo.width;
  net->height = r->geo.height;
  net->squares = r->geo.squares;
  net->type_count = r->type_count;
  net->hand_slots = nn_hand_slots(r);
  net->features = nn_feature_count(r);
  net->hidden = hidden;
  for (int t = 0; t < r->type_count; t++) {
    net->pieces[t][0] = (unsigned char)r->types[t].letter;
    net->pieces[t][1] = r->types[t].promoted_form;
  }
  net->serial = atomic_fetch_add(&next_serial, 1);
  net->ft_weights = weights((size_t)net->features * (size_t)hidden);
  net->ft_bias = weights((size_t)hidden);
  net->out_weights = weights(2 * (size_t)hidden);
  if (!net->ft_weights || !net->ft_bias || !net->out_weights) {
    nn_free(net);
    return NULL;
  }
  return net;
}

void nn_free(NnueNet *net) {
  if (!net) return;
  free(net->ft_weights);
  free(net->ft_bias);
  free(net->out_weights);
  free(net);
}

/* ---- the file ---------------------------------------------------------------------------- */

typedef struct Reader {
  const unsigned char *at, *end;
} Reader;

static bool take(Reader *in, void *out, size_t n) {
  if ((size_t)(in->end - in->at) < n) return false;
  memcpy(out, in->at, n);
  in->at += n;
  return true;
}
static bool take_u16(Reader *in, int *out) {
  unsigned char b[2];
  if (!take(in, b, 2)) return false;
  *out = b[0] | b[1] << 8;
  return true;
}
static bool take_u32(Reader *in, uint32_t *out) {
  unsigned char b[4];
  if (!take(in, b, 4)) return false;
  *out = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
  return true;
}
static bool take_i16s(Reader *in, int16_t *out, size_t n) {
  if ((size_t)(in->end - in->at) / 2 < n) return false;
  for (size_t i = 0; i < n; i++, in->at += 2) out[i] = (int16_t)(in->at[0] | in->at[1] << 8);
  return true;
}

NnueNet *nn_parse(const Rules *r, const void *bytes, size_t len, const char *file, char *err, int errlen) {
  Reader in = {bytes, (const unsigned char *)bytes + len};
  char magic[8], game[33] = {0};
  uint32_t version = 0, hash, features, hidden, qa, qb, scale, flags;
  int width, height, types, slots;
  if (!take(&in, magic, 8) || memcmp(magic, MAGIC, 8)) {
    say(err, errlen, "%s: not a Herald net (no HERALDNN at its start)", file);
    return NULL;
  }
  if (!take_u32(&in, &version) || version != NN_VERSION) {
    say(err, errlen, "%s: a net of format version %u; this Herald reads version %d", file, version, NN_VERSION);
    return NULL;
  }
  if (!take(&in, game, 32) || !take_u32(&in, &hash) || !take_u16(&in, &width) || !take_u16(&in, &height) ||
      !take_u16(&in, &types) || !take_u16(&in, &slots) || !take_u32(&in, &features) || !take_u32(&in, &hidden) ||
      !take_u32(&in, &qa) || !take_u32(&in, &qb) || !take_u32(&in, &scale) || !take_u32(&in, &flags)) {
    say(err, errlen, "%s: the header is cut short", file);
    return NULL;
  }
  if (strcmp(game, r->name)) {
    say(err, errlen, "%s: a net for %s, not for %s", file, game, r->name);
    return NULL;
  }
  if (width != r->geo.width || height != r->geo.height || types != r->type_count || slots != nn_hand_slots(r) ||
      (int)features != nn_feature_count(r)) {
    say(err, errlen, "%s: a net for a %dx%d board with %d piece types; %s has %dx%d and %d", file, width, height, types,
        r->name, r->geo.width, r->geo.height, r->type_count);
    return NULL;
  }
  for (int t = 0; t < types; t++) {
    unsigned char piece[2];
    if (!take(&in, piece, 2)) {
      say(err, errlen, "%s: the piece list is cut short", file);
      return NULL;
    }
    if (piece[0] != (unsigned char)r->types[t].letter || piece[1] != r->types[t].promoted_form) {
      say(err, errlen, "%s: piece type %d is %s%c in the net, %s%c in %s", file, t + 1, piece[1] ? "+" : "", piece[0],
          r->types[t].promoted_form ? "+" : "", r->types[t].letter, r->name);
      return NULL;
    }
  }
  if (hash != nn_rules_hash(r)) {
    say(err, errlen, "%s: a net for other rules of %s (rules hash %08x, these are %08x): train it again", file, r->name,
        hash, nn_rules_hash(r));
    return NULL;
  }
  if (qa != NN_QA || qb != NN_QB || scale != NN_SCALE) {
    say(err, errlen, "%s: quantised as %u/%u/%u; Herald reads %d/%d/%d", file, qa, qb, scale, NN_QA, NN_QB, NN_SCALE);
    return NULL;
  }
  if (flags > 1) {
    say(err, errlen, "%s: flags %u: this Herald knows only 1 (the net adds to the classical evaluation)", file, flags);
    return NULL;
  }
  NnueNet *net = hidden <= NN_MAX_HIDDEN ? nn_create(r, (int)hidden) : NULL;
  if (!net) {
    say(err, errlen, "%s: %u hidden units: a multiple of 16 from 16 to %d is needed", file, hidden, NN_MAX_HIDDEN);
    return NULL;
  }
  size_t h = (size_t)hidden;
  uint32_t bias = 0;
  if (!take_i16s(&in, net->ft_bias, h) || !take_i16s(&in, net->ft_weights, (size_t)features * h) ||
      !take_i16s(&in, net->out_weights, 2 * h) || !take_u32(&in, &bias)) {
    say(err, errlen, "%s: the weights are cut short", file);
    nn_free(net);
    return NULL;
  }
  net->out_bias = (int32_t)bias;
  net->adds_classical = flags & 1;
  if (in.at != in.end) {
    say(err, errlen, "%s: %zu bytes after the weights", file, (size_t)(in.end - in.at));
    nn_free(net);
    return NULL;
  }
  return net;
}

NnueNet *nn_read(const Rules *r, const char *path, char *err, int errlen) {
  char *bytes = NULL;
  size_t len = 0;
  if (!gz_read_file(path, NN_MAX_FILE_BYTES, "a net", &bytes, &len, err, errlen)) return NULL;
  NnueNet *net = nn_parse(r, bytes, len, path, err, errlen);
  free(bytes);
  return net;
}

bool nn_bytes_game(const void *bytes, size_t len, char *game, int gamelen) {
  Reader in = {bytes, (const unsigned char *)bytes + len};
  char magic[8], name[33] = {0};
  uint32_t version = 0;
  if (!take(&in, magic, 8) || memcmp(magic, MAGIC, 8) || !take_u32(&in, &version) || version != NN_VERSION ||
      !take(&in, name, 32))
    return false;
  snprintf(game, (size_t)gamelen, "%s", name);
  return true;
}

bool nn_file_game(const char *path, char *game, int gamelen, char *err, int errlen) {
  char *bytes = NULL;
  size_t len = 0;
  if (!gz_read_file(path, NN_MAX_FILE_BYTES, "a net", &bytes, &len, err, errlen)) return false;
  bool ok = nn_bytes_game(bytes, len, game, gamelen);
  free(bytes);
  if (!ok) say(err, errlen, "%s: not a Herald net of format version %d", path, NN_VERSION);
  return ok;
}

NnueNet *nn_builtin(const Rules *r, bool *found, char *err, int errlen) {
  char name[128];
  snprintf(name, sizeof name, "nets/%s.nnue.gz", r->name);
  *found = false;
  for (int i = 0; builtin_files[i].name; i++) {
    if (strcmp(builtin_files[i].name, name)) continue;
    *found = true;
    char *bytes = NULL;
    size_t len = 0;
    if (!gz_inflate_bytes(builtin_files[i].text, (size_t)builtin_files[i].size, NN_MAX_FILE_BYTES, &bytes, &len)) {
      say(err, errlen, "%s: not a gzip file of at most %d bytes", name, NN_MAX_FILE_BYTES);
      return NULL;
    }
    NnueNet *net = nn_parse(r, bytes, len, name, err, errlen);
    free(bytes);
    return net;
  }
  return NULL;
}

/* The file's bytes, little-endian, appended to a growing buffer. */
typedef struct Writer {
  unsigned char *bytes;
  size_t used;
} Writer;

static void put(Writer *w, const void *data, size_t n) {
  memcpy(w->bytes + w->used, data, n);
  w->used += n;
}
static void put_u16(Writer *w, unsigned v) {
  unsigned char b[2] = {(unsigned char)v, (unsigned char)(v >> 8)};
  put(w, b, 2);
}
static void put_u32(Writer *w, uint32_t v) {
  unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16), (unsigned char)(v >> 24)};
  put(w, b, 4);
}
static void put_i16s(Writer *w, const int16_t *v, size_t n) {
  for (size_t i = 0; i < n; i++) put_u16(w, (uint16_t)v[i]);
}

unsigned char *nn_format(const NnueNet *net, size_t *len) {
  size_t h = (size_t)net->hidden;
  size_t size =
      8 + 4 + 32 + 4 + 4 * 2 + 6 * 4 + 2 * (size_t)net->type_count + 2 * (h + (size_t)net->features * h + 2 * h + 2);
  Writer w = {malloc(size), 0};
  if (!w.bytes) return NULL;
  char game[32] = {0};
  memcpy(game, net->game, strnlen(net->game, sizeof game - 1));
  put(&w, MAGIC, 8);
  put_u32(&w, NN_VERSION);
  put(&w, game, 32);
  put_u32(&w, net->rules_hash);
  put_u16(&w, (unsigned)net->width);
  put_u16(&w, (unsigned)net->height);
  put_u16(&w, (unsigned)net->type_count);
  put_u16(&w, (unsigned)net->hand_slots);
  put_u32(&w, (uint32_t)net->features);
  put_u32(&w, (uint32_t)net->hidden);
  put_u32(&w, NN_QA);
  put_u32(&w, NN_QB);
  put_u32(&w, NN_SCALE);
  put_u32(&w, net->adds_classical ? 1 : 0);
  for (int t = 0; t < net->type_count; t++) put(&w, net->pieces[t], 2);
  put_i16s(&w, net->ft_bias, h);
  put_i16s(&w, net->ft_weights, (size_t)net->features * h);
  put_i16s(&w, net->out_weights, 2 * h);
  put_u32(&w, (uint32_t)net->out_bias);
  *len = w.used;
  return w.bytes;
}

bool nn_write(const NnueNet *net, const char *path, char *err, int errlen) {
  size_t len = 0;
  unsigned char *bytes = nn_format(net, &len);
  gzFile out = bytes ? gzopen(path, "wb9") : NULL;
  if (!out) {
    say(err, errlen, "%s: %s", path, bytes ? "cannot write" : "out of memory");
    free(bytes);
    return false;
  }
  bool ok = gzwrite(out, bytes, (unsigned)len) == (int)len;
  if (gzclose(out) != Z_OK) ok = false;
  if (!ok) say(err, errlen, "%s: could not write the whole net", path);
  free(bytes);
  return ok;
}
