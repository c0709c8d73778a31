/* XBoard / WinBoard front end (CECP v2): new variant force go playother usermove ? ping draw
 * result setboard undo remove hard easy post nopost analyze exit . time otim level st sd hint
 * memory cores option quit.  Moves in coordinate notation; boards of ten ranks count them
 * from 0 as XBoard does (xiangqi a0..i9).  A turn of several parts travels as its parts
 * joined by commas ("usermove e2e4,d2d4"); the engine sends each part on its own line, every
 * part but the turn's last ending in a comma ("move e2e4," then "move d2d4").  A pass goes out
 * as "@@@@" and is read so, or as "0000", "pass" or the royal piece's square twice.  Variant
 * fischerandom is Chess960, its castling sent as the king taking its own rook ("e1h1", as
 * XBoard keeps it) and read so or as "O-O"/"O-O-O" (what XBoard sends engines by default). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "bridge/bridge.h"
#include "protocol/protocol.h"
#include "protocol/session.h"

/* The input thread holds `lock` while it handles a command, and the waiter thread while it
 * plays the search's move; the input thread lets go of it while it waits for input and to
 * stop and join a search (finish_search), so the two never touch the game at once. */
typedef struct XBoard {
  pthread_mutex_t lock;
  int engine_side; /* WHITE, BLACK, or -1 in force mode */
  bool analyzing;
  bool discard; /* the running search was cancelled: do not play its move */
  bool game_over;
  int mps; /* level: moves per session, 0 = incremental/sudden death */
  int64_t base_ms, inc_ms;
  int64_t st_seconds;       /* fixed time per move, 0 = none */
  int sd;                   /* depth limit, 0 = none */
  int64_t nps;              /* "nps N": with st, time is counted as nodes / N, 0 = wall clock */
  int64_t time_cs, otim_cs; /* clocks, centiseconds */
  int engine_moves;         /* moves the engine made since the game started */
  int excluded_count;       /* analysis: root moves the user excluded (exclude/include) */
  Move excluded[256];
  SearchLimits turn_limits; /* the engine's turn under way: the limits of its first search, */
  int64_t turn_started_ms;  /* and when it began: the rest of the turn shares its time */
  char hint[256];           /* the opponent's turn the engine expects, for "hint", */
  uint64_t hint_key;        /* in the position of this key */
  bool pondering;           /* searching on ponder_move while the opponent thinks */
  bool ponder_hit;          /* ... which the opponent then played: the search is ours now */
  Move ponder_move;
} XBoard;

static XBoard *xb_of(Session *s) { return s->front; }

/* XBoard numbers the ranks of a ten-rank board from 0. */
static bool zero_based_ranks(const Session *s) { return s->rules->geo.height == 10; }

/* Shifts every rank number in a move text by delta (squares are a letter then digits). */
static void shift_ranks(const char *in, char *out, size_t outlen, int delta) {
  size_t n = 0;
  for (const char *p = in; *p && n + 4 < outlen;) {
    if (isdigit((unsigned char)*p) && p > in && islower((unsigned char)p[-1])) {
      long rank = strtol(p, (char **)&p, 10);
      if (rank > 100000) rank = 100000; /* no board has such a rank: it stays illegal, without overflow */
      n += (size_t)snprintf(out + n, outlen - n, "%ld", rank + delta);
      continue;
    }
    out[n++] = *p++;
  }
  out[n] = 0;
}

static void to_xboard(const Session *s, const char *ours, char *out, size_t outlen) {
  shift_ranks(ours, out, outlen, zero_based_ranks(s) ? -1 : 0);
}

static void from_xboard(const Session *s, const char *theirs, char *out, size_t outlen) {
  shift_ranks(theirs, out, outlen, zero_based_ranks(s) ? 1 : 0);
}

/* XBoard's names of Herald's games: normal is chess, fischerandom is chess960. */
static const char *xboard_name(const char *variant) {
  return !strcmp(variant, "chess") ? "normal" : !strcmp(variant, "chess960") ? "fischerandom" : variant;
}
static const char *rules_name(const char *xboard) {
  return !strcmp(xboard, "normal") ? "chess" : !strcmp(xboard, "fischerandom") ? "chess960" : xboard;
}

/* Variants XBoard knows by name; any other is engine-defined and needs "setup" and "piece". */
static bool xboard_knows(const char *name) {
  static const char *known[] = {"normal",     "wildcastle", "nocastle", "fischerandom", "bughouse",   "crazyhouse",
                                "losers",     "suicide",    "giveaway", "twokings",     "kriegspiel", "atomic",
                                "3check",     "xiangqi",    "shogi",    "capablanca",   "gothic",     "caparandom",
                                "janus",      "shatranj",   "courier",  "falcon",       "berolina",   "cylinder",
                                "knightmate", "great",      "twilight", "makruk",       "asean",      "seirawan",
                                "spartan",    "super",      "grand",    "lion",         "chu"};
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
    if (!strcmp(known[i], name)) return true;
  return false;
}

