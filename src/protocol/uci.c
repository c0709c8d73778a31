/* UCI front end: uci isready ucinewgame setoption position go stop ponderhit quit, with the
 * options UCI_Variant, UCI_Chess960, Hash, Threads, Ponder, MultiPV and Move Overhead.  With
 * UCI_Chess960 on, chess is Chess960, as in Stockfish and Fairy-Stockfish, whose variant name
 * fischerandom is taken too, and capablanca is Capablanca random chess (caparandom); their
 * castling is written as the king taking its own rook ("e1h1"), and "e1g1" and "O-O" are read
 * where they name one castling.  A turn of several parts is one token of its parts joined by
 * commas, in "position ... moves e2e4,d2d4 e7e5,d7d5", "bestmove e2e4,d2d4 ponder e7e5,d7d5"
 * and the pv of info; a lone part that leaves the same side to move is taken in position too
 * ("moves e2e4 d2d4").  A pass goes out as the royal
 * piece's square twice (Janggi "e2e2", as Fairy-Stockfish writes it) and is read so, or as
 * "0000", "@@@@" or "pass". */
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bridge/bridge.h"
#include "protocol/protocol.h"
#include "protocol/session.h"
#include "protocol/uci.h"

static void uci_info(void *context, const Position *root, const SearchInfo *info) {
  Session *s = context;
  char score[48], pv[2048];
  if (info->score >= SRCH_MATE_BOUND)
    snprintf(score, sizeof score, "mate %d", (SRCH_MATE - info->score + 1) / 2);
  else if (info->score <= -SRCH_MATE_BOUND)
    snprintf(score, sizeof score, "mate -%d", (SRCH_MATE + info->score) / 2);
  else
    snprintf(score, sizeof score, "cp %d", info->score);
  const char *bound = info->bound == TT_BOUND_LOWER   ? " lowerbound"
                      : info->bound == TT_BOUND_UPPER ? " upperbound"
                                                      : "";
  session_pv_text(root, info->pv, info->pv_length, s->pass_spelling, pv, sizeof pv);
  session_say(s, "info depth %d seldepth %d multipv %d score %s%s nodes %llu nps %llu hashfull %d time %lld pv %s",
              info->depth, info->seldepth, info->multipv ? info->multipv : 1, score, bound,
              (unsigned long long)info->nodes, (unsigned long long)info->nps, info->hashfull, (long long)info->time_ms,
              pv);
}

/* The UCI front end's own state: the engine's turn being put together on the waiter thread. */
typedef struct Uci {
  pthread_mutex_t lock;            /* held while the waiter plays the turn's parts on s->pos */
  SearchLimits turn_limits;        /* the limits of the turn's first search, */
  _Atomic int64_t turn_started_ms; /* and when its clock started (go, or ponderhit) */
  int parts;                       /* parts of the turn chosen so far (played on s->pos) */
  char best[512];                  /* their names, joined by commas */
  bool chess960;                   /* UCI_Chess960 */
  char asked[64];                  /* the last UCI_Variant value played ("chess" at first) */
} Uci;

/* The game a UCI_Variant value names: chess while UCI_Chess960 is on, and Fairy-Stockfish's
 * fischerandom, are Chess960; capablanca while UCI_Chess960 is on is caparandom. */
static const char *uci_game(const Uci *u, const char *variant) {
  if (!strcmp(variant, "fischerandom") || (u->chess960 && !strcmp(variant, "chess"))) return "chess960";
  return u->chess960 && !strcmp(variant, "capablanca") ? "caparandom" : variant;
}

/* The engine's turn, one part after another: the search's move, then while the same side is
 * still to move the main line's next part, or a search for the rest of the turn.  The parts
 * are played on the position only while the turn is put together, then taken back: the GUI
 * sends the position before every go. */
