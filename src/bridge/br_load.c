/* Loading a preset into a rules model: geometry and start position from the interpreter's board
 * after Pre-Game, piece movement from the labels' `def` functions (br_compile.c), royalty from
 * the variables that track the royal squares, castling from the flagged squares, en passant
 * from the `ep` variable in the pawn's def, promotion from `askpromote` or the forward-only
 * pieces.  Code is read as the interpreter parsed it (br_code.c), never as the preset's text. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge/br_internal.h"
#include "bridge/catalog.h"

static void note(BrGame *g, const char *text) {
  size_t len = strlen(g->notes);
  snprintf(g->notes + len, sizeof g->notes - len, "%s%s", len ? "; " : "", text);
}

static bool same_compiled(const BrCompiled *a, const BrCompiled *b) {
  if (a->count != b->count || a->ep_capture != b->ep_capture) return false;
  for (int i = 0; i < a->count; i++) {
    bool found = false;
    for (int j = 0; j < b->count && !found; j++)
      found = !memcmp(&a->atoms[i], &b->atoms[j], sizeof(Atom)) && a->from_ranks[i] == b->from_ranks[j];
    if (!found) return false;
  }
  return true;
}

/* A zone for a set of ranks (White's frame), which must be contiguous. */
static int zone_for_ranks(Rules *r, uint32_t ranks) {
  int lo = __builtin_ctz(ranks), hi = 31 - __builtin_clz(ranks);
  for (int k = lo; k <= hi; k++)
    if (!(ranks >> k & 1)) return -2;
  char name[16];
  snprintf(name, sizeof name, "ranks %d-%d", lo + 1, hi + 1);
  for (int z = 0; z < r->zone_count; z++)
    if (!strcmp(r->zone_name[z], name)) return z;
  return rules_add_zone(r, name, 0, r->geo.width - 1, lo, hi);
}

static const char *label_at(const gc_board *b, const char *coord) {
  int idx = gc_board_index(b, coord);
  return idx >= 0 ? b->cells[idx] : NULL;
}

/* The square a variable names when it holds a coordinate, else NULL. */
static const char *var_square(gc_interp *gc, const char *name) {
  const gc_value *v = gc_get_var(gc, name);
  if (!v || v->type != GC_STR) return NULL;
  return gc_board_index(gc_get_board(gc), v->u.s) >= 0 ? v->u.s : NULL;
}

static BrPiece *piece_of(BrGame *g, const char *label) {
  for (int i = 0; i < g->piece_count; i++)
    if (!strcmp(g->pieces[i].label, label)) return &g->pieces[i];
  return NULL;
}

static bool fail(char *err, int errlen, const char *msg) {
  snprintf(err, errlen, "%s", msg);
  return false;
}

/* Adds a piece label (once). */
static bool add_label(BrGame *g, const char *label, char *err, int errlen) {
  if (piece_of(g, label)) return true;
  if (strlen(label) != 1 || !isalpha((unsigned char)label[0]))
    return fail(err, errlen, "piece labels of more than one letter are not supported yet");
  if (g->piece_count == BR_MAX_PIECES) return fail(err, errlen, "too many piece labels");
  BrPiece *pc = &g->pieces[g->piece_count++];
  snprintf(pc->label, sizeof pc->label, "%s", label);
  pc->color = isupper((unsigned char)label[0]) ? WHITE : BLACK;
  pc->type = -1;
  return true;
}

/* Royal pieces: labels whose square a variable tracks (seed 000 `K`/`k`, fairychess
 * `Kpos`/`kpos`), as the check routine tests them (reference §5.4). */
static void derive_royalty(BrGame *g) {
  const gc_board *b = gc_get_board(g->gc);
  char found[128] = "";
  if (br_setting_int(g->gc, "extinction", 0)) { /* herald-rules: Kpos/kpos only name castlers */
    note(g, "royal: none (extinction)");
    return;
  }
  for (int i = 0; i < g->piece_count; i++) {
    BrPiece *pc = &g->pieces[i];
    const char *names[3] = {pc->label, NULL, NULL};
    char pos[GC_LABEL_MAX + 4];
    snprintf(pos, sizeof pos, "%spos", pc->label);
    names[1] = pos;
    for (int k = 0; names[k]; k++) {
      const char *sq = var_square(g->gc, names[k]);
      const char *at = sq ? label_at(b, sq) : NULL;
      if (at && !strcmp(at, pc->label) && !pc->royal) {
        pc->royal = true;
        size_t len = strlen(found);
        snprintf(found + len, sizeof found - len, " %s (variable %s)", pc->label, names[k]);
      }
    }
  }
  char text[200];
  snprintf(text, sizeof text, "royal:%s", found[0] ? found : " none found");
  note(g, text);
}

/* Appends a castling-rights letter (the partner's file) once. */
static void add_right(char *rights, int rightslen, int color, int file) {
  char letter = (char)(color == WHITE ? 'A' + file : 'a' + file);
  if (strchr(rights, letter)) return;
  int len = (int)strlen(rights);
  snprintf(rights + len, rightslen - len, "%c", letter);
}

/* The partner a royal piece on sq castles with toward dir: the nearest piece of its colour,
 * not royal, on a flagged square (the pieces between must be gone before it castles), or -1. */
static int castling_partner(BrGame *g, int sq, int dir) {
  const gc_board *b = gc_get_board(g->gc);
  const BrPiece *king = piece_of(g, b->cells[sq]);
  int rank = gc_board_rank_of(b, sq);
  for (int f = gc_board_file_of(b, sq) + dir; f >= 0 && f < b->nfiles; f += dir) {
    int psq = gc_board_at(b, f, rank);
    if (gc_board_is_empty(b, psq) || gc_board_is_hole(b, psq)) continue;
    const BrPiece *partner = piece_of(g, b->cells[psq]);
    if (partner && !partner->royal && partner->color == king->color && gc_get_flag(g->gc, b->names[psq]))
      return psq;
  }
  return -1;
}

