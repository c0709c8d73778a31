/* Positions: set-up from FEN (slash and Game Courier compact forms), FEN output, keys,
 * move names, and the calls into the move generator (movegen.h). */
#include "rules/position.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/movegen.h"
#include "rules/make_inline.h"

void pos_grow_history(Position *p) {
  int cap = p->history_cap ? 2 * p->history_cap : 256;
  Undo *h = realloc(p->history, (size_t)cap * sizeof *h);
  if (!h) abort(); /* out of memory in the middle of a search: nothing sensible remains */
  p->history = h;
  p->history_cap = cap;
}

void pos_free(Position *p) {
  free(p->history);
  free(p->effects);
  p->effects = NULL;
  p->effects_cap = 0;
  p->history = NULL;
  p->history_cap = p->ply = 0;
}

void pos_copy(Position *dst, const Position *src) {
  memcpy(dst, src, sizeof *dst);
  dst->history = NULL;
  dst->history_cap = dst->ply = 0;
  dst->effects = NULL;
  dst->effects_cap = 0;
}

uint64_t pos_compute_key(const Position *p) {
  const Rules *r = p->rules;
  uint64_t key = 0;
  for (int sq = 0; sq < r->geo.squares; sq++)
    if (p->board[sq] != SQ_EMPTY && p->board[sq] != SQ_HOLE) key ^= r->zobrist_piece[p->board[sq]][sq];
  for (int c = 0; c < 2; c++)
    for (int t = 0; t < r->type_count; t++) key ^= r->zobrist_hand[c][t][p->hand[c][t] & 63];
  for (uint32_t rights = p->castle_rights; rights; rights &= rights - 1)
    key ^= r->zobrist_castle[__builtin_ctz(rights)];
  if (p->ep_victim >= 0) key ^= r->zobrist_ep[p->ep_victim];
  if (p->side) key ^= r->zobrist_side;
  key ^= pos_turn_key(r, p);
  for (int c = 0; c < 2; c++) key ^= r->zobrist_checks[c][p->checks[c]];
  return key;
}

static bool fail(Position *p, char *err, int errlen, const char *fmt, const char *detail) {
  snprintf(err, errlen, fmt, detail);
  Undo *h = p->history;
  int cap = p->history_cap, fx_cap = p->effects_cap;
  MoveEffects *fx = p->effects;
  const Rules *r = p->rules;
  memset(p, 0, sizeof *p);
  p->history = h, p->history_cap = cap, p->rules = r;
  p->effects = fx, p->effects_cap = fx_cap;
  return false;
}

/* Reads one piece token at *s ("P", "+P", "P~", "{+p}") into a code; false if unknown. */
static bool read_piece(const Rules *r, const char **s, int *code, bool *mark) {
  const char *q = *s;
  bool braced = *q == '{';
  if (braced) q++;
  bool promoted = *q == '+';
  if (promoted) q++;
  if (!isalpha((unsigned char)*q)) return false;
  char letter = *q++;
  int t = rules_find_type(r, letter, promoted);
  if (t < 0) return false;
  *mark = false;
  if (*q == '~') *mark = true, q++;
  if (braced) {
    if (*q != '}') return false;
    q++;
  }
  *code = piece_code(isupper((unsigned char)letter) ? WHITE : BLACK, t);
  *s = q;
  return true;
}

/* Fills the squares from the top-left, rank by rank, as both board forms list them. */
typedef struct Filler {
  Position *p;
  int index; /* cells filled so far, counting from the top-left */
} Filler;

static int filler_square(const Filler *f) {
  const Geometry *g = &f->p->rules->geo;
  return (g->height - 1 - f->index / g->width) * g->width + f->index % g->width;
}

static const char *read_hand(Position *p, const char *s, char end) {
  const Rules *r = p->rules;
  while (*s && *s != end && *s != ' ') {
    int count = 1;
    if (isdigit((unsigned char)*s)) count = (int)strtol(s, (char **)&s, 10);
    if (*s == '-') {
      s++;
      continue;
    }
    int code;
    bool mark;
    if (!read_piece(r, &s, &code, &mark) || count < 1 || count > 63) return NULL;
    int c = piece_color(code), t = piece_type(code);
    if (r->types[t].promoted_form) return NULL; /* captured pieces enter the hand unpromoted */
    if (p->hand[c][t] + count > 63) return NULL;
    p->hand[c][t] = (uint8_t)(p->hand[c][t] + count);
  }
  return s;
}

