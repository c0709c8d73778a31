// Modern if / elseif / else / endif chains nested several levels deep in every branch kind, with
// for, do-while, do-until, loop-while and endless do loops inside them (reference §2.4). The
// parser also reads the 2004 syntax, where `endif N` may close one chain with N-1 elseifs (seed
// 001); none of that guessing may touch a modern chain, whose every `endif` closes the innermost
// open if. Each program is run on a grid of inputs against the same logic written in C++.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gamecode/shim.h"

using gctest::Interp;

namespace {

// route a b c: every branch kind (if, elseif, else) holds a nested chain, and the nested
// chains hold loops that hold chains again.
const char *kRoute = "sub route a b c:\n"
                     "  my out i n;\n"
                     "  set out none;\n"
                     "  if == #a 1:\n"
                     "    if == #b 1:\n"
                     "      set out a1b1;\n"
                     "    elseif == #b 2:\n"
                     "      if == #c 1:\n"
                     "        set out a1b2c1;\n"
                     "      elseif == #c 2:\n"
                     "        if true:\n"
                     "          if false:\n"
                     "            set out wrong;\n"
                     "          elseif true:\n"
                     "            set out a1b2c2;\n"
                     "          endif;\n"
                     "        endif;\n"
                     "      else:\n"
                     "        set out a1b2cx;\n"
                     "      endif;\n"
                     "    else:\n"
                     "      set out a1bx;\n"
                     "    endif;\n"
                     "  elseif == #a 2:\n"
                     "    if == #b 1:\n"
                     "      set out a2b1;\n"
                     "      for i (1 2 3):\n"
                     "        if == #i #c:\n"
                     "          set out join #out join i #i;\n"
                     "        elseif > #i #c:\n"
                     "          if == #i 3:\n"
                     "            set out join #out last;\n"
                     "          else:\n"
                     "            set out join #out gt;\n"
                     "          endif;\n"
                     "        else:\n"
                     "          if == #i 1:\n"
                     "            set out join #out lt;\n"
                     "          endif;\n"
                     "        endif;\n"
                     "      next;\n"
                     "    elseif == #b 2:\n"
                     "      set n 0;\n"
                     "      set out a2b2;\n"
                     "      do while < #n 3:\n"
                     "        inc n;\n"
                     "        if == #n #c:\n"
                     "          if == #c 2:\n"
                     "            set out join #out two;\n"
                     "          else:\n"
                     "            set out join #out join n #n;\n"
                     "          endif;\n"
                     "        elseif == #n 3:\n"
                     "          set out join #out end;\n"
                     "        endif;\n"
                     "      loop;\n"
                     "    else:\n"
                     "      set n 0;\n"
                     "      set out a2bx;\n"
                     "      do:\n"
                     "        inc n;\n"
                     "        if > #n #c:\n"
                     "          set out join #out more;\n"
                     "        elseif == #n #c:\n"
                     "          set out join #out same;\n"
                     "        else:\n"
                     "          set out join #out less;\n"
                     "        endif;\n"
                     "      loop until >= #n 3;\n"
                     "    endif;\n"
                     "  elseif == #a 3:\n"
                     "    set n 0;\n"
                     "    do:\n"
                     "      inc n;\n"
                     "      if == #n #b:\n"
                     "        break;\n"
                     "      elseif > #n 4:\n"
                     "        if true:\n"
                     "          break;\n"
                     "        endif;\n"
                     "      endif;\n"
                     "    loop;\n"
                     "    set out join a3n #n;\n"
                     "    if == #c 1:\n"
                     "      for i (1 2):\n"
                     "        if == #i 2:\n"
                     "          set out join #out for;\n"
                     "        elseif == #i 1:\n"
                     "        endif;\n"
                     "      next;\n"
                     "    elseif == #c 2:\n"
                     "    else:\n"
                     "      set out join #out cx;\n"
                     "    endif;\n"
                     "  else:\n"
                     "    if == #b 1:\n"
                     "    elseif == #b 2:\n"
                     "      if == #c 1:\n"
                     "        if true:\n"
                     "          if true:\n"
                     "            set out deep;\n"
                     "          endif;\n"
                     "        endif;\n"
                     "      elseif == #c 2:\n"
                     "        set out axb2c2;\n"
                     "      endif;\n"
                     "    else:\n"
                     "      set n 0;\n"
                     "      do:\n"
                     "        inc n;\n"
                     "      loop while < #n #c;\n"
                     "      set out join axbx #n;\n"
                     "    endif;\n"
                     "  endif;\n"
                     "  return #out;\n"
                     "endsub;\n";

std::string route(int a, int b, int c) {
  std::string out = "none";
  if (a == 1) {
    if (b == 1)
      out = "a1b1";
    else if (b == 2)
      out = c == 1 ? "a1b2c1" : c == 2 ? "a1b2c2" : "a1b2cx";
    else
      out = "a1bx";
  } else if (a == 2) {
    if (b == 1) {
      out = "a2b1";
      for (int i = 1; i <= 3; i++) {
        if (i == c)
          out += "i" + std::to_string(i);
        else if (i > c)
          out += i == 3 ? "last" : "gt";
        else if (i == 1)
          out += "lt";
      }
    } else if (b == 2) {
      out = "a2b2";
      for (int n = 1; n <= 3; n++) {
        if (n == c)
          out += c == 2 ? "two" : "n" + std::to_string(n);
        else if (n == 3)
          out += "end";
      }
    } else {
      out = "a2bx";
      for (int n = 1; n <= 3; n++) out += n > c ? "more" : n == c ? "same" : "less";
    }
  } else if (a == 3) {
    int n = 0;
    for (;;) {
      n++;
      if (n == b || n > 4) break;
    }
    out = "a3n" + std::to_string(n);
    if (c == 1)
      out += "for";
    else if (c != 2)
      out += "cx";
  } else {
    if (b == 2) {
      if (c == 1)
        out = "deep";
      else if (c == 2)
        out = "axb2c2";
    } else if (b != 1) {
      int n = 0;
      do n++;
      while (n < c);
      out = "axbx" + std::to_string(n);
    }
  }
  return out;
}

} // namespace

