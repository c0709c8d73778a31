// The search and evaluation headers for the GoogleTest suites, with small owners for the C
// objects they need.  Each C header carries its own extern "C" guard.
#ifndef HERALD_TESTS_SEARCH_SHIM_H
#define HERALD_TESTS_SEARCH_SHIM_H

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <string>

#include "eval/eval.h"
#include "rules/reference_rules.h"
#include "rules/move.h"
#include "rules/position.h"
#include "rules/rules.h"
#include "search/search.h"
#include "search/timeman.h"
#include "search/tt.h"

namespace search_test {

// A fixture rule set on the heap (a Rules value is large), freed on destruction.
struct RulesOwner {
  Rules *r = static_cast<Rules *>(std::calloc(1, sizeof(Rules)));
  explicit RulesOwner(const char *name) {
    char err[RULES_ERR_LEN] = "";
    built = reference_rules(r, name, err, sizeof err);
    EXPECT_TRUE(built) << err;
  }
  ~RulesOwner() {
    rules_free(r);
    std::free(r);
  }
  RulesOwner(const RulesOwner &) = delete;
  RulesOwner &operator=(const RulesOwner &) = delete;
  bool built = false;
};

// The evaluation's tables for a rule set, on the heap (they are large).
struct TablesOwner {
  EvalTables *e = static_cast<EvalTables *>(std::malloc(sizeof(EvalTables)));
  explicit TablesOwner(const Rules *r) { EXPECT_TRUE(e && ev_init(e, r)); }
  ~TablesOwner() {
    if (e) ev_free(e);
    std::free(e);
  }
  TablesOwner(const TablesOwner &) = delete;
  TablesOwner &operator=(const TablesOwner &) = delete;
};

struct PositionOwner {
  Position p{};
  PositionOwner(const Rules *r, const std::string &fen) {
    char err[RULES_ERR_LEN] = "";
    ok = pos_set_fen(&p, r, fen.c_str(), err, sizeof err);
    EXPECT_TRUE(ok) << fen << ": " << err;
  }
  ~PositionOwner() { pos_free(&p); }
  PositionOwner(const PositionOwner &) = delete;
  PositionOwner &operator=(const PositionOwner &) = delete;
  bool ok = false;
};

struct SearchOwner {
  Search *s;
  SearchOwner(const Rules *r, int mb, int threads) : s(srch_new(r, mb, threads)) { EXPECT_NE(s, nullptr); }
  ~SearchOwner() { srch_free(s); }
  SearchOwner(const SearchOwner &) = delete;
  SearchOwner &operator=(const SearchOwner &) = delete;
};

inline std::string MoveName(const Position *p, Move m) {
  if (m == MOVE_NONE) return "(none)";
  char name[32];
  pos_move_name(p, m, name, sizeof name);
  return name;
}

// Searches fen to a fixed depth on one thread from a cleared table.
inline SearchResult SearchDepth(const Rules *r, const std::string &fen, int depth, std::string *best, int multipv = 1) {
  PositionOwner pos(r, fen);
  SearchOwner s(r, 8, 1);
  SearchLimits limits;
  srch_limits_init(&limits);
  limits.depth = depth;
  limits.multipv = multipv;
  SearchResult res = srch_run(s.s, &pos.p, &limits, nullptr, nullptr);
  if (best) *best = MoveName(&pos.p, res.best);
  return res;
}

} // namespace search_test

#endif
