// The bridge on fairychess-style presets (seed 004, presets/include/herald-*.txt): hoppers and
// grasshoppers compiled into atoms, the fixed pawn settings read while compiling, and the
// castling, promotion and game-end rules derived from wcastle/bcastle, wprom/pzs/pforced and
// stalemate/bareking/nmoves/reps.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "bridge/br_internal.h"
#include "bridge/br_game.h"
#include "bridge/compile_helpers.h"
#include "temp_dir.h"

namespace {

using compile_helpers::Compile;
using compile_helpers::Compiled;
using compile_helpers::CountAtoms;

struct GameBox {
  BrGame *g = nullptr;
  std::string err;
  explicit GameBox(const char *path) {
    char e[512] = "";
    g = br_load_with(path, "presets/include", false, e,
                     sizeof e); /* the probe is tested elsewhere: here it only costs time */
    err = e;
  }
  ~GameBox() { br_free(g); }
  GameBox(const GameBox &) = delete;
  GameBox &operator=(const GameBox &) = delete;
};

int TypeOf(const BrGame *g, const char *label) {
  for (int i = 0; i < g->piece_count; i++)
    if (!strcmp(g->pieces[i].label, label)) return g->pieces[i].type;
  return -1;
}

} // namespace

TEST(BridgeFairychess, CannonMovesAsRookAndCapturesByHopping) {
  Compiled c = Compile("or and checkhop #0 #1 0 1 cond empty #0 capture not empty #1 "
                       "and checkride #0 #1 0 1 not cond empty #0 capture not empty #1");
  ASSERT_TRUE(c.ok) << c.reason;
  EXPECT_EQ(CountAtoms(c.c, ATOM_RIDE, MODE_MOVE), 4);
  EXPECT_EQ(CountAtoms(c.c, ATOM_HOP, MODE_CAPTURE), 4);
  EXPECT_EQ(c.c.count, 8);
}

TEST(BridgeFairychess, KoreanCannonHopsBothWays) {
  Compiled c = Compile("checkhop #0 #1 0 1");
  ASSERT_TRUE(c.ok) << c.reason;
  EXPECT_EQ(CountAtoms(c.c, ATOM_HOP, MODE_BOTH), 4);
  Compiled vao = Compile("checkahop #0 #1 1 1");
  ASSERT_TRUE(vao.ok) << vao.reason;
  EXPECT_EQ(CountAtoms(vao.c, ATOM_HOP, MODE_BOTH), 1);
}

TEST(BridgeFairychess, GrasshopperLandsBeyondTheHurdle) {
  Compiled c = Compile("checkgrasshop #0 #1");
  ASSERT_TRUE(c.ok) << c.reason;
  EXPECT_EQ(CountAtoms(c.c, ATOM_GRASSHOP, MODE_BOTH), 8);
}

TEST(BridgeFairychess, TwoStepIsTheLameLeapEveryWay) {
  Compiled horse = Compile("checktwostep #0 #1 0 1 1 1");
  ASSERT_TRUE(horse.ok) << horse.reason;
  EXPECT_EQ(horse.c.count, 8);
  for (int i = 0; i < horse.c.count; i++) EXPECT_TRUE(horse.c.atoms[i].lame);
  Compiled mao = Compile("checktwostep #0 #1 1 1 0 1"); // diagonal first: not the engine's path
  EXPECT_FALSE(mao.ok);
}

// The Omega pawn's triple step: a lame leap whose leg is two squares, accepted only when the
// def asks for both squares empty, as the engine's leg does.
TEST(BridgeFairychess, TripleStepIsALameLeapOverTwoSquares) {
  Compiled triple = Compile("and checkatwostep #0 #1 0 1 0 2 empty where #0 0 2");
  ASSERT_TRUE(triple.ok) << triple.reason;
  ASSERT_EQ(triple.c.count, 1);
  EXPECT_TRUE(triple.c.atoms[0].lame);
  EXPECT_EQ(triple.c.atoms[0].dx, 0);
  EXPECT_EQ(triple.c.atoms[0].dy, 3);
  Compiled loose = Compile("checkatwostep #0 #1 0 1 0 2"); // the second square may be occupied
  EXPECT_FALSE(loose.ok);
}

