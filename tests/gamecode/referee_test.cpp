// The referee on the Chess preset of seed 000: legal games of every kind are accepted, and each
// kind of illegal move is rejected with the preset's own message.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gamecode/chess_presets.h"
#include "gamecode/shim.h"

namespace {

struct Game {
  GcInterp *gc = gc_new();
  GcVerdict last{};
  std::string failure;

  explicit Game(const std::string &fen = "") {
    std::string text = gctest::chess_tutorial_header();
    if (!fen.empty()) text += "FEN: " + fen + "\n";
    text += gctest::chess_tutorial_code();
    GcError err;
    if (gc_load_preset_text(gc, text.c_str(), "chess-tutorial.preset", &err) != GC_OK || gc_start(gc, &err) != GC_OK)
      failure = std::string(err.file) + ":" + std::to_string(err.line) + ": " + err.message;
  }
  ~Game() { gc_free(gc); }
  Game(const Game &) = delete;
  Game &operator=(const Game &) = delete;

  // Plays moves that must all be legal; returns "" or a description of the first refusal.
  std::string play(const std::vector<std::string> &moves) {
    for (const auto &m : moves) {
      gc_play(gc, m.c_str(), &last);
      if (last.status != GC_LEGAL)
        return "ply " + std::to_string(last.ply) + " " + m + ": " + last.message + " (" + last.file + ":" +
               std::to_string(last.line) + ")";
    }
    return "";
  }
  // Plays one move that must be refused; returns its message.
  std::string refuse(const std::string &m) {
    gc_play(gc, m.c_str(), &last);
    if (last.status == GC_LEGAL) return "(accepted)";
    if (last.status == GC_PRESET_ERROR) return std::string("(preset error) ") + last.message;
    return last.message;
  }
  std::string at(const char *c) {
    const char *s = gc_space(gc, c);
    return s ? s : "(none)";
  }
};

// A preset given as text, loaded and started: the games of one rule the tests below make.
struct TextGame {
  GcInterp *gc = gc_new();
  GcVerdict last{};
  std::string failure;

  explicit TextGame(const char *text) {
    GcError err;
    if (gc_load_preset_text(gc, text, "t.preset", &err) != GC_OK || gc_start(gc, &err) != GC_OK) failure = err.message;
  }
  ~TextGame() { gc_free(gc); }
  TextGame(const TextGame &) = delete;
  TextGame &operator=(const TextGame &) = delete;

  GcStatus play(const char *move) { return gc_play(gc, move, &last); }
  std::string var(const char *name) {
    char buf[256];
    const GcValue *v = gc_get_var(gc, name);
    return v ? gc_to_str(v, buf, sizeof buf) : "(none)";
  }
};

} // namespace

TEST(GcReferee, PresetLoadsAndKnowsItsName) {
  Game g;
  ASSERT_EQ(g.failure, "");
  EXPECT_STREQ(gc_game_name(g.gc), "Chess (seed 000 tutorial)");
  EXPECT_EQ(g.at("e1"), "K");
  EXPECT_EQ(gc_side_to_move(g.gc), 1);
}

TEST(GcReferee, ARestoredStateHasItsFlagsBack) {
  // The flags (with the constants, system values and aliases) are copied back only where they
  // differ from the saved state's: restoring the same state twice, another one, or a copy in
  // another interpreter must each give that state's own.
  Game g;
  ASSERT_EQ(g.failure, "");
  GcState *before = gc_state_save(g.gc);
  EXPECT_EQ(gc_get_flag(g.gc, "e1"), 1);
  ASSERT_EQ(g.play({"P e2-e4", "p e7-e5", "K e1-e2"}), "");
  EXPECT_EQ(gc_get_flag(g.gc, "e1"), 0);
  GcState *after = gc_state_save(g.gc);
  gc_state_restore(g.gc, before);
  EXPECT_EQ(gc_get_flag(g.gc, "e1"), 1);
  gc_state_restore(g.gc, before);
  EXPECT_EQ(gc_get_flag(g.gc, "e1"), 1);
  gc_state_restore(g.gc, after);
  EXPECT_EQ(gc_get_flag(g.gc, "e1"), 0);
  Game other;
  ASSERT_EQ(other.failure, "");
  GcState *copy = gc_state_clone(after);
  gc_state_restore(other.gc, copy);
  EXPECT_EQ(gc_get_flag(other.gc, "e1"), 0);
  EXPECT_EQ(gc_get_flag(other.gc, "h1"), 1);
  gc_state_restore(g.gc, before);
  EXPECT_EQ(gc_get_flag(g.gc, "e1"), 1);
  gc_state_free(copy);
  gc_state_free(after);
  gc_state_free(before);
}

TEST(GcReferee, OpeningMovesAndPostGameLegalList) {
  Game g;
  ASSERT_EQ(g.play({"P e2-e4", "p e7-e5", "N g1-f3", "n b8-c6", "B f1-b5"}), "");
  EXPECT_EQ(g.at("e4"), "P");
  EXPECT_EQ(g.at("b5"), "B");
  EXPECT_EQ(g.last.say, std::string(""));
  EXPECT_EQ(gc_ply(g.gc), 5);
}

