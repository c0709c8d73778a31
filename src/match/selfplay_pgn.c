/* A self-play game in PGN (selfplay.h): the same writer and tags as herald-match's games, so
 * that the project's PGN reader, herald-match merge and GUIs read both. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/selfplay.h"
#include "notation/pgn.h"

/* PGN's Termination values (the PGN standard, section 9.8.1), as herald-match uses them. */
static const char *termination_tag(MtSelfplayEnding e) {
  switch (e) {
  case MT_SELFPLAY_MOVE_CAP: return "adjudication";
  case MT_SELFPLAY_SEARCH_DISAGREED:
  case MT_SELFPLAY_REFEREE_STOPPED: return "rules infraction";
  default: return "normal";
  }
}

char *mt_selfplay_game_pgn(const Rules *rules, uint64_t nodes, const MtSelfplayGame *game) {
  NtPgnGame tags;
  memset(&tags, 0, sizeof tags);
  char text[64];
  nt_pgn_set_roster(&tags, "herald-selfplay", game->index + 1);
  /* Both sides are the same searcher; the name says at what strength. */
  snprintf(text, sizeof text, "Herald %llu nodes", (unsigned long long)nodes);
  nt_pgn_set_tag(&tags, "White", text);
  nt_pgn_set_tag(&tags, "Black", text);
  nt_pgn_set_tag(&tags, "Variant", rules->name);
  nt_pgn_set_tag(&tags, "Termination", termination_tag(game->ending));
  nt_pgn_set_tag(&tags, "TerminationDetails", game->reason);
  snprintf(text, sizeof text, "%d", game->move_count);
  nt_pgn_set_tag(&tags, "PlyCount", text);
  const char *result = game->winner < 0 ? "1/2-1/2" : game->winner == 0 ? "1-0" : "0-1";
  char *pgn = NULL;
  Position p = {0}; /* pos_set_fen keeps the history buffer it finds */
  char err[128];
  if (pos_set_fen(&p, rules, rules->start_fen, err, sizeof err)) {
    pgn = nt_pgn_write(&tags, &p, game->moves, game->move_count, result);
    pos_free(&p);
  }
  nt_pgn_game_free(&tags);
  return pgn;
}