static bool read_board(Position *p, const char **text, bool compact, char *err, int errlen) {
  const Rules *r = p->rules;
  const Geometry *g = &r->geo;
  const char *s = *text;
  Filler f = {p, 0};
  int rank_start = 0;
  while (*s && *s != ' ' && *s != '[') {
    if (isdigit((unsigned char)*s)) {
      long run = strtol(s, (char **)&s, 10);
      if (run < 1 || run > g->squares - f.index)
        return fail(p, err, errlen, "FEN: run of %s empty squares overflows the board", "too many");
      for (long i = 0; i < run; i++, f.index++)
        if (g->hole[filler_square(&f)]) {
          char name[2 * GEO_LABEL_MAX];
          geo_square_name(g, filler_square(&f), name);
          return fail(p, err, errlen, "FEN: square %s is a hole of the board; write it '*'", name);
        }
      continue;
    }
    if (*s == '/') {
      if (compact) {
        s++;
        continue;
      }
      if (f.index - rank_start != g->width) {
        return fail(p, err, errlen, "FEN: rank %s does not hold exactly the board's width",
                    g->rank_label[g->height - 1 - rank_start / g->width]);
      }
      s++;
      rank_start = f.index;
      if (f.index == g->squares) { /* crazyhouse: the hand as one rank more */
        if (!r->drops) {
          char height[8];
          snprintf(height, sizeof height, "%d", g->height);
          return fail(p, err, errlen, "FEN: more ranks than the board's %s", height);
        }
        s = read_hand(p, s, ' ');
        if (!s) return fail(p, err, errlen, "FEN: bad piece in hand%s", "");
        break;
      }
      continue;
    }
    if (f.index >= g->squares) return fail(p, err, errlen, "FEN: more squares than the board has at '%s'", s);
    int sq = filler_square(&f);
    if (*s == '*' || *s == '-') {
      if (!g->hole[sq]) {
        char name[2 * GEO_LABEL_MAX];
        geo_square_name(g, sq, name);
        return fail(p, err, errlen, "FEN: a hole at %s, which is a square of this board", name);
      }
      s++, f.index++;
      continue;
    }
    int code;
    bool mark;
    const char *at = s;
    if (!read_piece(r, &s, &code, &mark)) return fail(p, err, errlen, "FEN: unknown piece at '%.8s'", at);
    if (g->hole[sq]) return fail(p, err, errlen, "FEN: a piece stands on a hole at '%.8s'", at);
    pos_put(p, code, sq);
    if (mark && !r->drops_keep_rank) set_promoted(p, sq, true); /* Rules.drops_keep_rank: no piece reverts */
    f.index++;
  }
  if (f.index != g->squares) {
    char msg[64];
    snprintf(msg, sizeof msg, "%d of %d", f.index, g->squares);
    return fail(p, err, errlen, "FEN: the board field covers %s squares", msg);
  }
  if (!compact && f.index - rank_start != g->width && rank_start != g->squares)
    return fail(p, err, errlen, "FEN: the last rank does not hold the board's width%s", "");
  if (*s == '[') {
    s = read_hand(p, s + 1, ']');
    if (!s || *s != ']') return fail(p, err, errlen, "FEN: bad piece in hand%s", "");
    s++;
  }
  for (int t = 0; t < r->type_count && !r->drops; t++)
    if (p->hand[WHITE][t] || p->hand[BLACK][t])
      return fail(p, err, errlen, "FEN: pieces in hand, but %s has no drops", r->name);
  *text = s;
  return true;
}

/* Do castling k's king and partner stand where it needs them in p? */
static bool castling_in_place(const Position *p, const Castling *k) {
  int king = p->board[k->king_from], partner = p->board[k->partner_from];
  return king && king != SQ_HOLE && piece_color(king) == k->color && partner && partner != SQ_HOLE &&
         piece_color(partner) == k->color && (k->king_type < 0 || piece_type(king) == k->king_type) &&
         (k->partner_type < 0 || piece_type(partner) == k->partner_type);
}

/* Does castling k's partner stand on the side a castling letter names: 'K' toward the last
 * file, 'Q' toward the first, a file letter on that file (Shredder-FEN, X-FEN)? */
static bool castling_fits_letter(const Geometry *g, const Castling *k, char letter) {
  int kf = geo_file(g, k->king_from), pf = geo_file(g, k->partner_from);
  return letter == 'K' ? pf > kf : letter == 'Q' ? pf < kf : letter >= 'A' && letter - 'A' == pf;
}

/* A first-move right (Rules.first_moves) named by its square's file letter, as fairy-stockfish
 * writes Cambodian Chess's ("DEde"): set when the piece stands there.  False when the letter
 * names no first move of the colour. */
static bool read_first_right(Position *p, int color, char letter) {
  const Rules *r = p->rules;
  bool named = false;
  for (int i = 0; i < r->first_move_count; i++) {
    const FirstMove *fm = &r->first_moves[i];
    if (fm->color != color || letter - 'A' != geo_file(&r->geo, fm->from)) continue;
    named = true;
    if (p->board[fm->from] == piece_code(color, fm->type)) p->castle_rights |= 1u << fm->right;
  }
  return named;
}

/* The castling field: K and Q (X-FEN) name the outermost partner in place on that side, the
 * only one in chess and Chess960's usual case; a file letter (Shredder-FEN, or X-FEN for an
 * inner partner) names the partner on that file. */
static bool read_castling(Position *p, const char *field, char *err, int errlen) {
  const Rules *r = p->rules;
  const Geometry *g = &r->geo;
  if (!strcmp(field, "-")) return true;
  for (const char *s = field; *s; s++) {
    int color = isupper((unsigned char)*s) ? WHITE : BLACK;
    char c = (char)toupper((unsigned char)*s);
    char what[2] = {*s, 0};
    if (read_first_right(p, color, c)) continue;
    bool named = false;
    int outermost = -1; /* the file of the partner the letter names */
    for (int i = 0; i < r->castling_count; i++) {
      const Castling *k = &r->castlings[i];
      if (k->color != color || !castling_fits_letter(g, k, c)) continue;
      named = true;
      if (!castling_in_place(p, k)) continue;
      int pf = geo_file(g, k->partner_from);
      if (outermost < 0 || (c == 'K' ? pf > outermost : pf < outermost)) outermost = pf;
    }
    if (!named) return fail(p, err, errlen, "FEN: castling right '%s' names no castling move of this variant", what);
    if (outermost < 0)
      return fail(p, err, errlen, "FEN: castling right '%s' but the king or its partner is not in place", what);
    for (int i = 0; i < r->castling_count; i++) {
      const Castling *k = &r->castlings[i];
      if (k->color == color && castling_fits_letter(g, k, c) && castling_in_place(p, k) &&
          geo_file(g, k->partner_from) == outermost)
        p->castle_rights |= 1u << r->castle_right[i];
    }
  }
  return true;
}

/* The check counts of a check-counting game: "W+B", the checks White and Black have still to
 * give (fairy-stockfish), or "+W+B", the checks they have given (lichess). */
