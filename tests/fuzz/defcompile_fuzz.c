/* libFuzzer target for the bridge's def compiler: any text as a def body, compiled for both
 * colours on an 8x8 board with the pawn settings and destination zones bound, must either give
 * atoms the engine accepts or a reason. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bridge/br_internal.h"
#include "rules/position.h"

static bool no_defs(void *ctx, const char *name, char *out, int outlen) {
  (void)ctx, (void)name, (void)out, (void)outlen;
  return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 512) return 0;
  char body[513];
  memcpy(body, data, size);
  body[size] = 0;
  static GcInterp *gc;
  if (!gc) {
    GcError e;
    gc = gc_new();
    if (!gc || gc_run_code(gc, "set wpr 2; set bpr 7; set fps 2; set pzs 1;", "fuzz", &e) != GC_OK) abort();
  }
  static Rules r;
  char err[RULES_ERR_LEN];
  if (!rules_init(&r, "fuzz", 8, 8, err, sizeof err)) abort();
  br_bind_settings(gc);
  br_bind_zones(&r);
  for (int color = 0; color < 2; color++) {
    BrCompiled out;
    char reason[BR_REASON_LEN] = "";
    if (!br_compile_def_with(&r, body, color, no_defs, NULL, &out, reason, sizeof reason)) {
      if (!reason[0]) abort();
      continue;
    }
    if (out.count <= 0 || out.count > MAX_ATOMS) abort();
    for (int i = 0; i < out.count; i++)
      if (out.atoms[i].to_zone != NO_ZONE && out.atoms[i].to_zone >= r.zone_count) abort();
  }
  br_bind_settings(NULL);
  br_bind_zones(NULL);
  rules_free(&r);
  return 0;
}
