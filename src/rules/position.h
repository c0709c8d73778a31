/* A position of a variant: board, hands, side and part of turn, rights, counters, key, and the
 * history that make/unmake and repetition detection need. */
#ifndef HERALD_RULES_POSITION_H
#define HERALD_RULES_POSITION_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/move.h"
#include "rules/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { SQ_EMPTY = 0, SQ_HOLE = 0xFF, COLOR_SHIFT = 5, WHITE = 0, BLACK = 1 };

/* Whether a move from from to to goes toward the far side of color (White: up the ranks). */
static inline bool moves_forward(const Rules *r, int color, int from, int to) {
  int dy = geo_rank(&r->geo, to) - geo_rank(&r->geo, from);
  return color == WHITE ? dy > 0 : dy < 0;
}

static inline int piece_code(int color, int type) { return color << COLOR_SHIFT | (type + 1); }
static inline int piece_type(int code) { return (code & 31) - 1; }
static inline int piece_color(int code) { return code >> COLOR_SHIFT; }

typedef struct Undo {
  Move move;
  uint8_t mover;          /* piece code that moved (before promotion) */
  uint8_t captured;       /* piece code taken, or SQ_EMPTY */
  bool captured_promoted; /* it carried the promoted mark (crazyhouse) */
  bool mover_promoted;
  int8_t part;
  int16_t ep_victim;
  int16_t turn_piece;
  int16_t turn_frozen, turn_stale;
  int halfmove;
  uint8_t checks[2];       /* Position.checks before the move */
  uint8_t check_series[2]; /* Position.check_series before the move */
  uint8_t blast_count;     /* pieces a capture's explosion removed (Rules.blast_on_capture), the */
  uint8_t blast_sq[9];     /* capturer among them where it was not immune: their squares and */
  uint8_t blast_code[9];   /* codes */
  uint16_t blast_promoted; /* bit i: blast_sq[i] carried the promoted mark */
  uint32_t castle_rights;
  uint64_t ep[BITS_WORDS];
  uint64_t key;
} Undo;

typedef struct Position {
  const Rules *rules;
  int side, part, halfmove, fullmove;
  int turn_piece; /* where the piece that moved in this turn's last part stands (TurnRules.piece_once), or -1 */
  /* What the referee's board lacks in this turn, or -1.  A Game Courier referee replays a turn's
   * parts on the board before its code runs, and its code makes a move's side effects: so the
   * partner of a castling made earlier in the turn is not yet where it went (turn_frozen: it may
   * not move again, "K e1-g1; R f1-d1" finds no piece on f1), and the partner's old square or
   * the Pawn taken en passant still holds a piece there (turn_stale: a later move to it is a
   * capture, refused where the part may not capture, as in Extra Move).  Seed 003's presets. */
  int turn_frozen, turn_stale;
  uint32_t castle_rights;
  int ep_victim;           /* square of the piece that may be taken en passant, or -1 */
  uint64_t ep[BITS_WORDS]; /* squares it passed */
  uint64_t key;
  uint8_t board[GEO_MAX_SQUARES];
  uint64_t by_color[2][BITS_WORDS];
  uint64_t by_piece[2][MAX_TYPES][BITS_WORDS];
  uint64_t promoted[BITS_WORDS]; /* pieces that revert when captured into hand (crazyhouse) */
  uint8_t hand[2][MAX_TYPES];
  uint8_t checks[2]; /* checks each colour has given, where Rules.check_limit counts them */
  /* Where Rules.shak_types counts (Shatar), for each colour as of its last turn to move: 0 not
   * in check, 1 in check, 2 in check in a series of checks one of which was a shak.  Not in the
   * key: it decides only what a checkmate is worth. */
  uint8_t check_series[2];
  Undo *history;
  int ply, history_cap;
  MoveEffects *effects; /* per ply, for MOVE_ORACLE moves (rules with an oracle only) */
  int effects_cap;
} Position;

/* The key's share of the turn piece's square. */
static inline uint64_t pos_turn_piece_key(const Rules *r, int sq) {
  return sq < 0 ? 0 : r->zobrist_ep[sq] ^ r->zobrist_turn_piece;
}
/* The key's share of where a turn stands: its part, the turn piece, its side effects. */
static inline uint64_t pos_turn_key(const Rules *r, const Position *p) {
  return r->zobrist_part * (uint64_t)p->part ^ pos_turn_piece_key(r, p->turn_piece) ^
         (p->turn_frozen < 0 ? 0 : r->zobrist_ep[p->turn_frozen] ^ r->zobrist_turn_effects) ^
         (p->turn_stale < 0 ? 0 : r->zobrist_piece[0][p->turn_stale] ^ r->zobrist_turn_effects);
}

/* Is this the game's first turn (White's, at move 1: TurnRules.first_parts)? */
static inline bool pos_first_turn(const Position *p) { return p->fullmove == 1 && p->side == WHITE; }

