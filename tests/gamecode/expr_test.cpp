// The Polish-notation calculator: reference §3 and the Appendix D conformance vectors.
#include <gtest/gtest.h>

#include "gamecode/shim.h"

using gctest::Interp;

class GcExpr : public ::testing::Test {
protected:
  Interp in;
};

// Appendix D, one test per vector.
TEST_F(GcExpr, D01BinaryAndComputesBothSides) { EXPECT_EQ(in.ev("and == 9 9 == 3 4"), "false"); }

TEST_F(GcExpr, D02BreakAwayAndStopsOnFalse) {
  ASSERT_EQ(in.run("sub mark: set marked 1; return true; endsub;"), "");
  EXPECT_EQ(in.ev("== 9 9 and != 9 9"), "false");
  EXPECT_EQ(in.ev("sub mark and != 9 9"), "false");
  EXPECT_EQ(in.var("marked"), "undefined"); // the left side never ran
}

TEST_F(GcExpr, D03BreakAwayAndOnTrueContinues) {
  ASSERT_EQ(in.run("sub mark: set marked 1; return false; endsub;"), "");
  EXPECT_EQ(in.ev("!= 9 9 and == 9 9"), "false");
  EXPECT_EQ(in.ev("sub mark and == 9 9"), "false");
  EXPECT_EQ(in.var("marked"), "1");
}

TEST_F(GcExpr, D04BreakAwayOrStopsOnTrue) {
  ASSERT_EQ(in.run("sub mark: set marked 1; return false; endsub;"), "");
  EXPECT_EQ(in.ev("== 9 8 or == 8 8"), "true");
  EXPECT_EQ(in.ev("sub mark or == 8 8"), "true");
  EXPECT_EQ(in.var("marked"), "undefined");
  EXPECT_EQ(in.ev("== 8 8 or == 9 8"), "true");
}

TEST_F(GcExpr, D05UnlessTwoOperands) { EXPECT_EQ(in.ev("unless == 1 1 yes"), "yes"); }
TEST_F(GcExpr, D06OnlyifTwoOperands) { EXPECT_EQ(in.ev("onlyif == 1 2 no"), "no"); }

TEST_F(GcExpr, D07Subtraction) {
  EXPECT_EQ(in.ev("- 10 3"), "7");
  EXPECT_EQ(in.ev("minus 10 3"), "7");
}

TEST_F(GcExpr, D08Cond) {
  EXPECT_EQ(in.ev("cond == 1 1 left right"), "left");
  EXPECT_EQ(in.ev("cond == 1 2 left right"), "right");
}

TEST_F(GcExpr, D09Match) {
  EXPECT_EQ(in.ev("match e4 d4 e4 f4"), "true");
  EXPECT_EQ(in.ev("match e5 d4 e4 f4"), "false");
}

TEST_F(GcExpr, D10AnyAnyfalse) {
  EXPECT_EQ(in.ev("any false false true"), "true");
  EXPECT_EQ(in.ev("any false false false"), "false");
  EXPECT_EQ(in.ev("anyfalse true true false"), "true");
  EXPECT_EQ(in.ev("anyfalse true true"), "false");
}

