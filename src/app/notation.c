/* `herald pgn`, `herald notation` and `herald records`:
 *   herald pgn check FILE                      verify every game, report each bad move
 *   herald pgn convert FILE STYLE              the main lines in another notation
 *   herald pgn random GAME GAMES PLIES SEED   random legal games as PGN (a corpus)
 *   herald notation read GAME FEN STYLE MOVE...   read and play moves, say what went wrong
 *   herald notation roundtrip GAME|all GAMES PLIES SEED   write/read every style back
 *   herald records import PGN ARCHIVE | export ARCHIVE | stats PGN
 * GAME is any name or path the catalog takes; a PGN game's Variant tag is looked up there too
 * ("Standard", "Orthodox" and XBoard's "normal" being chess). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "app/app.h"
#include "notation/pgn.h"
#include "notation/records.h"
#include "platform/path.h"

enum { RULES_CACHE = 64 };

typedef struct RulesCache {
  Rules *rules[RULES_CACHE];
  char names[RULES_CACHE][CATALOG_PATH_LEN];
  int count;
} RulesCache;

static const Rules *find_rules(const char *name, RulesCache *cache, char *err, int errlen) {
  char lower[CATALOG_PATH_LEN];
  int n = 0;
  for (; name[n] && n < CATALOG_PATH_LEN - 1; n++) lower[n] = (char)tolower((unsigned char)name[n]);
  lower[n] = 0;
  if (!n || !strcmp(lower, "standard") || !strcmp(lower, "orthodox") || !strcmp(lower, "normal"))
    snprintf(lower, sizeof lower, "chess");
  if (plat_path_last_separator(name)) snprintf(lower, sizeof lower, "%s", name); /* a path keeps its case */
  for (int i = 0; i < cache->count; i++)
    if (!strcmp(cache->names[i], lower)) return cache->rules[i];
  if (cache->count == RULES_CACHE) {
    snprintf(err, errlen, "more than %d games in one file", RULES_CACHE);
    return NULL;
  }
  Rules *r = calloc(1, sizeof *r);
  if (!r || !catalog_rules(app_catalog(), lower, r, err, errlen)) {
    free(r);
    return NULL;
  }
  snprintf(cache->names[cache->count], CATALOG_PATH_LEN, "%s", lower);
  cache->rules[cache->count++] = r;
  return r;
}

/* find_rules as the archive reader asks (nt_archive_save, nt_archive_load). */
static const Rules *lookup_rules(const char *name, void *context) {
  char err[4096];
  return find_rules(name, context, err, sizeof err);
}

static void cache_free(RulesCache *cache) {
  for (int i = 0; i < cache->count; i++) {
    rules_free(cache->rules[i]);
    free(cache->rules[i]);
  }
  cache->count = 0;
}

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap + 1);
  while (buf) {
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (n < cap) break;
    char *bigger = realloc(buf, 2 * cap + 1);
    if (!bigger) {
      free(buf);
      buf = NULL;
      break;
    }
    buf = bigger, cap *= 2;
  }
  fclose(f);
  if (buf) buf[n] = 0, *len = n;
  return buf;
}

/* The rules and start position a PGN game asks for. */
static bool game_start(const NtPgnGame *g, RulesCache *cache, Position *p, char *err, int errlen) {
  const char *variant = nt_pgn_tag(g, "Variant");
  const Rules *r = find_rules(variant ? variant : "chess", cache, err, errlen);
  if (!r) return false;
  const char *fen = nt_pgn_tag(g, "FEN");
  return pos_set_fen(p, r, fen ? fen : "startpos", err, errlen);
}

static int usage_pgn(void) {
  fprintf(stderr, "usage: herald pgn check FILE\n"
                  "       herald pgn convert FILE coord|lan|san|gc|descriptive|casefree\n"
                  "       herald pgn random GAME GAMES PLIES SEED\n");
  return 2;
}

static uint64_t next_random(uint64_t *seed) {
  *seed ^= *seed << 13, *seed ^= *seed >> 7, *seed ^= *seed << 17;
  return *seed;
}

