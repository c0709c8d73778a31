/* One refereed game between two engine processes, and its PGN.  The engines are told the game
 * a turn at a time: a turn of several parts is its parts' names joined by commas ("e2e4,d2d4"),
 * as both protocols write it, and an engine's reply is a whole turn.  A pass is told as Herald's
 * front end for the engine's protocol writes it and read in any spelling pos_parse_move knows. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/match.h"
#include "notation/pgn.h"

typedef struct Referee {
  const MtMatchConfig *config;
  MtGameRecord *game;
  MtEngine engines[2]; /* by colour: [0] moves first */
  int engine_of[2];    /* colour -> side of the pair (0 its first engine, 1 its second) */
  Position position;
  /* the turns played, as each protocol is told them (by MtProtocol): their parts' coordinate
   * names joined by commas, a pass written as Herald's front end for that protocol writes it
   * (pos_move_name_spelled), since engines do not know Herald's "pass" */
  char **turns[2];
  char **comments; /* by part: the evaluation of an engine's turn on its last part, or NULL */
  int turn_count, cap;
  bool turn_open; /* the last part left the same side to move: its turn goes on */
  int bad_run[2], good_run[2], quiet_run;
} Referee;

static const char *termination_tag(MtEnding e) {
  switch (e) {
  case MT_END_ADJUDICATED:
  case MT_END_MOVE_CAP: return "adjudication";
  case MT_END_CRASH: return "abandoned";
  case MT_END_TIME: return "time forfeit";
  case MT_END_ILLEGAL: return "rules infraction";
  default: return "normal";
  }
}

/* Must engines and readers be told the game's start position?  When it is not the preset's,
 * and always in Fischer random games (castling_free: Chess960), whose start is drawn rather
 * than fixed: XBoard's fischerandom and PGN's Variant name no one start. */
static bool start_told(const MtMatchConfig *c, const MtGameRecord *g) {
  return strcmp(g->fen, c->rules->start_fen) || c->rules->castling_free;
}

/* Ends the game: `winner` is the colour that won, or -1 for a draw. */
static void finish(Referee *r, int winner, MtEnding ending, const char *reason) {
  MtGameRecord *g = r->game;
  snprintf(g->result, sizeof g->result, "%s", winner < 0 ? "1/2-1/2" : winner == 0 ? "1-0" : "0-1");
  g->ending = ending;
  snprintf(g->reason, sizeof g->reason, "%.159s", reason);
  for (int colour = 0; colour < 2; colour++)
    g->points2[r->engine_of[colour]] = winner < 0 ? 1 : winner == colour ? 2 : 0;
}

static void loses(Referee *r, int colour, MtEnding ending, const char *what) {
  char reason[320];
  snprintf(reason, sizeof reason, "%s %s", r->engines[colour].spec.name, what);
  finish(r, colour ^ 1, ending, reason);
}

/* Plays the legal move m as the game's next part: the next turn, or a part of the turn under way. */
static bool play_part(Referee *r, Move m) {
  MtGameRecord *g = r->game;
  if (g->move_count == r->cap) {
    int cap = r->cap ? 2 * r->cap : 256;
    Move *moves = realloc(g->moves, (size_t)cap * sizeof *moves);
    if (!moves) return false;
    g->moves = moves;
    for (int protocol = MT_UCI; protocol <= MT_CECP; protocol++) {
      char **turns = realloc(r->turns[protocol], (size_t)cap * sizeof *turns);
      if (!turns) return false;
      r->turns[protocol] = turns;
    }
    char **comments = realloc(r->comments, (size_t)cap * sizeof *comments);
    if (!comments) return false;
    r->comments = comments;
    r->cap = cap;
  }
  r->comments[g->move_count] = NULL;
  bool more = r->turn_open && r->turn_count; /* a further part of the turn under way */
  for (int protocol = MT_UCI; protocol <= MT_CECP; protocol++) {
    char name[32];
    pos_move_name_spelled(&r->position, m, protocol == MT_UCI ? PASS_ROYAL_SQUARE : PASS_AT_SIGNS, name, sizeof name);
    char **turns = r->turns[protocol];
    if (more) {
      char *last = turns[r->turn_count - 1];
      size_t len = strlen(last);
      char *longer = realloc(last, len + strlen(name) + 2);
      if (!longer) return false;
      snprintf(longer + len, strlen(name) + 2, ",%s", name);
      turns[r->turn_count - 1] = longer;
    } else {
      turns[r->turn_count] = strdup(name);
      if (!turns[r->turn_count]) {
        if (protocol == MT_CECP) free(r->turns[MT_UCI][r->turn_count]);
        return false;
      }
    }
  }
  if (!more) r->turn_count++;
  g->moves[g->move_count++] = m;
  int mover = r->position.side;
  pos_make(&r->position, m);
  r->turn_open = r->position.side == mover;
  return true;
}

