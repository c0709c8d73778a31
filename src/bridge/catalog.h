/* The catalog: the one place where the name of a game becomes a playable game.
 *
 *   Catalog cat;
 *   catalog_init(&cat);                       // HERALD_PRESETS, the working folder, built in
 *   catalog_add_folder(&cat, "my/presets");   // --presets DIR, UCI PresetPath: searched first
 *   BrGame *g = catalog_open(&cat, "chess", true, err, sizeof err);
 *
 * Every built-in game is a preset of presets/, shipped inside the binary (builtin_files.h).
 * A name is looked up, first match wins, as NAME.preset in:
 *   1. the folders the user named (--presets DIR, UCI PresetPath), in the order given;
 *   2. the folders of the HERALD_PRESETS variable (separated by ':');
 *   3. the working folder, then its presets/ folder;
 *   4. the presets built into the binary.
 * A name that contains '/' or ends in ".preset" is a path to a preset file.  A preset's
 * `include NAME;` is looked for as NAME.txt, NAME.inc or NAME in the preset's own folder, its
 * include/ folder and the folder of its `Include:` header (relative to the preset; never
 * absolute, never through ".."), then in each user folder and its include/, then among the
 * built-in includes.  Library code: no printing. */
#ifndef HERALD_BRIDGE_CATALOG_H
#define HERALD_BRIDGE_CATALOG_H

#include <stdbool.h>

#include "rules/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/* bridge.h defines these; the catalog's users (the protocol) need not see the interpreter. */
typedef struct BrSource BrSource;
typedef struct BrGame BrGame;

enum { CATALOG_MAX_FOLDERS = 12, CATALOG_PATH_LEN = 512, CATALOG_NAME_LEN = 64, CATALOG_MAX_GAMES = 512 };

typedef struct Catalog {
  char user[CATALOG_MAX_FOLDERS][CATALOG_PATH_LEN]; /* named by the user, searched first */
  int user_count;
  char found[CATALOG_MAX_FOLDERS][CATALOG_PATH_LEN]; /* HERALD_PRESETS, ".", "presets" */
  int found_count;
  int load_limit_ms; /* how long loading a game may take (BrSource.load_limit_ms); 0: the default */
} Catalog;

/* One game the catalog offers. */
typedef struct CatalogGame {
  char name[CATALOG_NAME_LEN]; /* what every command and protocol takes: "chess" */
  char path[CATALOG_PATH_LEN]; /* the file it is read from ("presets/chess.preset" if built in) */
  bool builtin;                /* shipped inside the binary (and not overridden) */
} CatalogGame;

/* The default search path: HERALD_PRESETS, the working folder and its presets/, built in. */
void catalog_init(Catalog *c);
/* Adds a folder of the user's, searched before every other (the last added first).  False
 * with a message when it is not a readable folder or there is no room. */
bool catalog_add_folder(Catalog *c, const char *dir, char *err, int errlen);
/* Forgets the folders the user named (UCI PresetPath replaces them). */
void catalog_clear_folders(Catalog *c);
/* How long loading a game may take from now on, in milliseconds (--load-time, UCI and XBoard
 * LoadTime); 0 restores the default (BR_LOAD_LIMIT_MS). */
void catalog_set_load_limit(Catalog *c, int ms);

/* Finds a game: by path, or by name along the search path.  The source's text is owned by
 * the caller (br_source_free).  False with a message naming the places looked in. */
bool catalog_find(const Catalog *c, const char *name, BrSource *out, char *err, int errlen);
/* Finds and loads a game (the bridge compiles it; probe as br_load_source).  NULL with a
 * message, a preset error with its file:line. */
BrGame *catalog_open(const Catalog *c, const char *name, bool probe, char *err, int errlen);
/* The rules of a game, finalised into *out (free with rules_free); oracle-backed rules keep
 * their game alive and release it with the rules. */
bool catalog_rules(const Catalog *c, const char *name, Rules *out, char *err, int errlen);
/* Every game the catalog offers, sorted by name, each name once (the first along the search
 * path).  Returns how many were written (at most max). */
int catalog_list(const Catalog *c, CatalogGame *out, int max);
/* The names of catalog_list, space-separated, for usage texts and protocol variant lists. */
void catalog_names(const Catalog *c, char *out, int outlen);

/* The include resolver of a source (GcIncludeFn): ctx is the BrSource. */
char *catalog_include(void *ctx, const char *name, char *where, int wherelen);

#ifdef __cplusplus
}
#endif
#endif
