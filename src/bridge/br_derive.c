/* The rules a preset implies beyond its pieces' movement, read from the interpreter's state
 * after Pre-Game and from its parsed code (br_code.c): royalty, promotion (askpromote lists,
 * fairychess settings, Shogi-style promoted forms), en passant of refereed pieces, game ends
 * (n-move and repetition counters, facing generals, extinction, bare royal) and drops. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridge/br_internal.h"

/* Royal pieces: labels whose square a variable tracks (seed 000 `K`/`k`, fairychess
 * `Kpos`/`kpos`), as the check routine tests them (reference §5.4). */
void br_derive_royalty(BrGame *g) {
  const GcBoard *b = gc_get_board(g->gc);
  char found[128] = "";
  /* herald-rules: under extinction or noroyal, Kpos/kpos only name castlers */
  if (br_setting_int(g->gc, "extinction", 0) || br_setting_int(g->gc, "noroyal", 0)) {
    br_note(g, br_setting_int(g->gc, "extinction", 0) ? "royal: none (extinction)" : "royal: none (noroyal)");
    return;
  }
  for (int i = 0; i < g->piece_count; i++) {
    BrPiece *pc = &g->pieces[i];
    const char *names[3] = {pc->label, NULL, NULL};
    char pos[GC_LABEL_MAX + 4];
    snprintf(pos, sizeof pos, "%spos", pc->label);
    names[1] = pos;
    for (int k = 0; names[k]; k++) {
      const char *sq = br_var_square(g->gc, names[k]);
      const char *at = sq ? br_label_at(b, sq) : NULL;
      if (at && !strcmp(at, pc->label) && !pc->royal) {
        pc->royal = true;
        size_t len = strlen(found);
        snprintf(found + len, sizeof found - len, " %s (variable %s)", pc->label, names[k]);
      }
    }
  }
  /* herald-rules' royallabels: more royal labels, every piece of them (Coregal's Queens); its
   * heirlabels: the King's heirs, royal with it (Rules.royal_heirs: the last one left is) */
  static const char *const settings[2] = {"royallabels", "heirlabels"};
  for (int s = 0; s < 2; s++) {
    char labels[MAX_TYPES][GC_LABEL_MAX * 2];
    int n = br_setting_words(g->gc, settings[s], labels, MAX_TYPES);
    if (s == 1 && n > 0) g->rules.royal_heirs = true;
    for (int i = 0; i < n; i++)
      for (int k = 0; k < g->piece_count; k++) {
        BrPiece *pc = &g->pieces[k];
        if (pc->royal || strcasecmp(pc->label, labels[i])) continue;
        pc->royal = true;
        size_t len = strlen(found);
        snprintf(found + len, sizeof found - len, " %s (%s)", pc->label, settings[s]);
      }
  }
  char text[200];
  snprintf(text, sizeof text, "royal:%s", found[0] ? found : " none found");
  br_note(g, text);
}

/* The fairychess promotion choices (wprom and bprom, seed 004) as types: both lists together,
 * with the types a side's own list lacks denied to that side (Sort of Almost Chess: White
 * promotes to a Chancellor, Black to a Queen); their count, or -1 when the preset does not
 * set wprom. */
static int listed_promotions(BrGame *g, int choices[MAX_TYPES], uint32_t denied[2]) {
  static const char *const lists[2] = {"wprom", "bprom"};
  uint32_t listed[2] = {0, 0};
  int count = 0, set[2];
  for (int c = 0; c < 2; c++) {
    char labels[MAX_TYPES][GC_LABEL_MAX * 2];
    set[c] = br_setting_words(g->gc, lists[c], labels, MAX_TYPES);
    for (int i = 0; i < set[c]; i++) {
      const BrPiece *pc = br_piece_of(g, labels[i]);
      if (!pc || pc->type < 0) continue;
      if (!(listed[0] >> pc->type & 1) && !(listed[1] >> pc->type & 1)) choices[count++] = pc->type;
      listed[c] |= 1u << pc->type;
    }
  }
  if (set[0] < 0) return -1;
  if (set[1] < 0) listed[1] = listed[0]; /* without bprom both sides have White's list */
  for (int c = 0; c < 2; c++)
    for (int i = 0; i < count; i++)
      if (!(listed[c] >> choices[i] & 1)) denied[c] |= 1u << choices[i];
  return count;
}