TEST(BridgeFairychess, DistanceIsKingSteps) {
  Compiled c = Compile("checkleap #0 #1 0 1 or checkleap #0 #1 0 2 and <= distance #0 #1 1");
  ASSERT_TRUE(c.ok) << c.reason;
  EXPECT_EQ(c.c.count, 4); // the (0,2) leaps are two steps away
}

TEST(BridgeFairychess, PawnSettingsAreReadOnlyWhileBound) {
  const char *body = "and checkaleap #0 #1 0 1 >= var fps 1";
  Compiled unbound = Compile(body);
  EXPECT_FALSE(unbound.ok);
  EXPECT_NE(unbound.reason.find("variable"), std::string::npos) << unbound.reason;
  GcInterp *gc = gc_new();
  GcError err;
  ASSERT_EQ(gc_run_code(gc, "set fps 2; set magic 1;", "test", &err), GC_OK);
  br_bind_settings(gc);
  Compiled bound = Compile(body);
  Compiled other = Compile("and checkaleap #0 #1 0 1 var magic"); // not a fixed setting
  br_bind_settings(nullptr);
  gc_free(gc);
  ASSERT_TRUE(bound.ok) << bound.reason;
  EXPECT_EQ(bound.c.count, 1);
  EXPECT_FALSE(other.ok);
}

TEST(BridgeFairychess, CastlingFromWcastle) {
  GameBox box("presets/capablanca.preset");
  ASSERT_NE(box.g, nullptr) << box.err;
  const Rules &r = box.g->rules;
  ASSERT_EQ(r.castling_count, 4);
  bool short_white = false;
  for (int i = 0; i < r.castling_count; i++) {
    const Castling &c = r.castlings[i];
    char kf[8], kt[8], pf[8], pt[8];
    geo_square_name(&r.geo, c.king_from, kf);
    geo_square_name(&r.geo, c.king_to, kt);
    geo_square_name(&r.geo, c.partner_from, pf);
    geo_square_name(&r.geo, c.partner_to, pt);
    if (c.color == WHITE && !strcmp(kt, "i1")) {
      short_white = true;
      EXPECT_STREQ(kf, "f1");
      EXPECT_STREQ(pf, "j1");
      EXPECT_STREQ(pt, "h1");
    }
  }
  EXPECT_TRUE(short_white);
  EXPECT_NE(std::string(box.g->start_fen).find(" AJaj "), std::string::npos) << box.g->start_fen;
}

// Omega Chess on a 12x12 board with holes: the Pawns promote on rank 11, the last rank of the
// field under the holes of the wizard squares' rank (herald-rules `promotion`: the square
// ahead is not on the board), not on rank 12, which they cannot reach.
TEST(BridgeFairychess, PromotionZoneStopsUnderTheHoles) {
  GameBox box("presets/omega.preset");
  ASSERT_NE(box.g, nullptr) << box.err;
  const Rules &r = box.g->rules;
  int pawn = TypeOf(box.g, "P");
  ASSERT_GE(pawn, 0);
  int zone = r.types[pawn].promo_zone;
  ASSERT_GE(zone, 0);
  int f = 5;                                                                // the f file
  EXPECT_TRUE(bits_test(&r.zones[zone][WHITE], geo_square(&r.geo, f, 10))); // f11
  EXPECT_FALSE(bits_test(&r.zones[zone][WHITE], geo_square(&r.geo, f, 9))); // f10
  EXPECT_TRUE(bits_test(&r.zones[zone][BLACK], geo_square(&r.geo, f, 1)));  // f2
  EXPECT_FALSE(bits_test(&r.zones[zone][BLACK], geo_square(&r.geo, f, 2))); // f3
  EXPECT_TRUE(r.types[pawn].promo_mandatory);
}

