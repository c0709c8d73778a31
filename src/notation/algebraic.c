/* Algebraic notations: SAN, long algebraic, coordinate, the paper's case-free algebraic (seed
 * 002 section 3, Fig. 4), and Game Courier's move syntax (gamecode reference section 1.8). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "notation/nt_internal.h"

enum { BODY_TOKENS = 12 };
typedef struct Token {
  char kind;
  int value, end;
} Token; /* kind 'F' file, 'R' rank */

static int match_label(const char labels[][GEO_LABEL_MAX], int count, const char *s, int *len) {
  int best = -1, best_len = 0;
  for (int i = 0; i < count; i++) {
    int n = (int)strlen(labels[i]);
    if (n > best_len && !strncmp(s, labels[i], n)) best = i, best_len = n;
  }
  *len = best_len;
  return best;
}

static bool has_promoted_forms(const Rules *r) {
  for (int t = 0; t < r->type_count; t++)
    if (r->types[t].promoted_form) return true;
  return false;
}

static bool starts_ci(const char *s, const char *prefix) { return !strncasecmp(s, prefix, strlen(prefix)); }

/* The promotion and en passant marks after the destination: "=Q", "(Q)", "/Q", "Q", "q", "=",
 * "e.p.", and for the case-free notation the paper's trailing "E". */
static bool parse_suffix(const Rules *r, const char *s, bool case_free, NtSkeleton *sk) {
  while (*s) {
    int used = 0, t;
    if (*s == ' ') {
      s++;
    } else if (starts_ci(s, "e.p.")) {
      sk->ep = true, s += 4;
    } else if (starts_ci(s, "ep") && !s[2]) {
      sk->ep = true, s += 2;
    } else if (*s == '=' || *s == '/' || *s == '(') {
      char open = *s++;
      if ((t = nt_piece_token(r, s, true, &used)) >= 0) {
        sk->promo = t, s += used;
        if (open == '(' && *s++ != ')') return false;
      } else if (open == '=') {
        sk->promo = NT_PROMO_NONE;
      } else {
        return false;
      }
    } else if ((t = nt_piece_token(r, s, true, &used)) >= 0 && sk->promo == NT_PROMO_ANY) {
      sk->promo = t, s += used;
    } else if (case_free && (*s == 'e' || *s == 'E') && !sk->ep) {
      sk->ep = true, s++;
    } else {
      return false;
    }
  }
  return true;
}

/* [from file][from rank][-x:][destination][suffix]; '.' is the paper's "unknown" placeholder. */
static bool parse_body(const Rules *r, const char *body, bool case_free, NtSkeleton *sk) {
  const Geometry *g = &r->geo;
  Token tok[BODY_TOKENS];
  int n = 0, i = 0, len;
  while (body[i] && n < BODY_TOKENS) {
    char c = body[i];
    int v;
    if (c == '-' || c == ':' || c == '.') {
      i++;
    } else if (c == 'x') {
      sk->capture = 1, i++;
    } else if ((v = match_label(g->file_label, g->width, body + i, &len)) >= 0) {
      i += len, tok[n++] = (Token){'F', v, i};
    } else if ((v = match_label(g->rank_label, g->height, body + i, &len)) >= 0) {
      i += len, tok[n++] = (Token){'R', v, i};
    } else {
      break;
    }
  }
  int dest = -1;
  for (int j = 0; j + 1 < n; j++)
    if (tok[j].kind == 'F' && tok[j + 1].kind == 'R') dest = j;
  if (dest < 0 || dest > 2) return false;
  for (int j = 0; j < dest; j++) {
    if (tok[j].kind == 'F' && j == 0)
      sk->from_files = 1u << tok[j].value;
    else if (tok[j].kind == 'R' && !sk->from_ranks)
      sk->from_ranks = 1u << tok[j].value;
    else
      return false;
  }
  sk->to_files = 1u << tok[dest].value;
  sk->to_ranks = 1u << tok[dest + 1].value;
  return parse_suffix(r, body + tok[dest + 1].end, case_free, sk);
}

static bool is_castle(const char *s, int *side) {
  char norm[8];
  int n = 0;
  for (; *s && n < 7; s++) {
    char c = (char)toupper((unsigned char)*s);
    if (c == '0') c = 'O';
    if (c != '-') norm[n++] = c;
  }
  if (*s) return false;
  norm[n] = 0;
  if (!strcmp(norm, "OO"))
    *side = NT_CASTLE_SHORT;
  else if (!strcmp(norm, "OOO"))
    *side = NT_CASTLE_LONG;
  else
    return false;
  return true;
}