/* Whether sq is in the promotion zone of color as herald-rules' `promotion` judges it: the
 * square depth ranks ahead (toward the far side) is off the board or a hole. */
static bool in_referee_zone(const Geometry *geo, int sq, int color, int depth) {
  int rank = geo_rank(geo, sq) + (color == WHITE ? depth : -depth);
  return !geo_on_board(geo, geo_file(geo, sq), rank);
}

/* herald-rules' `wpzone`/`bpzone`: the promotion zone as lists of squares (Legan Chess).
 * Fills zone (by colour) when it is not NULL; returns how many squares the lists name. */
static int listed_zone_squares(BrGame *g, Bits zone[2]) {
  const GcBoard *b = gc_get_board(g->gc);
  char squares[GC_MAX_FILES * 4][GC_LABEL_MAX * 2];
  int total = 0;
  for (int c = 0; c < 2; c++) {
    int n = br_setting_words(g->gc, c == WHITE ? "wpzone" : "bpzone", squares, GC_MAX_FILES * 4);
    for (int i = 0; i < n; i++) {
      int at = gc_board_index(b, squares[i]);
      if (at < 0) continue;
      total++;
      if (zone) bits_set(&zone[c], geo_square(&g->rules.geo, gc_board_file_of(b, at), gc_board_rank_of(b, at)));
    }
  }
  return total;
}

/* The promotion zone of pzs = depth, or of the squares wpzone/bpzone list.  Where the squares that pass the referee's test form
 * whole ranks at the far side, the zone is those ranks; squares lower down that pass it
 * (Omega's wizard squares, under holes) are out of a forward piece's reach and stay out, so
 * that the evaluation's distance to promotion counts only the zone a piece can enter.  Where
 * a rank of that run is mixed (Troitzky Chess: each file ends at its own rank), the zone is
 * every square that passes the test, colour by colour. */
static int add_promotion_zone(BrGame *g, int depth) {
  Rules *r = &g->rules;
  const Geometry *geo = &r->geo;
  int low = geo->height;
  bool mixed = false;
  for (int rank = geo->height - 1; rank >= 0 && !mixed; rank--) {
    int in = 0, out = 0;
    for (int file = 0; file < geo->width; file++) {
      int sq = geo_square(geo, file, rank);
      if (geo->hole[sq]) continue;
      if (in_referee_zone(geo, sq, WHITE, depth))
        in++;
      else
        out++;
    }
    mixed = in && out;
    if (out) break;
    low = rank;
  }
  const char *name = depth == 1 ? "last rank" : "promotion zone";
  if (listed_zone_squares(g, NULL)) {
    int z = rules_add_zone(r, "promotion zone", 0, -1, 0, -1);
    if (z >= 0) listed_zone_squares(g, r->zones[z]);
    return z;
  }
  if (!mixed)
    return rules_add_zone(r, name, 0, geo->width - 1, low < geo->height ? low : geo->height - depth, geo->height - 1);
  int z = rules_add_zone(r, name, 0, -1, 0, -1);
  if (z < 0) return z;
  for (int sq = 0; sq < geo->squares; sq++)
    for (int c = 0; c < 2; c++)
      if (!geo->hole[sq] && in_referee_zone(geo, sq, c, depth)) bits_set(&r->zones[z][c], sq);
  return z;
}

/* The types whose pieces herald-rules promotes: those whose codename is one of its
 * `pawn_codes` (a sideways or backward Pawn promotes too), as a mask; -1 when the preset has no
 * such setting. */
static int pawn_code_types(BrGame *g) {
  char codes[MAX_TYPES * 2][GC_LABEL_MAX * 2];
  int n = br_setting_words(g->gc, "pawn_codes", codes, MAX_TYPES * 2);
  if (n <= 0) return -1;
  int mask = 0;
  for (int i = 0; i < g->piece_count; i++) {
    const BrPiece *pc = &g->pieces[i];
    char codename[GC_LABEL_MAX * 2];
    if (pc->type < 0 || pc->royal || !br_codename(g, pc->label, codename, sizeof codename)) continue;
    for (int k = 0; k < n; k++)
      if (!strcmp(codes[k], codename)) mask |= 1 << pc->type;
  }
  return mask;
}