/* The Betza text XBoard should get: en-passant capturers carry its 'e' on capturing atoms. */
static void xboard_betza(const Rules *r, int type, char *out, size_t outlen) {
  const PieceType *pt = &r->types[type];
  size_t n = 0;
  for (const char *p = pt->betza; *p && n + 2 < outlen; p++) {
    out[n++] = *p;
    if (pt->ep_capturer && *p == 'c' && isalpha((unsigned char)p[1])) out[n++] = 'e';
  }
  out[n] = 0;
  /* Its castlings, as XBoard's castling atom with the King's step count (isO2 is Chess's):
   * without them XBoard refuses a castling longer than its parent's (flexible castling). */
  bool said[GEO_MAX_SIDE] = {false};
  for (int i = 0; i < r->castling_count; i++) {
    const Castling *c = &r->castlings[i];
    int king = c->king_type >= 0 ? c->king_type : (pt->royal ? type : -1);
    if (king != type || geo_rank(&r->geo, c->king_from) != geo_rank(&r->geo, c->king_to)) continue;
    int d = abs(geo_file(&r->geo, c->king_to) - geo_file(&r->geo, c->king_from));
    if (d <= 0 || d >= GEO_MAX_SIDE || said[d]) continue;
    said[d] = true;
    int w = snprintf(out + n, outlen - n, "isO%d", d);
    if (w < 0 || (size_t)w >= outlen - n) break;
    n += (size_t)w;
  }
}

/* For an engine-defined variant: the board, pieces and start position, then each piece's moves.
 * XBoard's piece table has 22 slots a side (PNBRQFEACWMOHIJGDVLSUK); a piece takes the slot of
 * its own letter where it can, the royal piece the K slot. */
static void define_variant(Session *s) {
  const Rules *r = s->rules;
  static const char slots[] = "PNBRQFEACWMOHIJGDVLSUK";
  enum { SLOTS = sizeof slots - 1 };
  bool promoted_forms = false, taken[SLOTS] = {false};
  char table[2 * SLOTS + 1];
  memset(table, '.', 2 * SLOTS);
  table[2 * SLOTS] = 0;
  int holdings = 0;
  for (int t = 0; t < r->type_count; t++) {
    const PieceType *pt = &r->types[t];
    promoted_forms |= pt->promoted_form;
    if (pt->promoted_form) continue;
    if (r->drops && !pt->royal) holdings++;
    int slot = pt->royal && !taken[SLOTS - 1] ? SLOTS - 1 : -1;
    for (int i = 0; slot < 0 && i < SLOTS; i++)
      if (slots[i] == pt->letter && !taken[i]) slot = i;
    for (int i = 0; slot < 0 && i < SLOTS - 1; i++)
      if (!taken[i]) slot = i;
    if (slot < 0) continue;
    taken[slot] = true;
    table[slot] = pt->letter;
    table[SLOTS + slot] = (char)tolower((unsigned char)pt->letter);
  }
  char fen[600];
  Position start = {0};
  char err[RULES_ERR_LEN];
  if (!pos_set_fen(&start, r, "startpos", err, sizeof err)) return;
  pos_get_fen(&start, fen, sizeof fen);
  pos_free(&start);
  if (promoted_forms) {
    /* Shogi-style promoted forms: XBoard's shogi parent has 11 base slots, then the promoted
     * forms of the first six (slot + 11), then the king. */
    static const char shogi_slots[] = "PNBR.S...G.";
    char shogi[2 * 18 + 1];
    memset(shogi, '.', 2 * 18);
    shogi[2 * 18] = 0;
    bool used[11] = {false}, placed[MAX_TYPES] = {false};
    for (int pass = 0; pass < 2; pass++) /* letters with a home slot first, then the rest */
      for (int t = 0; t < r->type_count; t++) {
        const PieceType *pt = &r->types[t];
        if (pt->promoted_form || placed[t]) continue;
        int slot = pt->royal ? 17 : -1;
        for (int i = 0; slot < 0 && i < 11; i++)
          if (shogi_slots[i] == pt->letter && !used[i]) slot = i;
        for (int i = 0; slot < 0 && pass == 1 && i < 11; i++)
          if (!used[i] && shogi_slots[i] == '.') slot = i;
        if (slot < 0) continue;
        if (slot < 11) used[slot] = true;
        placed[t] = true;
        shogi[slot] = pt->letter;
        shogi[18 + slot] = (char)tolower((unsigned char)pt->letter);
        bool promotes = false;
        for (int u = 0; u < r->type_count; u++) promotes |= r->types[u].promoted_form && r->types[u].unpromoted == t;
        if (promotes && slot < 6) shogi[11 + slot] = shogi[18 + 11 + slot] = '+';
      }
    session_say(s, "setup (%s) %dx%d+%d_shogi %s", shogi, r->geo.width, r->geo.height, holdings, fen);
  } else {
    session_say(s, "setup (%s) %dx%d+%d_fairy %s", table, r->geo.width, r->geo.height, holdings, fen);
  }
  for (int t = 0; t < r->type_count; t++) {
    const PieceType *pt = &r->types[t];
    /* A piece only the preset's referee can move has no Betza: XBoard has to leave its moves
     * to the engine (switch off its legality testing for such variants). */
    if (pt->any_square) continue;
    char betza[96];
    xboard_betza(r, t, betza, sizeof betza);
    session_say(s, "piece %s%c& %s", pt->promoted_form ? "+" : "", pt->letter, betza);
  }
}