/* Adds the promotion and mark variants of base: a trailing '+' is a shogi promotion before it
 * is a check mark, and a missing promotion sign means "does not promote" before "any". */
static int expand(const Rules *r, const NtSkeleton *base, int plus, bool mate, NtSkeleton *alts, int count) {
  NtSkeleton s = *base;
  int marks = mate || plus >= 2 ? NT_MARK_MATE : plus == 1 ? NT_MARK_CHECK : NT_MARK_NONE;
  if (plus >= 1 && base->promo == NT_PROMO_ANY && !base->drop && !base->castle && has_promoted_forms(r)) {
    s.group = 0, s.promo = NT_PROMO_PLUS;
    s.marks = mate ? NT_MARK_MATE : plus >= 2 ? NT_MARK_CHECK : NT_MARK_NONE;
    alts[count++] = s;
    marks = mate ? NT_MARK_MATE : NT_MARK_CHECK;
  }
  s = *base;
  s.marks = marks;
  if (base->promo == NT_PROMO_ANY && !base->drop && !base->castle && !base->pass) {
    s.group = 1, s.promo = NT_PROMO_NONE;
    alts[count++] = s;
    s.group = 2, s.promo = NT_PROMO_ANY;
  } else {
    s.group = 1;
  }
  alts[count++] = s;
  return count;
}

int nt_parse_algebraic(const Position *p, const char *text, bool case_free, NtSkeleton *alts, NtResult *result) {
  const Rules *r = p->rules;
  char buf[NT_TEXT_LEN];
  while (isspace((unsigned char)*text)) text++;
  int len = (int)strlen(text);
  if (len >= NT_TEXT_LEN) return nt_syntax(result, "move text too long"), -1;
  memcpy(buf, text, len + 1);
  while (len && (isspace((unsigned char)buf[len - 1]) || buf[len - 1] == '!' || buf[len - 1] == '?')) buf[--len] = 0;
  bool mate = false;
  int plus = 0;
  if (len && buf[len - 1] == '#') mate = true, buf[--len] = 0;
  while (len && buf[len - 1] == '+') plus++, buf[--len] = 0;
  if (!len) return nt_syntax(result, "empty move"), -1;
  if (case_free)
    for (int i = 0; i < len; i++) buf[i] = (char)tolower((unsigned char)buf[i]);
  NtSkeleton base;
  nt_skeleton_init(&base);
  int side;
  if (!strcasecmp(buf, "pass") || !strcmp(buf, "--") || !strcmp(buf, "@@@@")) {
    base.pass = true;
    return expand(r, &base, plus, mate, alts, 0);
  }
  if (is_castle(buf, &side)) {
    base.castle = side;
    return expand(r, &base, plus, mate, alts, 0);
  }
  char *at = strchr(buf, '@');
  if (at) {
    int used = 0;
    base.drop = true;
    base.piece = at == buf ? nt_pawn_type(r) : nt_piece_token(r, buf, case_free, &used);
    if (base.piece < 0 || (at != buf && buf + used != at))
      return nt_syntax(result, "'%s': no piece of that letter to drop", text), -1;
    if (!parse_body(r, at + 1, case_free, &base) || base.from_files || base.from_ranks || base.promo != NT_PROMO_ANY)
      return nt_syntax(result, "'%s': a drop is PIECE@SQUARE", text), -1;
    return expand(r, &base, plus, mate, alts, 0);
  }
  /* The piece: case-free text cannot tell the bishop from the b-file (seed 002's BA3), so both
   * readings go forward and the legal moves decide. */
  int count = 0, used = 0;
  int piece = nt_piece_token(r, buf, case_free, &used);
  for (int reading = 0; reading < 2; reading++) {
    NtSkeleton s = base;
    const char *body = buf;
    if (reading == 0) {
      if (piece < 0) continue;
      s.piece = piece;
      body = buf + used;
    } else if (piece >= 0 && !case_free) {
      continue;
    }
    if (!parse_body(r, body, case_free, &s)) continue;
    if (reading == 1) {
      bool full_from = s.from_files && s.from_ranks;
      s.piece = full_from ? NT_ANY : nt_pawn_type(r);
    }
    count = expand(r, &s, plus, mate, alts, count);
  }
  if (!count) return nt_syntax(result, "'%s' is not a move in algebraic notation", text), -1;
  return count;
}

