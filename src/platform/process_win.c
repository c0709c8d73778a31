/* platform/process.h on Windows: CreateProcess with pipes, TerminateProcess.  The child's output
 * comes through a named pipe whose end here is opened for overlapped reads: an anonymous pipe
 * cannot be waited on with a time-out, and polling it would make every move late by the
 * system's timer tick. */
#include "platform/process.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>

struct PlatProcess {
  HANDLE process;
  HANDLE to_child;   /* our end of its standard input */
  HANDLE from_child; /* our end of its standard output, read overlapped */
  OVERLAPPED overlapped;
  bool reading;        /* a read into chunk is under way */
  char chunk[4096];    /* what the last read brought ... */
  DWORD start, length; /* ... and the part of it not handed out yet */
};

/* Handles are inherited by every child CreateProcess starts while they are inheritable: the
 * child's ends are made so only while this lock is held, and closed here before it is let go,
 * so that an engine started by another game thread never holds this one's pipe (its output
 * would not end when this engine dies). */
static SRWLOCK inherit_lock = SRWLOCK_INIT;
static volatile LONG pipes_made; /* a different pipe name each time */

static void say_error(char *err, int errlen, const char *what, DWORD code) {
  char text[256] = "";
  FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, NULL, code, 0, text, sizeof text, NULL);
  text[strcspn(text, "\r\n")] = 0;
  snprintf(err, errlen, "%s: %s (error %lu)", what, text, (unsigned long)code);
}

static void close_handle(HANDLE *h) {
  if (*h && *h != INVALID_HANDLE_VALUE) CloseHandle(*h);
  *h = NULL;
}

/* The child's standard output: a named pipe, our end overlapped and the child's end plain. */
static bool output_pipe(PlatProcess *p, HANDLE *child_end) {
  char name[80];
  snprintf(name, sizeof name, "\\\\.\\pipe\\herald-%lu-%ld", (unsigned long)GetCurrentProcessId(),
           (long)InterlockedIncrement(&pipes_made));
  p->from_child = CreateNamedPipeA(name, PIPE_ACCESS_INBOUND | FILE_FLAG_OVERLAPPED | FILE_FLAG_FIRST_PIPE_INSTANCE,
                                   PIPE_TYPE_BYTE | PIPE_READMODE_BYTE | PIPE_WAIT, 1, 4096, 4096, 0, NULL);
  if (p->from_child == INVALID_HANDLE_VALUE) return false;
  *child_end = CreateFileA(name, GENERIC_WRITE, 0, NULL, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, NULL);
  return *child_end != INVALID_HANDLE_VALUE;
}

PlatProcess *plat_process_start(const char *command, char *err, int errlen) {
  PlatProcess *p = calloc(1, sizeof *p);
  char *line = strdup(command); /* CreateProcessA may write into the command line */
  if (!p || !line) {
    snprintf(err, errlen, "out of memory");
    free(p), free(line);
    return NULL;
  }
  HANDLE child_in = NULL, child_out = NULL, child_err = NULL;
  bool ok = true;
  if (!output_pipe(p, &child_out) || !CreatePipe(&child_in, &p->to_child, NULL, 0)) {
    say_error(err, errlen, "pipe", GetLastError());
    ok = false;
  }
  p->overlapped.hEvent = ok ? CreateEventA(NULL, TRUE, FALSE, NULL) : NULL;
  if (ok && !p->overlapped.hEvent) {
    say_error(err, errlen, "event", GetLastError());
    ok = false;
  }
  if (ok) {
    child_err = CreateFileA("NUL", GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE, NULL, OPEN_EXISTING, 0, NULL);
    STARTUPINFOA startup = {.cb = sizeof startup, .dwFlags = STARTF_USESTDHANDLES};
    startup.hStdInput = child_in;
    startup.hStdOutput = child_out;
    startup.hStdError = child_err;
    PROCESS_INFORMATION info;
    AcquireSRWLockExclusive(&inherit_lock);
    HANDLE ends[] = {child_in, child_out, child_err};
    for (int i = 0; i < 3; i++)
      if (ends[i] != INVALID_HANDLE_VALUE) SetHandleInformation(ends[i], HANDLE_FLAG_INHERIT, HANDLE_FLAG_INHERIT);
    /* No console window of its own: engines speak through the pipes only. */
    ok = CreateProcessA(NULL, line, NULL, NULL, TRUE, CREATE_NO_WINDOW, NULL, NULL, &startup, &info);
    DWORD code = GetLastError();
    close_handle(&child_in), close_handle(&child_out), close_handle(&child_err);
    ReleaseSRWLockExclusive(&inherit_lock);
    if (ok) {
      CloseHandle(info.hThread);
      p->process = info.hProcess;
    } else {
      char what[300];
      snprintf(what, sizeof what, "cannot start '%.200s'", command);
      say_error(err, errlen, what, code);
    }
  }
  free(line);
  if (ok) return p;
  close_handle(&child_in), close_handle(&child_out);
  close_handle(&p->to_child), close_handle(&p->from_child), close_handle(&p->overlapped.hEvent);
  free(p);
  return NULL;
}

bool plat_process_write(PlatProcess *p, const char *data, size_t len) {
  while (len > 0) {
    DWORD wrote = 0, chunk = len > (1u << 30) ? (1u << 30) : (DWORD)len;
    if (!WriteFile(p->to_child, data, chunk, &wrote, NULL) || wrote == 0) return false;
    data += wrote;
    len -= wrote;
  }
  return true;
}

int plat_process_read(PlatProcess *p, char *buffer, int cap, int timeout_ms) {
  if (p->length == 0) {
    if (!p->reading) {
      if (!ReadFile(p->from_child, p->chunk, sizeof p->chunk, NULL, &p->overlapped) &&
          GetLastError() != ERROR_IO_PENDING)
        return -1; /* ERROR_BROKEN_PIPE: the child's end is closed */
      p->reading = true;
    }
    if (WaitForSingleObject(p->overlapped.hEvent, (DWORD)timeout_ms) != WAIT_OBJECT_0) return 0;
    p->reading = false;
    DWORD got = 0;
    if (!GetOverlappedResult(p->from_child, &p->overlapped, &got, FALSE)) return -1;
    p->start = 0;
    p->length = got;
    if (got == 0) return 0;
  }
  int n = cap < (int)p->length ? cap : (int)p->length;
  memcpy(buffer, p->chunk + p->start, (size_t)n);
  p->start += (DWORD)n;
  p->length -= (DWORD)n;
  return n;
}

void plat_process_end(PlatProcess *p, int grace_ms) {
  if (!p) return;
  close_handle(&p->to_child);
  if (WaitForSingleObject(p->process, (DWORD)grace_ms) != WAIT_OBJECT_0) {
    TerminateProcess(p->process, 1);
    WaitForSingleObject(p->process, INFINITE);
  }
  if (p->reading) { /* the read must be over before its buffer is freed */
    DWORD got;
    CancelIoEx(p->from_child, &p->overlapped);
    GetOverlappedResult(p->from_child, &p->overlapped, &got, TRUE);
  }
  close_handle(&p->from_child);
  close_handle(&p->overlapped.hEvent);
  close_handle(&p->process);
  free(p);
}