static void xb_info(void *context, const Position *root, const SearchInfo *info) {
  Session *s = context;
  if (!s->post) return;
  char pv[2048], shifted[2048];
  session_pv_text(root, info->pv, info->pv_length, s->pass_spelling, pv, sizeof pv);
  to_xboard(s, pv, shifted, sizeof shifted);
  int score = info->score;
  /* XBoard's convention for mates: 100000 + moves to mate. */
  if (score >= SRCH_MATE_BOUND)
    score = 100000 + (SRCH_MATE - score + 1) / 2;
  else if (score <= -SRCH_MATE_BOUND)
    score = -100000 - (SRCH_MATE + score) / 2;
  session_say(s, "%d %d %lld %llu %s", info->depth, score, (long long)(info->time_ms / 10),
              (unsigned long long)info->nodes, shifted);
}

/* Announces the verdict of the rules, if the game has ended. */
static void claim_result(Session *s) {
  char reason[64];
  GameResult r = pos_game_result(&s->pos, reason, sizeof reason);
  if (r == RESULT_NONE) return;
  xb_of(s)->game_over = true;
  int mover = s->pos.side; /* the result is from this side's view */
  if (r == RESULT_DRAW) {
    session_say(s, "1/2-1/2 {%s}", reason);
    return;
  }
  bool white_wins = (r == RESULT_WIN) == (mover == WHITE);
  session_say(s, "%s {%s by %s}", white_wins ? "1-0" : "0-1", white_wins ? "White wins" : "Black wins", reason);
}

static void time_limits(Session *s, SearchLimits *limits);

/* Thinks on the opponent's time: the expected reply is made on the game position only while
 * the search starts (it searches a copy), then taken back. */
static void start_pondering(Session *s, Move expected) {
  XBoard *xb = xb_of(s);
  if (expected == MOVE_NONE || !pos_is_legal(&s->pos, expected)) return;
  SearchLimits limits;
  int opponent = s->pos.side;
  pos_make(&s->pos, expected);
  if (s->pos.side == opponent) { /* a part of a longer turn: nothing to ponder on yet */
    pos_unmake(&s->pos);
    return;
  }
  time_limits(s, &limits);
  limits.ponder = true;
  xb->turn_limits = limits;
  xb->pondering = session_follow_up(s, &limits);
  xb->ponder_move = expected;
  pos_unmake(&s->pos);
}

static void xb_done_locked(Session *s, const SearchResult *result);

static void xb_done(Session *s, const SearchResult *result) {
  XBoard *xb = xb_of(s);
  pthread_mutex_lock(&xb->lock);
  xb_done_locked(s, result);
  pthread_mutex_unlock(&xb->lock);
}

/* The engine's turn is over: the opponent's turn it expects becomes the hint. */
static void remember_hint(Session *s) {
  XBoard *xb = xb_of(s);
  Move line[SRCH_MAX_PV];
  int n = session_pv_from(s, &s->pos, line, SRCH_MAX_PV);
  char ours[sizeof xb->hint];
  session_pv_text(&s->pos, line, session_turn_length(&s->pos, line, n), s->pass_spelling, ours, sizeof ours);
  to_xboard(s, ours, xb->hint, sizeof xb->hint);
  xb->hint_key = s->pos.key;
}

