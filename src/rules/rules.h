/* The variant model the engine runs: piece types made of movement atoms, zones, royalty,
 * castling, en passant, promotion, drops, counters and turn structure.  A Rules value is built
 * once (by a fixture in C, or by the bridge from a preset), finalised, and then shared read-only
 * by every position and thread.  Nothing here knows GAME Code. */
#ifndef HERALD_RULES_RULES_H
#define HERALD_RULES_RULES_H

#include <stdbool.h>
#include <stdint.h>

#include "board/bitboard.h"
#include "board/geometry.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
  MAX_TYPES = 30, /* piece types per variant (board codes fit in 6 bits) */
  MAX_ATOMS = 64, /* single-direction atoms per piece type */
  MAX_ZONES = 16,
  /* Chess960 lists every king and partner square of a rank: 2 x 8 x 7 = 112, Capablanca random
   * 2 x 10 x 9 = 180; a move's argument holds the index in 8 bits. */
  MAX_CASTLINGS = 256,
  MAX_DIRECTIONS = 64,  /* distinct ride directions over all pieces */
  MAX_CHECK_LIMIT = 15, /* most checks a check-counting game may ask for (five-check: 5) */
  RULES_ERR_LEN = 200
};

typedef enum { ATOM_LEAP, ATOM_RIDE, ATOM_HOP, ATOM_GRASSHOP } AtomKind;
enum { MODE_MOVE = 1, MODE_CAPTURE = 2, MODE_BOTH = 3 };
enum { NO_ZONE = -1 };

/* One direction of movement, written for White (dy > 0 is forward); Black mirrors dy (and
 * reverses dx too for a PieceType that is `turned`). */
typedef struct Atom {
  AtomKind kind;
  int8_t dx, dy;
  uint8_t range;     /* rides and hops: most steps, 0 = unlimited; leaps ignore it */
  uint8_t mode;      /* MODE_MOVE | MODE_CAPTURE */
  bool initial;      /* only from the type's initial zone (pawn double step) */
  bool lame;         /* leap blocked by any piece on its path (xiangqi horse, pawn double step) */
  bool royal_only;   /* captures only royal pieces: used by attack tests (flying generals) */
  bool no_same_type; /* hops: never over, nor onto, a piece of the mover's type (janggi) */
  int8_t from_zone;  /* the mover must stand in this zone, or NO_ZONE */
  int8_t to_zone;    /* the destination must be in this zone, or NO_ZONE */
} Atom;

typedef struct PieceType {
  char name[24];
  char letter;        /* upper case; a promoted form is written '+' letter in FEN */
  char label;         /* a promoted form's own label in the preset (shogi's H for +B), which Game
                         Courier notation writes; 0 when it has none */
  char betza[64];     /* the description the atoms came from (for GUIs) */
  bool promoted_form; /* this type only arises by promotion (shogi tokin, dragon) */
  int unpromoted;     /* type a promoted form reverts to when captured into hand, or -1 */
  int points;         /* what a piece of this type counts where Rules.counting decides (janggi) */
  Atom atoms[MAX_ATOMS];
  int atom_count;
  bool royal;
  bool ep_creator;         /* its multi-step moves leave en-passant squares behind */
  bool ep_capturer;        /* may capture en passant with its capturing moves */
  int ep_zone;             /* ... only onto squares of this zone (Horde: not onto White's second
                              rank), or NO_ZONE */
  bool resets_clock;       /* its moves reset the n-move counter (pawns) */
  bool blast_spared;       /* under Rules.blast_on_capture an explosion beside it spares it (Pawns) */
  bool blast_immune;       /* no explosion removes it, not even its own capture's (Atomar's King) */
  bool turned;             /* Black's moves are White's turned half round, not mirrored top to
                        bottom (files reversed too: Legan Chess's Pawns) */
  bool clock_forward_only; /* with resets_clock: only its forward moves do (a sideways step can
                              be undone, so a repetition may span it: Pawn Sideways Chess) */
  int initial_zone;        /* zone where `initial` atoms apply */
  int promo_zone;          /* NO_ZONE: never promotes */
  int promo_choices[MAX_TYPES];
  int promo_count;
  uint32_t promo_denied[2]; /* by colour, bit t: that side may not choose type t of the choices
                               (Sort of Almost Chess: White's list has the Chancellor, Black's
                               the Queen); 0: both sides choose from all of them */
  bool promo_mandatory;     /* must promote on entering the zone (chess) */
  bool promo_on_leaving;    /* a move starting in the zone may promote too (shogi) */
  bool promo_only_captured; /* only to a type with fewer pieces on board than at the start */
  int drop_zone;            /* NO_ZONE: anywhere the piece could still move from */
  uint8_t drop_file_limit;  /* no drop on a file holding this many own unpromoted pieces of this
                               type (Shogi's nifu: 1, Tori Shogi's Swallows: 2); 0: no limit */
  bool drop_no_mate;        /* a drop of it may not give mate (shogi pawn) */
  bool oracle;              /* its atoms are only candidates: the rules' oracle decides its moves */
  bool any_square;          /* oracle piece without candidate atoms: every square is a candidate */
  /* Of an any_square piece moved by colour c: whether an empty square is a candidate, and the
   * enemy types whose squares are (what its def allows on the destination, br_candidates.c). */
  bool any_square_empty[2];
  uint32_t any_square_takes[2];
} PieceType;

