// The XBoard (CECP v2) front end, driven through pipes like XBoard drives it.
#include <gtest/gtest.h>

#include <cstdio>

#include <regex>
#include <string>

#include "bridge/broken_preset.h"
#include "protocol/engine_process.h"
#include "protocol/protocol.h"
#include "protocol/newline_preset.h"

namespace {

void Handshake(EngineProcess &e) {
  e.Send("xboard");
  e.Send("protover 2");
  ASSERT_FALSE(e.Expect("feature done=1").empty());
}

TEST(ProtocolXboard, FeaturesListEveryVariantAndTheProtocolFlags) {
  EngineProcess e;
  e.Send("xboard");
  e.Send("protover 2");
  EXPECT_FALSE(e.Expect("feature done=0").empty());
  std::string flags = e.Expect("feature myname=.*");
  for (const char *f : {"setboard=1", "usermove=1", "ping=1", "sigint=0", "sigterm=0", "reuse=1", "analyze=1",
                        "colors=0", "memory=1", "smp=1"})
    EXPECT_NE(flags.find(f), std::string::npos) << f;
  std::string variants = e.Expect("feature variants=.*");
  for (const char *v : {"normal", "capablanca", "xiangqi", "shogi", "crazyhouse", "fischerandom"})
    EXPECT_NE(variants.find(v), std::string::npos) << v;
  EXPECT_FALSE(e.Expect("feature done=1").empty());
  e.Send("quit");
  EXPECT_EQ(e.Finish(), 0);
}

// A line longer than the engine's buffer is dropped whole with one error, never split into
// pieces that each run as a command (here the piece "quit" would have ended the engine).
TEST(ProtocolXboard, AnOverlongLineIsDroppedWholeNotSplitIntoCommands) {
  EngineProcess e;
  Handshake(e);
  for (size_t junk : {PROTO_LINE_MAX - 1, PROTO_LINE_MAX + 0, PROTO_LINE_MAX + 40000}) {
    e.Send(std::string(junk, 'x') + "quit");
    EXPECT_FALSE(e.Expect("Error \\(line too long\\)").empty()) << junk;
    e.Send("ping 7");
    EXPECT_FALSE(e.Expect("pong 7").empty()) << junk;
  }
  for (const std::string &l : e.Seen()) EXPECT_EQ(l.find("unknown command"), std::string::npos) << l.substr(0, 80);
  e.Send("quit");
  EXPECT_EQ(e.Finish(), 0);
}

// memory takes every size up to UCI's Hash maximum, the largest this machine can give when less.
TEST(ProtocolXboard, MemoryTakesTheLargestSizeOffered) {
  EngineProcess e;
  Handshake(e);
  e.Send("memory 65536");
  e.Send("memory 1");
  e.Send("ping 3");
  EXPECT_FALSE(e.Expect("pong 3").empty());
  for (const std::string &l : e.Seen()) EXPECT_EQ(l.find("Error"), std::string::npos) << l;
}

// A preset's message with a newline in it stays on its one line: it never starts a line of its
// own that XBoard would take for a result.
TEST(ProtocolXboard, APresetMessageWithANewlineStaysOneLine) {
  char dir[] = "/tmp/herald-newline-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  newline_preset::Write(dir, "newline-tutorial.preset");
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send(std::string("variant ") + dir + "/newline-tutorial.preset");
  e.Send("force");
  e.Send("usermove g1g4");
  EXPECT_FALSE(e.Expect("Illegal move \\(bad bestmove a1a1 1-0 \\{White mates\\}\\): g1g4").empty());
  e.Send("ping 5");
  EXPECT_FALSE(e.Expect("pong 5").empty());
  for (const std::string &l : e.Seen()) {
    EXPECT_NE(l.rfind("1-0", 0), 0u) << l;
    EXPECT_EQ(l.find('\r'), std::string::npos) << l;
  }
  std::string clean = std::string("rm -rf ") + dir;
  ASSERT_EQ(system(clean.c_str()), 0);
}

TEST(ProtocolXboard, PlaysBlackAfterNewAndAnswersPing) {
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send("level 40 5 0");
  e.Send("time 30000");
  e.Send("otim 30000");
  e.Send("st 1");
  e.Send("usermove e2e4");
  std::string move = e.Expect("move .*");
  EXPECT_TRUE(std::regex_match(move, std::regex("move [a-h][1-8][a-h][1-8]"))) << move;
  e.Send("ping 42");
  EXPECT_FALSE(e.Expect("pong 42").empty());
}

// WinBoard ends its lines in CR LF: every command is read as without the CR.
TEST(ProtocolXboard, LinesEndingInCarriageReturnAreReadAsWithout) {
  EngineProcess e;
  e.Send("xboard\r");
  e.Send("protover 2\r");
  ASSERT_FALSE(e.Expect("feature done=1").empty());
  e.Send("new\r");
  e.Send("variant capablanca\r");
  e.Send("sd 2\r");
  e.Send("usermove e2e4\r");
  std::string move = e.Expect("move .*");
  EXPECT_TRUE(std::regex_match(move, std::regex("move [a-j][1-8][a-j][1-8]"))) << move;
  e.Send("ping 7\r");
  EXPECT_FALSE(e.Expect("pong 7").empty());
  for (const std::string &l : e.Seen()) {
    EXPECT_EQ(l.find("Error"), std::string::npos) << l;
    EXPECT_EQ(l.find("Illegal"), std::string::npos) << l;
  }
}

// A clock that ran out (XBoard sends it below zero) asks for a move at once, not a search on
// the base time of the level.
TEST(ProtocolXboard, ANegativeClockMovesAtOnce) {
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send("level 40 5 0");
  e.Send("time -5");
  e.Send("otim -5");
  e.Send("usermove e2e4");
  long ms = e.TimeTo("move .*", 5000);
  EXPECT_GE(ms, 0);
  EXPECT_LT(ms, 1000);
}

TEST(ProtocolXboard, GoPlaysTheSideToMoveAndForceStopsIt) {
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send("force");
  e.Send("usermove e2e4");
  e.Send("usermove e7e5");
  e.Send("sd 3");
  e.Send("go");
  std::string move = e.Expect("move .*");
  EXPECT_FALSE(move.empty());
  e.Send("force");
  e.Send("usermove a7a6");
  e.Send("ping 1");
  EXPECT_FALSE(e.Expect("pong 1").empty());
  for (const auto &line : e.Seen()) EXPECT_NE(line, "Illegal move (not a legal move here): a7a6");
}

// herald-match sends a node limit as "nps N" + "st 1": the search then stops at N nodes, which the
// thinking output shows, instead of thinking for a second.
TEST(ProtocolXboard, NpsWithStIsANodeBudget) {
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send("force");
  e.Send("post");
  e.Send("nps 500");
  e.Send("st 1");
  e.Send("go");
  ASSERT_FALSE(e.Expect("move .*").empty());
  unsigned long long most = 0;
  for (const auto &line : e.Seen()) {
    int ply, score, centis;
    unsigned long long nodes;
    if (sscanf(line.c_str(), "%d %d %d %llu", &ply, &score, &centis, &nodes) == 4 && nodes > most) most = nodes;
  }
  EXPECT_GT(most, 0u);
  EXPECT_LE(most, 500u);
  e.Send("nps many");
  EXPECT_FALSE(e.Expect("Error \\(nps needs nodes a second\\): nps many").empty());
}

TEST(ProtocolXboard, IllegalMovesAndMalformedCommandsAreReported) {
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send("force");
  e.Send("usermove e2e5");
  // Chess is its preset: an illegal move gets the preset's own message.
  EXPECT_FALSE(e.Expect("Illegal move \\(You may not move your Pawn from e2 to e5 that way\\..*\\): e2e5").empty());
  e.Send("frobnicate");
  EXPECT_FALSE(e.Expect("Error \\(unknown command\\): frobnicate").empty());
  e.Send("level forty");
  EXPECT_FALSE(e.Expect("Error \\(level needs MPS BASE INC\\): level forty").empty());
  // Found by the protocol fuzzer: a base time that overflows the millisecond clock, NaN.
  e.Send("level 40 5111111111111111 0");
  EXPECT_FALSE(e.Expect("Error \\(level needs MPS BASE INC\\): level 40 5111111111111111 0").empty());
  e.Send("level 40 5:30 nan");
  EXPECT_FALSE(e.Expect("Error \\(level needs MPS BASE INC\\): level 40 5:30 nan").empty());
  e.Send("usermove a99999999999999999999a2");
  EXPECT_FALSE(e.Expect("Illegal move .*a99999999999999999999a2").empty());
  e.Send("sd deep");
  EXPECT_FALSE(e.Expect("Error \\(sd needs a depth\\): sd deep").empty());
  e.Send("time soon");
  EXPECT_FALSE(e.Expect("Error \\(time needs centiseconds\\): time soon").empty());
  e.Send("memory lots");
  EXPECT_FALSE(e.Expect("Error \\(memory needs megabytes\\): memory lots").empty());
  e.Send("variant nosuchgame");
  EXPECT_FALSE(e.Expect("Error \\(no game called 'nosuchgame'.*").empty());
  e.Send("setboard 8/8/8/8/8/8/8/9 w - - 0 1");
  EXPECT_FALSE(e.Expect("tellusererror Illegal position: .*").empty());
  e.Send("undo");
  EXPECT_FALSE(e.Expect("Error \\(no move to take back\\): undo").empty());
  e.Send("ping 3");
  EXPECT_FALSE(e.Expect("pong 3").empty());
}

TEST(ProtocolXboard, MateIsPlayedAndTheResultClaimed) {
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send("force");
  e.Send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  e.Send("sd 4");
  e.Send("go");
  EXPECT_EQ(e.Expect("move .*"), "move a1a8");
  EXPECT_FALSE(e.Expect("1-0 \\{White wins by checkmate\\}").empty());
}

TEST(ProtocolXboard, UndoAndRemoveTakeMovesBack) {
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send("force");
  e.Send("usermove e2e4");
  e.Send("usermove e7e5");
  e.Send("remove");
  e.Send("usermove d2d4");
  e.Send("undo");
  e.Send("usermove e2e4"); // legal again only if both take-backs worked
  e.Send("ping 9");
  ASSERT_FALSE(e.Expect("pong 9").empty());
  for (const auto &line : e.Seen()) EXPECT_EQ(line.find("Illegal"), std::string::npos) << line;
}

TEST(ProtocolXboard, XiangqiCountsRanksFromZero) {
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send("variant xiangqi");
  e.Send("force");
  e.Send("usermove h2e2"); // the central cannon, written as XBoard writes it
  e.Send("sd 3");
  e.Send("go");
  std::string move = e.Expect("move .*");
  EXPECT_TRUE(std::regex_match(move, std::regex("move [a-i][0-9][a-i][0-9]"))) << move;
  for (const auto &line : e.Seen()) EXPECT_EQ(line.find("Illegal"), std::string::npos) << line;
}

TEST(ProtocolXboard, AnalyzePostsThinkingUntilExitAndQuestionMarkMovesNow) {
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send("post");
  e.Send("analyze");
  EXPECT_FALSE(e.Expect("[0-9]+ -?[0-9]+ [0-9]+ [0-9]+ [a-h][1-8][a-h][1-8].*").empty());
  e.Send("usermove e2e4"); // analysis follows the game
  EXPECT_FALSE(e.Expect("[0-9]+ -?[0-9]+ [0-9]+ [0-9]+ [a-h][1-8][a-h][1-8].*").empty());
  e.Send("exit");
  e.Send("force");
  e.Send("level 0 60 0");
  e.Send("time 600000");
  e.Send("otim 600000");
  e.Send("go");
  e.Send("?");
  EXPECT_GE(e.TimeTo("move .*", 3000), 0);
  e.Send("quit");
  EXPECT_EQ(e.Finish(), 0);
}

TEST(ProtocolXboard, ShogiDropsAndPromotions) {
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send("variant shogi");
  e.Send("force");
  for (const char *m : {"c3c4", "g7g6", "b2h8+", "g9h8", "B@e5"}) e.Send(std::string("usermove ") + m);
  e.Send("ping 5");
  ASSERT_FALSE(e.Expect("pong 5").empty());
  for (const auto &line : e.Seen()) EXPECT_EQ(line.find("Illegal"), std::string::npos) << line;
}

// XBoard writes a declined promotion with a trailing '=' (real XBoard forfeited Herald for
// refusing it): it is the move without promotion, where one exists, and only then.
TEST(ProtocolXboard, ATrailingEqualsSignDeclinesAPromotion) {
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send("variant shogi");
  e.Send("force");
  // the bishop takes on h8 unpromoted: only an unpromoted bishop may promote taking on g9 after
  for (const char *m : {"c3c4", "g7g6", "b2h8=", "a7a6", "h8g9+"}) e.Send(std::string("usermove ") + m);
  e.Send("ping 5");
  ASSERT_FALSE(e.Expect("pong 5").empty());
  for (const auto &line : e.Seen()) EXPECT_EQ(line.find("Illegal"), std::string::npos) << line;
  // a promotion that is forced (a pawn to the last rank) is not declined by '='
  e.Send("new");
  e.Send("variant minishogi");
  e.Send("force");
  e.Send("setboard rbsgk/P3p/5/5/KGSBR[] w - - 0 1");
  e.Send("usermove a4a5=");
  EXPECT_FALSE(e.Expect("Illegal move \\(.*\\): a4a5=").empty());
  e.Send("usermove a4a5+");
  e.Send("ping 6");
  ASSERT_FALSE(e.Expect("pong 6").empty());
  int illegal = 0;
  for (const auto &line : e.Seen()) illegal += line.find("Illegal") != std::string::npos;
  EXPECT_EQ(illegal, 1);
}

} // namespace