static void xb_done_locked(Session *s, const SearchResult *result) {
  XBoard *xb = xb_of(s);
  bool pondered = xb->pondering, hit = xb->ponder_hit;
  xb->pondering = xb->ponder_hit = false;
  if (hit) pos_make(&s->pos, xb->ponder_move); /* the opponent's move, kept even if cancelled */
  if (pondered && !hit) return;                /* still the opponent's turn */
  char name[32], shown[40], note[600], reason[64];
  if (session_preset_failure(s, result, note, sizeof note)) session_say(s, "tellusererror %s", note);
  if (xb->discard || xb->analyzing || result->best == MOVE_NONE) return;
  Move found = result->best, move;
  for (;;) {
    bool preset_error;
    move = session_safe_move(s, found, note, sizeof note, &preset_error);
    if (preset_error)
      session_say(s, "tellusererror %s", note);
    else if (note[0])
      session_say(s, "# %s", note);
    pos_move_name_spelled(&s->pos, move, s->pass_spelling, name, sizeof name);
    int mover = s->pos.side;
    pos_make(&s->pos, move);
    to_xboard(s, name, shown, sizeof shown);
    if (s->pos.side != mover || pos_game_result(&s->pos, reason, sizeof reason) != RESULT_NONE) break;
    /* The same side moves again: a part of a longer turn, with more to follow. */
    session_say(s, "move %s,", shown);
    Move next;
    if (session_pv_from(s, &s->pos, &next, 1) == 1 && pos_is_legal(&s->pos, next)) {
      found = next; /* the main line goes on with the turn */
      continue;
    }
    SearchLimits rest; /* the line stops here: search the rest of the turn in its time */
    srch_limits_rest_of_turn(&xb->turn_limits, mover, session_now_ms() - xb->turn_started_ms, &rest);
    if (session_follow_up(s, &rest)) return; /* its result comes back here */
    if ((found = session_quick_move(s)) == MOVE_NONE) return;
  }
  xb->engine_moves++;
  session_say(s, "move %s", shown);
  remember_hint(s);
  claim_result(s);
  if (s->ponder && !xb->game_over && move == found) {
    Move reply;
    if (session_pv_from(s, &s->pos, &reply, 1) == 1) start_pondering(s, reply);
  }
}

/* Ends the running search; its move is played unless discard is set.  Lets go of the lock
 * meanwhile, since the waiter needs it to finish. */
static void finish_search(Session *s, bool discard) {
  XBoard *xb = xb_of(s);
  if (!session_searching(s)) return;
  xb->discard = discard;
  pthread_mutex_unlock(&xb->lock);
  session_stop(s);
  pthread_mutex_lock(&xb->lock);
  xb->discard = false;
}

/* Stops thinking without playing what was found. */
static void cancel(Session *s) { finish_search(s, true); }

static void think_if_our_turn(Session *s) {
  XBoard *xb = xb_of(s);
  SearchLimits limits;
  srch_limits_init(&limits);
  if (xb->analyzing) {
    limits.infinite = true;
    if (xb->excluded_count) { /* search the legal moves not excluded */
      MoveList *list = malloc(sizeof *list);
      pos_legal_moves(&s->pos, list);
      for (int i = 0; i < list->count && limits.root_move_count < 256; i++) {
        bool out = false;
        for (int k = 0; k < xb->excluded_count && !out; k++) out = xb->excluded[k] == list->moves[i];
        if (!out) limits.root_moves[limits.root_move_count++] = list->moves[i];
      }
      free(list);
      if (!limits.root_move_count) { /* everything excluded: nothing to analyse */
        session_say(s, "Error (every move is excluded): exclude");
        return;
      }
    }
    session_start(s, &limits, xb_done);
    return;
  }
  if (xb->game_over || xb->engine_side != s->pos.side) return;
  char reason[64];
  if (pos_game_result(&s->pos, reason, sizeof reason) != RESULT_NONE) {
    claim_result(s);
    return;
  }
  time_limits(s, &limits);
  xb->turn_limits = limits;
  xb->turn_started_ms = session_now_ms();
  if (!session_start(s, &limits, xb_done)) session_say(s, "Error (the search could not start): go");
}

/* The limits of the engine's next move from the time control in force. */
static void time_limits(Session *s, SearchLimits *limits) {
  XBoard *xb = xb_of(s);
  srch_limits_init(limits);
  /* Protocol 2 "nps": after "st 8" and "nps 10000" no move may use more than 80000 nodes.  Only
   * st is turned into nodes; a level's clock stays on the wall, so the feature is not announced. */
  if (xb->st_seconds && xb->nps)
    limits->nodes = (uint64_t)(xb->st_seconds * xb->nps);
  else if (xb->st_seconds)
    srch_limits_xboard_st(limits, xb->st_seconds);
  else
    srch_limits_xboard_level(limits, s->pos.side, xb->mps, xb->base_ms, xb->inc_ms, xb->engine_moves, xb->time_cs,
                             xb->otim_cs);
  if (xb->sd) srch_limits_xboard_sd(limits, xb->sd);
}

static void send_features(Session *s) {
  char variants[4096] = "", names[2048];
  session_variants(s, names, sizeof names);
  for (char *rest = names, *v; (v = proto_word(&rest));) {
    if (variants[0]) strncat(variants, ",", sizeof variants - strlen(variants) - 1);
    strncat(variants, xboard_name(v), sizeof variants - strlen(variants) - 1);
  }
  session_say(s, "feature done=0");
  session_say(s,
              "feature myname=\"%s\" ping=1 setboard=1 usermove=1 time=1 draw=0 sigint=0 "
              "sigterm=0 reuse=1 analyze=1 colors=0 memory=1 smp=1 san=0 name=0 debug=1 highlight=1 exclude=1",
              s->engine_name);
  session_say(s, "feature variants=\"%s\"", variants);
  session_say(s, "feature option=\"MultiPV -spin 1 1 %d\"", SRCH_MAX_PV);
  session_say(s, "feature option=\"Move Overhead -spin 30 0 5000\"");
  session_say(s, "feature option=\"LoadTime -spin %d 1 %d\"", session_load_limit_s(s), BR_LOAD_LIMIT_MAX_S);
  session_say(s, "feature option=\"EvalWeights -file %s\"", SRCH_WEIGHTS_DEFAULT);
  session_say(s, "feature option=\"EvalFile -file %s\"", SRCH_WEIGHTS_DEFAULT);
  session_say(s, "feature done=1");
}

