/* Reading the number options of the tools (herald-match, herald-selfplay): a whole decimal
 * number within a range, or a decimal fraction, with what was wrong in words.  Pure functions,
 * no I/O: the programs print the message and exit. */
#ifndef HERALD_MATCH_ARGS_H
#define HERALD_MATCH_ARGS_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Parses text as a whole decimal integer in [min, max] into *out.  False with a message naming
 * the option (`what`) when text is empty, has anything after the number, or is out of range. */
bool mt_arg_long(const char *text, long min, long max, const char *what, long *out, char *err, int errlen);
/* The same for counts up to 2^64 - 1 (node budgets, seeds); a minus sign is refused. */
bool mt_arg_u64(const char *text, uint64_t min, uint64_t max, const char *what, uint64_t *out, char *err, int errlen);
/* The same for a finite decimal fraction in [min, max] (SPRT figures). */
bool mt_arg_double(const char *text, double min, double max, const char *what, double *out, char *err, int errlen);

#ifdef __cplusplus
}
#endif
#endif
