/* Turns of several parts (seed 003): how many parts a turn has, for each side and for the game's
 * first turn, what each part may be, and what ends a turn early.  Read from the code where it
 * says so plainly (`continuemove`, the `allow` lists, a `continuemove` only where the opponent
 * is not in check), then asked of the referee by playing: a turn's parts, a first turn of one
 * part, the piece that may not move twice, the double step allowed in some parts only.
 * br_verify checks the result as every other rule: after each move the side to move must be
 * the referee's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge/br_internal.h"
#include "rules/make_inline.h"

enum { GC_PARTS = 2 * MAX_TURN_PARTS + 1 };

/* `allow moves 1 captures 1 promotions 2 ...`: the kinds each notation part may be.  Notation
 * parts are not turn parts: a promotion is a part of its own ("P e7-e8; Q-e8"), so the t-th move
 * of a turn is part t at the soonest and part 2t-1 at the latest. */
static void read_allows(const BrCode *code, uint8_t kinds[GC_PARTS], int *last) {
  *last = 0;
  for (int i = 0; i < code->count; i++) {
    const BrStatement *s = &code->st[i];
    if (!br_statement_is(s, 0, "allow")) continue;
    for (int k = 1; k + 1 < s->nwords; k += 2) {
      const char *kind = s->words[k];
      int part = atoi(s->words[k + 1]);
      if (part < 1 || part >= GC_PARTS) continue;
      int bit = !strcmp(kind, "moves")      ? PART_MOVE | PART_MULTISTEP
                : !strcmp(kind, "captures") ? PART_CAPTURE
                : !strcmp(kind, "pass")     ? PART_PASS
                                            : 0;
      kinds[part] |= (uint8_t)bit;
      if (bit && part > *last) *last = part;
    }
  }
}

/* Whether a `continuemove` stands where the opponent's check has been ruled out (a later branch
 * of an `if` that tests `checked`: seed 003's Marseillais) and never inside such a test's first
 * branch (Extra Move): then a part that gives check ends the turn. */
static bool check_ends_turn(const BrCode *code) {
  enum { DEPTH = 64 };
  struct {
    bool checked;
    int branch;
  } stack[DEPTH];
  bool ends = false, goes_on = false;
  int depth = 0;
  GcSection section = GC_SECTION_INCLUDE;
  for (int i = 0; i < code->count; i++) {
    const BrStatement *s = &code->st[i];
    if (s->section != section) depth = 0, section = s->section;
    if (br_statement_is(s, 0, "if") && depth < DEPTH) {
      bool checked = false;
      for (int k = 1; k < s->nwords; k++) checked |= strstr(s->words[k], "checked") != NULL;
      stack[depth].checked = checked, stack[depth].branch = 0, depth++;
    } else if ((br_statement_is(s, 0, "elseif") || br_statement_is(s, 0, "else")) && depth > 0) {
      stack[depth - 1].branch++;
    } else if (br_statement_is(s, 0, "endif") && depth > 0) {
      depth--;
    } else if (br_statement_is(s, 0, "continuemove")) {
      for (int d = depth - 1; d >= 0; d--)
        if (stack[d].checked) {
          (stack[d].branch ? &ends : &goes_on)[0] = true;
          break;
        }
    }
  }
  return ends && !goes_on;
}

void br_derive_turns(BrGame *g, const BrCode *code) {
  Rules *r = &g->rules;
  bool sides[2] = {false, false};
  for (int i = 0; i < code->count; i++) {
    const BrStatement *s = &code->st[i];
    if (!br_statement_is(s, 0, "continuemove")) continue;
    bool white = s->section == GC_SECTION_POSTMOVE1 || s->section == GC_SECTION_POSTGAME1 ||
                 s->section == GC_SECTION_PREMOVE1,
         black = s->section == GC_SECTION_POSTMOVE2 || s->section == GC_SECTION_POSTGAME2 ||
                 s->section == GC_SECTION_PREMOVE2;
    sides[WHITE] |= white || !black;
    sides[BLACK] |= black || !white;
  }
  if (!sides[WHITE] && !sides[BLACK]) return;
  uint8_t allows[GC_PARTS] = {0};
  int last;
  read_allows(code, allows, &last);
  int parts = last ? (last + 1) / 2 : 2;
  if (parts < 2) parts = 2;
  if (parts > MAX_TURN_PARTS) parts = MAX_TURN_PARTS;
  TurnRules *t = &r->turn;
  memset(t, 0, sizeof *t);
  for (int c = 0; c < 2; c++) t->parts[c] = sides[c] ? parts : 1;
  t->first_parts = t->parts[WHITE];
  t->check_ends = check_ends_turn(code);
  if (last) { /* part p of a turn: notation parts p to 2p-1 */
    for (int p = 1; p <= parts; p++) {
      uint8_t k = 0;
      for (int n = p; n <= 2 * p - 1 && n < GC_PARTS; n++) k |= allows[n];
      t->kinds[p - 1] = k;
    }
    memcpy(t->first_kinds, t->kinds, sizeof t->kinds);
  }
  r->turn_parts = parts;
}

/* ---- asking the referee ---- */

typedef struct Probe {
  BrGame *g;
  GcInterp *gc;
  Position pos;
  MoveList list;
} Probe;

static bool referee_accepts(Probe *pr, Move m, bool keep) {
  char text[256];
  br_move_text(pr->g, &pr->pos, m, text, sizeof text);
  GcState *st = keep ? NULL : gc_state_save(pr->gc);
  GcVerdict v;
  bool ok = gc_play(pr->gc, text, &v) == GC_LEGAL;
  if (st) {
    gc_state_restore(pr->gc, st);
    gc_state_free(st);
  }
  return ok;
}

