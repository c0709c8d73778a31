/* The catalog (catalog.h): names and paths to presets, the built-in library, include files. */
#include "bridge/br_game.h"
#include "bridge/catalog.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bridge/builtin_files.h"
#include "gamecode/gamecode.h"
#include "platform/path.h"

static const char *const INCLUDE_SUFFIXES[] = {".txt", ".inc", ""};

static bool is_folder(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool ends_with(const char *s, const char *tail) {
  size_t n = strlen(s), k = strlen(tail);
  return n >= k && !strcmp(s + n - k, tail);
}

/* Reads a whole regular file (a folder or a device is not a preset).  NULL when it cannot. */
static char *read_text(const char *path) {
  struct stat st;
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) return NULL;
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *text = malloc((size_t)st.st_size + 1);
  size_t n = text ? fread(text, 1, (size_t)st.st_size, f) : 0;
  fclose(f);
  if (text) text[n] = 0;
  return text;
}

static const BuiltinFile *builtin(const char *name) {
  for (const BuiltinFile *f = builtin_files; f->name; f++)
    if (!strcmp(f->name, name)) return f;
  return NULL;
}

static char *copy_text(const char *text) {
  size_t n = strlen(text);
  char *copy = malloc(n + 1);
  if (copy) memcpy(copy, text, n + 1);
  return copy;
}

void br_source_free(BrSource *s) {
  free(s->text);
  s->text = NULL;
}

void br_source_add_include_dir(BrSource *s, const char *dir) {
  for (int i = 0; i < s->include_dir_count; i++)
    if (!strcmp(s->include_dirs[i], dir)) return;
  if (s->include_dir_count < BR_MAX_INCLUDE_DIRS && strlen(dir) < BR_PATH_LEN)
    snprintf(s->include_dirs[s->include_dir_count++], BR_PATH_LEN, "%s", dir);
}

char *catalog_include(void *ctx, const char *name, char *where, int wherelen) {
  const BrSource *s = ctx;
  for (int i = 0; i < s->include_dir_count; i++)
    for (int k = 0; k < 3; k++) {
      char path[2 * BR_PATH_LEN];
      snprintf(path, sizeof path, "%s/%s%s", s->include_dirs[i], name, INCLUDE_SUFFIXES[k]);
      char *text = read_text(path);
      if (text) {
        snprintf(where, wherelen, "%s", path);
        return text;
      }
    }
  for (int k = 0; k < 3; k++) {
    char file[CATALOG_PATH_LEN];
    snprintf(file, sizeof file, "include/%s%s", name, INCLUDE_SUFFIXES[k]);
    const BuiltinFile *f = builtin(file);
    if (f) {
      snprintf(where, wherelen, "presets/%s", f->name);
      return copy_text(f->text);
    }
  }
  int n = snprintf(where, wherelen, "%s", s->include_dir_count ? "" : "the built-in includes");
  for (int i = 0; i < s->include_dir_count && n < wherelen; i++)
    n += snprintf(where + n, wherelen - n, "%s, ", s->include_dirs[i]);
  if (s->include_dir_count && n < wherelen) snprintf(where + n, wherelen - n, "the built-in includes");
  return NULL;
}

void catalog_init(Catalog *c) {
  memset(c, 0, sizeof *c);
  const char *env = getenv("HERALD_PRESETS");
  if (env) {
    const char separator[] = {plat_path_list_separator(), 0}; /* ':' as PATH has it, ';' on Windows */
    for (const char *p = env; *p && c->found_count < CATALOG_MAX_FOLDERS - 2;) {
      size_t len = strcspn(p, separator);
      if (len && len < CATALOG_PATH_LEN) snprintf(c->found[c->found_count++], CATALOG_PATH_LEN, "%.*s", (int)len, p);
      p += len + (p[len] == separator[0]);
    }
  }
  snprintf(c->found[c->found_count++], CATALOG_PATH_LEN, ".");
  snprintf(c->found[c->found_count++], CATALOG_PATH_LEN, "presets");
}