/* "level MPS BASE INC", BASE in minutes or minutes:seconds, INC in seconds.  Values beyond a
 * year are refused (they would overflow the millisecond clock). */
static bool parse_level(XBoard *xb, char *args) {
  enum { MAX_MINUTES = 525600, MAX_SECONDS = 59, MAX_MOVES = 100000 };
  char *mps = proto_word(&args), *base = proto_word(&args), *inc = proto_word(&args);
  if (!mps || !base || !inc) return false;
  char *end;
  long moves = strtol(mps, &end, 10);
  if (*end || end == mps || moves < 0 || moves > MAX_MOVES) return false;
  long minutes = strtol(base, &end, 10), seconds = 0;
  if (end == base) return false;
  if (*end == ':') {
    char *sec = end + 1;
    seconds = strtol(sec, &end, 10);
    if (end == sec) return false;
  }
  if (*end || minutes < 0 || minutes > MAX_MINUTES || seconds < 0 || seconds > MAX_SECONDS) return false;
  double increment = strtod(inc, &end);
  if (*end || end == inc || !(increment >= 0 && increment <= MAX_MINUTES * 60.0)) return false; /* NaN too */
  xb->mps = (int)moves;
  xb->base_ms = (minutes * 60 + seconds) * 1000;
  xb->inc_ms = (int64_t)(increment * 1000);
  xb->st_seconds = 0;
  return true;
}

static void new_game(Session *s, const char *variant) {
  XBoard *xb = xb_of(s);
  cancel(s);
  char err[RULES_ERR_LEN];
  if (!session_set_variant(s, variant, err, sizeof err))
    session_say(s, "Error (%s): new", err);
  else
    session_tell_warnings(s, "tellusererror Warning: ");
  srch_clear(s->search);
  xb->engine_side = BLACK;
  xb->analyzing = xb->game_over = false;
  xb->sd = 0;
  xb->engine_moves = 0;
  xb->excluded_count = 0;
}

/* XBoard writes a promotion the user declined with a trailing '=' ("c7h2=" in shogi; Fairy-
 * Stockfish takes it, and XBoard forfeits an engine that refuses it as a false illegal-move
 * claim).  It is the move without promotion, where there is one: a promotion that is forced
 * (a shogi pawn to the last rank) stays refused, and a move whose own name ends in '=' stays. */
static void declined_promotion(Session *s, char *move) {
  size_t len = strlen(move);
  if (!len || move[len - 1] != '=' || pos_parse_move(&s->pos, move) != MOVE_NONE) return;
  move[len - 1] = 0;
  Move plain = pos_parse_move(&s->pos, move);
  if (plain == MOVE_NONE || move_kind(plain) == MOVE_PROMOTION) move[len - 1] = '=';
}

static void user_move(Session *s, const char *text) {
  XBoard *xb = xb_of(s);
  char ours[512], reason[600];
  from_xboard(s, text, ours, sizeof ours);
  if (xb->pondering && session_searching(s)) {
    declined_promotion(s, ours);
    /* compared as moves: a pass has several spellings */
    if (xb->ponder_move != MOVE_NONE && pos_parse_move(&s->pos, ours) == xb->ponder_move) {
      /* a ponder hit: the search goes on, now on the clock */
      xb->ponder_hit = true;
      xb->turn_started_ms = session_now_ms();
      srch_ponderhit(s->search);
      return;
    }
  }
  cancel(s); /* analysis, a missed ponder, or a move sent while the engine thinks */
  /* A lone part that leaves the same side to move is taken where XBoard may send the parts of
   * a turn one at a time: in force mode and analysis, never as the move the engine answers. */
  bool lone_part_ok = xb->engine_side < 0 || xb->analyzing;
  SessionPlay played = session_play_turn(s, ours, lone_part_ok, declined_promotion, reason, sizeof reason);
  if (played != SESSION_PLAYED) {
    /* XBoard takes the move back either way (the engine did not play it); a preset error is
     * the preset's fault, and the user is told where it is. */
    if (played == SESSION_PRESET_ERROR) session_say(s, "tellusererror %s", reason);
    session_say(s, "Illegal move (%s): %s", played == SESSION_PRESET_ERROR ? "the preset failed on it" : reason, text);
    if (xb->analyzing) think_if_our_turn(s);
    return;
  }
  xb->excluded_count = 0; /* exclusions belong to the position they were made in */
  claim_result(s);
  think_if_our_turn(s);
}