static bool gives_check(Position *p, Move m) {
  pos_make(p, m);
  bool check = p->part > 0 ? pos_opponent_in_check(p) : pos_in_check(p);
  pos_unmake(p);
  return check;
}

/* Of the model's moves, those the referee accepts and refuses among the ones sel picks. */
typedef bool (*Pick)(Probe *pr, Move m);
static void count_answers(Probe *pr, Pick sel, int *accepted, int *refused) {
  *accepted = *refused = 0;
  for (int i = 0; i < pr->list.count && *accepted + *refused < 16; i++)
    if (sel(pr, pr->list.moves[i])) (referee_accepts(pr, pr->list.moves[i], false) ? accepted : refused)[0]++;
}

static bool is_double_step(Probe *pr, Move m) { return pos_is_multistep(&pr->pos, m); }
static bool moves_turn_piece(Probe *pr, Move m) {
  return move_kind(m) == MOVE_NORMAL && move_from(m) == pr->pos.turn_piece && pr->pos.board[move_to(m)] == SQ_EMPTY;
}

/* A quiet move of another piece than the one that moved, that gives no check, the referee accepts. */
static Move quiet_part(Probe *pr) {
  Position *p = &pr->pos;
  for (int i = 0; i < pr->list.count; i++) {
    Move m = pr->list.moves[i];
    if (move_kind(m) != MOVE_NORMAL || p->board[move_to(m)] != SQ_EMPTY || move_from(m) == p->turn_piece ||
        is_double_step(pr, m) || gives_check(p, m))
      continue;
    if (referee_accepts(pr, m, false)) return m;
  }
  return MOVE_NONE;
}

/* Plays three turns (White's first, Black's, White's) part by part on the referee and the model,
 * setting the model's figures from what the referee does. */
static void probe_turns(Probe *pr, char *note, int notelen) {
  Rules *r = &pr->g->rules;
  TurnRules *t = &r->turn;
  bool learned_once = false;
  char err[128];
  for (int turn = 0; turn < 3; turn++) {
    bool first = pos_first_turn(&pr->pos);
    int side = pr->pos.side;
    int *parts = first ? &t->first_parts : &t->parts[side];
    uint8_t *kinds = first ? t->first_kinds : t->kinds;
    for (int part = 0; part < MAX_TURN_PARTS; part++) {
      pos_legal_moves(&pr->pos, &pr->list);
      int yes, no;
      count_answers(pr, is_double_step, &yes, &no);
      if (!yes && no && kinds[part]) kinds[part] &= (uint8_t)~PART_MULTISTEP; /* double steps not in this part */
      if (part > 0 && !first && pr->pos.turn_piece >= 0) {
        count_answers(pr, moves_turn_piece, &yes, &no);
        if (!yes && no) t->piece_once = learned_once = true;
      }
      Move m = quiet_part(pr);
      if (m == MOVE_NONE) return;
      referee_accepts(pr, m, true);
      bool open = gc_turn_open(pr->gc);
      if (!open && *parts != part + 1) *parts = part + 1;
      if (open && *parts < part + 2) *parts = part + 2;
      if (!rules_update_turns(r, err, sizeof err)) return;
      pos_make(&pr->pos, m);
      if (!open) break;
    }
  }
  snprintf(note, notelen, "turns: White %d part%s, Black %d%s%s%s", t->parts[WHITE], t->parts[WHITE] > 1 ? "s" : "",
           t->parts[BLACK], t->first_parts != t->parts[WHITE] ? ", the first turn 1" : "",
           t->check_ends ? ", a check ends the turn" : "", learned_once ? ", a piece moves once a turn" : "");
  if (t->first_parts != t->parts[WHITE] && t->first_parts != 1)
    snprintf(note, notelen, "turns: White %d parts (the first turn %d), Black %d", t->parts[WHITE], t->first_parts,
             t->parts[BLACK]);
}

bool br_probe_turns(BrGame *g, char *err, int errlen) {
  Rules *r = &g->rules;
  if (r->turn_parts == 1) return true;
  /* Where the allow lists said nothing, every kind: the restriction then comes from the probe. */
  for (int i = 0; i < MAX_TURN_PARTS; i++) {
    if (!r->turn.kinds[i]) r->turn.kinds[i] = PART_MOVE | PART_CAPTURE | PART_MULTISTEP;
    if (!r->turn.first_kinds[i]) r->turn.first_kinds[i] = r->turn.kinds[i];
  }
  Probe *pr = calloc(1, sizeof *pr);
  if (!pr) abort();
  pr->g = g;
  GcError ge;
  pr->gc = br_new_interp(g, &ge);
  char note[200] = "";
  bool started = pr->gc && gc_start(pr->gc, &ge) == GC_OK;
  bool ok = started && rules_update_turns(r, err, errlen) && pos_set_fen(&pr->pos, r, g->start_fen, err, errlen);
  if (ok) probe_turns(pr, note, sizeof note);
  /* Kinds that allow everything are no restriction: only filter where a part is restricted. */
  const uint8_t all = PART_MOVE | PART_CAPTURE | PART_MULTISTEP;
  for (int i = 0; i < MAX_TURN_PARTS; i++) {
    if (r->turn.kinds[i] == all) r->turn.kinds[i] = 0;
    if (r->turn.first_kinds[i] == all) r->turn.first_kinds[i] = 0;
  }
  if (ok) ok = rules_update_turns(r, err, errlen);
  if (!started) snprintf(err, errlen, "%s:%d: %s", ge.file, ge.line, ge.message);
  if (note[0]) br_note(g, note);
  pos_free(&pr->pos);
  if (pr->gc) gc_free(pr->gc);
  free(pr);
  return ok;
}