bool catalog_add_folder(Catalog *c, const char *dir, char *err, int errlen) {
  if (!dir || !*dir || strlen(dir) >= CATALOG_PATH_LEN) {
    snprintf(err, errlen, "'%.200s' is not a folder name", dir ? dir : "");
    return false;
  }
  if (!is_folder(dir)) {
    snprintf(err, errlen, "no folder '%.200s'", dir);
    return false;
  }
  if (c->user_count == CATALOG_MAX_FOLDERS) {
    snprintf(err, errlen, "at most %d preset folders", CATALOG_MAX_FOLDERS);
    return false;
  }
  memmove(c->user[1], c->user[0], sizeof c->user[0] * (size_t)c->user_count);
  snprintf(c->user[0], CATALOG_PATH_LEN, "%s", dir);
  c->user_count++;
  return true;
}

void catalog_clear_folders(Catalog *c) { c->user_count = 0; }

/* The folders along the search path, the user's first. */
static int folders(const Catalog *c, const char *out[2 * CATALOG_MAX_FOLDERS]) {
  int n = 0;
  for (int i = 0; i < c->user_count; i++) out[n++] = c->user[i];
  for (int i = 0; i < c->found_count; i++) out[n++] = c->found[i];
  return n;
}

static bool is_path(const char *name) { return plat_path_last_separator(name) || ends_with(name, ".preset"); }

/* The name of a preset file: its last path part without ".preset". */
static void name_of(const char *path, char *out, int outlen) {
  const char *base = plat_path_last_separator(path);
  base = base ? base + 1 : path;
  size_t len = strlen(base);
  if (ends_with(base, ".preset")) len -= 7;
  snprintf(out, outlen, "%.*s", (int)len, base);
}

/* The include folders of a preset read from path: its own folder and its include/, then each
 * folder of the search path and its include/ (the built-in includes come last, always). */
