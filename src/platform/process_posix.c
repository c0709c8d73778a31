/* platform/process.h on POSIX systems: fork and execvp, pipes, poll, kill and waitpid. */
#include "platform/process.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct PlatProcess {
  pid_t pid;
  int to_child, from_child; /* our ends of its standard input and output */
};

PlatProcess *plat_process_start(const char *command, char *err, int errlen) {
  /* Process-wide: a write to a child that died must fail, not kill the caller. */
  signal(SIGPIPE, SIG_IGN);
  char *words = strdup(command);
  PlatProcess *p = malloc(sizeof *p);
  if (!words || !p) {
    snprintf(err, errlen, "out of memory");
    free(words), free(p);
    return NULL;
  }
  char *argv[64];
  int argc = 0;
  char *save = NULL; /* strtok_r: game threads start engines at the same time */
  for (char *tok = strtok_r(words, " ", &save); tok && argc < 63; tok = strtok_r(NULL, " ", &save)) argv[argc++] = tok;
  argv[argc] = NULL;
  int to_child[2], from_child[2];
  bool ok = argc > 0;
  if (!ok) snprintf(err, errlen, "empty engine command");
  /* Close-on-exec, so that a child started by another thread does not inherit our pipe ends and
   * hide the end of output when this child dies. */
  if (ok && pipe2(to_child, O_CLOEXEC)) {
    snprintf(err, errlen, "pipe: %s", strerror(errno));
    ok = false;
  }
  if (ok && pipe2(from_child, O_CLOEXEC)) {
    snprintf(err, errlen, "pipe: %s", strerror(errno));
    close(to_child[0]), close(to_child[1]);
    ok = false;
  }
  pid_t pid = ok ? fork() : -1;
  if (ok && pid < 0) {
    snprintf(err, errlen, "fork: %s", strerror(errno));
    close(to_child[0]), close(to_child[1]), close(from_child[0]), close(from_child[1]);
    ok = false;
  }
  if (ok && pid == 0) {
    dup2(to_child[0], 0);
    dup2(from_child[1], 1);
    int devnull = open("/dev/null", O_WRONLY);
    if (devnull >= 0) dup2(devnull, 2);
    execvp(argv[0], argv);
    _exit(127);
  }
  free(words);
  if (!ok) {
    free(p);
    return NULL;
  }
  close(to_child[0]);
  close(from_child[1]);
  p->pid = pid;
  p->to_child = to_child[1];
  p->from_child = from_child[0];
  return p;
}

bool plat_process_write(PlatProcess *p, const char *data, size_t len) {
  size_t done = 0;
  while (done < len) {
    ssize_t n = write(p->to_child, data + done, len - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += (size_t)n;
  }
  return true;
}

int plat_process_read(PlatProcess *p, char *buffer, int cap, int timeout_ms) {
  struct pollfd pfd = {.fd = p->from_child, .events = POLLIN};
  if (poll(&pfd, 1, timeout_ms) <= 0) return 0; /* timed out, or a signal (EINTR) */
  ssize_t n = read(p->from_child, buffer, (size_t)cap);
  if (n < 0 && errno == EINTR) return 0;
  return n > 0 ? (int)n : -1;
}

void plat_process_end(PlatProcess *p, int grace_ms) {
  if (!p) return;
  close(p->to_child);
  int status;
  pid_t r = 0;
  for (int waited = 0; waited < grace_ms && (r = waitpid(p->pid, &status, WNOHANG)) == 0; waited += 5) usleep(5000);
  if (r == 0) {
    kill(p->pid, SIGKILL);
    waitpid(p->pid, &status, 0);
  }
  close(p->from_child);
  free(p);
}