typedef struct Castling {
  int color, king_from, king_to, partner_from, partner_to;
  int king_type, partner_type; /* the types that may castle so, or -1 for any */
} Castling;

/* A move a piece may make only while it has never left its square (Cambodian Chess: the King's
 * leap as a Knight onto the rank ahead, the Met's two squares straight ahead): onto an empty
 * square, over whatever stands between; a royal piece may not make it in check.  Its right is a
 * bit of Position.castle_rights, spent like a castling right by any move from or to the square. */
enum { MAX_FIRST_MOVES = 16 };
typedef struct FirstMove {
  int color, type, from, to;
  int right; /* its bit of castle_rights (one per colour and square) */
} FirstMove;

typedef enum { RESULT_NONE, RESULT_WIN, RESULT_LOSS, RESULT_DRAW } GameResult;

struct RuleTables;    /* width-packed tables, built by rules_finalize */
struct MoveGenerator; /* the move generator for the board's width (rules/movegen.h) */
struct Position;

enum { MOVE_EFFECT_MAX = 32 };
/* What a move does to the board, square by square (codes as Position.board holds them). */
typedef struct MoveEffects {
  uint64_t key; /* the position and move they belong to (a made move is remade from them) */
  uint32_t move;
  int count;
  uint8_t square[MOVE_EFFECT_MAX], before[MOVE_EFFECT_MAX], after[MOVE_EFFECT_MAX];
} MoveEffects;

/* Decides what the model cannot: set (by the bridge) when some piece type is `oracle`.  The
 * oracle is the preset's own referee; rules/ only knows these hooks.  All may be called from
 * several threads at once. */
typedef struct RulesOracle {
  /* Keeps, in place and in order, the moves of moves[0..count) that are legal in p; returns how
   * many.  p is left as it was. */
  int (*filter)(void *ctx, struct Position *p, uint32_t *moves, int count);
  /* The verdict of the rules on p for its side to move, when the oracle knows one (*known). */
  GameResult (*verdict)(void *ctx, struct Position *p, bool *known);
  /* The squares a MOVE_ORACLE move changes in p (which the filter gave); false when unknown. */
  bool (*effects)(void *ctx, struct Position *p, uint32_t move, MoveEffects *out);
  /* p, with its whole history, is a position copies of it may start from (a search root). */
  void (*anchor)(void *ctx, struct Position *p);
  /* Called by rules_free when the rules own the oracle (may be NULL). */
  void (*release)(void *ctx);
  void *ctx;
} RulesOracle;