/* Promotion: the fairychess settings (wprom, a zone of pzs ranks, forced on entering it when
 * pforced is set, else only on the last rank), or the labels of the first `askpromote` of the
 * preset, or else every non-royal type that does not itself promote; the pieces of herald-rules'
 * pawn_codes promote, or without that setting the pieces whose moves all go forward. */
void br_derive_promotion(BrGame *g, const BrCode *code) {
  Rules *r = &g->rules;
  char shogi[1][GC_LABEL_MAX * 2];
  if (br_setting_words(g->gc, "promotes", shogi, 1) > 0) return; /* derive_shogi_promotion */
  int choices[MAX_TYPES], count = 0;
  uint32_t denied[2] = {0, 0};
  int listed = listed_promotions(g, choices, denied);
  int depth = listed >= 0 ? br_setting_int(g->gc, "pzs", 1) : 1;
  if (depth < 1 || depth > r->geo.height) depth = 1;
  if (listed >= 0) count = listed;
  const BrStatement *ask = NULL;
  int at = -1;
  for (int i = 0; code && listed < 0 && !ask && i < code->count; i++)
    for (int k = 0; k < code->st[i].nwords && !ask; k++)
      if (br_statement_is(&code->st[i], k, "askpromote")) ask = &code->st[i], at = k;
  for (int k = at + 1; ask && k < ask->nwords && count < MAX_TYPES; k++) {
    const BrPiece *pc = br_piece_of(g, ask->words[k]);
    if (pc && pc->type >= 0) {
      bool dup = false;
      for (int i = 0; i < count; i++) dup |= choices[i] == pc->type;
      if (!dup) choices[count++] = pc->type;
    }
  }
  bool from_ask = count > 0 || listed >= 0;
  int promoting = pawn_code_types(g);
  bool by_code = promoting >= 0;
  for (int t = 0; promoting < 0 && t < r->type_count; t++) {
    const PieceType *pt = &r->types[t];
    bool forward = pt->atom_count > 0;
    for (int i = 0; i < pt->atom_count; i++) forward &= pt->atoms[i].dy > 0;
    if (!forward || pt->royal) continue;
    promoting = (promoting < 0 ? 0 : promoting) | 1 << t;
  }
  if (promoting < 0) promoting = 0;
  if (!from_ask)
    for (int t = 0; t < r->type_count; t++)
      if (!r->types[t].royal && !(promoting >> t & 1)) choices[count++] = t;
  if (!promoting || !count) return;
  int zone = add_promotion_zone(g, depth);
  bool mandatory = depth == 1 || br_setting_int(g->gc, "pforced", 0);
  for (int t = 0; t < r->type_count; t++) {
    if (!(promoting >> t & 1)) continue;
    PieceType *pt = &r->types[t];
    pt->promo_zone = zone;
    pt->promo_count = count;
    memcpy(pt->promo_choices, choices, sizeof(int) * count);
    memcpy(pt->promo_denied, denied, sizeof denied);
    pt->promo_mandatory = mandatory;
    pt->promo_only_captured = listed >= 0 && br_setting_int(g->gc, "pcaptured", 0);
    pt->resets_clock = true;
  }
  const char *who = by_code ? "the pawns of pawn_codes" : "forward-only pieces";
  char said[160];
  snprintf(said, sizeof said, "promotion: %s, %s", who,
           listed >= 0 ? "zone and choices from pzs/wprom/bprom (or wpzone/bpzone)"
           : from_ask  ? "on the last rank, choices from askpromote"
                       : "on the last rank to any other non-royal type");
  br_note(g, said);
}

/* En passant for oracle pawns: pieces that promote and whose Post-Move keeps an `ep` square
 * capture and leave behind en passant as the compiled pawns do; the oracle still decides. */