/* Castling as two moves (herald-rules `castle2`, seed 004's castle2 and extended castling):
 * wcastle/bcastle list groups (king-from king-to partner-from partner-to); those of the king
 * on sq become castlings with exactly those squares.  How many were added, or -1. */
static int add_castle2(BrGame *g, const BrPiece *king, int sq, char *rights, int rightslen, char *err, int errlen) {
  Rules *r = &g->rules;
  const gc_board *b = gc_get_board(g->gc);
  const gc_value *list = gc_get_var(g->gc, king->color == WHITE ? "wcastle" : "bcastle");
  int n = 0;
  for (size_t i = 0; list && list->type == GC_ARR && i < list->u.a->len; i++) {
    const gc_value *t = &list->u.a->items[i].val;
    if (t->type != GC_ARR || t->u.a->len != 4) continue;
    int at[4];
    bool ok = true;
    for (int k = 0; k < 4; k++) {
      const gc_value *v = &t->u.a->items[k].val;
      at[k] = v->type == GC_STR ? gc_board_index(b, v->u.s) : -1;
      ok &= at[k] >= 0;
    }
    if (!ok || at[0] != sq) continue;
    const BrPiece *partner = piece_of(g, b->cells[at[2]]);
    if (!partner || partner->color != king->color || !gc_get_flag(g->gc, b->names[at[2]])) continue;
    if (!rules_add_castling(r, king->color, b->names[at[0]], b->names[at[1]], b->names[at[2]], b->names[at[3]],
                            err, errlen))
      return -1;
    Castling *c = &r->castlings[r->castling_count - 1];
    c->king_type = king->type;
    c->partner_type = partner->type;
    add_right(rights, rightslen, king->color, gc_board_file_of(b, at[2]));
    n++;
  }
  return n;
}

/* Castling from the fairychess settings wcastle/bcastle (seed 004): a royal piece on a flagged
 * square may move to each listed square of its rank at least two files away, toward the first
 * piece beyond it, which lands on the square next to the king on the other side (herald-rules
 * `castling_ok`).  Several squares toward one partner give flexible castling. */
static bool derive_listed_castling(BrGame *g, char *rights, int rightslen, char *err, int errlen) {
  Rules *r = &g->rules;
  const gc_board *b = gc_get_board(g->gc);
  int n = 0;
  for (int sq = 0; sq < b->nfiles * b->nranks; sq++) {
    const BrPiece *king = piece_of(g, b->cells[sq]);
    if (!king || !gc_get_flag(g->gc, b->names[sq])) continue;
    /* The castling piece: royal, or named by its Kpos/kpos variable (extinction). */
    char pos[GC_LABEL_MAX + 4];
    snprintf(pos, sizeof pos, "%spos", king->label);
    const char *tracked = var_square(g->gc, pos);
    if (!king->royal && !(tracked && !strcmp(tracked, b->names[sq]))) continue;
    if (g->castle2) {
      int added = add_castle2(g, king, sq, rights, rightslen, err, errlen);
      if (added < 0) return false;
      n += added;
      continue;
    }
    char targets[GC_MAX_FILES][GC_LABEL_MAX * 2];
    int count = br_setting_words(g->gc, king->color == WHITE ? "wcastle" : "bcastle", targets, GC_MAX_FILES);
    int kf = gc_board_file_of(b, sq), rank = gc_board_rank_of(b, sq);
    for (int i = 0; i < count; i++) {
      int to = gc_board_index(b, targets[i]);
      if (to < 0 || gc_board_rank_of(b, to) != rank || abs(gc_board_file_of(b, to) - kf) < 2) continue;
      int dir = gc_board_file_of(b, to) > kf ? 1 : -1;
      int psq = castling_partner(g, sq, dir);
      if (psq < 0 || abs(gc_board_file_of(b, psq) - kf) <= abs(gc_board_file_of(b, to) - kf)) continue;
      const char *pt = b->names[gc_board_at(b, gc_board_file_of(b, to) - dir, rank)];
      if (!rules_add_castling(r, king->color, b->names[sq], b->names[to], b->names[psq], pt, err, errlen))
        return false;
      Castling *c = &r->castlings[r->castling_count - 1];
      c->king_type = king->type;
      c->partner_type = piece_of(g, b->cells[psq])->type;
      add_right(rights, rightslen, king->color, gc_board_file_of(b, psq));
      n++;
    }
  }
  char text[80];
  snprintf(text, sizeof text, "castling: %d from wcastle/bcastle", n);
  note(g, text);
  return true;
}

/* Castling from the flags of Pre-Game: a royal piece on a flagged square castles with each
 * same-coloured piece on a flagged square of its rank, moving two squares toward it, the
 * partner landing on the square the king crossed (the `castle` sub of seed 000; 2004 code). */
