/* English descriptive notation (seed 002 section 2, Fig. 3): files named after the pieces that
 * start on them (QR QN QB Q K KB KN KR), ranks counted from each player's own side, men named
 * by piece and file ("KBP", "QN"), "-" for a move, "x" (or "*", ":") for a capture, "/" for a
 * qualifier ("N/3-B4", "R/R-B1"), "e.p.", promotion as "P-K8Q" / "P-K8(Q)" / "P-K8=Q".
 * Boards of 8 files only, as the notation has names for no others. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/nt_internal.h"

enum { FILES = 8 };
static const char *file_names[FILES] = {"QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"};

/* The files a file word names: "QB" one file, "B" the pair, "K"/"Q" the king's/queen's file. */
static uint32_t file_word(const char *w, int len) {
  if (len == 2 && (w[0] == 'Q' || w[0] == 'K')) {
    for (int f = 0; f < FILES; f++)
      if (!strncmp(file_names[f], w, 2) && strlen(file_names[f]) == 2) return 1u << f;
    return 0;
  }
  if (len != 1) return 0;
  switch (w[0]) {
  case 'R': return 1u << 0 | 1u << 7;
  case 'N': return 1u << 1 | 1u << 6;
  case 'B': return 1u << 2 | 1u << 5;
  case 'Q': return 1u << 3;
  case 'K': return 1u << 4;
  default: return 0;
  }
}

/* A relative rank number as an index for the side to move. */
static int rank_index(const Position *p, int number) {
  int h = p->rules->geo.height;
  if (number < 1 || number > h) return -1;
  return p->side == WHITE ? number - 1 : h - number;
}

static int read_number(const char **s) {
  if (!isdigit((unsigned char)**s)) return -1;
  int v = 0;
  while (isdigit((unsigned char)**s) && v < 100) v = v * 10 + (*(*s)++ - '0');
  return v;
}

/* A man: [K|Q][R|N|B] letter: "P", "KP", "BP", "QBP", "QN", "KR".  Sets the type and the files
 * (a pawn's qualifier names its file, a piece's K or Q its half of the board). */
static bool parse_man(const Rules *r, const char *w, int len, int *type, uint32_t *files) {
  if (len < 1 || len > 3) return false;
  *type = rules_find_type(r, w[len - 1], false);
  if (*type < 0) return false;
  *files = 0;
  if (len == 1) return true;
  bool pawn = *type == nt_pawn_type(r);
  if (len == 2 && !pawn && (w[0] == 'K' || w[0] == 'Q')) {
    *files = w[0] == 'Q' ? 0x0Fu : 0xF0u;
    return true;
  }
  *files = file_word(w, len - 1);
  return *files != 0;
}

/* A square: file word and rank number ("QB4", "B4", "K8").  Returns the characters used. */
static int parse_square(const Position *p, const char *s, uint32_t *files, uint32_t *ranks) {
  int letters = 0;
  while (isupper((unsigned char)s[letters]) && letters < 2) letters++;
  const char *d = s + letters;
  int number = read_number(&d);
  if (number < 0) return 0;
  *files = file_word(s, letters);
  int rank = rank_index(p, number);
  if (!*files || rank < 0) return 0;
  *ranks = 1u << rank;
  return (int)(d - s);
}

/* "/3", "/R", "/QR", "/K2": what a slash adds about a square. */
static bool parse_qualifier(const Position *p, const char *s, uint32_t *files, uint32_t *ranks) {
  if (isdigit((unsigned char)*s)) {
    const char *d = s;
    int rank = rank_index(p, read_number(&d));
    if (rank < 0 || *d) return false;
    *ranks = 1u << rank;
    return true;
  }
  int used = parse_square(p, s, files, ranks);
  if (used && !s[used]) return true;
  *ranks = 0;
  *files = file_word(s, (int)strlen(s));
  return *files != 0;
}

static bool parse_promotion(const Rules *r, const char *s, int *promo) {
  if (!*s) return true;
  char open = *s;
  if (open == '(' || open == '=' || open == '/') s++;
  int t = rules_find_type(r, *s, false);
  if (t < 0) return false;
  s++;
  if (open == '(' && *s++ != ')') return false;
  *promo = t;
  return !*s;
}

