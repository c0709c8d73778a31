// The bridge: def bodies compiled to atoms, the chess presets loaded into rules that count as
// chess does, and verify mode agreeing with the interpreter (and catching a preset that does
// not agree with its own defs).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "bridge/br_game.h"
#include "bridge/compile_helpers.h"
#include "bridge/br_internal.h"
#include "rules/betza.h"
#include "rules/reference_rules.h"

namespace {

const char *kTutorial = "presets/chess-tutorial.preset";
const char *k2004 = "presets/chess-2004.preset";

struct GameBox {
  BrGame *g = nullptr;
  std::string err;
  explicit GameBox(const std::string &path, bool probe = true) {
    char e[512] = "";
    g = br_load_with(path.c_str(), "presets/include", probe, e, sizeof e);
    err = e;
  }
  ~GameBox() { br_free(g); }
  GameBox(const GameBox &) = delete;
  GameBox &operator=(const GameBox &) = delete;
};

std::string ReadFile(const std::string &path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Writes a variant of a preset file to the test's temporary directory.
std::string WriteVariant(const std::string &name, const std::string &text) {
  std::string path = testing::TempDir() + "/" + name;
  std::ofstream out(path);
  out << text;
  return path;
}

std::string Replace(std::string text, const std::string &from, const std::string &to) {
  size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

using compile_helpers::Board8;
using compile_helpers::Compile;
using compile_helpers::Compiled;
using compile_helpers::CountAtoms;

bool HasAtom(const BrCompiled &c, AtomKind kind, int dx, int dy, int mode) {
  for (int i = 0; i < c.count; i++)
    if (c.atoms[i].kind == kind && c.atoms[i].dx == dx && c.atoms[i].dy == dy && c.atoms[i].mode == mode) return true;
  return false;
}

uint64_t Perft(const BrGame *g, const Rules *rules, const char *fen, int depth) {
  Position p{};
  char err[RULES_ERR_LEN];
  EXPECT_TRUE(pos_set_fen(&p, rules, fen, err, sizeof err)) << err;
  uint64_t n = pos_perft(&p, depth);
  pos_free(&p);
  (void)g;
  return n;
}

} // namespace

// ---- the compiler on single def bodies ----

TEST(BridgeCompile, KnightLeaps) {
  Compiled k = Compile("checkleap #0 #1 1 2");
  ASSERT_TRUE(k.ok) << k.reason;
  EXPECT_EQ(k.c.count, 8);
  EXPECT_EQ(CountAtoms(k.c, ATOM_LEAP, MODE_BOTH), 8);
  EXPECT_TRUE(HasAtom(k.c, ATOM_LEAP, -2, 1, MODE_BOTH));
}

TEST(BridgeCompile, QueenIsTwoRides) {
  Compiled q = Compile("checkride #0 #1 1 0 or checkride #0 #1 1 1");
  ASSERT_TRUE(q.ok) << q.reason;
  EXPECT_EQ(CountAtoms(q.c, ATOM_RIDE, MODE_BOTH), 8);
  for (int i = 0; i < q.c.count; i++) EXPECT_EQ(q.c.atoms[i].range, 0);
}

TEST(BridgeCompile, KingIsEightSteps) {
  Compiled k = Compile("checkleap #0 #1 1 0 or checkleap #0 #1 1 1");
  ASSERT_TRUE(k.ok) << k.reason;
  EXPECT_EQ(CountAtoms(k.c, ATOM_LEAP, MODE_BOTH), 8);
}

TEST(BridgeCompile, DirectionalAtomsAndBinaryAnd) {
  Compiled w = Compile("checkaleap #0 #1 0 1");
  ASSERT_TRUE(w.ok) << w.reason;
  EXPECT_EQ(w.c.count, 1);
  EXPECT_TRUE(HasAtom(w.c, ATOM_LEAP, 0, 1, MODE_BOTH));
  // A black piece's aride downward is White's forward after mirroring.
  Compiled b = Compile("checkaride #0 #1 0 -1", BLACK);
  ASSERT_TRUE(b.ok) << b.reason;
  EXPECT_TRUE(HasAtom(b.c, ATOM_RIDE, 0, 1, MODE_BOTH));
}

// A step forward beside a ride backward (Yari Shogi's promoted pieces): for Black the step is
// (0,-1) on the board and the ride (0,1), so the step is not the ride's first square; both
// stay, as they do for White.
TEST(BridgeCompile, ForwardStepBesideBackwardRideInBothFrames) {
  Compiled w = Compile("checkaleap #0 #1 0 1 or checkaride #0 #1 0 -1");
  ASSERT_TRUE(w.ok) << w.reason;
  Compiled b = Compile("checkaleap #0 #1 0 -1 or checkaride #0 #1 0 1", BLACK);
  ASSERT_TRUE(b.ok) << b.reason;
  for (const Compiled *c : {&w, &b}) {
    EXPECT_EQ(c->c.count, 2);
    EXPECT_TRUE(HasAtom(c->c, ATOM_LEAP, 0, 1, MODE_BOTH));
    EXPECT_TRUE(HasAtom(c->c, ATOM_RIDE, 0, -1, MODE_BOTH));
  }
}

TEST(BridgeCompile, TutorialPawnWithDoubleStepAndEnPassant) {
  const char *white = "and == var ep join filename #1 rankname #0 checkleap #0 #1 1 1 or and == rankname #0 2 "
                      "checkatwostep #0 #1 0 1 0 1 or checkleap #0 #1 0 1 and empty #1 or and islower space #1 "
                      "checkleap #0 #1 1 1 and > rank #1 rank #0";
  Compiled p = Compile(white);
  ASSERT_TRUE(p.ok) << p.reason;
  EXPECT_EQ(p.c.count, 4);
  EXPECT_TRUE(HasAtom(p.c, ATOM_LEAP, 0, 1, MODE_MOVE));
  EXPECT_TRUE(HasAtom(p.c, ATOM_LEAP, 1, 1, MODE_CAPTURE));
  EXPECT_TRUE(HasAtom(p.c, ATOM_LEAP, -1, 1, MODE_CAPTURE));
  EXPECT_TRUE(HasAtom(p.c, ATOM_LEAP, 0, 2, MODE_MOVE));
  EXPECT_TRUE(p.c.ep_capture);
  for (int i = 0; i < p.c.count; i++) {
    if (p.c.atoms[i].dy == 2) {
      EXPECT_TRUE(p.c.atoms[i].lame);
      EXPECT_EQ(p.c.from_ranks[i], 1u << 1); // the second rank only
    } else {
      EXPECT_EQ(p.c.from_ranks[i], ~0u);
    }
  }
  const char *black = "and == var ep join filename #1 rankname #0 checkleap #0 #1 1 1 or and == rankname #0 7 "
                      "checkatwostep #0 #1 0 -1 0 -1 or checkleap #0 #1 0 1 and empty #1 or and isupper space #1 "
                      "checkleap #0 #1 1 1 and < rank #1 rank #0";
  Compiled q = Compile(black, BLACK);
  ASSERT_TRUE(q.ok) << q.reason;
  EXPECT_EQ(q.c.count, 4);
  EXPECT_TRUE(HasAtom(q.c, ATOM_LEAP, 0, 2, MODE_MOVE)); // mirrored to White's frame
  EXPECT_TRUE(q.c.ep_capture);
}

TEST(BridgeCompile, CondChoosesByTheDestination) {
  // A Berolina pawn: moves diagonally forward, captures straight ahead.
  Compiled p = Compile("cond empty #1 checkleap #0 #1 1 1 checkaleap #0 #1 0 1 and > rank #1 rank #0");
  ASSERT_TRUE(p.ok) << p.reason;
  EXPECT_EQ(p.c.count, 3);
  EXPECT_TRUE(HasAtom(p.c, ATOM_LEAP, 1, 1, MODE_MOVE));
  EXPECT_TRUE(HasAtom(p.c, ATOM_LEAP, -1, 1, MODE_MOVE));
  EXPECT_TRUE(HasAtom(p.c, ATOM_LEAP, 0, 1, MODE_CAPTURE));
}

TEST(BridgeCompile, NotAndCaptureConditions) {
  Compiled m = Compile("checkride #0 #1 1 0 and not capture");
  ASSERT_TRUE(m.ok) << m.reason;
  EXPECT_EQ(CountAtoms(m.c, ATOM_RIDE, MODE_MOVE), 4);
  Compiled c = Compile("checkleap #0 #1 1 1 and not empty #1");
  ASSERT_TRUE(c.ok) << c.reason;
  EXPECT_EQ(CountAtoms(c.c, ATOM_LEAP, MODE_CAPTURE), 4);
}

TEST(BridgeCompile, UnsupportedBodiesSayWhy) {
  Compiled steps = Compile("checkmaxsteps #0 #1 2");
  EXPECT_FALSE(steps.ok);
  EXPECT_NE(steps.reason.find("checkmaxsteps"), std::string::npos) << steps.reason;
  Compiled var = Compile("checkleap #0 #1 1 1 and var magic");
  EXPECT_FALSE(var.ok);
  EXPECT_NE(var.reason.find("variable"), std::string::npos) << var.reason;
  Compiled sharp = Compile("checkleap #0 #1 1 #n");
  EXPECT_FALSE(sharp.ok);
  EXPECT_NE(sharp.reason.find("#n"), std::string::npos) << sharp.reason;
  Compiled none = Compile("== 1 1");
  EXPECT_FALSE(none.ok);
  Compiled file = Compile("checkleap #0 #1 1 0 and == file #0 0");
  EXPECT_FALSE(file.ok);
  EXPECT_NE(file.reason.find("ranks"), std::string::npos) << file.reason;
  Compiled garbage = Compile("and or");
  EXPECT_FALSE(garbage.ok);
  Compiled empty = Compile("");
  EXPECT_FALSE(empty.ok);
}

TEST(BridgeCompile, RankConditionMakesAZone) {
  Compiled p = Compile("checkleap #0 #1 1 0 and >= rank #0 4");
  ASSERT_TRUE(p.ok) << p.reason;
  for (int i = 0; i < p.c.count; i++) EXPECT_EQ(p.c.from_ranks[i], 0xF0u);
}

// ---- zones fitted to squares (janggi's palace lines) ----

namespace {

// A 9x10 board whose zones the compiler may add to (as br_load binds them).
struct Board9x10 {
  Rules r;
  Board9x10() {
    char err[RULES_ERR_LEN];
    rules_init(&r, "test", 9, 10, err, sizeof err);
    br_bind_zones(&r);
  }
  ~Board9x10() {
    br_bind_zones(nullptr);
    rules_free(&r);
  }
  Compiled Compile(const char *body, int color = WHITE) {
    Compiled out{};
    char reason[BR_REASON_LEN] = "";
    out.ok = br_compile_def(&r, body, color, &out.c, reason, sizeof reason);
    out.reason = reason;
    return out;
  }
  bool InZone(int zone, int color, const char *square) {
    int used = 0, sq = geo_parse_square(&r.geo, square, &used);
    return zone == NO_ZONE || bits_test(&r.zones[zone][color], sq);
  }
};

// Both squares are points of the palace lines (prefix and/or, as break-away chains cannot
// nest without fn).
const char *const kPalaceLines =
    "and or == #0 d1 or == #0 f1 or == #0 e2 or == #0 d3 or == #0 f3 or == #0 d8 or == #0 f8 or "
    "== #0 e9 or == #0 d10 == #0 f10 or == #1 d1 or == #1 f1 or == #1 e2 or == #1 d3 or == #1 f3 "
    "or == #1 d8 or == #1 f8 or == #1 e9 or == #1 d10 == #1 f10";

bool LinesLookup(void *ctx, const char *name, char *out, int outlen) {
  (void)ctx;
  if (strcmp(name, "Lines")) return false;
  snprintf(out, outlen, "%s", kPalaceLines);
  return true;
}

} // namespace

TEST(BridgeCompile, PalaceDiagonalRidesGetSquareZones) {
  Board9x10 b;
  Compiled c = b.Compile((std::string("checkride #0 #1 0 1 or and checkride #0 #1 1 1 ") + kPalaceLines).c_str());
  ASSERT_TRUE(c.ok) << c.reason;
  int plain = 0, zoned = 0;
  for (int i = 0; i < c.c.count; i++) {
    const Atom &a = c.c.atoms[i];
    EXPECT_EQ(a.kind, ATOM_RIDE);
    if (a.dx == 0 || a.dy == 0) {
      plain++;
      EXPECT_EQ(a.from_zone, NO_ZONE);
      continue;
    }
    zoned++;
    ASSERT_NE(a.from_zone, NO_ZONE);
    if (a.dx == 1 && a.dy == 1) {
      // Up and right along a line: from d1 and e2 (and d8, e9), never beyond the palace.
      EXPECT_TRUE(b.InZone(a.from_zone, WHITE, "d1"));
      EXPECT_TRUE(b.InZone(a.from_zone, WHITE, "e9"));
      EXPECT_FALSE(b.InZone(a.from_zone, WHITE, "f3"));
      EXPECT_FALSE(b.InZone(a.from_zone, WHITE, "d2"));
      EXPECT_TRUE(b.InZone(a.to_zone, WHITE, "f3"));
      EXPECT_FALSE(b.InZone(a.to_zone, WHITE, "g4"));
    }
  }
  EXPECT_EQ(plain, 4);
  EXPECT_EQ(zoned, 4);
}

TEST(BridgeCompile, PalaceStepsOfTheGeneralAndTheSoldier) {
  Board9x10 b;
  auto allows = [&](const BrCompiled &c, int dx, int dy, const char *from, const char *to) {
    for (int i = 0; i < c.count; i++)
      if (c.atoms[i].dx == dx && c.atoms[i].dy == dy && b.InZone(c.atoms[i].from_zone, WHITE, from) &&
          b.InZone(c.atoms[i].to_zone, WHITE, to))
        return true;
    return false;
  };
  BrCompiled out;
  char reason[BR_REASON_LEN] = "";
  // The general: orthogonal steps and palace-line diagonal steps, inside its own palace.
  const char *general = "fn Lines #0 #1 and checkleap #0 #1 1 1 or checkleap #0 #1 0 1 and < rank #1 3 and "
                        "<= file #1 5 and >= file #1 3";
  ASSERT_TRUE(br_compile_def_with(&b.r, general, WHITE, LinesLookup, nullptr, &out, reason, sizeof reason)) << reason;
  EXPECT_EQ(out.count, 8);
  EXPECT_TRUE(allows(out, 1, 1, "d1", "e2"));
  EXPECT_TRUE(allows(out, -1, -1, "e2", "d1"));
  EXPECT_FALSE(allows(out, 1, 1, "d2", "e3")); /* not on a line */
  EXPECT_FALSE(allows(out, 1, 1, "d8", "e9")); /* the other palace */
  EXPECT_TRUE(allows(out, 0, 1, "e2", "e3"));
  EXPECT_FALSE(allows(out, 0, 1, "e3", "e4")); /* out of the palace */
  // The soldier: forward and sideways anywhere, diagonally forward only in the enemy palace.
  const char *soldier = "fn Lines #0 #1 and > rank #0 6 and or checkaleap #0 #1 1 1 checkaleap #0 #1 -1 1 or "
                        "checkaleap #0 #1 -1 0 or checkaleap #0 #1 1 0 or checkaleap #0 #1 0 1";
  ASSERT_TRUE(br_compile_def_with(&b.r, soldier, WHITE, LinesLookup, nullptr, &out, reason, sizeof reason)) << reason;
  EXPECT_EQ(out.count, 5);
  EXPECT_TRUE(allows(out, 1, 1, "d8", "e9"));
  EXPECT_TRUE(allows(out, -1, 1, "e9", "d10"));
  EXPECT_FALSE(allows(out, 1, 1, "d1", "e2"));
  EXPECT_FALSE(allows(out, 1, 1, "d9", "e10"));
  EXPECT_TRUE(allows(out, 1, 0, "a5", "b5"));
}

TEST(BridgeCompile, CannonThatRefusesCannonsIsANoSameTypeHop) {
  Board9x10 b;
  compile_helpers::CodeBox box("[Pre-Game]\n"
                               "def Own findpiece toupper space #0 path #0 #1;\n"
                               "def Their findpiece tolower space #0 path #0 #1;\n");
  ASSERT_NE(box.code, nullptr) << box.err.message;
  auto lookup = compile_helpers::CodeBox::Lookup;
  void *code = box.code;
  BrCompiled out;
  char reason[BR_REASON_LEN] = "";
  ASSERT_TRUE(br_compile_def_with(&b.r, "not fn Their #0 #1 and not fn Own #0 #1 and checkhop #0 #1 0 1", WHITE, lookup,
                                  code, &out, reason, sizeof reason))
      << reason;
  ASSERT_EQ(out.count, 4);
  for (int i = 0; i < out.count; i++) {
    EXPECT_EQ(out.atoms[i].kind, ATOM_HOP);
    EXPECT_EQ(out.atoms[i].mode, MODE_BOTH);
    EXPECT_TRUE(out.atoms[i].no_same_type);
    EXPECT_EQ(out.atoms[i].from_zone, NO_ZONE);
    EXPECT_EQ(out.atoms[i].to_zone, NO_ZONE);
  }
  // Refusing only the enemy's cannons (jumped or taken) is beyond the engine.
  EXPECT_FALSE(br_compile_def_with(&b.r, "not fn Their #0 #1 and checkhop #0 #1 0 1", WHITE, lookup, code, &out, reason,
                                   sizeof reason));
  // A label written out is not known to be the mover's: the trials cannot tell what it finds.
  Compiled literal = b.Compile("not findpiece C path #0 #1 and checkhop #0 #1 0 1");
  EXPECT_FALSE(literal.ok);
}

TEST(BridgeCompile, CheckpathIsALameLeapThroughEverySquarePassed) {
  Board9x10 b;
  Compiled e = b.Compile("checkpath #0 #1 0 1 1 1 1 1");
  ASSERT_TRUE(e.ok) << e.reason;
  EXPECT_EQ(e.c.count, 8);
  for (int i = 0; i < e.c.count; i++) {
    EXPECT_TRUE(e.c.atoms[i].lame);
    EXPECT_EQ(abs(e.c.atoms[i].dx) + abs(e.c.atoms[i].dy), 5);
  }
  // A path the engine's lame leaps do not follow (diagonal first) stays with the oracle.
  Compiled odd = b.Compile("checkapath #0 #1 1 1 0 1");
  EXPECT_FALSE(odd.ok);
}

TEST(BridgeSource, FindsDefsPastCommentsAndSections) {
  compile_helpers::CodeBox box("Game: x\n[Pre-Game]\ndef N checkleap #0 #1 1 2; // a knight; not a def\n"
                               "def NL leaps #0 1 2;\nif x: def Z checkleap #0 #1 0 1; endif;\n"
                               "[Post-Game 1]\ndef N checkleap #0 #1\n  2 1;\n");
  ASSERT_NE(box.code, nullptr) << box.err.message;
  const BrCode *code = box.code;
  char body[256];
  ASSERT_TRUE(br_find_def(code, "N", body, sizeof body));
  EXPECT_STREQ(body, "checkleap #0 #1 2 1");
  ASSERT_TRUE(br_find_def(code, "Z", body, sizeof body));
  EXPECT_STREQ(body, "checkleap #0 #1 0 1");
  EXPECT_FALSE(br_find_def(code, "Q", body, sizeof body));
  // Bodies too long for the buffer are not read cut short.
  std::string longdef = "def L checkleap #0 #1 1 0";
  for (int i = 0; i < 600; i++) longdef += " or checkleap #0 #1 1 0";
  longdef += ";";
  compile_helpers::CodeBox longbox(("[Pre-Game]\n" + longdef).c_str());
  ASSERT_NE(longbox.code, nullptr) << longbox.err.message;
  EXPECT_FALSE(br_find_def(longbox.code, "L", body, sizeof body));
  // Every statement comes with its file and line, and its section.
  ASSERT_GT(code->count, 0);
  EXPECT_STREQ(code->st[0].file, "test.preset");
  EXPECT_EQ(code->st[0].line, 3);
  EXPECT_EQ(code->st[0].section, GC_SECTION_PREGAME);
  EXPECT_EQ(code->st[code->count - 1].section, GC_SECTION_POSTGAME1);
}

TEST(BridgeSource, FindsMovementInline2004Style) {
  compile_helpers::CodeBox box("[Post-Move 1]\nif equal moved P;\n  set legal checkaleap origin dest 0 1;\n"
                               "elseif equal moved N;\n  set legal checkleap origin dest 1 2;\n"
                               "elseif == moved Q: set legal or checkride origin dest 1 1 checkride origin dest 1 0;\n"
                               "elseif equal moved K;\n  if x; set legal true; endif;\nendif;\n");
  ASSERT_NE(box.code, nullptr) << box.err.message;
  const BrCode *code = box.code;
  char body[256];
  ASSERT_TRUE(br_find_referee_expr(code, "N", body, sizeof body));
  EXPECT_STREQ(body, "checkleap #0 #1 1 2");
  ASSERT_TRUE(br_find_referee_expr(code, "Q", body, sizeof body));
  EXPECT_STREQ(body, "or checkride #0 #1 1 1 checkride #0 #1 1 0");
  EXPECT_FALSE(br_find_referee_expr(code, "K", body, sizeof body));
  EXPECT_FALSE(br_find_referee_expr(code, "B", body, sizeof body));
  // The code Post-Move runs for a label, up to the next label's test.
  ASSERT_TRUE(br_find_moved_block(code, "K", body, sizeof body));
  EXPECT_STREQ(body, "if x;\nset legal true;\nendif;\nendif;\n");
  ASSERT_TRUE(br_find_moved_block(code, "P", body, sizeof body));
  EXPECT_STREQ(body, "set legal checkaleap origin dest 0 1;\n");
  EXPECT_FALSE(br_find_moved_block(code, "Q", body, sizeof body)) << "tested with ==, not equal";
}

// ---- whole presets ----

TEST(BridgeLoad, TutorialCompilesEveryPiece) {
  GameBox box(kTutorial);
  ASSERT_NE(box.g, nullptr) << box.err;
  BrGame *g = box.g;
  EXPECT_TRUE(g->all_compiled);
  EXPECT_TRUE(g->rules_ready);
  EXPECT_EQ(g->piece_count, 12);
  for (int i = 0; i < g->piece_count; i++) {
    EXPECT_TRUE(g->pieces[i].compiled) << g->pieces[i].label << ": " << g->pieces[i].reason;
    bool king = g->pieces[i].label[0] == 'K' || g->pieces[i].label[0] == 'k';
    EXPECT_EQ(g->pieces[i].royal, king) << g->pieces[i].label;
  }
  EXPECT_EQ(g->rules.type_count, 6);
  EXPECT_EQ(g->rules.castling_count, 4);
  EXPECT_STREQ(g->start_fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1");
  int pawn = rules_find_type(&g->rules, 'P', false);
  ASSERT_GE(pawn, 0);
  EXPECT_TRUE(g->rules.types[pawn].ep_capturer);
  EXPECT_EQ(g->rules.types[pawn].promo_count, 4);
  EXPECT_TRUE(g->rules.types[pawn].promo_mandatory);
  EXPECT_EQ(g->rules.nmove_rule, 100);
  // Betza text for GUIs, read back by the rules' own parser into the same atoms.
  EXPECT_STREQ(g->rules.types[pawn].betza, "fcFfmWifmnD");
  EXPECT_STREQ(g->rules.types[rules_find_type(&g->rules, 'Q', false)].betza, "Q");
  EXPECT_STREQ(g->rules.types[rules_find_type(&g->rules, 'K', false)].betza, "K");
  for (int t = 0; t < g->rules.type_count; t++) {
    Atom atoms[MAX_ATOMS];
    char err[RULES_ERR_LEN];
    EXPECT_EQ(betza_parse(g->rules.types[t].betza, atoms, MAX_ATOMS, err, sizeof err), g->rules.types[t].atom_count)
        << g->rules.types[t].betza;
  }
}

TEST(BridgeLoad, TutorialPerftIsChess) {
  GameBox box(kTutorial);
  ASSERT_NE(box.g, nullptr) << box.err;
  const uint64_t expected[] = {20, 400, 8902, 197281, 4865609};
  for (int d = 1; d <= 5; d++)
    EXPECT_EQ(Perft(box.g, &box.g->rules, box.g->start_fen, d), expected[d - 1]) << "depth " << d;
  // Kiwipete exercises castling, en passant and promotion; compare with the C fixture.
  static Rules chess;
  char err[RULES_ERR_LEN];
  ASSERT_TRUE(reference_rules(&chess, "chess", err, sizeof err)) << err;
  const char *kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w AHah - 0 1";
  const char *kiwi_kq = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  EXPECT_EQ(Perft(box.g, &box.g->rules, kiwi, 3), 97862u);
  EXPECT_EQ(Perft(nullptr, &chess, kiwi_kq, 3), 97862u);
  const char *pos4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w ah - 0 1";
  EXPECT_EQ(Perft(box.g, &box.g->rules, pos4, 3), 9467u);
  rules_free(&chess);
}

TEST(BridgeLoad, MoveTextInGameCourierNotation) {
  GameBox box(kTutorial);
  ASSERT_NE(box.g, nullptr) << box.err;
  Position p{};
  char err[RULES_ERR_LEN];
  ASSERT_TRUE(pos_set_fen(&p, &box.g->rules, "4k3/1P6/8/8/8/8/8/R3K2R w AH - 0 1", err, sizeof err)) << err;
  MoveList list;
  pos_legal_moves(&p, &list);
  bool promo = false, castle = false;
  for (int i = 0; i < list.count; i++) {
    char text[64];
    br_move_text(box.g, &p, list.moves[i], text, sizeof text);
    promo |= std::string(text) == "P b7-b8; Q-b8";
    castle |= std::string(text) == "K e1-g1";
  }
  EXPECT_TRUE(promo);
  EXPECT_TRUE(castle);
  pos_free(&p);
}

// The seed-001 preset writes every piece's moves in Post-Move: the pieces' in one `set legal`
// each, the Pawns' in a block of ifs that the fold (br_fold.c) turns into one expression.
TEST(BridgeLoad, Chess2004CompilesFromPostMove) {
  GameBox box(k2004);
  ASSERT_NE(box.g, nullptr) << box.err;
  EXPECT_TRUE(box.g->all_compiled);
  EXPECT_TRUE(box.g->rules_ready);
  EXPECT_EQ(box.g->rules.oracle, nullptr);
  EXPECT_EQ(box.g->piece_count, 12);
  for (int i = 0; i < box.g->piece_count; i++) {
    const BrPiece &pc = box.g->pieces[i];
    bool pawn = pc.label[0] == 'P' || pc.label[0] == 'p';
    EXPECT_TRUE(pc.compiled) << pc.label << ": " << pc.reason;
    EXPECT_NE(std::string(pc.reason).find(pawn ? "from its Post-Move block" : "Post-Move `set legal`"),
              std::string::npos)
        << pc.reason;
    EXPECT_EQ(pc.royal, pc.label[0] == 'K' || pc.label[0] == 'k') << pc.label;
  }
  int queen = rules_find_type(&box.g->rules, 'Q', false), pawn = rules_find_type(&box.g->rules, 'P', false);
  ASSERT_GE(queen, 0);
  ASSERT_GE(pawn, 0);
  EXPECT_EQ(box.g->rules.types[queen].atom_count, 8);
  EXPECT_STREQ(box.g->rules.types[pawn].betza, "fmWifmnDfcF");
  EXPECT_TRUE(box.g->rules.types[pawn].ep_capturer);
  EXPECT_EQ(box.g->rules.castling_count, 4);
  BrVerifyStats st;
  EXPECT_TRUE(br_verify(box.g, 1, 10, 5, 1, &st)) << st.first;
}

TEST(BridgeLoad, MissingFileIsAnError) {
  GameBox box("presets/no-such.preset");
  EXPECT_EQ(box.g, nullptr);
  EXPECT_FALSE(box.err.empty());
}

TEST(BridgeLoad, MismatchedColoursStayWithTheOracle) {
  std::string text = Replace(ReadFile(kTutorial), "def n checkleap #0 #1 1 2;", "def n checkleap #0 #1 1 3;");
  GameBox box(WriteVariant("mismatch.preset", text));
  ASSERT_NE(box.g, nullptr) << box.err;
  EXPECT_FALSE(box.g->all_compiled);
  bool found = false;
  for (int i = 0; i < box.g->piece_count; i++)
    if (box.g->pieces[i].label[0] == 'n') {
      found = true;
      EXPECT_FALSE(box.g->pieces[i].compiled);
      EXPECT_NE(std::string(box.g->pieces[i].reason).find("mirror"), std::string::npos);
    }
  EXPECT_TRUE(found);
}

// ---- verify mode ----

TEST(BridgeVerify, TutorialAgreesWithTheInterpreter) {
  GameBox box(kTutorial);
  ASSERT_NE(box.g, nullptr) << box.err;
  BrVerifyStats st;
  EXPECT_TRUE(br_verify(box.g, 3, 80, 20, 3, &st)) << st.first;
  EXPECT_EQ(st.games, 3);
  EXPECT_GT(st.positions, 100);
  EXPECT_GT(st.legal_checked, 2000);
  EXPECT_GT(st.illegal_checked, 500);
  EXPECT_EQ(st.disagreements, 0);
}

TEST(BridgeVerify, ReportsAPresetThatRefusesItsOwnMove) {
  // Post-Move refuses h2-h3 although def P allows it: verify (on the rules as compiled, without
  // the load-time probe) must name the move, the preset's message and its line.
  std::string text =
      Replace(ReadFile(kTutorial), "[Post-Move 1]\n", "[Post-Move 1]\nif == dest h3: die No h3 today.; endif;\n");
  std::string path = WriteVariant("noh3.preset", text);
  GameBox box(path, false);
  ASSERT_NE(box.g, nullptr) << box.err;
  BrVerifyStats st;
  EXPECT_FALSE(br_verify(box.g, 1, 2, 0, 1, &st));
  EXPECT_GE(st.disagreements, 1);
  std::string first = st.first;
  EXPECT_NE(first.find("-h3"), std::string::npos) << first; // P h2-h3 or N g1-h3
  EXPECT_NE(first.find("No h3 today."), std::string::npos) << first;
  EXPECT_NE(first.find("noh3.preset:"), std::string::npos) << first;
  // Loaded with the probe, the types the referee contradicts go to the oracle, named with the
  // move that showed it, and verify then agrees.
  GameBox probed(path);
  ASSERT_NE(probed.g, nullptr) << probed.err;
  EXPECT_FALSE(probed.g->all_compiled);
  bool named = false;
  for (int i = 0; i < probed.g->piece_count; i++)
    named |= std::string(probed.g->pieces[i].reason).find("refuses") != std::string::npos &&
             std::string(probed.g->pieces[i].reason).find("-h3") != std::string::npos;
  EXPECT_TRUE(named);
  EXPECT_TRUE(br_verify(probed.g, 2, 40, 4, 1, &st)) << st.first;
}

TEST(BridgeVerify, ReportsAMoveThePresetAllowsButTheDefDoesNot) {
  // The knights' defs only go forward, while White's Post-Move accepts every knight leap.
  std::string text =
      Replace(ReadFile(kTutorial), "def N checkleap #0 #1 1 2;", "def N checkleap #0 #1 1 2 and > rank #1 rank #0;");
  text = Replace(text, "def n checkleap #0 #1 1 2;", "def n checkleap #0 #1 1 2 and < rank #1 rank #0;");
  text = Replace(
      text, "  elseif match moved Q R B N:\n    set legal fn moved origin dest;",
      "  elseif match moved Q R B N:\n    set legal or fn moved origin dest and == moved N checkleap origin dest 1 2;");
  GameBox box(WriteVariant("knight.preset", text));
  ASSERT_NE(box.g, nullptr) << box.err;
  BrVerifyStats st;
  EXPECT_FALSE(br_verify(box.g, 1, 30, 100, 5, &st));
  EXPECT_NE(std::string(st.first).find("preset accepts a move the generator rejects"), std::string::npos) << st.first;
}

// ---- robustness: random bodies never crash the compiler, and what compiles is sane ----

TEST(BridgeCompile, RandomBodiesAreHandled) {
  static const char *const words[] = {
      "and",      "or",       "not",       "==",         "!=",        "<",          ">",
      "empty",    "capture",  "space",     "islower",    "isupper",   "rank",       "file",
      "rankname", "filename", "var",       "ep",         "join",      "where",      "onboard",
      "neg",      "cond",     "checkleap", "checkaleap", "checkride", "checkaride", "checkatwostep",
      "checkhop", "#0",       "#1",        "#2",         "#x",        "0",          "1",
      "2",        "-1",       "7",         "a1",         "P",         "q",          "@",
      "true",     "false",    "fn",        "(",          "\""};
  const int nwords = sizeof words / sizeof words[0];
  uint64_t seed = 12345;
  int compiled = 0;
  for (int iter = 0; iter < 3000; iter++) {
    std::string body;
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    int len = 1 + (int)((seed >> 33) % 24);
    for (int k = 0; k < len; k++) {
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      if (k) body += " ";
      body += words[(seed >> 33) % nwords];
    }
    // Seed some well-formed prefixes so that compilation succeeds now and then.
    static const char *const guards[] = {"empty #1",    "capture",          "> rank #1 rank #0",
                                         "not capture", "== rankname #0 2", "islower space #1"};
    if (iter % 3 == 0)
      body = std::string(iter & 2 ? "checkride" : "checkleap") + " #0 #1 " + std::to_string(iter % 4) + " " +
             std::to_string(iter % 5) + " and " + guards[iter % 6];
    Compiled c = Compile(body.c_str(), iter & 1 ? BLACK : WHITE);
    if (!c.ok) {
      EXPECT_FALSE(c.reason.empty()) << body;
      continue;
    }
    compiled++;
    EXPECT_GT(c.c.count, 0) << body;
    for (int i = 0; i < c.c.count; i++) {
      EXPECT_LE(std::abs(c.c.atoms[i].dx), 8) << body;
      EXPECT_LE(std::abs(c.c.atoms[i].dy), 8) << body;
      EXPECT_NE(c.c.atoms[i].mode, 0) << body;
    }
  }
  EXPECT_GT(compiled, 0);
}

TEST(BridgeCompile, NullAndHugeStepsGiveNoAtoms) {
  EXPECT_FALSE(Compile("checkride #0 #1 0 0").ok);
  EXPECT_FALSE(Compile("checkaride #0 #1 0 0").ok);
  EXPECT_FALSE(Compile("checkleap #0 #1 0 0").ok);
  EXPECT_FALSE(Compile("checkleap #0 #1 100 -100").ok);
  Compiled w = Compile("checkride #0 #1 0 0 or checkleap #0 #1 0 1");
  ASSERT_TRUE(w.ok) << w.reason;
  EXPECT_EQ(w.c.count, 4);
}

TEST(BridgeCompile, DeeplyChainedBodiesAreRefusedNotOverflowed) {
  std::string body = "checkleap #0 #1 1 0";
  for (int i = 0; i < 60; i++) body = "checkleap #0 #1 1 1 or " + body;
  Compiled c = Compile(body.c_str());
  EXPECT_FALSE(c.ok);
  EXPECT_FALSE(c.reason.empty());
}

TEST(BridgeVerify, ReportsGameEndVerdictsThatDiffer) {
  // White's Post-Game draws after 2 plies without a capture or pawn move; the rules derived
  // from the preset keep the 50-move rule (Black's Post-Game still says 100).
  std::string text = Replace(ReadFile(kTutorial), "if >= #nopvc 100:", "if >= #nopvc 2:");
  GameBox box(WriteVariant("tenmoves.preset", text));
  ASSERT_NE(box.g, nullptr) << box.err;
  BrVerifyStats st;
  EXPECT_FALSE(br_verify(box.g, 2, 60, 0, 11, &st));
  EXPECT_GT(st.results_checked, 0);
  EXPECT_NE(std::string(st.first).find("game end differs"), std::string::npos) << st.first;
}

TEST(BridgeLoad, SixBySixVariantOfTheTutorial) {
  // Los Alamos geometry (6x6, no bishops on the board) played by the tutorial's code, its rank
  // names adjusted.  Bishops still come in through the promotion list (askpromote Q R B N).
  std::string text = ReadFile(kTutorial);
  text = Replace(text, "Files: a b c d e f g h\nRanks: 1 2 3 4 5 6 7 8\n",
                 "Files: a b c d e f\nRanks: 1 2 3 4 5 6\nFEN: rnqknr/pppppp/6/6/PPPPPP/RNQKNR\n");
  text = Replace(text, "== rankname #0 7 checkatwostep", "== rankname #0 5 checkatwostep");
  text = Replace(text, "!= rankname #to 8 not match", "!= rankname #to 6 not match");
  text = Replace(text, "elseif == rankname #to 8:", "elseif == rankname #to 6:");
  text = Replace(text, "and == rankname #from 7:", "and == rankname #from 5:");
  GameBox box(WriteVariant("six.preset", text));
  ASSERT_NE(box.g, nullptr) << box.err;
  EXPECT_TRUE(box.g->all_compiled);
  EXPECT_EQ(box.g->rules.geo.width, 6);
  EXPECT_EQ(box.g->rules.geo.height, 6);
  EXPECT_EQ(box.g->rules.castling_count, 0);
  EXPECT_EQ(box.g->piece_count, 12); // b and B from the promotion lists
  EXPECT_GE(rules_find_type(&box.g->rules, 'B', false), 0);
  EXPECT_STREQ(box.g->start_fen, "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1");
  EXPECT_EQ(Perft(box.g, &box.g->rules, box.g->start_fen, 1), 16u); // 6 + 6 pawn moves, 4 knight moves
  BrVerifyStats st;
  EXPECT_TRUE(br_verify(box.g, 2, 70, 20, 9, &st)) << st.first;
  EXPECT_GT(st.promotions, 0);
}

// ---- fn calls and codenames (the fairychess convention) ----

namespace {
bool LookupCardinalLibrary(void *, const char *name, char *out, int outlen) {
  static const char *const defs[][2] = {{"Bishop", "checkride #0 #1 1 1"},
                                        {"Knight", "checkleap #0 #1 1 2"},
                                        {"Loop", "fn Loop #0 #1"},
                                        {"Odd", "fn Knight #1 #0"}};
  for (const auto &d : defs)
    if (!strcmp(name, d[0])) return snprintf(out, outlen, "%s", d[1]), true;
  return false;
}

Compiled CompileWith(const char *body) {
  static Board8 board;
  Compiled out{};
  char reason[BR_REASON_LEN] = "";
  out.ok = br_compile_def_with(&board.r, body, WHITE, LookupCardinalLibrary, nullptr, &out.c, reason, sizeof reason);
  out.reason = reason;
  return out;
}
} // namespace

TEST(BridgeCompile, FnCallsAreInlined) {
  Compiled c = CompileWith("fn Bishop #0 #1 or fn Knight #0 #1");
  ASSERT_TRUE(c.ok) << c.reason;
  EXPECT_EQ(CountAtoms(c.c, ATOM_RIDE, MODE_BOTH), 4);
  EXPECT_EQ(CountAtoms(c.c, ATOM_LEAP, MODE_BOTH), 8);
  Compiled binary = CompileWith("or fn Bishop #0 #1 fn Knight #0 #1");
  ASSERT_TRUE(binary.ok) << binary.reason;
  EXPECT_EQ(binary.c.count, 12);
  Compiled missing = CompileWith("fn Wizard #0 #1");
  EXPECT_FALSE(missing.ok);
  EXPECT_NE(missing.reason.find("Wizard"), std::string::npos) << missing.reason;
  Compiled loop = CompileWith("fn Loop #0 #1");
  EXPECT_FALSE(loop.ok);
  Compiled swapped = CompileWith("fn Odd #0 #1");
  EXPECT_FALSE(swapped.ok);
  Compiled plain = Compile("fn Bishop #0 #1"); // no lookup given
  EXPECT_FALSE(plain.ok);
}

TEST(BridgeLoad, CodenamesThroughConstants) {
  // The tutorial rewritten in the fairychess convention: labels map to codenames by setconst,
  // the code calls `fn const <label>`, and the Queen is written as fn calls of Rook and Bishop.
  std::string text = ReadFile(kTutorial);
  const char *labels[][2] = {{"K", "King"},   {"Q", "Queen"},  {"B", "Bishop"},     {"R", "Rook"},
                             {"N", "Knight"}, {"k", "King"},   {"q", "Queen"},      {"b", "Bishop"},
                             {"r", "Rook"},   {"n", "Knight"}, {"P", "White_Pawn"}, {"p", "Black_Pawn"}};
  std::string consts;
  for (const auto &l : labels) {
    text = Replace(text, std::string("def ") + l[0] + " ", std::string("def ") + l[1] + " ");
    consts += std::string("setconst ") + l[0] + " " + l[1] + "; ";
  }
  text = Replace(text, "def Queen checkride #0 #1 1 0 or checkride #0 #1 1 1;",
                 "def Queen fn Rook #0 #1 or fn Bishop #0 #1;");
  text = Replace(text, "set ep false;", consts + "set ep false;");
  auto replace_all = [&](const std::string &from, const std::string &to) {
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
      text.replace(at, from.size(), to);
  };
  replace_all("fn #piece #from", "fn const #piece #from");
  replace_all("fn moved origin dest", "fn const moved origin dest");
  replace_all("fn K origin dest", "fn const K origin dest");
  replace_all("fn k origin dest", "fn const k origin dest");
  GameBox box(WriteVariant("codenames.preset", text));
  ASSERT_NE(box.g, nullptr) << box.err;
  for (int i = 0; i < box.g->piece_count; i++)
    EXPECT_TRUE(box.g->pieces[i].compiled) << box.g->pieces[i].label << ": " << box.g->pieces[i].reason;
  EXPECT_EQ(Perft(box.g, &box.g->rules, box.g->start_fen, 3), 8902u);
  BrVerifyStats st;
  EXPECT_TRUE(br_verify(box.g, 1, 60, 10, 4, &st)) << st.first;
}

namespace {

// A preset that builds its own legal list (setlegal in Post-Game) is compared with the
// generator move for move; here White's list at the start has only e2-e4.
TEST(BridgeVerify, ComparesThePresetsOwnLegalList) {
  std::string text = Replace(ReadFile(kTutorial), "[Post-Game 2]\n", "[Post-Game 2]\nsetlegal e2 e4;\n");
  GameBox box(WriteVariant("ownlist.preset", text));
  ASSERT_NE(box.g, nullptr) << box.err;
  BrVerifyStats st;
  EXPECT_FALSE(br_verify(box.g, 1, 2, 0, 3, &st));
  EXPECT_GT(st.legal_lists, 0);
  EXPECT_NE(std::string(st.first).find("missing from the preset's legal list"), std::string::npos) << st.first;
}

} // namespace
