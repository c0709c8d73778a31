// Statements and control structures (reference §2), commands (§4.1) and the guards.
#include <gtest/gtest.h>

#include "gamecode/shim.h"

using gctest::Interp;

class GcStmt : public ::testing::Test {
protected:
  Interp in;
};

TEST_F(GcStmt, IfElseifElseModernSyntax) {
  const char *code = "sub pick n:\n"
                     "  if == #n 1: return one;\n"
                     "  elseif == #n 2: return two;\n"
                     "  else: return many;\n"
                     "  endif;\n"
                     "endsub;\n"
                     "set a sub pick 1; set b sub pick 2; set c sub pick 7;";
  ASSERT_EQ(in.run(code), "");
  EXPECT_EQ(in.var("a"), "one");
  EXPECT_EQ(in.var("b"), "two");
  EXPECT_EQ(in.var("c"), "many");
}

TEST_F(GcStmt, OldSyntaxBlocksEndInSemicolons) {
  // seed 001: `if cond;` ... `else;` ... `endif;`
  ASSERT_EQ(in.run("set x 3;\nif equal #x 3;\n  set y yes;\nelse;\n  set y no;\nendif;"), "");
  EXPECT_EQ(in.var("y"), "yes");
}

TEST_F(GcStmt, EndifNClosesAChainWithElseifs) {
  // seed 001's style: an if with six elseifs closed by `endif 7`, then code after it runs
  const char *code = "set legal false;\n"
                     "if == 1 2;\nelseif == 1 3;\nelseif == 1 4;\nelseif == 1 5;\nelseif == 1 6;\n"
                     "elseif == 1 7;\nelseif == 1 8;\nelse;\n  set legal true;\nendif 7;\n"
                     "set after 1;";
  ASSERT_EQ(in.run(code), "");
  EXPECT_EQ(in.var("legal"), "true");
  EXPECT_EQ(in.var("after"), "1");
}

TEST_F(GcStmt, EndifNClosesNestedIfs) {
  const char *code = "if true;\n  if false;\n    set a 1;\n  else;\n    set a 2;\nendif 2;\nset b 3;";
  ASSERT_EQ(in.run(code), "");
  EXPECT_EQ(in.var("a"), "2");
  EXPECT_EQ(in.var("b"), "3");
}

TEST_F(GcStmt, EndifAllClosesEverything) {
  const char *code = "if true;\n  if true;\n    if false;\n      set a 1;\n    else;\n      set a 2;\nendif all;\n"
                     "set b 3;";
  ASSERT_EQ(in.run(code), "");
  EXPECT_EQ(in.var("a"), "2");
  EXPECT_EQ(in.var("b"), "3");
}

TEST_F(GcStmt, ElseWithoutColonFollowedByAStatement) {
  // seed 000 writes "else\n    inc nopvc;" without a colon
  ASSERT_EQ(in.run("set n 5;\nif false:\n  set n 0;\nelse\n  inc n;\nendif;"), "");
  EXPECT_EQ(in.var("n"), "6");
}

TEST_F(GcStmt, ForOverValuesAndKeyValuePairs) {
  ASSERT_EQ(in.run("set s \"\"; for x (a b c): set s join #s #x; next;"), "");
  EXPECT_EQ(in.var("s"), "abc");
  ASSERT_EQ(in.run("set n 0; foreach (from piece) onlyupper: if == #piece K: set kf #from; endif; inc n; next;"), "");
  EXPECT_EQ(in.var("kf"), "e1");
  EXPECT_EQ(in.var("n"), "16");
  ASSERT_EQ(in.run("set n 0; for c path e1 g1: inc n; set last #c; next;"), "");
  EXPECT_EQ(in.var("n"), "2");
  EXPECT_EQ(in.var("last"), "g1");
}

TEST_F(GcStmt, ForOverEmptyArraySkipsBody) {
  ASSERT_EQ(in.run("set n 0; for x array: inc n; next; set done 1;"), "");
  EXPECT_EQ(in.var("n"), "0");
  EXPECT_EQ(in.var("done"), "1");
}

TEST_F(GcStmt, DoLoopForms) {
  ASSERT_EQ(in.run("set i 0; do while < #i 5: inc i; loop;"), "");
  EXPECT_EQ(in.var("i"), "5");
  ASSERT_EQ(in.run("set i 0; do until >= #i 3: inc i; loop;"), "");
  EXPECT_EQ(in.var("i"), "3");
  ASSERT_EQ(in.run("set i 0; do: inc i; loop while < #i 4;"), "");
  EXPECT_EQ(in.var("i"), "4");
  ASSERT_EQ(in.run("set i 0; do: inc i; loop until == #i 2;"), "");
  EXPECT_EQ(in.var("i"), "2");
  ASSERT_EQ(in.run("set i 0; do: inc i; loop never;"), "");
  EXPECT_EQ(in.var("i"), "1");
  ASSERT_EQ(in.run("set i 0; do: inc i; if == #i 7: break; endif; loop;"), "");
  EXPECT_EQ(in.var("i"), "7");
}

