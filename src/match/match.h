/* Engine matches refereed by Herald's rules: games between two engine processes with clocks,
 * openings, adjudication and crash/forfeit detection, played N at a time on threads, with
 * running Elo and an SPRT that can stop the match early; with more than two engines a round
 * robin (every pair) or a gauntlet (the first engine against each other), results kept per
 * pair, per engine and per colour.  Results reach the caller through
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

/* Engines of a match and its pairings; 16 engines make 120 pairs. */
enum { MT_MAX_ENGINES = 16, MT_MAX_PAIRS = MT_MAX_ENGINES * (MT_MAX_ENGINES - 1) / 2 };

typedef struct MtGameRecord {
  int index;         /* game number in the whole match, from 0 */
  int pair;          /* pairing number, from 0 (always 0 in a match of two) */
  int engines[2];    /* the pair's first and second engine, numbers of the match's engines */
  int opening;       /* opening number, from 0 */
  int white;         /* side of the pair (0 first, 1 second) that had the first move */
  char fen[512];     /* start position */
  int opening_plies; /* the first moves came from the opening */
  Move *moves;
  int move_count;
  char result[8]; /* "1-0", "0-1", "1/2-1/2" (first player / second player) */
  int points2[2]; /* half points of the pair's first and second engine */
  MtEnding ending;
  char reason[160];
  int64_t duration_ms; /* from the engines' start to the verdict */
  char *pgn;           /* the game in PGN, malloc'd; engine moves carry {+0.25/12 0.51s} comments */
} MtGameRecord;

/* An engine's results, by the colour it had. */
typedef struct MtStanding {
  MtTally as_white, as_black;
} MtStanding;