TEST(GcReferee, CastlingBothWays) {
  Game g;
  ASSERT_EQ(g.play({"P e2-e4", "p d7-d5", "N g1-f3", "b c8-g4", "B f1-e2", "n b8-c6", "K e1-g1", "q d8-d7", "P d2-d3",
                    "k e8-c8"}),
            "");
  EXPECT_EQ(g.at("g1"), "K");
  EXPECT_EQ(g.at("f1"), "R");
  EXPECT_EQ(g.at("h1"), "@");
  EXPECT_EQ(g.at("c8"), "k");
  EXPECT_EQ(g.at("d8"), "r");
  EXPECT_EQ(g.at("a8"), "@");
}

TEST(GcReferee, EnPassantCapturesAndExpires) {
  Game g;
  ASSERT_EQ(g.play({"P e2-e4", "p a7-a6", "P e4-e5", "p d7-d5", "P e5-d6"}), "");
  EXPECT_EQ(g.at("d6"), "P");
  EXPECT_EQ(g.at("d5"), "@"); // the pawn taken en passant is gone
  Game h;
  ASSERT_EQ(h.play({"P e2-e4", "p a7-a6", "P e4-e5", "p d7-d5", "P a2-a3", "p h7-h6"}), "");
  EXPECT_EQ(h.refuse("P e5-d6"), "A Pawn cannot make a non-capturing move from e5 to d6");
}

TEST(GcReferee, BlackEnPassant) {
  Game g;
  ASSERT_EQ(g.play({"P a2-a3", "p e7-e5", "P a3-a4", "p e5-e4", "P d2-d4", "p e4-d3"}), "");
  EXPECT_EQ(g.at("d3"), "p");
  EXPECT_EQ(g.at("d4"), "@");
}

TEST(GcReferee, PromotionToEachPiece) {
  for (const char *piece : {"Q", "R", "B", "N"}) {
    Game g("4k3/P7/8/8/8/8/8/4K3");
    ASSERT_EQ(g.failure, "");
    ASSERT_EQ(g.play({std::string("P a7-a8; ") + piece + "-a8"}), "") << piece;
    EXPECT_EQ(g.at("a8"), piece);
    EXPECT_EQ(g.at("a7"), "@");
  }
  Game b("4k3/8/8/8/8/8/7p/4K3");
  ASSERT_EQ(b.play({"K e1-d1", "p h2-h1; n-h1"}), "");
  EXPECT_EQ(b.at("h1"), "n");
}

TEST(GcReferee, FoolsMateIsCheckmate) {
  Game g;
  ASSERT_EQ(g.play({"P f2-f3", "p e7-e5", "P g2-g4"}), "");
  ASSERT_EQ(g.play({"q d8-h4"}), "");
  EXPECT_STREQ(g.last.say, "Checkmate! Black has won!");
  EXPECT_EQ(g.last.result, GC_RESULT_WON);
  EXPECT_EQ(g.last.result_player, 2);
  EXPECT_EQ(g.refuse("P a2-a3"), "The game is over.");
}

TEST(GcReferee, CheckIsAnnounced) {
  Game g;
  ASSERT_EQ(g.play({"P e2-e4", "p f7-f6", "Q d1-h5"}), "");
  EXPECT_STREQ(g.last.say, "Check!");
  EXPECT_EQ(g.last.result, GC_RESULT_NONE);
}

TEST(GcReferee, LoydStalemate) {
  Game g;
  ASSERT_EQ(g.play({"P e2-e3", "p a7-a5", "Q d1-h5", "r a8-a6", "Q h5-a5", "p h7-h5", "P h2-h4", "r a6-h6", "Q a5-c7",
                    "p f7-f6", "Q c7-d7", "k e8-f7", "Q d7-b7", "q d8-d3", "Q b7-b8", "q d3-h7", "Q b8-c8", "k f7-g6",
                    "Q c8-e6"}),
            "");
  EXPECT_STREQ(g.last.say, "Stalemate! The game is drawn.");
  EXPECT_EQ(g.last.result, GC_RESULT_DRAWN);
}

TEST(GcReferee, ThreefoldRepetition) {
  Game g;
  std::vector<std::string> cycle = {"N g1-f3", "n g8-f6", "N f3-g1", "n f6-g8"};
  ASSERT_EQ(g.play(cycle), "");
  ASSERT_EQ(g.play(cycle), "");
  EXPECT_EQ(g.last.result, GC_RESULT_NONE);
  // the position after 1. Nf3 (Black to move) now occurs for the third time
  ASSERT_EQ(g.play({"N g1-f3"}), "");
  EXPECT_STREQ(g.last.say, "Three Times Repetition! Drawn Game!");
  EXPECT_EQ(g.last.result, GC_RESULT_DRAWN);
}

TEST(GcReferee, FiftyMoveRule) {
  Game g;
  ASSERT_EQ(g.play({"N g1-f3"}), "");
  gc_set_var(g.gc, "nopvc", gc_num(98)); // as if 49 quiet moves had been played
  ASSERT_EQ(g.play({"n g8-f6"}), "");
  EXPECT_EQ(g.last.result, GC_RESULT_NONE);
  ASSERT_EQ(g.play({"N f3-g5"}), "");
  EXPECT_STREQ(g.last.say, "Fifty Moves Without Moving a Pawn or Capturing! Game Drawn!");
  EXPECT_EQ(g.last.result, GC_RESULT_DRAWN);
}

