/* platform/path.h on POSIX systems. */
#include "platform/path.h"

#include <string.h>

char plat_path_list_separator(void) { return ':'; }

bool plat_is_path_separator(char c) { return c == '/'; }

const char *plat_path_last_separator(const char *path) { return strrchr(path, '/'); }
