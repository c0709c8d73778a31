/* `herald epd RULES FILE MS [threads=N]`: runs a test suite in EPD form ("FEN4 bm Qg6; id ...")
 * at a fixed time per position and counts the positions whose best move ("bm") is found and
 * whose avoided move ("am") is avoided.  Moves may be in coordinate form or SAN; the small SAN reader here
 * follows SAN's conventions (an upper-case letter names the mover's type, none names the type
 * written 'P', "O-O" castles towards the h side), which belong to the notation, not to the
 * search's judgement of pieces. */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/fixtures.h"
#include "search/search.h"

/* The legal move written in SAN, or MOVE_NONE. */
static Move parse_san(Position *p, const char *text, MoveList *list) {
  char san[32];
  int n = 0;
  for (const char *s = text; *s && n < 31; s++)
    if (!strchr("+#!?", *s)) san[n++] = *s;
  san[n] = 0;
  const Rules *r = p->rules;
  pos_legal_moves(p, list);
  if (!strcmp(san, "O-O") || !strcmp(san, "O-O-O") || !strcmp(san, "0-0") || !strcmp(san, "0-0-0")) {
    bool queen_side = strlen(san) > 3;
    for (int i = 0; i < list->count; i++) {
      Move m = list->moves[i];
      if (move_kind(m) != MOVE_CASTLING) continue;
      const Castling *c = &r->castlings[move_arg(m)];
      if ((c->king_to < c->king_from) == queen_side) return m;
    }
    return MOVE_NONE;
  }
  char letter = 'P', promo = 0;
  const char *s = san;
  if (isupper((unsigned char)*s)) letter = *s++;
  char *eq = strchr(san, '=');
  if (eq) promo = (char)toupper((unsigned char)eq[1]), *eq = 0;
  else if (n >= 3 && isupper((unsigned char)san[n - 1]) && letter == 'P') promo = san[n - 1], san[n - 1] = 0;
  /* The destination is the last square in the text; what precedes it disambiguates. */
  int len = (int)strlen(s), to = -1, to_at = -1;
  for (int at = len - 1; at >= 0 && to < 0; at--) {
    int used = 0, sq = geo_parse_square(&r->geo, s + at, &used);
    if (sq >= 0 && at + used == len) to = sq, to_at = at;
  }
  if (to < 0) return MOVE_NONE;
  char hint[16] = "";
  int h = 0;
  for (int i = 0; i < to_at && h < 15; i++)
    if (s[i] != 'x' && s[i] != '-') hint[h++] = s[i];
  hint[h] = 0;
  Move found = MOVE_NONE;
  for (int i = 0; i < list->count; i++) {
    Move m = list->moves[i];
    if (move_to(m) != to || move_kind(m) == MOVE_DROP || move_kind(m) == MOVE_CASTLING) continue;
    int code = p->board[move_from(m)];
    if (r->types[piece_type(code)].letter != letter) continue;
    if (promo ? move_kind(m) != MOVE_PROMOTION || r->types[move_arg(m)].letter != promo
              : move_kind(m) == MOVE_PROMOTION)
      continue;
    char from[2 * GEO_LABEL_MAX];
    geo_square_name(&r->geo, move_from(m), from);
    bool fits = true;
    for (int k = 0; hint[k] && fits; k++) fits = strchr(from, hint[k]) != NULL;
    if (!fits) continue;
    if (found != MOVE_NONE) return MOVE_NONE; /* ambiguous */
    found = m;
  }
  return found;
}