void br_derive_oracle_en_passant(BrGame *g, const BrCode *code) {
  if (!br_code_has_word(code, "set", "ep") && !br_code_has_word(code, "#ep", NULL)) return;
  for (int t = 0; t < g->rules.type_count; t++) {
    PieceType *pt = &g->rules.types[t];
    if (pt->oracle && pt->promo_count) pt->ep_capturer = pt->ep_creator = pt->resets_clock = true;
  }
}

/* Xiangqi's facing generals (herald-rules `flyinggenerals`): each royal type also attacks along
 * its file, capturing only a royal piece, so no move may leave the generals facing. */
static void add_flying_generals(BrGame *g) {
  Rules *r = &g->rules;
  for (int t = 0; t < r->type_count; t++) {
    PieceType *pt = &r->types[t];
    if (!pt->royal || pt->atom_count + 2 > MAX_ATOMS) continue;
    for (int dy = -1; dy <= 1; dy += 2)
      pt->atoms[pt->atom_count++] = (Atom){.kind = ATOM_RIDE,
                                           .dx = 0,
                                           .dy = (int8_t)dy,
                                           .mode = MODE_CAPTURE,
                                           .royal_only = true,
                                           .from_zone = NO_ZONE,
                                           .to_zone = NO_ZONE};
  }
  br_note(g, "royal pieces may not face each other on an open file");
}

static int type_of_label(BrGame *g, const char *label, int c);

/* Goal squares (herald-rules `wgoal`/`bgoal`, King of the Hill): a royal piece of that side
 * that reaches one wins, or with `goallabels` a piece of those labels (Breakthrough).  False
 * with the reason for a label no piece of the game has. */
/* The types of the labels a herald-rules setting lists (White's labels; with both, Black's
 * labels of the same letters too, each of which must exist), added to *mask; false with err
 * naming the setting for a label no piece has. */
static bool label_types(BrGame *g, const char *setting, bool both, uint32_t *mask, char *err, int errlen) {
  char labels[MAX_TYPES][GC_LABEL_MAX * 2];
  int n = br_setting_words(g->gc, setting, labels, MAX_TYPES);
  for (int i = 0; i < n; i++)
    for (int c = 0; c < (both ? 2 : 1); c++) {
      int t = type_of_label(g, labels[i], c);
      if (t < 0) {
        snprintf(err, errlen, "%s: no piece of this game is labelled '%s'", setting, labels[i]);
        return false;
      }
      *mask |= 1u << t;
    }
  return true;
}

/* Explosions (herald-rules `blast`, Atomic): a capture removes the capturer and the pieces
 * around the square, but the types of blastspared around it and of blastimmune anywhere; the
 * types of mutualimmune may not take each other (Atomar's Kings). */
static bool derive_explosion(BrGame *g, char *err, int errlen) {
  Rules *r = &g->rules;
  r->blast_on_capture = br_setting_int(g->gc, "blast", 0);
  uint32_t spared = 0, immune = 0;
  if (!label_types(g, "blastspared", false, &spared, err, errlen) ||
      !label_types(g, "blastimmune", false, &immune, err, errlen) ||
      !label_types(g, "mutualimmune", false, &r->mutual_immune, err, errlen))
    return false;
  for (int t = 0; t < r->type_count; t++) {
    r->types[t].blast_spared = spared >> t & 1;
    r->types[t].blast_immune = immune >> t & 1;
  }
  if (r->blast_on_capture) br_note(g, "a capture explodes (blast)");
  if (r->mutual_immune) br_note(g, "the pieces of mutualimmune may not take each other");
  return true;
}

