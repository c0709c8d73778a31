/* Engine processes (started through platform/process.h), line reading with time-outs, and the
 * two protocols. */
#include "match/engine.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "platform/path.h"

int64_t mt_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void copy_text(char *dst, int cap, const char *src, int len) {
  if (len < 0) len = (int)strlen(src);
  if (len > cap - 1) len = cap - 1;
  memcpy(dst, src, (size_t)len);
  dst[len] = 0;
}

/* Copies a field's value into dst (cap bytes); false with a message when it does not fit, so that
 * a long command or option is refused rather than cut. */
static bool copy_value(char *dst, int cap, const char *value, const char *what, char *err, int errlen) {
  int len = (int)strlen(value);
  if (len >= cap) {
    snprintf(err, errlen, "engine %s longer than %d characters", what, cap - 1);
    return false;
  }
  memcpy(dst, value, (size_t)len + 1);
  return true;
}

/* One "key=value" field of an engine spec. */
static bool spec_field(MtEngineSpec *spec, char *field, char *err, int errlen) {
  char *eq = strchr(field, '=');
  if (!eq) {
    snprintf(err, errlen, "engine field without '=': %.200s", field);
    return false;
  }
  *eq = 0;
  const char *value = eq + 1;
  if (!strcmp(field, "name")) return copy_value(spec->name, sizeof spec->name, value, "name", err, errlen);
  if (!strcmp(field, "cmd")) return copy_value(spec->command, sizeof spec->command, value, "cmd", err, errlen);
  if (!strcmp(field, "proto")) {
    if (!strcmp(value, "uci"))
      spec->protocol = MT_UCI;
    else if (!strcmp(value, "cecp") || !strcmp(value, "xboard"))
      spec->protocol = MT_CECP;
    else {
      snprintf(err, errlen, "unknown protocol %.100s (uci or cecp)", value);
      return false;
    }
    return true;
  }
  if (!strncmp(field, "option.", 7)) {
    if (spec->option_count == MT_MAX_OPTIONS) {
      snprintf(err, errlen, "more than %d options", MT_MAX_OPTIONS);
      return false;
    }
    *eq = '='; /* kept as NAME=VALUE: the protocol code splits it */
    return copy_value(spec->options[spec->option_count++], MT_TEXT, field + 7, "option", err, errlen);
  }
  snprintf(err, errlen, "unknown engine field %.100s", field);
  return false;
}

bool mt_engine_spec_parse(MtEngineSpec *spec, const char *text, char *err, int errlen) {
  memset(spec, 0, sizeof *spec);
  spec->protocol = MT_UCI;
  const char *p = text;
  while (*p) {
    const char *end = strchr(p, ',');
    int len = end ? (int)(end - p) : (int)strlen(p);
    char field[600];
    if (len >= (int)sizeof field) {
      snprintf(err, errlen, "engine field longer than %d characters", (int)sizeof field - 1);
      return false;
    }
    copy_text(field, sizeof field, p, len);
    if (!spec_field(spec, field, err, errlen)) return false;
    p = end ? end + 1 : p + len;
  }
  const char *program = spec->command + strspn(spec->command, " ");
  if (!*program) {
    snprintf(err, errlen, "engine without cmd=");
    return false;
  }
  if (!spec->name[0]) { /* the program's file name */
    int len = (int)strcspn(program, " ");
    const char *base = program;
    for (int i = 0; i < len; i++)
      if (plat_is_path_separator(program[i])) base = program + i + 1;
    copy_text(spec->name, sizeof spec->name, base, (int)(program + len - base));
    if (!spec->name[0]) copy_text(spec->name, sizeof spec->name, "engine", -1);
  }
  return true;
}

bool mt_engine_send(MtEngine *e, const char *line) {
  if (e->dead || !e->process) return false;
  size_t len = strlen(line);
  char *text = malloc(len + 2);
  if (!text) return false;
  memcpy(text, line, len);
  text[len] = '\n';
  if (!plat_process_write(e->process, text, len + 1)) e->dead = true;
  free(text);
  return !e->dead;
}

