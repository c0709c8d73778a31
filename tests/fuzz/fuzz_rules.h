/* For the fuzz targets that read a position or moves under some rules: the first byte of the
 * input picks one of the target's built-in rule sets, built once; the rest is the text. */
#ifndef HERALD_TESTS_FUZZ_FUZZ_RULES_H
#define HERALD_TESTS_FUZZ_FUZZ_RULES_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules/reference_rules.h"

enum { FUZZ_RULES_MAX = 8 };

static const Rules *fuzz_rules(const char *const names[], int count, uint8_t pick) {
  static Rules rules[FUZZ_RULES_MAX];
  static int ready;
  if (!ready) {
    char err[RULES_ERR_LEN];
    if (count > FUZZ_RULES_MAX) abort();
    for (int i = 0; i < count; i++)
      if (!reference_rules(&rules[i], names[i], err, sizeof err)) abort();
    ready = 1;
  }
  return &rules[pick % count];
}

/* The n bytes at data as a string in out (n + 1 bytes). */
static void fuzz_text(char *out, const uint8_t *data, size_t n) {
  memcpy(out, data, n);
  out[n] = 0;
}

#endif
