/* The skeleton matcher (seed 002, section 2): a parsed move is a partial description; it is
 * compared field by field with every legal move.  Unlike the paper's program, the candidates
 * are the legal moves, so en passant, castling, promotion and illegal captures need no special
 * cases, and check marks settle what the fields leave open (the paper's "fourth case"). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/nt_internal.h"

static const char *style_names[NT_STYLE_COUNT] = {"coord", "lan", "san", "gc", "descriptive", "casefree"};

const char *nt_style_name(NtStyle style) { return style >= 0 && style < NT_STYLE_COUNT ? style_names[style] : "?"; }

int nt_style_from_name(const char *name) {
  for (int i = 0; i < NT_STYLE_COUNT; i++)
    if (!strcmp(name, style_names[i])) return i;
  return -1;
}

int nt_pawn_type(const Rules *r) { return rules_find_type(r, 'P', false); }

int nt_piece_token(const Rules *r, const char *text, bool any_case, int *used) {
  bool promoted = text[0] == '+';
  char c = text[promoted];
  if (!isalpha((unsigned char)c)) return -1;
  if (!any_case && !isupper((unsigned char)c)) return -1;
  int t = rules_find_type(r, (char)toupper((unsigned char)c), promoted);
  for (int u = 0; u < r->type_count && t < 0 && !promoted; u++) /* a promoted form by its label */
    if (r->types[u].label == toupper((unsigned char)c)) t = u;
  if (t < 0) return -1;
  *used = promoted + 1;
  return t;
}

void nt_piece_letters(const Rules *r, int t, char *out) {
  int n = 0;
  if (r->types[t].promoted_form) out[n++] = '+';
  out[n++] = r->types[t].letter;
  out[n] = 0;
}

static void facts_of(const Position *p, Move m, NtFacts *f) {
  const Rules *r = p->rules;
  f->kind = move_kind(m);
  f->from = move_from(m);
  f->to = move_to(m);
  f->promo = f->kind == MOVE_PROMOTION ? move_arg(m) : -1;
  f->captured = -1;
  f->victim = -1;
  f->castle = NT_CASTLE_NONE;
  f->piece = -1;
  switch (f->kind) {
  case MOVE_PASS: f->from = f->to = -1; return;
  case MOVE_DROP:
    f->piece = move_arg(m);
    f->from = -1;
    return;
  case MOVE_CASTLING: {
    /* O-O toward the partner on the last file's side, wherever the king goes (Chess960: King b1
     * and Rook a1 castle O-O-O with the king going right, to c1); the move is written to the
     * square coordinate notation names (castling_written_to). */
    const Castling *c = &r->castlings[move_arg(m)];
    f->piece = piece_type(p->board[f->from]);
    f->to = castling_written_to(r, c);
    f->castle = geo_file(&r->geo, c->partner_from) > geo_file(&r->geo, c->king_from) ? NT_CASTLE_SHORT : NT_CASTLE_LONG;
    return;
  }
  case MOVE_EN_PASSANT: f->victim = p->ep_victim; break;
  default:
    if (p->board[f->to] != SQ_EMPTY) f->victim = f->to;
  }
  f->piece = piece_type(p->board[f->from]);
  if (f->victim >= 0 && p->board[f->victim] != SQ_EMPTY)
    f->captured = piece_type(p->board[f->victim]);
  else
    f->victim = -1;
}

NtMoves *nt_moves_new(Position *p) {
  NtMoves *mv = malloc(sizeof *mv);
  if (!mv) return NULL;
  mv->p = p;
  pos_legal_moves(p, &mv->list);
  for (int i = 0; i < mv->list.count; i++) facts_of(p, mv->list.moves[i], &mv->facts[i]);
  return mv;
}

void nt_moves_free(NtMoves *mv) { free(mv); }

int nt_moves_find(const NtMoves *mv, Move m) {
  for (int i = 0; i < mv->list.count; i++)
    if (mv->list.moves[i] == m) return i;
  return -1;
}

void nt_skeleton_init(NtSkeleton *s) {
  memset(s, 0, sizeof *s);
  s->piece = NT_ANY;
  s->capture = NT_ANY;
  s->captured = NT_ANY;
  s->promo = NT_PROMO_ANY;
}

int nt_move_marks(Position *p, Move m) {
  pos_make(p, m);
  int marks = NT_MARK_NONE;
  if (pos_in_check(p)) {
    MoveList *list = malloc(sizeof *list);
    if (list) {
      pos_legal_moves(p, list);
      marks = list->count ? NT_MARK_CHECK : NT_MARK_MATE;
      free(list);
    } else {
      marks = NT_MARK_CHECK;
    }
  }
  pos_unmake(p);
  return marks;
}