TEST(GcReferee, PawnMoveResetsFiftyMoveCounter) {
  Game g;
  ASSERT_EQ(g.play({"N g1-f3", "n g8-f6", "P e2-e4"}), "");
  EXPECT_EQ(gctest::show(*gc_get_var(g.gc, "nopvc")), "0");
}

// ---- illegal moves, each with the preset's own message ----

TEST(GcReferee, RejectsMoveIntoCheck) {
  Game g;
  ASSERT_EQ(g.play({"P d2-d4", "p e7-e5", "P d4-d5", "b f8-b4"}), "");
  EXPECT_EQ(g.refuse("K e1-d2"), "You may not move into check.");
  EXPECT_EQ(g.refuse("P a2-a3"), "You may not move into check."); // ignoring the check
  EXPECT_EQ(g.play({"P c2-c3"}), "");                             // blocking it is fine
}

TEST(GcReferee, RejectsCastlingThroughCheck) {
  Game g("4kr2/8/8/8/8/8/PPPPP1PP/R3K2R");
  ASSERT_EQ(g.failure, "");
  EXPECT_EQ(g.refuse("K e1-g1"), "A King may not castle through check.");
  EXPECT_EQ(g.at("e1"), "K"); // the position is unchanged after a refusal
  EXPECT_EQ(g.at("h1"), "R");
  EXPECT_EQ(g.play({"K e1-c1"}), "");
  EXPECT_EQ(g.at("d1"), "R");
}

TEST(GcReferee, RejectsCastlingOutOfCheck) {
  Game g("4k3/4r3/8/8/8/8/PPPP1PPP/R3K2R");
  EXPECT_EQ(g.refuse("K e1-g1"), "A King may not castle out of check.");
  EXPECT_EQ(g.refuse("K e1-c1"), "A King may not castle out of check.");
}

TEST(GcReferee, RejectsCastlingAfterTheKingMoved) {
  Game g("4k3/8/8/8/8/8/PPPPPPPP/R3K2R");
  ASSERT_EQ(g.play({"K e1-f1", "k e8-d8", "K f1-e1", "k d8-e8"}), "");
  // Game Courier replaces the bare word "moved" in messages too (reference §2.2), so the
  // tutorial's own message reads like this:
  EXPECT_EQ(g.refuse("K e1-g1"), "A King may not castle after it has already K.");
}

TEST(GcReferee, RejectsCastlingAfterTheRookMoved) {
  Game g("4k3/8/8/8/8/8/PPPPPPPP/R3K2R");
  ASSERT_EQ(g.play({"R h1-g1", "k e8-d8", "R g1-h1", "k d8-e8"}), "");
  EXPECT_EQ(g.refuse("K e1-g1"), "The King cannot castle with the piece at h1");
  EXPECT_EQ(g.play({"K e1-c1"}), "");
}

TEST(GcReferee, RejectsBadDoubleSteps) {
  Game g;
  ASSERT_EQ(g.play({"P e2-e3", "p a7-a6"}), "");
  EXPECT_EQ(g.refuse("P e3-e5"), "A Pawn cannot make a non-capturing move from e3 to e5");
  ASSERT_EQ(g.play({"N g1-f3", "p a6-a5"}), "");
  EXPECT_EQ(g.refuse("P f2-f4"), "A Pawn cannot make a non-capturing move from f2 to f4");
  EXPECT_EQ(g.refuse("P d2-d5"), "A Pawn cannot make a non-capturing move from d2 to d5");
  EXPECT_EQ(g.refuse("P e3-e2"), "A Pawn may only move forward. The move from e3 to e2 is not forward");
}

TEST(GcReferee, RejectsCapturingOwnPiece) {
  Game g;
  EXPECT_EQ(g.refuse("R a1-a2"), "You may not capture your own pieces.");
  EXPECT_EQ(g.refuse("N g1-e2"), "You may not capture your own pieces.");
}

TEST(GcReferee, RejectsMovingTheOpponentsPiece) {
  Game g;
  EXPECT_EQ(g.refuse("p e7-e5"), "You may not move one of your opponent's pieces.");
  ASSERT_EQ(g.play({"P e2-e4"}), "");
  EXPECT_EQ(g.refuse("P d2-d4"), "You may not move one of your opponent's pieces.");
}

// The label typed before a move names the piece on the origin (reference §1.8, seed 004's
// "Piece Notation"): a Knight's label on the e2 Pawn is refused, whatever the move would be.
TEST(GcReferee, RejectsALabelThatIsNotThePieceOnTheOrigin) {
  Game g;
  EXPECT_EQ(g.refuse("N e2-e4"), "N e2-e4: the piece on e2 is P, not N.");
  EXPECT_EQ(g.refuse("Q g1-f3"), "Q g1-f3: the piece on g1 is N, not Q.");
  EXPECT_EQ(g.at("e2"), "P");
  EXPECT_EQ(g.last.line, 0); // the player's input, not the preset, is at fault
  EXPECT_EQ(g.refuse("n e2-e4"), "n e2-e4: the piece on e2 is P, not n.");
  ASSERT_EQ(g.play({"e2-e4", "p e7-e5", "n g1-f3", "N g8-f6"}), ""); // the case is the side's
}

