/* The programs' version line (`herald --version`, `herald-match --version`, `herald-selfplay
 * --version`): "herald 0.9 (v0.9-12-gabc1234)".  The Makefile passes HERALD_VERSION (from the
 * VERSION file) and HERALD_GIT (git describe, empty outside a git checkout) to the objects that
 * include this header, and rebuilds them when either changes. */
#ifndef HERALD_APP_VERSION_H
#define HERALD_APP_VERSION_H

#include <stdio.h>

#ifndef HERALD_VERSION
#define HERALD_VERSION "unknown"
#endif
#ifndef HERALD_GIT
#define HERALD_GIT ""
#endif

/* Prints "PROGRAM VERSION (GIT)" (without the parenthesis when the build had no git) on stdout. */
static inline void app_print_version(const char *program) {
  if (HERALD_GIT[0])
    printf("%s %s (%s)\n", program, HERALD_VERSION, HERALD_GIT);
  else
    printf("%s %s\n", program, HERALD_VERSION);
}

#endif