__attribute__((format(printf, 2, 3))) static bool sendf(MtEngine *e, const char *format, ...) {
  char line[8192];
  va_list ap;
  va_start(ap, format);
  vsnprintf(line, sizeof line, format, ap);
  va_end(ap);
  return mt_engine_send(e, line);
}

int mt_engine_read_line(MtEngine *e, char *line, int cap, int timeout_ms) {
  int64_t deadline = mt_now_ms() + timeout_ms;
  for (;;) {
    char *newline = memchr(e->buffer, '\n', (size_t)e->buffered);
    if (newline || e->buffered == (int)sizeof e->buffer) {
      int len = newline ? (int)(newline - e->buffer) : e->buffered;
      int used = newline ? len + 1 : len;
      if (len && e->buffer[len - 1] == '\r') len--;
      copy_text(line, cap, e->buffer, len);
      memmove(e->buffer, e->buffer + used, (size_t)(e->buffered - used));
      e->buffered -= used;
      copy_text(e->last_line, sizeof e->last_line, line, -1);
      return 1;
    }
    if (e->dead || !e->process) return -1;
    int64_t left = deadline - mt_now_ms();
    if (left <= 0) return 0;
    int n = plat_process_read(e->process, e->buffer + e->buffered, (int)sizeof e->buffer - e->buffered, (int)left);
    if (n < 0) {
      e->dead = true;
      return -1;
    }
    e->buffered += n; /* 0: nothing yet, and the deadline is looked at again */
  }
}

/* Waits for a line starting with prefix; false on time-out or death. */
static bool expect(MtEngine *e, const char *prefix, int timeout_ms, char *line, int cap) {
  int64_t deadline = mt_now_ms() + timeout_ms;
  size_t len = strlen(prefix);
  for (;;) {
    int left = (int)(deadline - mt_now_ms());
    if (left < 0) left = 0;
    int r = mt_engine_read_line(e, line, cap, left);
    if (r <= 0) return false;
    if (!strncmp(line, prefix, len)) return true;
  }
}

static void send_options(MtEngine *e) {
  for (int i = 0; i < e->spec.option_count; i++) {
    char name[MT_TEXT];
    copy_text(name, sizeof name, e->spec.options[i], -1);
    char *eq = strchr(name, '=');
    *eq = 0;
    if (e->spec.protocol == MT_UCI)
      sendf(e, "setoption name %s value %s", name, eq + 1);
    else
      sendf(e, "option %s=%s", name, eq + 1);
  }
}

/* The value of a boolean CECP feature on a "feature" line: 1, 0, or -1 when not there.  The
 * name must start a word, so that "ping" does not match inside another feature's name. */
static int feature_value(const char *line, const char *name) {
  size_t len = strlen(name);
  for (const char *s = strstr(line, name); s; s = strstr(s + 1, name)) {
    bool starts_word = s == line || s[-1] == ' ';
    if (starts_word && s[len] == '=') return s[len + 1] == '1' ? 1 : s[len + 1] == '0' ? 0 : -1;
  }
  return -1;
}

bool mt_engine_feature_line(MtEngine *e, const char *line) {
  if (strncmp(line, "feature", 7)) return false;
  if (feature_value(line, "usermove") == 1) e->usermove = true;
  if (feature_value(line, "setboard") == 1) e->setboard = true;
  if (feature_value(line, "ping") == 1) e->ping = true;
  int nps = feature_value(line, "nps");
  if (nps >= 0) e->nps_feature = nps;
  return feature_value(line, "done") == 1;
}