/* A count of at most two digits at *s, moved past; -1 when there is none or it is longer. */
static int read_small_count(const char **s) {
  int n = 0, digits = 0;
  while (isdigit((unsigned char)**s) && digits < 3) n = n * 10 + (*(*s)++ - '0'), digits++;
  return digits == 0 || digits > 2 ? -1 : n;
}

static bool read_checks(Position *p, const char *field, char *err, int errlen) {
  int limit = p->rules->check_limit;
  bool given = field[0] == '+';
  const char *s = field + given;
  int a = read_small_count(&s);
  int b = *s == '+' ? (s++, read_small_count(&s)) : -1;
  if (a < 0 || b < 0 || *s || a > limit || b > limit)
    return fail(p, err, errlen, "FEN: check counts '%s' are not two numbers of checks, as in 3+3 or +0+0", field);
  p->checks[WHITE] = (uint8_t)(given ? a : limit - a);
  p->checks[BLACK] = (uint8_t)(given ? b : limit - b);
  return true;
}

bool pos_set_fen(Position *p, const Rules *r, const char *fen, char *err, int errlen) {
  Undo *history = p->history;
  int cap = p->history_cap, fx_cap = p->effects_cap;
  MoveEffects *fx = p->effects;
  if (history && cap == 0) history = NULL;
  if (fx && fx_cap == 0) fx = NULL;
  memset(p, 0, sizeof *p);
  p->history = history, p->history_cap = cap;
  p->effects = fx, p->effects_cap = fx_cap;
  p->rules = r;
  p->ep_victim = -1;
  p->turn_piece = p->turn_frozen = p->turn_stale = -1;
  p->fullmove = 1;
  if (!r->finalized) return fail(p, err, errlen, "rules '%s' are not finalised", r->name);
  if (!strcmp(fen, "startpos")) fen = r->start_fen;
  for (int sq = 0; sq < r->geo.squares; sq++)
    if (r->geo.hole[sq]) p->board[sq] = SQ_HOLE;
  while (*fen == ' ') fen++;
  const char *board_end = strchr(fen, ' ');
  size_t board_len = board_end ? (size_t)(board_end - fen) : strlen(fen);
  bool compact = memchr(fen, '/', board_len) == NULL;
  const char *s = fen;
  if (!read_board(p, &s, compact, err, errlen)) return false;
  char fields[5][64] = {"w", "-", "-", "0", "1"}, checks[64] = "";
  for (int i = 0; i < 5; i++) {
    while (*s == ' ') s++;
    if (!*s) break;
    /* Shogi-style FENs (XBoard's, SFEN-like) go straight from the side to the counters. */
    if (i == 1 && isdigit((unsigned char)*s)) i = 3;
    int len = 0;
    while (s[len] && s[len] != ' ') len++;
    if (len >= 64) return fail(p, err, errlen, "FEN: field '%.20s' is too long", s);
    /* Check counts ("2+3", the checks each side has still to give, fairy-stockfish's field
     * after the en-passant square) stand between the fixed fields and the counters. */
    bool count_field = i == 3 && r->check_limit && memchr(s, '+', len);
    char *to = count_field ? checks : fields[i];
    memcpy(to, s, len);
    to[len] = 0;
    s += len;
    if (count_field) i--;
  }
  while (*s == ' ') s++;
  if (*s == '+' && r->check_limit && !checks[0]) { /* "+1+0": the checks each side has given (lichess) */
    int len = 0;
    while (s[len] && s[len] != ' ' && len < 63) len++;
    memcpy(checks, s, len);
    checks[len] = 0;
    s += len;
    while (*s == ' ') s++;
  }
  if (*s) return fail(p, err, errlen, "FEN: unexpected text '%.20s' after the counters", s);
  if (checks[0] && !read_checks(p, checks, err, errlen)) return false;
  /* In a turn of several parts, "w2" is White to make the turn's second part. */
  if (fields[0][0] == 'w')
    p->side = WHITE;
  else if (fields[0][0] == 'b')
    p->side = BLACK;
  if ((fields[0][0] != 'w' && fields[0][0] != 'b') ||
      (fields[0][1] && (fields[0][1] < '2' || fields[0][1] > '9' || fields[0][2])))
    return fail(p, err, errlen, "FEN: side to move '%s' is neither w nor b (nor w2, b2 ... for a later part of a turn)",
                fields[0]);
  if (fields[0][1]) p->part = fields[0][1] - '1';
  if (!read_castling(p, fields[1], err, errlen)) return false;
  if (strcmp(fields[2], "-")) {
    int used = 0, sq = geo_parse_square(&r->geo, fields[2], &used);
    if (sq < 0 || fields[2][used] || r->geo.hole[sq])
      return fail(p, err, errlen, "FEN: en-passant square '%s' is not on the board", fields[2]);
    /* The FEN names the first square the multi-step move passed; the others lie between it
     * and the piece that made the move, in that piece's direction of travel. */
    int step = p->side == WHITE ? -r->geo.width : r->geo.width;
    int victim = sq;
    Bits passed = {{0}};
    while (victim >= 0 && victim < r->geo.squares && p->board[victim] == SQ_EMPTY) {
      bits_set(&passed, victim);
      victim += step;
    }
    if (victim == sq || victim < 0 || victim >= r->geo.squares || p->board[victim] == SQ_HOLE ||
        piece_color(p->board[victim]) == p->side || !r->types[piece_type(p->board[victim])].ep_creator)
      return fail(p, err, errlen, "FEN: no piece can be taken en passant on '%s'", fields[2]);
    memcpy(p->ep, passed.w, sizeof p->ep);
    p->ep_victim = victim;
  }
  char *end;
  long half = strtol(fields[3], &end, 10);
  if (*end || half < 0 || half > 100000)
    return fail(p, err, errlen, "FEN: half-move counter '%s' is not a number", fields[3]);
  long full = strtol(fields[4], &end, 10);
  if (*end || full < 1 || full > 100000)
    return fail(p, err, errlen, "FEN: move number '%s' is not a positive number", fields[4]);
  p->halfmove = (int)half, p->fullmove = (int)full;
  if (p->part >= pos_turn_parts(p)) {
    char what[16];
    snprintf(what, sizeof what, "%d", p->part + 1);
    return fail(p, err, errlen, "FEN: this turn has no part %s", what);
  }
  p->check_series[WHITE] = p->check_series[BLACK] = 0; /* the checks before the FEN are unknown */
  if (r->shak_types) pos_note_check_series(p);
  p->key = pos_compute_key(p);
  return true;
}