TEST(GcNesting, ModernChainsNestedInEveryBranchKind) {
  Interp in;
  ASSERT_EQ(in.run(kRoute), "");
  for (int a = 1; a <= 4; a++)
    for (int b = 1; b <= 3; b++)
      for (int c = 1; c <= 3; c++) {
        std::string call = "sub route " + std::to_string(a) + " " + std::to_string(b) + " " + std::to_string(c);
        EXPECT_EQ(in.ev(call), route(a, b, c)) << call;
      }
}

// The same program at top level (no sub around it): statements after the outer chain run.
TEST(GcNesting, TopLevelChainIsClosedByItsOwnEndif) {
  Interp in;
  std::string body = kRoute;
  body = body.substr(body.find('\n') + 1);            // drop "sub route a b c:"
  body = body.substr(0, body.find("  return #out;")); // and the return / endsub
  body.replace(body.find("  my out i n;\n"), 14, "");
  ASSERT_EQ(in.run("set a 2; set b 1; set c 2;\n" + body + "set after true;"), "");
  EXPECT_EQ(in.var("out"), route(2, 1, 2));
  EXPECT_EQ(in.var("after"), "true");
  ASSERT_EQ(in.run("set a 4; set b 3; set c 3;\n" + body + "set after2 true;"), "");
  EXPECT_EQ(in.var("out"), route(4, 3, 3));
  EXPECT_EQ(in.var("after2"), "true");
}