/* Plays an engine's reply, a turn of parts joined by commas; false with *why when a part is not
 * legal, the turn ends before its last part, or its parts end before it does. */
static bool play_turn(Referee *r, const char *text, char *why, int whylen, bool *no_memory) {
  int mover = r->position.side;
  char reason[64];
  *no_memory = false;
  for (const char *at = text;;) {
    size_t n = strcspn(at, ",");
    char part[64];
    snprintf(part, sizeof part, "%.*s", (int)(n < 63 ? n : 63), at);
    Move m = n < 63 ? pos_parse_move(&r->position, part) : MOVE_NONE;
    if (m == MOVE_NONE) {
      snprintf(why, whylen, "played an illegal move (%.100s)", text);
      return false;
    }
    if (!play_part(r, m)) {
      *no_memory = true;
      return false;
    }
    if (!at[n]) break;
    at += n + 1;
    if (r->position.side != mover) {
      snprintf(why, whylen, "played parts beyond the end of its turn (%.100s)", text);
      return false;
    }
  }
  if (r->position.side == mover && pos_game_result(&r->position, reason, sizeof reason) == RESULT_NONE) {
    snprintf(why, whylen, "played a turn it did not finish (%.100s)", text);
    return false;
  }
  return true;
}

/* Score thresholds of MtAdjudication; true when the game was ended. */
static bool adjudicate(Referee *r, int colour, const MtGoReply *reply) {
  const MtAdjudication *a = &r->config->adjudication;
  if (!reply->has_score) {
    r->bad_run[colour] = r->good_run[colour] = r->quiet_run = 0;
    return false;
  }
  int score = reply->score_cp;
  if (a->resign_moves > 0) {
    r->bad_run[colour] = score <= -a->resign_cp ? r->bad_run[colour] + 1 : 0;
    r->good_run[colour] = score >= a->resign_cp ? r->good_run[colour] + 1 : 0;
    for (int c = 0; c < 2; c++)
      if (r->bad_run[c] >= a->resign_moves && r->good_run[c ^ 1] >= a->resign_moves) {
        finish(r, c ^ 1, MT_END_ADJUDICATED, "resign threshold");
        return true;
      }
  }
  if (a->draw_moves > 0) {
    bool quiet = score <= a->draw_cp && score >= -a->draw_cp && r->position.fullmove >= a->draw_after;
    r->quiet_run = quiet ? r->quiet_run + 1 : 0;
    if (r->quiet_run >= a->draw_moves) {
      finish(r, -1, MT_END_ADJUDICATED, "draw threshold");
      return true;
    }
  }
  return false;
}