TEST_F(GcExpr, D11Checkleap) {
  EXPECT_EQ(in.ev("checkleap b1 c3 1 2"), "true");
  EXPECT_EQ(in.ev("checkleap b1 c3 2 1"), "true");
}
TEST_F(GcExpr, D12Checkaleap) {
  EXPECT_EQ(in.ev("checkaleap b1 c3 1 2"), "true");
  EXPECT_EQ(in.ev("checkaleap b1 c3 -1 2"), "false");
}
TEST_F(GcExpr, D13CheckrideBlocked) { EXPECT_EQ(in.ev("checkride d1 h5 1 1"), "false"); }
TEST_F(GcExpr, D14CheckrideIgnoresColour) { EXPECT_EQ(in.ev("checkride d1 d2 1 0"), "true"); }
TEST_F(GcExpr, D15Checkatwostep) { EXPECT_EQ(in.ev("checkatwostep e2 e4 0 1 0 1"), "true"); }
TEST_F(GcExpr, D16CheckhopTwoScreens) { EXPECT_EQ(in.ev("checkhop a1 a8 0 1"), "false"); }
TEST_F(GcExpr, D17RankFileIndices) {
  EXPECT_EQ(in.ev("rank a1"), "0");
  EXPECT_EQ(in.ev("rankname a1"), "1");
  EXPECT_EQ(in.ev("file h8"), "7");
  EXPECT_EQ(in.ev("filename h8"), "h");
}
TEST_F(GcExpr, D18IndexZeroIsFalse) { EXPECT_EQ(in.ev("not rank a1"), "true"); }
TEST_F(GcExpr, D19WhereOffBoard) { EXPECT_EQ(in.ev("onboard where h1 1 0"), "false"); }
TEST_F(GcExpr, D20Leaps) { EXPECT_EQ(in.ev("leaps h1 1 0"), "[g1,h2]"); }
TEST_F(GcExpr, D21Space) {
  EXPECT_EQ(in.ev("space e4"), "@");
  EXPECT_EQ(in.ev("empty e4"), "true");
  EXPECT_EQ(in.ev("space e2"), "P");
}
TEST_F(GcExpr, D22LeftoverValuesMakeAnArray) {
  ASSERT_EQ(in.run("set x c1 g1;"), "");
  EXPECT_EQ(in.ev("count var x"), "2");
  EXPECT_EQ(in.var("x"), "[c1,g1]");
}
TEST_F(GcExpr, D23DefPlaceholders) {
  ASSERT_EQ(in.run("def sq * #0 #0;"), "");
  EXPECT_EQ(in.ev("fn sq 7"), "49");
}
TEST_F(GcExpr, D24BreakAwayOrInsideFunction) {
  ASSERT_EQ(in.run("def K checkleap #0 #1 1 0 or checkleap #0 #1 1 1;"), "");
  EXPECT_EQ(in.ev("fn K e1 f2"), "true");
  EXPECT_EQ(in.ev("fn K e1 e2"), "true");
  EXPECT_EQ(in.ev("fn K e1 e3"), "false");
}
TEST_F(GcExpr, D25Insight) { EXPECT_EQ(in.ev("insight a1 0 1"), "P"); }
TEST_F(GcExpr, D26Findpiece) { EXPECT_EQ(in.ev("findpiece k spaces"), "e8"); }
TEST_F(GcExpr, D27Join) { EXPECT_EQ(in.ev("join filename e2 rankname e5"), "e5"); }
TEST_F(GcExpr, D28Sign) { EXPECT_EQ(in.ev("sign minus file c1 file e1"), "-1"); }

// Right-to-left order of side effects ([T4] White_Pawn: `remove` at the far left runs last).
TEST_F(GcExpr, SideEffectsRunRightToLeft) {
  ASSERT_EQ(in.run("set log \"\"; sub a: set log join #log a; return true; endsub;"
                   "sub b: set log join #log b; return true; endsub;"),
            "");
  EXPECT_EQ(in.ev("and sub a sub b"), "true");
  EXPECT_EQ(in.var("log"), "ba");
}

// A binary `and`/`or` whose right operand decides leaves a pure left operand unread; what is
// not pure is still evaluated as written: a division by zero fails, `remove` empties its square.
TEST_F(GcExpr, DecidedAndOrLeaveOnlyPureOperandsUnread) {
  EXPECT_EQ(in.ev("and == var ep join filename e2 rankname e5 checkleap e1 e4 1 1"), "false");
  EXPECT_EQ(in.ev("or == 1 2 == 3 3"), "true");
  EXPECT_EQ(in.ev("and == 3 3 == 3 3"), "true");
  EXPECT_EQ(in.ev("or == 1 2 == 3 4"), "false");
  EXPECT_EQ(in.ev("and / 1 0 false"), "ERROR: division by zero");
  EXPECT_EQ(in.ev("or % 5 0 true"), "ERROR: modulo by zero");
  EXPECT_EQ(in.ev("and remove d2 false"), "false");
  EXPECT_EQ(in.space("d2"), "@");
  EXPECT_EQ(in.ev("and and == 1 1 == 2 3 false"), "false"); // a nested left operand
  EXPECT_EQ(in.ev("== 1 1 and false"), "false");            // a break-away is not binary
  EXPECT_EQ(in.ev("not and + 1 1 false"), "true");
}