/* Random legal games, as `herald walk` plays them; stops at the end of the game. */
static int random_game(Position *p, int plies, uint64_t *seed, Move *moves, MoveList *list, const char **result) {
  int n = 0;
  *result = "*";
  for (; n < plies; n++) {
    char reason[64];
    GameResult res = pos_game_result(p, reason, sizeof reason);
    if (res != RESULT_NONE) {
      bool white = p->side == WHITE;
      *result = res == RESULT_DRAW ? "1/2-1/2" : (res == RESULT_WIN) == white ? "1-0" : "0-1";
      break;
    }
    pos_legal_moves(p, list);
    if (!list->count) break;
    moves[n] = list->moves[next_random(seed) % list->count];
    pos_make(p, moves[n]);
  }
  for (int i = 0; i < n; i++) pos_unmake(p);
  return n;
}

static int pgn_random(int argc, char **argv) {
  if (argc != 7) return usage_pgn();
  RulesCache cache = {0};
  char why[4096];
  const Rules *r = find_rules(argv[3], &cache, why, sizeof why);
  if (!r) {
    fprintf(stderr, "herald: %s\n", why);
    return 1;
  }
  int games = atoi(argv[4]), plies = atoi(argv[5]);
  if (plies < 0 || plies > 100000) plies = 0;
  uint64_t seed = strtoull(argv[6], NULL, 10) * 2654435761ULL + 1;
  Move *moves = malloc((plies + 1) * sizeof *moves);
  MoveList *list = malloc(sizeof *list);
  char err[RULES_ERR_LEN];
  for (int g = 0; g < games && moves && list; g++) {
    Position p = {0};
    pos_set_fen(&p, r, "startpos", err, sizeof err);
    const char *result;
    int n = random_game(&p, plies, &seed, moves, list, &result);
    NtPgnGame tags = {0};
    char round[16];
    snprintf(round, sizeof round, "%d", g + 1);
    nt_pgn_set_tag(&tags, "Event", "Herald random game");
    nt_pgn_set_tag(&tags, "Round", round);
    if (strcmp(r->name, "chess")) nt_pgn_set_tag(&tags, "Variant", r->name);
    char *text = nt_pgn_write(&tags, &p, moves, n, result);
    if (text) printf("%s\n", text);
    free(text);
    nt_pgn_game_free(&tags);
    pos_free(&p);
  }
  free(moves);
  free(list);
  cache_free(&cache);
  return 0;
}

static int pgn_check_or_convert(char **argv, int style) {
  size_t len = 0;
  char *text = read_file(argv[3], &len);
  if (!text) {
    fprintf(stderr, "herald: cannot read %s\n", argv[3]);
    return 1;
  }
  RulesCache cache = {0};
  size_t offset = 0;
  int line = 1, number = 0, bad_games = 0, total_plies = 0;
  char err[200];
  for (;;) {
    NtPgnGame g;
    int got = nt_pgn_next(text, len, &offset, &line, &g, err, sizeof err);
    if (got == 0) {
      nt_pgn_game_free(&g);
      break;
    }
    number++;
    if (got < 0) {
      printf("game %d: %s\n", number, err);
      bad_games++;
      nt_pgn_game_free(&g);
      if (offset >= len) break;
      continue;
    }
    Position p = {0};
    if (!game_start(&g, &cache, &p, err, sizeof err)) {
      printf("game %d (line %d): %s\n", number, g.line, err);
      bad_games++;
    } else if (style < 0) {
      Move *moves = malloc((g.move_count + 1) * sizeof *moves);
      int bad_ply;
      NtResult res;
      int start_side = p.side, start_move = p.fullmove;
      int n = nt_pgn_play(&g, &p, moves, g.move_count, &bad_ply, &res);
      total_plies += n;
      if (bad_ply >= 0) {
        int ply = bad_ply + (start_side == BLACK);
        printf("game %d (line %d), ply %d (move %d%s) '%s': %s\n", number, g.line, bad_ply + 1, start_move + ply / 2,
               ply % 2 ? "..." : ".", g.moves[bad_ply], res.message);
        bad_games++;
      }
      free(moves);
    } else {
      printf("game %d:", number);
      for (int i = 0; i < g.move_count; i++) {
        NtResult res;
        if (nt_read(&p, NT_SAN, g.moves[i], &res) != NT_OK) {
          printf(" {ply %d '%s': %s}", i + 1, g.moves[i], res.message);
          break;
        }
        char out[NT_TEXT_LEN];
        nt_write(&p, (NtStyle)style, res.move, out, sizeof out);
        if (p.side == WHITE)
          printf(" %d.", p.fullmove);
        else if (i == 0)
          printf(" %d...", p.fullmove);
        printf(" %s", out);
        pos_make(&p, res.move);
      }
      printf(" %s\n", g.result);
    }
    pos_free(&p);
    nt_pgn_game_free(&g);
  }
  if (style < 0) printf("%d games, %d plies read, %d with errors\n", number, total_plies, bad_games);
  free(text);
  cache_free(&cache);
  return bad_games ? 1 : 0;
}

