#include "rules/reference_rules.h"

#include <stdio.h>
#include <string.h>

/* Adds a piece or fails the whole fixture. */
#define PIECE(var, name, letter, betza)                                                                                \
  int var = rules_add_piece(r, name, letter, betza, err, errlen);                                                      \
  if (var < 0) return false

static void set_promotions(PieceType *pt, int zone, const int *choices, int count) {
  pt->promo_zone = zone;
  pt->promo_count = count;
  for (int i = 0; i < count; i++) pt->promo_choices[i] = choices[i];
}

/* The orthodox pawn: step, capture diagonally, double step from its start rank, en passant. */
static int add_pawn(Rules *r, int start_rank, char *err, int errlen) {
  int pawn = rules_add_piece(r, "Pawn", 'P', "fmWfcFifmnD", err, errlen);
  if (pawn < 0) return -1;
  PieceType *pt = &r->types[pawn];
  pt->ep_creator = pt->ep_capturer = pt->resets_clock = true;
  pt->initial_zone = rules_add_zone(r, "pawn start", 0, r->geo.width - 1, start_rank, start_rank);
  return pawn;
}

/* Castling of the royal piece (letter K) with the rook (letter R) from the corners. */
static bool add_standard_castling(Rules *r, const char *ranks[2], char king_file, char short_king, char short_rook_to,
                                  char long_king, char long_rook_to, char *err, int errlen) {
  int first = r->castling_count;
  char rook_short = (char)('a' + r->geo.width - 1);
  for (int c = 0; c < 2; c++) {
    char kf[8], kt[8], pf[8], pt[8];
    snprintf(kf, sizeof kf, "%c%s", king_file, ranks[c]);
    snprintf(kt, sizeof kt, "%c%s", short_king, ranks[c]);
    snprintf(pf, sizeof pf, "%c%s", rook_short, ranks[c]);
    snprintf(pt, sizeof pt, "%c%s", short_rook_to, ranks[c]);
    if (!rules_add_castling(r, c, kf, kt, pf, pt, err, errlen)) return false;
    snprintf(kt, sizeof kt, "%c%s", long_king, ranks[c]);
    snprintf(pf, sizeof pf, "a%s", ranks[c]);
    snprintf(pt, sizeof pt, "%c%s", long_rook_to, ranks[c]);
    if (!rules_add_castling(r, c, kf, kt, pf, pt, err, errlen)) return false;
  }
  for (int i = first; i < r->castling_count; i++) {
    r->castlings[i].king_type = rules_find_type(r, 'K', false);
    r->castlings[i].partner_type = rules_find_type(r, 'R', false);
  }
  return true;
}

static bool chess_like(Rules *r, const char *name, int width, const char *extra_names[], const char extra_letters[],
                       const char *extra_betza[], int extras, const char *fen, char king_file, char short_king,
                       char short_rook, char long_king, char long_rook, char *err, int errlen) {
  if (!rules_init(r, name, width, 8, err, errlen)) return false;
  PIECE(king, "King", 'K', "K");
  PIECE(queen, "Queen", 'Q', "Q");
  PIECE(rook, "Rook", 'R', "R");
  PIECE(bishop, "Bishop", 'B', "B");
  PIECE(knight, "Knight", 'N', "N");
  int choices[8] = {knight, bishop, rook, queen};
  int count = 4;
  for (int i = 0; i < extras; i++) {
    PIECE(extra, extra_names[i], extra_letters[i], extra_betza[i]);
    choices[count++] = extra;
  }
  int pawn = add_pawn(r, 1, err, errlen);
  if (pawn < 0) return false;
  r->types[king].royal = true;
  PieceType *pt = &r->types[pawn];
  set_promotions(pt, rules_add_zone(r, "last rank", 0, width - 1, 7, 7), choices, count);
  pt->promo_mandatory = true;
  const char *ranks[2] = {"1", "8"};
  if (!add_standard_castling(r, ranks, king_file, short_king, short_rook, long_king, long_rook, err, errlen))
    return false;
  r->nmove_rule = 100;
  r->repetition_count = 3;
  snprintf(r->start_fen, sizeof r->start_fen, "%s", fen);
  return rules_finalize(r, err, errlen);
}

