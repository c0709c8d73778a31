/* libFuzzer target for UCI's reading of "position" and "go" arguments (protocol/uci.h), on a
 * session of chess or of Marseillais chess (two moves a turn, written "e2e4,d2d4"): the first
 * byte picks the game, the rest is the position command's arguments, a newline, then the go
 * command's.  Invariants: neither crashes nor reads outside the text; a refused position says
 * why (a preset error also where); every problem go tells has words; the limits read are what
 * the engine can mean (no clock or a clock in [0, 10^12] ms, increments and times not
 * negative, depth within SRCH_MAX_PLY, searchmoves legal in the position), and the time plan
 * made from them is one (hard -1 or at least 1 ms, soft no later than hard).  Each game is
 * loaded once per process and its session kept: every input starts from its start position. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/uci.h"

static const char *const GAMES[] = {"chess", "marseillais"};
enum { GAME_COUNT = sizeof GAMES / sizeof GAMES[0] };

static Session sessions[GAME_COUNT];
static bool ready[GAME_COUNT];
static FILE *sink;

static Session *session_for(int game) {
  if (!ready[game]) {
    char err[1024];
    if (!sink) sink = fopen("/dev/null", "w");
    if (!sink || !session_init(&sessions[game], sink, 1, err, sizeof err) ||
        !session_set_variant(&sessions[game], GAMES[game], err, sizeof err)) {
      fprintf(stderr, "ucigo_fuzz: %s does not load: %s\n", GAMES[game], err);
      abort();
    }
    ready[game] = true;
  }
  return &sessions[game];
}

static void count_problem(void *ctx, const char *problem) {
  if (!problem[0]) abort(); /* a problem says what it is */
  if (strncmp(problem, "unknown go parameter ", 21) && strncmp(problem, "go ", 3)) abort();
  ++*(int *)ctx;
}

static void check_plan(const SearchLimits *l, int side, int parts) {
  TimePlan plan = srch_time_plan_parts(l, side, parts, parts);
  if (plan.hard_ms != -1 && plan.hard_ms < 1) abort();
  if (plan.hard_ms == -1 ? plan.soft_ms != -1 : plan.soft_ms < 1 || plan.soft_ms > plan.hard_ms) abort();
  SearchLimits rest;
  srch_limits_rest_of_turn(l, side, 5, &rest);
  if (rest.movetime_ms < 0) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1 || size > 2048) return 0;
  Session *s = session_for(data[0] % GAME_COUNT);
  char text[2048];
  memcpy(text, data + 1, size - 1);
  text[size - 1] = 0;
  char *newline = strchr(text, '\n');
  char *go_args = newline ? newline + 1 : text + strlen(text);
  if (newline) *newline = 0;
  char err[RULES_ERR_LEN + 700], preset_error[600];
  if (!session_set_fen(s, "startpos", err, sizeof err)) abort();
  if (!uci_set_position(s, text, err, sizeof err, preset_error, sizeof preset_error)) {
    if (!err[0]) abort(); /* a refusal says why */
    if (preset_error[0] && strncmp(preset_error, "preset error at ", 16)) abort();
  }
  SearchLimits l;
  int told = 0, problems = uci_read_go(&s->pos, go_args, &l, count_problem, &told);
  if (problems != told) abort();
  for (int side = 0; side < 2; side++)
    if (l.time_ms[side] < -1 || l.time_ms[side] > 1000000000000 || l.inc_ms[side] < 0) abort();
  if (l.depth < 0 || l.depth > SRCH_MAX_PLY || l.movetime_ms < 0 || l.moves_to_go < 0 ||
      l.nodes > (uint64_t)(INT64_MAX / 2))
    abort();
  if (l.root_move_count < 0 || l.root_move_count > 256) abort();
  for (int i = 0; i < l.root_move_count; i++)
    if (!pos_is_legal(&s->pos, l.root_moves[i])) abort();
  l.overhead_ms = s->move_overhead_ms; /* as session_start sets it */
  check_plan(&l, s->pos.side, s->rules->turn_parts > 1 ? s->rules->turn_parts : 1);
  return 0;
}