TEST_F(GcStmt, BreakAndContinueInFor) {
  ASSERT_EQ(in.run("set s \"\"; for x (a b c d): if == #x b: continue; endif;"
                   " if == #x d: break; endif; set s join #s #x; next; set after 1;"),
            "");
  EXPECT_EQ(in.var("s"), "ac");
  EXPECT_EQ(in.var("after"), "1");
}

TEST_F(GcStmt, SwitchJumpsFallsThroughAndBreaks) {
  const char *code = "sub kind p:\n"
                     "  my r;\n"
                     "  switch #p:\n"
                     "    case K k: set r king; break;\n"
                     "    case P p: set r pawn;\n"
                     "    case X: set r fell; break;\n"
                     "    default: set r other;\n"
                     "  endswitch;\n"
                     "  return #r;\n"
                     "endsub;\n"
                     "set a sub kind k; set b sub kind P; set c sub kind Q;";
  ASSERT_EQ(in.run(code), "");
  EXPECT_EQ(in.var("a"), "king");
  EXPECT_EQ(in.var("b"), "fell"); // no break after `case P p`: falls through
  EXPECT_EQ(in.var("c"), "other");
}

TEST_F(GcStmt, RecursiveSubsHaveTheirOwnFrames) {
  const char *code = "sub fact n:\n"
                     "  if <= #n 1: return 1; endif;\n"
                     "  return * #n sub fact - #n 1;\n"
                     "endsub;\n"
                     "set f sub fact 6;";
  ASSERT_EQ(in.run(code), "");
  EXPECT_EQ(in.var("f"), "720");
}

TEST_F(GcStmt, VerifyReturnsFalseEarly) {
  ASSERT_EQ(in.run("sub v x: verify #x; return yes; endsub; set a sub v 0; set b sub v 1;"), "");
  EXPECT_EQ(in.var("a"), "false");
  EXPECT_EQ(in.var("b"), "yes");
}

TEST_F(GcStmt, GosubAndImplicitCall) {
  ASSERT_EQ(in.run("sub setit v: set g #v; endsub; gosub setit 4; set h #g; setit 5;"), "");
  EXPECT_EQ(in.var("h"), "4");
  EXPECT_EQ(in.var("g"), "5");
}

TEST_F(GcStmt, ScopesMyLocalGlobal) {
  const char *code = "sub inner: set seenlocal #l; set seenmy #m; set leaked 1; endsub;\n"
                     "sub outer: my m; local l; set m mine; set l shared; gosub inner; endsub;\n"
                     "set m global; gosub outer;";
  ASSERT_EQ(in.run(code), "");
  EXPECT_EQ(in.var("seenlocal"), "shared"); // local is visible to callees
  EXPECT_EQ(in.var("seenmy"), "global");    // my is not
  EXPECT_EQ(in.var("m"), "global");
  EXPECT_EQ(in.var("leaked"), "1"); // undeclared variables are global (gotcha 17)
  EXPECT_EQ(in.var("l"), "undefined");
}

TEST_F(GcStmt, HashSubstitution) {
  ASSERT_EQ(in.run("set piece N; set posvar w123; inc #posvar; inc #posvar; set u #undefined;"), "");
  EXPECT_EQ(in.var("w123"), "2");
  EXPECT_EQ(in.var("u"), "#undefined"); // undefined names stay literally
  // a name held as a number, or by an undefined variable, is its text
  ASSERT_EQ(in.run("set n 7; inc #n 2; dec #n; inc #nothing;"), "");
  EXPECT_EQ(in.var("7"), "1");
  EXPECT_EQ(in.var("#nothing"), "1");
  // the name a variable holds stays the name after the variable changes
  ASSERT_EQ(in.run("set posvar b1; inc #posvar; set posvar b2; inc #posvar; inc #posvar;"), "");
  EXPECT_EQ(in.var("b1"), "1");
  EXPECT_EQ(in.var("b2"), "2");
  ASSERT_EQ(in.run("set from e2; die \"The piece on\" #from. may not go;"), "DIE: The piece on e2. may not go");
}

