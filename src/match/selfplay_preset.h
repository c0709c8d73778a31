/* Self-play of a preset watched by the preset's own referee: the bridge's judge, one per game,
 * compares the generator with the preset's code at every position (as `herald verify` does) and
 * reports rule bugs with the preset's file:line. */
#ifndef HERALD_MATCH_SELFPLAY_PRESET_H
#define HERALD_MATCH_SELFPLAY_PRESET_H

#include "match/selfplay.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct BrGame BrGame; /* bridge/bridge.h: the preset, opaque here */

typedef struct MtPresetReferee {
  const BrGame *game;
  int samples; /* moves the generator does not make, put to the referee per position */
  uint64_t seed;
} MtPresetReferee;

/* Fills out (for MtSelfplayConfig.referee) with hooks on ctx, which must outlive the run. */
void mt_preset_referee(MtReferee *out, MtPresetReferee *ctx, const BrGame *g, int samples, uint64_t seed);

#ifdef __cplusplus
}
#endif
#endif