TEST(BridgeFairychess, NoCastlingWhenTheListIsEmpty) {
  GameBox box("presets/shatranj.preset");
  ASSERT_NE(box.g, nullptr) << box.err;
  EXPECT_EQ(box.g->rules.castling_count, 0);
}

TEST(BridgeFairychess, PromotionFromWpromAndZone) {
  GameBox shatranj("presets/shatranj.preset");
  ASSERT_NE(shatranj.g, nullptr) << shatranj.err;
  const PieceType &pawn = shatranj.g->rules.types[TypeOf(shatranj.g, "P")];
  ASSERT_EQ(pawn.promo_count, 1);
  EXPECT_EQ(pawn.promo_choices[0], TypeOf(shatranj.g, "Q"));
  EXPECT_TRUE(pawn.promo_mandatory);
  GameBox makruk("presets/makruk.preset");
  ASSERT_NE(makruk.g, nullptr) << makruk.err;
  const Rules &r = makruk.g->rules;
  const PieceType &bia = r.types[TypeOf(makruk.g, "P")];
  ASSERT_EQ(bia.promo_count, 1);
  EXPECT_EQ(bia.promo_choices[0], TypeOf(makruk.g, "M"));
  EXPECT_TRUE(bia.promo_mandatory);
  EXPECT_STREQ(r.zone_name[bia.promo_zone], "promotion zone");
}

TEST(BridgeFairychess, BpromGivesBlackItsOwnChoices) {
  // Sort of Almost Chess: White promotes to C R B N, Black to Q R B N (White has no Queen).
  GameBox box("presets/sortofalmost.preset");
  ASSERT_NE(box.g, nullptr) << box.err;
  const PieceType &pawn = box.g->rules.types[TypeOf(box.g, "P")];
  int queen = TypeOf(box.g, "q"), chancellor = TypeOf(box.g, "C"), rook = TypeOf(box.g, "R");
  EXPECT_EQ(pawn.promo_count, 5);
  EXPECT_EQ(pawn.promo_denied[WHITE], 1u << queen);
  EXPECT_EQ(pawn.promo_denied[BLACK], 1u << chancellor);
  EXPECT_FALSE(pawn.promo_denied[BLACK] >> rook & 1);
  // Where both lists are the same, neither side is denied anything.
  GameBox chigorin("presets/chigorin.preset");
  ASSERT_NE(chigorin.g, nullptr) << chigorin.err;
  const PieceType &same = chigorin.g->rules.types[TypeOf(chigorin.g, "P")];
  EXPECT_EQ(same.promo_denied[WHITE] | same.promo_denied[BLACK], 0u);
}

TEST(BridgeFairychess, GameEndSettings) {
  GameBox shatranj("presets/shatranj.preset");
  ASSERT_NE(shatranj.g, nullptr) << shatranj.err;
  EXPECT_EQ(shatranj.g->rules.stalemate, RESULT_LOSS);
  EXPECT_TRUE(shatranj.g->rules.bare_royal_loses);
  EXPECT_EQ(shatranj.g->rules.nmove_rule, 100);
  EXPECT_EQ(shatranj.g->rules.repetition_count, 3);
  GameBox makruk("presets/makruk.preset");
  ASSERT_NE(makruk.g, nullptr) << makruk.err;
  EXPECT_EQ(makruk.g->rules.nmove_rule, 0);
  EXPECT_NE(makruk.g->rules.stalemate, RESULT_LOSS);
}