TEST_F(GcStmt, SetManyAndSetconstAndFlags) {
  ASSERT_EQ(in.run("set many a 1 b two; setconst K King; setflag a1 h1; unsetflag a1 z9;"), "");
  EXPECT_EQ(in.var("a"), "1");
  EXPECT_EQ(in.var("b"), "two");
  EXPECT_EQ(in.ev("const K"), "King");
  EXPECT_EQ(in.ev("flag a1"), "false");
  EXPECT_EQ(in.ev("flag h1"), "true");
  EXPECT_EQ(in.ev("boardflags"), "h1,");
}

TEST_F(GcStmt, IncDecWithStep) {
  ASSERT_EQ(in.run("inc n; inc n 4; dec n; dec m 2;"), "");
  EXPECT_EQ(in.var("n"), "4");
  EXPECT_EQ(in.var("m"), "-2");
}

TEST_F(GcStmt, DefIsRedefinedAtRunTime) {
  // seed 000's stalemated redefines `friends` for the side it tests
  ASSERT_EQ(in.run("sub side k: if isupper #k: def friends onlyupper; else: def friends onlylower;"
                   " endif; return count fn friends; endsub; set u sub side K; set l sub side k;"),
            "");
  EXPECT_EQ(in.var("u"), "16");
  EXPECT_EQ(in.var("l"), "16");
}

TEST_F(GcStmt, DefResolvesHashNamesWhenCalled) {
  ASSERT_EQ(in.run("def addn + #0 #n; set n 1; set a fn addn 10; set n 5; set b fn addn 10;"), "");
  EXPECT_EQ(in.var("a"), "11");
  EXPECT_EQ(in.var("b"), "15");
}

TEST_F(GcStmt, CommentsAreStrippedButNotInStrings) {
  ASSERT_EQ(in.run("// a comment; set x 1;\nset y \"http://x.org\"; // trailing\n"), "");
  EXPECT_EQ(in.var("x"), "undefined");
  EXPECT_EQ(in.var("y"), "http://x.org");
}

TEST_F(GcStmt, BoardCommands) {
  ASSERT_EQ(in.run("move e2 e4; add Q d5; capture d7; empty a1 h1; flip b1;"), "");
  EXPECT_EQ(in.space("e4"), "P");
  EXPECT_EQ(in.space("e2"), "@");
  EXPECT_EQ(in.space("d5"), "Q");
  EXPECT_EQ(in.space("d7"), "@");
  EXPECT_EQ(in.space("a1"), "@");
  EXPECT_EQ(in.space("b1"), "n");
  ASSERT_EQ(in.run("store; move e4 e5; restore; restore;"), "");
  EXPECT_EQ(in.space("e4"), "P");
  EXPECT_EQ(in.space("e5"), "@");
}

TEST_F(GcStmt, PlayerNotationInCode) {
  ASSERT_EQ(in.run("MOVE: P e2-e4; eval join \"MOVE: \" \"N g8-f6\";"), "");
  EXPECT_EQ(in.space("e4"), "P");
  EXPECT_EQ(in.space("f6"), "n");
  EXPECT_EQ(in.ev("$moved"), "n");
  EXPECT_EQ(in.ev("$prevmoved"), "P");
  EXPECT_EQ(in.ev("$prevdest"), "e4");
  EXPECT_EQ(in.ev("capture"), "false");
  ASSERT_EQ(in.run("set m moved; set o origin; set d dest; set c old;"), "");
  EXPECT_EQ(in.var("m"), "n");
  EXPECT_EQ(in.var("o"), "g8");
  EXPECT_EQ(in.var("d"), "f6");
  EXPECT_EQ(in.var("c"), "@");
  ASSERT_EQ(in.run("die You may not move a moved from origin to dest;"), "DIE: You may not move a n from g8 to f6");
  ASSERT_EQ(in.run("die $moved went origin-dest \"($old)\";"), "DIE: n went g8-f6 (@)");
}