static bool strip_suffix(char *buf, int *len, const char *suffix) {
  int n = (int)strlen(suffix);
  if (*len < n + 1 || strcmp(buf + *len - n, suffix)) return false;
  *len -= n;
  buf[*len] = 0;
  return true;
}

int nt_parse_descriptive(const Position *p, const char *text, NtSkeleton *alts, NtResult *result) {
  const Rules *r = p->rules;
  if (r->geo.width != FILES) return nt_syntax(result, "descriptive notation needs 8 files"), -1;
  char buf[NT_TEXT_LEN];
  int len = 0;
  for (const char *s = text; *s; s++) {
    if (isspace((unsigned char)*s) || *s == '!' || *s == '?') continue;
    if (len + 1 >= NT_TEXT_LEN) return nt_syntax(result, "move text too long"), -1;
    buf[len++] = (char)toupper((unsigned char)*s);
    /* older books write the knight Kt ("Kt-KB3", "QKt") */
    if (len >= 2 && buf[len - 1] == 'T' && buf[len - 2] == 'K' && rules_find_type(r, 'T', false) < 0)
      buf[len - 2] = 'N', len--;
  }
  buf[len] = 0;
  NtSkeleton s;
  nt_skeleton_init(&s);
  s.group = 1;
  for (bool again = true; again;) {
    again = false;
    if (strip_suffix(buf, &len, "MATE") || strip_suffix(buf, &len, "++") || strip_suffix(buf, &len, "#"))
      s.marks = NT_MARK_MATE, again = true;
    else if (strip_suffix(buf, &len, "DISCH") || strip_suffix(buf, &len, "DBLCH") || strip_suffix(buf, &len, "CH") ||
             strip_suffix(buf, &len, "+"))
      s.marks = s.marks ? s.marks : NT_MARK_CHECK, again = true;
    else if (strip_suffix(buf, &len, "E.P.") || strip_suffix(buf, &len, "EP"))
      s.ep = true, again = true;
  }
  if (!len) return nt_syntax(result, "empty move"), -1;
  char norm[NT_TEXT_LEN];
  int n = 0;
  for (int i = 0; i < len; i++)
    if (buf[i] != '-') norm[n++] = buf[i] == '0' ? 'O' : buf[i];
  norm[n] = 0;
  if (!strcmp(norm, "OO") || !strcmp(norm, "CASTLES") || !strcmp(norm, "CASTLESKR")) {
    s.castle = NT_CASTLE_SHORT;
    alts[0] = s;
    return 1;
  }
  if (!strcmp(norm, "OOO") || !strcmp(norm, "CASTLESQR")) {
    s.castle = NT_CASTLE_LONG;
    alts[0] = s;
    return 1;
  }
  /* The mover, up to the separator. */
  int sep = 0;
  while (buf[sep] && !strchr("-X*:@", buf[sep])) sep++;
  if (!buf[sep] || sep == 0) return nt_syntax(result, "'%s': expected MAN-SQUARE or MANxMAN", text), -1;
  char mover[NT_TEXT_LEN];
  memcpy(mover, buf, sep);
  mover[sep] = 0;
  char *slash = strchr(mover, '/');
  if (slash) *slash++ = 0;
  uint32_t files = 0;
  if (!parse_man(r, mover, (int)strlen(mover), &s.piece, &files))
    return nt_syntax(result, "'%s': '%s' names no man", text, mover), -1;
  s.from_files = files;
  if (slash && !parse_qualifier(p, slash, &s.from_files, &s.from_ranks))
    return nt_syntax(result, "'%s': bad qualifier '/%s'", text, slash), -1;
  if (slash && files && s.from_files != files) s.from_files &= files;
  char kind = buf[sep];
  const char *rest = buf + sep + 1;
  if (kind == '-' || kind == '@') {
    int used = parse_square(p, rest, &s.to_files, &s.to_ranks);
    if (!used || !parse_promotion(r, rest + used, &s.promo))
      return nt_syntax(result, "'%s': bad square '%s'", text, rest), -1;
    if (kind == '@') {
      if (s.from_files || s.from_ranks) return nt_syntax(result, "'%s': bad drop", text), -1;
      s.drop = true;
    } else {
      s.capture = 0;
    }
    alts[0] = s;
    return 1;
  }
  /* A capture: the man taken, perhaps "/square", perhaps the paper's trailing E (en passant),
   * perhaps a promotion letter; "P*BB" is a bishop taken with or without promotion to one. */
  s.capture = 1;
  char target[NT_TEXT_LEN];
  snprintf(target, sizeof target, "%s", rest);
  char *tslash = strchr(target, '/');
  char *tail = target + strlen(target);
  if (tslash) tail = tslash;
  char *paren = strpbrk(target, "(=");
  if (paren && paren < tail) tail = paren;
  char after[NT_TEXT_LEN];
  snprintf(after, sizeof after, "%s", tail);
  *tail = 0;
  int tlen = (int)strlen(target);
  if (tlen > 1 && target[tlen - 1] == 'E' && rules_find_type(r, 'E', false) < 0) s.ep = true, target[--tlen] = 0;
  int count = 0;
  for (int split = 0; split < 2; split++) {
    NtSkeleton a = s;
    int man_len = tlen - split;
    if (split && (tlen < 2 || rules_find_type(r, target[tlen - 1], false) < 0)) continue;
    if (!parse_man(r, target, man_len, &a.captured, &a.captured_files)) continue;
    if (split) a.promo = rules_find_type(r, target[tlen - 1], false);
    const char *q = after;
    if (*q == '/' && (isdigit((unsigned char)q[1]) || isupper((unsigned char)q[2]) || isdigit((unsigned char)q[2]))) {
      char qual[NT_TEXT_LEN];
      snprintf(qual, sizeof qual, "%s", q + 1);
      char *end = strpbrk(qual, "(=/");
      if (end) *end = 0;
      uint32_t cf = a.captured_files;
      if (!parse_qualifier(p, qual, &a.captured_files, &a.captured_ranks)) continue;
      if (cf) a.captured_files &= cf;
      q += 1 + strlen(qual);
    }
    if (*q && (split || !parse_promotion(r, q, &a.promo))) continue;
    alts[count++] = a;
  }
  if (!count) return nt_syntax(result, "'%s': '%s' names no man taken", text, rest), -1;
  return count;
}

