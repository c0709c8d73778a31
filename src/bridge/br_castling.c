/* Castling from a preset: the flagged squares of royal pieces and their partners (seed 000),
 * or the fairychess lists wcastle/bcastle (seed 004), including castling written as two moves
 * (castle2) and Chess960's from any square (castle960): each becomes a Castling of the rules
 * model, with the FEN's rights. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge/br_internal.h"

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
  const GcBoard *b = gc_get_board(g->gc);
  const BrPiece *king = br_piece_of(g, b->cells[sq]);
  int rank = gc_board_rank_of(b, sq);
  for (int f = gc_board_file_of(b, sq) + dir; f >= 0 && f < b->nfiles; f += dir) {
    int psq = gc_board_at(b, f, rank);
    if (gc_board_is_empty(b, psq) || gc_board_is_hole(b, psq)) continue;
    const BrPiece *partner = br_piece_of(g, b->cells[psq]);
    if (partner && !partner->royal && partner->color == king->color && gc_get_flag(g->gc, b->names[psq])) return psq;
  }
  return -1;
}

/* Castling as two moves (herald-rules `castle2`, seed 004's castle2 and extended castling):
 * wcastle/bcastle list groups (king-from king-to partner-from partner-to); those of the king
 * on sq become castlings with exactly those squares.  How many were added, or -1. */
static int add_castle2(BrGame *g, const BrPiece *king, int sq, char *rights, int rightslen, char *err, int errlen) {
  Rules *r = &g->rules;
  const GcBoard *b = gc_get_board(g->gc);
  const GcValue *list = gc_get_var(g->gc, king->color == WHITE ? "wcastle" : "bcastle");
  int n = 0;
  for (size_t i = 0; list && list->type == GC_ARR && i < list->u.a->len; i++) {
    const GcValue *t = &list->u.a->items[i].val;
    if (t->type != GC_ARR || t->u.a->len != 4) continue;
    int at[4];
    bool ok = true;
    for (int k = 0; k < 4; k++) {
      const GcValue *v = &t->u.a->items[k].val;
      at[k] = v->type == GC_STR ? gc_board_index(b, v->u.s) : -1;
      ok &= at[k] >= 0;
    }
    if (!ok || at[0] != sq) continue;
    const BrPiece *partner = br_piece_of(g, b->cells[at[2]]);
    if (!partner || partner->color != king->color || !gc_get_flag(g->gc, b->names[at[2]])) continue;
    if (!rules_add_castling(r, king->color, b->names[at[0]], b->names[at[1]], b->names[at[2]], b->names[at[3]], err,
                            errlen))
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
  const GcBoard *b = gc_get_board(g->gc);
  int n = 0;
  for (int sq = 0; sq < b->nfiles * b->nranks; sq++) {
    const BrPiece *king = br_piece_of(g, b->cells[sq]);
    if (!king || !gc_get_flag(g->gc, b->names[sq])) continue;
    /* The castling piece: royal, or named by its Kpos/kpos variable (extinction). */
    char pos[GC_LABEL_MAX + 4];
    snprintf(pos, sizeof pos, "%spos", king->label);
    const char *tracked = br_var_square(g->gc, pos);
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
      if (!rules_add_castling(r, king->color, b->names[sq], b->names[to], b->names[psq], pt, err, errlen)) return false;
      Castling *c = &r->castlings[r->castling_count - 1];
      c->king_type = king->type;
      c->partner_type = br_piece_of(g, b->cells[psq])->type;
      add_right(rights, rightslen, king->color, gc_board_file_of(b, psq));
      n++;
    }
  }
  char text[80];
  snprintf(text, sizeof text, "castling: %d from wcastle/bcastle", n);
  br_note(g, text);
  return true;
}

/* Chess960 castling (herald-rules `castle960`): a royal piece on a flagged square castles from
 * any square of its rank with a piece of its partners' type on any other (rules_add_free_castling),
 * to the wcastle/bcastle square of the partner's side, the lower file toward the a-file and the
 * higher toward the other edge.  The partners are the flagged pieces of its rank in the start
 * position, which must all be of one type (the Rooks); the start's rights are theirs. */
static bool derive_free_castling(BrGame *g, char *rights, int rightslen, char *err, int errlen) {
  Rules *r = &g->rules;
  const GcBoard *b = gc_get_board(g->gc);
  int n = 0;
  for (int sq = 0; sq < b->nfiles * b->nranks; sq++) {
    const BrPiece *king = br_piece_of(g, b->cells[sq]);
    if (!king || !king->royal || !gc_get_flag(g->gc, b->names[sq])) continue;
    int rank = gc_board_rank_of(b, sq), partner_type = -1;
    for (int f = 0; f < b->nfiles; f++) {
      int psq = gc_board_at(b, f, rank);
      const BrPiece *partner = br_piece_of(g, b->cells[psq]);
      if (psq == sq || !partner || partner->royal || partner->color != king->color ||
          !gc_get_flag(g->gc, b->names[psq]))
        continue;
      if (partner_type >= 0 && partner->type != partner_type) {
        snprintf(err, errlen, "castle960: the flagged pieces beside the King on %s are of more than one type",
                 b->names[sq]);
        return false;
      }
      partner_type = partner->type;
      add_right(rights, rightslen, king->color, f);
    }
    char targets[GC_MAX_FILES][GC_LABEL_MAX * 2];
    int count = br_setting_words(g->gc, king->color == WHITE ? "wcastle" : "bcastle", targets, GC_MAX_FILES);
    int lowest = -1, highest = -1;
    for (int i = 0; i < count; i++) {
      int to = gc_board_index(b, targets[i]);
      if (to < 0 || gc_board_rank_of(b, to) != rank) continue;
      int file = gc_board_file_of(b, to);
      if (lowest < 0 || file < lowest) lowest = file;
      if (highest < 0 || file > highest) highest = file;
    }
    if (partner_type < 0) continue;
    if (lowest < 0 || lowest == highest) {
      snprintf(err, errlen, "castle960: %s needs a castling square on each side of the King's rank",
               king->color == WHITE ? "wcastle" : "bcastle");
      return false;
    }
    int before = r->castling_count;
    if (!rules_add_free_castling(r, king->color, rank, king->type, partner_type, lowest, highest, err, errlen))
      return false;
    n += r->castling_count - before;
  }
  char text[80];
  snprintf(text, sizeof text, "castling: %d from castle960 (any King and partner square)", n);
  br_note(g, text);
  return true;
}