// Modern one-line chains (seed 004 writes whole chains on one line) nested in elseif branches,
// with an `endif` directly followed by the next branch of the enclosing chain.
TEST(GcNesting, OneLineChainsInsideElseifBranches) {
  Interp in;
  const char *code = "sub kind p q: my r; if == #p 0: set r zero; elseif == #p 1: if == #q 0: set r p1q0; "
                     "elseif == #q 1: if true: set r p1q1; endif; else: set r p1qx; endif; elseif == #p 2: "
                     "if == #q 0: set r p2q0; else: if == #q 1: set r p2q1; elseif == #q 2: set r p2q2; endif; "
                     "endif; else: set r px; endif; return #r; endsub;";
  ASSERT_EQ(in.run(code), "");
  EXPECT_EQ(in.ev("sub kind 0 0"), "zero");
  EXPECT_EQ(in.ev("sub kind 1 0"), "p1q0");
  EXPECT_EQ(in.ev("sub kind 1 1"), "p1q1");
  EXPECT_EQ(in.ev("sub kind 1 5"), "p1qx");
  EXPECT_EQ(in.ev("sub kind 2 0"), "p2q0");
  EXPECT_EQ(in.ev("sub kind 2 1"), "p2q1");
  EXPECT_EQ(in.ev("sub kind 2 2"), "p2q2");
  EXPECT_EQ(in.ev("sub kind 2 3"), "null");
  EXPECT_EQ(in.ev("sub kind 3 0"), "px");
}

// Old and modern code side by side in one program: the 2004 chain with `endif 2` keeps its
// meaning, and a modern chain with as many elseifs after it is closed by one `endif` each.
TEST(GcNesting, OldEndifNBesideModernChains) {
  Interp in;
  const char *code = "set v 2;\n"
                     "if == #v 1;\n  set old one;\nelseif == #v 2;\n  set old two;\n  if true;\n    set inner yes;\n"
                     "  endif;\nendif 2;\n"
                     "if == #v 1:\n  set new one;\nelseif == #v 2:\n  if == #v 2:\n    set new two;\n"
                     "  elseif == #v 3:\n  endif;\n  set tail yes;\nelse:\n  set new many;\nendif;\n"
                     "set after yes;";
  ASSERT_EQ(in.run(code), "");
  EXPECT_EQ(in.var("old"), "two");
  EXPECT_EQ(in.var("inner"), "yes");
  EXPECT_EQ(in.var("new"), "two");
  EXPECT_EQ(in.var("tail"), "yes");
  EXPECT_EQ(in.var("after"), "yes");
}