static void uci_done(Session *s, const SearchResult *result) {
  Uci *u = s->front;
  pthread_mutex_lock(&u->lock);
  Move found = result->best;
  bool replaced = false;
  char note[600], reason[64];
  while (found != MOVE_NONE) {
    bool preset_error; /* said the same way as a refusal: UCI has only info string for it */
    Move move = session_safe_move(s, found, note, sizeof note, &preset_error);
    if (note[0]) session_say(s, "info string %s", note);
    replaced |= move != found;
    char name[32];
    pos_move_name_spelled(&s->pos, move, s->pass_spelling, name, sizeof name);
    size_t used = strlen(u->best);
    snprintf(u->best + used, sizeof u->best - used, "%s%s", u->parts ? "," : "", name);
    int mover = s->pos.side;
    pos_make(&s->pos, move);
    u->parts++;
    if (s->pos.side != mover || pos_game_result(&s->pos, reason, sizeof reason) != RESULT_NONE) break;
    if (session_pv_from(s, &s->pos, &found, 1) == 1 && pos_is_legal(&s->pos, found)) continue;
    SearchLimits rest; /* the main line stops inside the turn: search the rest in its time */
    srch_limits_rest_of_turn(&u->turn_limits, mover, session_now_ms() - u->turn_started_ms, &rest);
    if (session_follow_up(s, &rest)) {
      pthread_mutex_unlock(&u->lock);
      return; /* its result comes back here */
    }
    found = session_quick_move(s);
  }
  char ponder[512] = "";
  if (!replaced && u->parts) { /* the opponent's turn the main line expects */
    Move line[SRCH_MAX_PV];
    int n = session_pv_from(s, &s->pos, line, SRCH_MAX_PV);
    session_pv_text(&s->pos, line, session_turn_length(&s->pos, line, n), s->pass_spelling, ponder, sizeof ponder);
  }
  if (!ponder[0] && !replaced && u->parts == 1 && result->ponder != MOVE_NONE) {
    /* no main line reported: the search's own expected reply, when it is a whole turn */
    Position after;
    pos_copy(&after, &s->pos);
    if (pos_is_legal(&after, result->ponder)) {
      int opponent = after.side;
      pos_move_name_spelled(&after, result->ponder, s->pass_spelling, ponder, sizeof ponder);
      pos_make(&after, result->ponder);
      if (after.side == opponent) ponder[0] = 0;
    }
    pos_free(&after);
  }
  for (; u->parts; u->parts--) pos_unmake(&s->pos);
  char failure[600];
  if (session_preset_failure(s, result, failure, sizeof failure)) session_say(s, "info string %s", failure);
  if (!u->best[0])
    session_say(s, "bestmove (none)");
  else if (ponder[0])
    session_say(s, "bestmove %s ponder %s", u->best, ponder);
  else
    session_say(s, "bestmove %s", u->best);
  u->best[0] = 0;
  pthread_mutex_unlock(&u->lock);
}

static void send_id(Session *s) {
  session_say(s, "id name %s", s->engine_name);
  session_say(s, "id author the Herald developers");
  char combo[4096] = "", names[2048];
  session_variants(s, names, sizeof names);
  for (char *rest = names, *v; (v = proto_word(&rest));) {
    strncat(combo, " var ", sizeof combo - strlen(combo) - 1);
    strncat(combo, v, sizeof combo - strlen(combo) - 1);
  }
  session_say(s, "option name UCI_Variant type combo default chess%s", combo);
  session_say(s, "option name UCI_Chess960 type check default false");
  session_say(s, "option name Hash type spin default 64 min %d max %d", SESSION_HASH_MIN_MB, SESSION_HASH_MAX_MB);
  session_say(s, "option name Threads type spin default 1 min 1 max %d", SRCH_MAX_THREADS);
  session_say(s, "option name Ponder type check default false");
  session_say(s, "option name MultiPV type spin default 1 min 1 max %d", SRCH_MAX_PV);
  session_say(s, "option name Move Overhead type spin default 30 min 0 max 5000");
  session_say(s, "option name PresetPath type string default <empty>");
  session_say(s, "option name EvalWeights type string default %s", SRCH_WEIGHTS_DEFAULT);
  session_say(s, "option name EvalFile type string default %s", SRCH_WEIGHTS_DEFAULT);
  session_say(s, "option name LoadTime type spin default %d min 1 max %d", session_load_limit_s(s),
              BR_LOAD_LIMIT_MAX_S);
  session_say(s, "uciok");
}