// The lexer decides once how each word reads (gc_lex.c evaluation_of); every reading must give
// what the general one gives: move words before and after a move, in functions and in
// substitutions, #n arguments, #name variables set, unset or hyphenated.
TEST_F(GcStmt, WordsReadAlikeWhicheverWayTheLexerFiled) {
  EXPECT_EQ(in.ev("origin"), "origin"); // no move yet: the word itself
  EXPECT_EQ(in.ev("list dest moved"), "dest moved");
  EXPECT_EQ(in.ev("#nosuch"), "#nosuch");
  ASSERT_EQ(in.run("set a-b 5; set a 1; def two cond == #0 origin #1 join #0 #1; def mover moved;"), "");
  EXPECT_EQ(in.ev("#a-b"), "5");
  EXPECT_EQ(in.ev("#a"), "1");
  ASSERT_EQ(in.run("MOVE: N g1-f3;"), "");
  EXPECT_EQ(in.ev("origin"), "g1");
  EXPECT_EQ(in.ev("list origin dest moved old"), "g1 f3 N @");
  EXPECT_EQ(in.ev("fn two g1 x"), "x");
  EXPECT_EQ(in.ev("fn two h1 x"), "h1x");
  EXPECT_EQ(in.ev("fn mover"), "N");
  EXPECT_EQ(in.ev("checkleap origin dest 1 2"), "true");
  EXPECT_EQ(in.ev("== space dest moved"), "true");
  EXPECT_EQ(in.ev("join origin dest"), "g1f3");
  EXPECT_EQ(in.ev("\"#origin\""), "#origin");
  ASSERT_EQ(in.run("set k origin; set m moved; set ups onlyupper;"), "");
  EXPECT_EQ(in.var("k"), "g1");
  EXPECT_EQ(in.var("m"), "N");
  EXPECT_EQ(in.ev("elem dest ups"), "N");
  EXPECT_EQ(in.ev("fn two #nosuch y"), "#nosuchy");
}

TEST_F(GcStmt, AliasesBothWays) {
  ASSERT_EQ(in.run("alias Pawn White_Pawn; alias Pawn Black_Pawn;"), "");
  EXPECT_EQ(in.ev("alias White_Pawn"), "Pawn");
  EXPECT_EQ(in.ev("realname Pawn"), "Black_Pawn"); // the last assignment wins
  EXPECT_EQ(in.ev("alias Q"), "Q");
}

TEST_F(GcStmt, SetlegalForms) {
  ASSERT_EQ(in.run("setlegal e2 e3 e4; setlegal g1 (f3 h3); setlegal b1 (leaps b1 1 2);"), "");
  EXPECT_EQ(in.ev("$legalmoves"), "[e2-e3,e2-e4,g1-f3,g1-h3,b1-c3,b1-a3,b1-d2]");
}

TEST_F(GcStmt, IncludeFiles) {
  char dir[] = "/tmp/gcincXXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  std::string path = std::string(dir) + "/mylib.txt";
  FILE *f = fopen(path.c_str(), "w");
  ASSERT_NE(f, nullptr);
  fputs("def N checkleap #0 #1 1 2;\nsub hello: return hi; endsub;\nset included 1;\n", f);
  fclose(f);
  gc_set_include_dir(in.gc, dir);
  ASSERT_EQ(in.run("include mylib; set h sub hello;"), "");
  EXPECT_EQ(in.var("included"), "1");
  EXPECT_EQ(in.var("h"), "hi");
  EXPECT_EQ(in.ev("fn N b1 c3"), "true");
  // Included again (each new game runs Pre-Game again): run again, from its first compilation.
  ASSERT_EQ(in.run("set included 0; include mylib; set h2 sub hello;"), "");
  EXPECT_EQ(in.var("included"), "1");
  EXPECT_EQ(in.var("h2"), "hi");
  EXPECT_EQ(in.run("include nosuch;").rfind("ERROR test.gc:1: include nosuch: not found", 0), 0u);
  remove(path.c_str());
  rmdir(dir);
}

// ---- errors carry file:line ----

TEST_F(GcStmt, ParseErrorsHaveFileAndLine) {
  EXPECT_EQ(in.run("set x 1;\nif true:\n  set y 2;\n", "p.gc"), "ERROR p.gc:2: if at line 2 is never closed");
  EXPECT_EQ(in.run("set x 1;\nnext;\n", "p.gc"), "ERROR p.gc:2: next without an open block");
  EXPECT_EQ(in.run("for x (a b):\n  endif;\nnext;", "p.gc"),
            "ERROR p.gc:2: endif closes nothing: the innermost open block is the one at line 1");
  EXPECT_EQ(in.run("break;", "p.gc"), "ERROR p.gc:1: break outside a loop or switch");
  EXPECT_EQ(in.run("set x \"abc;", "p.gc"), "ERROR p.gc:1: unterminated string");
}

TEST_F(GcStmt, RuntimeErrorsHaveFileAndLine) {
  EXPECT_EQ(in.run("set a 1;\n\nset b checkleap a1;", "r.gc"), "ERROR r.gc:3: checkleap needs 4 operands, has 1");
  EXPECT_EQ(in.run("sub f:\n  return fn nope 1;\nendsub;\nset x sub f;", "r.gc"),
            "ERROR r.gc:2: fn nope: no such function");
}

