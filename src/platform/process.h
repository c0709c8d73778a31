/* A program run as a child process, its standard input and output on pipes to us and its
 * standard error thrown away: the engines herald-match plays.  process_posix.c forks and execs;
 * process_win.c calls CreateProcess and reads its pipe with overlapped I/O, Windows' way of
 * waiting with a time-out.  A PlatProcess belongs to one thread at a time. */
#ifndef HERALD_PLATFORM_PROCESS_H
#define HERALD_PLATFORM_PROCESS_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct PlatProcess PlatProcess;

/* Starts command, as each system reads a command: on POSIX the program (looked for along PATH)
 * and its arguments, split on spaces with no quoting; on Windows the command line as written,
 * which the program splits itself (quotes work as in a shortcut or cmd).  NULL with a message in
 * err when it cannot be started; a POSIX program that cannot be run starts and exits at once,
 * so that its output ends. */
PlatProcess *plat_process_start(const char *command, char *err, int errlen);
/* Writes all len bytes to the child's input; false when it no longer reads them. */
bool plat_process_write(PlatProcess *p, const char *data, size_t len);
/* Reads what the child has written, at most cap bytes (cap > 0), waiting up to timeout_ms (0:
 * only what is there): the count read; 0 when nothing came, in time or before a signal cut the
 * wait short (so callers read again until their own deadline); -1 at the end of its output. */
int plat_process_read(PlatProcess *p, char *buffer, int cap, int timeout_ms);
/* Closes the child's input, gives it grace_ms to exit, kills it if it has not, and frees p. */
void plat_process_end(PlatProcess *p, int grace_ms);

#ifdef __cplusplus
}
#endif
#endif
