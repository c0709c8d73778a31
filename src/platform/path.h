/* How a system writes file paths and lists of folders: '/' between a path's parts and ':' between
 * the folders of a list (HERALD_PRESETS) on POSIX (path_posix.c); '\' or '/', and ';' on Windows
 * (path_win.c), where ':' follows a drive letter.  Paths Herald makes itself join with '/', which
 * both read. */
#ifndef HERALD_PLATFORM_PATH_H
#define HERALD_PLATFORM_PATH_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The character between the folders of a list in an environment variable. */
char plat_path_list_separator(void);
/* Whether c separates the parts of a path. */
bool plat_is_path_separator(char c);
/* The last separator in path, or NULL when it has none (a bare file name). */
const char *plat_path_last_separator(const char *path);

#ifdef __cplusplus
}
#endif
#endif
