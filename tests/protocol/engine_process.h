// Runs build/herald (or $HERALD_BIN) as a child process and talks to it through pipes, as a
// GUI would: send a line, wait for a line matching a pattern.
#ifndef HERALD_TESTS_PROTOCOL_ENGINE_PROCESS_H
#define HERALD_TESTS_PROTOCOL_ENGINE_PROCESS_H

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <regex>
#include <string>
#include <vector>

class EngineProcess {
public:
  EngineProcess() {
    const char *bin = std::getenv("HERALD_BIN");
    std::string path = bin ? bin : "build/herald";
    int to_child[2], from_child[2];
    if (pipe(to_child) || pipe(from_child)) std::abort();
    pid_ = fork();
    if (pid_ == 0) {
      dup2(to_child[0], 0);
      dup2(from_child[1], 1);
      close(to_child[1]);
      close(from_child[0]);
      execl(path.c_str(), path.c_str(), (char *)nullptr);
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    in_ = to_child[1];
    out_ = from_child[0];
    signal(SIGPIPE, SIG_IGN);
  }
  ~EngineProcess() {
    if (in_ >= 0) close(in_);
    if (pid_ > 0 && !exited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    close(out_);
  }

  void Send(const std::string &line) {
    std::string text = line + "\n";
    if (write(in_, text.data(), text.size()) < 0) {}
  }

  // Waits up to timeout_ms for a line matching pattern (whole line); returns it, or "" on
  // time-out.  Lines read on the way are kept in Seen().
  std::string Expect(const std::string &pattern, int timeout_ms = 10000) {
    std::regex re(pattern);
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    for (;;) {
      while (next_ < lines_.size()) {
        const std::string &l = lines_[next_++];
        if (std::regex_match(l, re)) return l;
      }
      int left = (int)std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now())
                     .count();
      if (left <= 0 || !ReadSome(left)) return "";
    }
  }

  // Milliseconds until a matching line arrives (or -1).
  long TimeTo(const std::string &pattern, int timeout_ms = 10000) {
    auto start = std::chrono::steady_clock::now();
    if (Expect(pattern, timeout_ms).empty()) return -1;
    return (long)std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start)
        .count();
  }

  // Closes the input and returns the exit status (or -1 if it does not end in timeout_ms).
  int Finish(int timeout_ms = 10000) {
    close(in_);
    in_ = -1;
    for (int waited = 0; waited < timeout_ms; waited += 10) {
      int status;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        exited_ = true;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      }
      if (!ReadSome(10)) usleep(10000); // at end of output poll returns at once
    }
    return -1;
  }

  const std::vector<std::string> &Seen() const { return lines_; }

private:
  bool ReadSome(int timeout_ms) {
    struct pollfd p = {out_, POLLIN, 0};
    if (poll(&p, 1, timeout_ms) <= 0) return false;
    char buf[4096];
    ssize_t n = read(out_, buf, sizeof buf);
    if (n <= 0) return false;
    partial_.append(buf, (size_t)n);
    size_t nl;
    while ((nl = partial_.find('\n')) != std::string::npos) {
      lines_.push_back(partial_.substr(0, nl));
      partial_.erase(0, nl + 1);
    }
    return true;
  }

  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;
  bool exited_ = false;
  std::string partial_;
  std::vector<std::string> lines_;
  size_t next_ = 0;
};

#endif