static bool derive_goal(BrGame *g, char *err, int errlen) {
  Rules *r = &g->rules;
  const GcBoard *b = gc_get_board(g->gc);
  char squares[GC_MAX_FILES * 4][GC_LABEL_MAX * 2];
  for (int c = 0; c < 2; c++) {
    int n = br_setting_words(g->gc, c == WHITE ? "wgoal" : "bgoal", squares, GC_MAX_FILES * 4);
    for (int i = 0; i < n; i++) {
      int at = gc_board_index(b, squares[i]);
      if (at < 0) continue;
      bits_set(&r->goal[c], geo_square(&r->geo, gc_board_file_of(b, at), gc_board_rank_of(b, at)));
    }
  }
  if (!label_types(g, "goallabels", false, &r->goal_types, err, errlen)) return false;
  r->goal_reply = br_setting_int(g->gc, "goalreply", 0);
  r->goal_safe = br_setting_int(g->gc, "goalsafe", 0);
  if (r->goal_safe) br_note(g, "a goal counts only where no enemy piece attacks the piece on it (goalsafe)");
  if (bits_any(&r->goal[0]) || bits_any(&r->goal[1]))
    br_note(g, r->goal_types ? "a piece of goallabels on a goal square (wgoal/bgoal) wins"
                             : "a royal piece on a goal square (wgoal/bgoal) wins");
  if (r->goal_reply) br_note(g, "a goal wins once the other side has had its reply (goalreply)");
  return true;
}

/* The type of the piece labelled label in colour c's case (White's upper, Black's lower), or -1. */
static int type_of_label(BrGame *g, const char *label, int c) {
  char cased[GC_LABEL_MAX * 2];
  snprintf(cased, sizeof cased, "%.*s", (int)sizeof cased - 1, label);
  for (char *q = cased; *q; q++) *q = (char)(c ? tolower((unsigned char)*q) : toupper((unsigned char)*q));
  const BrPiece *piece = br_piece_of(g, cased);
  return piece ? piece->type : -1;
}

/* Counting (herald-rules `counting`, `points`, `komi`): the labels whose pieces count, White's
 * (Black's pieces, of the lower-case labels, count the same), their points in the same order,
 * and the points Black's total gets.  False with the setting at fault and why. */
static bool derive_counting(BrGame *g, const char **setting, char *err, int errlen) {
  Rules *r = &g->rules;
  char labels[MAX_TYPES][GC_LABEL_MAX * 2], points[MAX_TYPES][GC_LABEL_MAX * 2], komi[1][GC_LABEL_MAX * 2];
  int n = br_setting_words(g->gc, "counting", labels, MAX_TYPES);
  if (n <= 0) return true;
  *setting = "points";
  if (br_setting_words(g->gc, "points", points, MAX_TYPES) != n) {
    snprintf(err, errlen, "counting lists %d labels: points must give as many numbers", n);
    return false;
  }
  for (int i = 0; i < n; i++) {
    char *end;
    long value = strtol(points[i], &end, 10);
    if (*end || end == points[i] || value < 0 || value > 1000) {
      snprintf(err, errlen, "points: '%s' is not a whole number from 0 to 1000", points[i]);
      return false;
    }
    for (int c = 0; c < 2; c++) {
      int t = type_of_label(g, labels[i], c);
      if (t < 0) {
        *setting = "counting";
        snprintf(err, errlen, "counting: no piece of this game is labelled '%c%s'",
                 c ? tolower((unsigned char)labels[i][0]) : toupper((unsigned char)labels[i][0]), labels[i] + 1);
        return false;
      }
      r->types[t].points = (int)value;
    }
  }
  *setting = "komi";
  double given = 0;
  if (br_setting_words(g->gc, "komi", komi, 1) == 1) {
    char *end;
    given = strtod(komi[0], &end);
    if (*end || end == komi[0] || given < -1000 || given > 1000 || given * 2 != (double)(long)(given * 2)) {
      snprintf(err, errlen, "komi: '%s' is not a number of whole or half points from -1000 to 1000", komi[0]);
      return false;
    }
  }
  r->counting = true;
  r->counting_komi2 = (int)(given * 2);
  char said[96];
  snprintf(said, sizeof said, "a game ended by passes, bikjang or repetition is decided by points (komi %g)", given);
  br_note(g, said);
  return true;
}

