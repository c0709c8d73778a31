/* Growing text for the reports the match library writes (text, JSON, HTML): appended to with
 * printf formats, handed to the caller as one malloc'd string.  A failed allocation is
 * remembered, so that writers append without checking and test once at the end. */
#ifndef HERALD_MATCH_TEXT_H
#define HERALD_MATCH_TEXT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct MtText {
  char *s;
  size_t len, cap;
  bool failed;
} MtText;

/* Appends the formatted text (nothing once an allocation has failed). */
__attribute__((format(printf, 2, 3))) void mt_text_put(MtText *t, const char *format, ...);
/* The text, the caller's to free; NULL (and nothing to free) when an allocation failed. */
char *mt_text_finish(MtText *t);

#endif
