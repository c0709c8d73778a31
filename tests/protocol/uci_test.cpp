// The UCI front end, driven through pipes like a GUI.
#include <gtest/gtest.h>

#include <cstdio>
#include <regex>
#include <string>
#include <vector>

#include "bridge/broken_preset.h"
#include "protocol/chess_session.h"
#include "protocol/engine_process.h"
#include "protocol/protocol.h"
#include "protocol/newline_preset.h"
#include "temp_dir.h"

// session.h (through uci.h) is C11: its _Atomic flags (a bool each, the same size and alignment
// either way) are read here as plain ones; these tests touch them from one thread only.
#define _Atomic
#include "protocol/uci.h"
#undef _Atomic

namespace {

void Handshake(EngineProcess &e) {
  e.Send("uci");
  ASSERT_FALSE(e.Expect("uciok").empty());
}

TEST(ProtocolUci, HandshakeNamesTheEngineAndItsOptions) {
  EngineProcess e;
  e.Send("uci");
  EXPECT_FALSE(e.Expect("id name Herald.*").empty());
  std::string variant = e.Expect("option name UCI_Variant type combo .*");
  for (const char *v : {"chess", "capablanca", "xiangqi", "shogi", "crazyhouse", "grand", "chess960"})
    EXPECT_NE(variant.find(std::string("var ") + v), std::string::npos) << v;
  EXPECT_FALSE(e.Expect("option name UCI_Chess960 type check default false").empty());
  EXPECT_FALSE(e.Expect("option name Hash type spin .*").empty());
  EXPECT_FALSE(e.Expect("option name Threads type spin .*").empty());
  EXPECT_FALSE(e.Expect("option name Ponder type check .*").empty());
  EXPECT_FALSE(e.Expect("option name MultiPV type spin .*").empty());
  EXPECT_FALSE(e.Expect("option name Move Overhead type spin .*").empty());
  EXPECT_FALSE(e.Expect("option name LoadTime type spin default [0-9]+ min 1 max 3600").empty());
  EXPECT_FALSE(e.Expect("uciok").empty());
  e.Send("isready");
  EXPECT_FALSE(e.Expect("readyok").empty());
  e.Send("quit");
  EXPECT_EQ(e.Finish(), 0);
}

TEST(ProtocolUci, GoDepthGivesInfoAndALegalBestMove) {
  EngineProcess e;
  Handshake(e);
  e.Send("ucinewgame");
  e.Send("position startpos moves e2e4 e7e5 g1f3");
  e.Send("go depth 5");
  EXPECT_FALSE(e.Expect("info depth 5 .* score (cp|mate) -?[0-9]+.* nodes [0-9]+ .* pv [a-h][1-8].*").empty());
  std::string best = e.Expect("bestmove .*");
  EXPECT_TRUE(std::regex_match(best, std::regex("bestmove [a-h][1-8][a-h][1-8]( ponder [a-h][1-8][a-h][1-8])?")))
      << best;
}

// Windows GUIs end their lines in CR LF: every command is read as without the CR, an option's
// value included.
TEST(ProtocolUci, LinesEndingInCarriageReturnAreReadAsWithout) {
  EngineProcess e;
  e.Send("uci\r");
  ASSERT_FALSE(e.Expect("uciok").empty());
  e.Send("setoption name UCI_Variant value capablanca\r");
  e.Send("position startpos moves e2e4\r");
  e.Send("go depth 3\r");
  std::string best = e.Expect("bestmove .*");
  EXPECT_TRUE(std::regex_match(best, std::regex("bestmove [a-j][1-8][a-j][1-8]( ponder [a-j][1-8][a-j][1-8])?")))
      << best;
  e.Send("isready\r");
  EXPECT_FALSE(e.Expect("readyok").empty());
  for (const std::string &l : e.Seen()) EXPECT_EQ(l.find("Error"), std::string::npos) << l;
}

TEST(ProtocolUci, FindsMateInOneAndReportsMateScore) {
  EngineProcess e;
  Handshake(e);
  e.Send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  e.Send("go depth 4");
  EXPECT_FALSE(e.Expect("info .*score mate 1 .*").empty());
  EXPECT_EQ(e.Expect("bestmove .*"), "bestmove a1a8");
}

TEST(ProtocolUci, StopEndsAnInfiniteSearchAndIsreadyIsAnsweredMeanwhile) {
  EngineProcess e;
  Handshake(e);
  e.Send("position startpos");
  e.Send("go infinite");
  ASSERT_FALSE(e.Expect("info depth 3 .*").empty());
  e.Send("isready");
  EXPECT_GE(e.TimeTo("readyok", 2000), 0);
  e.Send("stop");
  EXPECT_GE(e.TimeTo("bestmove .*", 2000), 0);
}

TEST(ProtocolUci, VariantsThroughUciVariant) {
  EngineProcess e;
  Handshake(e);
  e.Send("setoption name UCI_Variant value xiangqi");
  e.Send("position startpos moves h3e3 h10g8");
  e.Send("go depth 3");
  std::string best = e.Expect("bestmove .*");
  EXPECT_TRUE(std::regex_match(best, std::regex("bestmove [a-i]([1-9]|10)[a-i]([1-9]|10).*"))) << best;
  e.Send("setoption name UCI_Variant value shogi");
  e.Send("position startpos moves c3c4 g7g6 b2h8+"); // bishop exchange with promotion
  e.Send("go depth 2");
  EXPECT_FALSE(e.Expect("bestmove .*").empty());
  e.Send("setoption name UCI_Variant value crazyhouse");
  e.Send("position startpos moves e2e4 d7d5 e4d5 d8d5 b1c3 d5a5");
  e.Send("go nodes 2000");
  EXPECT_FALSE(e.Expect("bestmove .*").empty());
}

// UCI_Chess960 makes chess Chess960 (as in Stockfish and Fairy-Stockfish, whose fischerandom
// is taken too): any back rank by FEN, castling written as the king taking its own rook and
// read so, or as the king's own squares where they name one castling.
TEST(ProtocolUci, Chess960ThroughUciChess960) {
  EngineProcess e;
  Handshake(e);
  e.Send("setoption name UCI_Chess960 value true");
  e.Send("d");
  EXPECT_EQ(e.Expect("info string variant .*"),
            "info string variant chess960 fen bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
  // White's King stays on g1 (its Rook goes to f1), Black's goes to c8 (its Rook to d8).
  e.Send("position fen r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1 moves g1h1 g8a8");
  e.Send("d");
  EXPECT_EQ(e.Expect("info string variant .*"),
            "info string variant chess960 fen 2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2");
  e.Send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1");
  e.Send("d");
  EXPECT_EQ(e.Expect("info string variant .*"), "info string variant chess960 fen r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
  e.Send("position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
  e.Send("go depth 2 searchmoves f1f2 g1h1");
  std::string best = e.Expect("bestmove .*");
  EXPECT_TRUE(std::regex_match(best, std::regex("bestmove f1f2( ponder .*)?"))) << best; // g1h1: f1 holds a Rook
  e.Send("position fen r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1");
  e.Send("go depth 2 searchmoves g1h1");
  best = e.Expect("bestmove .*");
  EXPECT_TRUE(std::regex_match(best, std::regex("bestmove g1h1( ponder .*)?"))) << best;
  // Off again, chess is chess; Fairy-Stockfish's name fischerandom is Chess960 either way.
  e.Send("setoption name UCI_Chess960 value false");
  e.Send("d");
  EXPECT_FALSE(e.Expect("info string variant chess fen rnbqkbnr/.*").empty());
  e.Send("setoption name UCI_Variant value fischerandom");
  e.Send("d");
  EXPECT_FALSE(e.Expect("info string variant chess960 fen bbqnnrkr/.*").empty());
  e.Send("setoption name UCI_Chess960 value maybe");
  EXPECT_FALSE(e.Expect("Error \\(UCI_Chess960 takes true or false\\): .*").empty());
}

// Capablanca random chess, as Fairy-Stockfish names it (caparandom) or as capablanca with
// UCI_Chess960 on: any back rank of ten files by FEN, castling to the c- or i-file written as
// the king taking its own rook.
TEST(ProtocolUci, CaparandomCastlesAsTheKingTakesItsRook) {
  EngineProcess e;
  Handshake(e);
  e.Send("setoption name UCI_Variant value caparandom");
  e.Send("d");
  EXPECT_EQ(e.Expect("info string variant .*"),
            "info string variant caparandom fen rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1");
  // White's King on b1 goes to c1 with its a1 Rook landing on d1; Black's King on i8 stays,
  // its j8 Rook landing on h8.
  e.Send("position fen rqbnbcn1kr/pppppppppp/10/10/10/10/PPPPPPPPPP/RK6R1 w IAja - 0 1 moves b1a1 i8j8");
  e.Send("d");
  EXPECT_EQ(e.Expect("info string variant .*"),
            "info string variant caparandom fen rqbnbcnrk1/pppppppppp/10/10/10/10/PPPPPPPPPP/2KR4R1 w - - 2 2");
  e.Send("position fen r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w JAja - 0 1");
  e.Send("go depth 2 searchmoves f1j1");
  std::string best = e.Expect("bestmove .*");
  EXPECT_TRUE(std::regex_match(best, std::regex("bestmove f1j1( ponder .*)?"))) << best;
  e.Send("setoption name UCI_Variant value capablanca");
  e.Send("setoption name UCI_Chess960 value true");
  e.Send("d");
  EXPECT_FALSE(e.Expect("info string variant caparandom fen rnabqkbcnr/.*").empty());
  e.Send("setoption name UCI_Chess960 value false");
  e.Send("d");
  EXPECT_FALSE(e.Expect("info string variant capablanca fen rnabqkbcnr/.*").empty());
}

TEST(ProtocolUci, OptionsAreSetOrRefusedWithAnError) {
  EngineProcess e;
  Handshake(e);
  for (const char *ok : {"setoption name Hash value 16", "setoption name Threads value 2",
                         "setoption name MultiPV value 3", "setoption name Move Overhead value 100",
                         "setoption name Ponder value true", "setoption name LoadTime value 30"})
    e.Send(ok);
  e.Send("isready");
  ASSERT_FALSE(e.Expect("readyok").empty());
  for (const auto &line : e.Seen()) EXPECT_EQ(line.find("Error"), std::string::npos) << line;
  e.Send("position startpos");
  e.Send("go depth 4");
  EXPECT_FALSE(e.Expect("info depth 4 .*multipv 3 .*").empty());
  EXPECT_FALSE(e.Expect("bestmove .*").empty());
  e.Send("setoption name Hash value lots");
  EXPECT_FALSE(e.Expect("Error \\(bad Hash value\\): setoption name Hash value lots").empty());
  e.Send("setoption name UCI_Variant value nosuchgame");
  EXPECT_FALSE(e.Expect("Error \\(no game called 'nosuchgame'.*").empty());
  e.Send("setoption name Frobnicate value 1");
  EXPECT_FALSE(e.Expect("Error \\(unknown option\\): setoption name Frobnicate value 1").empty());
}

// Every value a spin option advertises is accepted, and none outside: the advertised range and
// the accepted one are the same (Hash 65536, the maximum, was refused on a smaller machine).
TEST(ProtocolUci, EverySpinOptionTakesItsAdvertisedRangeAndNoMore) {
  EngineProcess e;
  e.Send("uci");
  ASSERT_FALSE(e.Expect("uciok").empty());
  std::regex spin("option name (.*) type spin default -?[0-9]+ min (-?[0-9]+) max (-?[0-9]+)");
  std::vector<std::smatch> options;
  std::vector<std::string> lines = e.Seen();
  int count = 0;
  for (const std::string &l : lines) {
    std::smatch m;
    if (!std::regex_match(l, m, spin)) continue;
    count++;
    std::string name = m[1];
    long lo = std::stol(m[2]), hi = std::stol(m[3]);
    for (long v : {lo, hi, lo - 1, hi + 1}) {
      std::string command = "setoption name " + name + " value " + std::to_string(v);
      e.Send(command);
      e.Send("isready");
      ASSERT_FALSE(e.Expect("readyok", 60000).empty()) << command;
      bool refused = false;
      for (size_t i = 0; i < e.Seen().size(); i++)
        if (e.Seen()[i].find("Error") != std::string::npos && e.Seen()[i].find(command) != std::string::npos)
          refused = true;
      EXPECT_EQ(refused, v < lo || v > hi) << command;
    }
    e.Send("setoption name " + name + " value " + std::to_string(lo)); // free the largest hash
  }
  EXPECT_GE(count, 4);
  e.Send("position startpos");
  e.Send("go depth 2");
  EXPECT_FALSE(e.Expect("bestmove .*").empty());
}

TEST(ProtocolUci, MalformedInputGetsAnErrorAndTheEngineGoesOn) {
  EngineProcess e;
  Handshake(e);
  e.Send("frobnicate now");
  EXPECT_FALSE(e.Expect("Error \\(unknown command\\): frobnicate now").empty());
  e.Send("position startpos moves e2e5");
  EXPECT_FALSE(e.Expect("Error \\(illegal move e2e5, .*").empty());
  e.Send("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1");
  EXPECT_FALSE(e.Expect("Error \\(FEN: unknown piece .*").empty());
  e.Send("position sideways");
  EXPECT_FALSE(e.Expect("Error \\(expected startpos or fen\\).*").empty());
  e.Send("go depth banana");
  EXPECT_FALSE(e.Expect("info string Error \\(go depth needs a number\\).*").empty());
  e.Send("go sideways 3");
  EXPECT_FALSE(e.Expect("info string Error \\(unknown go parameter sideways\\).*").empty());
  e.Send(std::string(3000, 'x'));
  EXPECT_FALSE(e.Expect("Error \\(unknown command\\): xxx.*").empty());
  e.Send("position startpos moves e2e4");
  e.Send("go depth 2");
  EXPECT_FALSE(e.Expect("bestmove .*").empty());
  e.Send("quit");
  EXPECT_EQ(e.Finish(), 0);
}

// A GUI's clock that ran out (a negative time) asks for a move at once, not a search until stop.
TEST(ProtocolUci, GoWithANegativeClockMovesAtOnce) {
  EngineProcess e;
  Handshake(e);
  e.Send("position startpos moves e2e4");
  e.Send("go wtime -5 btime -5");
  long ms = e.TimeTo("bestmove [a-h][1-8][a-h][1-8].*", 3000);
  EXPECT_GE(ms, 0);
  EXPECT_LT(ms, 1000);
  e.Send("go wtime 1000 btime -1 movetime -7"); // black to move, its flag fell; a negative movetime
  ms = e.TimeTo("bestmove [a-h][1-8][a-h][1-8].*", 3000);
  EXPECT_GE(ms, 0);
  EXPECT_LT(ms, 1000);
}

// Numbers too large for an int are clamped, never wrapped round or refused (no bestmove).
TEST(ProtocolUci, GoClampsNumbersTooLargeForTheEngine) {
  EngineProcess e;
  Handshake(e);
  e.Send("position startpos");
  e.Send("go wtime 2147483647 btime 2147483647 winc 99999999999999999999 movestogo 4294967297 depth 3");
  EXPECT_GE(e.TimeTo("bestmove [a-h][1-8][a-h][1-8].*", 5000), 0);
  e.Send("go depth 99999999999 movetime 300");
  long ms = e.TimeTo("bestmove [a-h][1-8][a-h][1-8].*", 5000);
  EXPECT_GE(ms, 0);
  EXPECT_LT(ms, 1500);
  e.Send("go nodes 99999999999999999999999 mate 4294967296 movetime 300");
  ms = e.TimeTo("bestmove [a-h][1-8][a-h][1-8].*", 5000);
  EXPECT_GE(ms, 0);
  EXPECT_LT(ms, 1500);
  for (const std::string &l : e.Seen()) EXPECT_EQ(l.find("Error"), std::string::npos) << l;
}

// An unknown word in go is reported and the rest still honoured; so is a missing number.
TEST(ProtocolUci, GoReportsAnUnknownWordAndHonoursTheRest) {
  EngineProcess e;
  Handshake(e);
  e.Send("position startpos");
  e.Send("go foo movetime 500");
  EXPECT_FALSE(e.Expect("info string Error \\(unknown go parameter foo\\): go foo movetime 500").empty());
  long ms = e.TimeTo("bestmove [a-h][1-8][a-h][1-8].*", 3000);
  EXPECT_GE(ms, 200);
  EXPECT_LT(ms, 1500);
  e.Send("go depth movetime 300"); // the keyword is read as itself, not as depth's number
  EXPECT_FALSE(e.Expect("info string Error \\(go depth needs a number\\): go depth movetime 300").empty());
  ms = e.TimeTo("bestmove [a-h][1-8][a-h][1-8].*", 3000);
  EXPECT_GE(ms, 0);
  EXPECT_LT(ms, 1500);
}

TEST(ProtocolUci, SearchmovesRestrictsTheRootMoves) {
  EngineProcess e;
  Handshake(e);
  e.Send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  e.Send("go depth 3 searchmoves g1f2 g1h2");
  std::string best = e.Expect("bestmove .*");
  EXPECT_TRUE(best == "bestmove g1f2" || best.rfind("bestmove g1f2 ", 0) == 0 || best == "bestmove g1h2" ||
              best.rfind("bestmove g1h2 ", 0) == 0)
      << best;
}

TEST(ProtocolUci, PresetsAreVariantsWhenTheBridgeCompilesThem) {
  EngineProcess e;
  e.Send("uci");
  std::string variant = e.Expect("option name UCI_Variant type combo .*");
  EXPECT_NE(variant.find("var chess-tutorial"), std::string::npos) << variant;
  EXPECT_FALSE(e.Expect("option name PresetPath type string default <empty>").empty());
  ASSERT_FALSE(e.Expect("uciok").empty());
  e.Send("setoption name UCI_Variant value chess-tutorial");
  e.Send("position startpos moves e2e4 e7e5");
  e.Send("go depth 3");
  std::string best = e.Expect("bestmove .*");
  EXPECT_TRUE(std::regex_match(best, std::regex("bestmove [a-h][1-8][a-h][1-8].*"))) << best;
  // The seed-001 preset decides every move in Post-Move (its Pawns in a block of ifs).
  e.Send("setoption name UCI_Variant value chess-2004");
  e.Send("position startpos moves e2e4 e7e5");
  e.Send("go depth 2");
  best = e.Expect("bestmove .*");
  EXPECT_TRUE(std::regex_match(best, std::regex("bestmove [a-h][1-8][a-h][1-8].*"))) << best;
  // A Queen the compiler does not follow is decided by the preset's referee, the oracle.
  e.Send("setoption name UCI_Variant value escorted-queen");
  e.Send("position startpos moves e2e4 e7e5");
  e.Send("go depth 2");
  best = e.Expect("bestmove .*");
  EXPECT_TRUE(std::regex_match(best, std::regex("bestmove [a-h][1-8][a-h][1-8].*"))) << best;
  e.Send("setoption name PresetPath value /nonexistent");
  EXPECT_FALSE(e.Expect("Error \\(bad PresetPath, no folder '/nonexistent'\\).*").empty());
  e.Send("setoption name UCI_Variant value no-such-game");
  EXPECT_FALSE(e.Expect("Error \\(no game called 'no-such-game'.*").empty());
}

// A folder named by PresetPath adds its presets to the built-in ones.
TEST(ProtocolUci, PresetPathAddsTheUsersGames) {
  char dir[] = "/tmp/herald-presetpath-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  std::string copy = std::string("cp presets/chess.preset ") + dir + "/my-own-chess.preset";
  ASSERT_EQ(system(copy.c_str()), 0);
  EngineProcess e;
  Handshake(e);
  e.Send(std::string("setoption name PresetPath value ") + dir);
  e.Send("setoption name UCI_Variant value my-own-chess");
  e.Send("position startpos moves e2e4");
  e.Send("go depth 2");
  std::string best = e.Expect("bestmove .*");
  EXPECT_TRUE(std::regex_match(best, std::regex("bestmove [a-h][1-8][a-h][1-8].*"))) << best;
  std::string clean = std::string("rm -rf ") + dir;
  ASSERT_EQ(system(clean.c_str()), 0);
}

// A preset error reaches the user with the preset's file:line, not as an illegal move: on a move
// the user sends (the rules model refuses it, and the preset fails on the way to its refusal)
// and on the engine's own move (the preset's Post-Game fails after it; the move stands).
TEST(ProtocolUci, APresetErrorReachesTheUserWithItsFileAndLine) {
  char dir[] = "/tmp/herald-preset-error-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  std::string text = broken_preset::Text();
  broken_preset::Write(dir, "broken-tutorial.preset");
  std::string where = "broken-tutorial\\.preset:";
  EngineProcess e;
  Handshake(e);
  e.Send(std::string("setoption name PresetPath value ") + dir);
  e.Send("setoption name UCI_Variant value broken-tutorial");
  e.Send("position startpos moves g1g4");
  EXPECT_FALSE(e.Expect("info string preset error at .*" + where + std::to_string(broken_preset::LineOfError(text, 1)) +
                        ": .*nosuchsub.*")
                   .empty());
  EXPECT_FALSE(
      e.Expect("Error \\(move g1g4 not played, the preset failed on it\\): position startpos moves g1g4").empty());
  e.Send("position startpos");
  e.Send("go depth 1 searchmoves g1h3");
  EXPECT_FALSE(e.Expect("info string preset error at .*" + where + std::to_string(broken_preset::LineOfError(text, 2)) +
                        ": .*nosuchsub.*")
                   .empty());
  EXPECT_FALSE(e.Expect("bestmove g1h3").empty());
  std::string clean = std::string("rm -rf ") + dir;
  ASSERT_EQ(system(clean.c_str()), 0);
}

// A match runner sends a game's every move in one `position` line: thousands of plies (a drawn
// xiangqi game of 2,979 plies did not fit the 16 KB line of before) are taken whole.
TEST(ProtocolUci, APositionOfThousandsOfPliesIsTaken) {
  EngineProcess e;
  Handshake(e);
  std::string position = "position startpos moves";
  for (int i = 0; i < 1500; i++) position += " g1f3 g8f6 f3g1 f6g8"; // 6,000 plies, 30 KB
  e.Send(position);
  e.Send("d");
  EXPECT_FALSE(
      e.Expect("info string variant chess fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - [0-9]+ 3001")
          .empty());
  e.Send("go depth 1");
  EXPECT_FALSE(e.Expect("bestmove [a-h][1-8][a-h][1-8].*").empty());
  for (const std::string &l : e.Seen()) EXPECT_EQ(l.find("Error"), std::string::npos) << l.substr(0, 80);
  e.Send("quit");
  EXPECT_EQ(e.Finish(), 0);
}

// A line longer than the engine's buffer is dropped whole with one error, never split into
// pieces that each run as a command (here the piece "quit" would have ended the engine).
TEST(ProtocolUci, AnOverlongLineIsDroppedWholeNotSplitIntoCommands) {
  EngineProcess e;
  e.Send(std::string(PROTO_LINE_MAX - 1, 'x') + "quit"); // before the protocol is chosen
  EXPECT_FALSE(e.Expect("Error \\(line too long\\)").empty());
  Handshake(e);
  for (size_t junk : {PROTO_LINE_MAX - 1, PROTO_LINE_MAX + 0, PROTO_LINE_MAX + 40000}) {
    e.Send(std::string(junk, 'x') + "quit");
    EXPECT_FALSE(e.Expect("info string Error \\(line too long\\)").empty()) << junk;
    e.Send("isready");
    EXPECT_FALSE(e.Expect("readyok").empty()) << junk;
  }
  e.Send(std::string(PROTO_LINE_MAX - 2, ' ') + "d"); // the longest line that fits still runs
  EXPECT_FALSE(e.Expect("info string variant chess fen .*").empty());
  for (const std::string &l : e.Seen()) EXPECT_EQ(l.find("unknown command"), std::string::npos) << l.substr(0, 80);
  e.Send("quit");
  EXPECT_EQ(e.Finish(), 0);
}

// A preset's message with a newline in it stays on its one line: it never starts a line of its
// own that the GUI would take for the engine's move.
TEST(ProtocolUci, APresetMessageWithANewlineStaysOneLine) {
  char dir[] = "/tmp/herald-newline-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  newline_preset::Write(dir, "newline-tutorial.preset");
  EngineProcess e;
  Handshake(e);
  e.Send(std::string("setoption name PresetPath value ") + dir);
  e.Send("setoption name UCI_Variant value newline-tutorial");
  e.Send("position startpos moves g1g4");
  EXPECT_FALSE(
      e.Expect("Error \\(illegal move g1g4, bad bestmove a1a1 1-0 \\{White mates\\}\\): position startpos moves g1g4")
          .empty());
  e.Send("isready");
  EXPECT_FALSE(e.Expect("readyok").empty());
  for (const std::string &l : e.Seen()) {
    EXPECT_NE(l.rfind("bestmove", 0), 0u) << l;
    EXPECT_EQ(l.find('\r'), std::string::npos) << l;
  }
  std::string clean = std::string("rm -rf ") + dir;
  ASSERT_EQ(system(clean.c_str()), 0);
}

TEST(ProtocolUci, NoLegalMoveGivesBestmoveNone) {
  EngineProcess e;
  Handshake(e);
  e.Send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  e.Send("go depth 3");
  EXPECT_EQ(e.Expect("bestmove .*"), "bestmove (none)");
}

// Janggi, where a side not in check may pass: the pass is read as Herald writes it and as other
// programs do (Fairy-Stockfish's General's square twice, UCI's null move, XBoard's "@@@@"); a
// square written twice that does not hold the mover's General stays an illegal move.  The
// engine's own pass goes out as its General's square twice, as Fairy-Stockfish writes it.
TEST(ProtocolUci, JanggiPassesInEverySpellingAndTheEnginesOwn) {
  EngineProcess e;
  Handshake(e);
  e.Send("setoption name UCI_Variant value janggi");
  const std::string start = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR";
  for (const char *pass : {"e2e2", "0000", "@@@@", "pass"}) {
    e.Send(std::string("position startpos moves ") + pass);
    e.Send("d");
    EXPECT_EQ(e.Expect("info string variant .*"), "info string variant janggi fen " + start + " b - - 1 1") << pass;
  }
  e.Send("position startpos moves a4a5 e9e9"); // Black's General is on e9
  e.Send("d");
  EXPECT_EQ(e.Expect("info string variant .*"),
            "info string variant janggi fen rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/P8/2P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 2 2");
  // d1 holds White's Advisor, e9 Black's General while White is to move, e5 nothing.
  for (const char *other : {"d1d1", "e9e9", "e5e5"}) {
    std::string command = std::string("position startpos moves ") + other;
    e.Send(command);
    EXPECT_FALSE(e.Expect("Error \\(illegal move " + std::string(other) + ", .*\\): " + command).empty()) << other;
  }
  // The General on d1 may not move (the Chariots hold d2, e1 and e2) and is not in check: the
  // pass is White's only move.
  e.Send("position fen 9/4k4/9/9/9/4r4/9/9/r8/3K5 w - - 0 1");
  e.Send("go depth 2");
  std::string best = e.Expect("bestmove .*");
  EXPECT_TRUE(std::regex_match(best, std::regex("bestmove d1d1( ponder .*)?"))) << best;
}

// A turn is one token of parts joined by commas: in a game of one move a turn, a comma list is
// two turns and is refused, the position staying where the moves before it led.
TEST(ProtocolUci, ACommaListBeyondTheTurnIsRefused) {
  EngineProcess e;
  Handshake(e);
  e.Send("position startpos moves g1f3 e7e5,d7d5");
  EXPECT_FALSE(e.Expect("Error \\(illegal move e7e5,d7d5, the turn ended after its part 1: d7d5 would be the "
                        "opponent's\\): position startpos moves g1f3 e7e5,d7d5")
                   .empty());
  e.Send("d");
  EXPECT_FALSE(
      e.Expect("info string variant chess fen rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1").empty());
}

// A turn of two parts (Marseillais, the preset) is one token of comma-joined parts both ways:
// the engine reads White's and answers with the whole of Black's.
TEST(ProtocolUci, ATurnOfTwoPartsIsOneToken) {
  EngineProcess e;
  Handshake(e);
  e.Send("setoption name UCI_Variant value marseillais");
  e.Send("position startpos moves e2e4,d2d4");
  e.Send("go depth 2");
  std::string best = e.Expect("bestmove .*");
  EXPECT_TRUE(std::regex_search(best, std::regex("^bestmove [a-h][1-8][a-h][1-8],[a-h][1-8][a-h][1-8]( |$)"))) << best;
  e.Send("position startpos moves e2e4,d2d4 " + best.substr(9, 9) + " g1f3,b1c3");
  e.Send("isready");
  EXPECT_FALSE(e.Expect("readyok").empty());
  for (const std::string &l : e.Seen()) EXPECT_EQ(l.find("Error"), std::string::npos) << l;
}

// A preset's warnings (what reading it found suspect) reach the GUI as info strings with their
// file:line when the variant is chosen; the variant is still played.
TEST(ProtocolUci, APresetsWarningsAreToldWithTheirLines) {
  char dir[] = "/tmp/herald-uci-lint-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  std::string path = std::string(dir) + "/misspelt.preset";
  FILE *f = fopen(path.c_str(), "w");
  ASSERT_NE(f, nullptr);
  fputs("Game: Misspelt\nFiles: a b c\nRanks: 1 2 3\nFEN: k2/3/2K\n[Pre-Game]\ndef Walker chekleap #0 #1 1 0;\n"
        "[Post-Move 1]\n[Post-Move 2]\n",
        f);
  fclose(f);
  EngineProcess e;
  Handshake(e);
  e.Send("setoption name UCI_Variant value " + path);
  EXPECT_FALSE(e.Expect("info string warning: " + path + ":6: def Walker: 'chekleap' is no operator.*").empty());
  e.Send("isready");
  EXPECT_FALSE(e.Expect("readyok").empty());
  remove(path.c_str());
  rmdir(dir);
}

// ---- uci_read_go and uci_set_position, called as the front end calls them ----

// A session on chess for the reading functions (no search is started).
class UciReading : public ChessSession {
protected:
  // Reads "go ARGS" on the session's position; the problems told are kept in problems_.
  SearchLimits Go(std::string args) {
    problems_.clear();
    SearchLimits l;
    int n = uci_read_go(&s_.pos, args.data(), &l, Keep, &problems_);
    EXPECT_EQ(n, (int)problems_.size());
    return l;
  }
  bool Position(std::string args) {
    return uci_set_position(&s_, args.data(), err_, sizeof err_, preset_, sizeof preset_);
  }
  static void Keep(void *ctx, const char *problem) { static_cast<std::vector<std::string> *>(ctx)->push_back(problem); }

  char preset_[600] = "";
  std::vector<std::string> problems_;
};

TEST_F(UciReading, ANegativeClockIsAFiniteSearch) {
  SearchLimits l = Go("wtime -5 btime -5");
  EXPECT_TRUE(problems_.empty());
  EXPECT_EQ(l.time_ms[WHITE], 0);
  EXPECT_EQ(l.time_ms[BLACK], 0);
  EXPECT_FALSE(l.infinite);
  TimePlan plan = srch_time_plan(&l, WHITE);
  EXPECT_GE(plan.hard_ms, 0); // time limits it: a move at once, not a search until stop
  EXPECT_LT(plan.hard_ms, 100);
  l = Go("movetime -7");
  EXPECT_EQ(l.movetime_ms, 1);
}

TEST_F(UciReading, NumbersTooLargeAreClampedNotWrapped) {
  SearchLimits l = Go("depth 99999999999 wtime 99999999999999999999 movestogo 4294967297");
  EXPECT_TRUE(problems_.empty());
  EXPECT_EQ(l.depth, SRCH_MAX_PLY);
  EXPECT_EQ(l.time_ms[WHITE], 1000000000000);
  EXPECT_EQ(l.time_ms[BLACK], -1); // not sent: no clock
  EXPECT_EQ(l.moves_to_go, 1000000);
  l = Go("nodes 99999999999999999999999 mate 4294967296");
  EXPECT_EQ(l.nodes, (uint64_t)(INT64_MAX / 2));
  EXPECT_EQ(l.depth, SRCH_MAX_PLY); // mate N searches 2N plies, N at most half the most plies
}

TEST_F(UciReading, AnUnknownWordIsToldAndTheRestRead) {
  SearchLimits l = Go("foo movetime 500");
  EXPECT_EQ(problems_, std::vector<std::string>{"unknown go parameter foo"});
  EXPECT_EQ(l.movetime_ms, 500);
  l = Go("depth movetime 300"); // the keyword is read as itself, not as depth's number
  EXPECT_EQ(problems_, std::vector<std::string>{"go depth needs a number"});
  EXPECT_EQ(l.depth, 0);
  EXPECT_EQ(l.movetime_ms, 300);
  l = Go("depth");
  EXPECT_EQ(problems_, std::vector<std::string>{"go depth needs a number"});
  l = Go("infinite ponder");
  EXPECT_TRUE(problems_.empty());
  EXPECT_TRUE(l.infinite);
  EXPECT_TRUE(l.ponder);
}

TEST_F(UciReading, SearchmovesTakesTheLegalMovesThatFollow) {
  SearchLimits l = Go("searchmoves e2e4 g1f3 e2e5 depth 3");
  EXPECT_EQ(problems_, std::vector<std::string>{"unknown go parameter e2e5"});
  ASSERT_EQ(l.root_move_count, 2);
  EXPECT_EQ(l.root_moves[0], pos_parse_move(&s_.pos, "e2e4"));
  EXPECT_EQ(l.root_moves[1], pos_parse_move(&s_.pos, "g1f3"));
  EXPECT_EQ(l.depth, 3);
}

TEST_F(UciReading, PositionSetsTheBoardOrSaysWhyNot) {
  ASSERT_TRUE(Position("startpos moves e2e4 e7e5")) << err_;
  EXPECT_EQ(s_.pos.ply, 2);
  ASSERT_TRUE(Position("fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 moves a1a8")) << err_;
  EXPECT_EQ(s_.pos.ply, 1);
  EXPECT_FALSE(Position("sideways"));
  EXPECT_STREQ(err_, "expected startpos or fen");
  EXPECT_FALSE(Position("startpos moves e2e4 e2e5"));
  EXPECT_EQ(std::string(err_).rfind("illegal move e2e5, ", 0), 0u) << err_;
  EXPECT_STREQ(preset_, "");
  EXPECT_EQ(s_.pos.ply, 1); // the moves before the refused one stay played
  EXPECT_FALSE(Position("fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"));
  EXPECT_EQ(std::string(err_).rfind("FEN: unknown piece", 0), 0u) << err_;
  EXPECT_FALSE(Position(""));
  EXPECT_STREQ(err_, "expected startpos or fen");
}

// Moves with no position before them are refused, and nothing before the text is written (the
// ucigo fuzzer found the byte before "moves" overwritten: corpus/ucigo/regression-moves-first).
TEST_F(UciReading, MovesWithoutAPositionAreRefusedInsideTheText) {
  char text[] = "Xmoves e2e4 e7e5";
  EXPECT_FALSE(uci_set_position(&s_, text + 1, err_, sizeof err_, preset_, sizeof preset_));
  EXPECT_STREQ(err_, "expected startpos or fen");
  EXPECT_EQ(text[0], 'X');
  EXPECT_EQ(s_.pos.ply, 0);
}

TEST_F(UciReading, APresetErrorOnAMoveSaysWhere) {
  TempDir dir;
  std::string text = broken_preset::Text();
  broken_preset::Write(dir.path, "broken-tutorial.preset");
  ASSERT_TRUE(session_set_preset_path(&s_, dir.path.c_str(), err_, sizeof err_)) << err_;
  ASSERT_TRUE(session_set_variant(&s_, "broken-tutorial", err_, sizeof err_)) << err_;
  EXPECT_FALSE(Position("startpos moves g1g4"));
  EXPECT_STREQ(err_, "move g1g4 not played, the preset failed on it");
  std::string where = "broken-tutorial.preset:" + std::to_string(broken_preset::LineOfError(text, 1)) + ": ";
  EXPECT_NE(std::string(preset_).find(where), std::string::npos) << preset_;
}

} // namespace