int app_pgn_main(int argc, char **argv) {
  if (argc < 3) return usage_pgn();
  if (!strcmp(argv[2], "check") && argc == 4) return pgn_check_or_convert(argv, -1);
  if (!strcmp(argv[2], "convert") && argc == 5) {
    int style = nt_style_from_name(argv[4]);
    if (style < 0) return usage_pgn();
    return pgn_check_or_convert(argv, style);
  }
  if (!strcmp(argv[2], "random")) return pgn_random(argc, argv);
  return usage_pgn();
}

static int usage_notation(void) {
  fprintf(stderr, "usage: herald notation read GAME FEN|startpos STYLE MOVE...\n"
                  "       herald notation roundtrip GAME|all GAMES PLIES SEED\n"
                  "STYLE: coord lan san gc descriptive casefree\n");
  return 2;
}

static int notation_read(int argc, char **argv) {
  if (argc < 6) return usage_notation();
  RulesCache cache = {0};
  char err[4096];
  const Rules *r = find_rules(argv[3], &cache, err, sizeof err);
  int style = nt_style_from_name(argv[5]);
  Position p = {0};
  if (!r || style < 0 || !pos_set_fen(&p, r, argv[4], err, sizeof err)) {
    if (!r || style >= 0) fprintf(stderr, "herald: %s\n", err);
    pos_free(&p);
    cache_free(&cache);
    return r && style < 0 ? usage_notation() : 1;
  }
  int status = 0;
  for (int i = 6; i < argc; i++) {
    NtResult res;
    int ply = i - 6;
    if (nt_read(&p, (NtStyle)style, argv[i], &res) != NT_OK) {
      printf("ply %d (move %d%s) '%s': %s\n", ply + 1, p.fullmove, p.side == WHITE ? "." : "...", argv[i], res.message);
      status = 1;
      break;
    }
    char san[NT_TEXT_LEN], coord[NT_TEXT_LEN];
    nt_write(&p, NT_SAN, res.move, san, sizeof san);
    pos_move_name(&p, res.move, coord, sizeof coord);
    printf("ply %d: %s = %s (%s)\n", ply + 1, argv[i], san, coord);
    pos_make(&p, res.move);
  }
  pos_free(&p);
  cache_free(&cache);
  return status;
}