bool nt_promotion_declined(const NtMoves *mv, int index) {
  const NtFacts *f = &mv->facts[index];
  if (f->kind != MOVE_NORMAL) return false;
  for (int i = 0; i < mv->list.count; i++)
    if (mv->facts[i].kind == MOVE_PROMOTION && mv->facts[i].from == f->from && mv->facts[i].to == f->to) return true;
  return false;
}

static bool in_mask(uint32_t mask, int v) { return !mask || (v >= 0 && (mask >> v & 1)); }

static bool skeleton_fits(const Rules *r, const NtSkeleton *s, const NtFacts *f) {
  const Geometry *g = &r->geo;
  if (s->pass || f->kind == MOVE_PASS) return s->pass && f->kind == MOVE_PASS;
  if (s->castle) return f->kind == MOVE_CASTLING && f->castle == s->castle;
  if (s->drop != (f->kind == MOVE_DROP)) return false;
  if (s->piece != NT_ANY && s->piece != f->piece) return false;
  if (f->from >= 0) {
    if (!in_mask(s->from_files, geo_file(g, f->from)) || !in_mask(s->from_ranks, geo_rank(g, f->from))) return false;
  } else if (s->from_files || s->from_ranks) {
    return false;
  }
  if (!in_mask(s->to_files, geo_file(g, f->to)) || !in_mask(s->to_ranks, geo_rank(g, f->to))) return false;
  if (s->capture == 1 && f->captured < 0) return false;
  if (s->capture == 0 && f->captured >= 0) return false;
  if (s->captured != NT_ANY && s->captured != f->captured) return false;
  if (s->captured_files || s->captured_ranks) {
    if (f->victim < 0) return false;
    if (!in_mask(s->captured_files, geo_file(g, f->victim)) || !in_mask(s->captured_ranks, geo_rank(g, f->victim)))
      return false;
  }
  if (s->ep && f->kind != MOVE_EN_PASSANT) return false;
  switch (s->promo) {
  case NT_PROMO_ANY: break;
  case NT_PROMO_NONE:
    if (f->promo >= 0) return false;
    break;
  case NT_PROMO_PLUS:
    if (f->promo < 0 || !r->types[f->promo].promoted_form) return false;
    break;
  default:
    if (f->promo != s->promo) return false;
  }
  return true;
}

NtStatus nt_syntax(NtResult *result, const char *fmt, ...) {
  memset(result, 0, sizeof *result);
  result->status = NT_SYNTAX;
  result->move = MOVE_NONE;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(result->message, sizeof result->message, fmt, ap);
  va_end(ap);
  return NT_SYNTAX;
}

/* How many given fields a legal move agrees with: the "nearest" moves of an error message. */
static int closeness(const Rules *r, const NtSkeleton *s, const NtFacts *f) {
  const Geometry *g = &r->geo;
  int score = 0;
  if (s->castle) return f->kind == MOVE_CASTLING ? 4 : 0;
  if (f->kind == MOVE_PASS) return 0;
  if ((s->to_files || s->to_ranks) && in_mask(s->to_files, geo_file(g, f->to)) &&
      in_mask(s->to_ranks, geo_rank(g, f->to)))
    score += 4;
  if (s->piece != NT_ANY && s->piece == f->piece) score += 2;
  if (f->from >= 0 && (s->from_files || s->from_ranks) && in_mask(s->from_files, geo_file(g, f->from)) &&
      in_mask(s->from_ranks, geo_rank(g, f->from)))
    score += 2;
  if (s->capture == 1 && f->captured >= 0) score += 1;
  if (s->captured != NT_ANY && s->captured == f->captured) score += 1;
  return score;
}

static bool put_char(char *out, int outlen, int *n, char c) {
  if (*n + 1 >= outlen) return false;
  out[(*n)++] = c;
  return true;
}

static bool flush_empties(char *out, int outlen, int *n, int *empties) {
  if (!*empties) return true;
  char num[16];
  snprintf(num, sizeof num, "%d", *empties);
  *empties = 0;
  for (char *q = num; *q; q++)
    if (!put_char(out, outlen, n, *q)) return false;
  return true;
}

/* Board field of the FEN with the royal pieces of the side to move taken off: its legal moves
 * are the pseudo-legal moves of the other pieces, which tells "no such move" from "a move that
 * leaves the king attacked" (the paper's program could not: it happily plays Q*K). */