static bool derive_castling(BrGame *g, char *rights, int rightslen, char *err, int errlen) {
  Rules *r = &g->rules;
  const gc_board *b = gc_get_board(g->gc);
  int n = 0;
  rights[0] = 0;
  g->castle2 = br_setting_int(g->gc, "castle2", 0);
  if (gc_get_var(g->gc, "wcastle") || gc_get_var(g->gc, "bcastle"))
    return derive_listed_castling(g, rights, rightslen, err, errlen);
  for (int sq = 0; sq < b->nfiles * b->nranks; sq++) {
    const BrPiece *king = piece_of(g, b->cells[sq]);
    if (!king || !king->royal || !gc_get_flag(g->gc, b->names[sq])) continue;
    int kf = gc_board_file_of(b, sq), rank = gc_board_rank_of(b, sq);
    for (int f = 0; f < b->nfiles; f++) {
      int psq = gc_board_at(b, f, rank);
      const BrPiece *partner = piece_of(g, b->cells[psq]);
      if (f == kf || !partner || partner->royal || partner->color != king->color ||
          !gc_get_flag(g->gc, b->names[psq]) || abs(f - kf) < 3)
        continue;
      int dir = f > kf ? 1 : -1;
      char kt[40], pt[40];
      snprintf(kt, sizeof kt, "%s", b->names[gc_board_at(b, kf + 2 * dir, rank)]);
      snprintf(pt, sizeof pt, "%s", b->names[gc_board_at(b, kf + dir, rank)]);
      if (!rules_add_castling(r, king->color, b->names[sq], kt, b->names[psq], pt, err, errlen))
        return false;
      Castling *c = &r->castlings[r->castling_count - 1];
      c->king_type = king->type;
      c->partner_type = partner->type;
      int len = (int)strlen(rights);
      char letter = (char)('A' + f);
      snprintf(rights + len, rightslen - len, "%c", king->color == WHITE ? letter : tolower(letter));
      n++;
    }
  }
  char text[80];
  snprintf(text, sizeof text, "castling: %d from flagged king and partner squares", n);
  note(g, text);
  return true;
}

/* The fairychess promotion choices (wprom, seed 004) as types; their count, or -1 when the
 * preset does not set wprom. */
static int listed_promotions(BrGame *g, int choices[MAX_TYPES]) {
  char labels[MAX_TYPES][GC_LABEL_MAX * 2];
  int n = br_setting_words(g->gc, "wprom", labels, MAX_TYPES), count = 0;
  for (int i = 0; i < n; i++) {
    const BrPiece *pc = piece_of(g, labels[i]);
    bool dup = false;
    for (int k = 0; pc && k < count; k++) dup |= choices[k] == pc->type;
    if (pc && pc->type >= 0 && !dup) choices[count++] = pc->type;
  }
  return n < 0 ? -1 : count;
}

/* The lowest rank (White's frame) of the promotion zone: herald-rules' `promotion` puts a
 * square in the zone when the square depth ranks ahead is off the board or a hole, so on a
 * board with holes along its top (Omega Chess: the wizard squares' rank) the zone starts below
 * them.  The zone is the run of such whole ranks at the top; squares lower down that pass the
 * test (Omega's own wizard squares, under holes) are out of a forward piece's reach.  A mixed
 * rank in that run gives the plain last depth ranks. */
static int promotion_zone_low(const Geometry *geo, int depth) {
  int low = geo->height;
  for (int rank = geo->height - 1; rank >= 0; rank--) {
    int in = 0, out = 0;
    for (int file = 0; file < geo->width; file++) {
      int sq = geo_square(geo, file, rank);
      if (geo->hole[sq]) continue;
      bool ahead = rank + depth < geo->height && !geo->hole[geo_square(geo, file, rank + depth)];
      if (ahead) out++; else in++;
    }
    if (in && out) return geo->height - depth;
    if (out) break;
    low = rank;
  }
  return low < geo->height ? low : geo->height - depth;
}

/* Promotion: the fairychess settings (wprom, a zone of pzs ranks, forced on entering it when
 * pforced is set, else only on the last rank), or the labels of the first `askpromote` of the
 * preset, or else every non-royal type that does not itself promote; pieces whose moves all go
 * forward promote. */
static void derive_promotion(BrGame *g, const BrCode *code) {
  Rules *r = &g->rules;
  char shogi[1][GC_LABEL_MAX * 2];
  if (br_setting_words(g->gc, "promotes", shogi, 1) > 0) return; /* derive_shogi_promotion */
  int choices[MAX_TYPES], count = 0;
  int listed = listed_promotions(g, choices);
  int depth = listed >= 0 ? br_setting_int(g->gc, "pzs", 1) : 1;
  if (depth < 1 || depth > r->geo.height) depth = 1;
  if (listed >= 0) count = listed;
  const BrStatement *ask = NULL;
  int at = -1;
  for (int i = 0; code && listed < 0 && !ask && i < code->count; i++)
    for (int k = 0; k < code->st[i].nwords && !ask; k++)
      if (br_statement_is(&code->st[i], k, "askpromote")) ask = &code->st[i], at = k;
  for (int k = at + 1; ask && k < ask->nwords && count < MAX_TYPES; k++) {
    const BrPiece *pc = piece_of(g, ask->words[k]);
    if (pc && pc->type >= 0) {
      bool dup = false;
      for (int i = 0; i < count; i++) dup |= choices[i] == pc->type;
      if (!dup) choices[count++] = pc->type;
    }
  }
  bool from_ask = count > 0 || listed >= 0;
  int promoting = 0;
  for (int t = 0; t < r->type_count; t++) {
    const PieceType *pt = &r->types[t];
    bool forward = pt->atom_count > 0;
    for (int i = 0; i < pt->atom_count; i++) forward &= pt->atoms[i].dy > 0;
    if (!forward || pt->royal) continue;
    promoting |= 1 << t;
  }
  if (!from_ask)
    for (int t = 0; t < r->type_count; t++)
      if (!r->types[t].royal && !(promoting >> t & 1)) choices[count++] = t;
  if (!promoting || !count) return;
  int zone = rules_add_zone(r, depth == 1 ? "last rank" : "promotion zone", 0, r->geo.width - 1,
                            promotion_zone_low(&r->geo, depth), r->geo.height - 1);
  bool mandatory = depth == 1 || br_setting_int(g->gc, "pforced", 0);
  for (int t = 0; t < r->type_count; t++) {
    if (!(promoting >> t & 1)) continue;
    PieceType *pt = &r->types[t];
    pt->promo_zone = zone;
    pt->promo_count = count;
    memcpy(pt->promo_choices, choices, sizeof(int) * count);
    pt->promo_mandatory = mandatory;
    pt->promo_only_captured = listed >= 0 && br_setting_int(g->gc, "pcaptured", 0);
    pt->resets_clock = true;
  }
  note(g, listed >= 0  ? "promotion: forward-only pieces, zone and choices from pzs/wprom"
          : from_ask ? "promotion: forward-only pieces on the last rank, choices from askpromote"
                     : "promotion: forward-only pieces on the last rank to any other non-royal type");
}