/* Turns of several moves (seed 003: Marseillais Chess, Extra Move Chess, Monster Chess).  A
 * part is a ply whose side does not change; the turn ends after its last part, or early. */
enum { MAX_TURN_PARTS = 8 };
/* What a part of a turn may be (TurnRules.kinds): a move onto an empty square (promotions
 * included), a capture (en passant included), a multi-step move that leaves en-passant squares
 * behind (a Pawn's double step: a move too, but told apart), a pass.  0 = anything, as in
 * ordinary chess (a pass only where Rules.pass_allowed says). */
enum { PART_MOVE = 1, PART_CAPTURE = 2, PART_MULTISTEP = 4, PART_PASS = 8 };
typedef struct TurnRules {
  int parts[2];                        /* parts of a turn by side; 0 = Rules.turn_parts */
  int first_parts;                     /* parts of the game's first turn (White's, at move 1); 0 = parts[WHITE] */
  bool check_ends;                     /* a part that gives check ends the turn (Marseillais) */
  bool piece_once;                     /* the piece that moved may not move again in the same turn (Extra Move) */
  uint8_t kinds[MAX_TURN_PARTS];       /* what part i of a turn may be */
  uint8_t first_kinds[MAX_TURN_PARTS]; /* the same for the game's first turn */
} TurnRules;