static bool fen_without_royals(const Position *p, char *out, int outlen) {
  const Rules *r = p->rules;
  char fen[2048];
  pos_get_fen(p, fen, sizeof fen);
  int n = 0, empties = 0;
  const char *s = fen;
  for (; *s && *s != ' ' && *s != '['; s++) {
    if (isdigit((unsigned char)*s)) {
      int v = 0;
      while (isdigit((unsigned char)*s)) v = v * 10 + (*s++ - '0');
      s--;
      empties += v;
    } else if (*s == '+' || isalpha((unsigned char)*s)) {
      bool promoted = *s == '+';
      const char *start = s;
      if (promoted) s++;
      if (!isalpha((unsigned char)*s)) return false;
      bool tilde = s[1] == '~';
      int t = rules_find_type(r, (char)toupper((unsigned char)*s), promoted);
      int color = isupper((unsigned char)*s) ? WHITE : BLACK;
      if (tilde) s++;
      if (t >= 0 && r->types[t].royal && color == p->side) {
        empties++;
      } else {
        if (!flush_empties(out, outlen, &n, &empties)) return false;
        for (const char *q = start; q <= s; q++)
          if (!put_char(out, outlen, &n, *q)) return false;
      }
    } else {
      if (!flush_empties(out, outlen, &n, &empties) || !put_char(out, outlen, &n, *s)) return false;
    }
  }
  if (!flush_empties(out, outlen, &n, &empties)) return false;
  /* the king's castling rights go with it */
  for (int field = 0; *s; s++) {
    if (*s == ' ') field++;
    if (field == 2 && *s != ' ') {
      if (s[-1] == ' ' && !put_char(out, outlen, &n, '-')) return false;
      continue;
    }
    if (!put_char(out, outlen, &n, *s)) return false;
  }
  out[n] = 0;
  return true;
}

static bool fits_without_royals(NtMoves *mv, const NtSkeleton *alts, int count) {
  const Position *p = mv->p;
  if (!p->rules->royal_type_count || p->rules->extinction) return false;
  char fen[2048], err[RULES_ERR_LEN];
  if (!fen_without_royals(p, fen, sizeof fen)) return false;
  Position q = {0};
  bool found = false;
  if (pos_set_fen(&q, p->rules, fen, err, sizeof err)) {
    NtMoves *other = nt_moves_new(&q);
    for (int i = 0; other && i < other->list.count && !found; i++)
      for (int a = 0; a < count && !found; a++)
        if (!alts[a].castle && skeleton_fits(p->rules, &alts[a], &other->facts[i])) found = true;
    nt_moves_free(other);
  }
  pos_free(&q);
  return found;
}

static void append(char *buf, int len, const char *fmt, ...) {
  int used = (int)strlen(buf);
  if (used >= len - 1) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf + used, len - used, fmt, ap);
  va_end(ap);
}

static void list_moves(NtMoves *mv, const Move *moves, int count, char *buf, int len) {
  for (int i = 0; i < count; i++) {
    char name[NT_TEXT_LEN];
    int index = nt_moves_find(mv, moves[i]);
    if (index < 0 || !nt_write_algebraic(mv, NT_SAN, index, name, sizeof name))
      pos_move_name(mv->p, moves[i], name, sizeof name);
    append(buf, len, "%s%s", i ? ", " : "", name);
  }
}

static bool add_unique(Move *set, int *count, int cap, Move m) {
  for (int i = 0; i < *count; i++)
    if (set[i] == m) return false;
  if (*count < cap) set[(*count)++] = m;
  return true;
}

