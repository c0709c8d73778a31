/* Rule sets built in C through the rules API (chess, capablanca, xiangqi, shogi, crazyhouse,
 * grand, makruk, knightmate, extinction, minishogi), for the tests only: an independent
 * reference the rules model is tested with, beside the presets that every program plays from
 * (src/bridge/catalog.h).  Nothing under src/ uses them. */
#ifndef HERALD_TESTS_REFERENCE_RULES_H
#define HERALD_TESTS_REFERENCE_RULES_H

#include "rules/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Builds and finalises the reference rule set called name.  False with a message if there is none. */
bool reference_rules(Rules *r, const char *name, char *err, int errlen);
/* Space-separated names of the reference rule sets. */
const char *reference_rules_names(void);

#ifdef __cplusplus
}
#endif
#endif