/* undo and remove take back whole turns: a turn of several parts is one move to XBoard. */
static void take_back(Session *s, int turns, const char *original) {
  cancel(s);
  if (!s->pos.ply) {
    session_say(s, "Error (no move to take back): %s", original);
    return;
  }
  for (int i = 0; i < turns; i++) session_take_back_turn(s);
  xb_of(s)->game_over = false;
  xb_of(s)->excluded_count = 0;
  if (xb_of(s)->analyzing) think_if_our_turn(s);
}

static void set_option(Session *s, char *args, const char *original) {
  char *eq = strchr(args, '=');
  long v;
  if (!eq) {
    session_say(s, "Error (option needs NAME=VALUE): %s", original);
    return;
  }
  *eq = 0;
  if (!strcmp(args, "MultiPV") && proto_read_int(eq + 1, 1, SRCH_MAX_PV, &v))
    s->multipv = (int)v;
  else if (!strcmp(args, "Move Overhead") && proto_read_int(eq + 1, 0, 5000, &v))
    s->move_overhead_ms = v;
  else if (!strcmp(args, "LoadTime") && proto_read_int(eq + 1, 1, BR_LOAD_LIMIT_MAX_S, &v))
    catalog_set_load_limit(&s->catalog, (int)v * 1000);
  else if (!strcmp(args, "EvalWeights") || !strcmp(args, "EvalFile"))
    session_eval_option(s, !strcmp(args, "EvalFile"), eq + 1, "# ", original);
  else
    session_say(s, "Error (unknown option or bad value): %s", original);
}

/* "lift SQUARE" (highlight=1): the targets of the piece lifted, as a board of colour letters,
 * yellow for moves and red for captures. */
static void lift(Session *s, const char *square, const char *original) {
  char ours[32];
  from_xboard(s, square ? square : "", ours, sizeof ours);
  const Geometry *g = &s->rules->geo;
  int used = 0, from = square ? geo_parse_square(g, ours, &used) : -1;
  if (from < 0 || ours[used] || session_searching(s)) {
    if (from < 0 || ours[used]) session_say(s, "Error (lift needs a square): %s", original);
    return;
  }
  char marks[GEO_MAX_SQUARES] = {0};
  MoveList *list = malloc(sizeof *list);
  pos_legal_moves(&s->pos, list);
  for (int i = 0; i < list->count; i++) {
    Move m = list->moves[i];
    if (move_kind(m) == MOVE_DROP || move_kind(m) == MOVE_PASS || move_from(m) != from) continue;
    bool capture = s->pos.board[move_to(m)] != SQ_EMPTY || move_kind(m) == MOVE_EN_PASSANT;
    marks[move_to(m)] = capture ? 'R' : 'Y';
  }
  free(list);
  char board[GEO_MAX_SQUARES * 2 + 32];
  size_t n = 0;
  for (int rank = g->height - 1; rank >= 0; rank--) {
    int empty = 0;
    for (int file = 0; file < g->width; file++) {
      char mark = marks[geo_square(g, file, rank)];
      if (!mark) {
        empty++;
        continue;
      }
      if (empty) n += (size_t)snprintf(board + n, sizeof board - n, "%d", empty), empty = 0;
      board[n++] = mark;
    }
    if (empty) n += (size_t)snprintf(board + n, sizeof board - n, "%d", empty);
    if (rank) board[n++] = '/';
  }
  board[n] = 0;
  session_say(s, "highlight %s", board);
}

/* "exclude MOVE|all" and "include MOVE|all" (exclude=1): which root moves analysis considers. */
static void exclude(Session *s, bool out, const char *what, const char *original) {
  XBoard *xb = xb_of(s);
  if (!what) {
    session_say(s, "Error (needs a move or all): %s", original);
    return;
  }
  bool analyzing = xb->analyzing;
  cancel(s);
  if (!strcmp(what, "all")) {
    xb->excluded_count = 0;
    if (out) {
      MoveList *list = malloc(sizeof *list);
      pos_legal_moves(&s->pos, list);
      for (int i = 0; i < list->count && xb->excluded_count < 256; i++)
        xb->excluded[xb->excluded_count++] = list->moves[i];
      free(list);
    }
  } else {
    char ours[64];
    from_xboard(s, what, ours, sizeof ours);
    Move m = pos_parse_move(&s->pos, ours);
    if (m == MOVE_NONE) {
      session_say(s, "Error (not a legal move): %s", original);
    } else {
      int k = 0;
      while (k < xb->excluded_count && xb->excluded[k] != m) k++;
      if (out && k == xb->excluded_count && k < 256) xb->excluded[xb->excluded_count++] = m;
      if (!out && k < xb->excluded_count) xb->excluded[k] = xb->excluded[--xb->excluded_count];
    }
  }
  if (analyzing) think_if_our_turn(s);
}

