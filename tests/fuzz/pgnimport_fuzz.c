/* libFuzzer target for `herald records import` and `export` (nt_archive_import,
 * nt_archive_export): PGN text is imported into an archive in memory, saved and loaded, exported
 * as PGN and imported again.  Every game that was imported must come back the same: rules,
 * start position, result, moves and tags (export adds the Seven Tag Roster where it is
 * missing, so the tags read back are a superset). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "notation/records.h"
#include "rules/reference_rules.h"

static Rules chess, crazyhouse, shogi;

static const Rules *lookup(const char *name, void *context) {
  (void)context;
  if (!strcmp(name, "chess")) return &chess;
  if (!strcmp(name, "crazyhouse")) return &crazyhouse;
  if (!strcmp(name, "shogi")) return &shogi;
  return NULL;
}

static void skipped(int number, const char *why, void *context) {
  if (number < 1 || !why[0]) abort(); /* every game left out is said, with why */
  ++*(int *)context;
}

static void same_games(const NtArchive *a, const NtArchive *b) {
  if (a->count != b->count) abort();
  for (int i = 0; i < a->count; i++) {
    const NtArchiveGame *x = &a->games[i], *y = &b->games[i];
    if (strcmp(x->rules, y->rules) || strcmp(x->result, y->result) || !x->fen != !y->fen) abort();
    if (x->fen && strcmp(x->fen, y->fen)) abort();
    if (x->ply_count != y->ply_count) abort();
    if (x->ply_count && memcmp(x->moves, y->moves, (size_t)x->ply_count * sizeof *x->moves)) abort();
    for (int t = 0; t < x->tags.tag_count; t++) {
      const char *value = nt_pgn_tag(&y->tags, x->tags.tags[t].name);
      if (!value || strcmp(value, x->tags.tags[t].value)) abort();
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int ready;
  char err[200] = "";
  if (!ready) {
    if (!reference_rules(&chess, "chess", err, sizeof err)) abort();
    if (!reference_rules(&crazyhouse, "crazyhouse", err, sizeof err)) abort();
    if (!reference_rules(&shogi, "shogi", err, sizeof err)) abort();
    ready = 1;
  }
  if (size > 4000) return 0;
  NtArchive a = {0}, loaded = {0}, back = {0};
  int left_out = 0;
  int added = nt_archive_import(&a, (const char *)data, size, lookup, NULL, skipped, &left_out);
  if (added != a.count || added < 0) abort();
  size_t len = 0;
  uint8_t *saved = nt_archive_save(&a, lookup, NULL, &len, err, sizeof err);
  if (!saved) abort();
  if (!nt_archive_load(&loaded, saved, len, 1 << 22, lookup, NULL, err, sizeof err)) abort();
  same_games(&a, &loaded);
  char *text = nt_archive_export(&loaded, lookup, NULL, err, sizeof err);
  if (!text) abort();
  int again_left_out = 0;
  if (nt_archive_import(&back, text, strlen(text), lookup, NULL, skipped, &again_left_out) != a.count) abort();
  if (again_left_out) abort();
  same_games(&a, &back);
  free(text);
  free(saved);
  nt_archive_free(&back);
  nt_archive_free(&loaded);
  nt_archive_free(&a);
  return 0;
}
