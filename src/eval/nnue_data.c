/* Training positions for a net, gathered and written (nnue_data.h). */
#include "eval/nnue_data.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "eval/nnue.h"

struct NnData {
  const Rules *rules;
  uint16_t *features; /* each record's count, then its features */
  size_t used, cap;
  const EvalTables *tables; /* the classical evaluation each record carries */
  uint8_t *head;            /* per record: side, result, score, classical (HEAD bytes) */
  size_t count, head_cap;
  int most; /* most features of a record */
};

enum { HEAD = 6 };

NnData *nn_data_new(const Rules *r, const EvalTables *tables) {
  if (nn_feature_count(r) > 65535) return NULL;
  NnData *d = calloc(1, sizeof *d);
  if (!d) return NULL;
  d->rules = r;
  d->tables = tables;
  return d;
}

static int clamp_score(double v) {
  return v > NN_DATA_SCORE_LIMIT    ? NN_DATA_SCORE_LIMIT
         : v < -NN_DATA_SCORE_LIMIT ? -NN_DATA_SCORE_LIMIT
                                    : (int)lrint(v);
}
static void put_i16_at(uint8_t *at, int v) {
  at[0] = (uint8_t)((unsigned)v & 0xFF);
  at[1] = (uint8_t)(((unsigned)v >> 8) & 0xFF);
}

void nn_data_free(NnData *d) {
  if (!d) return;
  free(d->features);
  free(d->head);
  free(d);
}

size_t nn_data_count(const NnData *d) { return d->count; }

static bool grow(void **buffer, size_t *cap, size_t need, size_t unit) {
  if (need <= *cap) return true;
  size_t next = *cap ? *cap : 4096;
  while (next < need) next *= 2;
  void *p = realloc(*buffer, next * unit);
  if (!p) return false;
  *buffer = p;
  *cap = next;
  return true;
}

bool nn_data_add(NnData *d, const Position *p, double white_result, float white_score) {
  int most = nn_max_active(d->rules);
  if (!grow((void **)&d->features, &d->cap, d->used + 1 + (size_t)most, sizeof *d->features) ||
      !grow((void **)&d->head, &d->head_cap, HEAD * (d->count + 1), 1))
    return false;
  int n = nn_active_features(p, WHITE, d->features + d->used + 1);
  d->features[d->used] = (uint16_t)n;
  d->used += 1 + (size_t)n;
  if (n > d->most) d->most = n;
  int classical = ev_classic(d->tables, p);
  uint8_t *h = d->head + HEAD * d->count++;
  h[0] = (uint8_t)p->side;
  h[1] = white_result > 0.75 ? 2 : white_result < 0.25 ? 0 : 1;
  put_i16_at(h + 2, isnan(white_score) ? NN_DATA_NO_SCORE : clamp_score(white_score));
  put_i16_at(h + 4, clamp_score(p->side == WHITE ? classical : -classical));
  return true;
}

static bool put(gzFile out, const void *data, size_t n) { return n == 0 || gzwrite(out, data, (unsigned)n) == (int)n; }
static bool put_u16(gzFile out, unsigned v) {
  unsigned char b[2] = {(unsigned char)v, (unsigned char)(v >> 8)};
  return put(out, b, 2);
}
static bool put_u32(gzFile out, uint32_t v) {
  unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16), (unsigned char)(v >> 24)};
  return put(out, b, 4);
}

/* For each feature of White's perspective, the one Black's perspective sees for the same piece. */
static void flip_table(const Rules *r, uint16_t *flip) {
  for (int c = 0; c < 2; c++)
    for (int t = 0; t < r->type_count; t++) {
      for (int sq = 0; sq < r->geo.squares; sq++) {
        int code = piece_code(c, t);
        flip[nn_board_feature(r, WHITE, code, sq)] = (uint16_t)nn_board_feature(r, BLACK, code, sq);
      }
      for (int k = 1; k <= nn_hand_slots(r); k++)
        flip[nn_hand_feature(r, WHITE, c, t, k)] = (uint16_t)nn_hand_feature(r, BLACK, c, t, k);
    }
}

bool nn_data_write(const NnData *d, const char *path, char *err, int errlen) {
  const Rules *r = d->rules;
  int features = nn_feature_count(r);
  uint16_t *flip = malloc(sizeof *flip * (size_t)features);
  uint8_t *record = malloc(HEAD + 2 * (size_t)(d->most ? d->most : 1));
  gzFile out = flip && record ? gzopen(path, "wb1") : NULL;
  if (!out) {
    snprintf(err, (size_t)errlen, "%s: %s", path, flip && record ? "cannot write" : "out of memory");
    free(flip);
    free(record);
    return false;
  }
  flip_table(r, flip);
  char game[32] = {0};
  memcpy(game, r->name, strnlen(r->name, sizeof game - 1));
  bool ok = put(out, "HERALDND", 8) && put_u32(out, NN_DATA_VERSION) && put(out, game, 32) &&
            put_u32(out, nn_rules_hash(r)) && put_u16(out, (unsigned)r->geo.width) &&
            put_u16(out, (unsigned)r->geo.height) && put_u16(out, (unsigned)r->type_count) &&
            put_u16(out, (unsigned)nn_hand_slots(r)) && put_u32(out, (uint32_t)features) &&
            put_u32(out, (uint32_t)d->most) && put_u32(out, (uint32_t)d->count);
  for (int t = 0; t < r->type_count && ok; t++) {
    unsigned char piece[2] = {(unsigned char)r->types[t].letter, r->types[t].promoted_form};
    ok = put(out, piece, 2);
  }
  for (int f = 0; f < features && ok; f++) ok = put_u16(out, flip[f]);
  size_t at = 0;
  for (size_t i = 0; i < d->count && ok; i++) {
    memcpy(record, d->head + HEAD * i, HEAD);
    int n = d->features[at];
    for (int k = 0; k < d->most; k++) {
      unsigned f = k < n ? d->features[at + 1 + k] : 0xFFFF;
      record[HEAD + 2 * k] = (uint8_t)f;
      record[HEAD + 1 + 2 * k] = (uint8_t)(f >> 8);
    }
    at += 1 + (size_t)n;
    ok = put(out, record, HEAD + 2 * (size_t)d->most);
  }
  if (gzclose(out) != Z_OK) ok = false;
  if (!ok) snprintf(err, (size_t)errlen, "%s: could not write every position", path);
  free(flip);
  free(record);
  return ok;
}