TEST(GcReferee, RejectsBadPieceMovesWithTheMovedSubstitution) {
  Game g;
  EXPECT_EQ(g.refuse("N g1-g3"), "You may not move a N from g1 to g3");
  EXPECT_EQ(g.refuse("B f1-c4"), "You may not move a B from f1 to c4"); // blocked by e2
  EXPECT_EQ(g.refuse("K e1-e3"), "A King may not move from e1 to e3");
}

TEST(GcReferee, RejectsPromotionOffTheLastRank) {
  Game g;
  EXPECT_EQ(g.refuse("P e2-e3; Q-e3"), "Illegal Pawn promotion");
}

TEST(GcReferee, RejectsMissingOrWrongPromotion) {
  Game g("4k3/P7/8/8/8/8/8/4K3");
  EXPECT_EQ(g.refuse("P a7-a8"), "A promotion is required here: choose one of Q R B N");
  EXPECT_EQ(g.refuse("P a7-a8; K-a8"), "Illegal Pawn promotion");
  EXPECT_EQ(g.refuse("P a7-a8; q-a8"), "Illegal Pawn promotion");
  EXPECT_EQ(g.refuse("K e1-e2; Q-e2"), "You may not change the type of this piece.");
}

TEST(GcReferee, RejectsTooManyPartsAndUnreadableMoves) {
  Game g;
  EXPECT_EQ(g.refuse("P e2-e3; P d2-d3; P c2-c3"), "A move may have at most 2 parts here.");
  EXPECT_EQ(g.refuse("P e3-e4"), "There is no piece on e3");
  EXPECT_EQ(g.refuse("hello"), "'hello' is not a recognized piece, coordinate, command, or subroutine");
}

TEST(GcReferee, PresetErrorsCarryFileAndLine) {
  GcInterp *gc = gc_new();
  GcError err;
  const char *text = "Game: broken\n"
                     "[Pre-Game]\n"
                     "set x 1;\n"
                     "[Post-Move 1]\n"
                     "set y 2;\n"
                     "set z checkleap origin;\n";
  ASSERT_EQ(gc_load_preset_text(gc, text, "broken.preset", &err), GC_OK) << err.message;
  ASSERT_EQ(gc_start(gc, &err), GC_OK);
  GcVerdict v;
  EXPECT_EQ(gc_play(gc, "P e2-e4", &v), GC_PRESET_ERROR);
  EXPECT_STREQ(v.message, "checkleap needs 4 operands, has 1");
  EXPECT_STREQ(v.file, "broken.preset");
  EXPECT_EQ(v.line, 6);
  EXPECT_STREQ(gc_space(gc, "e2"), "P"); // rolled back
  gc_free(gc);

  gc = gc_new();
  EXPECT_EQ(gc_load_preset_text(gc, "Game: x\n[Post-Move 1]\nif true:\n  set a 1;\n", "open.preset", &err), GC_ERROR);
  EXPECT_STREQ(err.message, "if at line 3 is never closed");
  EXPECT_EQ(err.line, 3);
  EXPECT_EQ(gc_load_preset_text(gc, "Game: x\n[Nonsense]\n", "bad.preset", &err), GC_ERROR);
  EXPECT_STREQ(err.message, "unknown section [Nonsense]");
  gc_free(gc);
}

// `lost`, `continuemove`, `thismove` and the multi-part pattern of seed 003: Pre-Move stores the
// position, Post-Move restores it and replays each part with `eval join "MOVE: " ...`.
TEST(GcReferee, MultiPartTurnsReplayedWithEval) {
  const char *text = "Game: double move\n"
                     "[Pre-Move 1]\n"
                     "store;\n"
                     "[Post-Move 1]\n"
                     "set mvs explode chr 59 thismove;\n"
                     "restore;\n"
                     "set i 0;\n"
                     "set n count var mvs;\n"
                     "do while < #i #n:\n"
                     "  eval join \"MOVE: \" trim elem var i mvs;\n"
                     "  if not checkleap origin dest 0 1:\n"
                     "    die Part #i is not a one-step move: origin-dest;\n"
                     "  endif;\n"
                     "  inc i;\n"
                     "loop;\n"
                     "if == #n 1:\n"
                     "  continuemove;\n"
                     "endif;\n"
                     "set parts #n;\n"
                     "[Post-Game 1]\n"
                     "if == #parts 2: say Two parts; endif;\n"
                     "[Post-Move 2]\n"
                     "lost;\n";
  GcInterp *gc = gc_new();
  GcError err;
  ASSERT_EQ(gc_load_preset_text(gc, text, "double.preset", &err), GC_OK) << err.message;
  ASSERT_EQ(gc_start(gc, &err), GC_OK);
  GcVerdict v;
  EXPECT_EQ(gc_play(gc, "P e2-e3; P e3-e4", &v), GC_LEGAL) << v.message;
  EXPECT_STREQ(v.say, "Two parts");
  EXPECT_STREQ(gc_space(gc, "e4"), "P");
  EXPECT_STREQ(gc_space(gc, "e2"), "@");
  EXPECT_EQ(gc_play(gc, "p e7-e5", &v), GC_LEGAL) << v.message;
  EXPECT_EQ(v.result, GC_RESULT_LOST); // Post-Move 2 says `lost`
  EXPECT_EQ(v.result_player, 2);
  gc_free(gc);

  gc = gc_new();
  ASSERT_EQ(gc_load_preset_text(gc, text, "double.preset", &err), GC_OK);
  ASSERT_EQ(gc_start(gc, &err), GC_OK);
  EXPECT_EQ(gc_play(gc, "P d2-d3; N b1-c3", &v), GC_ILLEGAL);
  EXPECT_STREQ(v.message, "Part 1 is not a one-step move: b1-c3");
  EXPECT_STREQ(gc_space(gc, "d2"), "P");
  gc_free(gc);
}

