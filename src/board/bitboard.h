/* Bitboard storage shared by every board width.  A Bits value always holds 4 words (256
 * squares); the hot code in rules/movegen_tmpl.h reads only the words its width needs, so a
 * 64-square board touches one word.  These helpers serve set-up code, not the hot loops. */
#ifndef HERALD_BOARD_BITBOARD_H
#define HERALD_BOARD_BITBOARD_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { BITS_WORDS = 4 };

typedef struct Bits {
  uint64_t w[BITS_WORDS];
} Bits;

static inline void bits_set(Bits *b, int sq) { b->w[sq >> 6] |= 1ULL << (sq & 63); }
static inline void bits_clear(Bits *b, int sq) { b->w[sq >> 6] &= ~(1ULL << (sq & 63)); }
static inline void bits_toggle(uint64_t *words, int sq) { words[sq >> 6] ^= 1ULL << (sq & 63); }
static inline bool bits_test(const Bits *b, int sq) { return (b->w[sq >> 6] >> (sq & 63)) & 1; }
static inline bool bits_any(const Bits *b) { return (b->w[0] | b->w[1] | b->w[2] | b->w[3]) != 0; }
/* Do a and b share a square? */
static inline bool bits_meet(const Bits *a, const Bits *b) {
  return ((a->w[0] & b->w[0]) | (a->w[1] & b->w[1]) | (a->w[2] & b->w[2]) | (a->w[3] & b->w[3])) != 0;
}
static inline int bits_count(const Bits *b) {
  return __builtin_popcountll(b->w[0]) + __builtin_popcountll(b->w[1]) + __builtin_popcountll(b->w[2]) +
         __builtin_popcountll(b->w[3]);
}
static inline Bits bits_and(Bits a, Bits b) {
  for (int i = 0; i < BITS_WORDS; i++) a.w[i] &= b.w[i];
  return a;
}
static inline Bits bits_or(Bits a, Bits b) {
  for (int i = 0; i < BITS_WORDS; i++) a.w[i] |= b.w[i];
  return a;
}
static inline Bits bits_andnot(Bits a, Bits b) {
  for (int i = 0; i < BITS_WORDS; i++) a.w[i] &= ~b.w[i];
  return a;
}
/* Removes and returns the lowest square, or -1 when empty. */
static inline int bits_pop(Bits *b) {
  for (int i = 0; i < BITS_WORDS; i++)
    if (b->w[i]) {
      int sq = i * 64 + __builtin_ctzll(b->w[i]);
      b->w[i] &= b->w[i] - 1;
      return sq;
    }
  return -1;
}

#ifdef __cplusplus
}
#endif
#endif