/* Handles one command line; returns false on quit. */
static bool xb_command(Session *s, char *line) {
  XBoard *xb = xb_of(s);
  char original[16384];
  snprintf(original, sizeof original, "%s", line);
  char *rest = line, *cmd = proto_word(&rest);
  long v;
  char err[RULES_ERR_LEN];
  if (!cmd) return true;
  if (!strcmp(cmd, "quit")) return false;
  if (!strcmp(cmd, "xboard") || !strcmp(cmd, "accepted") || !strcmp(cmd, "rejected") || !strcmp(cmd, "random") ||
      !strcmp(cmd, "computer") || !strcmp(cmd, "name") || !strcmp(cmd, "ics") || !strcmp(cmd, "draw") ||
      !strcmp(cmd, "bk") || !strcmp(cmd, ".") || !strcmp(cmd, "put") || !strcmp(cmd, "hover"))
    return true; /* nothing to do: draw offers are declined by silence */
  if (!strcmp(cmd, "protover"))
    send_features(s);
  else if (!strcmp(cmd, "new"))
    new_game(s, "chess");
  else if (!strcmp(cmd, "variant")) {
    char *name = proto_word(&rest);
    if (!name)
      session_say(s, "Error (variant needs a name): %s", original);
    else {
      int side = xb->engine_side;
      new_game(s, rules_name(name));
      xb->engine_side = side;
      if (!xboard_knows(name) && !strcmp(s->variant, rules_name(name))) define_variant(s);
    }
  } else if (!strcmp(cmd, "force"))
    cancel(s), xb->engine_side = -1;
  else if (!strcmp(cmd, "go"))
    cancel(s), xb->engine_side = s->pos.side, think_if_our_turn(s);
  else if (!strcmp(cmd, "playother"))
    cancel(s), xb->engine_side = s->pos.side ^ 1;
  else if (!strcmp(cmd, "white"))
    cancel(s), xb->engine_side = BLACK;
  else if (!strcmp(cmd, "black"))
    cancel(s), xb->engine_side = WHITE;
  else if (!strcmp(cmd, "usermove")) {
    char *move = proto_word(&rest);
    if (!move)
      session_say(s, "Error (usermove needs a move): %s", original);
    else
      user_move(s, move);
  } else if (!strcmp(cmd, "?"))
    finish_search(s, false);
  else if (!strcmp(cmd, "hint")) {
    if (xb->hint[0] && xb->hint_key == s->pos.key) session_say(s, "Hint: %s", xb->hint);
  } else if (!strcmp(cmd, "ping"))
    session_say(s, "pong %s", rest[0] ? proto_word(&rest) : "");
  else if (!strcmp(cmd, "result"))
    cancel(s), xb->game_over = true;
  else if (!strcmp(cmd, "setboard")) {
    cancel(s);
    if (!session_set_fen(s, rest, err, sizeof err)) session_say(s, "tellusererror Illegal position: %s", err);
    xb->game_over = false;
    xb->excluded_count = 0;
    if (xb->analyzing) think_if_our_turn(s);
  } else if (!strcmp(cmd, "undo"))
    take_back(s, 1, original);
  else if (!strcmp(cmd, "remove"))
    take_back(s, 2, original);
  else if (!strcmp(cmd, "hard"))
    s->ponder = true;
  else if (!strcmp(cmd, "easy")) {
    s->ponder = false;
    if (xb->pondering) cancel(s);
  } else if (!strcmp(cmd, "post"))
    s->post = true;
  else if (!strcmp(cmd, "nopost"))
    s->post = false;
  else if (!strcmp(cmd, "analyze"))
    cancel(s), xb->analyzing = true, xb->engine_side = -1, think_if_our_turn(s);
  else if (!strcmp(cmd, "exit"))
    cancel(s), xb->analyzing = false;
  else if (!strcmp(cmd, "time")) {
    if (!proto_read_int(proto_word(&rest), -100000000L, 100000000L, &v))
      session_say(s, "Error (time needs centiseconds): %s", original);
    else /* a clock that ran out: move at once (below zero would read as "no clock", the base) */
      xb->time_cs = v < 0 ? 0 : v;
  } else if (!strcmp(cmd, "otim")) {
    if (!proto_read_int(proto_word(&rest), -100000000L, 100000000L, &v))
      session_say(s, "Error (otim needs centiseconds): %s", original);
    else
      xb->otim_cs = v < 0 ? 0 : v;
  } else if (!strcmp(cmd, "level")) {
    if (!parse_level(xb, rest)) session_say(s, "Error (level needs MPS BASE INC): %s", original);
  } else if (!strcmp(cmd, "st")) {
    if (!proto_read_int(proto_word(&rest), 1, 100000, &v))
      session_say(s, "Error (st needs seconds): %s", original);
    else
      xb->st_seconds = v;
  } else if (!strcmp(cmd, "nps")) {
    if (!proto_read_int(proto_word(&rest), 0, 1000000000L, &v))
      session_say(s, "Error (nps needs nodes a second): %s", original);
    else
      xb->nps = v;
  } else if (!strcmp(cmd, "sd")) {
    if (!proto_read_int(proto_word(&rest), 1, SRCH_MAX_PLY - 1, &v))
      session_say(s, "Error (sd needs a depth): %s", original);
    else
      xb->sd = (int)v;
  } else if (!strcmp(cmd, "memory")) {
    if (!proto_read_int(proto_word(&rest), SESSION_HASH_MIN_MB, SESSION_HASH_MAX_MB, &v))
      session_say(s, "Error (memory needs megabytes): %s", original);
    else {
      cancel(s);
      int used = session_set_hash(s, (int)v);
      if (!used)
        session_say(s, "Error (cannot allocate that much): %s", original);
      else if (used != v)
        session_say(s, "# memory %ld MB is more than this machine can give, using %d MB", v, used);
    }
  } else if (!strcmp(cmd, "cores")) {
    if (!proto_read_int(proto_word(&rest), 1, SRCH_MAX_THREADS, &v))
      session_say(s, "Error (cores needs a count): %s", original);
    else {
      cancel(s);
      if (srch_set_threads(s->search, (int)v))
        s->threads = (int)v;
      else
        session_say(s, "Error (cannot start that many threads): %s", original);
    }
  } else if (!strcmp(cmd, "option"))
    set_option(s, rest, original);
  else if (!strcmp(cmd, "lift"))
    lift(s, proto_word(&rest), original);
  else if (!strcmp(cmd, "exclude"))
    exclude(s, true, proto_word(&rest), original);
  else if (!strcmp(cmd, "include"))
    exclude(s, false, proto_word(&rest), original);
  else {
    /* A bare move, as protocol version 1 sends them (a turn of several parts: its first part
     * says it is one). */
    char ours[64];
    from_xboard(s, cmd, ours, sizeof ours);
    ours[strcspn(ours, ",")] = 0;
    Move m = session_searching(s) ? MOVE_NONE : pos_parse_move(&s->pos, ours);
    if (m != MOVE_NONE)
      user_move(s, cmd);
    else
      session_say(s, "Error (unknown command): %s", original);
  }
  return true;
}