// `ban commands allmoves; allow moves 1 captures 1 promotions 2;` from the preset's Pre-Game.
TEST(GcReferee, BanAndAllowClassifyTheParts) {
  Game g("4k3/P7/8/8/8/8/8/4K3");
  EXPECT_EQ(g.refuse("Q*d4"), "A move of the kind 'drops' is not allowed as part 1 of a turn.");
  EXPECT_EQ(g.refuse("K e1-e2; K e2-e3"), "A move of the kind 'moves' is not allowed as part 2 of a turn.");
  EXPECT_EQ(g.refuse("pass"), "A move of the kind 'pass' is not allowed as part 1 of a turn.");
  EXPECT_EQ(g.play({"P a7-a8; Q-a8"}), "");
}

// The limits on a turn's parts are read again when the preset changes them during the game.
TEST(GcReferee, PartRulesChangedDuringTheGameTakeEffect) {
  TextGame g("Game: T\nFiles: a b c d\nRanks: 1 2 3 4\nFEN: 3k/4/4/K3\n\n"
             "[Pre-Game]\nsetsystem maxmove 1;\nban allmoves;\nallow moves 1;\nset n 0;\n\n"
             "[Pre-Move 1]\nif #n:\n  setsystem maxmove 2;\n  allow moves 2;\nendif;\n\n"
             "[Post-Move 2]\ninc n;\n");
  ASSERT_EQ(g.failure, "");
  EXPECT_EQ(g.play("K a1-a2; K a2-a3"), GC_ILLEGAL);
  EXPECT_STREQ(g.last.message, "A move may have at most 1 parts here.");
  EXPECT_EQ(g.play("K a1-a2"), GC_LEGAL) << g.last.message;
  EXPECT_EQ(g.play("k d4-d3"), GC_LEGAL) << g.last.message;
  EXPECT_EQ(g.play("K a2-a3; K a3-a4"), GC_LEGAL) << g.last.message;
  EXPECT_STREQ(gc_space(g.gc, "a4"), "K");
}

// What the CLI `herald referee PRESET GAMEFILE` needs: exit 0 / 1 (ply, move, message) / 2.
TEST(GcReferee, WholeGameFiles) {
  Game g;
  GcVerdict v;
  EXPECT_EQ(gc_referee_game(g.gc, "// fool's mate\n1. P f2-f3\n1... p e7-e5\n\nP g2-g4\nq d8-h4\n", &v), 0);
  EXPECT_STREQ(v.say, "Checkmate! Black has won!");
  EXPECT_EQ(v.ply, 4);
  EXPECT_EQ(gc_referee_game(g.gc, "P e2-e4\np e7-e5\nK e1-e3\n", &v), 1); // restarts the game
  EXPECT_EQ(v.ply, 3);
  EXPECT_STREQ(v.message, "A King may not move from e1 to e3");

  GcInterp *gc = gc_new();
  GcError err;
  ASSERT_EQ(gc_load_preset_text(gc, "Game: x\n[Post-Move 1]\nset a fn nothing;\n", "x.preset", &err), GC_OK);
  EXPECT_EQ(gc_referee_game(gc, "P e2-e4\n", &v), 2);
  EXPECT_STREQ(v.message, "fn nothing: no such function");
  EXPECT_STREQ(v.file, "x.preset");
  EXPECT_EQ(v.line, 3);
  gc_free(gc);
}

// Preset files on disk, with an include file looked up in the include directory.
TEST(GcReferee, PresetFileWithInclude) {
  char dir[] = "/tmp/gcpresetXXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  std::string inc = std::string(dir) + "/pieces.txt", preset = std::string(dir) + "/mini.preset";
  FILE *f = fopen(inc.c_str(), "w");
  ASSERT_NE(f, nullptr);
  fputs("def K checkleap #0 #1 1 0 or checkleap #0 #1 1 1;\ndef k fn K #0 #1;\n", f);
  fclose(f);
  f = fopen(preset.c_str(), "w");
  ASSERT_NE(f, nullptr);
  fputs("Game: Kings\nFiles: a b c\nRanks: 1 2 3\nFEN: k2/3/2K\n"
        "[Pre-Game]\ninclude pieces;\n"
        "[Post-Move 1]\nif not fn moved origin dest: die No.; endif;\n"
        "[Post-Move 2]\nif not fn moved origin dest:\n  die Not a king move: origin-dest;\nendif;\n",
        f);
  fclose(f);
  GcInterp *gc = gc_new();
  GcError err;
  ASSERT_EQ(gc_load_preset_file(gc, preset.c_str(), dir, &err), GC_OK) << err.message;
  ASSERT_EQ(gc_start(gc, &err), GC_OK) << err.message;
  GcVerdict v;
  EXPECT_EQ(gc_play(gc, "K c1-b2", &v), GC_LEGAL) << v.message;
  EXPECT_EQ(gc_play(gc, "k a3-a1", &v), GC_ILLEGAL);
  EXPECT_STREQ(v.message, "Not a king move: a3-a1");
  EXPECT_STREQ(v.file, preset.c_str());
  EXPECT_EQ(v.line, 11);
  gc_free(gc);
  EXPECT_EQ(gc_load_preset_file(gc = gc_new(), "/nonexistent.preset", nullptr, &err), GC_ERROR);
  EXPECT_STREQ(err.message, "cannot read preset file /nonexistent.preset");
  gc_free(gc);
  remove(inc.c_str());
  remove(preset.c_str());
  rmdir(dir);
}