/* Game end from the fairychess settings of herald-rules: `stalemate win` (the stalemated side
 * loses, Shatranj), `stalemate loss` (it wins, antichess) or `stalemate fewer` (fewer pieces
 * win, suicide); `mustcapture true` (a side that can capture must); `bareking true` (a side
 * left with its royal piece alone loses) or `bareking win` (it wins, losers); `checkmate loss`
 * (the checkmated side wins, losers); `wgoal`/`bgoal` (goal squares); `checks N` (the player who
 * gives N checks wins, three-check); `nmoves N` plies without
 * capture or pawn move draw, `reps N` repetitions draw (0 turns a rule off); `passing true`,
 * which makes a pass a legal move (Janggi), `bikjang true` (facing generals must part or pass),
 * `makpong true` (a royal in check moves only to take its lone checker) and counting.  False
 * with the setting at fault and why. */
bool br_derive_game_end(BrGame *g, const char **setting, char *err, int errlen) {
  Rules *r = &g->rules;
  char word[1][GC_LABEL_MAX * 2];
  const char *stalemate = br_setting_words(g->gc, "stalemate", word, 1) == 1 ? word[0] : "";
  if (!strcmp(stalemate, "win")) {
    r->stalemate = RESULT_LOSS;
    br_note(g, "stalemate loses");
  } else if (!strcmp(stalemate, "loss")) {
    r->stalemate = RESULT_WIN;
    br_note(g, "stalemate wins for the stalemated side");
  } else if (!strcmp(stalemate, "fewer")) {
    r->stalemate_by_count = true;
    br_note(g, "stalemate: fewer pieces win, as many draw");
  }
  if (br_setting_int(g->gc, "mustcapture", 0)) {
    r->must_capture = true;
    br_note(g, "a side that can capture must");
  }
  if (br_setting_int(g->gc, "extinction", 0)) {
    r->extinction = true;
    br_note(g, "a side that loses every piece of a kind loses");
    /* herald-rules `extinctlabels` (the labels that count, White's) and `extinctcount`. */
    if (!label_types(g, "extinctlabels", true, &r->extinction_types, err, errlen)) {
      *setting = "extinctlabels";
      return false;
    }
    r->extinction_count = br_setting_int(g->gc, "extinctcount", 0);
    if (r->extinction_count < 0 || r->extinction_count > 63) {
      *setting = "extinctcount";
      snprintf(err, errlen, "extinctcount: %d is not a count from 0 to 63", r->extinction_count);
      return false;
    }
    if (r->extinction_types || r->extinction_count)
      br_note(g, "only the pieces of extinctlabels count, down to extinctcount");
    r->extinction_wins = br_setting_int(g->gc, "extinctwins", 0);
    if (r->extinction_wins) br_note(g, "extinction wins for the side it befalls (extinctwins)");
  }
  if (br_setting_words(g->gc, "bareking", word, 1) == 1 && !strcmp(word[0], "win")) {
    r->bare_royal_wins = true;
    br_note(g, "a bare royal piece wins");
  } else if (br_setting_words(g->gc, "bareking", word, 1) == 1 && !strcmp(word[0], "draw")) {
    r->bare_royal_draws = true;
    br_note(g, "a bare royal piece draws");
  } else if (br_setting_int(g->gc, "bareking", 0)) {
    r->bare_royal_loses = true;
    br_note(g, "a bare royal piece loses");
  }
  /* herald-rules `shak` and `nomate`: Shatar's mate rule */
  if (!label_types(g, "shak", true, &r->shak_types, err, errlen)) {
    *setting = "shak";
    return false;
  }
  /* herald-rules `firstlost` (wfirst/bfirst: br_derive_first_moves): Cambodian Chess's Rook */
  if (!label_types(g, "firstlost", true, &r->first_lost_types, err, errlen)) {
    *setting = "firstlost";
    return false;
  }
  if (!label_types(g, "nomate", true, &r->mate_lost_types, err, errlen)) {
    *setting = "nomate";
    return false;
  }
  if (r->shak_types) br_note(g, "a checkmate needs a shak among its checks (shak), and one by nomate alone loses");
  if (br_setting_int(g->gc, "emptyloses", 0)) {
    r->empty_loses = true;
    br_note(g, "a side left with no pieces loses");
  }
  if (!derive_goal(g, err, errlen)) {
    *setting = "goallabels";
    return false;
  }
  if (!derive_explosion(g, err, errlen)) {
    *setting = "blast";
    return false;
  }
  int checks = br_setting_int(g->gc, "checks", 0);
  if (checks < 0 || checks > MAX_CHECK_LIMIT) {
    *setting = "checks";
    snprintf(err, errlen, "a game won by %d checks: the most is %d", checks, MAX_CHECK_LIMIT);
    return false;
  }
  if (checks > 0) {
    r->check_limit = checks; /* rules_finalize refuses more than it can count */
    char said[64];
    snprintf(said, sizeof said, "a player who gives %d checks wins", checks);
    br_note(g, said);
  }
  if (br_setting_words(g->gc, "checkmate", word, 1) == 1 && !strcmp(word[0], "loss")) {
    r->checkmate = RESULT_WIN;
    br_note(g, "checkmate wins for the checkmated side");
  }
  if (br_setting_int(g->gc, "flyinggenerals", 0)) add_flying_generals(g);
  if (gc_get_var(g->gc, "nmoves")) r->nmove_rule = br_setting_int(g->gc, "nmoves", 0);
  if (br_setting_words(g->gc, "pawnclock", word, 1) == 1 && strcmp(word[0], "all")) {
    /* herald-rules: which pawn moves restart the count (the rest can be undone) */
    bool forward = !strcmp(word[0], "forward");
    if (!forward && strcmp(word[0], "none")) {
      *setting = "pawnclock";
      snprintf(err, errlen, "pawnclock is '%s': it must be all, forward or none", word[0]);
      return false;
    }
    for (int t = 0; t < r->type_count; t++) {
      if (!r->types[t].resets_clock) continue;
      r->types[t].resets_clock = forward;
      r->types[t].clock_forward_only = forward;
    }
    br_note(g, forward ? "only forward pawn moves restart the move count" : "pawn moves do not restart the move count");
  }
  if (gc_get_var(g->gc, "reps")) r->repetition_count = br_setting_int(g->gc, "reps", 0);
  if (br_setting_int(g->gc, "passing", 0)) { /* herald-rules: a player not in check may pass */
    r->pass_allowed = r->double_pass_ends = true;
    br_note(g, "a player may pass; two passes in a row draw");
  }
  if (br_setting_int(g->gc, "nochecks", 0)) {
    r->no_giving_check = true;
    br_note(g, "a move may not give check (nochecks)");
  }
  if (br_setting_int(g->gc, "makpong", 0)) {
    r->royal_stays_in_check = true;
    br_note(g, "a royal piece in check moves only to take the one piece that checks it (makpong)");
  }
  if (br_setting_int(g->gc, "bikjang", 0)) {
    if (!r->pass_allowed) {
      *setting = "bikjang";
      snprintf(err, errlen, "bikjang needs passing: a pass is how a player lets the generals face");
      return false;
    }
    r->bikjang = true;
    br_note(g, "facing generals must part or pass, and a pass then ends the game (bikjang)");
  }
  return derive_counting(g, setting, err, errlen);
}