int xb_loop(FILE *in, FILE *out, const ProtoOptions *options) {
  Session session;
  /* Until the GUI sends a level and the clocks: XBoard's own default, 40 moves in 5 minutes,
   * so that a bare "sd 3" (a match by depth) is searched to its depth, not on an empty clock. */
  XBoard xb = {.engine_side = BLACK, .mps = 40, .base_ms = 300000, .time_cs = -1, .otim_cs = -1};
  char err[RULES_ERR_LEN];
  if (!session_init_from(&session, out, options->hash_mb, options->catalog, options->lend, options->lend_ctx, err,
                         sizeof err)) {
    fprintf(out, "Error (%s): xboard\n", err);
    return 1;
  }
  Session *s = &session;
  pthread_mutex_init(&xb.lock, NULL);
  pthread_mutex_lock(&xb.lock);
  s->front = &xb;
  /* A pass goes out as "@@@@", which XBoard sends and reads for one (and Fairy-Stockfish writes
   * in XBoard: pos_move_name_spelled says why); "pass", "0000" and the royal piece's square
   * twice, in XBoard's rank numbers ("e1e1" in Janggi), are read too. */
  s->pass_spelling = PASS_AT_SIGNS;
  s->info = xb_info;
  s->post = false;
  s->node_cap = options->node_cap;
  s->engine_name = options->engine_name ? options->engine_name : "Herald";
  char *line = malloc(PROTO_LINE_MAX); /* on the heap: a line may be a megabyte */
  bool running = line != NULL;
  if (!line) session_say(s, "Error (out of memory)");
  if (line && options->pending) {
    snprintf(line, PROTO_LINE_MAX, "%s", options->pending);
    line[strcspn(line, "\r\n")] = 0;
    running = xb_command(s, line);
  }
  while (running) {
    pthread_mutex_unlock(&xb.lock); /* the waiter may play its move while we wait for input */
    ProtoLine got = proto_read_line(in, line, PROTO_LINE_MAX);
    pthread_mutex_lock(&xb.lock);
    if (got == PROTO_LINE_END) break;
    if (got == PROTO_LINE_TOO_LONG)
      session_say(s, "Error (line too long)");
    else
      running = xb_command(s, line);
  }
  free(line);
  cancel(s);
  pthread_mutex_unlock(&xb.lock);
  pthread_mutex_destroy(&xb.lock);
  session_free(s);
  return 0;
}
