/* platform/path.h on Windows, which reads '\' and '/' alike in a path. */
#include "platform/path.h"

#include <stddef.h>

char plat_path_list_separator(void) { return ';'; }

bool plat_is_path_separator(char c) { return c == '/' || c == '\\'; }

const char *plat_path_last_separator(const char *path) {
  const char *last = NULL;
  for (const char *p = path; *p; p++)
    if (plat_is_path_separator(*p)) last = p;
  return last;
}
