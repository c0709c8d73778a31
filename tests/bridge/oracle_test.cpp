// The oracle: pieces whose def does not compile are decided by the preset's own referee.  Perft
// through the oracle must equal the published figures (chess-2004 with Pawn blocks the compiler
// does not follow, oracle_pawns.h) and a brute-force count by the referee alone (escorted-queen, whose Queen
// reads her King's square from a variable); several threads share one oracle; the search plays
// moves the referee accepts; verify agrees.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bridge/br_game.h"
#include "bridge/oracle_pawns.h"
#include "bridge/catalog.h"
#include "search/search.h"

namespace {

struct GameBox {
  BrGame *g = nullptr;
  std::string err;
  explicit GameBox(const char *path) {
    char e[512] = "";
    g = br_load(path, "presets/include", e, sizeof e);
    err = e;
  }
  ~GameBox() { br_free(g); }
  GameBox(const GameBox &) = delete;
  GameBox &operator=(const GameBox &) = delete;
};

struct PosBox {
  Position p = {};
  ~PosBox() { pos_free(&p); }
};

const BrPiece *Piece(const BrGame *g, const char *label) {
  for (int i = 0; i < g->piece_count; i++)
    if (std::string(g->pieces[i].label) == label) return &g->pieces[i];
  return nullptr;
}

// Moves counted by the referee alone: every (from, to) of the side to move put to gc_play.
uint64_t RefereePerft(BrGame *g, GcInterp *gc, int depth) {
  if (depth == 0) return 1;
  const GcBoard *b = gc_get_board(gc);
  int side = gc_side_to_move(gc) == 1 ? 0 : 1;
  uint64_t nodes = 0;
  GcState *here = gc_state_save(gc);
  for (int from = 0; from < b->nfiles * b->nranks; from++) {
    const char *label = b->cells[from];
    if (gc_board_is_empty(b, from) || gc_board_is_hole(b, from)) continue;
    bool white = label[0] >= 'A' && label[0] <= 'Z';
    if (white != (side == 0)) continue;
    std::string piece = label;
    std::string from_name = gc_board_name(b, from);
    for (int to = 0; to < b->nfiles * b->nranks; to++) {
      if (to == from) continue;
      std::string move = piece + " " + from_name + "-" + gc_board_name(b, to);
      GcVerdict v;
      if (gc_play(gc, move.c_str(), &v) != GC_LEGAL) continue;
      nodes += RefereePerft(g, gc, depth - 1);
      gc_state_restore(gc, here);
      b = gc_get_board(gc);
    }
  }
  gc_state_free(here);
  return nodes;
}

TEST(Oracle, Chess2004PawnsAreOracleBackedAndCountAsChess) {
  GameBox box(OraclePawnsPreset().c_str());
  ASSERT_NE(box.g, nullptr) << box.err;
  ASSERT_TRUE(box.g->rules_ready);
  EXPECT_FALSE(box.g->all_compiled);
  ASSERT_NE(box.g->rules.oracle, nullptr);
  const BrPiece *pawn = Piece(box.g, "P");
  ASSERT_NE(pawn, nullptr);
  EXPECT_FALSE(pawn->compiled);
  const PieceType &pt = box.g->rules.types[pawn->type];
  EXPECT_TRUE(pt.oracle);
  EXPECT_FALSE(pt.any_square) << "candidates come from the Post-Move code of the Pawn";
  EXPECT_TRUE(pt.ep_capturer);
  EXPECT_GT(pt.promo_count, 0);
  PosBox pos;
  char err[256];
  ASSERT_TRUE(pos_set_fen(&pos.p, &box.g->rules, box.g->start_fen, err, sizeof err)) << err;
  const uint64_t expected[] = {1, 20, 400, 8902};
  for (int d = 1; d <= 3; d++) EXPECT_EQ(pos_perft(&pos.p, d), expected[d]) << "depth " << d;
  BrOracleStats st;
  br_oracle_stats(box.g->oracle, &st);
  EXPECT_GT(st.asked, 0);
  EXPECT_GT(st.cached, 0);
  EXPECT_STREQ(st.error, "");
}

TEST(Oracle, PositionsSetUpFromAFenAreDecidedToo) {
  GameBox box(OraclePawnsPreset().c_str());
  ASSERT_NE(box.g, nullptr) << box.err;
  PosBox pos;
  char err[256];
  // Kiwipete (castling both ways, en passant, promotions near): 48, 2039, 97862 in Chess.
  ASSERT_TRUE(pos_set_fen(&pos.p, &box.g->rules, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          err, sizeof err))
      << err;
  EXPECT_EQ(pos_perft(&pos.p, 1), 48u);
  EXPECT_EQ(pos_perft(&pos.p, 2), 2039u);
  // Black to move.
  ASSERT_TRUE(
      pos_set_fen(&pos.p, &box.g->rules, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", err, sizeof err))
      << err;
  EXPECT_EQ(pos_perft(&pos.p, 2), 600u);
  BrOracleStats st;
  br_oracle_stats(box.g->oracle, &st);
  EXPECT_STREQ(st.error, "");
}

TEST(Oracle, EscortedQueenAgreesWithABruteForceReferee) {
  GameBox box("presets/escorted-queen.preset");
  ASSERT_NE(box.g, nullptr) << box.err;
  const BrPiece *queen = Piece(box.g, "Q");
  ASSERT_NE(queen, nullptr);
  EXPECT_FALSE(queen->compiled);
  EXPECT_TRUE(box.g->rules.types[queen->type].oracle);
  const char *env = std::getenv("HERALD_ORACLE_BRUTE_DEPTH");
  int depth = env ? std::atoi(env) : 2;
  PosBox pos;
  char err[256];
  ASSERT_TRUE(pos_set_fen(&pos.p, &box.g->rules, box.g->start_fen, err, sizeof err)) << err;
  GcState *start = gc_state_save(box.g->gc);
  for (int d = 1; d <= depth; d++) {
    uint64_t brute = RefereePerft(box.g, box.g->gc, d);
    gc_state_restore(box.g->gc, start);
    EXPECT_EQ(pos_perft(&pos.p, d), brute) << "depth " << d;
  }
  gc_state_free(start);
  // Where the Queen's restriction bites (1.e4 e5 2.Qh5 is not allowed), unlike Chess.
  EXPECT_EQ(pos_perft(&pos.p, 3), 8782u);
}

// Ultima: every piece ends with the referee (the Long Leaper and Chameleon by their defs, the
// others by the load-time probe: captures by withdrawal, pinching and coordination happen in
// Post-Move, and the Immobilizer freezes); the oracle's count equals the referee's own.
TEST(Oracle, UltimaCountsAsItsReferee) {
  GameBox box("presets/ultima.preset");
  ASSERT_NE(box.g, nullptr) << box.err;
  for (int i = 0; i < box.g->piece_count; i++) EXPECT_FALSE(box.g->pieces[i].compiled) << box.g->pieces[i].label;
  const char *env = std::getenv("HERALD_ORACLE_BRUTE_DEPTH");
  int depth = env ? std::atoi(env) : 1;
  PosBox pos;
  char err[256];
  ASSERT_TRUE(pos_set_fen(&pos.p, &box.g->rules, box.g->start_fen, err, sizeof err)) << err;
  GcState *start = gc_state_save(box.g->gc);
  for (int d = 1; d <= depth; d++) {
    uint64_t brute = RefereePerft(box.g, box.g->gc, d);
    gc_state_restore(box.g->gc, start);
    EXPECT_EQ(pos_perft(&pos.p, d), brute) << "depth " << d;
  }
  gc_state_free(start);
  EXPECT_EQ(pos_perft(&pos.p, 2), 944u);
}

// Ultima's text with each edit (what, by what) made once, where it stands.
std::string UltimaEdited(const TempDir &dir, const std::vector<std::pair<std::string, std::string>> &edits) {
  std::ifstream in("presets/ultima.preset", std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  for (const auto &[what, by] : edits) {
    size_t at = text.find(what);
    EXPECT_NE(at, std::string::npos) << what;
    if (at != std::string::npos) text.replace(at, what.size(), by);
  }
  return dir.Write("ultima.preset", text);
}

// The Long Leaper's def for both colours, rewritten.
std::vector<std::pair<std::string, std::string>> LeaperDef(const std::string &def) {
  return {{"def L and empty #1 sub leapline #0 #1 0;", "def L " + def + ";"},
          {"def l and empty #1 sub leapline #0 #1 0;", "def l " + def + ";"}};
}

// Whether the atoms of t are leaps in mode exactly onto the squares along the eight Queen lines
// from the origin, whatever stands between (Ultima's leapline: "with no piece in between this
// is the plain Queen move"), in Ultima's 8x8 board.
bool LeapsAlongQueenLines(const PieceType &t, uint8_t mode) {
  std::set<std::pair<int, int>> want, have;
  for (int dx = -7; dx <= 7; dx++)
    for (int dy = -7; dy <= 7; dy++)
      if ((dx || dy) && (dx == 0 || dy == 0 || std::abs(dx) == std::abs(dy))) want.insert({dx, dy});
  for (int i = 0; i < t.atom_count; i++) {
    if (t.atoms[i].kind != ATOM_LEAP || t.atoms[i].mode != mode) return false;
    have.insert({t.atoms[i].dx, t.atoms[i].dy});
  }
  return have == want && t.atom_count == (int)want.size();
}

// What a def that is not compiled allows narrows its candidates: the Long Leaper's `and empty #1
// sub leapline ...` lands on empty squares only, the Chameleon's `or and == space #1 k ... and
// empty #1 sub leapline ...` on empty squares and the enemy King's; and `leapline` begins with
// guards of the two squares alone that return false off the Queen lines, so the empty squares
// are those the Queen's lines reach, as leaps.  The perft figures stay the referee's
// (UltimaCountsAsItsReferee, and its brute force at depth 3 with HERALD_ORACLE_BRUTE_DEPTH=3).
TEST(Oracle, UltimaCandidatesLandWhereTheDefsAllow) {
  GameBox box("presets/ultima.preset");
  ASSERT_NE(box.g, nullptr) << box.err;
  const BrPiece *leaper = Piece(box.g, "L"), *chameleon = Piece(box.g, "X"), *king = Piece(box.g, "K");
  ASSERT_TRUE(leaper && chameleon && king);
  const PieceType &l = box.g->rules.types[leaper->type], &x = box.g->rules.types[chameleon->type];
  EXPECT_FALSE(l.any_square);
  EXPECT_TRUE(LeapsAlongQueenLines(l, MODE_MOVE));
  ASSERT_TRUE(x.any_square);
  EXPECT_TRUE(LeapsAlongQueenLines(x, MODE_MOVE));
  for (int c = 0; c < 2; c++) {
    EXPECT_FALSE(x.any_square_empty[c]) << c;
    EXPECT_EQ(x.any_square_takes[c], 1u << king->type) << c;
  }
  EXPECT_NE(std::string(leaper->reason).find("among the squares of 56 leaps"), std::string::npos) << leaper->reason;
}

// The Long Leaper's and the Chameleon's defs, which the compiler cannot read, are still their
// movement: the oracle asks them before Post-Move, and Post-Move is left only the candidates
// they allow (and the other pieces' moves, which the probe handed to the referee).  From the
// start, perft 2 puts 35 candidates a position to the defs and all but a handful of the rest are
// legal; the count is the referee's (UltimaCountsAsItsReferee).
TEST(Oracle, UltimaAsksTheDefsTheCompilerCannotRead) {
  GameBox box("presets/ultima.preset");
  ASSERT_NE(box.g, nullptr) << box.err;
  for (const char *label : {"L", "l", "X", "x"}) {
    const BrPiece *pc = Piece(box.g, label);
    ASSERT_NE(pc, nullptr) << label;
    EXPECT_STREQ(box.g->filter_def[pc->type][pc->color], label);
  }
  for (const char *label : {"K", "P", "W", "C", "I"}) { // compiled defs, demoted by the probe
    const BrPiece *pc = Piece(box.g, label);
    ASSERT_NE(pc, nullptr) << label;
    EXPECT_STREQ(box.g->filter_def[pc->type][pc->color], "") << label;
  }
  PosBox pos;
  char err[256];
  ASSERT_TRUE(pos_set_fen(&pos.p, &box.g->rules, box.g->start_fen, err, sizeof err)) << err;
  BrOracleStats before, after;
  br_oracle_stats(box.g->oracle, &before);
  EXPECT_EQ(pos_perft(&pos.p, 2), 944u);
  br_oracle_stats(box.g->oracle, &after);
  long ruled = after.ruled_out - before.ruled_out, refused = after.refused - before.refused;
  EXPECT_GT(ruled, 20 * 32) << "the Leapers' and Chameleons' blocked leaps";
  EXPECT_LT(refused, ruled / 10);
}

// Where the referee allows a move the def refuses, the def does not speak for the referee: the
// probe finds it and every candidate of that piece goes to Post-Move again.  Here the Long
// Leaper's def also refuses the third rank, and Post-Move judges its moves by `leapline` alone.
TEST(Oracle, UltimaDefThatRefusesWhatTheRefereeAllowsIsNotAsked) {
  TempDir dir;
  auto edits = LeaperDef("and empty #1 and sub leapline #0 #1 0 sub notthird #1");
  edits.push_back({"// The name of a piece, for messages.",
                   "sub notthird sq:\n  my r;\n  set r rankname #sq;\n  if == #r 3:\n    return false;\n  endif;\n"
                   "  return true;\nendsub;\n\n// The name of a piece, for messages."});
  edits.push_back({"  if not fn #piece #from #to:",
                   "  if == #U L:\n    if not sub leapline #from #to 0:\n      die Not a Long Leaper's move.;\n"
                   "    endif;\n  elseif not fn #piece #from #to:"});
  GameBox box(UltimaEdited(dir, edits).c_str());
  ASSERT_NE(box.g, nullptr) << box.err;
  const BrPiece *leaper = Piece(box.g, "L"), *chameleon = Piece(box.g, "X");
  ASSERT_TRUE(leaper && chameleon);
  EXPECT_STREQ(box.g->filter_def[leaper->type][0], "");
  EXPECT_STREQ(box.g->filter_def[leaper->type][1], "");
  EXPECT_NE(std::string(leaper->reason).find("its def refuses L "), std::string::npos) << leaper->reason;
  EXPECT_STREQ(box.g->filter_def[chameleon->type][0], "X");
  PosBox pos;
  char err[256];
  ASSERT_TRUE(pos_set_fen(&pos.p, &box.g->rules, box.g->start_fen, err, sizeof err)) << err;
  GcState *start = gc_state_save(box.g->gc);
  for (int d = 1; d <= 2; d++) {
    uint64_t brute = RefereePerft(box.g, box.g->gc, d);
    gc_state_restore(box.g->gc, start);
    EXPECT_EQ(pos_perft(&pos.p, d), brute) << "depth " << d;
  }
  gc_state_free(start);
}

// A def asked before Post-Move that fails (here a runaway loop in the Long Leaper's `leapline`)
// is a preset error, reported with its file:line, never a refusal of the move: the oracle stops
// asking, and the moves it would decide are none.
TEST(Oracle, UltimaDefThatFailsIsAPresetErrorWithItsLine) {
  TempDir dir;
  std::string path = UltimaEdited(dir, {{"  set me fn sideof #from;\n  if == #me 0 or not empty #to:",
                                         "  if == #mode 0:\n    do:\n    loop;\n  endif;\n"
                                         "  set me fn sideof #from;\n  if == #me 0 or not empty #to:"}});
  GameBox box(path.c_str());
  ASSERT_NE(box.g, nullptr) << box.err;
  PosBox pos;
  char err[256];
  ASSERT_TRUE(pos_set_fen(&pos.p, &box.g->rules, box.g->start_fen, err, sizeof err)) << err;
  pos_perft(&pos.p, 1);
  BrOracleStats st;
  br_oracle_stats(box.g->oracle, &st);
  std::string error = st.error;
  EXPECT_NE(error.find("preset error at " + path + ":"), std::string::npos) << error;
  EXPECT_NE(error.find("step limit"), std::string::npos) << error;
  EXPECT_EQ(pos_perft(&pos.p, 1), 0u);
}

// Ultima with edits, the Long Leaper's type.
struct EditedLeaper {
  TempDir dir;
  GameBox box;
  const PieceType *type = nullptr;
  explicit EditedLeaper(const std::vector<std::pair<std::string, std::string>> &edits)
      : box(UltimaEdited(dir, edits).c_str()) {
    EXPECT_NE(box.g, nullptr) << box.err;
    const BrPiece *leaper = box.g ? Piece(box.g, "L") : nullptr;
    if (leaper) type = &box.g->rules.types[leaper->type];
  }
};

// Every empty square a candidate, and no atom: nothing narrowed the Long Leaper's landing.
void ExpectEveryEmptySquare(const std::vector<std::pair<std::string, std::string>> &edits, uint32_t takes = 0) {
  EditedLeaper e(edits);
  ASSERT_NE(e.type, nullptr);
  EXPECT_TRUE(e.type->any_square);
  EXPECT_EQ(e.type->atom_count, 0);
  for (int c = 0; c < 2; c++) {
    EXPECT_TRUE(e.type->any_square_empty[c]) << c;
    EXPECT_EQ(e.type->any_square_takes[c], takes) << c;
  }
}

// The def is read through every word as the interpreter pops its operands: a word that is no
// operator (here a variable's name) is one value, so the Long Leaper still lands on empty
// squares along the Queen lines.  A group is not read: the words between its parentheses make
// one value, which the reading cannot tell, so every square stays a candidate, whatever stands
// there.
TEST(Oracle, CandidatesReadADefAsTheInterpreterPopsIt) {
  {
    EditedLeaper e(LeaperDef("and empty #1 and leaping sub leapline #0 #1 0"));
    ASSERT_NE(e.type, nullptr);
    EXPECT_FALSE(e.type->any_square);
    EXPECT_TRUE(LeapsAlongQueenLines(*e.type, MODE_MOVE));
  }
  ExpectEveryEmptySquare(LeaperDef("and (empty #1) sub leapline #0 #1 0"), ~0u);
}

// A sub's guards are read only while every statement before them is one whose effect the
// reading knows: where a statement calls a sub (which may set anything), where a name a guard
// reads was set from the board, where a statement of another shape comes first, or where the
// sub is defined twice, the Queen lines are not read and every empty square stays a candidate.
TEST(Oracle, SubGuardsAreReadOnlyWhereNothingBeforeThemCanChangeThem) {
  const std::string me = "set me fn sideof #from;\n", dx = "set dx minus file #to file #from;\n";
  ExpectEveryEmptySquare({{me, me + "  set named sub pname L;\n"}});
  // ... through a function too: its def is read for calls.
  const std::string sideof = "def sideof cond isupper #0 1 cond islower #0 2 0;\n";
  ExpectEveryEmptySquare(
      {{sideof, sideof + "def named sub pname #0;\n"}, {me, "set me fn sideof #from;\n  set x fn named L;\n"}});
  ExpectEveryEmptySquare({{dx, dx + "  set dx fn sideof #to;\n"}});
  ExpectEveryEmptySquare({{dx, dx + "  if == #dx 9:\n    set dx 0;\n  endif;\n"}});
  ExpectEveryEmptySquare({{dx, dx + "  if == #dx 9:\n    return true;\n  endif;\n"}});
  // Of two definitions, which one runs is the interpreter's to say: neither is read.
  const std::string end = "  return true;\nendsub;\n";
  ExpectEveryEmptySquare({{end, end + "sub leapline from to mode:\n  return true;\nendsub;\n"}});
  // A guard on the board itself is passed over, and the geometric ones after it still count.
  EditedLeaper e({{dx, dx + "  if empty #from:\n    return false;\n  endif;\n"}});
  ASSERT_NE(e.type, nullptr);
  EXPECT_TRUE(LeapsAlongQueenLines(*e.type, MODE_MOVE));
}

TEST(Oracle, ThreadsShareOneOracle) {
  Rules rules;
  char err[256];
  Catalog catalog;
  catalog_init(&catalog);
  ASSERT_TRUE(catalog_rules(&catalog, "escorted-queen", &rules, err, sizeof err)) << err;
  ASSERT_NE(rules.oracle, nullptr);
  std::vector<uint64_t> counts(2);
  std::vector<std::thread> threads;
  for (int i = 0; i < 2; i++)
    threads.emplace_back([&, i] {
      Position p = {};
      char e[256];
      if (pos_set_fen(&p, &rules, "startpos", e, sizeof e)) counts[i] = pos_perft(&p, 3);
      pos_free(&p);
    });
  for (auto &t : threads) t.join();
  EXPECT_EQ(counts[0], 8782u);
  EXPECT_EQ(counts[1], 8782u);
  rules_free(&rules); // releases the oracle and the game it decides for
}

TEST(Oracle, SearchPlaysMovesTheRefereeAccepts) {
  GameBox box("presets/escorted-queen.preset");
  ASSERT_NE(box.g, nullptr) << box.err;
  Search *s = srch_new(&box.g->rules, 4, 2);
  ASSERT_NE(s, nullptr);
  PosBox pos;
  char err[256];
  ASSERT_TRUE(pos_set_fen(&pos.p, &box.g->rules, box.g->start_fen, err, sizeof err)) << err;
  for (int ply = 0; ply < 6; ply++) {
    SearchLimits l;
    srch_limits_init(&l);
    l.depth = 3;
    SearchResult r = srch_run(s, &pos.p, &l, nullptr, nullptr);
    ASSERT_NE(r.best, MOVE_NONE);
    char text[128];
    br_move_text(box.g, &pos.p, r.best, text, sizeof text);
    GcVerdict v;
    ASSERT_EQ(gc_play(box.g->gc, text, &v), GC_LEGAL) << text << ": " << v.message;
    pos_make(&pos.p, r.best);
  }
  srch_free(s);
  // The search starts threads for every move; the oracle's interpreters are not tied to them
  // (a cursor per thread ever seen grew by the megabyte each move).
  BrOracleStats st;
  br_oracle_stats(box.g->oracle, &st);
  EXPECT_LE(st.cursors, 3);
}

// A Queen's capture that also clears the square beyond (in White's direction): a side effect of
// Post-Move the model cannot express.  The oracle learns it from the referee's board and plays
// the capture as a MOVE_ORACLE move; making and unmaking it keep the position exact.
TEST(Oracle, SideEffectsOfTheRefereeArePlayed) {
  std::ifstream in("presets/escorted-queen.preset");
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  const std::string anchor = "if not var legal:\n  die You may not move a moved from origin to dest;";
  size_t at = text.find(anchor);
  ASSERT_NE(at, std::string::npos);
  text.insert(at, "if and == moved Q capture:\n  if onboard where dest 0 1:\n    set blast where dest 0 1;\n    empty "
                  "#blast;\n  endif;\nendif;\n");
  std::string path = testing::TempDir() + "/queen-blast.preset";
  std::ofstream(path) << text;
  GameBox box(path.c_str());
  ASSERT_NE(box.g, nullptr) << box.err;
  PosBox pos;
  char err[256];
  // White Queen d1 takes d7 (beside her King's file); e8... d8 holds the Black Queen, cleared too.
  ASSERT_TRUE(
      pos_set_fen(&pos.p, &box.g->rules, "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR w KQkq - 0 1", err, sizeof err))
      << err;
  MoveList list;
  pos_legal_moves(&pos.p, &list);
  Move blast = MOVE_NONE;
  for (int i = 0; i < list.count; i++) {
    char name[32];
    pos_move_name(&pos.p, list.moves[i], name, sizeof name);
    if (std::string(name) == "d1d7") blast = list.moves[i];
  }
  ASSERT_NE(blast, MOVE_NONE);
  EXPECT_EQ(move_kind(blast), MOVE_ORACLE);
  uint64_t key = pos.p.key;
  pos_make(&pos.p, blast);
  char fen[256];
  pos_get_fen(&pos.p, fen, sizeof fen);
  EXPECT_EQ(std::string(fen).substr(0, 45), "rnb1kbnr/pppQpppp/8/8/8/8/PPP1PPPP/RNB1KBNR b") << fen;
  EXPECT_EQ(pos.p.key, pos_compute_key(&pos.p));
  pos_unmake(&pos.p);
  EXPECT_EQ(pos.p.key, key);
  // Perft keeps counting through the effects, and verify agrees with the referee.
  EXPECT_GT(pos_perft(&pos.p, 3), 0u);
  BrVerifyStats st;
  EXPECT_TRUE(br_verify(box.g, 3, 80, 6, 7, &st)) << st.first;
}

TEST(Oracle, VerifyAgrees) {
  for (const std::string &path : {OraclePawnsPreset(), std::string("presets/escorted-queen.preset")}) {
    GameBox box(path.c_str());
    ASSERT_NE(box.g, nullptr) << box.err;
    BrVerifyStats st;
    EXPECT_TRUE(br_verify(box.g, 2, 60, 10, 5, &st)) << path << ": " << st.first;
    EXPECT_GT(st.positions, 50);
  }
}

} // namespace
