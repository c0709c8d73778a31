/* libFuzzer target for the archive reader: any bytes are refused with a message or loaded;
 * what loads is saved and loaded again to the same games. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "notation/records.h"
#include "rules/reference_rules.h"

static Rules chess, shogi;

static const Rules *lookup(const char *name, void *context) {
  (void)context;
  if (!strcmp(name, "chess")) return &chess;
  if (!strcmp(name, "shogi")) return &shogi;
  return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int ready;
  char err[200];
  if (!ready) {
    if (!reference_rules(&chess, "chess", err, sizeof err)) abort();
    if (!reference_rules(&shogi, "shogi", err, sizeof err)) abort();
    ready = 1;
  }
  NtArchive a;
  err[0] = 0;
  if (!nt_archive_load(&a, data, size, 1 << 20, lookup, NULL, err, sizeof err)) {
    if (!err[0]) abort();
    return 0;
  }
  size_t len = 0;
  uint8_t *saved = nt_archive_save(&a, lookup, NULL, &len, err, sizeof err);
  if (!saved) abort();
  NtArchive b;
  if (!nt_archive_load(&b, saved, len, 1 << 20, lookup, NULL, err, sizeof err)) abort();
  if (b.count != a.count) abort();
  for (int i = 0; i < a.count; i++)
    if (a.games[i].ply_count != b.games[i].ply_count ||
        (a.games[i].ply_count && memcmp(a.games[i].moves, b.games[i].moves, a.games[i].ply_count * sizeof(Move))))
      abort();
  nt_archive_free(&b);
  nt_archive_free(&a);
  free(saved);
  return 0;
}
