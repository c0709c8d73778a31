// Small C++ helpers shared by the core rules tests: owners for Rules and Position (a Rules
// value is a few hundred kilobytes, so it lives on the heap), and move lists as names.
#ifndef HERALD_TESTS_RULES_CORE_HELPERS_H
#define HERALD_TESTS_RULES_CORE_HELPERS_H

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "core_shim.h"

namespace core_test {

// Owns a Rules value; frees its tables on destruction.
struct RulesBox {
  Rules *r;
  RulesBox() : r(static_cast<Rules *>(std::calloc(1, sizeof(Rules)))) {}
  ~RulesBox() {
    rules_free(r);
    std::free(r);
  }
  RulesBox(const RulesBox &) = delete;
  RulesBox &operator=(const RulesBox &) = delete;
  Rules *operator->() { return r; }
  Rules *get() { return r; }
};

// Owns a Position (its history buffer).
struct PosBox {
  Position p{};
  ~PosBox() { pos_free(&p); }
  Position *get() { return &p; }
  Position *operator->() { return &p; }
};

// A fixture rule set, asserted to build.
inline std::unique_ptr<RulesBox> Fixture(const char *name) {
  auto box = std::make_unique<RulesBox>();
  char err[RULES_ERR_LEN] = "";
  EXPECT_TRUE(reference_rules(box->get(), name, err, sizeof err)) << err;
  return box;
}

// Sets p from fen, asserting success.
inline ::testing::AssertionResult SetFen(Position *p, const Rules *r, const std::string &fen) {
  char err[RULES_ERR_LEN] = "";
  if (pos_set_fen(p, r, fen.c_str(), err, sizeof err)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "'" << fen << "': " << err;
}

inline std::string Fen(const Position *p) {
  char out[1024];
  pos_get_fen(p, out, sizeof out);
  return out;
}

inline std::string Compact(const Position *p) {
  char out[1024];
  pos_get_compact(p, out, sizeof out);
  return out;
}

inline int Square(const Rules *r, const char *name) {
  int used = 0;
  int sq = geo_parse_square(&r->geo, name, &used);
  EXPECT_GE(sq, 0) << name;
  EXPECT_EQ(name[used], '\0') << name;
  return sq;
}

// Sequences of depth legal moves, counted one by one over pos_legal_moves and make/unmake (each
// part of a turn a ply): the independent count perft figures are checked against.
inline uint64_t BruteForcePerft(Position *p, int depth) {
  if (depth == 0) return 1;
  std::unique_ptr<MoveList> list(new MoveList);
  pos_legal_moves(p, list.get());
  uint64_t n = 0;
  for (int i = 0; i < list->count; i++) {
    pos_make(p, list->moves[i]);
    n += BruteForcePerft(p, depth - 1);
    pos_unmake(p);
  }
  return n;
}

inline std::string MoveName(const Position *p, Move m) {
  char out[64];
  pos_move_name(p, m, out, sizeof out);
  return out;
}

inline std::vector<Move> LegalMoves(Position *p) {
  auto list = std::make_unique<MoveList>();
  pos_legal_moves(p, list.get());
  return std::vector<Move>(list->moves, list->moves + list->count);
}

// Sorted names of every legal move.
inline std::vector<std::string> MoveNames(Position *p) {
  std::vector<std::string> names;
  for (Move m : LegalMoves(p)) names.push_back(MoveName(p, m));
  std::sort(names.begin(), names.end());
  return names;
}

// Sorted names of the legal moves leaving square `from` (drops excluded).
inline std::vector<std::string> MovesFrom(Position *p, const char *from) {
  int sq = Square(p->rules, from);
  std::vector<std::string> names;
  for (Move m : LegalMoves(p))
    if (move_kind(m) != MOVE_DROP && move_kind(m) != MOVE_PASS && move_from(m) == sq) names.push_back(MoveName(p, m));
  std::sort(names.begin(), names.end());
  return names;
}

inline bool HasMove(Position *p, const std::string &name) {
  auto names = MoveNames(p);
  return std::find(names.begin(), names.end(), name) != names.end();
}

// Plays a legal move given by name, asserting that it is legal.
inline ::testing::AssertionResult Play(Position *p, const std::string &name) {
  Move m = pos_parse_move(p, name.c_str());
  if (m == MOVE_NONE) return ::testing::AssertionFailure() << "'" << name << "' is not legal in " << Fen(p);
  pos_make(p, m);
  return ::testing::AssertionSuccess();
}

// Describes one piece type of a custom rule set.
struct PieceSpec {
  const char *name;
  char letter;
  const char *betza;
};

// Starts a custom rule set (not finalised) with the given pieces; asserts each step.
inline void StartRules(Rules *r, int width, int height, const std::vector<PieceSpec> &pieces) {
  char err[RULES_ERR_LEN] = "";
  ASSERT_TRUE(rules_init(r, "custom", width, height, err, sizeof err)) << err;
  for (const PieceSpec &s : pieces) ASSERT_GE(rules_add_piece(r, s.name, s.letter, s.betza, err, sizeof err), 0) << err;
}

inline void Finalize(Rules *r) {
  char err[RULES_ERR_LEN] = "";
  ASSERT_TRUE(rules_finalize(r, err, sizeof err)) << err;
}

} // namespace core_test

#endif