static void set_option(Session *s, char *args, const char *original) {
  /* setoption name <id with spaces> [value <x with spaces>]; never during a search */
  session_stop(s);
  char *name = strstr(args, "name ");
  if (!name) {
    session_say(s, "Error (setoption without a name): %s", original);
    return;
  }
  name += 5;
  char *value = strstr(name, " value ");
  if (value) *value = 0, value += 7;
  while (*name == ' ') name++;
  size_t len = strlen(name);
  while (len && (name[len - 1] == ' ' || name[len - 1] == '\n' || name[len - 1] == '\r')) name[--len] = 0;
  if (value) {
    len = strlen(value);
    while (len && (value[len - 1] == ' ' || value[len - 1] == '\n' || value[len - 1] == '\r')) value[--len] = 0;
  }
  char err[1024];
  long v;
  Uci *u = s->front;
  if (!strcasecmp(name, "UCI_Variant")) {
    if (!value || !session_set_variant(s, uci_game(u, value), err, sizeof err)) {
      session_say(s, "Error (%s): %s", value ? err : "no value", original);
    } else {
      snprintf(u->asked, sizeof u->asked, "%s", value);
      session_tell_warnings(s, "info string warning: ");
    }
  } else if (!strcasecmp(name, "UCI_Chess960")) {
    if (!value || (strcmp(value, "true") && strcmp(value, "false"))) {
      session_say(s, "Error (UCI_Chess960 takes true or false): %s", original);
    } else {
      u->chess960 = !strcmp(value, "true");
      const char *game = uci_game(u, u->asked);
      if (strcmp(s->variant, game) && !session_set_variant(s, game, err, sizeof err))
        session_say(s, "Error (%s): %s", err, original);
    }
  } else if (!strcasecmp(name, "Hash")) {
    int used = 0;
    if (!proto_read_int(value, SESSION_HASH_MIN_MB, SESSION_HASH_MAX_MB, &v) || !(used = session_set_hash(s, (int)v)))
      session_say(s, "Error (bad Hash value): %s", original);
    else if (used != v) /* more than this machine can give: the largest it can */
      session_say(s, "info string Hash %ld MB is more than this machine can give, using %d MB", v, used);
  } else if (!strcasecmp(name, "Threads")) {
    if (!proto_read_int(value, 1, SRCH_MAX_THREADS, &v) || !srch_set_threads(s->search, (int)v))
      session_say(s, "Error (bad Threads value): %s", original);
    else
      s->threads = (int)v;
  } else if (!strcasecmp(name, "MultiPV")) {
    if (!proto_read_int(value, 1, SRCH_MAX_PV, &v))
      session_say(s, "Error (bad MultiPV value): %s", original);
    else
      s->multipv = (int)v;
  } else if (!strcasecmp(name, "Move Overhead")) {
    if (!proto_read_int(value, 0, 5000, &v))
      session_say(s, "Error (bad Move Overhead value): %s", original);
    else
      s->move_overhead_ms = v;
  } else if (!strcasecmp(name, "PresetPath")) {
    char why[600];
    if (!session_set_preset_path(s, value && strcmp(value, "<empty>") ? value : "", why, sizeof why))
      session_say(s, "Error (bad PresetPath, %s): %s", why, original);
  } else if (!strcasecmp(name, "EvalWeights") || !strcasecmp(name, "EvalFile")) { /* <default>, <none> or a file */
    session_eval_option(s, !strcasecmp(name, "EvalFile"), value, "info string ", original);
  } else if (!strcasecmp(name, "LoadTime")) { /* seconds a preset may take to load */
    if (!proto_read_int(value, 1, BR_LOAD_LIMIT_MAX_S, &v))
      session_say(s, "Error (bad LoadTime value): %s", original);
    else
      catalog_set_load_limit(&s->catalog, (int)v * 1000);
  } else if (!strcasecmp(name, "Ponder")) {
    if (!value || (strcmp(value, "true") && strcmp(value, "false")))
      session_say(s, "Error (Ponder takes true or false): %s", original);
    else
      s->ponder = !strcmp(value, "true");
  } else {
    session_say(s, "Error (unknown option): %s", original);
  }
}

bool uci_set_position(Session *s, char *args, char *err, int errlen, char *preset_error, int preset_errlen) {
  if (preset_errlen > 0) preset_error[0] = 0;
  char *moves = strstr(args, " moves"); /* "moves" first is no position: refused below */
  if (moves) *moves = 0, moves += 6;
  char *rest = args, *kind = proto_word(&rest);
  if (kind && !strcmp(kind, "startpos")) {
    if (!session_set_fen(s, "startpos", err, errlen)) return false;
  } else if (kind && !strcmp(kind, "fen")) {
    if (!session_set_fen(s, rest, err, errlen)) return false;
  } else {
    snprintf(err, errlen, "expected startpos or fen");
    return false;
  }
  for (char *mv; moves && (mv = proto_word(&moves));) {
    char reason[600];
    SessionPlay played = session_play_turn(s, mv, true, NULL, reason, sizeof reason);
    if (played == SESSION_PRESET_ERROR) { /* the preset's fault, with its file:line */
      snprintf(preset_error, preset_errlen, "%s", reason);
      snprintf(err, errlen, "move %s not played, the preset failed on it", mv);
      return false;
    }
    if (played != SESSION_PLAYED) {
      snprintf(err, errlen, "illegal move %s, %s", mv, reason);
      return false;
    }
  }
  return true;
}