static void add_include_dirs(const Catalog *c, BrSource *s, const char *path) {
  const char *slash = plat_path_last_separator(path);
  char own[BR_PATH_LEN], sub[BR_PATH_LEN + 16];
  snprintf(own, sizeof own, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
  snprintf(sub, sizeof sub, "%s/include", own);
  br_source_add_include_dir(s, own);
  br_source_add_include_dir(s, sub);
  const char *dirs[2 * CATALOG_MAX_FOLDERS];
  int n = c ? folders(c, dirs) : 0;
  for (int i = 0; i < n; i++) {
    if (!strcmp(dirs[i], ".")) continue; /* the working folder holds presets, not includes */
    snprintf(sub, sizeof sub, "%s/include", dirs[i]);
    br_source_add_include_dir(s, dirs[i]);
    br_source_add_include_dir(s, sub);
  }
}

static bool from_file(const Catalog *c, const char *path, BrSource *out) {
  size_t len = strlen(path);
  if (len >= sizeof out->path) return false;
  char *text = read_text(path);
  if (!text) return false;
  memset(out, 0, sizeof *out);
  out->text = text;
  memcpy(out->path, path, len + 1);
  name_of(path, out->name, sizeof out->name);
  add_include_dirs(c, out, path);
  return true;
}

bool catalog_find(const Catalog *c, const char *name, BrSource *out, char *err, int errlen) {
  if (!name || !*name || strlen(name) >= CATALOG_PATH_LEN) {
    snprintf(err, errlen, "no game name given");
    return false;
  }
  if (is_path(name)) {
    if (from_file(c, name, out)) return true;
    snprintf(err, errlen, "cannot read preset file '%.300s'", name);
    return false;
  }
  if (strlen(name) >= CATALOG_NAME_LEN || strchr(name, '\\')) {
    snprintf(err, errlen, "'%.100s' is not a game name", name);
    return false;
  }
  const char *dirs[2 * CATALOG_MAX_FOLDERS];
  int n = folders(c, dirs);
  for (int i = 0; i < n; i++) {
    char path[2 * CATALOG_PATH_LEN];
    snprintf(path, sizeof path, "%s/%s.preset", dirs[i], name);
    if (from_file(c, path, out)) return true;
  }
  char file[CATALOG_PATH_LEN];
  snprintf(file, sizeof file, "%s.preset", name);
  const BuiltinFile *f = builtin(file);
  if (f) {
    memset(out, 0, sizeof *out);
    out->text = copy_text(f->text);
    out->builtin = true;
    snprintf(out->path, sizeof out->path, "presets/%s", f->name);
    snprintf(out->name, sizeof out->name, "%s", name);
    const char *user[2 * CATALOG_MAX_FOLDERS];
    int k = folders(c, user);
    for (int i = 0; i < k; i++) { /* a user's include folder may replace a built-in include */
      if (!strcmp(user[i], ".")) continue;
      char sub[BR_PATH_LEN + 16];
      snprintf(sub, sizeof sub, "%s/include", user[i]);
      br_source_add_include_dir(out, sub);
    }
    return out->text != NULL;
  }
  char names[4096];
  catalog_names(c, names, sizeof names);
  snprintf(err, errlen, "no game called '%s' (there are: %.3000s)", name, names);
  return false;
}

void catalog_set_load_limit(Catalog *c, int ms) { c->load_limit_ms = ms > 0 ? ms : 0; }

BrGame *catalog_open(const Catalog *c, const char *name, bool probe, char *err, int errlen) {
  BrSource src;
  if (!catalog_find(c, name, &src, err, errlen)) return NULL;
  src.load_limit_ms = c->load_limit_ms;
  BrGame *g = br_load_source(&src, probe, err, errlen);
  br_source_free(&src);
  return g;
}

bool catalog_rules(const Catalog *c, const char *name, Rules *out, char *err, int errlen) {
  BrGame *g = catalog_open(c, name, true, err, errlen);
  if (!g) return false;
  br_take_rules(g, out);
  return true;
}

static int by_name(const void *a, const void *b) {
  return strcmp(((const CatalogGame *)a)->name, ((const CatalogGame *)b)->name);
}

static bool listed(const CatalogGame *games, int n, const char *name) {
  for (int i = 0; i < n; i++)
    if (!strcmp(games[i].name, name)) return true;
  return false;
}

int catalog_list(const Catalog *c, CatalogGame *out, int max) {
  int n = 0;
  const char *dirs[2 * CATALOG_MAX_FOLDERS];
  int nd = folders(c, dirs);
  for (int i = 0; i < nd && n < max; i++) {
    DIR *d = opendir(dirs[i]);
    if (!d) continue;
    for (struct dirent *e; n < max && (e = readdir(d));) {
      if (!ends_with(e->d_name, ".preset") || strlen(e->d_name) - 7 >= CATALOG_NAME_LEN) continue;
      CatalogGame g = {0};
      name_of(e->d_name, g.name, sizeof g.name);
      if (!g.name[0] || listed(out, n, g.name)) continue;
      snprintf(g.path, sizeof g.path, "%s/%s", dirs[i], e->d_name);
      if (!is_folder(g.path)) out[n++] = g;
    }
    closedir(d);
  }
  for (const BuiltinFile *f = builtin_files; f->name && n < max; f++) {
    if (strchr(f->name, '/') || !ends_with(f->name, ".preset")) continue;
    CatalogGame g = {0};
    name_of(f->name, g.name, sizeof g.name);
    if (listed(out, n, g.name)) continue;
    snprintf(g.path, sizeof g.path, "presets/%s", f->name);
    g.builtin = true;
    out[n++] = g;
  }
  qsort(out, (size_t)n, sizeof *out, by_name);
  return n;
}

void catalog_names(const Catalog *c, char *out, int outlen) {
  CatalogGame *list = malloc(sizeof *list * CATALOG_MAX_GAMES); /* too big for a thread's stack */
  if (outlen > 0) out[0] = 0;
  if (!list) return;
  int n = catalog_list(c, list, CATALOG_MAX_GAMES), used = 0;
  for (int i = 0; i < n && used < outlen; i++)
    used += snprintf(out + used, outlen - used, "%s%s", i ? " " : "", list[i].name);
  free(list);
}