bool mt_engine_start(MtEngine *e, const MtEngineSpec *spec, int timeout_ms, char *err, int errlen) {
  memset(e, 0, sizeof *e);
  e->spec = *spec;
  e->nps_feature = -1;
  e->answer_timeout_ms = timeout_ms;
  e->process = plat_process_start(spec->command, err, errlen);
  if (!e->process) return false;
  char line[4096];
  if (spec->protocol == MT_UCI) {
    mt_engine_send(e, "uci");
    if (!expect(e, "uciok", timeout_ms, line, sizeof line)) {
      snprintf(err, errlen, "%s: no uciok (%s)", spec->name, e->dead ? "it exited" : "time-out");
      mt_engine_stop(e);
      return false;
    }
    send_options(e);
    return true;
  }
  mt_engine_send(e, "xboard");
  mt_engine_send(e, "protover 2");
  /* Protocol 2: features until done=1.  An engine that sends none is of protocol 1: it gets
   * 2 s after its last line, 5 s before its first (an engine may load its game before it reads
   * protover: Herald's chess takes 2 s under AddressSanitizer on a busy machine), and one that
   * said done=0 is waited for until done=1, as the protocol asks, up to the start's time-out. */
  int64_t deadline = mt_now_ms() + timeout_ms;
  bool done = false, heard = false, held = false;
  while (!done) {
    int left = (int)(deadline - mt_now_ms());
    if (left <= 0) break;
    int patience = held ? left : heard ? 2000 : 5000;
    int r = mt_engine_read_line(e, line, sizeof line, left < patience ? left : patience);
    if (r < 0) {
      snprintf(err, errlen, "%s: exited during the handshake", spec->name);
      mt_engine_stop(e);
      return false;
    }
    if (r == 0) break;
    heard = true;
    held = held || (!strncmp(line, "feature", 7) && feature_value(line, "done") == 0);
    done = mt_engine_feature_line(e, line);
  }
  send_options(e);
  return true;
}

/* XBoard's names: normal is chess, fischerandom is Chess960. */
static const char *xboard_variant(const char *variant) {
  return !strcmp(variant, "chess") ? "normal" : !strcmp(variant, "chess960") ? "fischerandom" : variant;
}

/* CECP "level" wants the base as minutes or minutes:seconds. */
static void cecp_level(MtEngine *e, const MtTimeControl *tc) {
  int64_t seconds = tc->base_ms / 1000;
  char base[32];
  if (seconds % 60)
    snprintf(base, sizeof base, "%lld:%02lld", (long long)(seconds / 60), (long long)(seconds % 60));
  else
    snprintf(base, sizeof base, "%lld", (long long)(seconds / 60));
  sendf(e, "level %d %s %g", tc->moves, base, tc->inc_ms / 1000.0);
}

/* Does an Error line refuse only "post" ("Error (unknown command): post")?  An engine without
 * thinking output (Fairy-Stockfish 11.1 in CECP) plays on: its moves carry no evaluation. */
static bool refuses_only_post(const char *line) {
  const char *command = strstr(line, "): ");
  return command && !strcmp(command + 3, "post");
}

/* CECP ping sync: sends "ping N" and reads up to "pong N", dropping what came before (a
 * move or thinking output the engine still had to say).  An Error or Illegal line in between
 * means it refused part of the set-up, unless it refused only thinking output. */
static bool cecp_sync(MtEngine *e, char *err, int errlen) {
  char expected[32], line[4096];
  snprintf(expected, sizeof expected, "pong %d", ++e->pings_sent);
  sendf(e, "ping %d", e->pings_sent);
  int64_t deadline = mt_now_ms() + (e->answer_timeout_ms > 0 ? e->answer_timeout_ms : 10000);
  for (;;) {
    int left = (int)(deadline - mt_now_ms());
    int r = mt_engine_read_line(e, line, sizeof line, left > 0 ? left : 0);
    if (r <= 0) {
      snprintf(err, errlen, "%s: no '%s' after the set-up (%s)", e->spec.name, expected,
               r < 0 ? "it exited" : "time-out");
      return false;
    }
    if (!strcmp(line, expected)) return true;
    if ((!strncmp(line, "Error", 5) && !refuses_only_post(line)) || !strncmp(line, "Illegal move", 12)) {
      snprintf(err, errlen, "%s refused the set-up: %.200s", e->spec.name, line);
      return false;
    }
  }
}

/* CECP has no node limit of its own; XBoard's "nps N" makes the engine count time as nodes / N,
 * so with "st 1" it searches N nodes a move (protocol 2, "nps"). */
