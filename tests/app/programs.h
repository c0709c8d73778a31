// Running the built programs (build/herald, build/herald-match, build/herald-selfplay, or those
// beside $HERALD_BIN) as a user does, with their exit status, standard output and error apart.
#ifndef HERALD_TESTS_APP_PROGRAMS_H
#define HERALD_TESTS_APP_PROGRAMS_H

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace programs {

struct Result {
  int status = -1; // the exit status, or -1 when the program did not exit normally
  std::string out, err;
};

inline std::string Slurp(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The folder of the built programs, absolute (the tests may run a program from another folder).
inline std::string BuildDir() {
  const char *bin = std::getenv("HERALD_BIN");
  std::string path = bin ? bin : "build/herald";
  std::string dir = path.find('/') == std::string::npos ? "." : path.substr(0, path.rfind('/'));
  if (dir[0] == '/') return dir;
  char here[4096];
  return std::string(getcwd(here, sizeof here) ? here : ".") + "/" + dir;
}

inline std::string Program(const std::string &name) { return BuildDir() + "/" + name; }

// Runs a shell command line (stdin from /dev/null).
inline Result Shell(const std::string &command) {
  char out_name[] = "/tmp/herald-out-XXXXXX", err_name[] = "/tmp/herald-err-XXXXXX";
  int out_fd = mkstemp(out_name), err_fd = mkstemp(err_name);
  if (out_fd >= 0) close(out_fd);
  if (err_fd >= 0) close(err_fd);
  std::string line = "(" + command + ") </dev/null >" + out_name + " 2>" + err_name;
  int raw = std::system(line.c_str());
  Result r;
  r.status = raw != -1 && WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = Slurp(out_name);
  r.err = Slurp(err_name);
  unlink(out_name);
  unlink(err_name);
  return r;
}

// The path of an installed program (another engine, a tool), or "" when it is not installed.
// Debian puts games and chess tools in /usr/games, which root's PATH often lacks.
inline std::string Installed(const std::string &name) {
  Result r = Shell("command -v " + name + " || command -v /usr/games/" + name);
  std::string path = r.out.substr(0, r.out.find('\n'));
  return r.status == 0 ? path : "";
}

} // namespace programs

#endif