typedef struct Rules {
  char name[32];
  Geometry geo;
  PieceType types[MAX_TYPES];
  int type_count;
  Bits zones[MAX_ZONES][2]; /* per colour */
  char zone_name[MAX_ZONES][16];
  int zone_count;
  Castling castlings[MAX_CASTLINGS];
  int castling_count;
  FirstMove first_moves[MAX_FIRST_MOVES];
  int first_move_count;
  /* A move of a piece of these types onto the file or rank of an enemy royal piece spends that
   * piece's first-move right, whatever stands between (Cambodian Chess: a Rook aimed at the King) */
  uint32_t first_lost_types;
  /* Chess960 castling (rules_add_free_castling): the castlings list every king square with every
   * partner square of the rank, the position's rights say which king and partner are the
   * castling ones, so a right belongs to its partner's square alone and any move of the
   * castling king spends all of its side's rights (castle_keep_piece). */
  bool castling_free;
  bool drops;                /* captured pieces go to the capturer's hand */
  bool drops_where_stuck;    /* with drops: a piece may be dropped where it could never move (Dobutsu) */
  bool blast_on_capture;     /* a capture explodes: the capturer and every piece next to the
                                square taken on leave the board (Atomic), but blast_spared
                                types beside it and blast_immune types anywhere */
  uint32_t mutual_immune;    /* bit t: pieces of these types may not take each other (Atomar's Kings);
                                attack tests do not know it (no royal game has it) */
  bool captures_leave_game;  /* with drops: captured pieces do not go to hand; only the hands the
                                game starts with are dropped (Pocket Knight) */
  bool drops_keep_rank;      /* a piece a pawn promoted to goes to hand as it is, not as the pawn (loop) */
  GameResult stalemate;      /* result for the side that has no move and is not in check */
  bool stalemate_by_count;   /* instead: fewer pieces than the other side win, as many draw (suicide) */
  GameResult checkmate;      /* normally RESULT_LOSS */
  bool extinction;           /* a side that loses all pieces of any one type loses */
  uint32_t extinction_types; /* the types that count for it (bit t), 0: every type a side starts with */
  int extinction_count;      /* a side with this many or fewer pieces of such a type has lost (0) */
  bool extinction_wins;      /* ... has won instead (Codrus: the player who loses its King wins) */
  bool bare_royal_loses;     /* a side left with only royal pieces loses */
  bool bare_royal_wins;      /* a side left with only royal pieces wins, and the game ends (losers) */
  bool empty_loses;          /* a side left with no piece on the board loses (Horde: White, kingless) */
  bool bare_royal_draws;     /* a side left with only royal pieces draws, and the game ends (Shatar) */
  /* Shatar's mate: a checkmate given by pieces of mate_lost_types alone (the Knight) loses for
   * the side that gave it; otherwise it wins only if some check of the series that led to it
   * (the mated side's turns in check, one after the other) came from a piece of shak_types (a
   * shak: Knight, Rook or Bers), and draws if none did.  0: no such rule. */
  uint32_t shak_types;
  uint32_t mate_lost_types;
  Bits goal[2];          /* a royal piece reaching goal[its colour] wins (King of the Hill) */
  uint32_t goal_types;   /* the types that win on a goal (bit t) instead, 0: the royal ones (Breakthrough) */
  bool goal_reply;       /* a goal wins only once the other side has had its reply (pos_goal_result) */
  bool goal_safe;        /* a goal counts only while no enemy piece attacks the piece on it (Dobutsu) */
  bool no_giving_check;  /* a move may not check the other side (Racing Kings) */
  bool royal_heirs;      /* a side with two royal pieces or more has none in check: only the
                                last one left is royal (Sho Shogi's King and Crown Prince) */
  int check_limit;       /* a side that gives this many checks wins (three-check: 3), 0 = none */
  bool must_capture;     /* a side that can capture must (antichess): only its captures are legal */
  int nmove_rule;        /* plies without capture or clock reset for a draw, 0 = none */
  int repetition_count;  /* n-fold repetition, 0 = none */
  GameResult repetition; /* result for the side to move when it happens */
  int turn_parts;        /* most moves in a turn (multi-move variants), normally 1 */
  TurnRules turn;        /* how a turn of several parts goes (turn_parts > 1) */
  bool pass_allowed;
  bool double_pass_ends; /* a pass answering a pass ends the game in a draw (janggi) */
  /* Bikjang (janggi): when the single royal pieces of the two sides face each other on a file
   * with nothing between them, the side to move must move so that they no longer do, or pass
   * (even in check); a pass leaves them facing and ends the game. */
  bool bikjang;
  /* Makpong: a royal piece in check may not move, except to take the one piece that checks it. */
  bool royal_stays_in_check;
  /* Counting (janggi): a game ended by passes, by bikjang or by repetition goes to the side with
   * more points (PieceType.points of its pieces on the board), Black's counted with komi. */
  bool counting;
  int counting_komi2; /* twice the points Black's total gets (komi 1.5: 3); odd: no draw possible */
  char start_fen[512];
  RulesOracle *oracle; /* NULL when every piece is compiled */
  /* Derived by rules_finalize: */
  bool finalized;
  int bbw;                         /* words per bitboard in the hot code: 1, 2 or 4 */
  const struct MoveGenerator *gen; /* the model's generator for that width */
  bool turn_restricted;            /* a turn's part is restricted, or captures compulsory: turns.c filters */
  bool has_goal;                   /* some square of goal[] is set */
  Bits board_mask;
  Bits stuck[MAX_TYPES][2]; /* squares the type could never move from (forced promotion) */
  int royal_type_count;
  uint32_t royal_types;           /* bit t set when type t is royal */
  int initial_count[MAX_TYPES];   /* pieces of each type per side in the start position */
  int8_t hand_type[MAX_TYPES][2]; /* what a captured piece becomes in hand: [type][promoted mark] */
  uint64_t zobrist_piece[64][GEO_MAX_SQUARES];
  uint64_t zobrist_hand[2][MAX_TYPES][64];
  uint64_t zobrist_castle[MAX_CASTLINGS];
  uint64_t zobrist_ep[GEO_MAX_SQUARES];
  uint64_t zobrist_side, zobrist_part, zobrist_turn_piece, zobrist_turn_effects;
  uint64_t zobrist_checks[2][MAX_CHECK_LIMIT + 1]; /* [colour][checks it has given] */
  Bits ep_target[2];                               /* squares onto which some piece of colour c may take en passant */
  uint32_t castle_keep[GEO_MAX_SQUARES];           /* rights that survive a move touching the square */
  uint32_t castle_keep_piece[64];                  /* rights that survive a move of the piece of this code */
  int castle_right[MAX_CASTLINGS];                 /* right bit of each castling */
  /* The castlings of each right bit, in index order: generation looks only at those whose right
   * the position holds (Chess960 lists 112 castlings, of which a position uses at most four). */
  uint8_t right_castlings[32][MAX_CASTLINGS];
  uint8_t right_castling_count[32];
  uint32_t color_rights[2]; /* the right bits of each colour's castlings */
  uint32_t first_rights[2]; /* the right bits of each colour's first moves */
  struct RuleTables *tables;
} Rules;