static bool cecp_limits(MtEngine *e, const MtTimeControl *tc, char *err, int errlen) {
  if (tc->nodes) {
    if (e->nps_feature == 0) {
      snprintf(err, errlen, "%s announced feature nps=0, so it cannot search a node limit: use depth or time",
               e->spec.name);
      return false;
    }
    sendf(e, "nps %llu", (unsigned long long)tc->nodes);
    mt_engine_send(e, "st 1");
  }
  if (tc->depth) sendf(e, "sd %d", tc->depth);
  if (tc->movetime_ms)
    sendf(e, "st %lld", (long long)((tc->movetime_ms + 999) / 1000));
  else if (!tc->depth && !tc->nodes)
    cecp_level(e, tc);
  return true;
}

/* Chess960 is chess with UCI_Chess960 on, as Stockfish, Fairy-Stockfish and Herald take it;
 * the option goes off again before a game of another variant. */
static bool uci_new_game(MtEngine *e, const char *variant, char *err, int errlen) {
  char line[4096];
  bool chess960 = !strcmp(variant, "chess960");
  if (chess960 || e->chess960) sendf(e, "setoption name UCI_Chess960 value %s", chess960 ? "true" : "false");
  e->chess960 = chess960;
  if (strcmp(variant, "chess") && !chess960) sendf(e, "setoption name UCI_Variant value %s", variant);
  mt_engine_send(e, "ucinewgame");
  mt_engine_send(e, "isready");
  /* Until readyok: an option refused (Herald's "Error (...)", Stockfish's "No such option")
   * fails the set-up rather than letting the games run without it. */
  int64_t deadline = mt_now_ms() + (e->answer_timeout_ms > 0 ? e->answer_timeout_ms : 10000);
  for (;;) {
    int left = (int)(deadline - mt_now_ms());
    int r = mt_engine_read_line(e, line, sizeof line, left > 0 ? left : 0);
    if (r <= 0) {
      snprintf(err, errlen, "%s: no readyok", e->spec.name);
      return false;
    }
    if (!strcmp(line, "readyok")) return true;
    if (!strncmp(line, "Error", 5) || !strncmp(line, "No such option", 14)) {
      snprintf(err, errlen, "%s refused the set-up: %.200s", e->spec.name, line);
      return false;
    }
  }
}

bool mt_engine_new_game(MtEngine *e, const char *variant, const char *fen, const MtTimeControl *tc, char *err,
                        int errlen) {
  if (e->spec.protocol == MT_UCI) return uci_new_game(e, variant, err, errlen);
  if (fen && !e->setboard) {
    snprintf(err, errlen, "%s: no setboard feature for the opening FEN", e->spec.name);
    return false;
  }
  mt_engine_send(e, "new");
  if (strcmp(variant, "chess")) sendf(e, "variant %s", xboard_variant(variant));
  mt_engine_send(e, "force");
  if (fen) sendf(e, "setboard %s", fen);
  if (!cecp_limits(e, tc, err, errlen)) return false;
  mt_engine_send(e, "post");
  e->moves_sent = 0;
  if (e->ping && !cecp_sync(e, err, errlen)) return false;
  if (e->dead) snprintf(err, errlen, "%s exited at the set-up", e->spec.name);
  return !e->dead;
}

/* Adds delta to each rank number of a move text; a square is a lower-case file letter then
 * digits, so piece letters of drops and promotions are left alone.  A run of more digits than
 * any board has ranks is copied as it is (no arithmetic on an engine's 30-digit "rank"); the
 * text is cut to fit cap bytes. */
static void shift_rank_numbers(const char *in, int delta, char *out, int cap) {
  int n = 0;
  while (*in && n < cap - 1) {
    bool square = *in >= 'a' && *in <= 'z' && in[1] >= '0' && in[1] <= '9';
    out[n++] = *in++;
    if (!square) continue;
    int digits = (int)strspn(in, "0123456789");
    if (digits > 4) continue; /* no board has such ranks: the digits are copied as they are */
    char rank[16];
    int len = snprintf(rank, sizeof rank, "%d", atoi(in) + delta);
    if (len > cap - 1 - n) break;
    memcpy(out + n, rank, (size_t)len);
    n += len;
    in += digits;
  }
  out[n] = 0;
}

