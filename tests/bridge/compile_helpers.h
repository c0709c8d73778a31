// Compiling one def body against an empty 8x8 model, shared by the bridge's test files.
#ifndef HERALD_TESTS_BRIDGE_COMPILE_HELPERS_H
#define HERALD_TESTS_BRIDGE_COMPILE_HELPERS_H

#include <string>

#include "bridge/br_internal.h"
#include "bridge/br_game.h"

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

// The statements the interpreter parsed from a preset's text (sections only, no includes), as
// the bridge reads them: br_find_def and the other finders take their text from here.
struct CodeBox {
  GcInterp *gc = gc_new();
  BrCode *code = nullptr;
  GcError err{};
  explicit CodeBox(const char *preset_text) {
    if (gc_load_preset_text(gc, preset_text, "test.preset", &err) == GC_OK) code = br_code_read(gc);
  }
  ~CodeBox() {
    br_code_free(code);
    gc_free(gc);
  }
  static bool Lookup(void *ctx, const char *name, char *out, int outlen) {
    return br_find_def(static_cast<const BrCode *>(ctx), name, out, outlen);
  }
};

inline int CountAtoms(const BrCompiled &c, AtomKind kind, int mode) {
  int n = 0;
  for (int i = 0; i < c.count; i++) n += c.atoms[i].kind == kind && c.atoms[i].mode == mode;
  return n;
}

} // namespace compile_helpers

#endif