namespace {

TEST(ProtocolXboard, EngineDefinedVariantsAreDescribedWithSetupAndPieces) {
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send("variant extinction");
  EXPECT_FALSE(e.Expect("setup \\(PNBRQ\\.{16}Kpnbrq\\.{16}k\\) 8x8\\+0_fairy "
                        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
                   .empty());
  EXPECT_FALSE(e.Expect("piece K& KisO2").empty());        // its castling, as XBoard's O atom
  EXPECT_FALSE(e.Expect("piece P& fceFfmWifmnD").empty()); // 'e': XBoard's en-passant mark
  e.Send("variant minishogi");
  EXPECT_FALSE(
      e.Expect("setup \\(P\\.BR\\.S\\.\\.\\.G\\.\\+\\.\\+\\+\\.\\+K"
               "p\\.br\\.s\\.\\.\\.g\\.\\+\\.\\+\\+\\.\\+k\\) 5x5\\+5_shogi rbsgk/4p/5/P4/KGSBR\\[\\] w - - 0 1")
          .empty());
  EXPECT_FALSE(e.Expect("piece \\+R& RF").empty());
  // Variants XBoard knows get no setup.
  e.Send("variant capablanca");
  e.Send("ping 2");
  ASSERT_FALSE(e.Expect("pong 2").empty());
  int setups = 0;
  for (const auto &line : e.Seen()) setups += line.rfind("setup", 0) == 0;
  EXPECT_EQ(setups, 2);
}

} // namespace

namespace {

TEST(ProtocolXboard, PondersAfterItsMoveAndKeepsTheGameRightOnHitAndMiss) {
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send("hard");
  e.Send("post");
  e.Send("level 0 1 0");
  e.Send("time 6000");
  e.Send("otim 6000");
  e.Send("usermove e2e4");
  std::string first = e.Expect("move .*");
  ASSERT_FALSE(first.empty());
  // Thinking output continues while it ponders on the opponent's time.
  EXPECT_FALSE(e.Expect("[0-9]+ -?[0-9]+ [0-9]+ [0-9]+ .*", 3000).empty());
  e.Send("usermove d2d4"); // hit or miss, the reply must be a legal move in the real game
  std::string second = e.Expect("move .*");
  ASSERT_FALSE(second.empty());
  e.Send("force");
  e.Send("ping 4");
  ASSERT_FALSE(e.Expect("pong 4").empty());
  for (const auto &line : e.Seen()) EXPECT_EQ(line.find("Illegal"), std::string::npos) << line;
  e.Send("easy");
  e.Send("quit");
  EXPECT_EQ(e.Finish(), 0);
}

} // namespace

namespace {

TEST(ProtocolXboard, LiftAnswersWithTheLegalTargets) {
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send("force");
  e.Send("lift e2");
  EXPECT_FALSE(e.Expect("highlight 8/8/8/8/4Y3/4Y3/8/8").empty());
  e.Send("setboard 4k3/8/8/3p4/4N3/8/8/4K3 w - - 0 1");
  e.Send("lift e4");
  EXPECT_FALSE(e.Expect("highlight 8/8/3Y1Y2/2Y3Y1/8/2Y3Y1/3Y1Y2/8").empty());
  e.Send("setboard 4k3/8/8/4p3/2N5/8/8/4K3 w - - 0 1");
  e.Send("lift c4");
  EXPECT_FALSE(e.Expect("highlight 8/8/1Y1Y4/Y3R3/8/Y3Y3/1Y1Y4/8").empty());
  e.Send("lift z9");
  EXPECT_FALSE(e.Expect("Error \\(lift needs a square\\): lift z9").empty());
}

} // namespace

namespace {

TEST(ProtocolXboard, ExcludedMovesAreLeftOutOfAnalysis) {
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send("force");
  e.Send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"); // a1a8 mates
  e.Send("post");
  e.Send("exclude a1a8");
  e.Send("analyze");
  std::string line = e.Expect("[0-9]+ -?[0-9]+ [0-9]+ [0-9]+ .*");
  ASSERT_FALSE(line.empty());
  EXPECT_EQ(line.find("a1a8"), std::string::npos) << line;
  e.Send("include all");
  EXPECT_FALSE(e.Expect("[0-9]+ 10000[0-9] [0-9]+ [0-9]+ a1a8.*").empty()); // mate found again
  e.Send("exit");
  e.Send("exclude h9h9");
  EXPECT_FALSE(e.Expect("Error \\(not a legal move\\): exclude h9h9").empty());
}

} // namespace

namespace {

TEST(ProtocolXboard, PresetVariantsGiveThePresetsOwnIllegalMoveMessages) {
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send("variant chess-tutorial");
  EXPECT_FALSE(
      e.Expect("setup \\(.*\\) 8x8\\+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").empty());
  e.Send("force");
  e.Send("usermove e2e5");
  EXPECT_FALSE(e.Expect("Illegal move \\(A Pawn cannot make a non-capturing move from e2 to e5\\): e2e5").empty());
  e.Send("usermove e1e2");
  EXPECT_FALSE(e.Expect("Illegal move \\(You may not capture your own pieces\\.\\): e1e2").empty());
  e.Send("usermove e2e4");
  e.Send("sd 3");
  e.Send("go");
  std::string move = e.Expect("move .*");
  EXPECT_TRUE(std::regex_match(move, std::regex("move [a-h][1-8][a-h][1-8]"))) << move;
}

// How long a preset may take to load is an engine option (LoadTime, seconds): a preset slower
// than that is refused with the file:line its code had reached, and the engine answers ping.
TEST(ProtocolXboard, LoadTimeLimitsHowLongAPresetMayTakeToLoad) {
  char dir[] = "/tmp/herald-load-time-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  std::string path = std::string(dir) + "/slowload.preset";
  FILE *f = fopen(path.c_str(), "w");
  ASSERT_NE(f, nullptr);
  std::string spin = "set i 0;\ndo while < #i 1000000:\n  inc i;\nloop;\n";
  fputs(
      ("Game: S\nFiles: a b c\nRanks: 1 2 3\nFEN: k2/3/2K\n[Post-Move 1]\n" + spin + "[Post-Move 2]\n" + spin).c_str(),
      f);
  fclose(f);
  EngineProcess e;
  e.Send("xboard");
  e.Send("protover 2");
  EXPECT_FALSE(e.Expect("feature option=\"LoadTime -spin [0-9]+ 1 3600\"").empty());
  ASSERT_FALSE(e.Expect("feature done=1").empty());
  e.Send("option LoadTime=1");
  e.Send("new");
  e.Send("variant " + path);
  e.Send("ping 7");
  ASSERT_FALSE(e.Expect("pong 7", 20000).empty());
  bool told = false;
  for (const std::string &l : e.Seen())
    told |= l.find("slowload.preset:") != std::string::npos &&
            l.find("loading the preset took longer than its limit of 1000 ms") != std::string::npos;
  EXPECT_TRUE(told) << "no line names the slow load";
  e.Send("option LoadTime=0");
  EXPECT_FALSE(e.Expect("Error \\(unknown option or bad value\\): option LoadTime=0").empty());
  std::string clean = std::string("rm -rf ") + dir;
  ASSERT_EQ(system(clean.c_str()), 0);
}

// A preset error on a move the user sends goes to the user (tellusererror) with the preset's
// file:line; XBoard still takes the move back, since the engine did not play it.
TEST(ProtocolXboard, APresetErrorIsToldToTheUserWithItsFileAndLine) {
  char dir[] = "/tmp/herald-preset-error-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  std::string text = broken_preset::Text();
  std::string path = broken_preset::Write(dir, "broken-tutorial.preset");
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send("variant " + path);
  e.Send("force");
  e.Send("usermove g1g4");
  EXPECT_FALSE(e.Expect("tellusererror preset error at .*broken-tutorial\\.preset:" +
                        std::to_string(broken_preset::LineOfError(text, 1)) + ": .*nosuchsub.*")
                   .empty());
  EXPECT_FALSE(e.Expect("Illegal move \\(the preset failed on it\\): g1g4").empty());
  e.Send("usermove e2e5");
  EXPECT_FALSE(e.Expect("Illegal move \\(A Pawn cannot make a non-capturing move from e2 to e5\\): e2e5").empty());
  std::string clean = std::string("rm -rf ") + dir;
  ASSERT_EQ(system(clean.c_str()), 0);
}

// Turns of several parts travel as parts joined by commas; in a game of one move a turn, a
// comma list is two turns and is refused whole, with the position left as it was.
TEST(ProtocolXboard, ACommaListBeyondTheTurnIsRefusedWhole) {
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send("force");
  e.Send("usermove e2e4,e7e5");
  EXPECT_FALSE(
      e.Expect("Illegal move \\(the turn ended after its part 1: e7e5 would be the opponent's\\): e2e4,e7e5").empty());
  e.Send("usermove e2e4,d2d5");
  EXPECT_FALSE(
      e.Expect("Illegal move \\(the turn ended after its part 1: d2d5 would be the opponent's\\): e2e4,d2d5").empty());
  e.Send("usermove e2e4"); // the position was left as before: e2e4 is still White's
  e.Send("ping 2");
  EXPECT_FALSE(e.Expect("pong 2").empty());
  for (const std::string &l : e.Seen()) EXPECT_NE(l, "Illegal move (not a legal move here): e2e4");
}

// The engine's own turn of two parts: each part but the last is sent ending in a comma, and
// the opponent's turn arrives as one usermove of comma-joined parts (Marseillais, the preset).
TEST(ProtocolXboard, TheEnginesTurnOfTwoPartsIsSentPartByPart) {
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send("variant marseillais");
  e.Send("sd 2");
  e.Send("usermove e2e4,d2d4");
  std::string first = e.Expect("move .*");
  EXPECT_TRUE(std::regex_match(first, std::regex("move [a-h][1-8][a-h][1-8],"))) << first;
  std::string second = e.Expect("move .*");
  EXPECT_TRUE(std::regex_match(second, std::regex("move [a-h][1-8][a-h][1-8]"))) << second;
  e.Send("usermove g1f3,b1c3"); // White's next turn is accepted: the engine's turn was whole
  EXPECT_FALSE(e.Expect("move [a-h][1-8][a-h][1-8],").empty());
  e.Send("force");
  e.Send("ping 3");
  EXPECT_FALSE(e.Expect("pong 3").empty());
  for (const std::string &l : e.Seen()) EXPECT_EQ(l.find("Illegal move"), std::string::npos) << l;
}

// A depth with no level nor clocks sent (a match by depth): XBoard's default clock, 40 moves in
// 5 minutes, lets the search reach the depth instead of moving at once on an empty clock.
TEST(ProtocolXboard, ADepthWithoutAClockIsSearchedToTheDepth) {
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send("force");
  e.Send("sd 5");
  e.Send("post");
  e.Send("go");
  EXPECT_FALSE(e.Expect("5 .*").empty());
  EXPECT_FALSE(e.Expect("move .*").empty());
}

// Janggi, where a side not in check may pass: the pass is read in XBoard's rank numbers (ten
// ranks counted from 0: White's General on e2 is "e1") as Fairy-Stockfish writes it in UCI, and
// as "0000", "@@@@" and "pass"; a square written twice that does not hold the mover's General
// stays an illegal move.  The engine's own pass goes out as "@@@@", which XBoard reads.
TEST(ProtocolXboard, JanggiPassesInEverySpellingAndTheEnginesOwn) {
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send("variant janggi");
  e.Send("force");
  e.Send("usermove e1e1"); // White passes,
  e.Send("usermove a6a5"); // a Soldier of Black's steps forward,
  e.Send("usermove @@@@"); // White passes again,
  e.Send("usermove 0000"); // and Black: two passes in a row end the game, which the count of
  // points decides: as many each, and Black's 1.5 of komi win
  EXPECT_FALSE(e.Expect("0-1 \\{Black wins by two passes in a row, decided by counting\\}").empty());
  e.Send("new");
  e.Send("variant janggi");
  e.Send("force");
  e.Send("usermove pass");
  e.Send("usermove e8e8"); // Black's General, on e9 in Herald's numbers
  e.Send("ping 1");
  ASSERT_FALSE(e.Expect("pong 1").empty());
  for (const std::string &l : e.Seen()) EXPECT_EQ(l.find("Illegal"), std::string::npos) << l;
  // d0 holds White's Advisor, e8 Black's General while White is to move, e4 nothing.
  e.Send("new");
  e.Send("variant janggi");
  e.Send("force");
  for (const char *other : {"d0d0", "e8e8", "e4e4"}) {
    e.Send(std::string("usermove ") + other);
    EXPECT_FALSE(e.Expect("Illegal move \\(.*\\): " + std::string(other)).empty()) << other;
  }
  // The General on d1 may not move (the Chariots hold d2, e1 and e2) and is not in check: the
  // pass is White's only move.
  e.Send("setboard 9/4k4/9/9/9/4r4/9/9/r8/3K5 w - - 0 1");
  e.Send("sd 2");
  e.Send("go");
  EXPECT_EQ(e.Expect("move .*"), "move @@@@");
}

// fischerandom is Chess960: the position comes by setboard (Shredder-FEN or X-FEN), castling as
// XBoard sends it to engines (O-O, O-O-O) or as the king taking its own rook.
TEST(ProtocolXboard, FischerandomIsChess960WithItsCastling) {
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send("variant fischerandom");
  e.Send("setboard r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1");
  e.Send("force");
  e.Send("usermove O-O");   // the King stays on g1, the Rook goes to f1,
  e.Send("usermove O-O-O"); // Black's King to c8, its Rook to d8,
  e.Send("usermove f1e1");  // and then the Rooks are where castling put them
  e.Send("usermove d8e8");
  e.Send("setboard 1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w KQkq - 0 1");
  e.Send("usermove g1b1"); // the King to c1, the Rook to d1, and the same for Black
  e.Send("usermove g8b8");
  e.Send("usermove d1e1");
  e.Send("usermove d8e8");
  e.Send("ping 1");
  ASSERT_FALSE(e.Expect("pong 1").empty());
  for (const std::string &l : e.Seen()) EXPECT_EQ(l.find("Illegal"), std::string::npos) << l;
  e.Send("usermove O-O"); // the King has castled: no right is left
  EXPECT_FALSE(e.Expect("Illegal move .*: O-O").empty());
}

// caparandom is XBoard's Capablanca random chess: ten files, castling to the c- or i-file.
TEST(ProtocolXboard, CaparandomCastlesOnTenFiles) {
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send("variant caparandom");
  e.Send("setboard r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w JAja - 0 1");
  e.Send("force");
  e.Send("usermove O-O");  // the King to i1, the Rook to h1,
  e.Send("usermove f8a8"); // Black's King to c8, its Rook to d8,
  e.Send("usermove h1g1"); // and then the Rooks are where castling put them
  e.Send("usermove d8e8");
  e.Send("ping 1");
  ASSERT_FALSE(e.Expect("pong 1").empty());
  for (const std::string &l : e.Seen()) EXPECT_EQ(l.find("Illegal"), std::string::npos) << l;
  e.Send("usermove O-O-O"); // the King has castled: no right is left
  EXPECT_FALSE(e.Expect("Illegal move .*: O-O-O").empty());
}

// hint: the opponent's reply the engine expects after its move, in the position it expects it.
TEST(ProtocolXboard, HintGivesTheExpectedReply) {
  EngineProcess e;
  Handshake(e);
  e.Send("new");
  e.Send("st 5");
  e.Send("sd 3"); // a main line three plies deep: the engine's move and the replies after it
  e.Send("usermove e2e4");
  std::string move = e.Expect("move .*");
  ASSERT_FALSE(move.empty());
  e.Send("hint");
  e.Send("ping 4");
  EXPECT_FALSE(e.Expect("pong 4").empty());
  bool hinted = false;
  for (const std::string &l : e.Seen()) hinted |= std::regex_match(l, std::regex("Hint: [a-h][1-8][a-h][1-8]"));
  EXPECT_TRUE(hinted);
}

} // namespace