/* How many parts the turn of the side to move has. */
static inline int pos_turn_parts(const Position *p) {
  const Rules *r = p->rules;
  const TurnRules *t = &r->turn;
  int n = t->parts[p->side] ? t->parts[p->side] : r->turn_parts;
  if (pos_first_turn(p) && t->first_parts) n = t->first_parts;
  return n;
}

/* Does the opponent of the side to move stand in check (turns.c)?  In a turn of several parts,
 * a part may check the opponent while the turn goes on; if the opponent, were it to move now,
 * had no legal move, the part has checkmated (pos_opponent_mated) and the game is won at once,
 * as seed 003's Post-Game declares it. */
bool pos_opponent_in_check(Position *p);
bool pos_opponent_mated(Position *p);
/* Does m leave en-passant squares behind (make_inline.h): a non-capturing move of an en-passant
 * creator over two or more squares in a straight line (a Pawn's double step)? */
bool pos_is_multistep(const Position *p, Move m);

/* Two passes in a row have ended the game (rules with double_pass_ends: janggi). */
static inline bool pos_passes_ended(const Position *p) {
  Move pass = move_make(0, 0, MOVE_PASS, 0);
  return p->rules->double_pass_ends && p->ply >= 2 && p->history[p->ply - 1].move == pass &&
         p->history[p->ply - 2].move == pass;
}

/* Bikjang (Rules.bikjang): the single royal pieces of the two sides stand on one file with
 * nothing between them. */
bool pos_generals_face(const Position *p);
/* A pass has left the royal pieces facing (Rules.bikjang): the game is over. */
static inline bool pos_bikjang_ended(const Position *p) {
  return p->rules->bikjang && p->ply >= 1 && p->history[p->ply - 1].move == move_make(0, 0, MOVE_PASS, 0) &&
         pos_generals_face(p);
}
/* For the side to move, the result of a game that passes, bikjang or repetition ended: decided
 * by the points on the board where Rules.counting says so, otherwise a draw. */
GameResult pos_counted_result(const Position *p);

/* Sets up p for rules r from a FEN: slash form ("rnbqkbnr/pppppppp/8/.../RNBQKBNR w KQkq - 0 1",
 * multi-digit empties, '-' or '*' for holes, '+X' promoted types, 'X~' promoted marks, hands in
 * "[...]" or as an extra rank, Shredder/X-FEN castling letters) or Game Courier's compact form
 * ("rnbqkbnrpppppppp32PPPPPPPPRNBQKBNR").  "startpos" means the rules' start position.
 * p must be zeroed (Position p = {0}) or a position set up before: its history buffer is
 * reused.  Returns false with a message and leaves p empty on error. */
bool pos_set_fen(Position *p, const Rules *r, const char *fen, char *err, int errlen);
/* Writes the slash-form FEN. */
void pos_get_fen(const Position *p, char *out, int outlen);
/* Writes the Game Courier compact board string. */
void pos_get_compact(const Position *p, char *out, int outlen);
void pos_free(Position *p);
/* Copies the state (not the history) into dst, which may be uninitialised. */
void pos_copy(Position *dst, const Position *src);

void pos_make(Position *p, Move m);
void pos_unmake(Position *p);

/* For rules with an oracle: p (with its whole history) is a root that copies of p, which have
 * no history, will be searched from; the oracle remembers how to decide there.  No-op
 * otherwise. */
void pos_anchor(Position *p);

/* Has color pieces (on the board or in hand) whose moves only the rules' oracle decides? */
bool pos_has_oracle_pieces(const Position *p, int color);

/* The enemy pieces a MOVE_ORACLE move removes or changes (their codes, at most max); 0 for other
 * moves.  Asks the oracle, which leaves p as it was. */
int pos_oracle_victims(const Position *p, Move m, int *codes, int max);

/* Legal moves of the side to move. */
void pos_legal_moves(Position *p, MoveList *list);
/* The legal moves that capture (en passant included) or promote (every promotion, capturing or
 * not); drops, castling and passes are never noisy. */
void pos_noisy_moves(Position *p, MoveList *list);
/* The moves of pos_noisy_moves whose target is sq, in the same order. */
void pos_noisy_moves_onto(Position *p, int sq, MoveList *list);
/* The legal moves that are not noisy: with pos_noisy_moves, every legal move exactly once. */
void pos_quiet_moves(Position *p, MoveList *list);
/* In check, the legal moves, found with less work when one piece checks a single royal;
 * otherwise the legal moves as well. */
void pos_evasions(Position *p, MoveList *list);
/* Is the legal move m noisy (a capture or a promotion, as pos_noisy_moves counts them)? */
bool pos_is_noisy(const Position *p, Move m);
bool pos_in_check(Position *p);
/* What one position tells about the checks its quiet moves give, for pos_quiet_move_checks
 * (rules/make_inline.h) to answer each of them from two squares: filled by the generator the first
 * time it is asked (ready 1), or marked as not told so (ready -1: a side that attacks by more
 * than leaps, slides and rides, several royal pieces or none, a royal already attacked).  A
 * search keeps one per node, ready 0 until then. */