static void play(Referee *r) {
  const MtMatchConfig *c = r->config;
  const MtTimeControl *tc = &c->tc;
  MtGameRecord *g = r->game;
  char err[256], reason[64];
  for (int colour = 0; colour < 2; colour++) {
    const MtEngineSpec *spec = &c->engines[g->engines[r->engine_of[colour]]];
    if (!mt_engine_start(&r->engines[colour], spec, c->start_timeout_ms ? c->start_timeout_ms : 10000, err,
                         sizeof err)) {
      r->engines[colour].spec = *spec;
      loses(r, colour, MT_END_CRASH, "did not start");
      return;
    }
  }
  for (int colour = 0; colour < 2; colour++)
    r->engines[colour].zero_based_ranks = r->engines[colour].spec.protocol == MT_CECP && c->rules->geo.height == 10;
  for (int colour = 0; colour < 2; colour++)
    if (!mt_engine_new_game(&r->engines[colour], c->variant, start_told(c, g) ? g->fen : NULL, tc, err, sizeof err)) {
      /* err names the engine and what it refused (an Error line, no pong, no setboard...). */
      if (r->engines[colour].dead)
        loses(r, colour, MT_END_CRASH, "exited at the set-up");
      else
        finish(r, colour ^ 1, MT_END_CRASH, err);
      return;
    }
  bool timed = !tc->depth && !tc->nodes && !tc->movetime_ms;
  int64_t clocks[2] = {tc->base_ms, tc->base_ms};
  int own_moves[2] = {0, 0};
  for (;;) {
    int colour = r->position.side;
    GameResult verdict = pos_game_result(&r->position, reason, sizeof reason);
    if (verdict != RESULT_NONE) {
      finish(r, verdict == RESULT_DRAW ? -1 : verdict == RESULT_WIN ? colour : colour ^ 1, MT_END_RULES, reason);
      return;
    }
    if (c->adjudication.max_plies && g->move_count >= c->adjudication.max_plies) {
      finish(r, -1, MT_END_MOVE_CAP, "move cap");
      return;
    }
    int moves_to_go = tc->moves ? tc->moves - own_moves[colour] % tc->moves : 0;
    int64_t margin = tc->margin_ms ? tc->margin_ms : 1000;
    int64_t movetime = tc->movetime_ms;
    /* CECP "st" counts whole seconds. */
    if (r->engines[colour].spec.protocol == MT_CECP) movetime = (movetime + 999) / 1000 * 1000;
    int64_t limit = timed ? clocks[colour] + margin : movetime ? movetime + margin : 60000 + margin;
    const char *const *told = (const char *const *)r->turns[r->engines[colour].spec.protocol];
    MtGoReply reply =
        mt_engine_go(&r->engines[colour], g->fen, told, r->turn_count, tc, clocks, moves_to_go, colour, limit);
    switch (reply.status) {
    case MT_GO_CRASH: loses(r, colour, MT_END_CRASH, "crashed"); return;
    case MT_GO_TIMEOUT: loses(r, colour, MT_END_TIME, "lost on time (no move)"); return;
    case MT_GO_RESIGN: loses(r, colour, MT_END_RESIGN, "resigns"); return;
    case MT_GO_ERROR: {
      char what[160];
      snprintf(what, sizeof what, "reported an error (%.100s)", r->engines[colour].last_line);
      loses(r, colour, MT_END_ILLEGAL, what);
      return;
    }
    case MT_GO_OK: break;
    }
    if (timed) {
      clocks[colour] -= reply.elapsed_ms;
      if (clocks[colour] < -margin) {
        loses(r, colour, MT_END_TIME, "lost on time");
        return;
      }
      if (clocks[colour] < 0) clocks[colour] = 0;
      clocks[colour] += tc->inc_ms;
      own_moves[colour]++;
      if (tc->moves && own_moves[colour] % tc->moves == 0) clocks[colour] += tc->base_ms;
    }
    char what[160];
    bool no_memory;
    if (!play_turn(r, reply.move, what, sizeof what, &no_memory)) {
      if (no_memory)
        finish(r, -1, MT_END_CRASH, "out of memory");
      else
        loses(r, colour, MT_END_ILLEGAL, what);
      return;
    }
    char comment[64];
    mt_eval_comment(&reply, comment, sizeof comment);
    r->comments[g->move_count - 1] = strdup(comment); /* none when out of memory: no comment */
    if (adjudicate(r, colour, &reply)) return;
  }
}

void mt_eval_comment(const MtGoReply *reply, char *text, int cap) {
  char score[32] = "", depth[16] = "";
  if (reply->has_score && reply->mate)
    snprintf(score, sizeof score, "%cM%d ", reply->mate > 0 ? '+' : '-', abs(reply->mate));
  else if (reply->has_score)
    snprintf(score, sizeof score, "%+.2f ", reply->score_cp / 100.0);
  if (reply->has_score && reply->depth > 0) {
    snprintf(depth, sizeof depth, "/%d ", reply->depth);
    score[strlen(score) - 1] = 0; /* "+0.25/12 ", not "+0.25 /12 " */
  }
  snprintf(text, cap, "%s%s%.2fs", score, depth, reply->elapsed_ms / 1000.0);
}

void mt_time_control_tag(const MtTimeControl *tc, char *text, int cap) {
  if (tc->movetime_ms)
    snprintf(text, cap, "%g/move", tc->movetime_ms / 1000.0);
  else if (tc->depth || tc->nodes)
    snprintf(text, cap, "-");
  else {
    char moves[24] = "", inc[32] = "";
    if (tc->moves) snprintf(moves, sizeof moves, "%d/", tc->moves);
    if (tc->inc_ms) snprintf(inc, sizeof inc, "+%g", tc->inc_ms / 1000.0);
    snprintf(text, cap, "%s%g%s", moves, tc->base_ms / 1000.0, inc);
  }
}