TEST(BridgeFairychess, ExtinctionHasNoRoyalButCastles) {
  GameBox box("presets/extinction.preset");
  ASSERT_NE(box.g, nullptr) << box.err;
  const Rules &r = box.g->rules;
  EXPECT_TRUE(r.extinction);
  for (int t = 0; t < r.type_count; t++) EXPECT_FALSE(r.types[t].royal) << t;
  EXPECT_EQ(r.castling_count, 4);
  const PieceType &pawn = r.types[TypeOf(box.g, "P")];
  EXPECT_EQ(pawn.promo_count, 5); // a Pawn may become a King
}

TEST(BridgeFairychess, GrandPromotesInThreeRanksToCapturedPieces) {
  GameBox box("presets/grand.preset");
  ASSERT_NE(box.g, nullptr) << box.err;
  const Rules &r = box.g->rules;
  const PieceType &pawn = r.types[TypeOf(box.g, "P")];
  EXPECT_TRUE(pawn.promo_only_captured);
  EXPECT_FALSE(pawn.promo_mandatory); // optional on ranks 8 and 9; the engine forces it on 10
  EXPECT_EQ(pawn.promo_count, 6);
  EXPECT_EQ(r.castling_count, 0);
}

TEST(BridgeFairychess, FlexibleCastlingFromSeveralSquares) {
  // Capablanca's board with the back rank cleared and castling to any square at least two
  // files from the King (Grotesque Chess's flexible castling): one castling per square.
  std::string text;
  {
    FILE *f = fopen("presets/capablanca.preset", "r");
    ASSERT_NE(f, nullptr);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
    fclose(f);
  }
  auto replace = [&](const std::string &from, const std::string &to) {
    size_t at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
  };
  replace("FEN: rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR",
          "FEN: r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R");
  replace("set wcastle c1 i1;", "set wcastle b1 c1 d1 h1 i1;");
  replace("set bcastle c8 i8;", "set bcastle b8 c8 d8 h8 i8;");
  std::string path = testing::TempDir() + "/flexible.preset";
  FILE *out = fopen(path.c_str(), "w");
  ASSERT_NE(out, nullptr);
  fputs(text.c_str(), out);
  fclose(out);
  GameBox box(path.c_str());
  ASSERT_NE(box.g, nullptr) << box.err;
  EXPECT_EQ(box.g->rules.castling_count, 10);
  BrVerifyStats st;
  EXPECT_TRUE(br_verify(box.g, 2, 6, 10, 3, &st)) << st.first;
  EXPECT_GT(st.castlings, 0);
}

TEST(BridgeFairychess, BerolinaPawnsTakeEnPassantByAStraightStep) {
  GameBox box("presets/berolina.preset");
  ASSERT_NE(box.g, nullptr) << box.err;
  const PieceType &pawn = box.g->rules.types[TypeOf(box.g, "P")];
  EXPECT_TRUE(pawn.ep_capturer);
  EXPECT_TRUE(pawn.ep_creator);
  // After f2-h4 a7-b6, h4-g5 h7-f5 (passing g6), the pawn on g5 may step onto g6.  (Played
  // from the start: the FEN reader looks for the pawn to take straight behind the ep square.)
  Position p{};
  char err[RULES_ERR_LEN];
  ASSERT_TRUE(pos_set_fen(&p, &box.g->rules, box.g->start_fen, err, sizeof err)) << err;
  for (const char *m : {"f2h4", "a7b6", "h4g5", "h7f5"}) {
    Move mv = pos_parse_move(&p, m);
    ASSERT_NE(mv, MOVE_NONE) << m;
    pos_make(&p, mv);
  }
  MoveList list;
  pos_legal_moves(&p, &list);
  bool passant = false;
  for (int i = 0; i < list.count; i++) passant |= move_kind(list.moves[i]) == MOVE_EN_PASSANT;
  EXPECT_TRUE(passant);
  pos_free(&p);
}

