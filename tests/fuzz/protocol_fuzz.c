/* libFuzzer target for both command readers: the input is a session's worth of command lines
 * (the first names the protocol).  Searches are capped at a few hundred nodes so that "go" and
 * "analyze" end; "quit" and end of input end the session. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "protocol/protocol.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 4096) return 0;
  FILE *in = fmemopen((void *)data, size, "r");
  FILE *out = fopen("/dev/null", "w");
  if (!in || !out) abort();
  proto_main_with(in, out, 300, 1);
  fclose(in);
  fclose(out);
  return 0;
}