/* En passant for oracle pawns: pieces that promote and whose Post-Move keeps an `ep` square
 * capture and leave behind en passant as the compiled pawns do; the oracle still decides. */
static void derive_oracle_en_passant(BrGame *g, const BrCode *code) {
  if (!br_code_has_word(code, "set", "ep") && !br_code_has_word(code, "#ep", NULL)) return;
  for (int t = 0; t < g->rules.type_count; t++) {
    PieceType *pt = &g->rules.types[t];
    if (pt->oracle && pt->promo_count) pt->ep_capturer = pt->ep_creator = pt->resets_clock = true;
  }
}

/* Betza text of a type's atoms, for GUIs (XBoard `piece` command) and listings: groups of
 * atoms with the same step, kind and conditions become one letter with direction and mode
 * prefixes.  Steps without a letter make the text "?" (the atoms stay exact). */
static void describe_betza(const PieceType *pt, char *out, int outlen) {
  static const struct { int a, b; char letter; } kLetters[] = {
      {0, 1, 'W'}, {1, 1, 'F'}, {0, 2, 'D'}, {1, 2, 'N'}, {2, 2, 'A'},
      {0, 3, 'H'}, {1, 3, 'C'}, {2, 3, 'Z'}, {3, 3, 'G'}};
  bool used[MAX_ATOMS] = {false};
  int n = 0;
  out[0] = 0;
  for (int i = 0; i < pt->atom_count; i++) {
    if (used[i]) continue;
    const Atom *a = &pt->atoms[i];
    int ax = abs(a->dx), ay = abs(a->dy), lo = ax < ay ? ax : ay, hi = ax < ay ? ay : ax;
    char letter = 0;
    for (size_t k = 0; k < sizeof kLetters / sizeof kLetters[0]; k++)
      if (kLetters[k].a == lo && kLetters[k].b == hi) letter = kLetters[k].letter;
    if (!letter) {
      snprintf(out, outlen, "?");
      return;
    }
    int fwd = 0, back = 0, side = 0, count = 0;
    for (int j = i; j < pt->atom_count; j++) {
      const Atom *b = &pt->atoms[j];
      int bx = abs(b->dx), by = abs(b->dy);
      if (used[j] || b->kind != a->kind || b->mode != a->mode || b->lame != a->lame ||
          b->range != a->range || b->from_zone != a->from_zone || b->initial != a->initial ||
          (bx < by ? bx : by) != lo || (bx < by ? by : bx) != hi)
        continue;
      used[j] = true;
      count++;
      fwd += b->dy > 0, back += b->dy < 0, side += b->dy == 0;
    }
    int full = lo == 0 || lo == hi ? 4 : 8;
    const char *dir = "";
    if (count != full) {
      if (fwd == count) dir = "f";
      else if (back == count) dir = "b";
      else if (side == count) dir = "s";
      else if (side + fwd == count && lo == 0) dir = "fs";
      else if (side + back == count && lo == 0) dir = "bs";
      else if (fwd + back == count && lo == 0) dir = "v";
      else {
        snprintf(out, outlen, "?");
        return;
      }
    }
    char range[8] = "";
    if (a->kind != ATOM_LEAP && a->range) snprintf(range, sizeof range, "%d", a->range);
    /* Hoppers (cannons) and grasshoppers: Betza's p and g before a riding letter (pR, gQ). */
    const char *hop = a->kind == ATOM_HOP ? "p" : a->kind == ATOM_GRASSHOP ? "g" : "";
    /* Unlimited W and F rides are written R and B: XBoard reads those, not a doubled letter. */
    bool rider = a->kind != ATOM_LEAP && !a->range;
    char shown = letter;
    if (rider && (letter == 'W' || letter == 'F')) shown = letter == 'W' ? 'R' : 'B', rider = false;
    n += snprintf(out + n, outlen - n, "%s%s%s%s%s%c%s%s", a->from_zone != NO_ZONE || a->initial ? "i" : "",
                  dir, a->mode == MODE_MOVE ? "m" : a->mode == MODE_CAPTURE ? "c" : "",
                  a->lame ? "n" : "", hop, shown, rider ? (char[]){letter, 0} : "", range);
    if (n >= outlen) break;
  }
  /* The usual names of the usual compounds. */
  static const struct { const char *from, *to; } kNames[] = {
      {"RB", "Q"}, {"BR", "Q"}, {"WF", "K"}, {"FW", "K"}};
  for (size_t k = 0; k < sizeof kNames / sizeof kNames[0]; k++)
    if (!strcmp(out, kNames[k].from)) snprintf(out, outlen, "%s", kNames[k].to);
}

/* Xiangqi's facing generals (herald-rules `flyinggenerals`): each royal type also attacks along
 * its file, capturing only a royal piece, so no move may leave the generals facing. */
static void add_flying_generals(BrGame *g) {
  Rules *r = &g->rules;
  for (int t = 0; t < r->type_count; t++) {
    PieceType *pt = &r->types[t];
    if (!pt->royal || pt->atom_count + 2 > MAX_ATOMS) continue;
    for (int dy = -1; dy <= 1; dy += 2)
      pt->atoms[pt->atom_count++] = (Atom){.kind = ATOM_RIDE, .dx = 0, .dy = (int8_t)dy, .mode = MODE_CAPTURE,
                                           .royal_only = true, .from_zone = NO_ZONE, .to_zone = NO_ZONE};
  }
  note(g, "royal pieces may not face each other on an open file");
}