NtStatus nt_resolve(NtMoves *mv, const NtSkeleton *alts, int count, bool quiet, NtResult *result) {
  const Rules *r = mv->p->rules;
  memset(result, 0, sizeof *result);
  result->move = MOVE_NONE;
  static const int cap = NT_MAX_CANDIDATES;
  int max_group = 0;
  for (int a = 0; a < count; a++)
    if (alts[a].group > max_group) max_group = alts[a].group;
  for (int group = 0; group <= max_group; group++) {
    Move unique[NT_MAX_CANDIDATES], all[NT_MAX_CANDIDATES];
    int unique_count = 0, all_count = 0;
    for (int a = 0; a < count; a++) {
      if (alts[a].group != group) continue;
      Move found[NT_MAX_CANDIDATES];
      int n = 0;
      for (int i = 0; i < mv->list.count; i++)
        if (skeleton_fits(r, &alts[a], &mv->facts[i]) && n < cap) found[n++] = mv->list.moves[i];
      if (n > 1 && alts[a].marks) {
        /* the fourth case of seed 002: the check or mate mark decides */
        int kept = 0;
        for (int i = 0; i < n; i++) {
          int marks = nt_move_marks(mv->p, found[i]);
          if (marks == alts[a].marks || (alts[a].marks == NT_MARK_CHECK && marks == NT_MARK_MATE))
            found[kept++] = found[i];
        }
        if (kept) n = kept;
      }
      if (n == 1) add_unique(unique, &unique_count, cap, found[0]);
      for (int i = 0; i < n; i++) add_unique(all, &all_count, cap, found[i]);
    }
    if (unique_count == 1) {
      result->status = NT_OK;
      result->move = unique[0];
      return NT_OK;
    }
    if (all_count) {
      const Move *set = unique_count > 1 ? unique : all;
      int n = unique_count > 1 ? unique_count : all_count;
      result->status = NT_AMBIGUOUS;
      result->candidate_count = n;
      memcpy(result->candidates, set, n * sizeof *set);
      if (!quiet) {
        snprintf(result->message, sizeof result->message, "ambiguous, %d moves fit: ", n);
        list_moves(mv, set, n, result->message, sizeof result->message);
      }
      return NT_AMBIGUOUS;
    }
  }
  result->status = NT_NO_MATCH;
  if (quiet) return NT_NO_MATCH;
  const char *side = mv->p->side == WHITE ? "White" : "Black";
  bool check = pos_in_check(mv->p);
  if (!mv->list.count) {
    snprintf(result->message, sizeof result->message, "%s has no legal move (%s)", side,
             check ? "checkmated" : "stalemated");
    return NT_NO_MATCH;
  }
  result->would_leave_check = count && fits_without_royals(mv, alts, count);
  if (result->would_leave_check)
    snprintf(result->message, sizeof result->message, "%s: %s", "illegal",
             check ? "it does not answer the check" : "it would leave the king attacked");
  else
    snprintf(result->message, sizeof result->message, "no legal move fits");
  if (check) append(result->message, sizeof result->message, " (%s is in check)", side);
  int best = 1;
  for (int i = 0; i < mv->list.count; i++)
    for (int a = 0; a < count; a++) {
      int score = closeness(r, &alts[a], &mv->facts[i]);
      if (score > best) best = score;
    }
  if (mv->list.count <= 5) best = 0; /* few legal moves: name them all */
  for (int i = 0; i < mv->list.count && result->candidate_count < 5; i++)
    for (int a = 0; a < count; a++)
      if (closeness(r, &alts[a], &mv->facts[i]) >= best) {
        result->candidates[result->candidate_count++] = mv->list.moves[i];
        break;
      }
  if (result->candidate_count) {
    append(result->message, sizeof result->message, "; nearest legal: ");
    list_moves(mv, result->candidates, result->candidate_count, result->message, sizeof result->message);
  }
  return NT_NO_MATCH;
}

NtStatus nt_read_moves(NtMoves *mv, NtStyle style, const char *text, bool quiet, NtResult *result) {
  NtSkeleton alts[NT_MAX_ALTS];
  int count;
  switch (style) {
  case NT_COORD:
  case NT_LAN:
  case NT_SAN: count = nt_parse_algebraic(mv->p, text, false, alts, result); break;
  case NT_CASEFREE: count = nt_parse_algebraic(mv->p, text, true, alts, result); break;
  case NT_GC: count = nt_parse_gc(mv->p, text, alts, result); break;
  case NT_DESCRIPTIVE: count = nt_parse_descriptive(mv->p, text, alts, result); break;
  default: return nt_syntax(result, "unknown notation");
  }
  if (count < 0) return result->status;
  return nt_resolve(mv, alts, count, quiet, result);
}

NtStatus nt_read(Position *p, NtStyle style, const char *text, NtResult *result) {
  NtMoves *mv = nt_moves_new(p);
  if (!mv) return nt_syntax(result, "out of memory");
  NtStatus status = nt_read_moves(mv, style, text, false, result);
  nt_moves_free(mv);
  return status;
}

bool nt_write(Position *p, NtStyle style, Move m, char *out, int outlen) {
  if (outlen < 2) return false;
  snprintf(out, outlen, "?");
  NtMoves *mv = nt_moves_new(p);
  if (!mv) return false;
  int index = nt_moves_find(mv, m);
  bool ok = false;
  if (index >= 0) {
    if (style == NT_COORD) {
      pos_move_name(p, m, out, outlen);
      ok = true;
    } else if (style == NT_DESCRIPTIVE) {
      ok = nt_write_descriptive(mv, index, out, outlen);
    } else if (style >= 0 && style < NT_STYLE_COUNT) {
      ok = nt_write_algebraic(mv, style, index, out, outlen);
    }
  }
  if (!ok) snprintf(out, outlen, "?");
  nt_moves_free(mv);
  return ok;
}
