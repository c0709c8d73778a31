// Thin shim: the GAME Code interpreter's C API, for the C++ tests.
#ifndef HERALD_TESTS_GAMECODE_SHIM_H
#define HERALD_TESTS_GAMECODE_SHIM_H

#include "gamecode/gamecode.h"

#include <string>

namespace gctest {

// Text form of a value for assertions: true/false/null, numbers, strings, [a,b] arrays
// (with k=v for string keys).
inline std::string show(const GcValue &v) {
  char buf[64];
  switch (v.type) {
  case GC_NULL: return "null";
  case GC_BOOL: return v.u.b ? "true" : "false";
  case GC_NUM: return gc_to_str(&v, buf, sizeof buf);
  case GC_STR: return v.u.s;
  case GC_ARR: {
    std::string s = "[";
    for (size_t i = 0; i < v.u.a->len; i++) {
      if (i) s += ",";
      if (v.u.a->items[i].key.type == GC_STR) s += std::string(v.u.a->items[i].key.u.s) + "=";
      s += show(v.u.a->items[i].val);
    }
    return s + "]";
  }
  default: return "?";
  }
}

// An interpreter on the standard Chess start position.
struct Interp {
  GcInterp *gc;
  GcError err;
  Interp() : gc(gc_new()), err() {
    gc_set_board(gc, "a b c d e f g h", "1 2 3 4 5 6 7 8", "rnbqkbnrpppppppp32PPPPPPPPRNBQKBNR", &err);
  }
  ~Interp() { gc_free(gc); }
  Interp(const Interp &) = delete;
  Interp &operator=(const Interp &) = delete;

  // Evaluates an expression; errors come back as "ERROR: message".
  std::string ev(const std::string &expr) {
    GcValue v;
    int rc = gc_eval_expr(gc, expr.c_str(), &v, &err);
    std::string s = rc == GC_OK ? show(v) : std::string("ERROR: ") + err.message;
    gc_release(&v);
    return s;
  }
  // Runs code: "" when it finished, "DIE: msg" after die, "ERROR file:line: msg" on errors.
  std::string run(const std::string &code, const char *file = "test.gc") {
    int rc = gc_run_code(gc, code.c_str(), file, &err);
    if (rc == GC_OK) return "";
    if (rc == GC_DIE) return std::string("DIE: ") + err.message;
    return std::string("ERROR ") + err.file + ":" + std::to_string(err.line) + ": " + err.message;
  }
  std::string var(const char *name) {
    const GcValue *v = gc_get_var(gc, name);
    return v ? show(*v) : "undefined";
  }
  std::string space(const char *coord) {
    const char *s = gc_space(gc, coord);
    return s ? s : "(none)";
  }
};

} // namespace gctest

#endif