typedef struct MtMatchState {
  MtTally tally; /* of the first pair, from its first engine's side (engine 0 against 1) */
  int games_done, games_planned;
  int crashes[MT_MAX_ENGINES], forfeits[MT_MAX_ENGINES], illegal[MT_MAX_ENGINES]; /* by engine */
  MtStanding standings[MT_MAX_ENGINES];                                           /* by engine */
  MtStanding pairs[MT_MAX_PAIRS]; /* by pair: its first engine's results by its colour */
  MtSprtVerdict sprt;             /* once decided, kept: games still in play then count in the tallies only */
  double llr;                     /* at the decision, once there is one */
  int sprt_games;                 /* games counted when the test was decided; 0 before */
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

/* A game an earlier run of the same match played (herald-match --resume): its number in the
 * match and the half points of its pair's first engine. */
typedef struct MtPlayedGame {
  int index;
  int points2;
} MtPlayedGame;

typedef struct MtMatchConfig {
  const Rules *rules;  /* referee; a preset may supply it later */
  const char *variant; /* name sent to engines (UCI_Variant / CECP variant) and the
                                PGN Variant tag */
  MtEngineSpec engines[MT_MAX_ENGINES];
  int engine_count; /* 2 (also when 0) up to MT_MAX_ENGINES; more than two: a tournament */
  bool gauntlet;    /* engine 0 plays each other; otherwise every pair plays (round robin) */
  MtTimeControl tc;
  MtAdjudication adjudication;
  const MtOpening *openings; /* each is played twice with colours swapped */
  int opening_count;
  int random_plies; /* when there is no FEN: k random legal plies from the start
                                (at most MT_MAX_OPENING_PLIES) */
  int games;        /* games of each pair (all shards): the whole match for two engines */
  int concurrency;
  int shard_index, shard_count; /* this process plays openings o with o % count == index */
  uint64_t seed;
  bool use_sprt;
  MtSprt sprt;
  /* Games already played (mt_pgn_played): counted as they are, before any game is started,
   * and not played again; the SPRT goes on from them. */
  const MtPlayedGame *played;
  int played_count;
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

/* The same, cut to its first max_plies plies (all when negative, as mt_opening_parse): the
 * moves after them are not read. */
bool mt_opening_parse_cut(const Rules *r, const char *line, int max_plies, MtOpening *opening, char *err, int errlen);

/* The formats of an openings book (herald-match --openings):
 *   MT_BOOK_LINES  one opening a line as mt_opening_parse reads it ('#' starts a comment line,
 *                  anything after a ';' is dropped: EPD operations after a FEN);
 *   MT_BOOK_EPD    a position a line in EPD: the FEN's first four fields, the move counters or
 *                  none ("0 1"), then operations (bm, id...), which are ignored;
 *   MT_BOOK_PGN    games: each game's FEN tag (the rules' start without one) and its main
 *                  line's moves in SAN; comments, NAGs, variations and results are skipped. */
typedef enum MtBookFormat { MT_BOOK_LINES, MT_BOOK_EPD, MT_BOOK_PGN } MtBookFormat;

/* The format a file's name says: ".epd" EPD, ".pgn" PGN (either case), anything else lines. */
MtBookFormat mt_book_format_of_path(const char *path);
/* "lines", "epd" or "pgn" into *format; false for any other name. */
bool mt_book_format_from_name(const char *name, MtBookFormat *format);

/* Every opening of a book (text, len bytes, in format; name only for messages), each cut to its
 * first max_plies plies (all when negative) and played on r's rules.  Returns a malloc'd array
 * of *count openings, or NULL with a message naming the book and the line (lines, EPD) or the
 * game and its move (PGN) of the first bad opening, or saying the book holds none. */
MtOpening *mt_book_read(const Rules *r, const char *name, const char *text, size_t len, MtBookFormat format,
                        int max_plies, int *count, char *err, int errlen);

/* Puts count openings in an order drawn from seed alone, so that every shard of a match given
 * the same seed plays the same order, and the shards still split it between them. */
void mt_openings_shuffle(MtOpening *openings, int count, uint64_t seed);

/* Opening number o: one of the list, or random plies from the start position decided by seed
 * and o only (so shards agree), or the start position. */
bool mt_opening(const MtMatchConfig *c, int o, MtOpening *opening);

/* k random legal plies (at most MT_MAX_OPENING_PLIES) from the start position of r, drawn
 * from a generator seeded by seed and o only; an attempt that ends the game is drawn again.
 * False when none was found. */
bool mt_random_opening(const Rules *r, int plies, uint64_t seed, int o, MtOpening *opening);

/* The pairs of a match: one for two engines, every pair of a round robin (0-1, 0-2, ... 1-2,
 * ...), or 0 against each other in a gauntlet. */
int mt_pair_count(const MtMatchConfig *c);
/* The engines of pair number `pair`, the first as engines[0]. */
void mt_pair_engines(const MtMatchConfig *c, int pair, int engines[2]);

/* Plays one game of pair `pair`: side `white` (0: the pair's first engine) has the first move.
 * Fills g (free with mt_game_record_free). */
void mt_play_game(const MtMatchConfig *c, int index, int pair, int opening_number, int white, const MtOpening *opening,
                  MtGameRecord *g);
void mt_game_record_free(MtGameRecord *g);

/* The PGN comment of an engine's move, as cutechess-cli writes it: score from the mover's view
 * in pawns ("+0.25") or moves to mate ("+M5", "-M3"), "/depth" when reported, then the time
 * used ("0.51s"): "+0.25/12 0.51s"; only the time without a score. */
void mt_eval_comment(const MtGoReply *reply, char *text, int cap);
/* The PGN TimeControl tag of tc (PGN standard 9.6): "300+0.1" (seconds, increment),
 * "40/300" (moves per period), "-" for a fixed depth or node count (no clock), and a fixed time
 * a move as cutechess-cli writes it, "0.5/move". */
void mt_time_control_tag(const MtTimeControl *tc, char *text, int cap);

/* Adds the results of the PGN games in text (len bytes) to *tally from the side of `player`
 * (when *player is empty it becomes the White player of the first game; cap is its size).
 * Games player did not play, or without a result, are skipped.  Returns the games read, or -1
 * with a message for malformed text (the games before it are counted). */
int mt_pgn_tally(const char *text, size_t len, char *player, int cap, MtTally *tally, char *err, int errlen);

/* The games of a PGN that an earlier run of the match c wrote (the config as set for the run to
 * come: rules, engines, games, shard): each game's number is its Round tag less one, and its
 * White and Black tags must name the engines that game gives those colours.  Games without a
 * result are left to play again.  True with a malloc'd array of *count games in *games (NULL
 * when none); false with a message naming the first game that does not belong to this match:
 * a number out of range or of another shard, other engines, a game twice; or malformed PGN. */
bool mt_pgn_played(const MtMatchConfig *c, const char *text, size_t len, MtPlayedGame **games, int *count, char *err,
                   int errlen);

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