/* Writer: candidates from short to long, the first that reads back as the move wins. */

static void file_short(int file, char *out) {
  /* the pair letter for rook, knight and bishop files; K and Q files are exact already */
  snprintf(out, 3, "%s", file == 3 || file == 4 ? file_names[file] : file_names[file] + 1);
}

typedef struct Cand {
  char text[256];
} Cand;

static int by_length(const void *a, const void *b) {
  return (int)strlen(((const Cand *)a)->text) - (int)strlen(((const Cand *)b)->text);
}

bool nt_write_descriptive(NtMoves *mv, int index, char *out, int outlen) {
  Position *p = mv->p;
  const Rules *r = p->rules;
  const Geometry *g = &r->geo;
  if (g->width != FILES) return false;
  const NtFacts *f = &mv->facts[index];
  Move m = mv->list.moves[index];
  int mk = nt_move_marks(p, m);
  const char *marks = mk == NT_MARK_MATE ? "mate" : mk == NT_MARK_CHECK ? "ch" : "";
  Cand *cands = malloc(64 * sizeof *cands);
  if (!cands) return false;
  int count = 0;
  if (f->kind == MOVE_CASTLING)
    snprintf(cands[count++].text, sizeof cands[0].text, "%s", f->castle == NT_CASTLE_SHORT ? "O-O" : "O-O-O");
  if (f->kind == MOVE_PASS) snprintf(cands[count++].text, sizeof cands[0].text, "pass");
  char letter = r->types[f->piece >= 0 ? f->piece : 0].letter;
  bool pawn = f->piece == nt_pawn_type(r);
  int to_file = geo_file(g, f->to), to_number = 0;
  if (f->kind != MOVE_PASS) {
    int rank = geo_rank(g, f->to);
    to_number = p->side == WHITE ? rank + 1 : g->height - rank;
  }
  char squares[2][12];
  char fs[3];
  file_short(to_file, fs);
  snprintf(squares[0], sizeof squares[0], "%s%d", fs, to_number);
  snprintf(squares[1], sizeof squares[1], "%s%d", file_names[to_file], to_number);
  char movers[6][16];
  int nmovers = 0;
  if (f->kind == MOVE_DROP) {
    snprintf(movers[nmovers++], 16, "%c", letter);
  } else if (f->from >= 0) {
    int ff = geo_file(g, f->from), rank = geo_rank(g, f->from);
    int number = p->side == WHITE ? rank + 1 : g->height - rank;
    char fsh[3];
    file_short(ff, fsh);
    snprintf(movers[nmovers++], 16, "%c", letter);
    if (pawn) {
      snprintf(movers[nmovers++], 16, "%sP", fsh);
      snprintf(movers[nmovers++], 16, "%sP", file_names[ff]);
      snprintf(movers[nmovers++], 16, "P/%d", number);
      snprintf(movers[nmovers++], 16, "%sP/%d", file_names[ff], number);
    } else {
      snprintf(movers[nmovers++], 16, "%c%c", ff < 4 ? 'Q' : 'K', letter);
      snprintf(movers[nmovers++], 16, "%c/%d", letter, number);
      snprintf(movers[nmovers++], 16, "%c/%s", letter, file_names[ff]);
      snprintf(movers[nmovers++], 16, "%c/%s%d", letter, file_names[ff], number);
    }
  }
  char promo[8] = "";
  if (f->kind == MOVE_PROMOTION) snprintf(promo, sizeof promo, "(%c)", r->types[f->promo].letter);
  for (int i = 0; i < nmovers && f->kind != MOVE_CASTLING && f->kind != MOVE_PASS; i++) {
    if (f->kind == MOVE_DROP) {
      for (int k = 0; k < 2; k++) snprintf(cands[count++].text, sizeof cands[0].text, "%s@%s", movers[i], squares[k]);
    } else if (f->captured < 0) {
      for (int k = 0; k < 2; k++)
        snprintf(cands[count++].text, sizeof cands[0].text, "%s-%s%s", movers[i], squares[k], promo);
    } else {
      int vf = geo_file(g, f->victim), vr = geo_rank(g, f->victim);
      int vnum = p->side == WHITE ? vr + 1 : g->height - vr;
      char cl = r->types[f->captured].letter, vfs[3];
      bool cpawn = f->captured == nt_pawn_type(r);
      file_short(vf, vfs);
      char targets[4][20];
      snprintf(targets[0], 20, "%c", cl);
      if (cpawn) {
        snprintf(targets[1], 20, "%sP", vfs);
        snprintf(targets[2], 20, "%sP", file_names[vf]);
      } else {
        snprintf(targets[1], 20, "%c%c", vf < 4 ? 'Q' : 'K', cl);
        snprintf(targets[2], 20, "%c/%s", cl, file_names[vf]);
      }
      snprintf(targets[3], 20, "%c/%s%d", cl, file_names[vf], vnum);
      const char *ep = f->kind == MOVE_EN_PASSANT ? " e.p." : "";
      for (int k = 0; k < 4 && count < 64; k++)
        snprintf(cands[count++].text, sizeof cands[0].text, "%sx%s%s%s", movers[i], targets[k], promo, ep);
    }
  }
  qsort(cands, count, sizeof *cands, by_length);
  bool ok = false;
  NtResult res;
  for (int i = 0; i < count && !ok; i++) {
    char full[sizeof cands[0].text + 8];
    snprintf(full, sizeof full, "%s%s", cands[i].text, marks);
    if (nt_read_moves(mv, NT_DESCRIPTIVE, cands[i].text, true, &res) != NT_OK || res.move != m) continue;
    if (marks[0] && (nt_read_moves(mv, NT_DESCRIPTIVE, full, true, &res) != NT_OK || res.move != m)) continue;
    snprintf(out, outlen, "%s", full);
    ok = (int)strlen(full) < outlen;
  }
  free(cands);
  return ok;
}