// Random modern programs: chains (with 0-3 elseifs, with or without else) and loops nested in
// any order up to five levels, laid out one statement to a line or many to a line. Each program
// leaves a trace of the statements it ran; a small evaluator here computes the expected trace.
namespace {

struct Node {
  enum Kind { TRACE, CHAIN, FOR, DO_WHILE, DO_UNTIL, BREAK } kind;
  int id = 0, var = 0;
  std::vector<int> values;               // CHAIN: value tested by each if/elseif; BREAK: value
  std::vector<std::vector<Node>> bodies; // CHAIN: one per branch (+ else); loops: one
  bool has_else = false;
};

struct Gen {
  unsigned state;
  int next_id = 0;
  explicit Gen(unsigned seed) : state(seed) {}
  int pick(int n) {
    state = state * 1103515245u + 12345u;
    return (int)((state >> 16) % (unsigned)n);
  }
  std::vector<Node> seq(int depth, bool in_loop) {
    std::vector<Node> out;
    int n = 1 + pick(3);
    for (int i = 0; i < n; i++) out.push_back(stmt(depth, in_loop));
    return out;
  }
  Node stmt(int depth, bool in_loop) {
    Node s;
    s.id = next_id++;
    int k = depth <= 0 ? 0 : pick(in_loop ? 7 : 6);
    if (k <= 1) {
      s.kind = Node::TRACE;
    } else if (k <= 3) {
      s.kind = Node::CHAIN;
      s.var = pick(3);
      int branches = 1 + pick(4);
      for (int b = 0; b < branches; b++) {
        s.values.push_back(pick(3));
        s.bodies.push_back(seq(depth - 1, in_loop));
      }
      s.has_else = pick(2);
      if (s.has_else) s.bodies.push_back(seq(depth - 1, in_loop));
    } else if (k == 6) {
      s.kind = Node::BREAK;
      s.var = pick(3);
      s.values.push_back(pick(3));
    } else {
      s.kind = k == 4 ? Node::FOR : pick(2) ? Node::DO_WHILE : Node::DO_UNTIL;
      s.bodies.push_back(seq(depth - 1, true));
    }
    return s;
  }
};

std::string write(const std::vector<Node> &seq, Gen &layout);

std::string write_stmt(const Node &s, Gen &layout) {
  std::string id = std::to_string(s.id), v = "#v" + std::to_string(s.var);
  std::string sep = layout.pick(2) ? "\n" : " ";
  switch (s.kind) {
  case Node::TRACE: return "set t join #t \"s" + id + ",\";" + sep;
  case Node::BREAK: return "if == " + v + " " + std::to_string(s.values[0]) + ": break; endif;" + sep;
  case Node::FOR: return "for l" + id + " (1 2):" + sep + write(s.bodies[0], layout) + "next;" + sep;
  case Node::DO_WHILE:
    return "set n" + id + " 0;" + sep + "do while < #n" + id + " 2:" + sep + "inc n" + id + ";" + sep +
           write(s.bodies[0], layout) + "loop;" + sep;
  case Node::DO_UNTIL:
    return "set n" + id + " 0;" + sep + "do:" + sep + "inc n" + id + ";" + sep + write(s.bodies[0], layout) +
           "loop until >= #n" + id + " 2;" + sep;
  case Node::CHAIN: {
    std::string out;
    for (size_t b = 0; b < s.values.size(); b++)
      out += std::string(b ? "elseif" : "if") + " == " + v + " " + std::to_string(s.values[b]) + ":" + sep +
             write(s.bodies[b], layout);
    if (s.has_else) out += "else:" + sep + write(s.bodies.back(), layout);
    return out + "endif;" + sep;
  }
  }
  return "";
}

std::string write(const std::vector<Node> &seq, Gen &layout) {
  std::string out;
  for (const Node &s : seq) out += write_stmt(s, layout);
  return out;
}

// Returns true when a break left the sequence.
bool run(const std::vector<Node> &seq, const int *vars, std::string &trace) {
  for (const Node &s : seq) {
    switch (s.kind) {
    case Node::TRACE: trace += "s" + std::to_string(s.id) + ","; break;
    case Node::BREAK:
      if (vars[s.var] == s.values[0]) return true;
      break;
    case Node::FOR:
    case Node::DO_WHILE:
    case Node::DO_UNTIL:
      for (int i = 0; i < 2; i++)
        if (run(s.bodies[0], vars, trace)) break;
      break;
    case Node::CHAIN: {
      size_t b = 0;
      while (b < s.values.size() && vars[s.var] != s.values[b]) b++;
      if (b < s.values.size() || s.has_else)
        if (run(s.bodies[b], vars, trace)) return true;
      break;
    }
    }
  }
  return false;
}

} // namespace

TEST(GcNesting, RandomNestedChainsAndLoopsAgreeWithTheirMeaning) {
  for (unsigned seed = 1; seed <= 150; seed++) {
    Gen gen(seed), layout(seed * 7919u);
    std::vector<Node> prog = gen.seq(5, false);
    std::string code = write(prog, layout);
    for (int v0 = 0; v0 < 3; v0++)
      for (int v1 = 0; v1 < 3; v1++) {
        int vars[3] = {v0, v1, (v0 + v1) % 3};
        Interp in;
        std::string setup = "set t \"\"; set v0 " + std::to_string(vars[0]) + "; set v1 " + std::to_string(vars[1]) +
                            "; set v2 " + std::to_string(vars[2]) + ";\n";
        std::string expected;
        run(prog, vars, expected);
        ASSERT_EQ(in.run(setup + code + "set done true;"), "") << code;
        ASSERT_EQ(in.var("t"), expected) << "seed " << seed << " v " << v0 << v1 << "\n" << code;
        ASSERT_EQ(in.var("done"), "true");
      }
  }
}
