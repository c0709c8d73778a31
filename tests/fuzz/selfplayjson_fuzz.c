/* libFuzzer target for mt_selfplay_report_parse (herald-selfplay merge reads reports from other
 * machines).  A report that parses is printed as text and JSON, added to itself as merge does,
 * and its JSON must parse back to the same report. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "match/selfplay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 16384) return 0;
  char *json = malloc(size + 1);
  if (!json) return 0;
  memcpy(json, data, size);
  json[size] = 0;
  static MtSelfplayReport report, again, sum;
  char err[256] = "";
  if (!mt_selfplay_report_parse(&report, json, err, sizeof err)) {
    if (!err[0]) abort(); /* every failure says why */
    free(json);
    return 0;
  }
  char *text = mt_selfplay_report_text(&report);
  char *out = mt_selfplay_report_json(&report);
  if (!text || !out) abort();
  if (!mt_selfplay_report_parse(&again, out, err, sizeof err)) abort();
  char *out2 = mt_selfplay_report_json(&again);
  if (!out2 || strcmp(out, out2)) abort();
  memset(&sum, 0, sizeof sum);
  if (mt_selfplay_report_add(&sum, &report, err, sizeof err)) {
    mt_selfplay_report_add(&sum, &report, err, sizeof err);
    free(mt_selfplay_report_text(&sum));
  }
  free(text);
  free(out);
  free(out2);
  free(json);
  return 0;
}