// An operator whose operands are all plain reads them in place: constants, variables, a
// function's arguments, and a name that names no variable stays as written.
TEST_F(GcExpr, PlainOperandsReadInPlace) {
  ASSERT_EQ(in.run("set sq e2; set k 4; def two + #0 #1;"), "");
  EXPECT_EQ(in.ev("space #sq"), "P");
  EXPECT_EQ(in.ev("+ #k 3"), "7");
  EXPECT_EQ(in.ev("fn two #k 5"), "9");
  EXPECT_EQ(in.ev("join #nothing x"), "#nothingx");
  EXPECT_EQ(in.ev("checkleap #sq e4 0 2"), "true");
}

TEST_F(GcExpr, OneValueUnlessOnlyif) {
  EXPECT_EQ(in.ev("x unless true"), "true");
  EXPECT_EQ(in.ev("x unless false"), "x");
  EXPECT_EQ(in.ev("x onlyif false"), "false");
  EXPECT_EQ(in.ev("x onlyif true"), "x");
  EXPECT_EQ(in.ev("onlyif == 1 1 no"), "null"); // first true: everything to the right dropped
}

TEST_F(GcExpr, CondIsLazy) {
  ASSERT_EQ(in.run("sub mark: set marked 1; return 5; endsub;"), "");
  EXPECT_EQ(in.ev("cond true (+ 1 1) (sub mark)"), "2");
  EXPECT_EQ(in.var("marked"), "undefined");
  EXPECT_EQ(in.ev("cond false (+ 1 1) (sub mark)"), "5");
  EXPECT_EQ(in.var("marked"), "1");
}

TEST_F(GcExpr, Arithmetic) {
  EXPECT_EQ(in.ev("+ 2 3"), "5");
  EXPECT_EQ(in.ev("* 4 -2"), "-8");
  EXPECT_EQ(in.ev("/ 7 2"), "3.5");
  EXPECT_EQ(in.ev("% 7 3"), "1");
  EXPECT_EQ(in.ev(">> 7 1"), "3");
  EXPECT_EQ(in.ev("<< 3 2"), "12");
  EXPECT_EQ(in.ev("neg 4"), "-4");
  EXPECT_EQ(in.ev("abs -4"), "4");
  EXPECT_EQ(in.ev("sign 0"), "0");
  EXPECT_EQ(in.ev("sign 9"), "1");
  EXPECT_EQ(in.ev("+ 1 * 2 3"), "7");
  EXPECT_EQ(in.ev("/ 1 0").rfind("ERROR", 0), 0u);
}

TEST_F(GcExpr, ComparisonsAreLoose) {
  EXPECT_EQ(in.ev("== 1 \"1\""), "true");
  EXPECT_EQ(in.ev("== 1.0 1"), "true");
  EXPECT_EQ(in.ev("< 9 10"), "true"); // numeric strings compare as numbers
  EXPECT_EQ(in.ev("< a b"), "true");
  EXPECT_EQ(in.ev(">= 3 3"), "true");
  EXPECT_EQ(in.ev("<= 4 3"), "false");
  EXPECT_EQ(in.ev("equal K K"), "true");
  EXPECT_EQ(in.ev("unequal K k"), "true");
  EXPECT_EQ(in.ev("== false 0"), "true");
  EXPECT_EQ(in.ev("== null \"\""), "true");
}