/* Castling from the flags of Pre-Game: a royal piece on a flagged square castles with each
 * same-coloured piece on a flagged square of its rank, moving two squares toward it, the
 * partner landing on the square the king crossed (the `castle` sub of seed 000; 2004 code). */
bool br_derive_castling(BrGame *g, char *rights, int rightslen, char *err, int errlen) {
  Rules *r = &g->rules;
  const GcBoard *b = gc_get_board(g->gc);
  int n = 0;
  rights[0] = 0;
  g->castle2 = br_setting_int(g->gc, "castle2", 0);
  if (br_setting_int(g->gc, "castle960", 0)) return derive_free_castling(g, rights, rightslen, err, errlen);
  if (gc_get_var(g->gc, "wcastle") || gc_get_var(g->gc, "bcastle"))
    return derive_listed_castling(g, rights, rightslen, err, errlen);
  for (int sq = 0; sq < b->nfiles * b->nranks; sq++) {
    const BrPiece *king = br_piece_of(g, b->cells[sq]);
    if (!king || !king->royal || !gc_get_flag(g->gc, b->names[sq])) continue;
    int kf = gc_board_file_of(b, sq), rank = gc_board_rank_of(b, sq);
    for (int f = 0; f < b->nfiles; f++) {
      int psq = gc_board_at(b, f, rank);
      const BrPiece *partner = br_piece_of(g, b->cells[psq]);
      if (f == kf || !partner || partner->royal || partner->color != king->color ||
          !gc_get_flag(g->gc, b->names[psq]) || abs(f - kf) < 3)
        continue;
      int dir = f > kf ? 1 : -1;
      char kt[40], pt[40];
      snprintf(kt, sizeof kt, "%s", b->names[gc_board_at(b, kf + 2 * dir, rank)]);
      snprintf(pt, sizeof pt, "%s", b->names[gc_board_at(b, kf + dir, rank)]);
      if (!rules_add_castling(r, king->color, b->names[sq], kt, b->names[psq], pt, err, errlen)) return false;
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
  br_note(g, text);
  return true;
}

/* First moves (herald-rules `wfirst`/`bfirst`): pairs (from to) of squares; the piece on a
 * flagged from may, while it has not moved, go to the empty square to over whatever stands
 * between, a royal piece only when not in check (Cambodian Chess: the King's leap, the Met's
 * two-square step).  `firstlost`: labels whose move onto the file or rank of the enemy King
 * spends its first move (the Rook).  The rights go to the FEN as their squares' files. */
bool br_derive_first_moves(BrGame *g, char *rights, int rightslen, char *err, int errlen) {
  Rules *r = &g->rules;
  const GcBoard *b = gc_get_board(g->gc);
  int n = 0;
  for (int color = 0; color < 2; color++) {
    const GcValue *list = gc_get_var(g->gc, color == WHITE ? "wfirst" : "bfirst");
    for (size_t i = 0; list && list->type == GC_ARR && i < list->u.a->len; i++) {
      const GcValue *t = &list->u.a->items[i].val;
      const GcValue *from = t->type == GC_ARR && t->u.a->len == 2 ? &t->u.a->items[0].val : NULL;
      const GcValue *to = from ? &t->u.a->items[1].val : NULL;
      int sq = from && from->type == GC_STR ? gc_board_index(b, from->u.s) : -1;
      if (sq < 0 || !to || to->type != GC_STR || gc_board_index(b, to->u.s) < 0) {
        snprintf(err, errlen, "%s: each group must be two squares, from and to", color == WHITE ? "wfirst" : "bfirst");
        return false;
      }
      const BrPiece *piece = br_piece_of(g, b->cells[sq]);
      if (!piece || piece->color != color || !gc_get_flag(g->gc, b->names[sq])) {
        snprintf(err, errlen, "%s: no piece of its side on the flagged square %s", color == WHITE ? "wfirst" : "bfirst",
                 from->u.s);
        return false;
      }
      if (!rules_add_first_move(r, color, piece->type, from->u.s, to->u.s, err, errlen)) return false;
      add_right(rights, rightslen, color, gc_board_file_of(b, sq));
      n++;
    }
  }
  if (n) {
    char text[80];
    snprintf(text, sizeof text, "first moves: %d from wfirst/bfirst", n);
    br_note(g, text);
  }
  return true;
}