/* Shogi-style promotion from herald-rules' `promotes` and `promoted`: each listed type may
 * become its promoted form on a move into, out of or inside the zone of pzs ranks (forced
 * where it could not move again, which the rules find themselves, and on every such move
 * with pforced: Euro Shogi); the promoted form goes to hand as the type it came from. */
void br_derive_shogi_promotion(BrGame *g) {
  Rules *r = &g->rules;
  char from[MAX_TYPES][GC_LABEL_MAX * 2], to[MAX_TYPES][GC_LABEL_MAX * 2];
  int n = br_setting_words(g->gc, "promotes", from, MAX_TYPES);
  if (n <= 0 || br_setting_words(g->gc, "promoted", to, MAX_TYPES) != n) return;
  int depth = br_setting_int(g->gc, "pzs", 1);
  if (depth < 1 || depth > r->geo.height) depth = 1;
  int zone = rules_add_zone(r, "promotion zone", 0, r->geo.width - 1, r->geo.height - depth, r->geo.height - 1);
  bool forced = br_setting_int(g->gc, "pforced", 0); /* Euro Shogi: every chance to promote is taken */
  for (int i = 0; i < n && zone >= 0; i++) {
    const BrPiece *base = br_piece_of(g, from[i]), *pro = br_piece_of(g, to[i]);
    if (!base || !pro || base->type < 0 || pro->type < 0) continue;
    PieceType *bt = &r->types[base->type], *pt = &r->types[pro->type];
    bt->promo_zone = zone;
    bt->promo_count = 1;
    bt->promo_choices[0] = pro->type;
    bt->promo_mandatory = forced;
    bt->promo_on_leaving = true;
    bt->resets_clock = false;
    pt->promoted_form = true;
    pt->unpromoted = base->type;
    pt->label = pt->letter;  /* the preset's label, for Game Courier notation */
    pt->letter = bt->letter; /* FEN writes it +P, as fairy-stockfish does */
  }
  br_note(g, "promotion: Shogi-style, from promotes/promoted in a zone of pzs ranks");
}

