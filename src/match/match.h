/* Engine matches refereed by Herald's rules: games between two engine processes with clocks,
 * openings, adjudication and crash/forfeit detection, played N at a time on threads, with
 * running Elo and an SPRT that can stop the match early.  Results reach the caller through
 * callbacks (called one at a time); nothing here prints. */
#ifndef HERALD_MATCH_MATCH_H
#define HERALD_MATCH_MATCH_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "match/engine.h"
#include "match/stats.h"
#include "rules/position.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct MtAdjudication {
  int resign_cp, resign_moves; /* a side loses when for resign_moves of its moves in a row it
                                    scores <= -resign_cp and its opponent >= resign_cp; 0 = off */
  int draw_cp, draw_moves;     /* draw when both report |score| <= draw_cp for draw_moves
                                    plies in a row, */
  int draw_after;              /* from this move number on; draw_moves 0 = off */
  int max_plies;               /* the game is drawn ("move cap") after so many plies; 0 = no cap */
} MtAdjudication;

typedef enum {
  MT_END_RULES,       /* the rules' verdict (mate, stalemate, repetition, n-move rule...) */
  MT_END_ADJUDICATED, /* resign or draw threshold */
  MT_END_MOVE_CAP,
  MT_END_RESIGN, /* the engine resigned itself */
  MT_END_CRASH,  /* the engine exited, or did not start or answer the set-up */
  MT_END_TIME,   /* time forfeit, or no answer in time */
  MT_END_ILLEGAL /* a move Herald's rules refuse */
} MtEnding;

typedef struct MtGameRecord {
  int index;         /* game number in the whole match, from 0 */
  int opening;       /* opening number, from 0 */
  int white;         /* engine (0 or 1) that had the first move */
  char fen[512];     /* start position */
  int opening_plies; /* the first moves came from the opening */
  Move *moves;
  int move_count;
  char result[8]; /* "1-0", "0-1", "1/2-1/2" (first player / second player) */
  int points2[2]; /* half points of engine 0 and 1 */
  MtEnding ending;
  char reason[160];
  char *pgn; /* the game in PGN, malloc'd */
} MtGameRecord;

typedef struct MtMatchState {
  MtTally tally; /* from engine 0's side */
  int games_done, games_planned;
  int crashes[2], forfeits[2], illegal[2];
  MtSprtVerdict sprt;
  double llr;
  bool stopped_early;
} MtMatchState;

typedef void (*MtGameFn)(void *context, const MtGameRecord *game, const MtMatchState *state);
typedef void (*MtLogFn)(void *context, const char *message);

enum { MT_MAX_OPENING_PLIES = 64 };

/* An opening: a start position and moves played from it before the engines take over.  Moves
 * rather than a FEN for random openings, so that engines without CECP setboard can play them. */
typedef struct MtOpening {
  char fen[512];
  int ply_count;
  Move moves[MT_MAX_OPENING_PLIES];
} MtOpening;

typedef struct MtMatchConfig {
  const Rules *rules;  /* referee; a preset may supply it later */
  const char *variant; /* name sent to engines (UCI_Variant / CECP variant) and the
                                PGN Variant tag */
  MtEngineSpec engines[2];
  MtTimeControl tc;
  MtAdjudication adjudication;
  const MtOpening *openings; /* each is played twice with colours swapped */
  int opening_count;
  int random_plies; /* when there is no FEN: k random legal plies from the start
                                (at most MT_MAX_OPENING_PLIES) */
  int games;        /* games of the whole match (all shards) */
  int concurrency;
  int shard_index, shard_count; /* this process plays openings o with o % count == index */
  uint64_t seed;
  bool use_sprt;
  MtSprt sprt;
  const char *event;
  int start_timeout_ms;                /* handshake, 0: 10 s */
  const volatile sig_atomic_t *cancel; /* set non-zero to stop starting games */
  MtGameFn on_game;
  MtLogFn on_log;
  void *context;
} MtMatchConfig;

void mt_match_config_init(MtMatchConfig *c);

/* Reads one opening: a FEN; or moves in coordinate notation (as pos_move_name writes them) from
 * the start position, "e2e4 e7e5", optionally after "startpos" and/or "moves"; or a FEN then
 * "moves ...".  The moves are played on r's rules: false with a message naming the first
 * illegal or unknown move, or when the opening ends the game or is too long. */
bool mt_opening_parse(const Rules *r, const char *line, MtOpening *opening, char *err, int errlen);

/* Opening number o: one of the list, or random plies from the start position decided by seed
 * and o only (so shards agree), or the start position. */
bool mt_opening(const MtMatchConfig *c, int o, MtOpening *opening);

/* k random legal plies (at most MT_MAX_OPENING_PLIES) from the start position of r, drawn
 * from a generator seeded by seed and o only; an attempt that ends the game is drawn again.
 * False when none was found. */
bool mt_random_opening(const Rules *r, int plies, uint64_t seed, int o, MtOpening *opening);

/* Plays one game: engine `white` of c has the first move.  Fills g (free with
 * mt_game_record_free). */
void mt_play_game(const MtMatchConfig *c, int index, int opening_number, int white, const MtOpening *opening,
                  MtGameRecord *g);
void mt_game_record_free(MtGameRecord *g);

/* Adds the results of the PGN games in text (len bytes) to *tally from the side of `player`
 * (when *player is empty it becomes the White player of the first game; cap is its size).
 * Games player did not play, or without a result, are skipped.  Returns the games read, or -1
 * with a message for malformed text (the games before it are counted). */
int mt_pgn_tally(const char *text, size_t len, char *player, int cap, MtTally *tally, char *err, int errlen);

/* Exit statuses of herald-match (and mt_match_run's result). */
enum {
  MT_EXIT_DONE = 0,    /* every game played */
  MT_EXIT_USAGE = 1,   /* bad arguments or configuration */
  MT_EXIT_ENGINE = 2,  /* an engine failed in every game (could not start) */
  MT_EXIT_SPRT_H1 = 3, /* SPRT stopped the match: elo1 accepted */
  MT_EXIT_SPRT_H0 = 4, /* SPRT stopped the match: elo0 accepted */
  MT_EXIT_CANCELLED = 5
};

/* Runs the match; returns one of MT_EXIT_*; state gets the totals. */
int mt_match_run(const MtMatchConfig *c, MtMatchState *state, char *err, int errlen);

#ifdef __cplusplus
}
#endif
#endif
