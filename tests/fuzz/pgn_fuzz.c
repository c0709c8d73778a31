/* libFuzzer target for the PGN reader: every game of the input is read and played under the
 * rules its Variant tag names (chess otherwise); games that play through are written and read
 * back to the same moves. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "notation/pgn.h"
#include "rules/reference_rules.h"

static Rules chess, crazyhouse;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int ready;
  char err[200];
  if (!ready) {
    if (!reference_rules(&chess, "chess", err, sizeof err)) abort();
    if (!reference_rules(&crazyhouse, "crazyhouse", err, sizeof err)) abort();
    ready = 1;
  }
  if (size > 4000) return 0;
  const char *text = (const char *)data;
  size_t offset = 0;
  int line = 1;
  for (int games = 0; games < 50; games++) {
    NtPgnGame g;
    size_t before = offset;
    int got = nt_pgn_next(text, size, &offset, &line, &g, err, sizeof err);
    if (got < 0 && !err[0]) abort();
    if (got > 0) {
      const char *variant = nt_pgn_tag(&g, "Variant");
      const Rules *r = variant && !strcmp(variant, "crazyhouse") ? &crazyhouse : &chess;
      const char *fen = nt_pgn_tag(&g, "FEN");
      Position p = {0};
      if (pos_set_fen(&p, r, fen ? fen : "startpos", err, sizeof err)) {
        Move *moves = malloc((g.move_count + 1) * sizeof *moves);
        int bad;
        NtResult res;
        int n = nt_pgn_play(&g, &p, moves, g.move_count, &bad, &res);
        if (bad >= 0 && !res.message[0]) abort();
        for (int i = 0; i < n; i++) pos_unmake(&p);
        char *out = nt_pgn_write(&g, &p, moves, n, g.result);
        if (!out) abort();
        NtPgnGame back;
        size_t o = 0;
        int l = 1;
        if (nt_pgn_next(out, strlen(out), &o, &l, &back, err, sizeof err) != 1) abort();
        int bad2;
        Move *again = malloc((back.move_count + 1) * sizeof *again);
        if (nt_pgn_play(&back, &p, again, back.move_count, &bad2, &res) != n || bad2 >= 0) abort();
        if (n && memcmp(moves, again, n * sizeof *moves)) abort();
        free(again);
        nt_pgn_game_free(&back);
        free(out);
        free(moves);
      }
      pos_free(&p);
    }
    nt_pgn_game_free(&g);
    if (got == 0 || offset >= size || offset == before) break;
  }
  return 0;
}