/* Drops from the settings of herald-rules: `drops true` sends captured pieces to the captor's
 * hand (pieces a pawn promoted to go back as pawns, which the rules' promoted marks do), and
 * wdropranks names the ranks pawns may be dropped on (Black's mirrored). */
void br_derive_drops(BrGame *g) {
  Rules *r = &g->rules;
  if (!br_setting_int(g->gc, "drops", 0)) return;
  r->drops = true;
  char ranks[GC_MAX_RANKS][GC_LABEL_MAX * 2];
  int n = br_setting_words(g->gc, "wdropranks", ranks, GC_MAX_RANKS);
  uint32_t mask = 0;
  const GcBoard *b = gc_get_board(g->gc);
  for (int i = 0; i < n; i++)
    for (int k = 0; k < b->nranks; k++)
      if (!strcmp(b->ranks[k], ranks[i])) mask |= 1u << k;
  int zone = mask ? br_zone_for_ranks(r, mask) : NO_ZONE;
  for (int t = 0; t < r->type_count && zone >= 0; t++)
    if (r->types[t].promo_count) r->types[t].drop_zone = zone;
  char labels[MAX_TYPES][GC_LABEL_MAX * 2];
  int nifu = br_setting_words(g->gc, "nifu", labels, MAX_TYPES);
  int per_file = br_setting_int(g->gc, "nifucount", 1); /* Tori Shogi: two Swallows a file */
  if (per_file < 1 || per_file > 255) per_file = 1;
  for (int i = 0; i < nifu; i++) {
    const BrPiece *pc = br_piece_of(g, labels[i]);
    if (pc && pc->type >= 0) r->types[pc->type].drop_file_limit = (uint8_t)per_file;
  }
  int nomate = br_setting_words(g->gc, "nodropmate", labels, MAX_TYPES);
  for (int i = 0; i < nomate; i++) {
    const BrPiece *pc = br_piece_of(g, labels[i]);
    if (pc && pc->type >= 0) r->types[pc->type].drop_no_mate = true;
  }
  r->captures_leave_game = !br_setting_int(g->gc, "tohand", 1);
  r->drops_where_stuck = br_setting_int(g->gc, "stuckdrops", 0);
  br_note(g, r->captures_leave_game ? "drops: from the hands the game starts with; captured pieces leave the game"
             : zone >= 0            ? "drops: captured pieces to hand, pawns dropped on the ranks of wdropranks"
                                    : "drops: captured pieces to hand");
  /* Without pmarked a piece a pawn promoted to (a type of its own, not a shogi promoted form,
   * which always reverts) is captured as itself (Loop, Chessgi). */
  bool chess_promotion = false;
  for (int t = 0; t < r->type_count; t++)
    for (int i = 0; i < r->types[t].promo_count; i++) {
      int to = r->types[t].promo_choices[i];
      chess_promotion |= to >= 0 && to < r->type_count && !r->types[to].promoted_form;
    }
  if (chess_promotion && !br_setting_int(g->gc, "pmarked", 0)) {
    r->drops_keep_rank = true;
    br_note(g, "a promoted piece goes to hand as it is, not as the pawn it was");
  }
}