/* Game end from the fairychess settings of herald-rules: `stalemate win` (the stalemated side
 * loses, Shatranj), `bareking true` (a side left with its royal piece alone loses), `nmoves N` plies without capture or pawn move draw, `reps N` repetitions
 * draw (0 turns a rule off); and `passing true`, which makes a pass a legal move (Janggi). */
static void derive_game_end(BrGame *g) {
  Rules *r = &g->rules;
  char word[1][GC_LABEL_MAX * 2];
  if (br_setting_words(g->gc, "stalemate", word, 1) == 1 && !strcmp(word[0], "win")) {
    r->stalemate = RESULT_LOSS;
    note(g, "stalemate loses");
  }
  if (br_setting_int(g->gc, "extinction", 0)) {
    r->extinction = true;
    note(g, "a side that loses every piece of a kind loses");
  }
  if (br_setting_int(g->gc, "bareking", 0)) {
    r->bare_royal_loses = true;
    note(g, "a bare royal piece loses");
  }
  if (br_setting_int(g->gc, "flyinggenerals", 0)) add_flying_generals(g);
  if (gc_get_var(g->gc, "nmoves")) r->nmove_rule = br_setting_int(g->gc, "nmoves", 0);
  if (gc_get_var(g->gc, "reps")) r->repetition_count = br_setting_int(g->gc, "reps", 0);
  if (br_setting_int(g->gc, "passing", 0)) { /* herald-rules: a player not in check may pass */
    r->pass_allowed = r->double_pass_ends = true;
    note(g, "a player may pass; two passes in a row draw");
  }
}

/* Shogi-style promotion from herald-rules' `promotes` and `promoted`: each listed type may
 * become its promoted form on a move into, out of or inside the zone of pzs ranks (forced
 * where it could not move again, which the rules find themselves); the promoted form goes to
 * hand as the type it came from. */
static void derive_shogi_promotion(BrGame *g) {
  Rules *r = &g->rules;
  char from[MAX_TYPES][GC_LABEL_MAX * 2], to[MAX_TYPES][GC_LABEL_MAX * 2];
  int n = br_setting_words(g->gc, "promotes", from, MAX_TYPES);
  if (n <= 0 || br_setting_words(g->gc, "promoted", to, MAX_TYPES) != n) return;
  int depth = br_setting_int(g->gc, "pzs", 1);
  if (depth < 1 || depth > r->geo.height) depth = 1;
  int zone = rules_add_zone(r, "promotion zone", 0, r->geo.width - 1, r->geo.height - depth, r->geo.height - 1);
  for (int i = 0; i < n && zone >= 0; i++) {
    const BrPiece *base = piece_of(g, from[i]), *pro = piece_of(g, to[i]);
    if (!base || !pro || base->type < 0 || pro->type < 0) continue;
    PieceType *bt = &r->types[base->type], *pt = &r->types[pro->type];
    bt->promo_zone = zone;
    bt->promo_count = 1;
    bt->promo_choices[0] = pro->type;
    bt->promo_mandatory = false;
    bt->promo_on_leaving = true;
    bt->resets_clock = false;
    pt->promoted_form = true;
    pt->unpromoted = base->type;
    pt->letter = bt->letter; /* FEN writes it +P, as fairy-stockfish does */
  }
  note(g, "promotion: Shogi-style, from promotes/promoted in a zone of pzs ranks");
}

/* Drops from the settings of herald-rules: `drops true` sends captured pieces to the captor's
 * hand (pieces a pawn promoted to go back as pawns, which the rules' promoted marks do), and
 * wdropranks names the ranks pawns may be dropped on (Black's mirrored). */
static void derive_drops(BrGame *g) {
  Rules *r = &g->rules;
  if (!br_setting_int(g->gc, "drops", 0)) return;
  r->drops = true;
  char ranks[GC_MAX_RANKS][GC_LABEL_MAX * 2];
  int n = br_setting_words(g->gc, "wdropranks", ranks, GC_MAX_RANKS);
  uint32_t mask = 0;
  const gc_board *b = gc_get_board(g->gc);
  for (int i = 0; i < n; i++)
    for (int k = 0; k < b->nranks; k++)
      if (!strcmp(b->ranks[k], ranks[i])) mask |= 1u << k;
  int zone = mask ? zone_for_ranks(r, mask) : NO_ZONE;
  for (int t = 0; t < r->type_count && zone >= 0; t++)
    if (r->types[t].promo_count) r->types[t].drop_zone = zone;
  char labels[MAX_TYPES][GC_LABEL_MAX * 2];
  int nifu = br_setting_words(g->gc, "nifu", labels, MAX_TYPES);
  for (int i = 0; i < nifu; i++) {
    const BrPiece *pc = piece_of(g, labels[i]);
    if (pc && pc->type >= 0) r->types[pc->type].drop_one_per_file = true;
  }
  int nomate = br_setting_words(g->gc, "nodropmate", labels, MAX_TYPES);
  for (int i = 0; i < nomate; i++) {
    const BrPiece *pc = piece_of(g, labels[i]);
    if (pc && pc->type >= 0) r->types[pc->type].drop_no_mate = true;
  }
  note(g, zone >= 0 ? "drops: captured pieces to hand, pawns dropped on the ranks of wdropranks"
                    : "drops: captured pieces to hand");
}

static bool lookup_def(void *ctx, const char *name, char *out, int outlen) {
  return br_find_def((const BrCode *)ctx, name, out, outlen);
}