static void write_pgn(const MtMatchConfig *c, MtGameRecord *g, const char *const *comments) {
  NtPgnGame tags;
  memset(&tags, 0, sizeof tags);
  char text[64];
  nt_pgn_set_roster(&tags, c->event ? c->event : "herald-match", g->index + 1);
  nt_pgn_set_tag(&tags, "White", c->engines[g->engines[g->white]].name);
  nt_pgn_set_tag(&tags, "Black", c->engines[g->engines[g->white ^ 1]].name);
  if (strcmp(c->variant, "chess")) nt_pgn_set_tag(&tags, "Variant", c->variant);
  if (start_told(c, g)) {
    nt_pgn_set_tag(&tags, "SetUp", "1");
    nt_pgn_set_tag(&tags, "FEN", g->fen);
  }
  nt_pgn_set_tag(&tags, "Termination", termination_tag(g->ending));
  nt_pgn_set_tag(&tags, "TerminationDetails", g->reason);
  snprintf(text, sizeof text, "%d", g->move_count);
  nt_pgn_set_tag(&tags, "PlyCount", text);
  mt_time_control_tag(&c->tc, text, sizeof text);
  nt_pgn_set_tag(&tags, "TimeControl", text);
  int64_t seconds = g->duration_ms / 1000;
  snprintf(text, sizeof text, "%02lld:%02lld:%02lld", (long long)(seconds / 3600), (long long)(seconds / 60 % 60),
           (long long)(seconds % 60));
  nt_pgn_set_tag(&tags, "GameDuration", text);
  Position p = {0}; /* pos_set_fen keeps the history buffer it finds */
  char err[128];
  if (pos_set_fen(&p, c->rules, g->fen, err, sizeof err)) {
    g->pgn = nt_pgn_write_annotated(&tags, &p, g->moves, comments, g->move_count, g->result);
    pos_free(&p);
  }
  nt_pgn_game_free(&tags);
}

void mt_play_game(const MtMatchConfig *c, int index, int pair, int opening_number, int white, const MtOpening *opening,
                  MtGameRecord *g) {
  memset(g, 0, sizeof *g);
  g->index = index;
  g->pair = pair;
  mt_pair_engines(c, pair, g->engines);
  g->opening = opening_number;
  g->white = white;
  snprintf(g->fen, sizeof g->fen, "%s", opening->fen);
  int64_t start = mt_now_ms();
  Referee r;
  memset(&r, 0, sizeof r);
  r.config = c;
  r.game = g;
  r.engine_of[0] = white;
  r.engine_of[1] = white ^ 1;
  for (int colour = 0; colour < 2; colour++) r.engines[colour].process = NULL;
  char err[128];
  bool ok = pos_set_fen(&r.position, c->rules, opening->fen, err, sizeof err);
  for (int i = 0; ok && i < opening->ply_count; i++) {
    ok = pos_is_legal(&r.position, opening->moves[i]) && play_part(&r, opening->moves[i]);
  }
  g->opening_plies = g->move_count;
  if (!ok) {
    finish(&r, -1, MT_END_CRASH, "bad opening");
    pos_free(&r.position);
  } else {
    play(&r);
    pos_free(&r.position);
  }
  for (int colour = 0; colour < 2; colour++) mt_engine_stop(&r.engines[colour]);
  g->duration_ms = mt_now_ms() - start;
  write_pgn(c, g, (const char *const *)r.comments);
  for (int protocol = MT_UCI; protocol <= MT_CECP; protocol++) {
    for (int i = 0; i < r.turn_count; i++) free(r.turns[protocol][i]);
    free(r.turns[protocol]);
  }
  for (int i = 0; i < g->move_count; i++) free(r.comments[i]);
  free(r.comments);
}

void mt_game_record_free(MtGameRecord *g) {
  free(g->moves);
  free(g->pgn);
  g->moves = NULL;
  g->pgn = NULL;
}

/* White's half points for a PGN result, -1 for none ("*" or nothing). */
static int white_points2(const char *result) {
  return !strcmp(result, "1-0") ? 2 : !strcmp(result, "0-1") ? 0 : !strcmp(result, "1/2-1/2") ? 1 : -1;
}