TEST(BridgeFairychess, XiangqiPiecesKeepToTheirPartsOfTheBoard) {
  GameBox box("presets/xiangqi.preset");
  ASSERT_NE(box.g, nullptr) << box.err;
  ASSERT_TRUE(box.g->all_compiled);
  const Rules &r = box.g->rules;
  const PieceType &general = r.types[TypeOf(box.g, "K")];
  int palace_steps = 0, facing = 0;
  for (int i = 0; i < general.atom_count; i++) {
    const Atom &a = general.atoms[i];
    if (a.royal_only) {
      facing++;
    } else if (a.to_zone != NO_ZONE) {
      palace_steps++;
      EXPECT_STREQ(r.zone_name[a.to_zone], "to d1-f3");
    }
  }
  EXPECT_EQ(palace_steps, 4);
  EXPECT_EQ(facing, 2);
  EXPECT_EQ(r.stalemate, RESULT_LOSS);
}

// Janggi by casual rules (herald-rules `passing`): a pass is a move when not in check, two in a row draw, and
// the palace lines, the cannon's refusal of cannons and the elephant's long step compile.
TEST(BridgeFairychess, JanggiPassesAndPalaceLines) {
  GameBox box("presets/janggicasual.preset");
  ASSERT_NE(box.g, nullptr) << box.err;
  EXPECT_TRUE(box.g->all_compiled);
  const Rules &r = box.g->rules;
  EXPECT_TRUE(r.pass_allowed);
  EXPECT_TRUE(r.double_pass_ends);
  const PieceType &cannon = r.types[TypeOf(box.g, "C")];
  for (int i = 0; i < cannon.atom_count; i++) EXPECT_TRUE(cannon.atoms[i].no_same_type);
  Position p{};
  char err[RULES_ERR_LEN];
  ASSERT_TRUE(pos_set_fen(&p, &r, box.g->start_fen, err, sizeof err)) << err;
  MoveList list;
  pos_legal_moves(&p, &list);
  Move pass = move_make(0, 0, MOVE_PASS, 0);
  bool can_pass = false;
  for (int i = 0; i < list.count; i++) can_pass |= list.moves[i] == pass;
  EXPECT_TRUE(can_pass);
  EXPECT_EQ(list.count, 32);
  pos_make(&p, pass);
  char why[64];
  EXPECT_EQ(pos_game_result(&p, why, sizeof why), RESULT_NONE);
  pos_make(&p, pass);
  EXPECT_EQ(pos_game_result(&p, why, sizeof why), RESULT_DRAW) << why;
  pos_legal_moves(&p, &list);
  EXPECT_EQ(list.count, 0);
  // In check (the Chariot on e5 against the General on e9) there is no pass.
  ASSERT_TRUE(pos_set_fen(&p, &r, "9/4k4/9/9/9/4R4/9/9/4K4/9 b - - 0 1", err, sizeof err)) << err;
  pos_legal_moves(&p, &list);
  for (int i = 0; i < list.count; i++) EXPECT_NE(list.moves[i], pass);
  EXPECT_GT(list.count, 0);
  pos_free(&p);
  GameBox xiangqi("presets/xiangqi.preset");
  ASSERT_NE(xiangqi.g, nullptr) << xiangqi.err;
  EXPECT_FALSE(xiangqi.g->rules.pass_allowed);
}