// Trying moves and taking them back, as the bridge's oracle will.
TEST(GcReferee, SaveAndRestoreState) {
  Game g;
  ASSERT_EQ(g.play({"P e2-e4", "p e7-e5"}), "");
  GcState *st = gc_state_save(g.gc);
  for (const char *m : {"N g1-f3", "K e1-e2", "B f1-c4"}) {
    GcVerdict v;
    ASSERT_EQ(gc_play(g.gc, m, &v), GC_LEGAL) << m;
    EXPECT_EQ(gc_ply(g.gc), 3);
    gc_state_restore(g.gc, st);
    EXPECT_EQ(gc_ply(g.gc), 2);
    EXPECT_EQ(g.at("e1"), "K");
    EXPECT_EQ(g.at("g1"), "N");
    EXPECT_EQ(g.at("f1"), "B");
  }
  EXPECT_TRUE(gc_get_flag(g.gc, "e1")); // castling rights came back too
  ASSERT_EQ(g.play({"K e1-e2"}), "");
  EXPECT_FALSE(gc_get_flag(g.gc, "e1"));
  gc_state_restore(g.gc, st);
  EXPECT_TRUE(gc_get_flag(g.gc, "e1"));
  gc_state_free(st);
  EXPECT_EQ(g.play({"N g1-f3", "n b8-c6"}), "");
}

TEST(GcReferee, ResignIsAlwaysAllowed) {
  Game g;
  ASSERT_EQ(g.play({"P e2-e4", "resign"}), "");
  EXPECT_EQ(g.last.result, GC_RESULT_LOST);
  EXPECT_EQ(g.last.result_player, 2);
  EXPECT_EQ(g.refuse("N g1-f3"), "The game is over.");
}

// The legal-move list of seed 003's legalmoves2 idiom, built by setlegal in Post-Game: the
// oracle the bridge will compare its generator with.
TEST(GcReferee, PostGameBuildsTheLegalMoveList) {
  std::string text = std::string(gctest::chess_tutorial_header()) + gctest::chess_tutorial_code() +
                     "[Pre-Game]\n"
                     "sub legalmoves kingpos:\n"
                     "  local from piece to;\n"
                     "  if isupper space #kingpos: def friends onlyupper; def friend isupper #0;\n"
                     "  else: def friends onlylower; def friend islower #0; endif;\n"
                     "  store;\n"
                     "  for (from piece) fn friends:\n"
                     "    for to fn join #piece L #from:\n"
                     "      if fn #piece #from #to and not fn friend space #to and onboard #to:\n"
                     "        move #from #to;\n"
                     "        if not sub checked cond == #from #kingpos #to #kingpos:\n"
                     "          setlegal #from #to;\n"
                     "        endif;\n"
                     "      endif;\n"
                     "      restore;\n"
                     "    next;\n"
                     "  next;\n"
                     "  return cond count system legalmoves false true;\n"
                     "endsub;\n"
                     "[Post-Game 1]\ngosub legalmoves #k;\n"
                     "[Post-Game 2]\ngosub legalmoves #K;\n";
  GcInterp *gc = gc_new();
  GcError err;
  ASSERT_EQ(gc_load_preset_text(gc, text.c_str(), "legal.preset", &err), GC_OK) << err.message;
  ASSERT_EQ(gc_start(gc, &err), GC_OK);
  EXPECT_EQ(gc_arr_len(gc_legal_moves(gc)), 20u); // White's list, from Post-Game 2 at the start
  GcVerdict v;
  ASSERT_EQ(gc_play(gc, "P e2-e4", &v), GC_LEGAL) << v.message;
  EXPECT_EQ(gc_arr_len(gc_legal_moves(gc)), 20u);
  EXPECT_EQ(gctest::show(*gc_legal_moves(gc)).find("g8-f6") != std::string::npos, true);
  ASSERT_EQ(gc_play(gc, "p f7-f6", &v), GC_LEGAL);
  ASSERT_EQ(gc_play(gc, "Q d1-h5", &v), GC_LEGAL);
  // Black in check from h5: only p g7-g6 and k e8-e7... (e7 is occupied) -> g6 block only
  EXPECT_EQ(gctest::show(*gc_legal_moves(gc)), "[g7-g6]");
  gc_free(gc);
}

// continuemove: the same player moves again (seed 003's multi-move variants).  A turn sent part
// by part is replayed whole from the state before its first part, so the code sees every part
// in thismove, as it does when the turn is typed on one line.
static const char *kTwoForWhite = "Game: two for White\n"
                                  "[Pre-Game]\nset turns 0;\n"
                                  "[Post-Move 1]\n"
                                  "set seen thismove;\n"
                                  "inc turns;\n"
                                  "if == count explode chr 59 thismove 1:\n  continuemove;\n"
                                  "elseif > count explode chr 59 thismove 2:\n  die Too many moves.;\nendif;\n";