TEST_F(GcExpr, OldLogicNames) {
  EXPECT_EQ(in.ev("nor false false"), "true");
  EXPECT_EQ(in.ev("nor true false"), "false");
  EXPECT_EQ(in.ev("not 0"), "true");
  EXPECT_EQ(in.ev("not \"0\""), "true");
  EXPECT_EQ(in.ev("not @"), "false"); // "@" is true: test emptiness with empty
  EXPECT_EQ(in.ev("xor true false"), "true");
  EXPECT_EQ(in.ev("alltrue true 1 x"), "true");
  EXPECT_EQ(in.ev("allfalse 0 false"), "true");
}

TEST_F(GcExpr, Strings) {
  EXPECT_EQ(in.ev("join P L"), "PL");
  EXPECT_EQ(in.ev("chr 59"), ";");
  EXPECT_EQ(in.ev("ord A"), "65");
  EXPECT_EQ(in.ev("trim \"  x y  \""), "x y");
  EXPECT_EQ(in.ev("str_replace %s Rook \"The %s moves\""), "The Rook moves");
  EXPECT_EQ(in.ev("isupper K"), "true");
  EXPECT_EQ(in.ev("isupper k"), "false");
  EXPECT_EQ(in.ev("isupper @"), "false");
  EXPECT_EQ(in.ev("islower +p"), "false"); // ctype semantics: every character a letter
  EXPECT_EQ(in.ev("toupper abc"), "ABC");
  EXPECT_EQ(in.ev("toupper ABC"), "ABC"); // already so: the same string
  EXPECT_EQ(in.ev("tolower aBc"), "abc");
  EXPECT_EQ(in.ev("toupper 12"), "12");
  EXPECT_EQ(in.ev("join toupper P toupper p"), "PP");
  EXPECT_EQ(in.ev("strlen hello"), "5");
  EXPECT_EQ(in.ev("substr hello 1 3"), "ell");
  EXPECT_EQ(in.ev("fnmatch \"*[a-z]*\" +p"), "true");
  EXPECT_EQ(in.ev("list a b c"), "a b c");
}

TEST_F(GcExpr, Arrays) {
  EXPECT_EQ(in.ev("array a b c"), "[a,b,c]");
  EXPECT_EQ(in.ev("count array a b c"), "3");
  EXPECT_EQ(in.ev("elem 1 array a b c"), "b");
  EXPECT_EQ(in.ev("explode chr 59 \"P e7-e8; Q-e8\""), "[P e7-e8, Q-e8]");
  EXPECT_EQ(in.ev("merge (a b) (c)"), "[a,b,c]");
  EXPECT_EQ(in.ev("match e4 array d4 e4"), "true");
  EXPECT_EQ(in.ev("implode - array a b"), "a-b");
  EXPECT_EQ(in.ev("reverse array a b"), "[b,a]");
  EXPECT_EQ(in.ev("range 1 3"), "[1,2,3]");
  EXPECT_EQ(in.ev("sort (c 10 a 9 b)"), "[9,10,a,b,c]");
  EXPECT_EQ(in.ev("keys onlyupper"), in.ev("keys onlyupper"));
  ASSERT_EQ(in.run("set mvs array x y z;"), "");
  EXPECT_EQ(in.ev("elem 2 mvs"), "z"); // elem takes the name of an array variable too
}

TEST_F(GcExpr, GroupsAreArraysOrExpressions) {
  EXPECT_EQ(in.ev("(f1 g1 j1 f1)"), "[f1,g1,j1,f1]");
  EXPECT_EQ(in.ev("(not empty e2)"), "true");
  EXPECT_EQ(in.ev("count (a b)"), "2");
}

TEST_F(GcExpr, Literals) {
  EXPECT_EQ(in.ev("true"), "true");
  EXPECT_EQ(in.ev("null"), "null");
  EXPECT_EQ(in.ev("-1"), "-1");
  EXPECT_EQ(in.ev("\"two words\""), "two words");
  EXPECT_EQ(in.ev("== space e4 @"), "true");
  EXPECT_EQ(in.ev("-"), "-"); // alone, "-" is the no-space marker
}