// Janggi (herald-rules `bikjang`, `counting`, `points`, `komi`): the settings become the rules'
// bikjang and counting, each label's points given to White's and Black's type alike.
TEST(BridgeFairychess, JanggiBikjangAndCountingSettings) {
  GameBox box("presets/janggi.preset");
  ASSERT_NE(box.g, nullptr) << box.err;
  const Rules &r = box.g->rules;
  EXPECT_TRUE(r.bikjang);
  EXPECT_TRUE(r.counting);
  EXPECT_EQ(r.counting_komi2, 3);
  const struct {
    const char *label;
    int points;
  } expected[] = {{"R", 13}, {"r", 13}, {"C", 7}, {"N", 5}, {"B", 3}, {"A", 3}, {"a", 3}, {"P", 2}, {"p", 2}, {"K", 0}};
  for (const auto &e : expected) {
    int t = TypeOf(box.g, e.label);
    ASSERT_GE(t, 0) << e.label;
    EXPECT_EQ(r.types[t].points, e.points) << e.label;
  }
  for (const char *other :
       {"presets/janggitraditional.preset", "presets/janggimodern.preset", "presets/janggicasual.preset"}) {
    GameBox b(other);
    ASSERT_NE(b.g, nullptr) << b.err;
    EXPECT_EQ(b.g->rules.bikjang, strstr(other, "traditional") != nullptr) << other;
    EXPECT_EQ(b.g->rules.counting, strstr(other, "modern") != nullptr) << other;
  }
}

// A wrong bikjang or counting setting fails the load at the line that sets it, saying why.
TEST(BridgeFairychess, BadCountingSettingsAreLocated) {
  const std::string head = "Game: T\nFiles: a b c d e f g h i\nRanks: 1 2 3 4 5 6 7 8 9 10\n"
                           "FEN: rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR\n"
                           "[Pre-Game]\ninclude fairychess;\nsetconst K White_Janggi_General;\n"
                           "setconst k Black_Janggi_General;\nsetconst A White_Janggi_Guard;\n"
                           "setconst a Black_Janggi_Guard;\nsetconst B Janggi_Elephant;\nsetconst b Janggi_Elephant;\n"
                           "setconst N Xiangqi_Horse;\nsetconst n Xiangqi_Horse;\nsetconst R Janggi_Chariot;\n"
                           "setconst r Janggi_Chariot;\nsetconst C Janggi_Cannon;\nsetconst c Janggi_Cannon;\n"
                           "setconst P White_Janggi_Soldier;\nsetconst p Black_Janggi_Soldier;\nset wprom array;\n"
                           "set bprom array;\nset Kpos findpiece K spaces;\nset kpos findpiece k spaces;\n";
  const std::string tail = "[Post-Move 1]\ngosub judge_move true;\n[Post-Move 2]\ngosub judge_move false;\n"
                           "[Post-Game 1]\ngosub judge_end true;\n[Post-Game 2]\ngosub judge_end false;\n";
  const struct {
    const char *settings;
    const char *where; // line of the setting at fault: head has 24 lines
    const char *why;
  } cases[] = {
      {"set bikjang true;\n", ":25: ", "bikjang needs passing"},
      {"set passing true;\nset counting R C;\nset points 13;\n", ":27: ", "points must give as many numbers"},
      {"set counting R Q;\nset points 13 9;\n", ":25: ", "no piece of this game is labelled 'Q'"},
      {"set counting R;\nset points 1x;\n", ":26: ", "'1x' is not a whole number"},
      {"set counting R;\nset points 13;\nset komi 1.25;\n",
       ":27: ", "komi: '1.25' is not a number of whole or half points"},
      {"set checks 16;\n", ":25: ", "a game won by 16 checks: the most is 15"},
      {"set extinction true;\nset extinctlabels Q;\n", ":26: ", "extinctlabels: no piece of this game is labelled 'Q'"},
      {"set extinction true;\nset extinctcount 64;\n", ":26: ", "extinctcount: 64 is not a count from 0 to 63"},
      {"set wgoal e9;\nset goallabels Q;\n", ":26: ", "goallabels: no piece of this game is labelled 'Q'"},
  };
  TempDir d;
  for (const auto &c : cases) {
    std::string path = d.Write("bad.preset", head + c.settings + tail);
    GameBox box(path.c_str());
    EXPECT_EQ(box.g, nullptr) << c.settings;
    EXPECT_NE(box.err.find(std::string("bad.preset") + c.where), std::string::npos) << box.err;
    EXPECT_NE(box.err.find(c.why), std::string::npos) << box.err;
  }
}
