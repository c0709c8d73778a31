/* libFuzzer target for herald-match's reading of an engine's output: the input, as an engine
 * would write it before exiting, is what mt_engine_read_line has read from the engine's pipe
 * (platform/process.h reads pipes; the lines are cut here), and every line it cuts is read
 * as a CECP feature line and as a line after "go" under both protocols (mt_engine_reply_line).
 * The first byte picks CECP's rank counting (from 0 on a ten-rank board).  Whatever the engine
 * says, a line is a string within its buffer and a reply stays within the bounds engine.h
 * gives, its move a string within MT_TEXT. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "match/engine.h"
#include "match/match.h"

static MtEngine engine; /* 64 KiB of buffer: not on the stack */

static void check_reply(const MtGoReply *r, MtLine kind, MtProtocol protocol) {
  if (!memchr(r->move, 0, sizeof r->move)) abort();
  if (!r->has_score) {
    if (r->score_cp || r->mate || r->depth) abort();
  } else {
    if (r->score_cp < -MT_SCORE_MAX || r->score_cp > MT_SCORE_MAX) abort();
    if (r->mate < -MT_MATE_MAX || r->mate > MT_MATE_MAX) abort();
    if ((r->mate > 0 && r->score_cp <= 0) || (r->mate < 0 && r->score_cp >= 0)) abort();
    if (r->depth < 0 || r->depth > MT_DEPTH_MAX) abort();
  }
  size_t len = strlen(r->move);
  if (kind == MT_LINE_MOVE && !len) abort();
  if (kind == MT_LINE_MOVE && protocol == MT_CECP && r->move[len - 1] == ',') abort(); /* a part */
  if (kind == MT_LINE_PART && (!len || r->move[len - 1] != ',')) abort();
  char comment[40];
  memset(comment, 'x', sizeof comment);
  mt_eval_comment(r, comment, sizeof comment);
  if (!memchr(comment, 0, sizeof comment)) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1 || size > 8192) return 0; /* within the engine's buffer: all of it read at once */
  memset(&engine, 0, sizeof engine);
  memcpy(engine.buffer, data + 1, size - 1);
  engine.buffered = (int)(size - 1);
  engine.dead = true; /* and then its output ended */
  engine.nps_feature = -1;
  engine.zero_based_ranks = data[0] & 1;
  MtGoReply uci = {0}, cecp = {0};
  bool uci_done = false, cecp_done = false;
  char line[300]; /* shorter than some lines: a long one is cut */
  for (int lines = 0; lines < 2000; lines++) {
    memset(line, 'x', sizeof line);
    int r = mt_engine_read_line(&engine, line, (int)sizeof line, 1000);
    if (r < 0) break;
    if (r == 0) abort(); /* the whole input is read and the output ended: no waiting */
    if (!memchr(line, 0, sizeof line) || !memchr(engine.last_line, 0, sizeof engine.last_line)) abort();
    engine.spec.protocol = MT_CECP;
    mt_engine_feature_line(&engine, line);
    if (engine.nps_feature < -1 || engine.nps_feature > 1) abort();
    if (!cecp_done) {
      MtLine kind = mt_engine_reply_line(&engine, line, &cecp);
      check_reply(&cecp, kind, MT_CECP);
      cecp_done = kind == MT_LINE_MOVE || kind == MT_LINE_RESIGN || kind == MT_LINE_ERROR;
    }
    engine.spec.protocol = MT_UCI;
    if (!uci_done) {
      MtLine kind = mt_engine_reply_line(&engine, line, &uci);
      check_reply(&uci, kind, MT_UCI);
      uci_done = kind == MT_LINE_MOVE;
    }
  }
  return 0;
}