TEST(GcReferee, ContinuemoveKeepsTheTurn) {
  GcInterp *gc = gc_new();
  GcError err;
  ASSERT_EQ(gc_load_preset_text(gc, kTwoForWhite, "two.preset", &err), GC_OK) << err.message;
  ASSERT_EQ(gc_start(gc, &err), GC_OK);
  GcVerdict v;
  EXPECT_EQ(gc_side_to_move(gc), 1);
  ASSERT_EQ(gc_play(gc, "P e2-e4", &v), GC_LEGAL);
  EXPECT_EQ(gc_side_to_move(gc), 1);
  EXPECT_TRUE(gc_turn_open(gc));
  ASSERT_EQ(gc_play(gc, "P d2-d4", &v), GC_LEGAL);
  EXPECT_FALSE(gc_turn_open(gc));
  EXPECT_EQ(gctest::show(*gc_get_var(gc, "seen")), "P e2-e4; P d2-d4");
  // Post-Move ran once for each replay of the turn from its start: the counter counts turns
  EXPECT_EQ(gc_to_int(gc_get_var(gc, "turns")), 1);
  EXPECT_EQ(gc_side_to_move(gc), 2);
  ASSERT_EQ(gc_play(gc, "p e7-e5", &v), GC_LEGAL);
  EXPECT_EQ(gc_side_to_move(gc), 1);
  EXPECT_EQ(gc_ply(gc), 2); // turns, the parts of one counting once
  EXPECT_STREQ(gc_space(gc, "e4"), "P");
  EXPECT_STREQ(gc_space(gc, "d4"), "P");
  gc_free(gc);
}

// The same turn typed whole and sent in parts ends in the same state; a refused further part
// leaves the parts already made standing, with the turn still open.
TEST(GcReferee, TurnInPartsMatchesTurnTypedWhole) {
  GcInterp *whole = gc_new(), *parts = gc_new();
  GcError err;
  ASSERT_EQ(gc_load_preset_text(whole, kTwoForWhite, "two.preset", &err), GC_OK);
  ASSERT_EQ(gc_load_preset_text(parts, kTwoForWhite, "two.preset", &err), GC_OK);
  ASSERT_EQ(gc_start(whole, &err), GC_OK);
  ASSERT_EQ(gc_start(parts, &err), GC_OK);
  GcVerdict v;
  ASSERT_EQ(gc_play(whole, "P e2-e4; N g1-f3", &v), GC_LEGAL);
  ASSERT_EQ(gc_play(parts, "P e2-e4", &v), GC_LEGAL);
  EXPECT_EQ(gc_play(parts, "N g1-f3; P a2-a3", &v), GC_ILLEGAL);
  EXPECT_STREQ(v.message, "Too many moves.");
  EXPECT_TRUE(gc_turn_open(parts));
  EXPECT_STREQ(gc_space(parts, "e4"), "P");
  EXPECT_STREQ(gc_space(parts, "f3"), "@");
  ASSERT_EQ(gc_play(parts, "N g1-f3", &v), GC_LEGAL);
  for (const char *sq : {"e2", "e4", "g1", "f3", "a2"}) EXPECT_STREQ(gc_space(whole, sq), gc_space(parts, sq)) << sq;
  EXPECT_EQ(gc_side_to_move(whole), gc_side_to_move(parts));
  EXPECT_EQ(gc_ply(whole), gc_ply(parts));
  gc_free(whole);
  gc_free(parts);
}

// A saved state keeps its open turn: restored, the next part continues that turn.
TEST(GcReferee, SavedStateKeepsTheOpenTurn) {
  GcInterp *gc = gc_new();
  GcError err;
  ASSERT_EQ(gc_load_preset_text(gc, kTwoForWhite, "two.preset", &err), GC_OK);
  ASSERT_EQ(gc_start(gc, &err), GC_OK);
  GcVerdict v;
  ASSERT_EQ(gc_play(gc, "P e2-e4", &v), GC_LEGAL);
  GcState *mid = gc_state_save(gc);
  GcState *copy = gc_state_clone(mid);
  ASSERT_EQ(gc_play(gc, "P d2-d4", &v), GC_LEGAL);
  ASSERT_EQ(gc_play(gc, "p e7-e5", &v), GC_LEGAL);
  for (const GcState *st : {(const GcState *)mid, (const GcState *)copy}) {
    gc_state_restore(gc, st);
    EXPECT_TRUE(gc_turn_open(gc));
    ASSERT_EQ(gc_play(gc, "P c2-c4", &v), GC_LEGAL) << v.message;
    EXPECT_EQ(gctest::show(*gc_get_var(gc, "seen")), "P e2-e4; P c2-c4");
    EXPECT_EQ(gc_side_to_move(gc), 2);
  }
  gc_state_free(mid);
  gc_state_free(copy);
  // resigning in the middle of a turn ends it
  ASSERT_EQ(gc_start(gc, &err), GC_OK);
  ASSERT_EQ(gc_play(gc, "P e2-e4", &v), GC_LEGAL);
  ASSERT_EQ(gc_play(gc, "resign", &v), GC_LEGAL);
  EXPECT_FALSE(gc_turn_open(gc));
  gc_free(gc);
}