int mt_pgn_tally(const char *text, size_t len, char *player, int cap, MtTally *tally, char *err, int errlen) {
  size_t offset = 0;
  int line = 1, games = 0, r;
  NtPgnGame g;
  while ((r = nt_pgn_next(text, len, &offset, &line, &g, err, errlen)) != 0) {
    if (r < 0) {
      nt_pgn_game_free(&g); /* what the reader had taken before the fault */
      return -1;
    }
    const char *white = nt_pgn_tag(&g, "White"), *black = nt_pgn_tag(&g, "Black");
    if (white && !player[0]) snprintf(player, cap, "%s", white);
    bool as_white = white && !strcmp(white, player), as_black = black && !strcmp(black, player);
    int points = white_points2(g.result);
    if (points >= 0 && as_white != as_black) {
      if (as_black) points = 2 - points;
      if (points == 2)
        tally->wins++;
      else if (points == 1)
        tally->draws++;
      else
        tally->losses++;
      games++;
    }
    nt_pgn_game_free(&g);
  }
  return games;
}

/* One game of mt_pgn_played: its number and first engine's half points into *played; false
 * with a message when it is not a game of this match (*skip for a game without a result). */
static bool played_game(const MtMatchConfig *c, const NtPgnGame *g, int number, MtPlayedGame *played, bool *skip,
                        char *err, int errlen) {
  const char *round = nt_pgn_tag(g, "Round"), *white = nt_pgn_tag(g, "White"), *black = nt_pgn_tag(g, "Black");
  int total = c->games * mt_pair_count(c), shards = c->shard_count > 0 ? c->shard_count : 1;
  char *end = NULL;
  long value = round ? strtol(round, &end, 10) : 0;
  if (!round || end == round || *end || value < 1 || value > total) {
    snprintf(err, errlen, "game %d: its Round tag is no game of this match of %d (1 to %d)", number, total, total);
    return false;
  }
  int index = (int)value - 1, pair = index / c->games, k = index % c->games, engines[2];
  if ((index / 2) % shards != c->shard_index) {
    snprintf(err, errlen, "game %d: round %d is of another shard", number, index + 1);
    return false;
  }
  mt_pair_engines(c, pair, engines);
  const char *first = c->engines[engines[k % 2]].name, *second = c->engines[engines[(k % 2) ^ 1]].name;
  if (!white || !black || strcmp(white, first) || strcmp(black, second)) {
    snprintf(err, errlen, "game %d: round %d is %s against %s here, not %s against %s", number, index + 1, first,
             second, white ? white : "?", black ? black : "?");
    return false;
  }
  int points = white_points2(g->result);
  *skip = points < 0;
  played->index = index;
  played->points2 = k % 2 == 0 ? points : 2 - points; /* the first engine had White in even games */
  return true;
}

bool mt_pgn_played(const MtMatchConfig *c, const char *text, size_t len, MtPlayedGame **games, int *count, char *err,
                   int errlen) {
  *games = NULL;
  *count = 0;
  int total = c->games * mt_pair_count(c), cap = 0, r, line = 1;
  size_t offset = 0;
  MtPlayedGame *played = NULL;
  bool *seen = calloc((size_t)total + 1, sizeof *seen);
  if (!seen) {
    snprintf(err, errlen, "out of memory");
    return false;
  }
  NtPgnGame g;
  for (int number = 1; (r = nt_pgn_next(text, len, &offset, &line, &g, err, errlen)) != 0; number++) {
    if (r < 0) {
      nt_pgn_game_free(&g);
      goto fail;
    }
    MtPlayedGame game;
    bool skip = false, ok = played_game(c, &g, number, &game, &skip, err, errlen);
    nt_pgn_game_free(&g);
    if (!ok) goto fail;
    if (skip) continue;
    if (seen[game.index]) {
      snprintf(err, errlen, "game %d: round %d was played already", number, game.index + 1);
      goto fail;
    }
    seen[game.index] = true;
    if (*count == cap) {
      cap = cap ? 2 * cap : 64;
      MtPlayedGame *grown = realloc(played, (size_t)cap * sizeof *grown);
      if (!grown) {
        snprintf(err, errlen, "out of memory");
        goto fail;
      }
      played = grown;
    }
    played[(*count)++] = game;
  }
  free(seen);
  *games = played;
  return true;
fail:
  free(seen);
  free(played);
  *count = 0;
  return false;
}