TEST_F(GcExpr, OperandErrorsAreReported) {
  EXPECT_EQ(in.ev("checkleap b1"), "ERROR: checkleap needs 4 operands, has 1");
  EXPECT_EQ(in.ev("fn nosuch 1"), "ERROR: fn nosuch: no such function");
  EXPECT_EQ(in.ev("sub nosuch"), "ERROR: sub nosuch: no such subroutine");
}

TEST_F(GcExpr, VarConstFlagNames) {
  ASSERT_EQ(in.run("set posvar abc; set abc 3; setconst K King; setflag e1;"), "");
  EXPECT_EQ(in.ev("var #posvar"), "3");
  EXPECT_EQ(in.ev("var posvar"), "abc");
  EXPECT_EQ(in.ev("const K"), "King");
  EXPECT_EQ(in.ev("isconst K"), "true");
  EXPECT_EQ(in.ev("isconst Q"), "false");
  EXPECT_EQ(in.ev("flag e1"), "true");
  EXPECT_EQ(in.ev("flag e8"), "false");
  ASSERT_EQ(in.run("def N checkleap #0 #1 1 2; sub castle a b: return true; endsub;"), "");
  EXPECT_EQ(in.ev("isfunc N"), "true");
  EXPECT_EQ(in.ev("issub castle"), "true");
  EXPECT_EQ(in.ev("issub N"), "false");
  // the guard idiom of [T4]: never calls a sub that does not exist
  EXPECT_EQ(in.ev("sub nosuch e1 e2 and issub nosuch"), "false");
}

TEST_F(GcExpr, FnWithComputedName) {
  ASSERT_EQ(in.run("def NL leaps #0 1 2; set piece N;"), "");
  EXPECT_EQ(in.ev("fn join #piece L b1"), "[c3,a3,d2]");
}

// A def called from outside with two squares, as `fn N b1 c3` would (the oracle asks the def
// of a piece the compiler could not read, before Post-Move): its truth, its errors with the
// def's line, and what it changed left changed for the caller to put back.
TEST_F(GcExpr, DefCalledWithTwoSquares) {
  ASSERT_EQ(in.run("def N checkleap #0 #1 1 2;\n"
                   "sub mark a: set marked #a; return true; endsub;\n"
                   "def M and sub mark #1 empty #1;\n"
                   "def E / 1 0;"),
            "");
  bool truth = false;
  EXPECT_EQ(gc_call_def_squares(in.gc, "N", "b1", "c3", &truth, &in.err), GC_OK);
  EXPECT_TRUE(truth);
  EXPECT_EQ(gc_call_def_squares(in.gc, "N", "b1", "b3", &truth, &in.err), GC_OK);
  EXPECT_FALSE(truth);
  EXPECT_EQ(gc_call_def_squares(in.gc, "M", "b1", "e4", &truth, &in.err), GC_OK);
  EXPECT_TRUE(truth);
  EXPECT_EQ(in.var("marked"), "e4");
  EXPECT_EQ(gc_call_def_squares(in.gc, "M", "b1", "e2", &truth, &in.err), GC_OK);
  EXPECT_FALSE(truth);
  EXPECT_EQ(gc_call_def_squares(in.gc, "E", "b1", "c3", &truth, &in.err), GC_ERROR);
  EXPECT_FALSE(truth);
  EXPECT_EQ(std::string(in.err.file), "test.gc");
  EXPECT_EQ(in.err.line, 4);
  EXPECT_EQ(gc_call_def_squares(in.gc, "nosuch", "b1", "c3", &truth, &in.err), GC_ERROR);
  EXPECT_NE(std::string(in.err.message).find("nosuch"), std::string::npos) << in.err.message;
}

TEST_F(GcExpr, NamedFunctionLocals) {
  ASSERT_EQ(in.run("def twice * 2 #x =x #0;"), "");
  EXPECT_EQ(in.ev("fn twice 21"), "42");
}