static int notation_roundtrip(int argc, char **argv) {
  if (argc != 7) return usage_notation();
  RulesCache cache = {0};
  char names[4096]; /* "all": every game of the catalog */
  if (strcmp(argv[3], "all"))
    snprintf(names, sizeof names, "%s", argv[3]);
  else
    catalog_names(app_catalog(), names, sizeof names);
  int games = atoi(argv[4]), plies = atoi(argv[5]);
  uint64_t seed = strtoull(argv[6], NULL, 10) * 2654435761ULL + 1;
  MoveList *list = malloc(sizeof *list);
  long checked = 0, failures = 0;
  char copy[4096];
  snprintf(copy, sizeof copy, "%s", names);
  for (char *save, *name = strtok_r(copy, " ", &save); name && list; name = strtok_r(NULL, " ", &save)) {
    char why[4096];
    const Rules *r = find_rules(name, &cache, why, sizeof why);
    if (!r) {
      fprintf(stderr, "herald: %s\n", why);
      failures++;
      continue;
    }
    long before = checked, failed_before = failures;
    for (int g = 0; g < games; g++) {
      Position p = {0};
      char err[RULES_ERR_LEN];
      pos_set_fen(&p, r, "startpos", err, sizeof err);
      for (int ply = 0; ply < plies; ply++) {
        pos_legal_moves(&p, list);
        if (!list->count) break;
        Move m = list->moves[next_random(&seed) % list->count];
        for (int style = 0; style < NT_STYLE_COUNT; style++) {
          if (style == NT_DESCRIPTIVE && r->geo.width != 8) continue;
          char out[NT_TEXT_LEN], coord[NT_TEXT_LEN];
          NtResult res;
          checked++;
          if (nt_write(&p, (NtStyle)style, m, out, sizeof out) && nt_read(&p, (NtStyle)style, out, &res) == NT_OK &&
              res.move == m)
            continue;
          failures++;
          pos_move_name(&p, m, coord, sizeof coord);
          char fen[1024];
          pos_get_fen(&p, fen, sizeof fen);
          if (failures < 20)
            printf("%s %s: %s written '%s' does not read back (%s) in %s\n", name, nt_style_name((NtStyle)style), coord,
                   out, res.message, fen);
        }
        pos_make(&p, m);
      }
      pos_free(&p);
    }
    printf("%-11s %ld moves written and read, %ld failures\n", name, checked - before, failures - failed_before);
  }
  free(list);
  cache_free(&cache);
  return failures ? 1 : 0;
}

int app_notation_main(int argc, char **argv) {
  if (argc < 3) return usage_notation();
  if (!strcmp(argv[2], "read")) return notation_read(argc, argv);
  if (!strcmp(argv[2], "roundtrip")) return notation_roundtrip(argc, argv);
  return usage_notation();
}

static int usage_records(void) {
  fprintf(stderr, "usage: herald records import PGN ARCHIVE\n"
                  "       herald records export ARCHIVE     (PGN on stdout)\n"
                  "       herald records stats PGN          (bytes per move of each form)\n");
  return 2;
}

static void report_skipped(int number, const char *why, void *context) {
  (void)context;
  fprintf(stderr, "game %d skipped: %s\n", number, why);
}

/* Reads every game of a PGN file into an archive; bad games are reported and left out. */
static bool archive_from_pgn(const char *path, RulesCache *cache, NtArchive *a, size_t *pgn_len, char **pgn_text) {
  size_t len = 0;
  char *text = read_file(path, &len);
  if (!text) {
    fprintf(stderr, "herald: cannot read %s\n", path);
    return false;
  }
  nt_archive_import(a, text, len, lookup_rules, cache, report_skipped, NULL);
  *pgn_len = len;
  if (pgn_text)
    *pgn_text = text;
  else
    free(text);
  return true;
}

static size_t gzip_size(const char *text, size_t len) {
  z_stream z = {0};
  if (deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK) return 0;
  size_t bound = deflateBound(&z, len);
  unsigned char *out = malloc(bound);
  size_t size = 0;
  if (out) {
    z.next_in = (unsigned char *)text;
    z.avail_in = (uInt)len;
    z.next_out = out;
    z.avail_out = (uInt)bound;
    if (deflate(&z, Z_FINISH) == Z_STREAM_END) size = z.total_out;
  }
  deflateEnd(&z);
  free(out);
  return size;
}

