/* Self-play testing of a rule set: games of Herald's search against itself in-process, and a
 * report of how they ended, how long they were, whether the first player is favoured, and how
 * much each piece type moved and captured.  Reports can be written as text or JSON, read back
 * and added up (for shards run on several machines).  Nothing here prints. */
#ifndef HERALD_MATCH_SELFPLAY_H
#define HERALD_MATCH_SELFPLAY_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "rules/position.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { MT_MAX_VERDICTS = 24, MT_LENGTH_BUCKETS = 64, MT_LENGTH_BUCKET_PLIES = 10 };

/* A referee that watches every game (a preset's own, through the bridge's judge): each thread
 * opens one per game.  judge is called at every position with the legal moves and the move
 * about to be played; it returns the disagreements it found (the first described in note) and
 * sets *stop when the game cannot go on under the referee. */
typedef struct MtReferee {
  void *(*game_start)(void *ctx, int game_index, char *note, int notelen);
  int (*judge)(void *game, Position *p, const MoveList *legal, Move chosen, bool *stop, char *note, int notelen);
  void (*game_end)(void *game);
  void *ctx;
} MtReferee;

/* How a self-play game ended: the PGN's Termination tag follows from it. */
typedef enum {
  MT_SELFPLAY_RULES,            /* the rules' verdict (mate, stalemate, repetition...) */
  MT_SELFPLAY_MOVE_CAP,         /* cut, drawn, after max_plies */
  MT_SELFPLAY_SEARCH_DISAGREED, /* the search found no legal move where the rules saw no end */
  MT_SELFPLAY_REFEREE_STOPPED   /* the preset's referee could not go on */
} MtSelfplayEnding;

/* One finished game, lent to MtSelfplayConfig.on_game for the call only. */
enum { MT_SELFPLAY_NO_SCORE = -1000000 };

typedef struct MtSelfplayGame {
  int index;         /* in the whole run (all shards), from 0 */
  const Move *moves; /* every ply from the start position, the random ones included */
  /* For each ply, the search's score of the position before it (centipawns, White's view), or
   * MT_SELFPLAY_NO_SCORE where no search chose the move (the random plies). */
  const int *scores;
  int move_count;
  int winner; /* 0 the first player, 1 the second, -1 a draw */
  MtSelfplayEnding ending;
  char reason[64]; /* the report's verdict: pos_game_result's reason, "move cap"... */
} MtSelfplayGame;

typedef struct MtSelfplayConfig {
  const Rules *rules;       /* a preset may supply it later */
  const MtReferee *referee; /* or NULL */
  int games;                /* of the whole run (all shards) */
  uint64_t nodes;           /* per move: the strength */
  int max_plies;            /* games cut (drawn) after so many plies; 0: 400 */
  int random_plies;         /* random legal plies before the search plays, for variety */
  uint64_t seed;
  int shard_index, shard_count; /* this process plays games g with g % count == index */
  int threads;                  /* games at once */
  int hash_mb;                  /* per searcher; 0: 16 */
  const char *eval_weights;     /* srch_set_eval_weights's source; NULL: the default */
  const char *eval_net;         /* srch_set_eval_net's source; NULL: the default */
  const volatile sig_atomic_t *cancel;
  void (*on_progress)(void *context, int done, int planned);
  /* Each finished game (for its PGN), one call at a time, before on_progress counts it. */
  void (*on_game)(void *context, const MtSelfplayGame *game);
  void *context;
} MtSelfplayConfig;

typedef struct MtVerdictCount {
  char reason[48];          /* pos_game_result's reason, or "move cap" */
  int first, draws, second; /* games won by the first player, drawn, won by the second */
} MtVerdictCount;

typedef struct MtPieceCount {
  char letter;
  char name[24];
  int64_t moves, captures, taken, drops; /* moves made (drops included), captures made,
                                             times captured, drops */
} MtPieceCount;

typedef struct MtSelfplayReport {
  char rules[32];
  uint64_t nodes;
  int games, first_wins, draws, second_wins;
  int capped;             /* games cut by the move cap */
  int disagreements;      /* the search found no legal move while the rules saw no end, or
                                chose a move the rules call illegal */
  int rule_disagreements; /* found by the referee: generator against the preset's code */
  char rule_note[600];    /* the first, with the position, the move and the preset's file:line */
  int verdict_count;
  MtVerdictCount verdicts[MT_MAX_VERDICTS];
  int64_t total_plies;
  int shortest, longest;
  int lengths[MT_LENGTH_BUCKETS]; /* games of MT_LENGTH_BUCKET_PLIES plies each, the last
                                     bucket taking the rest */
  int type_count;
  MtPieceCount pieces[MAX_TYPES];
} MtSelfplayReport;

void mt_selfplay_config_init(MtSelfplayConfig *c);
/* One of the options that shape a run, as the tools take them: --games, --nodes, --max-plies,
 * --random-plies, --threads, --seed, --shard I/N.  1: taken into c; 0: not one of them; -1: a
 * bad value, err says why (nothing changed). */
int mt_selfplay_option(MtSelfplayConfig *c, const char *name, const char *value, char *err, int errlen);
/* Plays the games of this shard; false with a message when no searcher could be made. */
bool mt_selfplay_run(const MtSelfplayConfig *c, MtSelfplayReport *report, char *err, int errlen);

/* Adds src into dst (same rules, or dst empty). */
bool mt_selfplay_report_add(MtSelfplayReport *dst, const MtSelfplayReport *src, char *err, int errlen);
/* malloc'd text, or NULL. */
char *mt_selfplay_report_text(const MtSelfplayReport *r);
char *mt_selfplay_report_json(const MtSelfplayReport *r);
/* The report as one self-contained HTML page, inline SVG charts and CSS (selfplay_html.c). */
char *mt_selfplay_report_html(const MtSelfplayReport *r);
/* A game in PGN (selfplay_pgn.c): Variant the rules' name, Result, Termination and
 * TerminationDetails from its ending, the moves in SAN with the parts of a turn joined by
 * commas.  malloc'd, or NULL. */
char *mt_selfplay_game_pgn(const Rules *rules, uint64_t nodes, const MtSelfplayGame *game);
/* Reads what mt_selfplay_report_json wrote. */
bool mt_selfplay_report_parse(MtSelfplayReport *r, const char *json, char *err, int errlen);

#ifdef __cplusplus
}
#endif
#endif