typedef struct QuietChecks {
  int ready;
  int royal;                              /* the opponent's royal square */
  uint64_t direct[MAX_TYPES][BITS_WORDS]; /* the squares from which a piece of the type would attack it */
  uint64_t discoverers[BITS_WORDS];       /* the mover's pieces first on a line from it */
} QuietChecks;
bool pos_is_legal(Position *p, Move m);
uint64_t pos_perft(Position *p, int depth);
/* Key recomputed from scratch, for tests of the incremental one. */
uint64_t pos_compute_key(const Position *p);

/* Coordinate notation: "e2e4", "e7e8q", "P@e4", "a10a9", "e1g1" for castling ("e1h1", the king
 * taking its own rook, under Rules.castling_free: castling_written_to), "pass". */
void pos_move_name(const Position *p, Move m, char *out, int outlen);

/* How a pass is written for other programs, which do not know Herald's "pass" (see
 * pos_move_name_spelled for who writes which). */
typedef enum {
  PASS_WORD,         /* "pass": Herald's own notation (command line, records, tests) */
  PASS_ROYAL_SQUARE, /* the royal piece's square twice, "e2e2"; "0000" without one royal */
  PASS_AT_SIGNS      /* "@@@@" */
} PassSpelling;
/* pos_move_name, with a pass written as pass says. */
void pos_move_name_spelled(const Position *p, Move m, PassSpelling pass, char *out, int outlen);
/* The square of the side to move's one royal piece, or -1 when it has none or several. */
int pos_royal_square(const Position *p);

/* The legal move written so, or MOVE_NONE.  Besides "pass", a legal pass is read as other
 * programs write it: "0000" (UCI's null move), "@@@@" (XBoard's), or the square of a royal piece
 * of the side to move written twice ("e2e2", Fairy-Stockfish); a legal move of that very name
 * comes first.  Another square written twice stays no move.  A castling is read as "O-O" or
 * "O-O-O" too, and under castling_free as the king's two squares ("e1g1"), where one castling
 * alone fits. */
Move pos_parse_move(Position *p, const char *text);

/* The verdict of the rules for the side to move, or RESULT_NONE; reason gets a short text. */
GameResult pos_game_result(Position *p, char *reason, int reasonlen);
/* Extinction (Rules.extinction): colour c has this many or fewer pieces (on the board and in hand)
 * of a type that counts (Rules.extinction_types, or any type it started with). */
bool pos_extinct(const Position *p, int c);
/* The pieces colour c has on the board, and whether they are all royal (a bare royal). */
int pos_piece_count(const Position *p, int c);
bool pos_bare_royal(const Position *p, int c);
/* Rules.empty_loses: colour c has no piece left on the board. */
bool pos_emptied(const Position *p, int c);
/* The result for the side to move when it has no move and is not in check: Rules.stalemate, or
 * by the count of pieces on the board under Rules.stalemate_by_count. */
GameResult pos_stalemate_result(const Position *p);
/* The colour whose royal piece stands on its goal (Rules.goal: King of the Hill), or -1. */
int pos_goal_reached(const Position *p);
/* The game's end by a goal, for the side to move, or RESULT_NONE.  Without Rules.goal_reply a
 * goal reached ends the game at once.  With it, a piece on its goal wins when its side is to
 * move again (the other side's reply did not take it: Jeson Mor); a royal goal piece that
 * stands on its goal with the other side to move ends the game at once unless that side is
 * Black, is not in check and can bring its own royal piece to its goal with its reply, which
 * then draws (Racing Kings, as Fairy-Stockfish plays it).  With Rules.goal_safe a goal piece
 * counts only where no enemy piece attacks it: such a piece of the side to move wins (both
 * sides': a draw), one of the other side's wins for it at once (Dobutsu's try). */
GameResult pos_goal_result(Position *p);
/* The colour that has given Rules.check_limit checks (three-check), or -1. */
static inline int pos_checks_won(const Position *p) {
  int limit = p->rules->check_limit;
  return !limit ? -1 : p->checks[WHITE] >= limit ? WHITE : p->checks[BLACK] >= limit ? BLACK : -1;
}
/* After a move of colour mover that ended its turn: counts the check it gave, if it gave one
 * (for rules with a check_limit; the key follows). */
void pos_count_check(Position *p, int mover);
/* Rules.shak_types: sets the check series of the side to move after a move (Shatar). */
void pos_note_check_series(Position *p);
/* The result for the side to move when it is checkmated: Rules.checkmate, or as Shatar's
 * mate rule decides it (Rules.shak_types). */
GameResult pos_checkmate_result(const Position *p);
/* Rules.bare_royal_draws: a side is left with its royal pieces alone. */
static inline bool pos_bare_drawn(const Position *p) {
  return p->rules->bare_royal_draws && (pos_bare_royal(p, WHITE) || pos_bare_royal(p, BLACK));
}

#ifdef __cplusplus
}
#endif
#endif