static void set_position(Session *s, char *args, const char *original) {
  char err[RULES_ERR_LEN + 700], preset_error[600];
  if (uci_set_position(s, args, err, sizeof err, preset_error, sizeof preset_error)) return;
  if (preset_error[0]) session_say(s, "info string %s", preset_error);
  session_say(s, "Error (%s): %s", err, original);
}

/* The go parameters that take a number, and the range each is clamped to: a GUI's clock that
 * ran out (negative) means "move at once", and a number too large for the engine's types is
 * taken as the largest it can mean (times: 10^12 ms, some 31 years), never wrapped round. */
typedef struct GoNumber {
  const char *name;
  int64_t lo, hi;
} GoNumber;
static const GoNumber GO_NUMBERS[] = {
    {"wtime", 0, 1000000000000}, {"btime", 0, 1000000000000}, {"winc", 0, 1000000000000},
    {"binc", 0, 1000000000000},  {"movestogo", 0, 1000000},   {"movetime", 1, 1000000000000},
    {"nodes", 1, INT64_MAX / 2}, {"depth", 1, SRCH_MAX_PLY},  {"mate", 1, SRCH_MAX_PLY / 2},
};
enum { GO_NUMBER_COUNT = sizeof GO_NUMBERS / sizeof GO_NUMBERS[0] };

static int go_number_index(const char *word) {
  for (int i = 0; i < GO_NUMBER_COUNT; i++)
    if (!strcmp(word, GO_NUMBERS[i].name)) return i;
  return -1;
}

/* Whether the next word of args is a go keyword (args is left as it is). */
static bool next_is_keyword(const char *args) {
  char word[16];
  if (sscanf(args, " %15s", word) != 1) return false;
  return go_number_index(word) >= 0 || !strcmp(word, "infinite") || !strcmp(word, "ponder") ||
         !strcmp(word, "searchmoves");
}

/* Reads a whole number from text, clamped to [lo, hi]; false if text is not one. */
static bool read_clamped(const char *text, int64_t lo, int64_t hi, int64_t *value) {
  if (!text) return false;
  char *end;
  long long v = strtoll(text, &end, 10); /* out of range: LLONG_MIN or LLONG_MAX, clamped below */
  if (*end || end == text) return false;
  *value = v < lo ? lo : v > hi ? hi : (int64_t)v;
  return true;
}

/* Tells problem what is wrong; returns 1 (one problem). */
static int tell(UciProblemFn problem, void *ctx, const char *fmt, const char *word) {
  if (!problem) return 1;
  char text[256];
  snprintf(text, sizeof text, fmt, word); /* a word of a line of up to a megabyte: its start */
  problem(ctx, text);
  return 1;
}

int uci_read_go(Position *pos, char *args, SearchLimits *limits, UciProblemFn problem, void *ctx) {
  int64_t given[GO_NUMBER_COUNT];
  for (int i = 0; i < GO_NUMBER_COUNT; i++) given[i] = -1;
  bool infinite = false, ponder = false;
  int root_count = 0, problems = 0;
  Move root_moves[256];
  bool in_searchmoves = false;
  for (char *word; (word = proto_word(&args));) {
    if (in_searchmoves) { /* searchmoves takes every legal move that follows */
      Move m = pos_parse_move(pos, word);
      if (m != MOVE_NONE) {
        if (root_count < 256) root_moves[root_count++] = m;
        continue;
      }
      in_searchmoves = false;
    }
    int index = go_number_index(word);
    if (!strcmp(word, "infinite"))
      infinite = true;
    else if (!strcmp(word, "ponder"))
      ponder = true;
    else if (!strcmp(word, "searchmoves"))
      in_searchmoves = true;
    else if (index < 0)
      problems += tell(problem, ctx, "unknown go parameter %s", word);
    else {
      /* a keyword where the number should be is read as the keyword it is */
      char *value = next_is_keyword(args) ? NULL : proto_word(&args);
      if (!read_clamped(value, GO_NUMBERS[index].lo, GO_NUMBERS[index].hi, &given[index]))
        problems += tell(problem, ctx, "go %s needs a number", word);
    }
  }
  enum { WTIME, BTIME, WINC, BINC, MOVESTOGO, MOVETIME, NODES, DEPTH, MATE };
  int depth = given[DEPTH] > 0 ? (int)given[DEPTH] : given[MATE] > 0 ? 2 * (int)given[MATE] : -1;
  srch_limits_init(limits);
  srch_limits_uci(limits, given[WTIME], given[BTIME], given[WINC], given[BINC], (int)given[MOVESTOGO], given[MOVETIME],
                  given[NODES], depth, infinite);
  limits->ponder = ponder;
  limits->root_move_count = root_count;
  memcpy(limits->root_moves, root_moves, sizeof(Move) * (size_t)root_count);
  return problems;
}