int nt_parse_gc(const Position *p, const char *text, NtSkeleton *alts, NtResult *result) {
  const Rules *r = p->rules;
  const Geometry *g = &r->geo;
  char buf[2 * NT_TEXT_LEN];
  snprintf(buf, sizeof buf, "%s", text);
  char *comment = strstr(buf, "//");
  if (comment) *comment = 0;
  char *parts[4];
  int nparts = 0;
  for (char *s = buf, *semi; s && nparts < 4; s = semi) {
    semi = strchr(s, ';');
    if (semi) *semi++ = 0;
    while (isspace((unsigned char)*s)) s++;
    int n = (int)strlen(s);
    while (n && isspace((unsigned char)s[n - 1])) s[--n] = 0;
    if (*s) parts[nparts++] = s;
  }
  if (!nparts) return nt_syntax(result, "empty move"), -1;
  NtSkeleton s;
  nt_skeleton_init(&s);
  if (!strcasecmp(parts[0], "pass")) {
    s.pass = true, s.group = 1;
    alts[0] = s;
    return 1;
  }
  char *q = parts[0];
  int used = 0, sq;
  int label = nt_piece_token(r, q, true, &used);
  char *star = strchr(q, '*');
  if (star) {
    if (label < 0 || q + used != star) return nt_syntax(result, "'%s': a drop is LABEL*SQUARE", text), -1;
    s.drop = true, s.piece = label;
    sq = geo_parse_square(g, star + 1, &used);
    if (sq < 0 || star[1 + used]) return nt_syntax(result, "'%s': bad drop square", text), -1;
  } else {
    if (label >= 0 && isspace((unsigned char)q[used])) {
      s.piece = label, q += used;
      while (isspace((unsigned char)*q)) q++;
    }
    int from = geo_parse_square(g, q, &used);
    if (from < 0 || q[used] != '-') return nt_syntax(result, "'%s': a move is [LABEL] FROM-TO", text), -1;
    q += used + 1;
    sq = geo_parse_square(g, q, &used);
    if (sq < 0 || q[used]) return nt_syntax(result, "'%s': bad destination", text), -1;
    s.from_files = 1u << geo_file(g, from);
    s.from_ranks = 1u << geo_rank(g, from);
  }
  s.to_files = 1u << geo_file(g, sq);
  s.to_ranks = 1u << geo_rank(g, sq);
  /* Later parts: "Q-e8" puts the promoted piece on the destination; "R h1-f1" is the rook's
   * half of a castling typed in full, implied by the king's move. */
  for (int i = 1; i < nparts; i++) {
    char *part = parts[i];
    int t = nt_piece_token(r, part, true, &used);
    if (t >= 0 && part[used] == '-') {
      int length = 0;
      int dest = geo_parse_square(g, part + used + 1, &length);
      if (dest != sq || part[used + 1 + length] || s.drop)
        return nt_syntax(result, "'%s': the promotion part must name the destination", text), -1;
      s.promo = t;
    } else if (t < 0 || !isspace((unsigned char)part[used])) {
      return nt_syntax(result, "'%s': part '%s' not understood", text, part), -1;
    }
  }
  int count = 0;
  if (s.promo == NT_PROMO_ANY && !s.drop) {
    s.promo = NT_PROMO_NONE, s.group = 0;
    alts[count++] = s;
    s.promo = NT_PROMO_ANY;
  }
  s.group = 1;
  alts[count++] = s;
  return count;
}

/* Writers. */

static bool reads_back(NtMoves *mv, NtStyle style, const char *text, Move m) {
  NtResult res;
  return nt_read_moves(mv, style, text, true, &res) == NT_OK && res.move == m;
}

static void lower_or_upper(char *s, bool upper) {
  for (; *s; s++) *s = (char)(upper ? toupper((unsigned char)*s) : tolower((unsigned char)*s));
}

/* A type as Game Courier notation writes it: the preset's label of a promoted form (the
 * preset's referee knows no "+B"), else its letters. */
static void courier_label(const Rules *r, int t, char *out) {
  if (r->types[t].label)
    out[0] = r->types[t].label, out[1] = 0;
  else
    nt_piece_letters(r, t, out);
}