/* Compiles the movement of both labels of one type into it. */
static void compile_type(BrGame *g, int type, const BrCode *code, BrPiece *pcs[2]) {
  Rules *r = &g->rules;
  BrCompiled comp[2];
  bool ok[2] = {false, false};
  char reason[2][BR_REASON_LEN];
  const char *source[2] = {"def", "def"};
  static _Thread_local char bodies[2][4096];
  bool have_body[2] = {false, false}, statements[2] = {false, false};
  for (int c = 0; c < 2; c++) {
    if (!pcs[c]) continue;
    char *body = bodies[c];
    bool from_def = code && br_find_def(code, pcs[c]->label, body, sizeof bodies[c]);
    if (!from_def && code) {
      /* The fairychess convention: the label's constant names the codename (`setconst N Knight`). */
      char expr[GC_LABEL_MAX + 8];
      snprintf(expr, sizeof expr, "const %s", pcs[c]->label);
      gc_value v = gc_null();
      gc_error ge;
      if (gc_eval_expr(g->gc, expr, &v, &ge) == GC_OK && v.type == GC_STR && v.u.s[0] &&
          strcmp(v.u.s, pcs[c]->label))
        from_def = br_find_def(code, v.u.s, body, sizeof bodies[c]);
      gc_release(&v);
    }
    if (!from_def && !(code && br_find_referee_expr(code, pcs[c]->label, body, sizeof bodies[c]))) {
      snprintf(reason[c], BR_REASON_LEN,
               "no def function named %s, and Post-Move decides its moves by more than one "
               "`set legal` expression", pcs[c]->label);
      /* The oracle's candidates then come from the Post-Move code of the label. */
      have_body[c] = statements[c] = code && br_find_moved_block(code, pcs[c]->label, body, sizeof bodies[c]);
      continue;
    }
    have_body[c] = true;
    source[c] = from_def ? "def" : "Post-Move `set legal`";
    ok[c] = br_compile_def_with(r, body, c, lookup_def, (void *)code, &comp[c], reason[c], BR_REASON_LEN);
  }
  int use = ok[0] ? 0 : ok[1] ? 1 : -1;
  if (ok[0] && pcs[1] && ok[1] && !same_compiled(&comp[0], &comp[1])) {
    ok[0] = ok[1] = false, use = -1;
    for (int c = 0; c < 2; c++)
      snprintf(reason[c], BR_REASON_LEN, "the defs of %s and %s are not mirror images", pcs[0]->label, pcs[1]->label);
  }
  PieceType *pt = &r->types[type];
  if (use >= 0) {
    for (int i = 0; i < comp[use].count; i++) {
      Atom a = comp[use].atoms[i];
      if (comp[use].from_ranks[i] != ~0u) {
        int z = zone_for_ranks(r, comp[use].from_ranks[i]);
        if (z < 0) {
          ok[0] = ok[1] = false;
          for (int c = 0; c < 2; c++)
            snprintf(reason[c], BR_REASON_LEN, "a move allowed from ranks that are not contiguous");
          pt->atom_count = 0;
          break;
        }
        a.from_zone = (int8_t)z;
      }
      pt->atoms[pt->atom_count++] = a;
    }
    if (comp[use].ep_capture) pt->ep_capturer = pt->ep_creator = pt->resets_clock = true;
    describe_betza(pt, pt->betza, sizeof pt->betza);
  }
  if (!(ok[0] || !pcs[0]) || !(ok[1] || !pcs[1])) {
    /* Not a full copy of the preset: the oracle decides, the atoms only propose. */
    const char *const cand[2] = {have_body[0] ? bodies[0] : NULL, have_body[1] ? bodies[1] : NULL};
    br_set_candidates(pt, cand, statements, lookup_def, (void *)code);
    pt->ep_capturer = pt->ep_creator = pt->resets_clock = false;
    describe_betza(pt, pt->betza, sizeof pt->betza);
    if (pt->any_square) snprintf(pt->betza, sizeof pt->betza, "?");
  }
  for (int c = 0; c < 2; c++) {
    if (!pcs[c]) continue;
    pcs[c]->compiled = ok[c] && (ok[1 - c] || !pcs[1 - c]);
    if (pcs[c]->compiled)
      snprintf(pcs[c]->reason, BR_REASON_LEN, "from its %s: %s (%d atoms)%s", source[c], pt->betza,
               pt->atom_count, pt->ep_capturer ? ", en passant" : "");
    else if (ok[c])
      snprintf(pcs[c]->reason, BR_REASON_LEN, "its partner label is oracle-backed");
    else
      snprintf(pcs[c]->reason, BR_REASON_LEN, "%.190s; the referee decides among %s", reason[c],
               pt->any_square ? "every square" : pt->betza);
  }
}

gc_interp *br_source_interp(const BrSource *src, gc_error *ge) {
  gc_interp *gc = gc_new();
  gc_set_include_resolver(gc, catalog_include, (void *)src);
  if (gc_load_preset_text(gc, src->text, src->path, ge) != GC_OK) {
    gc_free(gc);
    return NULL;
  }
  return gc;
}

gc_interp *br_new_interp(const BrGame *g, gc_error *ge) { return br_source_interp(&g->source, ge); }

/* The folder of the preset's `Include:` header joins its include folders: relative to the
 * preset's own folder, never absolute and never through "..", so that a preset cannot read
 * files outside the folders the user gave it. */
static bool add_header_include(BrGame *g, char *err, int errlen) {
  const char *dir = gc_include_header(g->gc);
  if (!dir || !*dir) return true;
  if (dir[0] == '/' || strstr(dir, "..")) {
    snprintf(err, errlen, "%s:0: Include: '%.200s' must be a folder below the preset's own", g->source.path, dir);
    return false;
  }
  const char *slash = strrchr(g->source.path, '/');
  char path[2 * BR_PATH_LEN];
  snprintf(path, sizeof path, "%.*s/%s", slash ? (int)(slash - g->source.path) : 1, slash ? g->source.path : ".", dir);
  br_source_add_include_dir(&g->source, path);
  return true;
}

