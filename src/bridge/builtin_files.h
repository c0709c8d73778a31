/* The preset library inside the binary: every file of presets/ (the .preset files and
 * include/), generated at build time by tools/embed/embed_files.c, so that a built-in game
 * plays from any folder and after installation.  Read through the catalog (catalog.h). */
#ifndef HERALD_BRIDGE_BUILTIN_FILES_H
#define HERALD_BRIDGE_BUILTIN_FILES_H

typedef struct BuiltinFile {
  const char *name; /* path below presets/: "chess.preset", "include/herald-pieces.txt" */
  const char *text; /* the file's bytes, 0-terminated */
  long size;
} BuiltinFile;

extern const BuiltinFile builtin_files[]; /* ends with a NULL name */
extern const int builtin_file_count;

#endif
