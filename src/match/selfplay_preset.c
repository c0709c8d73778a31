/* The bridge's judge as a self-play referee (selfplay_preset.h). */
#include "match/selfplay_preset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge/bridge.h"

typedef struct Judged {
  BrJudge *judge;
  int samples;
  BrVerifyStats stats; /* of the current move */
} Judged;

static void *judge_start(void *ctx, int index, char *note, int notelen) {
  const MtPresetReferee *pr = ctx;
  Judged *j = calloc(1, sizeof *j);
  if (!j) {
    snprintf(note, notelen, "out of memory for the referee");
    return NULL;
  }
  j->samples = pr->samples;
  j->judge = br_judge_new(pr->game, pr->seed * 1000003u + (uint64_t)index, note, notelen);
  if (!j->judge) {
    free(j);
    return NULL;
  }
  return j;
}

static int judge_move(void *game, Position *p, const MoveList *legal, Move chosen, bool *stop, char *note,
                      int notelen) {
  Judged *j = game;
  BrVerifyStats *st = &j->stats;
  memset(st, 0, sizeof *st);
  br_judge_check(j->judge, p, legal, j->samples, st);
  long before = st->disagreements;
  bool goes_on = br_judge_play(j->judge, p, chosen, st);
  *stop = !goes_on && st->disagreements > before; /* refused, or an ending only one side sees */
  if (st->disagreements) snprintf(note, notelen, "%s", st->first);
  return (int)st->disagreements;
}

static void judge_end(void *game) {
  Judged *j = game;
  br_judge_free(j->judge);
  free(j);
}

void mt_preset_referee(MtReferee *out, MtPresetReferee *ctx, const BrGame *g, int samples, uint64_t seed) {
  ctx->game = g;
  ctx->samples = samples;
  ctx->seed = seed;
  *out = (MtReferee){judge_start, judge_move, judge_end, ctx};
}
