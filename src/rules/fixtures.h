/* Rule sets built in C through the rules API: chess, capablanca, xiangqi, shogi, crazyhouse.
 * They are test fixtures and perft references until presets drive the rules (bridge/). */
#ifndef HERALD_RULES_FIXTURES_H
#define HERALD_RULES_FIXTURES_H

#include "rules/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Builds and finalises the fixture called name.  False with a message if there is none. */
bool fixture_rules(Rules *r, const char *name, char *err, int errlen);
/* Space-separated names of the fixtures. */
const char *fixture_names(void);

#ifdef __cplusplus
}
#endif
#endif
