/* The tools' number options: strtol/strtoull/strtod with the end pointer and range checked, so
 * that `--games abc` or `--nodes -1` is refused with a message instead of read as 0 or 2^64-1. */
#include "match/args.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static bool refuse(const char *text, const char *what, const char *range, char *err, int errlen) {
  snprintf(err, errlen, "%s '%.40s' is not %s", what, text, range);
  return false;
}

bool mt_arg_long(const char *text, long min, long max, const char *what, long *out, char *err, int errlen) {
  char range[96];
  snprintf(range, sizeof range, "a whole number from %ld to %ld", min, max);
  char *end;
  errno = 0;
  long v = strtol(text, &end, 10);
  if (!*text || isspace((unsigned char)*text) || *end || errno || v < min || v > max)
    return refuse(text, what, range, err, errlen);
  *out = v;
  return true;
}

bool mt_arg_u64(const char *text, uint64_t min, uint64_t max, const char *what, uint64_t *out, char *err, int errlen) {
  char range[96];
  snprintf(range, sizeof range, "a whole number from %llu to %llu", (unsigned long long)min, (unsigned long long)max);
  char *end;
  errno = 0;
  /* strtoull takes "-1" as 2^64 - 1: only digits are numbers here. */
  if (!isdigit((unsigned char)*text)) return refuse(text, what, range, err, errlen);
  unsigned long long v = strtoull(text, &end, 10);
  if (*end || errno || v < min || v > max) return refuse(text, what, range, err, errlen);
  *out = v;
  return true;
}

bool mt_arg_double(const char *text, double min, double max, const char *what, double *out, char *err, int errlen) {
  char range[96];
  snprintf(range, sizeof range, "a number from %g to %g", min, max);
  char *end;
  errno = 0;
  double v = strtod(text, &end);
  if (!*text || isspace((unsigned char)*text) || *end || errno || !isfinite(v) || v < min || v > max)
    return refuse(text, what, range, err, errlen);
  *out = v;
  return true;
}
