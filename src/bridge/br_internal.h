/* Shared inside bridge/ only (and its tests). */
#ifndef HERALD_BRIDGE_BR_INTERNAL_H
#define HERALD_BRIDGE_BR_INTERNAL_H

#include "bridge/bridge.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Finds the last `def name body;` in the code and copies its body.  False if none. */
bool br_find_def(const char *code, const char *name, char *out, int outlen);
/* The movement of a label written inline in Post-Move (2004 style): the expression of the
 * `set legal EXPR` right after `if/elseif equal moved NAME`, with origin/dest turned into
 * #0/#1 so that it compiles as a def body.  False if there is none. */
bool br_find_referee_expr(const char *code, const char *name, char *out, int outlen);
/* Reads a whole file into a malloc'd string (NULL on failure). */
char *br_read_file(const char *path);

#ifdef __cplusplus
}
#endif
#endif
