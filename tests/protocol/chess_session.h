// A session on chess that writes what it says to a temporary file, for tests that call the
// session and the front ends' functions directly (no engine process, no search thread).
#ifndef HERALD_TESTS_PROTOCOL_CHESS_SESSION_H
#define HERALD_TESTS_PROTOCOL_CHESS_SESSION_H

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

// session.h is C11: its _Atomic flags (a bool each, the same size and alignment either way) are
// read here as plain ones; these tests touch them from one thread only.
#define _Atomic
#include "protocol/session.h"
#undef _Atomic

class ChessSession : public ::testing::Test {
protected:
  void SetUp() override {
    out_ = tmpfile();
    ASSERT_TRUE(session_init(&s_, out_, 1, err_, sizeof err_)) << err_;
  }
  void TearDown() override {
    session_free(&s_);
    fclose(out_);
  }
  // Everything the session said so far.
  std::string Said() {
    fflush(out_);
    rewind(out_);
    std::string said;
    char line[4096];
    while (fgets(line, sizeof line, out_)) said += line;
    return said;
  }

  Session s_;
  FILE *out_ = nullptr;
  char err_[RULES_ERR_LEN + 700] = "";
};

#endif
