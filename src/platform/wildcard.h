/* Shell wildcards, as GAME Code's fnmatch and findpiece read them (Game Courier runs PHP's
 * fnmatch, which is the C library's).  Windows has no fnmatch, so the matcher is written out
 * here and both systems use it: a preset matches the same squares on either. */
#ifndef HERALD_PLATFORM_WILDCARD_H
#define HERALD_PLATFORM_WILDCARD_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Whether text matches pattern as POSIX fnmatch(pattern, text, 0) says in the C locale: '*' any
 * run of characters ('/' and a leading '.' included), '?' any one, [...] one of a set (ranges,
 * '!' or '^' first to negate, [:class:], [=c=], [.c.]), '\' quotes the next character.  Malformed
 * patterns are read as glibc reads them: an unclosed '[' is an ordinary character unless the
 * set matched first, a trailing '\' or an unknown class never matches. */
bool plat_wildcard_match(const char *pattern, const char *text);

#ifdef __cplusplus
}
#endif
#endif
