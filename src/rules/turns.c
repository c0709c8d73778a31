/* Turns of several parts whose parts are restricted (rules.h TurnRules): what each part may be
 * (a move, a capture, a multi-step move, a pass) and whether the piece that just moved may move
 * again; and compulsory capture (Rules.must_capture: antichess), where a side that can capture
 * may make only its captures.  The generator below the filter (the oracle's or the model's)
 * makes the moves; this one keeps those the part and the captures allow and adds the pass where
 * the part allows one. */
#include <stdlib.h>

#include "rules/movegen.h"
#include "rules/oracle.h"

bool pos_opponent_in_check(Position *p) {
  p->side ^= 1;
  bool check = gen_untouched(p)->in_check(p);
  p->side ^= 1;
  return check;
}

bool pos_is_multistep(const Position *p, Move m) {
  const Rules *r = p->rules;
  if (move_kind(m) != MOVE_NORMAL) return false;
  int from = move_from(m), to = move_to(m), code = p->board[from];
  if (code == SQ_EMPTY || code == SQ_HOLE || !r->types[piece_type(code)].ep_creator || p->board[to] != SQ_EMPTY)
    return false;
  const Geometry *g = &r->geo;
  int dx = abs(geo_file(g, to) - geo_file(g, from)), dy = abs(geo_rank(g, to) - geo_rank(g, from));
  return (dx > dy ? dx : dy) >= 2 && (dx == 0 || dy == 0 || dx == dy);
}

static int part_kinds(const Position *p) {
  const TurnRules *t = &p->rules->turn;
  int part = p->part < MAX_TURN_PARTS ? p->part : MAX_TURN_PARTS - 1;
  return pos_first_turn(p) ? t->first_kinds[part] : t->kinds[part];
}

/* Does m take an enemy piece (en passant included; a promotion onto an empty square does not)? */
static bool takes(const Position *p, Move m) {
  return pos_is_noisy(p, m) && (move_kind(m) != MOVE_PROMOTION || p->board[move_to(m)] != SQ_EMPTY);
}

static bool allowed(const Position *p, int kinds, Move m) {
  const Rules *r = p->rules;
  int kind = move_kind(m);
  if (kind == MOVE_PASS) return r->pass_allowed || (kinds & PART_PASS);
  int from = kind == MOVE_CASTLING ? r->castlings[move_arg(m)].king_from : move_from(m);
  if (r->turn.piece_once && p->turn_piece >= 0 && kind != MOVE_DROP && from == p->turn_piece) return false;
  /* The referee's board before its code makes the turn's side effects: position.h. */
  if (kind != MOVE_DROP && from == p->turn_frozen) return false;
  if (kinds && !(kinds & PART_CAPTURE) && kind != MOVE_CASTLING && move_to(m) == p->turn_stale) return false;
  if (!kinds) return true;
  if (takes(p, m)) return kinds & PART_CAPTURE;
  if (pos_is_multistep(p, m)) return kinds & PART_MULTISTEP;
  return kinds & PART_MOVE;
}

/* Keeps the moves of list the part allows; adds the pass when the part allows one the generator
 * below did not make (and add_pass says passes belong to this list). */
static void filter(Position *p, MoveList *list, bool add_pass) {
  int kinds = part_kinds(p), kept = 0;
  bool has_pass = false;
  for (int i = 0; i < list->count; i++) {
    Move m = list->moves[i];
    if (!allowed(p, kinds, m)) continue;
    has_pass |= move_kind(m) == MOVE_PASS;
    list->moves[kept++] = m;
  }
  list->count = kept;
  if (add_pass && !has_pass && (kinds & PART_PASS) && kept < MAX_MOVES)
    list->moves[list->count++] = move_make(0, 0, MOVE_PASS, 0);
}

/* Compulsory capture: when `can_take` (some allowed move takes), only the moves of list that
 * take are kept. */
static void keep_captures(Position *p, MoveList *list, bool can_take) {
  if (!p->rules->must_capture || !can_take) return;
  int kept = 0;
  for (int i = 0; i < list->count; i++)
    if (takes(p, list->moves[i])) list->moves[kept++] = list->moves[i];
  list->count = kept;
}

static bool some_take(const Position *p, const MoveList *list) {
  for (int i = 0; i < list->count; i++)
    if (takes(p, list->moves[i])) return true;
  return false;
}

/* Can the side to move take something with a move the part allows?  Every capture is noisy. */
static bool can_take(Position *p) {
  MoveList *noisy = malloc(sizeof *noisy);
  if (!noisy) abort();
  gen_untouched(p)->noisy(p, noisy);
  filter(p, noisy, false);
  bool found = some_take(p, noisy);
  free(noisy);
  return found;
}

/* A list that holds every allowed capture (legal, pseudo-legal, evasions, noisy) tells itself
 * whether one exists; the quiet list asks the noisy moves. */
static void turns_legal(Position *p, MoveList *list) {
  gen_untouched(p)->legal(p, list);
  filter(p, list, true);
  keep_captures(p, list, some_take(p, list));
}
static void turns_pseudo_legal(Position *p, MoveList *list) {
  gen_untouched(p)->pseudo_legal(p, list);
  filter(p, list, true);
  keep_captures(p, list, some_take(p, list));
}
static void turns_noisy(Position *p, MoveList *list) {
  gen_untouched(p)->noisy(p, list);
  filter(p, list, false);
  keep_captures(p, list, some_take(p, list));
}
static void turns_quiet(Position *p, MoveList *list) {
  gen_untouched(p)->quiet(p, list);
  filter(p, list, true);
  if (p->rules->must_capture && list->count && can_take(p)) list->count = 0;
}
static void turns_evasions(Position *p, MoveList *list) {
  gen_untouched(p)->evasions(p, list);
  filter(p, list, true);
  keep_captures(p, list, some_take(p, list));
}
static bool turns_in_check(const Position *p) { return gen_untouched(p)->in_check(p); }
static bool turns_extinct(const Position *p, int color) { return gen_untouched(p)->extinct(p, color); }

static uint64_t turns_perft(Position *p, int depth) {
  MoveList *list = malloc(sizeof *list);
  if (!list) abort();
  turns_legal(p, list);
  uint64_t nodes = 0;
  if (depth <= 1) {
    nodes = depth == 1 ? (uint64_t)list->count : 1;
  } else {
    int us = p->side;
    for (int i = 0; i < list->count; i++) {
      pos_make(p, list->moves[i]);
      /* A part that checkmates ends the game: nothing below it, though its turn had more. */
      if (p->side != us || !pos_opponent_in_check(p) || !pos_opponent_mated(p)) nodes += turns_perft(p, depth - 1);
      pos_unmake(p);
    }
  }
  free(list);
  return nodes;
}

static bool turns_attacked(const Position *p, int sq, int by, uint32_t types) {
  return gen_untouched(p)->attacked(p, sq, by, types);
}

const MoveGenerator gen_turns = {
    .legal = turns_legal,
    .pseudo_legal = turns_pseudo_legal,
    .noisy = turns_noisy,
    .quiet = turns_quiet,
    .evasions = turns_evasions,
    .in_check = turns_in_check,
    .extinct = turns_extinct,
    .attacked = turns_attacked,
    .perft = turns_perft,
};