static void append(char *out, int outlen, int *pos, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
#include <stdarg.h>
static void append(char *out, int outlen, int *pos, const char *fmt, ...) {
  if (*pos >= outlen) return;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(out + *pos, outlen - *pos, fmt, ap);
  va_end(ap);
  if (n > 0) *pos += n;
}

static void piece_text(const Position *p, int sq, char *out, bool braces) {
  int code = p->board[sq], t = piece_type(code);
  const PieceType *pt = &p->rules->types[t];
  char letter = piece_color(code) == WHITE ? pt->letter : (char)tolower((unsigned char)pt->letter);
  if (pt->promoted_form)
    sprintf(out, braces ? "{+%c}" : "+%c", letter);
  else
    sprintf(out, promoted_at(p, sq) ? "%c~" : "%c", letter);
}

/* The board field, from the top rank down: slash form ('/' between ranks, '*' holes, runs
 * within a rank) or Game Courier's compact form (runs across ranks, '-' holes, {+p}). */
static void write_board(const Position *p, bool compact, char *out, int outlen, int *n) {
  const Geometry *g = &p->rules->geo;
  int empty = 0;
  for (int rank = g->height - 1; rank >= 0; rank--) {
    for (int file = 0; file < g->width; file++) {
      int sq = geo_square(g, file, rank);
      if (p->board[sq] == SQ_EMPTY) {
        empty++;
        continue;
      }
      if (empty) append(out, outlen, n, "%d", empty), empty = 0;
      char text[8];
      if (p->board[sq] == SQ_HOLE)
        strcpy(text, compact ? "-" : "*");
      else
        piece_text(p, sq, text, compact);
      append(out, outlen, n, "%s", text);
    }
    if (compact) continue;
    if (empty) append(out, outlen, n, "%d", empty), empty = 0;
    if (rank) append(out, outlen, n, "/");
  }
  if (empty) append(out, outlen, n, "%d", empty);
}

void pos_get_fen(const Position *p, char *out, int outlen) {
  const Rules *r = p->rules;
  const Geometry *g = &r->geo;
  int n = 0;
  out[0] = 0;
  write_board(p, false, out, outlen, &n);
  if (r->drops) {
    append(out, outlen, &n, "[");
    for (int c = 0; c < 2; c++)
      for (int t = 0; t < r->type_count; t++)
        for (int k = 0; k < p->hand[c][t]; k++)
          append(out, outlen, &n, "%c", c ? tolower((unsigned char)r->types[t].letter) : r->types[t].letter);
    append(out, outlen, &n, "]");
  }
  append(out, outlen, &n, " %c", p->side ? 'b' : 'w');
  if (p->part) append(out, outlen, &n, "%d", p->part + 1);
  append(out, outlen, &n, " ");
  int written = 0;
  uint32_t said = 0; /* one letter per right, though flexible castling lists several moves */
  for (int c = 0; c < 2; c++)
    for (int side = 0; side < 2; side++) /* K side first, as FEN writes KQkq */
      for (int i = 0; i < r->castling_count; i++) {
        const Castling *k = &r->castlings[i];
        int bit = r->castle_right[i];
        /* Under castling_free a right's castlings differ in the king's square: the one in place. */
        if (k->color != c || !(p->castle_rights >> bit & 1) || (said >> bit & 1) || !castling_in_place(p, k) ||
            !castling_fits_letter(g, k, side == 0 ? 'K' : 'Q'))
          continue;
        said |= 1u << bit;
        /* K or Q when it names this partner, the outermost in place on its side (X-FEN); else
         * the partner's file (Shredder-FEN), as for an inner Rook in Chess960. */
        int pf = geo_file(g, k->partner_from);
        char letter = side == 0 ? 'K' : 'Q';
        for (int j = 0; j < r->castling_count; j++) {
          const Castling *o = &r->castlings[j];
          int of = geo_file(g, o->partner_from);
          if (o->color == c && o->king_from == k->king_from && castling_in_place(p, o) &&
              (side == 0 ? of > pf : of < pf) && castling_fits_letter(g, o, side == 0 ? 'K' : 'Q'))
            letter = (char)('A' + pf);
        }
        append(out, outlen, &n, "%c", c ? tolower((unsigned char)letter) : letter);
        written++;
      }
  for (int c = 0; c < 2; c++) /* first-move rights: their squares' files, in order */
    for (int f = 0; f < g->width; f++)
      for (int i = 0; i < r->first_move_count; i++) {
        const FirstMove *fm = &r->first_moves[i];
        if (fm->color != c || geo_file(g, fm->from) != f || !(p->castle_rights >> fm->right & 1) ||
            (said >> fm->right & 1))
          continue;
        said |= 1u << fm->right;
        append(out, outlen, &n, "%c", (c ? 'a' : 'A') + f);
        written++;
      }
  if (!written) append(out, outlen, &n, "-");
  if (p->ep_victim >= 0) {
    /* Name the first square passed: the lowest after a White move, the highest after Black's. */
    Bits ep;
    memcpy(ep.w, p->ep, sizeof ep.w);
    int first = bits_pop(&ep);
    if (p->side == WHITE)
      for (int sq; (sq = bits_pop(&ep)) >= 0;) first = sq;
    char name[2 * GEO_LABEL_MAX];
    geo_square_name(g, first, name);
    append(out, outlen, &n, " %s", name);
  } else {
    append(out, outlen, &n, " -");
  }
  if (r->check_limit)
    append(out, outlen, &n, " %d+%d", r->check_limit - p->checks[WHITE], r->check_limit - p->checks[BLACK]);
  append(out, outlen, &n, " %d %d", p->halfmove, p->fullmove);
}

void pos_get_compact(const Position *p, char *out, int outlen) {
  int n = 0;
  out[0] = 0;
  write_board(p, true, out, outlen, &n);
}

void pos_make(Position *p, Move m) { pos_do_move(p, m); }

void pos_anchor(Position *p) {
  if (p->rules->oracle) p->rules->oracle->anchor(p->rules->oracle->ctx, p);
}
void pos_unmake(Position *p) { pos_undo_move(p); }

/* The generator for p: the oracle's when the rules have one, else the model's for the board's
 * width (rules_finalize).  The one place the oracle is looked for: the bridge attaches it after
 * finalising, and detaches it for a while to see the model's own moves (br_probe). */
static inline const MoveGenerator *generator(const Position *p) {
  if (__builtin_expect(p->rules->turn_restricted, 0)) return &gen_turns;
  return p->rules->oracle ? &gen_oracle : p->rules->gen;
}

void pos_legal_moves(Position *p, MoveList *list) { generator(p)->legal(p, list); }

void pos_noisy_moves(Position *p, MoveList *list) { generator(p)->noisy(p, list); }

void pos_noisy_moves_onto(Position *p, int sq, MoveList *list) {
  const MoveGenerator *g = generator(p);
  if (g->noisy_onto) {
    g->noisy_onto(p, sq, list);
    return;
  }
  g->noisy(p, list);
  int kept = 0;
  for (int i = 0; i < list->count; i++)
    if (move_to(list->moves[i]) == sq) list->moves[kept++] = list->moves[i];
  list->count = kept;
}

void pos_quiet_moves(Position *p, MoveList *list) { generator(p)->quiet(p, list); }

void pos_evasions(Position *p, MoveList *list) { generator(p)->evasions(p, list); }

bool pos_is_noisy(const Position *p, Move m) {
  switch (move_kind(m)) {
  case MOVE_PROMOTION:
  case MOVE_EN_PASSANT: return true;
  case MOVE_NORMAL: {
    int code = p->board[move_to(m)];
    return code != SQ_EMPTY && piece_color(code) != p->side;
  }
  case MOVE_ORACLE: {
    int codes[MOVE_EFFECT_MAX];
    return pos_oracle_victims(p, m, codes, MOVE_EFFECT_MAX) > 0;
  }
  default: return false; /* castling, drops, passes */
  }
}

bool pos_in_check(Position *p) { return generator(p)->in_check(p); }

void pos_count_check(Position *p, int mover) {
  int n = p->checks[mover];
  if (n >= MAX_CHECK_LIMIT || !pos_in_check(p)) return;
  p->key ^= p->rules->zobrist_checks[mover][n] ^ p->rules->zobrist_checks[mover][n + 1];
  p->checks[mover] = (uint8_t)(n + 1);
}

/* Does a piece of colour by of the types attack a royal piece of colour c? */
static bool royal_attacked_by(const Position *p, int c, uint32_t types) {
  const Rules *r = p->rules;
  for (uint32_t royals = r->royal_types; royals; royals &= royals - 1)
    for (int w = 0; w < BITS_WORDS; w++)
      for (uint64_t on = p->by_piece[c][__builtin_ctz(royals)][w]; on; on &= on - 1)
        if (generator(p)->attacked(p, w * 64 + __builtin_ctzll(on), c ^ 1, types)) return true;
  return false;
}

void pos_note_check_series(Position *p) {
  int us = p->side;
  uint8_t before = p->check_series[us];
  if (!royal_attacked_by(p, us, ~0u))
    p->check_series[us] = 0;
  else
    p->check_series[us] = before == 2 || royal_attacked_by(p, us, p->rules->shak_types) ? 2 : 1;
}

GameResult pos_checkmate_result(const Position *p) {
  const Rules *r = p->rules;
  if (!r->shak_types) return r->checkmate;
  if (!royal_attacked_by(p, p->side, ~r->mate_lost_types)) return RESULT_WIN; /* a Knight's mate */
  return p->check_series[p->side] == 2 ? RESULT_LOSS : RESULT_DRAW;
}

uint64_t pos_perft(Position *p, int depth) { return generator(p)->perft(p, depth); }

bool pos_is_legal(Position *p, Move m) {
  MoveList *list = malloc(sizeof *list);
  pos_legal_moves(p, list);
  bool found = false;
  for (int i = 0; i < list->count && !found; i++) found = list->moves[i] == m;
  free(list);
  return found;
}

int pos_royal_square(const Position *p) {
  const Rules *r = p->rules;
  int found = -1;
  for (int sq = 0; sq < r->geo.squares; sq++) {
    int code = p->board[sq];
    if (code == SQ_EMPTY || code == SQ_HOLE || piece_color(code) != p->side || !r->types[piece_type(code)].royal)
      continue;
    if (found >= 0) return -1; /* several: which one a reader expects is not clear */
    found = sq;
  }
  return found;
}

/* Who writes a pass how (the choice behind PassSpelling): Fairy-Stockfish, the engine that
 * plays Janggi with GUIs, writes it in UCI as its King's square twice (Janggi "e2e2"; its
 * UCI::move, and its issue 487: "Janggi more or less requires e1e1-style passes") and in XBoard
 * as "@@@@", which is what XBoard itself sends and reads for a pass.  So Herald's UCI front end
 * writes PASS_ROYAL_SQUARE, falling back on UCI's null move "0000" where the side has no single
 * royal piece to name, and its XBoard front end PASS_AT_SIGNS; both read all three. */
void pos_move_name_spelled(const Position *p, Move m, PassSpelling pass, char *out, int outlen) {
  if (move_kind(m) != MOVE_PASS || pass == PASS_WORD) {
    pos_move_name(p, m, out, outlen);
    return;
  }
  int royal = pass == PASS_ROYAL_SQUARE ? pos_royal_square(p) : -1;
  if (royal < 0) {
    snprintf(out, outlen, "%s", pass == PASS_AT_SIGNS ? "@@@@" : "0000");
    return;
  }
  char square[2 * GEO_LABEL_MAX];
  geo_square_name(&p->rules->geo, royal, square);
  snprintf(out, outlen, "%s%s", square, square);
}

/* Is text a pass as another program writes it (pos_parse_move)? */
static bool names_a_pass(const Position *p, const char *text) {
  if (!strcmp(text, "0000") || !strcmp(text, "@@@@")) return true;
  const Geometry *g = &p->rules->geo;
  int used = 0, more = 0, from = geo_parse_square(g, text, &used);
  if (from < 0 || geo_parse_square(g, text + used, &more) != from || text[used + more]) return false;
  int code = p->board[from];
  return code != SQ_EMPTY && code != SQ_HOLE && piece_color(code) == p->side && p->rules->types[piece_type(code)].royal;
}

void pos_move_name(const Position *p, Move m, char *out, int outlen) {
  const Rules *r = p->rules;
  char from[2 * GEO_LABEL_MAX], to[2 * GEO_LABEL_MAX];
  geo_square_name(&r->geo, move_from(m), from);
  geo_square_name(&r->geo,
                  move_kind(m) == MOVE_CASTLING ? castling_written_to(r, &r->castlings[move_arg(m)]) : move_to(m), to);
  switch (move_kind(m)) {
  case MOVE_PASS: snprintf(out, outlen, "pass"); break;
  case MOVE_DROP: snprintf(out, outlen, "%c@%s", r->types[move_arg(m)].letter, to); break;
  case MOVE_PROMOTION: {
    const PieceType *pt = &r->types[move_arg(m)];
    if (pt->promoted_form)
      snprintf(out, outlen, "%s%s+", from, to);
    else
      snprintf(out, outlen, "%s%s%c", from, to, tolower((unsigned char)pt->letter));
    break;
  }
  default: snprintf(out, outlen, "%s%s", from, to);
  }
}

/* The castling text names as other programs write it (pos_parse_move), when only one legal
 * castling fits: "O-O" ("0-0") toward the last file and "O-O-O" toward the first, as XBoard
 * sends Fischer castling to engines; and under castling_free the king's own squares ("e1g1"),
 * as a GUI writes a castling that knows nothing of Chess960. */
static Move castling_named_otherwise(const Position *p, const MoveList *list, const char *text) {
  const Rules *r = p->rules;
  const Geometry *g = &r->geo;
  int toward = !strcmp(text, "O-O") || !strcmp(text, "0-0")       ? 1
               : !strcmp(text, "O-O-O") || !strcmp(text, "0-0-0") ? -1
                                                                  : 0;
  int from = -1, to = -1;
  if (!toward && r->castling_free) {
    int used = 0, more = 0;
    from = geo_parse_square(g, text, &used);
    to = from < 0 ? -1 : geo_parse_square(g, text + used, &more);
    if (to < 0 || text[used + more]) return MOVE_NONE;
  }
  if (!toward && to < 0) return MOVE_NONE;
  Move found = MOVE_NONE;
  for (int i = 0; i < list->count; i++) {
    if (move_kind(list->moves[i]) != MOVE_CASTLING) continue;
    const Castling *c = &r->castlings[move_arg(list->moves[i])];
    bool fits = toward ? (geo_file(g, c->partner_from) > geo_file(g, c->king_from)) == (toward > 0)
                       : c->king_from == from && c->king_to == to;
    if (!fits) continue;
    if (found != MOVE_NONE) return MOVE_NONE; /* two castlings fit: which one is meant is not known */
    found = list->moves[i];
  }
  return found;
}

Move pos_parse_move(Position *p, const char *text) {
  MoveList *list = malloc(sizeof *list);
  pos_legal_moves(p, list);
  Move found = MOVE_NONE;
  char name[64];
  for (int i = 0; i < list->count; i++) {
    pos_move_name(p, list->moves[i], name, sizeof name);
    if (!strcmp(name, text)) {
      found = list->moves[i];
      break;
    }
  }
  if (found == MOVE_NONE && names_a_pass(p, text))
    for (int i = 0; i < list->count && found == MOVE_NONE; i++)
      if (move_kind(list->moves[i]) == MOVE_PASS) found = list->moves[i];
  if (found == MOVE_NONE) found = castling_named_otherwise(p, list, text);
  free(list);
  return found;
}

bool pos_opponent_mated(Position *p) {
  int side = p->side, part = p->part, turn_piece = p->turn_piece, frozen = p->turn_frozen, stale = p->turn_stale;
  uint64_t key = p->key;
  p->side ^= 1, p->part = 0, p->turn_piece = p->turn_frozen = p->turn_stale = -1;
  p->key = pos_compute_key(p);
  MoveList *list = malloc(sizeof *list);
  if (!list) abort();
  pos_legal_moves(p, list);
  bool mated = list->count == 0 && pos_in_check(p);
  free(list);
  p->side = side, p->part = part, p->turn_piece = turn_piece, p->turn_frozen = frozen, p->turn_stale = stale;
  p->key = key;
  return mated;
}

int pos_piece_count(const Position *p, int c) {
  int count = 0;
  for (int t = 0; t < p->rules->type_count; t++)
    for (int w = 0; w < BITS_WORDS; w++) count += __builtin_popcountll(p->by_piece[c][t][w]);
  return count;
}

bool pos_bare_royal(const Position *p, int c) {
  const Rules *r = p->rules;
  for (int t = 0; t < r->type_count; t++)
    if (!r->types[t].royal)
      for (int w = 0; w < BITS_WORDS; w++)
        if (p->by_piece[c][t][w]) return false;
  return true;
}

bool pos_emptied(const Position *p, int c) {
  for (int w = 0; w < BITS_WORDS; w++)
    if (p->by_color[c][w]) return false;
  return true;
}

GameResult pos_stalemate_result(const Position *p) {
  const Rules *r = p->rules;
  if (!r->stalemate_by_count) return r->stalemate;
  int mine = pos_piece_count(p, p->side), theirs = pos_piece_count(p, p->side ^ 1);
  return mine < theirs ? RESULT_WIN : mine > theirs ? RESULT_LOSS : RESULT_DRAW;
}

/* Whether pieces of type t win on a goal: those of Rules.goal_types, or else the royal ones. */
static inline bool is_goal_type(const Rules *r, int t) {
  return r->goal_types ? (r->goal_types >> t & 1) != 0 : r->types[t].royal;
}

int pos_goal_reached(const Position *p) {
  const Rules *r = p->rules;
  if (!r->has_goal) return -1;
  for (int c = 0; c < 2; c++)
    for (int t = 0; t < r->type_count; t++) {
      if (!is_goal_type(r, t)) continue;
      for (int w = 0; w < BITS_WORDS; w++)
        if (p->by_piece[c][t][w] & r->goal[c].w[w]) return c;
    }
  return -1;
}

/* Whether the side to move can bring a royal piece onto its goal with a legal move. */
static bool royal_reaches_goal(Position *p) {
  const Rules *r = p->rules;
  int us = p->side;
  MoveList list;
  generator(p)->pseudo_legal(p, &list);
  for (int i = 0; i < list.count; i++) {
    Move m = list.moves[i];
    int kind = move_kind(m), from = move_from(m), to = move_to(m);
    if (kind != MOVE_NORMAL || !bits_test(&r->goal[us], to)) continue;
    if (p->board[from] == SQ_EMPTY || !r->types[piece_type(p->board[from])].royal) continue;
    pos_make(p, m);
    bool legal = !pos_opponent_in_check(p) && !(r->no_giving_check && pos_in_check(p));
    pos_unmake(p);
    if (legal) return true;
  }
  return false;
}

/* Whether colour c has a goal piece on its goal that no enemy piece attacks (Rules.goal_safe). */
static bool safe_on_goal(Position *p, int c) {
  const Rules *r = p->rules;
  for (int t = 0; t < r->type_count; t++) {
    if (!is_goal_type(r, t)) continue;
    for (int w = 0; w < BITS_WORDS; w++)
      for (uint64_t on = p->by_piece[c][t][w] & r->goal[c].w[w]; on; on &= on - 1)
        if (!generator(p)->attacked(p, w * 64 + __builtin_ctzll(on), c ^ 1, ~0u)) return true;
  }
  return false;
}

GameResult pos_goal_result(Position *p) {
  const Rules *r = p->rules;
  if (!r->has_goal) return RESULT_NONE;
  int us = p->side;
  if (r->goal_safe) {
    if (safe_on_goal(p, us)) return safe_on_goal(p, us ^ 1) ? RESULT_DRAW : RESULT_WIN;
    return safe_on_goal(p, us ^ 1) ? RESULT_LOSS : RESULT_NONE;
  }
  if (!r->goal_reply) {
    int goal = pos_goal_reached(p);
    return goal < 0 ? RESULT_NONE : goal == us ? RESULT_WIN : RESULT_LOSS;
  }
  bool reached[2] = {false, false};
  for (int c = 0; c < 2; c++)
    for (int t = 0; t < r->type_count && !reached[c]; t++) {
      if (!is_goal_type(r, t)) continue;
      for (int w = 0; w < BITS_WORDS; w++) reached[c] |= (p->by_piece[c][t][w] & r->goal[c].w[w]) != 0;
    }
  if (reached[us]) return reached[us ^ 1] && us == WHITE && !r->goal_types ? RESULT_DRAW : RESULT_WIN;
  if (!reached[us ^ 1] || r->goal_types) return RESULT_NONE;
  if (us == BLACK && !pos_in_check(p) && royal_reaches_goal(p)) return RESULT_NONE;
  return RESULT_LOSS;
}

bool pos_extinct(const Position *p, int c) {
  const Rules *r = p->rules;
  for (int t = 0; t < r->type_count; t++) {
    if (r->extinction_types ? !(r->extinction_types >> t & 1) : !r->initial_count[t]) continue;
    int n = p->hand[c][t];
    for (int w = 0; w < BITS_WORDS && n <= r->extinction_count; w++) n += __builtin_popcountll(p->by_piece[c][t][w]);
    if (n <= r->extinction_count) return true;
  }
  return false;
}

/* The square of colour c's royal piece, or -1 when it has none or several. */
static int single_royal(const Position *p, int c) {
  int sq = -1;
  for (uint32_t types = p->rules->royal_types; types; types &= types - 1) {
    const uint64_t *b = p->by_piece[c][__builtin_ctz(types)];
    for (int w = 0; w < BITS_WORDS; w++)
      for (uint64_t bits = b[w]; bits; bits &= bits - 1) {
        if (sq >= 0) return -1;
        sq = w * 64 + __builtin_ctzll(bits);
      }
  }
  return sq;
}

bool pos_generals_face(const Position *p) {
  const Geometry *g = &p->rules->geo;
  int a = single_royal(p, WHITE), b = single_royal(p, BLACK);
  if (a < 0 || b < 0 || geo_file(g, a) != geo_file(g, b)) return false;
  int lo = a < b ? a : b, hi = a < b ? b : a;
  for (int sq = lo + g->width; sq < hi; sq += g->width)
    if (p->board[sq] != SQ_EMPTY) return false;
  return true;
}

GameResult pos_counted_result(const Position *p) {
  const Rules *r = p->rules;
  if (!r->counting) return RESULT_DRAW;
  int points[2] = {0, 0};
  for (int c = 0; c < 2; c++)
    for (int t = 0; t < r->type_count; t++)
      for (int w = 0; w < BITS_WORDS && r->types[t].points; w++)
        points[c] += __builtin_popcountll(p->by_piece[c][t][w]) * r->types[t].points;
  int lead2 = 2 * (points[WHITE] - points[BLACK]) - r->counting_komi2; /* White's lead, doubled */
  if (!lead2) return RESULT_DRAW;
  return (lead2 > 0) == (p->side == WHITE) ? RESULT_WIN : RESULT_LOSS;
}

GameResult pos_game_result(Position *p, char *reason, int reasonlen) {
  const Rules *r = p->rules;
  if (reasonlen > 0) reason[0] = 0;
  int us = p->side;
  if (r->empty_loses && pos_emptied(p, us)) {
    snprintf(reason, reasonlen, "no pieces left");
    return RESULT_LOSS;
  }
  if (r->extinction) {
    bool (*extinct)(const Position *, int) = generator(p)->extinct;
    if (extinct(p, us) || extinct(p, us ^ 1)) {
      snprintf(reason, reasonlen, "a piece type is extinct");
      /* An explosion that takes both sides' last pieces of a kind loses for the side that made
       * it (Fairy-Stockfish's atomic variants). */
      bool lost = extinct(p, us) && !(r->blast_on_capture && extinct(p, us ^ 1));
      return lost != r->extinction_wins ? RESULT_LOSS : RESULT_WIN;
    }
  }
  GameResult goal = pos_goal_result(p);
  if (goal != RESULT_NONE) {
    snprintf(reason, reasonlen, "%s",
             goal == RESULT_DRAW ? "both royal pieces reached their goals"
             : r->goal_types     ? "a piece reached its goal"
                                 : "a royal piece reached its goal");
    return goal;
  }
  int checker = pos_checks_won(p);
  if (checker >= 0) {
    snprintf(reason, reasonlen, "%d check%s given", r->check_limit, r->check_limit == 1 ? "" : "s");
    return checker == us ? RESULT_WIN : RESULT_LOSS;
  }
  if ((r->bare_royal_loses || r->bare_royal_wins) && pos_bare_royal(p, us)) {
    snprintf(reason, reasonlen, "bare royal");
    return r->bare_royal_wins ? RESULT_WIN : RESULT_LOSS;
  }
  if (pos_bare_drawn(p)) {
    snprintf(reason, reasonlen, "bare royal");
    return RESULT_DRAW;
  }
  if (r->bare_royal_wins && pos_bare_royal(p, us ^ 1)) { /* the game ended as the other side was left bare */
    snprintf(reason, reasonlen, "bare royal");
    return RESULT_LOSS;
  }
  if (r->oracle) {
    bool known = false;
    GameResult said = r->oracle->verdict(r->oracle->ctx, p, &known);
    if (known && said != RESULT_NONE) {
      snprintf(reason, reasonlen, "the preset's verdict");
      return said;
    }
  }
  if (pos_passes_ended(p) || pos_bikjang_ended(p)) {
    bool passes = pos_passes_ended(p);
    GameResult result = pos_counted_result(p);
    snprintf(reason, reasonlen, "%s%s", passes ? "two passes in a row" : "bikjang: a pass left the generals facing",
             r->counting ? ", decided by counting" : "");
    return result;
  }
  if (p->part > 0 && pos_opponent_in_check(p) && pos_opponent_mated(p)) {
    snprintf(reason, reasonlen, "checkmate by a part of the turn");
    return RESULT_WIN;
  }
  MoveList *list = malloc(sizeof *list);
  pos_legal_moves(p, list);
  int count = list->count;
  free(list);
  if (!count && p->part > 0) {
    snprintf(reason, reasonlen, "no legal move to finish the turn");
    return RESULT_LOSS;
  }
  if (!count) {
    bool check = pos_in_check(p);
    GameResult result = check ? pos_checkmate_result(p) : pos_stalemate_result(p);
    snprintf(reason, reasonlen, "%s",
             !check                          ? "stalemate"
             : !r->shak_types                ? "checkmate"
             : result == RESULT_WIN          ? "checkmate by a piece that may not give it"
             : result == p->rules->checkmate ? "checkmate"
                                             : "checkmate without a shak among its checks");
    return result;
  }
  if (r->nmove_rule && p->halfmove >= r->nmove_rule) {
    snprintf(reason, reasonlen, "%d-move rule%s", r->nmove_rule / 2, r->counting ? ", decided by counting" : "");
    return pos_counted_result(p);
  }
  if (r->repetition_count > 1 && p->part == 0) { /* never in the middle of a turn */
    int seen = 1;
    for (int i = p->ply - 1; i >= 0 && i >= p->ply - p->halfmove; i--)
      if (p->history[i].key == p->key && ++seen >= r->repetition_count) {
        bool counted = r->counting && r->repetition == RESULT_DRAW;
        snprintf(reason, reasonlen, "%d-fold repetition%s", r->repetition_count,
                 counted ? ", decided by counting" : "");
        return counted ? pos_counted_result(p) : r->repetition;
      }
  }
  return RESULT_NONE;
}