static bool chess(Rules *r, char *err, int errlen) {
  return chess_like(r, "chess", 8, NULL, NULL, NULL, 0, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 'e',
                    'g', 'f', 'c', 'd', err, errlen);
}

static bool capablanca(Rules *r, char *err, int errlen) {
  const char *names[] = {"Archbishop", "Chancellor"};
  const char letters[] = {'A', 'C'};
  const char *betza[] = {"BN", "RN"};
  return chess_like(r, "capablanca", 10, names, letters, betza, 2,
                    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1", 'f', 'i', 'h', 'c', 'd',
                    err, errlen);
}

static bool crazyhouse(Rules *r, char *err, int errlen) {
  if (!chess(r, err, errlen)) return false;
  snprintf(r->name, sizeof r->name, "crazyhouse");
  r->drops = true;
  int pawn = rules_find_type(r, 'P', false);
  r->types[pawn].drop_zone = rules_add_zone(r, "pawn drops", 0, 7, 1, 6);
  snprintf(r->start_fen, sizeof r->start_fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1");
  return rules_finalize(r, err, errlen);
}

/* Chess960: chess with castling from any king square with either rook (rules_add_free_castling:
 * the king to the c- or g-file, the rook beside it on the d- or f-file), from the start position
 * numbered 0, BBQNNRKR. */
static bool chess960(Rules *r, char *err, int errlen) {
  if (!chess(r, err, errlen)) return false;
  snprintf(r->name, sizeof r->name, "chess960");
  r->castling_count = 0;
  int king = rules_find_type(r, 'K', false), rook = rules_find_type(r, 'R', false);
  for (int c = 0; c < 2; c++)
    if (!rules_add_free_castling(r, c, c ? 7 : 0, king, rook, 2, 6, err, errlen)) return false;
  snprintf(r->start_fen, sizeof r->start_fen, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
  return rules_finalize(r, err, errlen);
}

/* Three-check: chess, and the side that gives check for the third time wins (Rules.check_limit;
 * the FEN counts the checks still to give, as fairy-stockfish writes them). */
static bool three_check(Rules *r, char *err, int errlen) {
  if (!chess(r, err, errlen)) return false;
  snprintf(r->name, sizeof r->name, "3check");
  r->check_limit = 3;
  snprintf(r->start_fen, sizeof r->start_fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1");
  return rules_finalize(r, err, errlen);
}

/* Xiangqi: palace-bound general and advisors, elephants that stay home and can be blocked,
 * the lame horse, the cannon that captures over a screen, soldiers that gain sideways steps
 * over the river, and generals that may not face each other (a royal-only capture along the
 * file, so attack tests see it).  Stalemate loses. */
static bool xiangqi(Rules *r, char *err, int errlen) {
  if (!rules_init(r, "xiangqi", 9, 10, err, errlen)) return false;
  int palace = rules_add_zone(r, "palace", 3, 5, 0, 2);
  int home = rules_add_zone(r, "own half", 0, 8, 0, 4);
  int river = rules_add_zone(r, "over the river", 0, 8, 5, 9);
  PIECE(king, "General", 'K', "WcvR");
  PIECE(advisor, "Advisor", 'A', "F");
  PIECE(elephant, "Elephant", 'B', "nA");
  PIECE(horse, "Horse", 'N', "nN");
  PIECE(chariot, "Chariot", 'R', "R");
  PIECE(cannon, "Cannon", 'C', "mRcpR");
  PIECE(soldier, "Soldier", 'P', "fWsW");
  (void)horse, (void)chariot, (void)cannon;
  PieceType *k = &r->types[king];
  k->royal = true;
  for (int i = 0; i < k->atom_count; i++) {
    if (k->atoms[i].kind == ATOM_RIDE)
      k->atoms[i].royal_only = true;
    else
      k->atoms[i].to_zone = (int8_t)palace;
  }
  for (int i = 0; i < r->types[advisor].atom_count; i++) r->types[advisor].atoms[i].to_zone = (int8_t)palace;
  for (int i = 0; i < r->types[elephant].atom_count; i++) r->types[elephant].atoms[i].to_zone = (int8_t)home;
  PieceType *s = &r->types[soldier];
  for (int i = 0; i < s->atom_count; i++)
    if (s->atoms[i].dy == 0) s->atoms[i].from_zone = (int8_t)river;
  s->resets_clock = true;
  r->stalemate = RESULT_LOSS;
  r->repetition_count = 3;
  snprintf(r->start_fen, sizeof r->start_fen, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
  return rules_finalize(r, err, errlen);
}

/* The shogi family: each piece with its promoted form (unless it has none), drops of captured
 * pieces, optional promotion in a zone of zone_ranks ranks (forced where the piece could not
 * move again), one unpromoted pawn per file, no mate by pawn drop, stalemate loses.  The pawn
 * must come first and the king last. */
typedef struct ShogiPiece {
  const char *name;
  char letter;
  const char *betza, *promoted;
} ShogiPiece;

static bool shogi_family(Rules *r, const char *name, int size, int zone_ranks, const ShogiPiece *base, int count,
                         const char *fen, char *err, int errlen) {
  if (!rules_init(r, name, size, size, err, errlen)) return false;
  int zone = rules_add_zone(r, "promotion zone", 0, size - 1, size - zone_ranks, size - 1);
  int types[MAX_TYPES];
  for (int i = 0; i < count; i++) {
    types[i] = rules_add_piece(r, base[i].name, base[i].letter, base[i].betza, err, errlen);
    if (types[i] < 0) return false;
  }
  for (int i = 0; i < count; i++) {
    if (!base[i].promoted) continue;
    char promoted_name[32];
    snprintf(promoted_name, sizeof promoted_name, "+%s", base[i].name);
    int pro = rules_add_piece(r, promoted_name, base[i].letter, base[i].promoted, err, errlen);
    if (pro < 0) return false;
    r->types[pro].promoted_form = true;
    r->types[pro].unpromoted = types[i];
    PieceType *pt = &r->types[types[i]];
    set_promotions(pt, zone, &pro, 1);
    pt->promo_on_leaving = true;
  }
  r->types[types[count - 1]].royal = true;
  r->types[types[0]].drop_file_limit = 1;
  r->types[types[0]].drop_no_mate = true;
  r->drops = true;
  r->stalemate = RESULT_LOSS;
  r->repetition_count = 4;
  snprintf(r->start_fen, sizeof r->start_fen, "%s", fen);
  return rules_finalize(r, err, errlen);
}

static bool shogi(Rules *r, char *err, int errlen) {
  static const ShogiPiece base[] = {{"Pawn", 'P', "fW", "WfF"},    {"Lance", 'L', "fR", "WfF"},
                                    {"Knight", 'N', "ffN", "WfF"}, {"Silver", 'S', "FfW", "WfF"},
                                    {"Bishop", 'B', "B", "BW"},    {"Rook", 'R', "R", "RF"},
                                    {"Gold", 'G', "WfF", NULL},    {"King", 'K', "K", NULL}};
  return shogi_family(r, "shogi", 9, 3, base, 8,
                      "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1", err, errlen);
}

/* Grand Chess: 10x10, pawns promote on the last three ranks (forced on the last) and only to
 * a piece type the side has lost. */
static bool grand(Rules *r, char *err, int errlen) {
  if (!rules_init(r, "grand", 10, 10, err, errlen)) return false;
  PIECE(king, "King", 'K', "K");
  PIECE(queen, "Queen", 'Q', "Q");
  PIECE(marshal, "Marshal", 'C', "RN");
  PIECE(cardinal, "Cardinal", 'A', "BN");
  PIECE(rook, "Rook", 'R', "R");
  PIECE(bishop, "Bishop", 'B', "B");
  PIECE(knight, "Knight", 'N', "N");
  int pawn = add_pawn(r, 2, err, errlen);
  if (pawn < 0) return false;
  r->types[king].royal = true;
  int choices[] = {queen, marshal, cardinal, rook, bishop, knight};
  PieceType *pt = &r->types[pawn];
  set_promotions(pt, rules_add_zone(r, "last three ranks", 0, 9, 7, 9), choices, 6);
  pt->promo_only_captured = true;
  r->nmove_rule = 100;
  r->repetition_count = 3;
  snprintf(r->start_fen, sizeof r->start_fen,
           "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1");
  return rules_finalize(r, err, errlen);
}

/* Makruk: pawns start on the third rank without a double step and promote to the met. */
static bool makruk(Rules *r, char *err, int errlen) {
  if (!rules_init(r, "makruk", 8, 8, err, errlen)) return false;
  PIECE(king, "King", 'K', "K");
  PIECE(met, "Met", 'M', "F");
  PIECE(khon, "Khon", 'S', "FfW");
  PIECE(horse, "Ma", 'N', "N");
  PIECE(boat, "Rua", 'R', "R");
  PIECE(pawn, "Bia", 'P', "fmWfcF");
  (void)khon, (void)horse, (void)boat;
  r->types[king].royal = true;
  PieceType *pt = &r->types[pawn];
  pt->resets_clock = true;
  set_promotions(pt, rules_add_zone(r, "sixth rank", 0, 7, 5, 7), &met, 1);
  pt->promo_mandatory = true;
  snprintf(r->start_fen, sizeof r->start_fen, "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1");
  return rules_finalize(r, err, errlen);
}

/* Knightmate: the royal piece moves as a knight; the mann (a non-royal king) replaces it. */
static bool knightmate(Rules *r, char *err, int errlen) {
  if (!rules_init(r, "knightmate", 8, 8, err, errlen)) return false;
  PIECE(king, "Royal knight", 'K', "N");
  PIECE(queen, "Queen", 'Q', "Q");
  PIECE(rook, "Rook", 'R', "R");
  PIECE(bishop, "Bishop", 'B', "B");
  PIECE(mann, "Mann", 'M', "K");
  int pawn = add_pawn(r, 1, err, errlen);
  if (pawn < 0) return false;
  r->types[king].royal = true;
  int choices[] = {mann, bishop, rook, queen};
  PieceType *pt = &r->types[pawn];
  set_promotions(pt, rules_add_zone(r, "last rank", 0, 7, 7, 7), choices, 4);
  pt->promo_mandatory = true;
  const char *ranks[2] = {"1", "8"};
  if (!add_standard_castling(r, ranks, 'e', 'g', 'f', 'c', 'd', err, errlen)) return false;
  snprintf(r->start_fen, sizeof r->start_fen, "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1");
  return rules_finalize(r, err, errlen);
}

/* Extinction chess: nothing is royal; a side that loses every piece of one type loses. */
static bool extinction(Rules *r, char *err, int errlen) {
  if (!chess(r, err, errlen)) return false;
  snprintf(r->name, sizeof r->name, "extinction");
  int king = rules_find_type(r, 'K', false), pawn = rules_find_type(r, 'P', false);
  r->types[king].royal = false;
  PieceType *pt = &r->types[pawn];
  pt->promo_choices[pt->promo_count++] = king;
  r->extinction = true;
  return rules_finalize(r, err, errlen);
}

/* Minishogi on 5x5: shogi's drops and promotions with a one-rank zone. */
static bool minishogi(Rules *r, char *err, int errlen) {
  static const ShogiPiece base[] = {{"Pawn", 'P', "fW", "WfF"}, {"Silver", 'S', "FfW", "WfF"},
                                    {"Bishop", 'B', "B", "BW"}, {"Rook", 'R', "R", "RF"},
                                    {"Gold", 'G', "WfF", NULL}, {"King", 'K', "K", NULL}};
  return shogi_family(r, "minishogi", 5, 1, base, 6, "rbsgk/4p/5/P4/KGSBR[] w - - 0 1", err, errlen);
}

static const struct {
  const char *name;
  bool (*build)(Rules *, char *, int);
} fixtures[] = {{"chess", chess},         {"capablanca", capablanca}, {"xiangqi", xiangqi},
                {"shogi", shogi},         {"crazyhouse", crazyhouse}, {"grand", grand},
                {"makruk", makruk},       {"knightmate", knightmate}, {"extinction", extinction},
                {"minishogi", minishogi}, {"chess960", chess960},     {"3check", three_check}};

bool reference_rules(Rules *r, const char *name, char *err, int errlen) {
  for (size_t i = 0; i < sizeof fixtures / sizeof fixtures[0]; i++)
    if (!strcmp(fixtures[i].name, name)) return fixtures[i].build(r, err, errlen);
  snprintf(err, errlen, "no built-in rules called '%s' (there are: %s)", name, reference_rules_names());
  return false;
}

const char *reference_rules_names(void) {
  return "chess capablanca xiangqi shogi crazyhouse grand makruk knightmate extinction minishogi chess960 3check";
}