TEST_F(GcStmt, StepLimitStopsRunawayLoops) {
  GcLimits l = gc_default_limits();
  l.max_steps = 10000;
  gc_set_limits(in.gc, &l);
  std::string r = in.run("set i 0;\ndo:\n  inc i;\nloop;", "loop.gc");
  EXPECT_EQ(r.rfind("ERROR loop.gc:", 0), 0u) << r;
  EXPECT_NE(r.find("step limit exceeded"), std::string::npos) << r;
}

TEST_F(GcStmt, RecursionLimitStopsRunawayRecursion) {
  std::string r = in.run("sub down n:\n  return sub down + #n 1;\nendsub;\nset x sub down 0;", "rec.gc");
  EXPECT_EQ(r, "ERROR rec.gc:2: recursion limit (200 calls) reached in sub down");
  ASSERT_EQ(in.run("def loopy fn loopy #0;"), "");
  EXPECT_EQ(in.ev("fn loopy 1"), "ERROR: recursion limit (200 calls) reached in fn loopy");
}

TEST_F(GcStmt, StringAndArrayLimits) {
  GcLimits l = gc_default_limits();
  l.max_string = 1000;
  l.max_array = 100;
  gc_set_limits(in.gc, &l);
  std::string r = in.run("set s x;\ndo:\n  set s join #s #s;\nloop;", "mem.gc");
  EXPECT_EQ(r, "ERROR mem.gc:3: string of 1024 bytes exceeds the limit of 1000");
  EXPECT_EQ(in.ev("range 1 500"), "ERROR: array of 500 elements exceeds the limit of 100");
  // arrays inside arrays without end would make freeing or printing them recurse too deeply
  EXPECT_EQ(in.run("set x a;\ndo:\n  set x array #x;\nloop;", "nest.gc"),
            "ERROR nest.gc:3: arrays nested more than 64 deep");
  EXPECT_EQ(in.run("set y a;\ndo:\n  set y #y b;\nloop;", "nest.gc"),
            "ERROR nest.gc:3: arrays nested more than 64 deep");
}

TEST_F(GcStmt, ReturnAtTopLevelEndsTheSection) {
  ASSERT_EQ(in.run("set a 1; return; set a 2;"), "");
  EXPECT_EQ(in.var("a"), "1");
}

TEST_F(GcStmt, UnsetEchoPrintAreQuiet) {
  ASSERT_EQ(in.run("set a 1; unset a; echo hello world; print + 1 2;"), "");
  EXPECT_EQ(in.var("a"), "undefined");
}

static void collect(void *ctx, const char *file, int line, const char *text) {
  *static_cast<std::string *>(ctx) += std::string(file) + ":" + std::to_string(line) + " " + text + "\n";
}

TEST_F(GcStmt, EchoAndPrintGoToTheLogger) {
  std::string log;
  gc_set_logger(in.gc, collect, &log);
  ASSERT_EQ(in.run("set x 4;\necho x is #x;\nprint * #x 2;", "log.gc"), "");
  EXPECT_EQ(log, "log.gc:2 x is 4\nlog.gc:3 8\n");
}

TEST_F(GcStmt, LexerEdgeCases) {
  // a def laid out over several lines, as seed 000 shows the P function
  ASSERT_EQ(in.run("def far\n\tand\n\t\t> rank #1 rank #0\n\t\t> distance #0 #1 1;\n"), "");
  EXPECT_EQ(in.ev("fn far e2 e4"), "true");
  EXPECT_EQ(in.ev("fn far e2 e3"), "false");
  // several statements on one line, a block opener followed by code on the same line
  ASSERT_EQ(in.run("if true: set a 1; set b 2; else: set a 0; endif; set c \"x: y; z\";"), "");
  EXPECT_EQ(in.var("a"), "1");
  EXPECT_EQ(in.var("b"), "2");
  EXPECT_EQ(in.var("c"), "x: y; z");
  // player notation inside a block
  ASSERT_EQ(in.run("if true:\n  MOVE: P e2-e4;\nendif;"), "");
  EXPECT_EQ(in.space("e4"), "P");
  // names with hyphens and underscores, and #name-with-hyphen substitution
  ASSERT_EQ(in.run("set Rook-Desc moves; set White_Pawn wp; set m #Rook-Desc; set n #White_Pawn;"), "");
  EXPECT_EQ(in.var("m"), "moves");
  EXPECT_EQ(in.var("n"), "wp");
  // old syntax sub header ending in ';'
  ASSERT_EQ(in.run("sub twice x;\n  return * 2 #x;\nendsub;\nset t sub twice 4;"), "");
  EXPECT_EQ(in.var("t"), "8");
}
