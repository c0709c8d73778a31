/* Width-specialised bitboards for the hot code.  Include once per translation unit after
 * defining BBW (1, 2 or 4 words).  BB is passed by value; with BBW == 1 it is a plain 64-bit
 * register, so boards of 64 squares or fewer never pay for the large ones. */
#include <stdbool.h>
#include <stdint.h>

#ifndef BBW
#error "define BBW (1, 2 or 4) before including bb_tmpl.h"
#endif

#define BB_CAT2(a, b) a##_w##b
#define BB_CAT(a, b) BB_CAT2(a, b)
/* Names of functions exported by a width instance: W(perft) is perft_w1, perft_w2, ... */
#define W(name) BB_CAT(name, BBW)

typedef struct {
  uint64_t w[BBW];
} BB;

static inline BB bb_load(const uint64_t *words) {
  BB b;
  for (int i = 0; i < BBW; i++) b.w[i] = words[i];
  return b;
}
static inline BB bb_zero(void) {
  BB b;
  for (int i = 0; i < BBW; i++) b.w[i] = 0;
  return b;
}
static inline BB bb_square(int sq) {
  BB b = bb_zero();
  b.w[sq >> 6] = 1ULL << (sq & 63);
  return b;
}
static inline BB bb_and(BB a, BB b) {
  for (int i = 0; i < BBW; i++) a.w[i] &= b.w[i];
  return a;
}
static inline BB bb_or(BB a, BB b) {
  for (int i = 0; i < BBW; i++) a.w[i] |= b.w[i];
  return a;
}
static inline BB bb_xor(BB a, BB b) {
  for (int i = 0; i < BBW; i++) a.w[i] ^= b.w[i];
  return a;
}
static inline BB bb_andnot(BB a, BB b) {
  for (int i = 0; i < BBW; i++) a.w[i] &= ~b.w[i];
  return a;
}
static inline BB bb_not(BB a) {
  for (int i = 0; i < BBW; i++) a.w[i] = ~a.w[i];
  return a;
}
static inline bool bb_any(BB a) {
  uint64_t x = 0;
  for (int i = 0; i < BBW; i++) x |= a.w[i];
  return x != 0;
}
static inline bool bb_test(BB a, int sq) { return (a.w[sq >> 6] >> (sq & 63)) & 1; }
static inline bool bb_more_than_one(BB a) {
  int n = 0;
  for (int i = 0; i < BBW; i++) {
    if (a.w[i] & (a.w[i] - 1)) return true;
    n += a.w[i] != 0;
  }
  return n > 1;
}
static inline int bb_count(BB a) {
  int n = 0;
  for (int i = 0; i < BBW; i++) n += __builtin_popcountll(a.w[i]);
  return n;
}
/* Lowest square; a must not be empty. */
static inline int bb_lsb(BB a) {
  for (int i = 0; i < BBW - 1; i++)
    if (a.w[i]) return i * 64 + __builtin_ctzll(a.w[i]);
  return (BBW - 1) * 64 + __builtin_ctzll(a.w[BBW - 1]);
}
/* Highest square; a must not be empty. */
static inline int bb_msb(BB a) {
  for (int i = BBW - 1; i > 0; i--)
    if (a.w[i]) return i * 64 + 63 - __builtin_clzll(a.w[i]);
  return 63 - __builtin_clzll(a.w[0]);
}
static inline int bb_pop(BB *a) {
  for (int i = 0; i < BBW - 1; i++)
    if (a->w[i]) {
      int sq = i * 64 + __builtin_ctzll(a->w[i]);
      a->w[i] &= a->w[i] - 1;
      return sq;
    }
  int sq = (BBW - 1) * 64 + __builtin_ctzll(a->w[BBW - 1]);
  a->w[BBW - 1] &= a->w[BBW - 1] - 1;
  return sq;
}
