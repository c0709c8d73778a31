// Compiling one def body against an empty 8x8 model, shared by the bridge's test files.
#ifndef HERALD_TESTS_BRIDGE_COMPILE_HELPERS_H
#define HERALD_TESTS_BRIDGE_COMPILE_HELPERS_H

#include <string>

#include "bridge/br_internal.h"
#include "bridge/bridge.h"

namespace compile_helpers {

struct Board8 {
  Rules r;
  Board8() {
    char err[RULES_ERR_LEN];
    rules_init(&r, "test", 8, 8, err, sizeof err);
  }
  ~Board8() { rules_free(&r); }
};

struct Compiled {
  bool ok;
  BrCompiled c;
  std::string reason;
};

inline Compiled Compile(const char *body, int color = WHITE) {
  static Board8 board;
  Compiled out{};
  char reason[BR_REASON_LEN] = "";
  out.ok = br_compile_def(&board.r, body, color, &out.c, reason, sizeof reason);
  out.reason = reason;
  return out;
}

inline int CountAtoms(const BrCompiled &c, AtomKind kind, int mode) {
  int n = 0;
  for (int i = 0; i < c.count; i++) n += c.atoms[i].kind == kind && c.atoms[i].mode == mode;
  return n;
}

}  // namespace compile_helpers

#endif