/* Collects the moves listed after `op` (up to the ';'). */
static int read_moves(Position *p, const char *line, const char *op, Move *out, int max, MoveList *list) {
  char key[8];
  snprintf(key, sizeof key, " %s ", op);
  const char *at = strstr(line, key);
  if (!at) return 0;
  at += strlen(key);
  int count = 0;
  while (*at && *at != ';' && count < max) {
    while (*at == ' ') at++;
    char word[32];
    int n = 0;
    while (*at && *at != ' ' && *at != ';' && n < 31) word[n++] = *at++;
    word[n] = 0;
    if (!n) break;
    Move m = pos_parse_move(p, word); /* coordinate form first ("g3g6"), then SAN ("Qg6") */
    if (m == MOVE_NONE) m = parse_san(p, word, list);
    out[count++] = m;
  }
  return count;
}

int srch_epd_main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: herald epd RULES FILE MS [threads=N] [hash=MB]\n");
    return 2;
  }
  static Rules rules;
  char err[RULES_ERR_LEN];
  if (!fixture_rules(&rules, argv[2], err, sizeof err)) {
    fprintf(stderr, "herald: %s\n", err);
    return 1;
  }
  FILE *in = fopen(argv[3], "r");
  if (!in) {
    fprintf(stderr, "herald: cannot open %s\n", argv[3]);
    rules_free(&rules);
    return 1;
  }
  int threads = 1, hash = 64;
  for (int i = 5; i < argc; i++) {
    if (!strncmp(argv[i], "threads=", 8)) threads = atoi(argv[i] + 8);
    if (!strncmp(argv[i], "hash=", 5)) hash = atoi(argv[i] + 5);
  }
  Search *s = srch_new(&rules, hash, threads);
  MoveList *list = malloc(sizeof *list);
  if (!s || !list) {
    fprintf(stderr, "herald: out of memory\n");
    fclose(in);
    free(list);
    srch_free(s);
    rules_free(&rules);
    return 1;
  }
  char line[1024];
  int total = 0, solved = 0;
  uint64_t nodes = 0;
  while (fgets(line, sizeof line, in)) {
    char fen[256] = "";
    const char *at = line;
    int fields = 0, n = 0;
    while (*at && fields < 4) {
      while (*at == ' ') at++;
      while (*at && *at != ' ' && n < 240) fen[n++] = *at++;
      fen[n++] = ' ';
      fields++;
    }
    if (fields < 4) continue;
    snprintf(fen + n, sizeof fen - n, "0 1");
    Position pos = {0};
    if (!pos_set_fen(&pos, &rules, fen, err, sizeof err)) {
      fprintf(stderr, "herald: %s: %s\n", fen, err);
      continue;
    }
    Move best[8], avoid[8];
    int best_count = read_moves(&pos, line, "bm", best, 8, list);
    int avoid_count = read_moves(&pos, line, "am", avoid, 8, list);
    char id[64] = "";
    const char *idp = strstr(line, "id \"");
    if (idp) sscanf(idp + 4, "%63[^\"]", id);
    SearchLimits limits;
    srch_limits_init(&limits);
    limits.movetime_ms = atoll(argv[4]);
    limits.overhead_ms = 0;
    srch_clear(s);
    SearchResult res = srch_run(s, &pos, &limits, NULL, NULL);
    bool ok = best_count || avoid_count;
    if (best_count) {
      bool hit = false;
      for (int i = 0; i < best_count; i++) hit |= best[i] == res.best;
      ok &= hit;
    }
    for (int i = 0; i < avoid_count; i++) ok &= avoid[i] != res.best;
    char name[32] = "(none)";
    if (res.best != MOVE_NONE) pos_move_name(&pos, res.best, name, sizeof name);
    total++;
    solved += ok;
    nodes += res.nodes;
    printf("%-10s %s %-8s depth %2d score %6d %s\n", id, ok ? "ok  " : "FAIL", name, res.depth, res.score,
           (best_count && best[0] == MOVE_NONE) ? "(bm unreadable)" : "");
    fflush(stdout);
    pos_free(&pos);
  }
  printf("solved %d of %d, nodes %" PRIu64 "\n", solved, total, nodes);
  fclose(in);
  free(list);
  srch_free(s);
  rules_free(&rules);
  return 0;
}
