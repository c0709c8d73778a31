/* libFuzzer target for mt_engine_spec_parse (herald-match's -engine argument).  Whatever parses
 * must be usable as is: a command, a name, and options that each hold a NAME=VALUE (the
 * protocol code splits them at '='); every failure says why. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "match/engine.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 4096) return 0;
  char *text = malloc(size + 1);
  if (!text) return 0;
  memcpy(text, data, size);
  text[size] = 0;
  MtEngineSpec spec;
  char err[256] = "";
  if (mt_engine_spec_parse(&spec, text, err, sizeof err)) {
    if (!spec.command[0] || !spec.name[0]) abort();
    if (spec.option_count < 0 || spec.option_count > MT_MAX_OPTIONS) abort();
    for (int i = 0; i < spec.option_count; i++)
      if (!strchr(spec.options[i], '=')) abort();
    if (spec.protocol != MT_UCI && spec.protocol != MT_CECP) abort();
  } else if (!err[0]) {
    abort();
  }
  free(text);
  return 0;
}