TEST_F(GcExpr, LessCommonOperators) {
  EXPECT_EQ(in.ev("! true"), "false");
  EXPECT_EQ(in.ev("nand true true"), "false");
  EXPECT_EQ(in.ev("anytrue false 0 x"), "true");
  EXPECT_EQ(in.ev("min 3 -2"), "-2");
  EXPECT_EQ(in.ev("max 3 -2"), "3");
  EXPECT_EQ(in.ev("isalpha Ab"), "true");
  EXPECT_EQ(in.ev("isdigit 12a"), "false");
  EXPECT_EQ(in.ev("tolower ABC"), "abc");
  EXPECT_EQ(in.ev("values onlyupper"), in.ev("values onlyupper"));
  EXPECT_EQ(in.ev("count values onlyupper"), "16");
  EXPECT_EQ(in.ev("in_array e4 (d4 e4)"), "true");
  EXPECT_EQ(in.ev("in_array e5 (d4 e4)"), "false");
}

TEST_F(GcExpr, SystemVariables) {
  ASSERT_EQ(in.run("setsystem maxmove 2; set v 1;"), "");
  EXPECT_EQ(in.ev("system maxmove"), "2");
  EXPECT_EQ(in.ev("isvar v"), "true");
  EXPECT_EQ(in.ev("isvar w"), "false");
  EXPECT_EQ(in.ev("thismove"), "null"); // before the first move ([C-34551])
  EXPECT_EQ(in.ev("$prevorigin"), "");
}

// Found by the libFuzzer target: an error while forcing a leftover group leaked the partial
// array (caught by LeakSanitizer under `make sanitize`).
TEST_F(GcExpr, ErrorInALeftoverGroupReturnsNull) {
  EXPECT_EQ(in.ev("a b (checkleap b1)"), "ERROR: checkleap needs 4 operands, has 1");
  EXPECT_EQ(in.ev("(checkleap b1) a"), "ERROR: checkleap needs 4 operands, has 1");
}

// How many operands a word pops, as the evaluator pops them, for readers of an expression word
// by word (the bridge's candidate reader): an operator's own count, a call's by its definition,
// a value none, and -1 where the count is not fixed.
TEST_F(GcExpr, WordOperandsAreWhatTheEvaluatorPops) {
  ASSERT_EQ(in.run("sub two a b: return + #a #b; endsub; def three + #0 + #1 #2;"), "");
  EXPECT_EQ(gc_word_operands(in.gc, "empty", nullptr), 1);
  EXPECT_EQ(gc_word_operands(in.gc, "==", nullptr), 2);
  EXPECT_EQ(gc_word_operands(in.gc, "checkatwostep", nullptr), 6);
  EXPECT_EQ(gc_word_operands(in.gc, "and", nullptr), 2);
  EXPECT_EQ(gc_word_operands(in.gc, "or", nullptr), 2);
  EXPECT_EQ(gc_word_operands(in.gc, "cond", nullptr), 3);
  EXPECT_EQ(gc_word_operands(in.gc, "sub", "two"), 2);
  EXPECT_EQ(gc_word_operands(in.gc, "fn", "three"), 3);
  EXPECT_EQ(gc_word_operands(in.gc, "sub", "nosuch"), -1);
  EXPECT_EQ(gc_word_operands(in.gc, "sub", nullptr), -1);
  for (const char *value : {"K", "e4", "#1", "42", "leaping", "origin", "$dest"})
    EXPECT_EQ(gc_word_operands(in.gc, value, nullptr), 0) << value;
  for (const char *unfixed : {"unless", "onlyif", "any", "=local"})
    EXPECT_EQ(gc_word_operands(in.gc, unfixed, nullptr), -1) << unfixed;
  // The counts agree with evaluation: `cond` takes three, the sub two, leaving one value.
  EXPECT_EQ(in.ev("cond true sub two 1 2 9"), "3");
}
