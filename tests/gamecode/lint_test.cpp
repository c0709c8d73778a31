// Mistakes found by reading a preset when it loads (gc_lint): a call of a subroutine or function
// that no code defines is an error with its file:line; an expression that begins with a word
// that is no operator (a misspelt built-in, an array always true) or an operator short of
// operands is a warning; names computed at run time and the library's own code pass.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gamecode/gamecode.h"

namespace {

// The issues found in a preset whose Pre-Game is `pregame` (its first line is line 3).
std::vector<GcLintIssue> Lint(const std::string &pregame) {
  GcInterp *gc = gc_new();
  GcError err;
  std::string text = "Game: lint\n[Pre-Game]\n" + pregame;
  EXPECT_EQ(gc_load_preset_text(gc, text.c_str(), "lint.preset", &err), GC_OK) << err.message;
  std::vector<GcLintIssue> out(16);
  int n = gc_lint(gc, out.data(), (int)out.size());
  out.resize(n < 16 ? n : 16);
  gc_free(gc);
  return out;
}

TEST(GcLint, CallsOfWhatNothingDefinesAreErrorsWithTheirLine) {
  auto issues = Lint("set a 1;\ngosub nosuch 1;\nif sub alsonot 2:\n  set b fn nofunc 3;\nendif;\n");
  ASSERT_EQ(issues.size(), 3u);
  EXPECT_TRUE(issues[0].error);
  EXPECT_STREQ(issues[0].file, "lint.preset");
  EXPECT_EQ(issues[0].line, 4);
  EXPECT_STREQ(issues[0].message, "gosub nosuch: no subroutine of that name is defined in the preset or its includes");
  EXPECT_EQ(issues[1].line, 5);
  EXPECT_NE(std::string(issues[1].message).find("sub alsonot: no subroutine"), std::string::npos);
  EXPECT_EQ(issues[2].line, 6);
  EXPECT_NE(std::string(issues[2].message).find("fn nofunc: no function"), std::string::npos);
}

TEST(GcLint, DefinedAndComputedNamesPass) {
  auto issues = Lint("sub twice x:\n  return * 2 #x;\nendsub;\ndef Half / #0 2;\nset name twice;\n"
                     "gosub twice 3;\nset a sub twice 4;\nset b fn Half 8;\nset c sub var name 5;\n"
                     "set d fn join \"Ha\" \"lf\" 6;\nif < sub twice 1 3:\n  set e 1;\nendif;\n");
  for (const auto &i : issues) ADD_FAILURE() << i.line << ": " << i.message;
}

TEST(GcLint, AMisspeltBuiltInInAPieceFunctionIsAWarning) {
  auto issues = Lint("def Knight chekleap #0 #1 1 2;\ndef Knight-Range a1 b2 c3;\n");
  ASSERT_EQ(issues.size(), 1u); // the -Range list may well be several values
  EXPECT_FALSE(issues[0].error);
  EXPECT_EQ(issues[0].line, 3);
  EXPECT_STREQ(issues[0].message,
               "def Knight: 'chekleap' is no operator, so the expression leaves 5 values (an array, always true): "
               "misspelt?");
}

// `A or B` with B one value is a break-away: A is evaluated afresh and is the answer, so a
// misspelt word at A's head makes the whole piece function always true (found by the README's
// worked example: the Hero then went anywhere and perft was 0 with no word of why).
TEST(GcLint, AMisspeltBuiltInBeforeOrIsAWarning) {
  auto issues = Lint("def Hero chekleap #0 #1 1 2 or checkleap #0 #1 0 1;\n"
                     "def Ferz checkleap #0 #1 1 1 or checkride #0 #1 1 1;\n");
  ASSERT_EQ(issues.size(), 1u); // the Ferz, spelt right, passes
  EXPECT_EQ(issues[0].line, 3);
  EXPECT_STREQ(issues[0].message,
               "def Hero: 'chekleap' is no operator, so the expression leaves 5 values (an array, always true): "
               "misspelt?");
}

TEST(GcLint, AConditionShortOfOperandsOrOfSeveralWordsIsAWarning) {
  auto issues = Lint("if < 1:\n  set a 1;\nendif;\nif chekleap a1 b3 1 2:\n  set b 2;\nendif;\n"
                     "if and true false:\n  set c 3;\nendif;\n");
  ASSERT_EQ(issues.size(), 2u);
  EXPECT_EQ(issues[0].line, 3);
  EXPECT_STREQ(issues[0].message, "if: < takes 2 operands but has 1");
  EXPECT_EQ(issues[1].line, 6);
  EXPECT_NE(std::string(issues[1].message).find("'chekleap' is no operator"), std::string::npos);
}

} // namespace