static bool build(BrGame *g, char *err, int errlen) {
  gc_error ge = {0};
  g->gc = br_new_interp(g, &ge);
  if (g->gc && !add_header_include(g, err, errlen)) return false;
  if (!g->gc || gc_start(g->gc, &ge) != GC_OK) {
    snprintf(err, errlen, "%s:%d: %s", ge.file, ge.line, ge.message);
    return false;
  }
  snprintf(g->name, sizeof g->name, "%s", gc_game_name(g->gc) && *gc_game_name(g->gc) ? gc_game_name(g->gc) : g->source.name);
  const gc_board *b = gc_get_board(g->gc);
  Rules *r = &g->rules;
  if (!rules_init(r, g->source.name, b->nfiles, b->nranks, err, errlen)) return false;
  char files[GC_MAX_FILES * GC_LABEL_MAX], ranks[GC_MAX_RANKS * GC_LABEL_MAX];
  files[0] = ranks[0] = 0;
  for (int f = 0; f < b->nfiles; f++) strcat(strcat(files, f ? " " : ""), b->files[f]);
  for (int k = 0; k < b->nranks; k++) strcat(strcat(ranks, k ? " " : ""), b->ranks[k]);
  if (!geo_set_labels(&r->geo, files, ranks, err, errlen)) return false;
  /* Pieces present, one type per letter; holes. */
  for (int sq = 0; sq < b->nfiles * b->nranks; sq++) {
    if (gc_board_is_hole(b, sq)) {
      r->geo.hole[sq] = true;
      continue;
    }
    if (gc_board_is_empty(b, sq)) continue;
    if (!add_label(g, b->cells[sq], err, errlen)) return false;
  }
  BrCode *code = br_code_read(g->gc);
  /* Types that only arise by promotion: the labels of every `askpromote` list. */
  for (int i = 0; code && i < code->count; i++) {
    const BrStatement *st = &code->st[i];
    bool listing = false;
    for (int k = 0; k < st->nwords; k++) {
      const char *w = st->words[k];
      if (listing && strlen(w) == 1 && isalpha((unsigned char)w[0]) && !add_label(g, w, err, errlen)) {
        br_code_free(code);
        return false;
      }
      listing |= !strcmp(w, "askpromote");
    }
  }
  /* Shogi-style promoted forms (herald-rules `promoted`), both cases: not on the board yet. */
  char promoted[MAX_TYPES][GC_LABEL_MAX * 2];
  int npromoted = br_setting_words(g->gc, "promoted", promoted, MAX_TYPES);
  for (int i = 0; i < npromoted; i++)
    for (int c = 0; c < 2; c++) {
      char label[GC_LABEL_MAX * 2];
      memcpy(label, promoted[i], sizeof label);
      label[sizeof label - 1] = 0;
      label[0] = (char)(c == WHITE ? toupper(label[0]) : tolower(label[0]));
      if (!add_label(g, label, err, errlen)) {
        br_code_free(code);
        return false;
      }
    }
  br_bind_settings(g->gc); /* defs may read the fixed pawn settings (wpr bpr fps pzs) */
  br_bind_zones(r);        /* and confine leaps to a part of the board (the xiangqi palace) */
  for (int i = 0; i < g->piece_count; i++) {
    BrPiece *pc = &g->pieces[i];
    if (pc->type >= 0) continue;
    char other[2] = {(char)(pc->color == WHITE ? tolower(pc->label[0]) : toupper(pc->label[0])), 0};
    BrPiece *pcs[2] = {NULL, NULL};
    pcs[pc->color] = pc;
    pcs[1 - pc->color] = piece_of(g, other);
    char upper = (char)toupper(pc->label[0]);
    int t = rules_add_piece(r, (char[]){upper, 0}, upper, "", err, errlen);
    if (t < 0) {
      br_code_free(code);
      return false;
    }
    for (int c = 0; c < 2; c++) {
      if (pcs[c]) pcs[c]->type = t;
      snprintf(g->type_label[t][c], GC_LABEL_MAX, "%c", c == WHITE ? upper : tolower(upper));
    }
    compile_type(g, t, code, pcs);
  }
  br_bind_settings(NULL);
  br_bind_zones(NULL);
  derive_royalty(g);
  for (int i = 0; i < g->piece_count; i++)
    if (g->pieces[i].royal) r->types[g->pieces[i].type].royal = true;
  char rights[64];
  if (!derive_castling(g, rights, sizeof rights, err, errlen)) {
    br_code_free(code);
    return false;
  }
  derive_promotion(g, code);
  g->declares_results = br_code_has_command(code, "won") || br_code_has_command(code, "drawn") ||
                        br_code_has_command(code, "lost");
  derive_oracle_en_passant(g, code);
  /* The 50-move rule: a test of the no-progress counter against 100 plies (`if >= #nopvc 100`). */
  if (br_code_has_word(code, "#nopvc", "100") || br_code_has_word(code, "nopvc", "100")) r->nmove_rule = 100;
  /* Repetition: the code keeps the positions seen (`set posvar ...`, `#posvar`). */
  if (br_code_has_word(code, "posvar", NULL) || br_code_has_word(code, "#posvar", NULL)) r->repetition_count = 3;
  derive_game_end(g);
  derive_shogi_promotion(g);
  derive_drops(g);
  br_code_free(code);
  g->all_compiled = true;
  for (int i = 0; i < g->piece_count; i++) g->all_compiled &= g->pieces[i].compiled;
  /* The start position, in slash form. */
  char fen[600];
  int n = 0;
  for (int rank = b->nranks - 1; rank >= 0; rank--) {
    int run = 0;
    for (int f = 0; f < b->nfiles; f++) {
      int sq = gc_board_at(b, f, rank);
      if (gc_board_is_empty(b, sq)) {
        run++;
        continue;
      }
      if (run) n += snprintf(fen + n, sizeof fen - n, "%d", run), run = 0;
      n += snprintf(fen + n, sizeof fen - n, "%s", gc_board_is_hole(b, sq) ? "*" : b->cells[sq]);
    }
    if (run) n += snprintf(fen + n, sizeof fen - n, "%d", run);
    if (rank) n += snprintf(fen + n, sizeof fen - n, "/");
  }
  if (r->drops) n += snprintf(fen + n, sizeof fen - n, "[]");
  snprintf(fen + n, sizeof fen - n, " %c %s - 0 1", gc_side_to_move(g->gc) == 1 ? 'w' : 'b',
           rights[0] ? rights : "-");
  snprintf(g->start_fen, sizeof g->start_fen, "%s", fen);
  snprintf(r->start_fen, sizeof r->start_fen, "%.500s", fen);
  if (!rules_finalize(r, err, errlen)) return false;
  if (!g->all_compiled) {
    g->oracle = br_oracle_new(g, err, errlen);
    if (!g->oracle) return false;
    r->oracle = br_oracle_hooks(g->oracle);
  }
  /* What the defs do not show (captures and freezing done in Post-Move) is found by playing. */
  int demoted = g->probe ? br_probe(g, 1, 60, 1, err, errlen) : 0;
  if (demoted < 0) return false;
  if (demoted) {
    char text[64];
    snprintf(text, sizeof text, "probe: %d type%s handed to the referee", demoted, demoted > 1 ? "s" : "");
    note(g, text);
  }
  g->rules_ready = true;
  return true;
}