/* The square a castling is written to in coordinate notation: the king's destination ("e1g1"),
 * or under castling_free its partner's square, the king taking its own rook ("e1h1"), as
 * UCI_Chess960 and XBoard's Fischer castling write it: there the king's destination alone
 * does not tell a castling from a king's step (King f1, Rook h1: "f1g1" is both), nor name a
 * castling where the king stays. */
static inline int castling_written_to(const Rules *r, const Castling *c) {
  return r->castling_free ? c->partner_from : c->king_to;
}

/* Starts an empty model on a width x height board. */
bool rules_init(Rules *r, const char *name, int width, int height, char *err, int errlen);
void rules_free(Rules *r);

/* Adds a piece type from a Betza description (see betza.h).  Returns the type index or -1. */
int rules_add_piece(Rules *r, const char *name, char letter, const char *betza, char *err, int errlen);

/* Adds a zone given for White as a rectangle of files and ranks (0-based, inclusive); Black's
 * copy is mirrored top to bottom.  Returns the zone index or -1. */
int rules_add_zone(Rules *r, const char *name, int file_lo, int file_hi, int rank_lo, int rank_hi);

/* Adds a castling move for colour (0 White, 1 Black), squares given by name.  The king and
 * partner types default to any (-1); set Castling.king_type / partner_type to restrict them. */
bool rules_add_castling(Rules *r, int color, const char *king_from, const char *king_to, const char *partner_from,
                        const char *partner_to, char *err, int errlen);

/* Adds a first move (FirstMove) for colour: a piece of type on from may go to to. */
bool rules_add_first_move(Rules *r, int color, int type, const char *from, const char *to, char *err, int errlen);
/* Adds Chess960 castling for colour on the given rank (0-based) and sets Rules.castling_free: from
 * every square of the rank, the king of king_type castles with a partner of partner_type on any
 * other square of it, to the file a_side_to (0-based) when the partner stands toward the a-file
 * and to h_side_to when toward the other edge; the partner lands next to the king on its other
 * side (c1 and d1, g1 and f1 in Chess960).  Squares off the board or in holes are left out.  The
 * rights then work as castling_free says for every castling of the rules: add no other kind. */
bool rules_add_free_castling(Rules *r, int color, int rank, int king_type, int partner_type, int a_side_to,
                             int h_side_to, char *err, int errlen);

int rules_find_type(const Rules *r, char letter, bool promoted_form);

/* Derives tables, keys and limits; call after the model is complete.  False with a message
 * when the model is inconsistent. */
bool rules_finalize(Rules *r, char *err, int errlen);
/* The PEXT-indexed attack table of the orthogonal (group 0) or diagonal (group 1) sliders, on a
 * board of 64 squares at most in a build with BMI2: what a piece riding all four lines of the
 * group from sq reaches over `occupied` (each line up to its first piece, that one included) is
 * attacks[offset[sq] + _pext_u64(occupied, mask[sq])].  False where there is none. */
bool rules_slider_table(const Rules *r, int group, const uint64_t **mask, const uint32_t **offset,
                        const uint64_t **attacks);
/* Derives the turn's figures from Rules.turn (rules_finalize does it; call it again after changing
 * Rules.turn of finalised rules): the parts by side, the most parts, whether generation filters. */
bool rules_update_turns(Rules *r, char *err, int errlen);

#ifdef __cplusplus
}
#endif
#endif