// The fifty-move rule reached by play: 100 quiet plies without a repeated position.
TEST(GcReferee, FiftyMoveRuleByPlay) {
  Game g("7k/8/8/8/8/8/8/R3K3");
  ASSERT_EQ(g.failure, "");
  std::vector<std::string> snake; // the rook visits a1..a6, b6..b1, c1..c6, d6..d1
  for (char f = 'a'; f <= 'd'; f++)
    for (int i = 0; i < 6; i++) {
      int r = ((f - 'a') % 2 == 0) ? 1 + i : 6 - i;
      snake.push_back(std::string(1, f) + std::to_string(r));
    }
  std::vector<std::string> white;
  for (size_t i = 1; i < snake.size(); i++) white.push_back("R " + snake[i - 1] + "-" + snake[i]);
  white.push_back("K e1-f1");
  for (size_t i = snake.size() - 1; i > 0; i--) white.push_back("R " + snake[i] + "-" + snake[i - 1]);
  white.push_back("K f1-f2");
  white.push_back("R a1-a2");
  white.push_back("R a2-a3");
  ASSERT_EQ(white.size(), 50u);
  for (size_t i = 0; i < white.size(); i++) {
    ASSERT_EQ(g.play({white[i]}), "") << i;
    ASSERT_EQ(g.last.result, GC_RESULT_NONE) << i;
    ASSERT_EQ(g.play({i % 2 == 0 ? "k h8-g8" : "k g8-h8"}), "") << i;
    if (i < 49) {
      ASSERT_EQ(g.last.result, GC_RESULT_NONE) << i << " " << g.last.say;
    }
  }
  EXPECT_STREQ(g.last.say, "Fifty Moves Without Moving a Pawn or Capturing! Game Drawn!");
  EXPECT_EQ(g.last.result, GC_RESULT_DRAWN);
  EXPECT_EQ(gc_ply(g.gc), 100);
}

// A command's argument `$moved` (or `$origin` ...) stands for its value, as in an expression:
// `add $moved $origin` puts back a piece of the label that moved, which the board's selectors
// (onlyupper) then find, not a piece labelled "$moved".
TEST(GcReferee, SystemVariablesInCommandsStandForTheirValues) {
  TextGame g("Game: T\nFiles: a b c d\nRanks: 1 2 3 4\nFEN: 1k2/4/4/K3\n\n[Pre-Game]\n\n"
             "[Post-Move 1]\nadd $moved $origin;\nset uppers count onlyupper;\n"
             "if != #uppers 2:\n  die \"the piece put back is not upper case\";\nendif;\n\n"
             "[Post-Move 2]\n");
  ASSERT_EQ(g.failure, "");
  EXPECT_EQ(g.play("K a1-a2"), GC_LEGAL) << g.last.message;
  ASSERT_NE(gc_space(g.gc, "a1"), nullptr);
  EXPECT_STREQ(gc_space(g.gc, "a1"), "K");
  EXPECT_STREQ(gc_space(g.gc, "a2"), "K");
}

// $origin, $dest, $moved, $old and $lastcaptured read what the bare words read; $prevorigin and
// $prevdest the move before, in the same part of the turn.
TEST(GcReferee, DollarMoveVariablesReadTheMoveAsTheBareWordsDo) {
  TextGame g("Game: T\nFiles: a b c d\nRanks: 1 2 3 4\nFEN: 1k2/4/1p2/K3\n\n[Pre-Game]\n\n"
             "[Post-Move 1]\nset seen join join join $origin $dest $moved $old;\n"
             "set same and and == $origin origin == $dest dest == $lastcaptured old;\n"
             "set before join $prevorigin $prevdest;\n\n"
             "[Post-Move 2]\n");
  ASSERT_EQ(g.failure, "");
  ASSERT_EQ(g.play("K a1-b2"), GC_LEGAL) << g.last.message; // takes the p on b2
  EXPECT_EQ(g.var("seen"), "a1b2Kp");
  EXPECT_EQ(g.var("same"), "1");
  EXPECT_EQ(g.play("k b4-c4"), GC_LEGAL) << g.last.message;
  ASSERT_EQ(g.play("K b2-b3"), GC_LEGAL) << g.last.message;
  EXPECT_EQ(g.var("seen"), "b2b3K@");
  EXPECT_EQ(g.var("same"), "1");
  EXPECT_EQ(g.var("before"), "b4c4");
}

// ---- a caller that only asks whether moves are legal (the oracle) ----

TEST(GcReferee, WithoutMessagesTheVerdictsStayAndTheTextIsLeftOut) {
  Game g;
  gc_set_messages(g.gc, false);
  ASSERT_EQ(g.play({"P d2-d4", "p e7-e5", "P d4-d5", "b f8-b4"}), "");
  EXPECT_EQ(g.last.status, GC_LEGAL);
  EXPECT_STREQ(g.last.say, ""); // "Check!" is not composed
  EXPECT_EQ(g.refuse("K e1-d2"), "");
  EXPECT_EQ(g.last.status, GC_ILLEGAL);
  EXPECT_GT(g.last.line, 0); // where it died is still said
  gc_set_messages(g.gc, true);
  EXPECT_EQ(g.refuse("K e1-d2"), "You may not move into check.");
  ASSERT_EQ(g.play({"P c2-c3"}), "");
}