BrGame *br_load_source(const BrSource *src, bool probe, char *err, int errlen) {
  BrGame *g = calloc(1, sizeof *g);
  if (!g || !src->text) {
    snprintf(err, errlen, "out of memory");
    free(g);
    return NULL;
  }
  g->probe = probe;
  g->source = *src;
  g->source.text = malloc(strlen(src->text) + 1);
  if (!g->source.text) {
    snprintf(err, errlen, "out of memory");
    free(g);
    return NULL;
  }
  memcpy(g->source.text, src->text, strlen(src->text) + 1);
  if (!build(g, err, errlen)) {
    br_free(g);
    return NULL;
  }
  return g;
}

BrGame *br_load(const char *path, const char *include_dir, char *err, int errlen) {
  return br_load_with(path, include_dir, true, err, errlen);
}

BrGame *br_load_with(const char *path, const char *include_dir, bool probe, char *err, int errlen) {
  BrSource src = {0};
  src.text = gc_read_text_file(path);
  if (!src.text) {
    snprintf(err, errlen, "cannot read preset file '%.300s'", path);
    return NULL;
  }
  snprintf(src.path, sizeof src.path, "%s", path);
  const char *base = strrchr(path, '/');
  snprintf(src.name, sizeof src.name, "%.*s", (int)strcspn(base ? base + 1 : path, "."), base ? base + 1 : path);
  if (include_dir) br_source_add_include_dir(&src, include_dir);
  BrGame *g = br_load_source(&src, probe, err, errlen);
  br_source_free(&src);
  return g;
}

/* The rules own the game when they leave it (br_take_rules): its oracle needs it. */
static void release_game(void *ctx) {
  BrGame *g = br_oracle_game(ctx);
  g->rules.oracle = NULL;
  g->rules.tables = NULL; /* freed by the rules that took them */
  br_free(g);
}

void br_take_rules(BrGame *g, Rules *out) {
  *out = g->rules;            /* the tables now belong to out */
  g->rules.tables = NULL;
  if (out->oracle) {
    out->oracle->release = release_game;
    return;
  }
  br_free(g);
}

void br_free(BrGame *g) {
  if (!g) return;
  g->rules.oracle = NULL;
  br_oracle_free(g->oracle);
  if (g->gc) gc_free(g->gc);
  br_source_free(&g->source);
  rules_free(&g->rules);
  free(g);
}

void br_move_text(const BrGame *g, const Position *p, Move m, char *out, int outlen) {
  const Rules *r = &g->rules;
  int from = move_from(m), to = move_to(m), kind = move_kind(m);
  if (kind == MOVE_CASTLING) {
    from = r->castlings[move_arg(m)].king_from;
    to = r->castlings[move_arg(m)].king_to;
  }
  char f[2 * GEO_LABEL_MAX], t[2 * GEO_LABEL_MAX];
  geo_square_name(&r->geo, from, f);
  geo_square_name(&r->geo, to, t);
  if (kind == MOVE_DROP) {
    snprintf(out, outlen, "%s*%s", g->type_label[move_arg(m)][p->side], t);
    return;
  }
  if (kind == MOVE_PASS) {
    snprintf(out, outlen, "pass");
    return;
  }
  int code = p->board[from];
  const char *label = code && code != SQ_HOLE ? g->type_label[piece_type(code)][piece_color(code)] : "?";
  int n = snprintf(out, outlen, "%s %s-%s", label, f, t);
  if (kind == MOVE_CASTLING && g->castle2 && n < outlen) { /* "K f1-c1; R a1-d1" */
    const Castling *c = &r->castlings[move_arg(m)];
    int partner = p->board[c->partner_from];
    char pf[2 * GEO_LABEL_MAX], pt[2 * GEO_LABEL_MAX];
    geo_square_name(&r->geo, c->partner_from, pf);
    geo_square_name(&r->geo, c->partner_to, pt);
    snprintf(out + n, outlen - n, "; %s %s-%s",
             partner && partner != SQ_HOLE ? g->type_label[piece_type(partner)][piece_color(partner)] : "?", pf, pt);
    return;
  }
  if (kind == MOVE_PROMOTION && n < outlen)
    snprintf(out + n, outlen - n, "; %s-%s", g->type_label[move_arg(m)][piece_color(code)], t);
}
