/* libFuzzer target for the evaluation's weights files and the tuner's data lines: the first
 * byte picks the rules, the second the reader (ev_weights_parse, or ev_tune_add_line on each
 * line), the rest is the text.  What a weights file sets must format and parse back to the
 * same weights, and it names its game to ev_weights_text_game; every refusal says why; an added
 * data line is a position the evaluation takes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "eval/eval_tune.h"
#include "eval/eval_weights.h"
#include "fuzz_rules.h"

static const char *names[] = {"chess", "shogi", "xiangqi", "crazyhouse", "capablanca"};
enum { RULE_SETS = sizeof names / sizeof names[0] };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 2 || size > 8192) return 0;
  const Rules *r = fuzz_rules(names, RULE_SETS, data[0]);
  static EvalTables *tables[RULE_SETS];
  int pick = data[0] % RULE_SETS;
  if (!tables[pick]) {
    tables[pick] = malloc(sizeof *tables[pick]);
    if (!tables[pick] || !ev_init(tables[pick], r)) abort();
  }
  const EvalTables *e = tables[pick];
  char *text = malloc(size - 1);
  if (!text) abort();
  fuzz_text(text, data + 2, size - 2);
  char err[256] = "";
  if (data[1] & 1) {
    EvTuneSet *set = ev_tune_new(e);
    if (!set) abort();
    for (char *line = text, *next; line; line = next) {
      next = strchr(line, '\n');
      if (next) *next++ = 0;
      bool added = false;
      err[0] = 0;
      if (!ev_tune_add_line(set, line, &added, err, sizeof err) && !err[0]) abort();
    }
    ev_tune_free(set);
  } else {
    EvalWeights w, back;
    char game[64];
    bool named = ev_weights_text_game(text, size - 2, game, sizeof game);
    if (ev_weights_parse(e, text, size - 2, "fuzz", &w, err, sizeof err)) {
      if (!named || strcmp(game, r->name)) abort();
      char *formatted = ev_weights_format(e, &w, "round trip");
      if (!formatted) abort();
      if (!ev_weights_parse(e, formatted, strlen(formatted), "again", &back, err, sizeof err)) abort();
      if (memcmp(w.w, back.w, sizeof w.w[0] * (size_t)ev_weight_count(e))) abort();
      free(formatted);
    } else if (!err[0]) {
      abort();
    }
  }
  free(text);
  return 0;
}