static int records_stats(const char *path) {
  RulesCache cache = {0};
  NtArchive a = {0};
  size_t pgn_len = 0;
  char *text = NULL;
  if (!archive_from_pgn(path, &cache, &a, &pgn_len, &text)) return 1;
  long plies = 0, move16_plies = 0, code_bytes = 0;
  uint8_t *code = NULL;
  size_t code_cap = 0;
  for (int i = 0; i < a.count; i++) {
    NtArchiveGame *g = &a.games[i];
    plies += g->ply_count;
    Position p = {0};
    char err[RULES_ERR_LEN];
    pos_set_fen(&p, lookup_rules(g->rules, &cache), g->fen ? g->fen : "startpos", err, sizeof err);
    size_t need = (size_t)g->ply_count * 2 + 16;
    if (need > code_cap) code = realloc(code, code_cap = need);
    if (code) code_bytes += (long)nt_index_encode(&p, g->moves, g->ply_count, code, code_cap);
    bool all16 = true;
    for (int k = 0; k < g->ply_count && all16; k++) {
      uint16_t c;
      all16 = nt_move16_encode(&p, g->moves[k], &c);
      pos_make(&p, g->moves[k]);
    }
    if (all16) move16_plies += g->ply_count;
    pos_free(&p);
  }
  free(code);
  size_t archive_len = 0;
  char err[200];
  uint8_t *archive = nt_archive_save(&a, lookup_rules, &cache, &archive_len, err, sizeof err);
  size_t gz = gzip_size(text, pgn_len);
  double per = plies ? 1.0 / plies : 0;
  printf("%d games, %ld plies\n", a.count, plies);
  printf("PGN text          %10zu bytes  %6.3f bytes/move\n", pgn_len, pgn_len * per);
  printf("PGN gzip -9       %10zu bytes  %6.3f bytes/move\n", gz, gz * per);
  if (move16_plies)
    printf("16-bit moves      %10ld bytes  %6.3f bytes/move (%ld plies of 8x8 games)\n", 2 * move16_plies, 2.0,
           move16_plies);
  printf("index code (raw)  %10ld bytes  %6.3f bytes/move\n", code_bytes, code_bytes * per);
  if (archive)
    printf("archive (zlib)    %10zu bytes  %6.3f bytes/move (tags included)\n", archive_len, archive_len * per);
  else
    printf("archive: %s\n", err);
  free(archive);
  free(text);
  nt_archive_free(&a);
  cache_free(&cache);
  return 0;
}

int app_records_main(int argc, char **argv) {
  if (argc < 3) return usage_records();
  RulesCache cache = {0};
  char err[200];
  int status = 0;
  if (!strcmp(argv[2], "stats") && argc == 4) return records_stats(argv[3]);
  if (!strcmp(argv[2], "import") && argc == 5) {
    NtArchive a = {0};
    size_t pgn_len;
    if (!archive_from_pgn(argv[3], &cache, &a, &pgn_len, NULL)) return 1;
    size_t len = 0;
    uint8_t *data = nt_archive_save(&a, lookup_rules, &cache, &len, err, sizeof err);
    FILE *f = data ? fopen(argv[4], "wb") : NULL;
    if (!f || fwrite(data, 1, len, f) != len) {
      fprintf(stderr, "herald: cannot write %s%s%s\n", argv[4], data ? "" : ": ", data ? "" : err);
      status = 1;
    } else {
      long plies = 0;
      for (int i = 0; i < a.count; i++) plies += a.games[i].ply_count;
      printf("%d games, %ld plies, %zu bytes (%.3f bytes/move)\n", a.count, plies, len,
             plies ? (double)len / plies : 0.0);
    }
    if (f) fclose(f);
    free(data);
    nt_archive_free(&a);
  } else if (!strcmp(argv[2], "export") && argc == 4) {
    size_t len = 0;
    char *data = read_file(argv[3], &len);
    NtArchive a;
    if (!data ||
        !nt_archive_load(&a, (const uint8_t *)data, len, (size_t)1 << 30, lookup_rules, &cache, err, sizeof err)) {
      fprintf(stderr, "herald: %s: %s\n", argv[3], data ? err : "cannot read");
      status = 1;
    } else {
      char *text = nt_archive_export(&a, lookup_rules, &cache, err, sizeof err);
      if (text)
        fputs(text, stdout);
      else
        fprintf(stderr, "herald: %s: %s\n", argv[3], err), status = 1;
      free(text);
      nt_archive_free(&a);
    }
    free(data);
  } else {
    status = usage_records();
  }
  cache_free(&cache);
  return status;
}