/* The front end's problem teller: UCI has only info string to tell the user. */
typedef struct GoCommand {
  Session *s;
  const char *original;
} GoCommand;

static void tell_go_problem(void *ctx, const char *problem) {
  const GoCommand *c = ctx;
  session_say(c->s, "info string Error (%s): %s", problem, c->original);
}

/* go: a word it does not know, or a number it cannot read, is reported with info string (the
 * only way UCI has to tell the user) and the rest of the command is still honoured. */
static void go(Session *s, char *args, const char *original) {
  session_stop(s); /* the moves below are read on the position, which a turn under way changes */
  SearchLimits limits;
  GoCommand command = {s, original};
  uci_read_go(&s->pos, args, &limits, tell_go_problem, &command);
  Uci *u = s->front;
  u->turn_limits = limits;
  u->turn_started_ms = session_now_ms();
  if (!session_start(s, &limits, uci_done)) session_say(s, "Error (the search could not start): %s", original);
}

int uci_loop(FILE *in, FILE *out, const ProtoOptions *options) {
  Session session;
  char err[RULES_ERR_LEN];
  if (!session_init_from(&session, out, options->hash_mb, options->catalog, options->lend, options->lend_ctx, err,
                         sizeof err)) {
    fprintf(out, "Error (%s): uci\n", err);
    return 1;
  }
  Session *s = &session;
  Uci uci = {0};
  snprintf(uci.asked, sizeof uci.asked, "chess");
  pthread_mutex_init(&uci.lock, NULL);
  s->front = &uci;
  /* A pass goes out as Fairy-Stockfish writes it in UCI, its royal piece's square twice (Janggi
   * "e2e2"), or "0000" (pos_move_name_spelled says why); "pass" and "0000" are read too. */
  s->pass_spelling = PASS_ROYAL_SQUARE;
  s->info = uci_info;
  s->node_cap = options->node_cap;
  s->engine_name = options->engine_name ? options->engine_name : "Herald";
  send_id(s);
  /* On the heap: a line may be a megabyte. */
  char *line = malloc(PROTO_LINE_MAX), *original = malloc(PROTO_LINE_MAX);
  if (!line || !original) {
    session_say(s, "info string Error (out of memory)");
    free(line), free(original);
    line = original = NULL;
  }
  for (ProtoLine got; line && (got = proto_read_line(in, line, PROTO_LINE_MAX));) {
    if (got == PROTO_LINE_TOO_LONG) {
      session_say(s, "info string Error (line too long)");
      continue;
    }
    strcpy(original, line);
    char *rest = line, *cmd = proto_word(&rest);
    if (!cmd) continue;
    if (!strcmp(cmd, "quit"))
      break;
    else if (!strcmp(cmd, "uci"))
      send_id(s);
    else if (!strcmp(cmd, "isready"))
      srch_prepare(s->search), session_say(s, "readyok");
    else if (!strcmp(cmd, "ucinewgame"))
      session_stop(s), srch_clear(s->search);
    else if (!strcmp(cmd, "setoption"))
      set_option(s, rest, original);
    else if (!strcmp(cmd, "position"))
      set_position(s, rest, original);
    else if (!strcmp(cmd, "go"))
      go(s, rest, original);
    else if (!strcmp(cmd, "stop"))
      session_stop(s);
    else if (!strcmp(cmd, "ponderhit")) {
      uci.turn_started_ms = session_now_ms();
      srch_ponderhit(s->search);
    } else if (!strcmp(cmd, "debug"))
      continue;
    else if (!strcmp(cmd, "d")) {
      char fen[1024];
      pthread_mutex_lock(&uci.lock); /* not while the waiter plays a turn's parts */
      pos_get_fen(&s->pos, fen, sizeof fen);
      pthread_mutex_unlock(&uci.lock);
      session_say(s, "info string variant %s fen %s", s->variant, fen);
    } else
      session_say(s, "Error (unknown command): %s", original);
  }
  free(line);
  free(original);
  session_free(s);
  pthread_mutex_destroy(&uci.lock);
  return 0;
}