/* The integer at s (after blanks), clamped to [lo, hi], so that an engine's 20-digit number
 * becomes a bound rather than a wrapped int; false when s holds no number. */
static bool read_int(const char *s, long lo, long hi, int *out, const char **next) {
  char *end;
  long value = strtol(s, &end, 10);
  if (end == s) return false;
  *out = (int)(value < lo ? lo : value > hi ? hi : value);
  if (next) *next = end;
  return true;
}

/* Skips blanks, then word and the blanks after it: what follows, or NULL when word is not next
 * (as sscanf's " score cp %d" reads). */
static const char *after_word(const char *s, const char *word) {
  s += strspn(s, " \t");
  size_t len = strlen(word);
  if (strncmp(s, word, len)) return NULL;
  return s + len;
}

static int mate_score(int plies) { return plies > 0 ? 100000 - plies : -100000 - plies; }

/* UCI "info ... depth D ... score cp X | mate N": the move's evaluation for the PGN comment and
 * adjudication.  Only lines with a score count, so that a depth of a "currmove" line does not
 * stand beside the score of an earlier one. */
static bool parse_uci_info(const char *line, MtGoReply *reply) {
  const char *s = strstr(line, " score ");
  if (!s) return false;
  const char *cp = after_word(s, "score"), *mate = cp ? after_word(cp, "mate") : NULL;
  cp = cp ? after_word(cp, "cp") : NULL;
  int value;
  if (cp && read_int(cp, -MT_SCORE_MAX, MT_SCORE_MAX, &value, NULL))
    reply->score_cp = value, reply->mate = 0;
  else if (mate && read_int(mate, -MT_MATE_MAX, MT_MATE_MAX, &value, NULL))
    reply->score_cp = mate_score(2 * value), reply->mate = value;
  else
    return false;
  reply->has_score = true;
  const char *d = strstr(line, " depth ");
  d = d ? after_word(d, "depth") : NULL;
  if (!d || !read_int(d, 0, MT_DEPTH_MAX, &reply->depth, NULL)) reply->depth = 0;
  return true;
}

/* CECP thinking output: "ply score time nodes pv", mates as 100000 + moves to mate (protocol
 * 2, "post"). */
static bool parse_cecp_post(const char *line, MtGoReply *reply) {
  const char *end;
  int ply, score;
  if (!read_int(line, 0, MT_DEPTH_MAX, &ply, &end) || !read_int(end, -MT_SCORE_MAX, MT_SCORE_MAX, &score, NULL))
    return false;
  reply->score_cp = score, reply->has_score = true, reply->depth = ply;
  reply->mate = score >= 100000 ? score - 100000 : score <= -100000 ? score + 100000 : 0;
  if (reply->mate == 0 && (score >= 100000 || score <= -100000)) reply->mate = score > 0 ? 1 : -1;
  return true;
}

MtLine mt_engine_reply_line(const MtEngine *e, const char *line, MtGoReply *reply) {
  if (e->spec.protocol == MT_UCI) {
    if (!strncmp(line, "info", 4)) return parse_uci_info(line, reply) ? MT_LINE_SCORE : MT_LINE_OTHER;
    return sscanf(line, "bestmove %255s", reply->move) == 1 ? MT_LINE_MOVE : MT_LINE_OTHER;
  }
  char part[MT_TEXT];
  const char *first = line + strspn(line, " \t"); /* Fairy-Max pads its thinking lines */
  if (*first >= '0' && *first <= '9') return parse_cecp_post(first, reply) ? MT_LINE_SCORE : MT_LINE_OTHER;
  if (sscanf(line, "move %255s", part) == 1) {
    char text[MT_TEXT];
    shift_rank_numbers(part, e->zero_based_ranks ? 1 : 0, text, sizeof text);
    size_t used = strlen(reply->move);
    snprintf(reply->move + used, sizeof reply->move - used, "%s", text);
    /* A part of a longer turn ends in a comma: the rest of the turn comes on later lines. */
    return reply->move[0] && reply->move[strlen(reply->move) - 1] == ',' ? MT_LINE_PART : MT_LINE_MOVE;
  }
  if (!strncmp(line, "resign", 6)) return MT_LINE_RESIGN;
  if (!strncmp(line, "Illegal move", 12) || !strncmp(line, "Error", 5)) return MT_LINE_ERROR;
  return MT_LINE_OTHER;
}

