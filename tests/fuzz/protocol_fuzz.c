/* libFuzzer target for both command readers: the input is a session's worth of command lines
 * (the first names the protocol).  Searches are capped at a few hundred nodes so that "go" and
 * "analyze" end; "quit" and end of input end the session.
 *
 * Loading a game (compiling its preset, playing the load-time probe) costs a second or more
 * under the sanitizers, far more than a session's commands: each game a session asks for is
 * loaded once per process and lent to every later session (session_init_with).  A session plays
 * a lent game and never changes it: after each session every game lent to it must have the
 * rules, start position, perft 2 and referee verdict on its first move that it had when
 * loaded. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge/br_game.h"
#include "bridge/catalog.h"
#include "protocol/protocol.h"

enum { MAX_LENT = 32 };

typedef struct Lent {
  char name[CATALOG_PATH_LEN];
  BrGame *game;
  bool used; /* lent to the session under way */
  Rules rules;
  char start_fen[sizeof((BrGame *)0)->start_fen];
  uint64_t perft2;
  int verdict; /* the referee's on the first legal move of the start position */
} Lent;

static Lent lent[MAX_LENT];
static int lent_count;

/* What must not change in a game: its perft 2 and the referee's verdict on its first move. */
static void measure(BrGame *g, uint64_t *perft2, int *verdict) {
  Position p = {0};
  char err[RULES_ERR_LEN];
  if (!pos_set_fen(&p, br_game_rules(g), "startpos", err, sizeof err)) abort(); /* it loaded from it */
  MoveList *list = malloc(sizeof *list);
  if (!list) abort();
  pos_legal_moves(&p, list);
  BrVerdict v;
  *verdict = list->count ? br_referee_move(g, &p, list->moves[0], &v) : -2;
  *perft2 = pos_perft(&p, 2);
  free(list);
  pos_free(&p);
}

static BrGame *lend(void *ctx, const char *name) {
  (void)ctx;
  for (int i = 0; i < lent_count; i++)
    if (!strcmp(lent[i].name, name)) return lent[i].used = true, lent[i].game;
  if (lent_count == MAX_LENT || strlen(name) >= CATALOG_PATH_LEN) return NULL; /* the session loads it */
  Catalog catalog;
  catalog_init(&catalog);
  char err[1024];
  BrGame *g = catalog_open(&catalog, name, true, err, sizeof err);
  if (!g) return NULL; /* the session fails to load it too, and says why */
  Lent *l = &lent[lent_count++];
  snprintf(l->name, sizeof l->name, "%s", name);
  l->game = g;
  l->used = true;
  memcpy(&l->rules, &g->rules, sizeof l->rules);
  memcpy(l->start_fen, g->start_fen, sizeof l->start_fen);
  measure(g, &l->perft2, &l->verdict);
  return g;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 4096) return 0;
  FILE *in = fmemopen((void *)data, size, "r");
  FILE *out = fopen("/dev/null", "w");
  if (!in || !out) abort();
  ProtoOptions options = {.node_cap = 300, .hash_mb = 1, .lend = lend};
  proto_main_options(in, out, &options);
  fclose(in);
  fclose(out);
  for (int i = 0; i < lent_count; i++) {
    Lent *l = &lent[i];
    if (!l->used) continue;
    l->used = false;
    uint64_t perft2;
    int verdict;
    measure(l->game, &perft2, &verdict);
    if (memcmp(&l->game->rules, &l->rules, sizeof l->rules) ||
        memcmp(l->game->start_fen, l->start_fen, sizeof l->start_fen) || perft2 != l->perft2 || verdict != l->verdict) {
      fprintf(stderr, "protocol_fuzz: the session changed the game %s it was lent\n", l->name);
      abort();
    }
  }
  return 0;
}
