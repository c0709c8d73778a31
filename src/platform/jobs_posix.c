/* platform/jobs.h on POSIX systems: fork, and a pipe from each child for its count. */
#include "platform/jobs.h"

#include <sys/wait.h>
#include <unistd.h>

bool plat_jobs_available(void) { return true; }

bool plat_jobs_sum(int jobs, uint64_t (*work)(void *context, int job, int jobs), void *context, uint64_t *total) {
  if (jobs < 1 || jobs > PLAT_JOBS_MAX) return false;
  int fds[PLAT_JOBS_MAX];
  pid_t pids[PLAT_JOBS_MAX];
  int started = 0;
  bool ok = true;
  for (; started < jobs; started++) {
    int fd[2];
    if (pipe(fd) != 0) {
      ok = false;
      break;
    }
    pid_t pid = fork();
    if (pid < 0) {
      close(fd[0]), close(fd[1]);
      ok = false;
      break;
    }
    if (pid == 0) {
      close(fd[0]);
      uint64_t n = work(context, started, jobs);
      ssize_t w = write(fd[1], &n, sizeof n);
      _exit(w == (ssize_t)sizeof n ? 0 : 1);
    }
    close(fd[1]);
    fds[started] = fd[0];
    pids[started] = pid;
  }
  /* Every child started is waited for, even after a failure, so that none is left behind. */
  *total = 0;
  for (int j = 0; j < started; j++) {
    uint64_t n = 0;
    if (read(fds[j], &n, sizeof n) != (ssize_t)sizeof n) ok = false;
    close(fds[j]);
    int status = 0;
    waitpid(pids[j], &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) ok = false;
    *total += n;
  }
  return ok;
}