MtGoReply mt_engine_go(MtEngine *e, const char *fen, const char *const *moves, int move_count, const MtTimeControl *tc,
                       const int64_t clocks[2], int moves_to_go, int side, int64_t limit_ms) {
  MtGoReply reply = {0};
  reply.status = MT_GO_OK;
  int64_t start = mt_now_ms();
  bool timed = !tc->depth && !tc->nodes && !tc->movetime_ms;
  if (e->spec.protocol == MT_UCI) {
    size_t cap = 64 + strlen(fen), len;
    for (int i = 0; i < move_count; i++) cap += strlen(moves[i]) + 1;
    char *cmd = malloc(cap);
    if (!cmd) {
      reply.status = MT_GO_ERROR;
      return reply;
    }
    len = (size_t)snprintf(cmd, cap, "position fen %s%s", fen, move_count ? " moves" : "");
    for (int i = 0; i < move_count; i++) len += (size_t)snprintf(cmd + len, cap - len, " %s", moves[i]);
    mt_engine_send(e, cmd);
    free(cmd);
    if (tc->nodes)
      sendf(e, "go nodes %llu", (unsigned long long)tc->nodes);
    else if (tc->depth)
      sendf(e, "go depth %d", tc->depth);
    else if (tc->movetime_ms)
      sendf(e, "go movetime %lld", (long long)tc->movetime_ms);
    else if (moves_to_go)
      sendf(e, "go wtime %lld btime %lld winc %lld binc %lld movestogo %d", (long long)clocks[0], (long long)clocks[1],
            (long long)tc->inc_ms, (long long)tc->inc_ms, moves_to_go);
    else
      sendf(e, "go wtime %lld btime %lld winc %lld binc %lld", (long long)clocks[0], (long long)clocks[1],
            (long long)tc->inc_ms, (long long)tc->inc_ms);
  } else {
    for (int i = e->moves_sent; i < move_count; i++) {
      char text[MT_TEXT];
      shift_rank_numbers(moves[i], e->zero_based_ranks ? -1 : 0, text, sizeof text);
      sendf(e, e->usermove ? "usermove %s" : "%s", text);
    }
    if (timed) {
      sendf(e, "time %lld", (long long)(clocks[side] / 10));
      sendf(e, "otim %lld", (long long)(clocks[side ^ 1] / 10));
    }
    mt_engine_send(e, "go");
  }
  char line[8192];
  for (;;) {
    int64_t left = start + limit_ms - mt_now_ms();
    int r = mt_engine_read_line(e, line, sizeof line, left > 0 ? (int)left : 0);
    if (r < 0) {
      reply.status = MT_GO_CRASH;
      break;
    }
    if (r == 0) {
      reply.status = MT_GO_TIMEOUT;
      break;
    }
    MtLine kind = mt_engine_reply_line(e, line, &reply);
    if (kind == MT_LINE_MOVE) {
      if (e->spec.protocol == MT_CECP) { /* back to force mode: the referee decides when it moves again */
        mt_engine_send(e, "force");
        e->moves_sent = move_count + 1;
      }
      break;
    }
    if (kind == MT_LINE_RESIGN || kind == MT_LINE_ERROR) {
      reply.status = kind == MT_LINE_RESIGN ? MT_GO_RESIGN : MT_GO_ERROR;
      break;
    }
  }
  reply.elapsed_ms = mt_now_ms() - start;
  return reply;
}

void mt_engine_stop(MtEngine *e) {
  if (!e->process) return;
  if (!e->dead) mt_engine_send(e, "quit");
  plat_process_end(e->process, 250); /* a quarter of a second to quit, then killed */
  e->process = NULL;
  e->dead = true;
}