static bool write_gc(NtMoves *mv, int index, char *out, int outlen) {
  const Position *p = mv->p;
  const Rules *r = p->rules;
  const NtFacts *f = &mv->facts[index];
  Move m = mv->list.moves[index];
  bool black = p->side == BLACK;
  char label[4], from[2 * GEO_LABEL_MAX], to[2 * GEO_LABEL_MAX];
  if (f->kind == MOVE_PASS) {
    snprintf(out, outlen, "pass");
    return reads_back(mv, NT_GC, out, m);
  }
  geo_square_name(&r->geo, f->to, to);
  courier_label(r, f->piece, label);
  lower_or_upper(label, !black);
  if (f->kind == MOVE_DROP) {
    snprintf(out, outlen, "%s*%s", label, to);
  } else {
    geo_square_name(&r->geo, f->from, from);
    int n = snprintf(out, outlen, "%s %s-%s", label, from, to);
    if (f->kind == MOVE_PROMOTION && n < outlen) {
      char promo[4];
      courier_label(r, f->promo, promo);
      lower_or_upper(promo, !black);
      snprintf(out + n, outlen - n, "; %s-%s", promo, to);
    }
    /* Castling is written as the king's move alone, as Game Courier players enter it: presets
     * in the style of seeds 000 and 001 move the partner themselves and refuse a second part.
     * Both forms are read. */
  }
  return reads_back(mv, NT_GC, out, m);
}

bool nt_write_algebraic(NtMoves *mv, NtStyle style, int index, char *out, int outlen) {
  if (style == NT_GC) return write_gc(mv, index, out, outlen);
  Position *p = mv->p;
  const Rules *r = p->rules;
  const Geometry *g = &r->geo;
  const NtFacts *f = &mv->facts[index];
  Move m = mv->list.moves[index];
  bool case_free = style == NT_CASEFREE;
  char marks[3] = "";
  if (!case_free) {
    int mk = nt_move_marks(p, m);
    snprintf(marks, sizeof marks, "%s", mk == NT_MARK_MATE ? "#" : mk == NT_MARK_CHECK ? "+" : "");
  }
  char text[NT_TEXT_LEN], full[NT_TEXT_LEN + 4];
#define TRY(...)                                                                                                       \
  do {                                                                                                                 \
    snprintf(text, sizeof text, __VA_ARGS__);                                                                          \
    if (case_free) lower_or_upper(text, true);                                                                         \
    snprintf(full, sizeof full, "%s%s", text, marks);                                                                  \
    if (reads_back(mv, style, text, m) && (!marks[0] || reads_back(mv, style, full, m))) {                             \
      snprintf(out, outlen, "%s", full);                                                                               \
      return (int)strlen(full) < outlen;                                                                               \
    }                                                                                                                  \
  } while (0)
  if (f->kind == MOVE_PASS) {
    TRY("pass");
    return false;
  }
  char to[2 * GEO_LABEL_MAX], letters[4] = "";
  geo_square_name(g, f->to, to);
  nt_piece_letters(r, f->piece, letters);
  if (f->kind == MOVE_DROP) {
    TRY("%s@%s", letters, to);
    return false;
  }
  if (f->kind == MOVE_CASTLING) {
    const char *name = f->castle == NT_CASTLE_SHORT ? (case_free ? "00" : "O-O") : (case_free ? "000" : "O-O-O");
    TRY("%s", name);
  }
  const char *file = g->file_label[geo_file(g, f->from)];
  const char *rank = g->rank_label[geo_rank(g, f->from)];
  char promo[6] = "";
  if (f->kind == MOVE_PROMOTION) {
    char pl[4];
    nt_piece_letters(r, f->promo, pl);
    if (r->types[f->promo].promoted_form)
      snprintf(promo, sizeof promo, "+");
    else
      snprintf(promo, sizeof promo, "%s%s", case_free ? "" : "=", pl);
  } else if (has_promoted_forms(r) && nt_promotion_declined(mv, index)) {
    /* shogi writes a declined promotion as '='; elsewhere a bare destination means no promotion */
    snprintf(promo, sizeof promo, "=");
  }
  const char *capture = f->captured >= 0 && !case_free ? "x" : "";
  const char *ep = case_free && f->kind == MOVE_EN_PASSANT ? "E" : "";
  bool pawn = f->piece == nt_pawn_type(r);
  const char *piece = pawn ? "" : letters;
  if (style == NT_LAN) {
    TRY("%s%s%s%s%s%s%s", piece, file, rank, f->captured >= 0 ? "x" : "-", to, promo, ep);
  } else {
    if (!(pawn && f->captured >= 0)) TRY("%s%s%s%s%s", piece, capture, to, promo, ep);
    TRY("%s%s%s%s%s%s", piece, file, capture, to, promo, ep);
    if (!pawn) TRY("%s%s%s%s%s%s", piece, rank, capture, to, promo, ep);
    TRY("%s%s%s%s%s%s%s", piece, file, rank, capture, to, promo, ep);
  }
  TRY("%s%s%s%s%s%s%s", letters, file, rank, capture, to, promo, ep);
#undef TRY
  return false;
}
