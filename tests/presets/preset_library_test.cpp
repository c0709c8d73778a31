// Every preset in presets/: it loads, its pieces compile, the perft figures written in its
// header match the generator compiled from it, its referee game is accepted, and a short verify
// run finds the generator and the preset's referee in agreement.  A preset carries its figures
// as header comments (`// perft DEPTH NODES`, `// referee game: PATH`), so adding a preset adds
// its tests.  A preset whose turns have several parts (seed 003's `continuemove`: Marseillais,
// Extra Move, Monster) carries instead `// perft-turns DEPTH NODES` (a whole turn a ply) and
// `// perft-parts DEPTH NODES` (each part a ply): the generator's figures both ways, and the
// small ones also counted by the referee alone (`herald referee-perft`).
// The piece library itself (presets/include/herald-pieces.txt) is checked for the fairychess
// conventions: a def, a -Range function and a -Desc text per codename.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "bridge/br_internal.h"
#include "rules/perft_turns.h"
#include "bridge/br_game.h"
#include "gamecode/gc_value.h"

namespace {

const char *kPresetDir = "presets";
const char *kExampleDir = "docs/example";
const char *kIncludeDir = "presets/include";
const char *kLibrary = "presets/include/herald-pieces.txt";
// Perft depths whose node count is above this are documentation only (the tests stay quick).
const uint64_t kPerftNodeLimit = 1000000;
const uint64_t kOraclePerftNodeLimit = 10000;
const uint64_t kRefereePerftNodeLimit = 500;

std::string ReadFile(const std::string &path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> PresetFiles() {
  std::vector<std::string> out;
  std::error_code ec;
  // The README's worked example is held to the library's standard.
  for (const char *dir : {kPresetDir, kExampleDir})
    for (const auto &e : std::filesystem::directory_iterator(dir, ec))
      if (e.path().extension() == ".preset") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

struct PresetFacts {
  std::vector<std::pair<int, uint64_t>> perft; // depth, nodes from the start position
  // By the referee alone, for turns of several parts: a whole turn a ply, or each part a ply.
  std::vector<std::pair<int, uint64_t>> perft_turns, perft_parts;
  std::string referee_game;
  bool MultiPart() const { return !perft_turns.empty(); }
};

PresetFacts ReadFacts(const std::string &path) {
  PresetFacts f;
  std::istringstream in(ReadFile(path));
  std::string line;
  static const std::regex perft(R"(^//\s*perft\s+(\d+)\s+(\d+)\s*$)");
  static const std::regex game(R"(^//\s*referee game:\s*(\S+)\s*$)");
  static const std::regex turns(R"(^//\s*perft-(turns|parts)\s+(\d+)\s+(\d+)\s*$)");
  std::smatch m;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] == '[') break; // the header ends at the first section
    if (std::regex_match(line, m, perft))
      f.perft.push_back({std::stoi(m[1]), std::stoull(m[2])});
    else if (std::regex_match(line, m, turns))
      (m[1] == "turns" ? f.perft_turns : f.perft_parts).push_back({std::stoi(m[2]), std::stoull(m[3])});
    else if (std::regex_match(line, m, game))
      f.referee_game = m[1];
  }
  return f;
}

struct GameBox {
  BrGame *g = nullptr;
  std::string err;
  explicit GameBox(const std::string &path) {
    char e[512] = "";
    g = br_load_with(
        path.c_str(), kIncludeDir, false, e,
        sizeof e); /* the probe is tested in the bridge tests; under the sanitizers it would take minutes here */
    err = e;
  }
  ~GameBox() { br_free(g); }
  GameBox(const GameBox &) = delete;
  GameBox &operator=(const GameBox &) = delete;
};

std::string Name(const testing::TestParamInfo<std::string> &info) {
  std::string n = std::filesystem::path(info.param).stem().string();
  for (char &c : n)
    if (!isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

class PresetLibrary : public testing::TestWithParam<std::string> {};

} // namespace

TEST(PresetFiles, ThereArePresets) { EXPECT_GE(PresetFiles().size(), 5u); }

// One library: a preset reaches Herald's pieces and rules through `include fairychess;`
// (presets/include/fairychess.txt), never by including herald-pieces or herald-rules beside
// it, so that the seed's interface and the library's presets cannot drift apart.
TEST(PresetFiles, LibraryPresetsIncludeFairychess) {
  for (const std::string &path : PresetFiles()) {
    std::string text = ReadFile(path);
    EXPECT_EQ(text.find("\ninclude herald-pieces;"), std::string::npos) << path;
    EXPECT_EQ(text.find("\ninclude herald-rules;"), std::string::npos) << path;
  }
}

// The presets written on the piece library (directly or through fairychess) carry their figures; the tutorial presets (seeds
// 000 and 001) are kept as the tutorials wrote them, and their figures live in the bridge tests.
static bool UsesTheLibrary(const std::string &path) {
  std::string text = ReadFile(path);
  return text.find("include herald-pieces") != std::string::npos ||
         text.find("include fairychess") != std::string::npos;
}

TEST_P(PresetLibrary, LoadsAndCarriesItsFigures) {
  GameBox box(GetParam());
  ASSERT_NE(box.g, nullptr) << box.err;
  if (!UsesTheLibrary(GetParam())) GTEST_SKIP() << "not written on the piece library";
  EXPECT_TRUE(box.g->all_compiled) << "a piece of a library preset needs the interpreter";
  EXPECT_EQ(box.g->warning_count, 0) << "reading the preset found something suspect (gc_lint): " << box.g->warnings[0];
  PresetFacts f = ReadFacts(GetParam());
  EXPECT_TRUE(!f.perft.empty() || f.MultiPart()) << "no `// perft DEPTH NODES` line in the header";
  EXPECT_FALSE(f.referee_game.empty()) << "no `// referee game: PATH` line in the header";
}

TEST_P(PresetLibrary, PerftMatchesTheFigures) {
  GameBox box(GetParam());
  ASSERT_NE(box.g, nullptr) << box.err;
  ASSERT_TRUE(box.g->rules_ready);
  // Through the oracle (some piece decided by the referee) only the small figures: the referee
  // is asked about every new position.
  uint64_t limit = box.g->all_compiled ? kPerftNodeLimit : kOraclePerftNodeLimit;
  PresetFacts f = ReadFacts(GetParam());
  // A ply is a move (`perft`, `perft-parts`) or a whole turn (`perft-turns`).
  for (int how = 0; how < 3; how++) {
    for (auto [depth, nodes] : how == 0 ? f.perft : how == 1 ? f.perft_parts : f.perft_turns) {
      if (nodes > limit) continue;
      Position p{};
      char err[RULES_ERR_LEN];
      ASSERT_TRUE(pos_set_fen(&p, &box.g->rules, box.g->start_fen, err, sizeof err)) << err;
      EXPECT_EQ(how == 2 ? pos_perft_turns(&p, depth) : pos_perft(&p, depth), nodes) << (how == 0   ? "perft "
                                                                                         : how == 1 ? "perft-parts "
                                                                                                    : "perft-turns ")
                                                                                     << depth;
      pos_free(&p);
    }
  }
}

TEST_P(PresetLibrary, RefereeAcceptsItsGame) {
  PresetFacts f = ReadFacts(GetParam());
  if (f.referee_game.empty() && !UsesTheLibrary(GetParam())) GTEST_SKIP() << "no referee game named";
  ASSERT_FALSE(f.referee_game.empty());
  std::string game = ReadFile(f.referee_game);
  ASSERT_FALSE(game.empty()) << f.referee_game;
  GcInterp *gc = gc_new();
  GcError err;
  ASSERT_EQ(gc_load_preset_file(gc, GetParam().c_str(), kIncludeDir, &err), GC_OK) << err.message;
  GcVerdict v;
  int rc = gc_referee_game(gc, game.c_str(), &v);
  EXPECT_EQ(rc, 0) << "ply " << v.ply << ": " << v.message << " " << v.file << ":" << v.line;
  gc_free(gc);
}

// The figures of a preset whose turns have several parts, by the referee alone (the small
// ones: every try is a refereed move).
TEST_P(PresetLibrary, RefereePerftMatchesTheTurnFigures) {
  PresetFacts f = ReadFacts(GetParam());
  if (!f.MultiPart()) GTEST_SKIP() << "turns of one part";
  GcInterp *gc = gc_new();
  GcError err;
  ASSERT_EQ(gc_load_preset_file(gc, GetParam().c_str(), kIncludeDir, &err), GC_OK) << err.message;
  ASSERT_EQ(gc_start(gc, &err), GC_OK) << err.message;
  for (bool parts : {false, true}) {
    for (auto [depth, nodes] : parts ? f.perft_parts : f.perft_turns) {
      if (nodes > kRefereePerftNodeLimit) continue;
      EXPECT_EQ(gc_referee_perft(gc, depth, parts), nodes) << (parts ? "perft-parts " : "perft-turns ") << depth;
    }
  }
  gc_free(gc);
}

TEST_P(PresetLibrary, ShortVerifyAgrees) {
  GameBox box(GetParam());
  ASSERT_NE(box.g, nullptr) << box.err;
  ASSERT_TRUE(box.g->rules_ready);
  // One short game: the interpreter judges every generator move and runs the preset's
  // Post-Game (which lists every legal move) after each, so this is the slow test; the long
  // runs (`herald verify NAME --games 200`) are done by hand.
  BrVerifyStats st;
  bool ok = br_verify(box.g, 1, 16, 10, 7, &st);
  EXPECT_TRUE(ok) << st.first;
  EXPECT_EQ(st.disagreements, 0);
  EXPECT_GT(st.legal_checked, 0);
}

INSTANTIATE_TEST_SUITE_P(Presets, PresetLibrary, testing::ValuesIn(PresetFiles()), Name);

// ---- the piece library ----

namespace {

// Codenames of the library: every `def NAME-Range` names one.
std::vector<std::string> Codenames(const std::string &text) {
  std::vector<std::string> out;
  static const std::regex range(R"(^def\s+(\S+)-Range\s)");
  std::istringstream in(text);
  std::string line;
  std::smatch m;
  while (std::getline(in, line))
    if (std::regex_search(line, m, range)) out.push_back(m[1]);
  return out;
}

bool Truthy(GcInterp *gc, const std::string &expr) {
  GcValue v = gc_null();
  GcError err;
  bool ok = gc_eval_expr(gc, expr.c_str(), &v, &err) == GC_OK &&
            ((v.type == GC_BOOL && v.u.b) || (v.type == GC_NUM && v.u.n != 0) ||
             (v.type == GC_STR && v.u.s[0] && std::string(v.u.s) != "0") || v.type == GC_ARR);
  gc_release(&v);
  return ok;
}

std::string Text(GcInterp *gc, const std::string &expr) {
  GcValue v = gc_null();
  GcError err;
  std::string out;
  if (gc_eval_expr(gc, expr.c_str(), &v, &err) == GC_OK && v.type == GC_STR) out = v.u.s;
  gc_release(&v);
  return out;
}

struct LibraryBox {
  GcInterp *gc = gc_new();
  std::string text = ReadFile(kLibrary);
  LibraryBox() {
    gc_set_include_dir(gc, kIncludeDir);
    GcError err;
    EXPECT_EQ(gc_run_code(gc, "include herald-pieces; include herald-rules;", "test", &err), GC_OK) << err.message;
  }
  ~LibraryBox() { gc_free(gc); }
};

bool Lookup(void *ctx, const char *name, char *out, int outlen) {
  return br_find_def(static_cast<const BrCode *>(ctx), name, out, outlen);
}

} // namespace

TEST(PieceLibrary, FortyPiecesEachWithDefRangeAndDescription) {
  LibraryBox lib;
  std::vector<std::string> names = Codenames(lib.text);
  EXPECT_GE(names.size(), 40u);
  for (const std::string &n : names) {
    EXPECT_TRUE(Truthy(lib.gc, "isfunc " + n)) << n;
    EXPECT_TRUE(Truthy(lib.gc, "isfunc " + n + "-Range")) << n;
    std::string desc = Text(lib.gc, "var " + n + "-Desc");
    EXPECT_NE(desc.find("%s"), std::string::npos) << n << ": " << desc;
  }
}

TEST(PieceLibrary, RangesAreSupersetsOfTheMovesOnAnEmptyishBoard) {
  // From d4 of an 8x8 board holding only the piece: every move the def allows is in its range.
  LibraryBox lib;
  for (const std::string &n : Codenames(lib.text)) {
    GcError err;
    std::string code = "set ep false; empty all; add X d4; set ok true; set rng fn " + n +
                       "-Range d4; for to spaces: if fn " + n + " d4 #to and not match #to #rng: set ok false; " +
                       "set bad #to; endif; next;";
    ASSERT_EQ(gc_run_code(lib.gc, code.c_str(), "test", &err), GC_OK) << n << ": " << err.message;
    EXPECT_TRUE(Truthy(lib.gc, "var ok")) << n << " reaches " << Text(lib.gc, "var bad") << " outside its range";
  }
}

TEST(PieceLibrary, StandardPiecesCompile) {
  LibraryBox lib;
  Rules r;
  char err[RULES_ERR_LEN];
  ASSERT_TRUE(rules_init(&r, "test", 8, 8, err, sizeof err));
  static const char *const kMustCompile[] = {"King",
                                             "Queen",
                                             "Rook",
                                             "Bishop",
                                             "Knight",
                                             "White_Pawn",
                                             "Black_Pawn",
                                             "Cardinal",
                                             "Marshall",
                                             "Amazon",
                                             "Centaur",
                                             "Nightrider",
                                             "Wazir",
                                             "Ferz",
                                             "Alfil",
                                             "Dabbaba",
                                             "Camel",
                                             "Zebra",
                                             "Giraffe",
                                             "Champion",
                                             "Wizard",
                                             "Kirin",
                                             "Phoenix",
                                             "Elephant",
                                             "Cannon",
                                             "Vao",
                                             "Korean_Cannon",
                                             "Grasshopper",
                                             "Xiangqi_Horse",
                                             "White_Soldier",
                                             "Black_Soldier",
                                             "White_Shogi_Pawn",
                                             "White_Lance",
                                             "White_Shogi_Knight",
                                             "White_Silver",
                                             "White_Gold",
                                             "White_Tokin",
                                             "Dragon_King",
                                             "Dragon_Horse",
                                             "White_Berolina_Pawn",
                                             "Black_Berolina_Pawn",
                                             "White_Khon"};
  br_bind_settings(lib.gc);
  BrCode *code = br_code_read(lib.gc); // the included files' statements, as the bridge reads them
  ASSERT_NE(code, nullptr);
  for (const char *name : kMustCompile) {
    char body[4096];
    ASSERT_TRUE(br_find_def(code, name, body, sizeof body)) << name;
    BrCompiled out;
    char reason[BR_REASON_LEN] = "";
    EXPECT_TRUE(br_compile_def_with(&r, body, WHITE, Lookup, code, &out, reason, sizeof reason))
        << name << ": " << reason;
  }
  br_code_free(code);
  br_bind_settings(nullptr);
  rules_free(&r);
}

// ---- the rules include, played through the referee ----

namespace {

struct Referee {
  GcInterp *gc = gc_new();
  // From the preset's start, or from fen (its side to move playing first).
  explicit Referee(const char *path, const char *fen = nullptr) {
    GcError err;
    EXPECT_EQ(gc_load_preset_file(gc, path, kIncludeDir, &err), GC_OK) << err.message;
    int started = fen ? gc_start_from(gc, fen, strstr(fen, " b ") ? 2 : 1, &err) : gc_start(gc, &err);
    EXPECT_EQ(started, GC_OK) << err.message;
  }
  ~Referee() { gc_free(gc); }
  Referee(const Referee &) = delete;
  Referee &operator=(const Referee &) = delete;
  GcVerdict Play(const char *move) {
    GcVerdict v;
    gc_play(gc, move, &v);
    return v;
  }
  // The verdict on move, the game left as it was.
  GcVerdict Try(const char *move) {
    GcState *here = gc_state_save(gc);
    GcVerdict v = Play(move);
    gc_state_restore(gc, here);
    gc_state_free(here);
    return v;
  }
};

// The compiled rules' verdict on each position, and its perft (where perft >= 0).
struct VerdictCase {
  const char *fen;
  GameResult result;
  int64_t perft;
  int depth;
};
void ExpectVerdicts(const char *path, std::initializer_list<VerdictCase> cases) {
  GameBox box(path);
  ASSERT_NE(box.g, nullptr) << box.err;
  for (const VerdictCase &c : cases) {
    Position p{};
    char err[RULES_ERR_LEN], reason[64];
    ASSERT_TRUE(pos_set_fen(&p, &box.g->rules, c.fen, err, sizeof err)) << err;
    EXPECT_EQ(pos_game_result(&p, reason, sizeof reason), c.result) << c.fen;
    if (c.perft >= 0) {
      EXPECT_EQ(pos_perft(&p, c.depth), (uint64_t)c.perft) << c.fen;
    }
    pos_free(&p);
  }
}

} // namespace

TEST(RulesInclude, CheckmateIsDeclaredAndTheLegalListIsBuilt) {
  Referee ref("presets/chess.preset");
  const GcValue *start = gc_legal_moves(ref.gc);
  ASSERT_NE(start, nullptr);
  EXPECT_EQ(gc_arr_len(start), 20u); // setlegal from the stalemated sub, before the first move
  for (const char *m : {"P f2-f3", "P e7-e5", "P g2-g4"}) EXPECT_EQ(ref.Play(m).status, GC_LEGAL) << m;
  GcVerdict mate = ref.Play("Q d8-h4");
  EXPECT_EQ(mate.status, GC_LEGAL) << mate.message;
  EXPECT_EQ(mate.result, GC_RESULT_WON);
  EXPECT_EQ(mate.result_player, 2);
}

// Antichess (herald-rules `mustcapture`, `stalemate loss`): a player who can capture must, the
// legal list holds only the captures then, and nothing is royal.
TEST(RulesInclude, AntichessForcesACapture) {
  Referee ref("presets/antichess.preset");
  for (const char *m : {"P e2-e4", "P d7-d5"}) ASSERT_EQ(ref.Play(m).status, GC_LEGAL) << m;
  const GcValue *legal = gc_legal_moves(ref.gc);
  ASSERT_NE(legal, nullptr);
  EXPECT_EQ(gc_arr_len(legal), 1u); // e4xd5 alone
  GcVerdict quiet = ref.Try("P a2-a3");
  EXPECT_EQ(quiet.status, GC_ILLEGAL);
  EXPECT_STREQ(quiet.message, "You must capture: you have a capture.");
  for (const char *m : {"P e4-d5", "Q d8-d5", "P a2-a3", "Q d5-d2", "K e1-d2"}) // the King takes, and is no royal
    EXPECT_EQ(ref.Play(m).status, GC_LEGAL) << m;
}

// Suicide (herald-rules `stalemate fewer`): a player without a move wins with fewer pieces
// than the other, draws with as many and loses with more; the referee says the same.
TEST(RulesInclude, SuicideCountsThePiecesOfABlockedPlayer) {
  ExpectVerdicts("presets/suicide.preset", {{"8/8/8/p7/P7/8/8/7k w - - 0 1", RESULT_WIN, -1, 0},    // 1 piece against 2
                                            {"8/8/8/p6p/P6P/8/8/8 w - - 0 1", RESULT_DRAW, -1, 0},  // 2 against 2
                                            {"8/8/8/p7/P7/P7/8/8 w - - 0 1", RESULT_LOSS, -1, 0}}); // 2 against 1
  // Black's last move blocks White's last Pawn, Black keeping two pieces.
  GcVerdict v = Referee("presets/suicide.preset", "8/8/p7/8/P7/8/8/7k b - - 0 1").Play("p a6-a5");
  EXPECT_EQ(v.status, GC_LEGAL) << v.message;
  EXPECT_EQ(v.result, GC_RESULT_LOST); // Black, who moved, loses: White, blocked with fewer pieces, wins
  EXPECT_EQ(v.result_player, 2);
}

// Losers (herald-rules `checkmate loss`, `bareking win` beside `mustcapture`): a player left with
// the King alone wins and the game ends there (no move follows for either side, as
// fairy-stockfish counts it), and so does a checkmated player; the referee says the same.
TEST(RulesInclude, LosersIsWonByTheBareKingAndTheCheckmatedPlayer) {
  ExpectVerdicts("presets/losers.preset",
                 {{"4k3/8/8/8/8/8/8/4K2R b - - 0 1", RESULT_WIN, 0, 1},  // bare, to move
                  {"4k3/8/8/8/8/8/8/4K2R w - - 0 1", RESULT_LOSS, 0, 1}, // the other is bare
                  {"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", RESULT_WIN, 0, 1}}); // checkmated
  Referee ref("presets/losers.preset", "4k3/8/8/8/8/8/7r/4K2R w - - 0 1");
  EXPECT_EQ(ref.Try("K e1-d1").status, GC_ILLEGAL); // the Rook can take: it must
  GcVerdict v = ref.Play("R h1-h2");                // takes Black's last piece but the King: Black wins
  EXPECT_EQ(v.status, GC_LEGAL) << v.message;
  EXPECT_EQ(v.result, GC_RESULT_LOST);
  EXPECT_EQ(v.result_player, 1);
}

// King of the Hill (herald-rules `wgoal`/`bgoal`): a King on a centre square wins at once, and
// no move follows (fairy-stockfish counts none); the referee says the same.
TEST(RulesInclude, KingOfTheHillIsWonOnTheHill) {
  ExpectVerdicts("presets/kingofthehill.preset",
                 {{"4k3/8/8/8/3K4/8/8/8 b - - 0 1", RESULT_LOSS, 0, 2},    // White's King is on d4
                  {"4k3/8/8/4K3/8/8/8/8 w - - 0 1", RESULT_WIN, 0, 2},     // White's on e5, White to move
                  {"4k3/8/8/8/8/2K5/8/8 w - - 0 1", RESULT_NONE, 35, 2}}); // c3: d4 a step away (fairy-stockfish: 35)
  GcVerdict v = Referee("presets/kingofthehill.preset", "4k3/8/8/8/8/2K5/8/8 w - - 0 1").Play("K c3-d4");
  EXPECT_EQ(v.status, GC_LEGAL) << v.message;
  EXPECT_EQ(v.result, GC_RESULT_WON);
  EXPECT_EQ(v.result_player, 1);
}

// Janggi's bikjang (herald-rules `bikjang`): with the Generals facing on an open file the player
// to move must part them or pass, in check too, and the pass ends the game: by counting in
// janggi (an even count goes to Black, who has 1.5 points of komi), drawn in
// janggitraditional; the referee says the same.  Janggicasual lets the Generals face.  Perft
// figures from fairy-stockfish 11.1 (variants janggi and janggicasual).
TEST(RulesInclude, JanggiBikjangIsPartedOrEndsTheGame) {
  ExpectVerdicts("presets/janggi.preset", {{"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", RESULT_NONE, 3, 1},  // Kd1 Kf1 pass
                                           {"4k4/9/9/9/9/9/9/9/9/3rK4 w - - 0 1", RESULT_NONE, 2, 1}, // Kxd1 pass
                                           {"4k4/9/9/9/9/9/9/9/9/3rK4 w - - 0 1", RESULT_NONE, 15, 3}});
  ExpectVerdicts("presets/janggicasual.preset", {{"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", RESULT_NONE, 4, 1},
                                                 {"4k4/9/9/9/9/9/9/9/9/3rK4 w - - 0 1", RESULT_NONE, 1, 1},
                                                 {"4k4/9/9/9/9/9/9/9/9/3rK4 w - - 0 1", RESULT_NONE, 16, 3}});
  const Move pass = move_make(0, 0, MOVE_PASS, 0);
  for (const char *path : {"presets/janggi.preset", "presets/janggitraditional.preset"}) {
    bool counting = !strstr(path, "traditional");
    Referee ref(path);
    GameBox box(path);
    ASSERT_NE(box.g, nullptr) << box.err;
    Position p{};
    char err[RULES_ERR_LEN], reason[96];
    ASSERT_TRUE(pos_set_fen(&p, &box.g->rules, "startpos", err, sizeof err)) << err;
    // The Soldiers leave the e-file: after Black's move the Generals face each other.
    for (const char *m : {"P e4-d4", "p e7-f7"}) ASSERT_EQ(ref.Play(m).status, GC_LEGAL) << m;
    for (const char *m : {"e4d4", "e7f7"}) pos_make(&p, pos_parse_move(&p, m));
    ASSERT_TRUE(pos_generals_face(&p));
    GcVerdict kept = ref.Try("N b1-c3");
    EXPECT_EQ(kept.status, GC_ILLEGAL) << path;
    EXPECT_STREQ(kept.message, "The Generals face each other (bikjang): move so that they no longer do, or pass.");
    EXPECT_EQ(ref.Try("K e2-d2").status, GC_LEGAL) << path;
    EXPECT_EQ(ref.Try("P d4-e4").status, GC_LEGAL) << path; // back between them
    MoveList list;
    pos_legal_moves(&p, &list);
    EXPECT_EQ(list.count, 8) << path; // fairy-stockfish 11.1: 8
    for (int i = 0; i < list.count; i++) {
      char name[32];
      pos_move_name(&p, list.moves[i], name, sizeof name);
      EXPECT_STRNE(name, "b1c3") << path;
    }
    EXPECT_EQ(pos_game_result(&p, reason, sizeof reason), RESULT_NONE) << reason;
    GcVerdict v = ref.Play("pass");
    ASSERT_EQ(v.status, GC_LEGAL) << v.message;
    EXPECT_EQ(v.result, counting ? GC_RESULT_LOST : GC_RESULT_DRAWN) << path; // 72 points to 72 + 1.5
    EXPECT_EQ(v.result_player, 1);
    pos_make(&p, pass);
    EXPECT_EQ(pos_game_result(&p, reason, sizeof reason), counting ? RESULT_WIN : RESULT_DRAW) << reason; // Black's
    pos_legal_moves(&p, &list);
    EXPECT_EQ(list.count, 0);
    pos_free(&p);
  }
}

// Makpong (herald-rules `makpong`): a King in check may not move, except to take the one piece
// that checks it, so a lone Boat's check from afar mates; the referee refuses the King's step
// aside with its own message.  Perft figures from fairy-stockfish 11.1 (makpong, makruk).
TEST(RulesInclude, MakpongKingInCheckOnlyTakesTheChecker) {
  ExpectVerdicts("presets/makpong.preset", {{"4k3/8/8/3r4/8/8/8/3K4 w - - 0 1", RESULT_LOSS, 0, 1},
                                            {"4k3/8/8/8/8/8/3r4/3K4 w - - 0 1", RESULT_NONE, 40, 3},
                                            {"4k3/8/8/8/8/8/3r4/2RK4 w - - 0 1", RESULT_NONE, 105, 3}});
  ExpectVerdicts("presets/makruk.preset", {{"4k3/8/8/3r4/8/8/8/3K4 w - - 0 1", RESULT_NONE, 352, 3},
                                           {"4k3/8/8/8/8/8/3r4/3K4 w - - 0 1", RESULT_NONE, 132, 3}});
  Referee ref("presets/makpong.preset", "4k3/8/8/8/8/8/3r4/3K4 w - - 0 1");
  GcVerdict aside = ref.Try("K d1-e1");
  EXPECT_EQ(aside.status, GC_ILLEGAL);
  EXPECT_STREQ(aside.message, "Makpong: a King in check may not move, except to take the one piece that checks it.");
  EXPECT_EQ(ref.Try("K d1-d2").status, GC_LEGAL);
  const GcValue *legal = gc_legal_moves(ref.gc);
  ASSERT_NE(legal, nullptr);
  EXPECT_EQ(gc_arr_len(legal), 1u); // the capture alone
  GcVerdict free_king = Referee("presets/makruk.preset", "4k3/8/8/8/8/8/3r4/3K4 w - - 0 1").Try("K d1-e1");
  EXPECT_EQ(free_king.status, GC_LEGAL) << free_king.message;
}

// Loop Chess (drops without herald-rules' `pmarked`): a piece a Pawn promoted to goes to hand
// as it is, where Crazyhouse gives back a Pawn.  Perft figures from fairy-stockfish 11.1 (loop,
// crazyhouse), which part where a promoted piece is taken.
TEST(RulesInclude, LoopKeepsTheRankOfAPromotedPiece) {
  ExpectVerdicts("presets/loop.preset", {{"r3k3/1P6/8/8/8/8/8/4K3[] w - - 0 1", RESULT_NONE, 24038, 4}});
  ExpectVerdicts("presets/crazyhouse.preset", {{"r3k3/1P6/8/8/8/8/8/4K3[] w - - 0 1", RESULT_NONE, 23766, 4}});
  for (const char *path : {"presets/loop.preset", "presets/crazyhouse.preset"}) {
    bool loop = strstr(path, "loop") != nullptr;
    GameBox box(path);
    ASSERT_NE(box.g, nullptr) << box.err;
    EXPECT_EQ(box.g->rules.drops_keep_rank, loop) << path;
    Position p{};
    char err[RULES_ERR_LEN], fen[128];
    ASSERT_TRUE(pos_set_fen(&p, &box.g->rules, "r3k3/1P6/8/8/8/8/8/4K3[] w - - 0 1", err, sizeof err)) << err;
    for (const char *m : {"b7b8q", "a8b8"}) {
      Move move = pos_parse_move(&p, m);
      ASSERT_NE(move, MOVE_NONE) << m;
      pos_make(&p, move);
    }
    pos_get_fen(&p, fen, sizeof fen);
    EXPECT_NE(strstr(fen, loop ? "[q]" : "[p]"), nullptr) << path << ": " << fen;
    pos_free(&p);
    Referee ref(path, "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    for (const char *m : {"P b7-b8; Q-b8", "r a8-b8", "K e1-f1"}) ASSERT_EQ(ref.Play(m).status, GC_LEGAL) << m;
    EXPECT_EQ(ref.Try("q*d4").status, loop ? GC_LEGAL : GC_ILLEGAL) << path;
    EXPECT_EQ(ref.Try("p*d4").status, loop ? GC_ILLEGAL : GC_LEGAL) << path;
  }
}

// Goals with a reply (herald-rules `goalreply`) and moves that may not check (`nochecks`), as
// Racing Kings has them: White's King on the eighth rank ends the game at once unless Black can
// follow (then a draw), a Black King there first wins, and a checking move is refused by both
// the compiled rules and the referee.  Perft figures equal fairy-stockfish 11.1's.
TEST(RulesInclude, RacingKingsGoalsWithReplyAndNoChecks) {
  ExpectVerdicts("presets/racingkings.preset", {{"2K5/8/8/8/8/8/k7/8 b - - 0 1", RESULT_LOSS, -1, 0},
                                                {"2K5/k7/8/8/8/8/8/8 b - - 0 1", RESULT_NONE, 3, 1},
                                                {"k1K5/8/8/8/8/8/8/8 w - - 0 1", RESULT_DRAW, -1, 0},
                                                {"k7/8/8/8/8/8/8/K7 w - - 0 1", RESULT_LOSS, -1, 0},
                                                {"8/8/8/8/4K3/8/7R/k7 w - - 0 1", RESULT_NONE, 20, 1}});
  GcVerdict check = Referee("presets/racingkings.preset", "8/8/8/8/4K3/8/7R/k7 w - - 0 1").Try("R h2-h1");
  EXPECT_EQ(check.status, GC_ILLEGAL);
  EXPECT_NE(strstr(check.message, "may not give check"), nullptr) << check.message;
  GcVerdict won = Referee("presets/racingkings.preset", "8/2K5/k7/8/8/8/8/8 w - - 0 1").Play("K c7-c8");
  EXPECT_EQ(won.status, GC_LEGAL) << won.message;
  EXPECT_EQ(won.result, GC_RESULT_WON); // Black's King cannot reach the eighth rank
  EXPECT_EQ(won.result_player, 1);
  Referee race("presets/racingkings.preset", "8/k1K5/8/8/8/8/8/8 w - - 0 1");
  GcVerdict arrived = race.Play("K c7-c8");
  EXPECT_EQ(arrived.status, GC_LEGAL) << arrived.message;
  EXPECT_EQ(arrived.result, GC_RESULT_NONE); // Black may follow
  GcVerdict drawn = race.Play("k a7-a8");
  EXPECT_EQ(drawn.status, GC_LEGAL) << drawn.message;
  EXPECT_EQ(drawn.result, GC_RESULT_DRAWN);
}

// Goals for pieces of chosen labels (`goallabels`): in Breakthrough any piece on the far rank
// wins at once; in Jeson Mor (`goalreply`) a Knight on e5 wins once the reply has not taken it.
TEST(RulesInclude, GoalsForChosenLabels) {
  ExpectVerdicts("presets/breakthrough.preset", {{"P7/8/8/8/8/8/7p/8 b - - 0 1", RESULT_LOSS, -1, 0},
                                                 {"8/P7/8/8/8/8/7p/8 w - - 0 1", RESULT_NONE, 2, 1}});
  GcVerdict far = Referee("presets/breakthrough.preset", "8/P7/8/8/8/8/7p/8 w - - 0 1").Play("P a7-a8");
  EXPECT_EQ(far.status, GC_LEGAL) << far.message;
  EXPECT_EQ(far.result, GC_RESULT_WON);
  EXPECT_EQ(far.result_player, 1);
  ExpectVerdicts("presets/jesonmor.preset", {{"n8/9/9/9/4N4/9/9/9/9 w - - 0 1", RESULT_WIN, -1, 0},
                                             {"n8/9/9/9/4N4/9/9/9/9 b - - 0 1", RESULT_NONE, 2, 1}});
  Referee centre("presets/jesonmor.preset", "n8/9/9/9/9/9/3N5/9/9 w - - 0 1");
  GcVerdict in = centre.Play("N d3-e5");
  EXPECT_EQ(in.status, GC_LEGAL) << in.message;
  EXPECT_EQ(in.result, GC_RESULT_NONE); // Black has its reply
  GcVerdict stayed = centre.Play("n a9-b7");
  EXPECT_EQ(stayed.status, GC_LEGAL) << stayed.message;
  EXPECT_EQ(stayed.result, GC_RESULT_LOST); // Black did not take it
  EXPECT_EQ(stayed.result_player, 2);
}

// Promotion forced on every move into, out of or inside the zone (`pforced` with Shogi-style
// promotion: Euro Shogi), and a zone of the last square of each file on a board with holes
// (Troitzky Chess's a6).  The compiled rules offer only the promotions, the referee refuses the
// plain move.
TEST(RulesInclude, ForcedPromotionAndTheLastSquareOfAFile) {
  ExpectVerdicts("presets/euroshogi.preset", {{"4k3/8/8/P7/8/8/8/4K3[] w - - 0 1", RESULT_NONE, 6, 1}});
  Referee euro("presets/euroshogi.preset", "4k3/8/8/P7/8/8/8/4K3 w - - 0 1");
  GcVerdict plain = euro.Try("P a5-a6");
  EXPECT_EQ(plain.status, GC_ILLEGAL);
  EXPECT_NE(strstr(plain.message, "must promote"), nullptr) << plain.message;
  EXPECT_EQ(euro.Try("P a5-a6; T-a6").status, GC_LEGAL);
  const char *troitzky = "****1k****/**6**/*8*/*8*/10/P9/*8*/*8*/**6**/****1K**** w - - 0 1";
  ExpectVerdicts("presets/troitzky.preset", {{troitzky, RESULT_NONE, 8, 1}}); // 4 promotions, 4 King moves
  Referee cut("presets/troitzky.preset", "----1k----/--6--/-8-/-8-/10/P9/-8-/-8-/--6--/----1K---- w - - 0 1");
  EXPECT_EQ(cut.Try("P a5-a6").status, GC_ILLEGAL);
  EXPECT_EQ(cut.Try("P a5-a6; Q-a6").status, GC_LEGAL);
}

// Extinction that wins (herald-rules `extinctwins`): in Codrus the player whose King is taken
// has won, whichever side is to move.
TEST(RulesInclude, CodrusIsWonByLosingTheKing) {
  ExpectVerdicts("presets/codrus.preset", {{"8/8/8/8/8/8/4R3/7K b - - 0 1", RESULT_WIN, -1, 0},
                                           {"8/8/8/8/8/8/4R3/7K w - - 0 1", RESULT_LOSS, -1, 0},
                                           {"8/8/8/8/8/8/4k3/4R2K w - - 0 1", RESULT_NONE, 1, 1}}); // must take
  GcVerdict took = Referee("presets/codrus.preset", "8/8/8/8/8/8/4k3/4R2K w - - 0 1").Play("R e1-e2");
  EXPECT_EQ(took.status, GC_LEGAL) << took.message;
  EXPECT_EQ(took.result, GC_RESULT_LOST); // White took Black's King: Black has won
  EXPECT_EQ(took.result_player, 1);
}

// Extinction by chosen labels (herald-rules `extinctlabels`, `extinctcount`): in Kinglet a player
// without Pawns has lost, so promoting the last one (to a King, the only choice) loses; in Three
// Kings the loss of one King of three does.  Perft figures from fairy-stockfish 11.1 (kinglet,
// threekings), the referee says the same.
TEST(RulesInclude, ExtinctionCountsOnlyTheChosenLabels) {
  ExpectVerdicts("presets/kinglet.preset", {{"4k3/p7/8/8/8/8/8/4K3 w - - 0 1", RESULT_LOSS, 0, 3},
                                            {"4k3/P7/8/8/8/8/7p/4K3 w - - 0 1", RESULT_NONE, 195, 3},
                                            {"4k3/P7/8/8/8/8/7p/K7 b - - 0 1", RESULT_NONE, -1, 0}}); // no King needed
  ExpectVerdicts("presets/threekings.preset", {{"k3k2k/8/8/8/8/8/8/K3K3 w - - 0 1", RESULT_LOSS, 0, 3},
                                               {"k3k2k/8/8/8/8/8/1r6/K3K2K w - - 0 1", RESULT_NONE, 3237, 3}});
  GcVerdict last = Referee("presets/kinglet.preset", "4k3/P7/8/8/8/8/7p/4K3 w - - 0 1").Play("P a7-a8; K-a8");
  EXPECT_EQ(last.status, GC_LEGAL) << last.message;
  EXPECT_EQ(last.result, GC_RESULT_LOST); // White, who promoted the last Pawn, has lost
  EXPECT_EQ(last.result_player, 1);
  GcVerdict king = Referee("presets/threekings.preset", "k3k2k/8/8/8/8/8/1r6/K3K2K b - - 0 1").Play("r b2-b1");
  EXPECT_EQ(king.status, GC_LEGAL) << king.message;
  EXPECT_EQ(king.result, GC_RESULT_NONE); // a threat, no check: Kings are not royal
  GcVerdict taken = Referee("presets/threekings.preset", "k3k2k/8/8/8/8/8/r7/K3K2K b - - 0 1").Play("r a2-a1");
  EXPECT_EQ(taken.status, GC_LEGAL) << taken.message;
  EXPECT_EQ(taken.result, GC_RESULT_WON); // Black took one of White's three Kings
  EXPECT_EQ(taken.result_player, 2);
}

// Three-check (herald-rules `checks`): the third check wins, mate or not, and no move follows.
// The counts travel in the FEN as fairy-stockfish writes them (checks still to give) or as
// lichess does (checks given, after the move number), and in the key.  Figures from
// fairy-stockfish 11.1 (variant 3check) for the position after 1. e4 e5 2. Qh5.
TEST(RulesInclude, ThreeCheckIsWonByTheThirdCheck) {
  GameBox box("presets/3check.preset");
  ASSERT_NE(box.g, nullptr) << box.err;
  const char *board = "rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq -";
  const struct {
    const char *counts;
    const char *fen_counts; // as Herald writes them back
    uint64_t perft2, perft3;
  } cases[] = {
      {" 3+3 0 2", " 3+3 0 2", 987, 36810},
      {" 1+3 0 2", " 1+3 0 2", 983, 36655}, // Qxf7+ is the last check: nothing follows it
      {" 0 2 +2+0", " 1+3 0 2", 983, 36655},
      {" 0 2", " 3+3 0 2", 987, 36810}, // no counts: none given
  };
  uint64_t keys[2] = {0, 0};
  for (const auto &c : cases) {
    Position p{};
    char err[RULES_ERR_LEN], fen[256];
    std::string text = std::string(board) + c.counts;
    ASSERT_TRUE(pos_set_fen(&p, &box.g->rules, text.c_str(), err, sizeof err)) << err;
    pos_get_fen(&p, fen, sizeof fen);
    EXPECT_EQ(std::string(fen), std::string(board) + c.fen_counts);
    EXPECT_EQ(pos_perft(&p, 2), c.perft2) << text;
    EXPECT_EQ(pos_perft(&p, 3), c.perft3) << text;
    keys[c.perft2 == 983] = p.key;
    EXPECT_EQ(p.key, pos_compute_key(&p));
    pos_free(&p);
  }
  EXPECT_NE(keys[0], keys[1]); // the same board with other counts is another position
  Position p{};
  char err[RULES_ERR_LEN], reason[64];
  for (const char *bad : {" 4+3 0 2", " 3+x 0 2", " 0 2 +1", " 3+3+3 0 2", " 99999999999+3 0 2", " 0 2 +0+100"}) {
    std::string text = std::string(board) + bad;
    EXPECT_FALSE(pos_set_fen(&p, &box.g->rules, text.c_str(), err, sizeof err)) << text;
  }
  // 1. e4 e5 2. Qh5 Nc6 3. Qxf7+ Kxf7 4. Bc4+ d5 5. Bxd5+: three checks, and White has won.
  const char *moves[] = {"e2e4", "e7e5", "d1h5", "b8c6", "h5f7", "e8f7", "f1c4", "d7d5", "c4d5"};
  const char *referee[] = {"P e2-e4", "p e7-e5", "Q d1-h5", "n b8-c6", "Q h5-f7",
                           "k e8-f7", "B f1-c4", "p d7-d5", "B c4-d5"};
  ASSERT_TRUE(pos_set_fen(&p, &box.g->rules, "startpos", err, sizeof err)) << err;
  GcInterp *gc = gc_new();
  GcError e;
  ASSERT_EQ(gc_load_preset_file(gc, "presets/3check.preset", kIncludeDir, &e), GC_OK) << e.message;
  ASSERT_EQ(gc_start(gc, &e), GC_OK) << e.message;
  for (size_t i = 0; i < sizeof moves / sizeof *moves; i++) {
    EXPECT_EQ(pos_game_result(&p, reason, sizeof reason), RESULT_NONE) << moves[i];
    Move m = pos_parse_move(&p, moves[i]);
    ASSERT_NE(m, MOVE_NONE) << moves[i];
    pos_make(&p, m);
    GcVerdict v;
    gc_play(gc, referee[i], &v);
    ASSERT_EQ(v.status, GC_LEGAL) << referee[i] << ": " << v.message;
    bool last = i + 1 == sizeof moves / sizeof *moves;
    EXPECT_EQ(v.result, last ? GC_RESULT_WON : GC_RESULT_NONE) << referee[i];
    if (last) {
      EXPECT_EQ(v.result_player, 1);
    }
  }
  char fen[256];
  pos_get_fen(&p, fen, sizeof fen);
  EXPECT_EQ(std::string(fen), "r1bq1bnr/ppp2kpp/2n5/3Bp3/4P3/8/PPPP1PPP/RNB1K1NR b KQ - 0+3 0 5");
  EXPECT_EQ(pos_game_result(&p, reason, sizeof reason), RESULT_LOSS);
  EXPECT_STREQ(reason, "3 checks given");
  EXPECT_EQ(pos_perft(&p, 1), 0u);
  EXPECT_EQ(p.key, pos_compute_key(&p));
  pos_unmake(&p);
  EXPECT_EQ(pos_game_result(&p, reason, sizeof reason), RESULT_NONE);
  pos_get_fen(&p, fen, sizeof fen);
  EXPECT_EQ(std::string(fen), "r1bq1bnr/ppp2kpp/2n5/3pp3/2B1P3/8/PPPP1PPP/RNB1K1NR w KQ d6 1+3 0 5");
  pos_free(&p);
  gc_free(gc);
}

// Giveaway (herald-rules `noroyal` beside Antichess's settings): the King castles, but not when
// a capture is possible.
TEST(RulesInclude, GiveawayCastlesUnlessItMustCapture) {
  for (const char *bishop : {"B f1-e2", "B f1-b5"}) { // from b5 the Bishop can take on d7
    Referee ref("presets/giveaway.preset");
    for (const char *m : {"N g1-h3", "N g8-h6", "P e2-e3", "P e7-e6", bishop, "B f8-e7"})
      ASSERT_EQ(ref.Play(m).status, GC_LEGAL) << m;
    GcVerdict castle = ref.Play("K e1-g1");
    if (!strcmp(bishop, "B f1-e2")) {
      EXPECT_EQ(castle.status, GC_LEGAL) << castle.message;
      EXPECT_STREQ(gc_space(ref.gc, "f1"), "R");
    } else {
      EXPECT_EQ(castle.status, GC_ILLEGAL);
      EXPECT_STREQ(castle.message, "You must capture: you have a capture.");
    }
  }
}

TEST(RulesInclude, IllegalMovesAreExplainedWithTheDescription) {
  Referee ref("presets/capablanca.preset");
  GcVerdict v = ref.Play("A c1-c3");
  EXPECT_EQ(v.status, GC_ILLEGAL);
  EXPECT_NE(std::string(v.message).find("Archbishop"), std::string::npos) << v.message;
  EXPECT_NE(std::string(v.message).find("as a Bishop or as a Knight"), std::string::npos) << v.message;
  EXPECT_EQ(ref.Play("P e7-e5").status, GC_ILLEGAL); // not Black's turn
  EXPECT_EQ(ref.Play("N b1-d2").status, GC_ILLEGAL); // own piece
}

TEST(RulesInclude, PromotionMustBeToAnOfferedPiece) {
  Referee ref("presets/shatranj.preset");
  // A Shatranj pawn may become only a Ferz; walk the h pawn up to the last rank.
  for (const char *m :
       {"P h2-h3", "P a7-a6", "P h3-h4", "P a6-a5", "P h4-h5", "P a5-a4", "P h5-h6", "P a4-a3", "P h6-g7", "P b7-b6"})
    ASSERT_EQ(ref.Play(m).status, GC_LEGAL) << m;
  EXPECT_EQ(ref.Play("P g7-h8").status, GC_ILLEGAL);       // must promote
  EXPECT_EQ(ref.Play("P g7-h8; R-h8").status, GC_ILLEGAL); // not to a Rook
  EXPECT_EQ(ref.Play("P g7-h8; Q-h8").status, GC_LEGAL);   // to a Ferz
}

// Crazyhouse (herald-rules `drops`): captures fill the captor's hand, a drop needs the piece
// in hand and an empty square, pawns only on ranks 2-7, and a promoted piece goes back as a
// pawn (`pmarked`).
TEST(RulesInclude, CrazyhouseDropsComeFromTheHand) {
  Referee ref("presets/crazyhouse.preset");
  EXPECT_STREQ(ref.Play("P*e4").message, "You have no P in hand to drop.");
  for (const char *m : {"P e2-e4", "P d7-d5", "P e4-d5", "Q d8-d5"}) ASSERT_EQ(ref.Play(m).status, GC_LEGAL) << m;
  EXPECT_EQ(ref.Play("P*e2").status, GC_LEGAL); // White's hand: the d5 pawn
  ref.Play("Q d5-a5");
  EXPECT_EQ(ref.Play("P*e3").status, GC_ILLEGAL); // that pawn is spent
}

TEST(RulesInclude, CrazyhouseRefusesBadDrops) {
  Referee ref("presets/crazyhouse.preset");
  for (const char *m : {"P e2-e4", "P d7-d5", "P e4-d5", "Q d8-d5", "N b1-c3", "Q d5-a5"})
    ASSERT_EQ(ref.Play(m).status, GC_LEGAL) << m;
  EXPECT_STREQ(ref.Play("P*e1").message, "A piece may be dropped only on an empty space.");
  EXPECT_STREQ(ref.Play("P*d8").message, "A P may not be dropped on the rank of d8");
  EXPECT_STREQ(ref.Play("P*b1").message, "A P may not be dropped on the rank of b1");
  EXPECT_EQ(std::string(ref.Play("P*h1").message), "A piece may be dropped only on an empty space.");
  EXPECT_STREQ(ref.Play("p*e6").message, "You may drop only pieces of your own side.");
  EXPECT_EQ(ref.Play("P*e6").status, GC_LEGAL);
}

TEST(RulesInclude, CrazyhousePromotedPiecesGoBackAsPawns) {
  // A promoted queen is taken: its captor gets a pawn, not a queen.
  GcInterp *gc = gc_new();
  GcError err;
  ASSERT_EQ(gc_load_preset_file(gc, "presets/crazyhouse.preset", kIncludeDir, &err), GC_OK) << err.message;
  ASSERT_EQ(gc_start_from(gc, "4k3/1P6/8/8/8/8/1r6/4K3", 1, &err), GC_OK) << err.message;
  GcVerdict v;
  for (const char *m : {"P b7-b8; Q-b8", "r b2-b8", "K e1-e2"}) {
    gc_play(gc, m, &v);
    ASSERT_EQ(v.status, GC_LEGAL) << m << ": " << v.message;
  }
  GcState *here = gc_state_save(gc);
  gc_play(gc, "q*d5", &v);
  EXPECT_STREQ(v.message, "You have no q in hand to drop.");
  gc_state_restore(gc, here);
  gc_play(gc, "p*d5", &v);
  EXPECT_EQ(v.status, GC_LEGAL) << v.message;
  gc_state_free(here);
  gc_free(gc);
}

// Perft with pieces in hand, promoted pieces and castling, as fairy-stockfish 11.1 counts it
// (variant crazyhouse); the preset's header lists these positions.
TEST(RulesInclude, CrazyhousePerftWithHandsMatchesFairyStockfish) {
  GameBox box("presets/crazyhouse.preset");
  ASSERT_NE(box.g, nullptr) << box.err;
  const std::pair<const char *, uint64_t> cases[] = {
      {"4k3/1P6/8/8/8/8/6p1/4K3[QRbn] w - - 0 1", 920460},
      {"r3k2r/1P4P1/8/8/3q4/8/1p4p1/R3K2R[NPp] b KQkq - 0 1", 818826},
      {"rn1qkb1r/pPp2ppp/5n2/4p3/8/2N5/PP1P1PpP/R1BQKB1R[PPbp] w KQkq - 0 7", 511200}};
  for (auto [fen, nodes] : cases) {
    Position p{};
    char err[RULES_ERR_LEN];
    ASSERT_TRUE(pos_set_fen(&p, &box.g->rules, fen, err, sizeof err)) << err;
    EXPECT_EQ(pos_perft(&p, 3), nodes) << fen;
    pos_free(&p);
  }
}

// Shogi's rules in herald-rules (`promotes`, `nifu`, `nodropmate`), on Minishogi positions:
// each refusal with its reason, and the legal move next to it accepted.
namespace {
struct ShogiBoard {
  GcInterp *gc = gc_new();
  ShogiBoard(const char *fen, int white_pawns_in_hand) {
    GcError err;
    EXPECT_EQ(gc_load_preset_file(gc, "presets/minishogi.preset", kIncludeDir, &err), GC_OK) << err.message;
    EXPECT_EQ(gc_start_from(gc, fen, 1, &err), GC_OK) << err.message;
    gc_set_var(gc, "hand-P", gc_num(white_pawns_in_hand));
  }
  ~ShogiBoard() { gc_free(gc); }
  // The verdict on move; the position is left as it was.
  GcVerdict Try(const char *move) {
    GcState *here = gc_state_save(gc);
    GcVerdict v;
    gc_play(gc, move, &v);
    gc_state_restore(gc, here);
    gc_state_free(here);
    return v;
  }
};
} // namespace

TEST(RulesInclude, ShogiPawnDropsObeyNifuUchifuzumeAndTheLastRank) {
  ShogiBoard mate("3rk/5/2KG1/5/5", 1); // P*e4 would mate: the Gold guards it, d4 is covered
  EXPECT_STREQ(mate.Try("P*e4").message, "A P may not be dropped to give checkmate.");
  EXPECT_EQ(mate.Try("P*b4").status, GC_LEGAL);
  ShogiBoard check("3rk/5/2K2/5/5", 1); // without the Gold the King takes the Pawn: only check
  EXPECT_EQ(check.Try("P*e4").status, GC_LEGAL) << check.Try("P*e4").message;
  ShogiBoard nifu("4k/5/5/P4/K4", 1);
  EXPECT_STREQ(nifu.Try("P*a3").message, "A P may not be dropped on a file that already holds one of yours.");
  EXPECT_STREQ(nifu.Try("P*b5").message, "A P may not be dropped on b5 where it could not move.");
  EXPECT_EQ(nifu.Try("P*b3").status, GC_LEGAL);
}

// A check that only a Pawn drop on a file with one's own Pawn could block is mate: the
// referee's search for a saving drop obeys nifu (Euro Shogi, found by herald verify: Black's
// King on a6, checked by the Rook on a2, Pawns in hand and one on a7).
TEST(RulesInclude, NifuLeavesNoSavingDrop) {
  // The referee's FEN names promoted pieces by the preset's labels (T H F t h f).
  ExpectVerdicts(
      "presets/euroshogi.preset",
      {{"2p1+P3/p+b+Bg+P1p1/k3Pn2/2nG2+Bp/1G1P4/2K2gN1/R1Pp1p2/1+n2bR+p1[Pppp] b - - 0 96", RESULT_LOSS, -1, 0}});
  // The referee's FEN names promoted pieces by the preset's labels (T H F t h f); the hands
  // are its variables.
  Referee ref("presets/euroshogi.preset", "2p1T3/phHgT1p1/k3Pn2/2nG2Hp/3P4/G1K2gN1/R1Pp1p2/1f2bRt1 w - - 0 96");
  GcError err;
  ASSERT_EQ(gc_run_code(ref.gc, "set hand-P 1;\nset hand-p 3;\n", "hands", &err), GC_OK) << err.message;
  GcVerdict mate = ref.Play("G a3-b4");
  EXPECT_EQ(mate.status, GC_LEGAL) << mate.message;
  EXPECT_EQ(mate.result, GC_RESULT_WON) << mate.say;
  EXPECT_EQ(mate.result_player, 1);
}

namespace {
// Plays moves (coordinate notation) on a position of a preset's compiled rules; each must be
// legal.  Returns the FEN reached.
std::string PlayCompiled(BrGame *g, Position *p, const char *fen, std::initializer_list<const char *> moves) {
  char err[RULES_ERR_LEN], out[256];
  EXPECT_TRUE(pos_set_fen(p, &g->rules, fen, err, sizeof err)) << err;
  for (const char *m : moves) {
    Move move = pos_parse_move(p, m);
    EXPECT_NE(move, MOVE_NONE) << m;
    if (move == MOVE_NONE) break;
    pos_make(p, move);
  }
  pos_get_fen(p, out, sizeof out);
  return out;
}
} // namespace

// Pawns that step sideways (Pawn Sideways Chess) or back (Pawn Back Chess), in the compiled
// rules and the referee alike: the two-square step stays a move of the starting rank, a Pawn
// never steps back onto its own first rank, and the moves that can be undone do not start the
// fifty-move count again (`pawnclock`), so that a repetition across them is seen.
TEST(RulesInclude, PawnsThatStepSidewaysOrBack) {
  GameBox side("presets/pawnsideways.preset"), back("presets/pawnback.preset");
  ASSERT_NE(side.g, nullptr) << side.err;
  ASSERT_NE(back.g, nullptr) << back.err;
  Position p{};
  EXPECT_EQ(PlayCompiled(side.g, &p, "4k3/8/8/8/8/8/3P4/4K3 w - - 7 20", {"d2c2", "e8e7"}),
            "8/4k3/8/8/8/8/2P5/4K3 w - - 9 21");
  EXPECT_EQ(PlayCompiled(side.g, &p, "4k3/8/8/8/8/8/3P4/4K3 w - - 7 20", {"d2c2", "e8e7", "c2c4"}),
            "8/4k3/8/8/2P5/8/8/4K3 b - c3 0 21");
  char reason[64];
  PlayCompiled(side.g, &p, "3k4/8/8/8/8/8/3P4/4K3 w - - 0 1",
               {"d2c2", "d8d7", "c2d2", "d7d8", "d2c2", "d8d7", "c2d2", "d7d8"});
  EXPECT_EQ(pos_game_result(&p, reason, sizeof reason), RESULT_DRAW) << reason;
  EXPECT_EQ(PlayCompiled(back.g, &p, "4k3/8/8/8/3P4/8/8/4K3 w - - 7 20", {"d4d3", "e8e7", "d3d2", "e7e8", "d2d4"}),
            "4k3/8/8/8/3P4/8/8/4K3 b - d3 12 22");
  PlayCompiled(back.g, &p, "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", {});
  EXPECT_EQ(pos_parse_move(&p, "d2d1"), MOVE_NONE);
  pos_free(&p);

  Referee sideways("presets/pawnsideways.preset", "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1");
  for (const char *m : {"P d2-c2", "k e8-e7", "P c2-c4", "k e7-e6"}) EXPECT_EQ(sideways.Play(m).status, GC_LEGAL) << m;
  EXPECT_EQ(sideways.Try("P c4-b4").status, GC_LEGAL);
  EXPECT_EQ(sideways.Try("P c4-c3").status, GC_ILLEGAL);
  // Black's King starts off its castling square, whose flag would tell the first position
  // from the later ones.
  Referee repeat("presets/pawnsideways.preset", "3k4/8/8/8/8/8/3P4/4K3 w - - 0 1");
  GcVerdict v{};
  for (const char *m : {"P d2-c2", "k d8-d7", "P c2-d2", "k d7-d8", "P d2-c2", "k d8-d7", "P c2-d2", "k d7-d8"})
    EXPECT_EQ((v = repeat.Play(m)).status, GC_LEGAL) << m;
  EXPECT_EQ(v.result, GC_RESULT_DRAWN) << v.say;
  Referee backward("presets/pawnback.preset", "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1");
  EXPECT_EQ(backward.Try("P d2-d1").status, GC_ILLEGAL);
  for (const char *m : {"P d2-d3", "k e8-e7", "P d3-d2", "k e7-e8"}) EXPECT_EQ(backward.Play(m).status, GC_LEGAL) << m;
  EXPECT_EQ(backward.Try("P d2-d4").status, GC_LEGAL);
}

// The game's first position counts toward threefold repetition in the referee as it does in
// the compiled rules (and in Fairy-Stockfish): the Knights' dance back to the start draws on
// the eighth ply.
TEST(RulesInclude, RepetitionCountsTheFirstPosition) {
  const char *dance[] = {"N g1-f3", "n g8-f6", "N f3-g1", "n f6-g8", "N g1-f3", "n g8-f6", "N f3-g1", "n f6-g8"};
  Referee ref("presets/chess.preset");
  GcVerdict v{};
  for (const char *m : dance) EXPECT_EQ((v = ref.Play(m)).status, GC_LEGAL) << m;
  EXPECT_EQ(v.result, GC_RESULT_DRAWN) << v.say;
  GameBox chess("presets/chess.preset");
  ASSERT_NE(chess.g, nullptr) << chess.err;
  Position p{};
  PlayCompiled(chess.g, &p, chess.g->start_fen, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"});
  char reason[64];
  EXPECT_EQ(pos_game_result(&p, reason, sizeof reason), RESULT_NONE) << reason;
  pos_make(&p, pos_parse_move(&p, "f6g8"));
  EXPECT_EQ(pos_game_result(&p, reason, sizeof reason), RESULT_DRAW) << reason;
  pos_free(&p);
}

// Legan Chess: the Pawns of the two sides are one piece turned half round (White's go toward
// a8, Black's toward h1), compiled as such, and promote on the squares of wpzone/bpzone,
// where they must.  The figures are the compiled rules'; the referee agrees move by move.
TEST(RulesInclude, LeganPawnsTurnHalfRoundAndPromoteInTheCorner) {
  GameBox legan("presets/legan.preset");
  ASSERT_NE(legan.g, nullptr) << legan.err;
  const BrPiece *pawn = br_piece_of(legan.g, "P");
  ASSERT_NE(pawn, nullptr);
  EXPECT_TRUE(pawn->compiled) << pawn->reason;
  EXPECT_TRUE(legan.g->rules.types[pawn->type].turned);
  ExpectVerdicts("presets/legan.preset", {{"k7/8/1P6/8/8/6p1/8/7K w - - 0 1", RESULT_NONE, 6, 1},
                                          {"k7/8/1P6/8/8/6p1/8/7K b - - 0 1", RESULT_NONE, 6, 1},
                                          {"k7/8/8/3p4/3P4/8/8/7K w - - 0 1", RESULT_NONE, 5, 1},
                                          {"k7/8/8/3p4/3P4/8/8/7K b - - 0 1", RESULT_NONE, 5, 1}});
  Referee white("presets/legan.preset", "k7/8/1P6/8/8/6p1/8/7K w - - 0 1");
  EXPECT_EQ(white.Try("P b6-a7").status, GC_ILLEGAL);
  EXPECT_EQ(white.Try("P b6-a7; Q-a7").status, GC_LEGAL);
  EXPECT_EQ(white.Try("P b6-c7").status, GC_ILLEGAL);
  Referee black("presets/legan.preset", "k7/8/1P6/8/8/6p1/8/7K b - - 0 1");
  EXPECT_EQ(black.Try("p g3-h2; n-h2").status, GC_LEGAL);
  EXPECT_EQ(black.Try("p g3-f2").status, GC_ILLEGAL);
}

// Pocket Knight Chess: each side starts with a Knight in hand (the start FEN says so), drops
// it at any time, and captured pieces leave the game (`tohand false`) in the compiled rules
// and the referee.  Perft 3 from the start, 88617, is the figure of Fairy-Stockfish's suite.
TEST(RulesInclude, PocketKnightsAreDroppedAndCapturesLeaveTheGame) {
  GameBox knight("presets/pocketknight.preset");
  ASSERT_NE(knight.g, nullptr) << knight.err;
  EXPECT_NE(strstr(knight.g->start_fen, "[Nn]"), nullptr) << knight.g->start_fen;
  Position p{};
  EXPECT_EQ(PlayCompiled(knight.g, &p, "4k3/8/8/3p4/4P3/8/8/4K3[Nn] w - - 0 1", {"e4d5", "N@c3"}),
            "4k3/8/8/3P4/8/2n5/8/4K3[N] w - - 1 2");
  pos_free(&p);
  Referee ref("presets/pocketknight.preset", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
  GcError err;
  ASSERT_EQ(gc_run_code(ref.gc, "set hand-N 1;\nset hand-n 1;\n", "hands", &err), GC_OK) << err.message;
  for (const char *m : {"P e4-d5", "n*c3"}) EXPECT_EQ(ref.Play(m).status, GC_LEGAL) << m;
  EXPECT_EQ(ref.Try("P*e4").status, GC_ILLEGAL); // the captured Pawn is not in hand
  EXPECT_EQ(ref.Try("N*e4").status, GC_LEGAL);
}

// Horde (herald-rules `emptyloses`): White, who has no King, loses once it has no piece left
// and is stalemated, not checkmated, when its Pawns are blocked; its Pawns step twice from the
// first rank too, and such a step passes a square on the second rank that no Pawn may take en
// passant onto.  The referee says the same.
TEST(RulesInclude, HordeIsLostWithTheLastPieceAndItsPawnsStepTwiceFromTheFirstRank) {
  ExpectVerdicts("presets/horde.preset", {{"4k3/8/8/8/8/8/8/8 w - - 0 1", RESULT_LOSS, 0, 1},
                                          {"4k3/8/8/8/8/p7/P7/8 w - - 0 1", RESULT_DRAW, 0, 1},
                                          {"k7/8/8/8/8/8/8/P7 w - - 0 1", RESULT_NONE, 2, 1}});
  GameBox horde("presets/horde.preset");
  ASSERT_NE(horde.g, nullptr) << horde.err;
  Position p{};
  char err[RULES_ERR_LEN];
  ASSERT_TRUE(pos_set_fen(&p, &horde.g->rules, "k7/8/8/8/8/1p6/8/P1P5 w - - 0 1", err, sizeof err)) << err;
  pos_make(&p, pos_parse_move(&p, "a1a3"));
  EXPECT_EQ(pos_perft(&p, 1), 4u); // three King moves and b3-b2, but no b3xa2 en passant
  pos_unmake(&p);
  pos_make(&p, pos_parse_move(&p, "c1c3"));
  EXPECT_EQ(pos_parse_move(&p, "b3c2"), MOVE_NONE);
  pos_free(&p);
  Referee ref("presets/horde.preset", "k7/8/8/8/8/1p6/8/P7 w - - 0 1");
  EXPECT_EQ(ref.Play("P a1-a3").status, GC_LEGAL);
  EXPECT_EQ(ref.Try("p b3-a2").status, GC_ILLEGAL);
  GcVerdict last = Referee("presets/horde.preset", "4k3/8/8/8/8/3p4/4P3/8 b - - 0 1").Play("p d3-e2");
  EXPECT_EQ(last.status, GC_LEGAL) << last.message;
  EXPECT_EQ(last.result, GC_RESULT_WON) << last.say;
}

// Shatar (herald-rules `shak`, `nomate`, `bareking draw`): a checkmate by a Knight alone loses
// for the player who gives it, one after a series of checks with a shak (a check by a Knight,
// Rook or Bers) in it wins, one without draws, and a bare King draws at once.  The referee
// judges a Bishop's mate out of the blue as a draw.
TEST(RulesInclude, ShatarJudgesAMateByTheChecksThatLedToIt) {
  ExpectVerdicts("presets/shatar.preset", {{"6rk/5Npp/8/8/8/8/8/K7 b - - 0 1", RESULT_WIN, 0, 1},   // Knight's mate
                                           {"R5k1/5ppp/8/8/8/8/8/K7 b - - 0 1", RESULT_LOSS, 0, 1}, // Rook's mate
                                           {"6bk/8/6K1/4B3/8/8/8/8 b - - 0 1", RESULT_DRAW, 0, 1},  // Bishop's mate
                                           {"4k3/8/8/8/8/8/8/4K2R b - - 0 1", RESULT_DRAW, 0, 1}}); // robado
  GameBox shatar("presets/shatar.preset");
  ASSERT_NE(shatar.g, nullptr) << shatar.err;
  Position p{};
  char err[RULES_ERR_LEN], reason[64];
  // The Rook's check is a shak; the Bishop's mate that ends the same series then wins.
  ASSERT_TRUE(pos_set_fen(&p, &shatar.g->rules, "5b1k/8/5K2/8/B7/8/8/1R6 w - - 0 1", err, sizeof err)) << err;
  for (const char *m : {"b1h1", "h8g8", "a4b3"}) {
    Move mv = pos_parse_move(&p, m);
    ASSERT_NE(mv, MOVE_NONE) << m;
    pos_make(&p, mv);
  }
  EXPECT_EQ(pos_game_result(&p, reason, sizeof reason), RESULT_LOSS) << reason;
  pos_free(&p);
  GcVerdict draw = Referee("presets/shatar.preset", "6bk/8/3B2K1/8/8/8/8/8 w - - 0 1").Play("B d6-e5");
  EXPECT_EQ(draw.status, GC_LEGAL) << draw.message;
  EXPECT_EQ(draw.result, GC_RESULT_DRAWN) << draw.say;
}

// Cambodian Chess (herald-rules `wfirst`/`bfirst`, `firstlost`): the King's first leap as a
// Knight onto the rank ahead, never out of check, and the Met's first two-square step over
// whatever stands between, never a capture; a Rook moved onto the King's line spends the
// King's leap, whatever stands between.  A FEN writes the first moves still open as their
// squares' files ("DEde").  The referee says the same.
TEST(RulesInclude, CambodianKingAndMetHaveFirstMoves) {
  GameBox box("presets/cambodian.preset");
  ASSERT_NE(box.g, nullptr) << box.err;
  EXPECT_NE(strstr(box.g->start_fen, " w DE"), nullptr) << box.g->start_fen;
  Position p{};
  EXPECT_EQ(PlayCompiled(box.g, &p, "startpos", {"d1b2", "e8g7"}),
            "rnsm1snr/6k1/pppppppp/8/8/PPPPPPPP/1K6/RNS1MSNR w Ed - 2 2");
  EXPECT_EQ(PlayCompiled(box.g, &p, "startpos", {"a1a2", "a6a5", "a2e2"}),
            "rnsmksnr/8/1ppppppp/p7/8/PPPPPPPP/4R3/1NSKMSNR b DEd - 1 2");
  EXPECT_EQ(PlayCompiled(box.g, &p, "4k3/8/8/8/8/8/4P3/3KM3 w DE - 0 1", {"e1e3"}),
            "4k3/8/8/8/8/4M3/4P3/3K4 b D - 1 1");
  char err[RULES_ERR_LEN];
  ASSERT_TRUE(pos_set_fen(&p, &box.g->rules, "4k3/8/8/8/8/4n3/8/3KM3 w DE - 0 1", err, sizeof err)) << err;
  EXPECT_EQ(pos_parse_move(&p, "e1e3"), MOVE_NONE); // the step does not capture
  pos_free(&p);
  ExpectVerdicts("presets/cambodian.preset", {{"r1s1ks1r/3nm3/pppNpppp/3n4/5P2/PPPPPNPP/8/R1SKMS1R b DEe - 0 5",
                                               RESULT_NONE, 72, 2}}); // no leap in check
  Referee ref("presets/cambodian.preset");
  EXPECT_EQ(ref.Try("K d1-b2").status, GC_LEGAL);
  for (const char *m : {"R a1-a2", "P a6-a5", "R a2-e2"}) EXPECT_EQ(ref.Play(m).status, GC_LEGAL) << m;
  EXPECT_EQ(ref.Try("K e8-c7").status, GC_ILLEGAL); // the Rook on e2 took the leap away
  EXPECT_EQ(ref.Try("K e8-e7").status, GC_LEGAL);
}

// Kar Ouk (Cambodian Chess with `checks 1`): the first check wins (a FEN's "0+1": White has
// given its one check).
TEST(RulesInclude, KarOukIsWonByTheFirstCheck) {
  ExpectVerdicts("presets/karouk.preset", {{"4k3/8/8/8/8/8/8/R2K4 b - - 1+1 0 1", RESULT_NONE, 5, 1},
                                           {"4k3/8/8/8/8/8/8/R2K4 b - - 0+1 0 1", RESULT_LOSS, 0, 1}});
}

// Sho Shogi (herald-rules `heirlabels`): while a player has its King and the Crown Prince,
// neither is royal, so either may be left attacked and taken; the one left is royal.  The
// referee says the same, and passes the King's place to the Prince when the King is taken.
TEST(RulesInclude, ShoShogiPrinceIsTheKingsHeir) {
  ExpectVerdicts("presets/shoshogi.preset", {{"4k4/9/9/9/9/9/9/4r4/4K3+E w - - 0 1", RESULT_NONE, 8, 1}});
  GameBox sho("presets/shoshogi.preset");
  ASSERT_NE(sho.g, nullptr) << sho.err;
  Position p{};
  EXPECT_EQ(PlayCompiled(sho.g, &p, "4k4/9/9/9/9/9/9/4r4/4K3+E w - - 0 1", {"i1h1", "e2e1"}),
            "4k4/9/9/9/9/9/9/9/4r2+E1 w - - 0 2");
  EXPECT_TRUE(pos_in_check(&p)); // the Prince alone is royal
  pos_free(&p);
  Referee ref("presets/shoshogi.preset", "4k4/9/9/9/9/9/9/4r4/4K3C w - - 0 1");
  for (const char *m : {"C i1-h1", "r e2-e1"}) EXPECT_EQ(ref.Play(m).status, GC_LEGAL) << m;
  EXPECT_EQ(ref.Try("C h1-g1").status, GC_ILLEGAL); // still on the Rook's rank
  EXPECT_EQ(ref.Try("C h1-h2").status, GC_LEGAL);
  Referee black("presets/shoshogi.preset", "4k3c/4R4/9/9/9/9/9/9/4K4 b - - 0 1");
  for (const char *m : {"c i9-h9", "R e8-e9"}) EXPECT_EQ(black.Play(m).status, GC_LEGAL) << m;
  EXPECT_EQ(black.Try("c h9-g9").status, GC_ILLEGAL);
  EXPECT_EQ(black.Try("c h9-h8").status, GC_LEGAL);
}

// Dobutsu Shogi's try (`goalsafe`): a Lion on the far rank wins only where no enemy piece
// attacks it, at once or on its player's next turn, and both Lions safe on their goals draw;
// the Lion is no King (extinction: a move next to the enemy Lion is legal, and losing the
// Lion loses), and a Chick may be dropped on the far rank where it cannot move (`stuckdrops`).
TEST(RulesInclude, DobutsuTryAndDropsWhereStuck) {
  ExpectVerdicts("presets/dobutsu.preset", {{"L1l/3/3/3[] b - - 0 1", RESULT_LOSS, -1, 0},
                                            {"1lL/3/3/3[] b - - 0 1", RESULT_NONE, 5, 1},
                                            {"L2/3/3/2l[] w - - 0 1", RESULT_DRAW, -1, 0},
                                            {"1l1/3/L2/3[C] w - - 0 1", RESULT_NONE, 15, 1}});
  Referee safe("presets/dobutsu.preset", "2l/L2/3/3 w - - 0 1");
  GcVerdict won = safe.Play("L a3-a4");
  EXPECT_EQ(won.status, GC_LEGAL) << won.message;
  EXPECT_EQ(won.result, GC_RESULT_WON) << won.say;
  Referee attacked("presets/dobutsu.preset", "1l1/L2/3/3 w - - 0 1");
  GcVerdict on = attacked.Play("L a3-a4");
  EXPECT_EQ(on.status, GC_LEGAL) << on.message;
  EXPECT_EQ(on.result, GC_RESULT_NONE) << on.say; // the Lion on b4 may take it
  GcVerdict taken = attacked.Play("l b4-a4");
  EXPECT_EQ(taken.status, GC_LEGAL) << taken.message;
  EXPECT_EQ(taken.result, GC_RESULT_WON) << taken.say; // White's Lion is gone
  Referee drop("presets/dobutsu.preset", "1l1/3/L2/3 w - - 0 1");
  GcError err;
  ASSERT_EQ(gc_run_code(drop.gc, "set hand-C 1;\n", "hands", &err), GC_OK) << err.message;
  EXPECT_EQ(drop.Try("C*a4").status, GC_LEGAL);
  EXPECT_EQ(drop.Try("L a2-b3").status, GC_LEGAL); // beside the enemy Lion: no check
}

// Tori Shogi: a file may hold two of a player's Swallows before a Swallow drop on it is
// refused (`nifucount 2`), and the Quails of the two sides are one piece turned half round.
TEST(RulesInclude, ToriShogiSwallowsTwoAFileAndTurnedQuails) {
  GameBox tori("presets/torishogi.preset");
  ASSERT_NE(tori.g, nullptr) << tori.err;
  for (const char *quail : {"L", "R"}) {
    const BrPiece *pc = br_piece_of(tori.g, quail);
    ASSERT_NE(pc, nullptr);
    EXPECT_TRUE(pc->compiled) << pc->reason;
    EXPECT_TRUE(tori.g->rules.types[pc->type].turned) << quail;
  }
  // 40 drops and 6 moves with one Swallow on the c-file; 35 drops with two.
  ExpectVerdicts("presets/torishogi.preset", {{"3k3/7/7/7/2S4/7/3K3[S] w - - 0 1", RESULT_NONE, 46, 1},
                                              {"3k3/7/7/2S4/2S4/7/3K3[S] w - - 0 1", RESULT_NONE, 41, 1}});
  GcError err;
  Referee one("presets/torishogi.preset", "3k3/7/7/7/2S4/7/3K3 w - - 0 1");
  ASSERT_EQ(gc_run_code(one.gc, "set hand-S 1;\n", "hands", &err), GC_OK) << err.message;
  EXPECT_EQ(one.Try("S*c6").status, GC_LEGAL);
  Referee two("presets/torishogi.preset", "3k3/7/7/2S4/2S4/7/3K3 w - - 0 1");
  ASSERT_EQ(gc_run_code(two.gc, "set hand-S 1;\n", "hands", &err), GC_OK) << err.message;
  EXPECT_STREQ(two.Try("S*c6").message, "A S may not be dropped on a file that already holds 2 of yours.");
}

// Atomic captures (`blast`): the capturer and every piece around the square taken on leave
// the board, Pawns around it excepted; a King blown up loses, and a player whose explosion
// takes both Kings loses.  In Atomar the Kings are immune to explosions (`blastimmune K`) and
// may not take each other (`mutualimmune K`).  Compiled rules (make and unmake) and referee.
TEST(RulesInclude, CapturesExplodeInAtomicChess) {
  GameBox nocheck("presets/nocheckatomic.preset"), atomar("presets/atomar.preset");
  ASSERT_NE(nocheck.g, nullptr) << nocheck.err;
  ASSERT_NE(atomar.g, nullptr) << atomar.err;
  Position p{};
  const char *crowd = "k7/8/2bn4/2rp4/4N3/8/8/4K3 w - - 0 1";
  EXPECT_EQ(PlayCompiled(nocheck.g, &p, crowd, {"e4c5"}), "k7/8/8/3p4/8/8/8/4K3 b - - 0 1");
  pos_unmake(&p);
  char fen[128];
  pos_get_fen(&p, fen, sizeof fen);
  EXPECT_STREQ(fen, crowd);
  char reason[64];
  PlayCompiled(nocheck.g, &p, "kb6/8/2N5/8/8/8/8/4K3 w - - 0 1", {"c6b8"});
  EXPECT_EQ(pos_game_result(&p, reason, sizeof reason), RESULT_LOSS) << reason; // Black's King is gone
  PlayCompiled(nocheck.g, &p, "8/8/8/8/8/2k5/3p4/3QK3 w - - 0 1", {"d1d2"});
  EXPECT_EQ(pos_game_result(&p, reason, sizeof reason), RESULT_WIN) << reason; // both Kings: White loses
  EXPECT_EQ(PlayCompiled(atomar.g, &p, "8/8/8/8/8/2k5/3p4/3QK3 w - - 0 1", {"d1d2"}), "8/8/8/8/8/2k5/8/4K3 b - - 0 1");
  PlayCompiled(atomar.g, &p, "8/8/8/8/8/8/3k4/3K4 w - - 0 1", {});
  EXPECT_EQ(pos_parse_move(&p, "d1d2"), MOVE_NONE);
  pos_free(&p);

  Referee crowded("presets/nocheckatomic.preset", crowd);
  GcVerdict v = crowded.Play("N e4-c5");
  EXPECT_EQ(v.status, GC_LEGAL) << v.message;
  EXPECT_EQ(v.result, GC_RESULT_NONE) << v.say;
  EXPECT_STREQ(crowded.Try("b c6-d7").message, "There is no piece on c6"); // the Bishop went up too
  GcVerdict won = Referee("presets/nocheckatomic.preset", "kb6/8/2N5/8/8/8/8/4K3 w - - 0 1").Play("N c6-b8");
  EXPECT_EQ(won.result, GC_RESULT_WON) << won.say;
  GcVerdict lost = Referee("presets/nocheckatomic.preset", "8/8/8/8/8/2k5/3p4/3QK3 w - - 0 1").Play("Q d1-d2");
  EXPECT_EQ(lost.result, GC_RESULT_LOST) << lost.say;
  GcVerdict immune = Referee("presets/atomar.preset", "8/8/8/8/8/2k5/3p4/3QK3 w - - 0 1").Play("Q d1-d2");
  EXPECT_EQ(immune.status, GC_LEGAL) << immune.message;
  EXPECT_EQ(immune.result, GC_RESULT_NONE) << immune.say;
  EXPECT_EQ(Referee("presets/atomar.preset", "8/8/8/8/8/8/3k4/3K4 w - - 0 1").Try("K d1-d2").status, GC_ILLEGAL);
}

// Coregal Chess (`royallabels Q`): a Queen attacked is in check, and no move may leave one
// attacked; only the Queen's eight ways out are legal here, in the compiled rules and the
// referee alike.
TEST(RulesInclude, CoregalQueensAreRoyal) {
  const char *fen = "4k3/8/8/8/8/8/6r1/4K1Q1 w - - 0 1";
  ExpectVerdicts("presets/coregal.preset", {{fen, RESULT_NONE, 8, 1}});
  GameBox coregal("presets/coregal.preset");
  ASSERT_NE(coregal.g, nullptr) << coregal.err;
  Position p{};
  PlayCompiled(coregal.g, &p, fen, {});
  EXPECT_TRUE(pos_in_check(&p));
  pos_free(&p);
  Referee ref("presets/coregal.preset", fen);
  EXPECT_EQ(ref.Try("K e1-d1").status, GC_ILLEGAL);
  EXPECT_EQ(ref.Try("Q g1-f2").status, GC_ILLEGAL);
  EXPECT_EQ(ref.Try("Q g1-g2").status, GC_LEGAL);
  EXPECT_EQ(ref.Try("Q g1-a7").status, GC_LEGAL);
}

TEST(RulesInclude, ShogiPromotionNeedsTheZoneAndIsForcedWhereStuck) {
  ShogiBoard b("4k/P4/5/5/K3R", 0);
  EXPECT_STREQ(b.Try("R e1-e2; D-e2").message,
               "A piece may promote only when it moves into, out of or inside the promotion zone.");
  EXPECT_EQ(b.Try("R e1-e4").status, GC_LEGAL);
  EXPECT_STREQ(b.Try("P a4-a5").message, "The piece must promote on a5 where it could not move again.");
  EXPECT_STREQ(b.Try("P a4-a5; D-a5").message, "This piece may promote only to T");
  EXPECT_STREQ(b.Try("P a4-a5; P-a5").message, "A piece may promote only to T");
  EXPECT_EQ(b.Try("P a4-a5; T-a5").status, GC_LEGAL);
}

// Shogi perft with hands and promoted pieces, positions of random games, as fairy-stockfish
// 11.1 counts them (variant shogi); and the one place where it differs: it counts a Pawn drop
// that mates as a move (29 here), which the rules and Herald refuse (28).
TEST(RulesInclude, ShogiPerftWithHandsMatchesFairyStockfish) {
  GameBox shogi("presets/shogi.preset"), mini("presets/minishogi.preset");
  ASSERT_NE(shogi.g, nullptr) << shogi.err;
  ASSERT_NE(mini.g, nullptr) << mini.err;
  const struct {
    BrGame *g;
    const char *fen;
    int depth;
    uint64_t nodes;
  } cases[] = {
      {shogi.g, "3k3nl/4g4/l1np1pp1p/gpP1+S1lp1/5KP1P/p2G1b1PL/1G+pP2nn1/4pSS2/2RSR4[PPBpp] w - - 5 81", 3, 463749},
      {shogi.g, "1s2kn3/1+P5g+L/+L3p1nL1/2pr2P1P/1pg1+npbP1/P1Pp1P1N1/2KP3SL/1GS1G2R1/B6+pS[PPPp] w - - 10 81", 3,
       203405},
      {shogi.g, "lns2k3/r2g4S/ppppp4/5pppp/4L4/2P2P1bP/PP2P1+nP1/LGG1G3R/1bS1K1SNL[Ppn] w - - 2 21", 3, 156657},
      {mini.g, "3rk/5/2KG1/5/5[PPgs] w - - 0 1", 1, 28}};
  for (const auto &c : cases) {
    Position p{};
    char err[RULES_ERR_LEN];
    ASSERT_TRUE(pos_set_fen(&p, &c.g->rules, c.fen, err, sizeof err)) << err;
    EXPECT_EQ(pos_perft(&p, c.depth), c.nodes) << c.fen;
    pos_free(&p);
  }
}

// Chess960 (herald-rules `castle960`): the referee from positions of any back rank, the unmoved
// King and Rooks flagged as a game from that position would have them.
namespace {
struct Board960 {
  GcInterp *gc = gc_new();
  // fen's castling rights are given again as flags: the squares of the King and of each Rook.
  Board960(const char *fen, const char *flags) {
    GcError err;
    EXPECT_EQ(gc_load_preset_file(gc, "presets/chess960.preset", kIncludeDir, &err), GC_OK) << err.message;
    EXPECT_EQ(gc_start_from(gc, fen, strstr(fen, " b ") ? 2 : 1, &err), GC_OK) << err.message;
    std::string code =
        std::string("unsetflag f1 g1 h1 f8 g8 h8; ") + (*flags ? "setflag " + std::string(flags) + ";" : "");
    EXPECT_EQ(gc_run_code(gc, code.c_str(), "flags", &err), GC_OK) << err.message;
  }
  ~Board960() { gc_free(gc); }
  GcVerdict Try(const char *move) {
    GcState *here = gc_state_save(gc);
    GcVerdict v;
    gc_play(gc, move, &v);
    gc_state_restore(gc, here);
    gc_state_free(here);
    return v;
  }
  // The first rank after move, as FEN writes it ("2KR3R").
  std::string RankAfter(const char *move) {
    GcState *here = gc_state_save(gc);
    GcVerdict v;
    gc_play(gc, move, &v);
    EXPECT_EQ(v.status, GC_LEGAL) << move << ": " << v.message;
    std::string rank;
    int empty = 0;
    for (char file = 'a'; file <= 'h'; file++) {
      std::string sq = std::string(1, file) + "1", piece = gc_space(gc, sq.c_str());
      if (piece == "@") {
        empty++;
        continue;
      }
      if (empty) rank += std::to_string(empty), empty = 0;
      rank += piece;
    }
    if (empty) rank += std::to_string(empty);
    gc_state_restore(gc, here);
    gc_state_free(here);
    return rank;
  }
};
} // namespace

TEST(RulesInclude, Chess960CastlesAsTheKingTakesItsRook) {
  // The King stays on g1, the Rook goes from h1 to f1; toward a1, the King goes to c1.
  Board960 stays("r5kr/8/8/8/8/8/8/R5KR w HAha - 0 1", "a1 g1 h1 a8 g8 h8");
  EXPECT_EQ(stays.RankAfter("K g1-h1"), "R4RK1");
  EXPECT_EQ(stays.RankAfter("K g1-a1"), "2KR3R");
  // The King's step to g1 or c1 is no castling here.
  std::string step = stays.Try("K g1-c1").message;
  EXPECT_EQ(step.find("You may not move your King from g1 to c1 that way."), 0u) << step;
  // The Rook on the King's destination: they change places.
  Board960 swap("4k3/8/8/8/8/8/8/4RKR1 w GE - 0 1", "e1 f1 g1");
  EXPECT_EQ(swap.RankAfter("K f1-g1"), "4RRK1");
  // King b1, Rook a1: the King goes right, to c1, and the Rook to d1, which must be empty.
  EXPECT_EQ(Board960("4k3/8/8/8/8/8/8/RK6 w A - 0 1", "a1 b1").RankAfter("K b1-a1"), "2KR4");
  EXPECT_STREQ(Board960("4k3/8/8/8/8/8/8/RK1N4 w A - 0 1", "a1 b1").Try("K b1-a1").message,
               "You may not castle so now: the way is not clear, or the King is or would pass in check.");
  // The Rook on b1 hid the black Rook on a1 from the King on c1.
  EXPECT_STREQ(Board960("4k3/8/8/8/8/8/8/rRK5 w B - 0 1", "b1 c1").Try("K c1-b1").message,
               "You may not castle into check.");
  // A Rook that has moved, or a King.
  EXPECT_STREQ(Board960("4k3/8/8/8/8/8/8/4K1R1 w - - 0 1", "e1").Try("K e1-g1").message,
               "You may not castle with a piece that has moved.");
  EXPECT_STREQ(Board960("4k3/8/8/8/8/8/8/4K1R1 w - - 0 1", "g1").Try("K e1-g1").message,
               "You may not castle after your King has moved.");
  // Passing f1, which the Rook on f8 sees.
  EXPECT_STREQ(Board960("5rk1/8/8/8/8/8/8/1K5R w H - 0 1", "b1 h1").Try("K b1-h1").message,
               "You may not castle so now: the way is not clear, or the King is or would pass in check.");
  // Another piece moved onto its own is still refused.
  EXPECT_STREQ(Board960("4k3/8/8/8/8/8/8/4KR1R w H - 0 1", "e1 h1").Try("R f1-h1").message,
               "You may not capture your own pieces.");
}

// The preset's compiled rules and its referee on positions of the published Chess960 perft suite
// (the chessprogramming wiki's, as Ethereal's src/perft/fischer.epd holds it), each figure also
// counted by fairy-stockfish 11.1 with UCI_Chess960; the referee counts the first ply.
TEST(RulesInclude, Chess960PerftMatchesThePublishedSuite) {
  GameBox box("presets/chess960.preset");
  ASSERT_NE(box.g, nullptr) << box.err;
  const struct {
    const char *fen, *flags;
    uint64_t d1, d4;
  } cases[] = {
      {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "f1 g1 h1 f8 g8 h8", 21, 326672},
      {"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", "e1 f1 g1", 20, 273318},
      {"qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", "f8 g8 h8", 22, 382958},
      {"nqn2krb/p1prpppp/1pbp4/7P/5P2/8/PPPPPKP1/NQNRB1RB w g - 3 9", "f8 g8", 21, 248069},
      {"bnnbrkr1/ppp2p1p/5q2/3pp1p1/4P3/1N4P1/PPPPRP1P/BN1B1KRQ w Gge - 0 9", "f1 g1 e8 f8 g8", 26, 1028084},
      {"nb1r1nkr/ppp1ppp1/2bp4/7p/3P2qP/P6R/1PP1PPP1/NBQRBNK1 w Dhd - 1 9", "d1 g1 d8 g8 h8", 38, 2526992},
  };
  for (const auto &c : cases) {
    Position p{};
    char err[RULES_ERR_LEN];
    ASSERT_TRUE(pos_set_fen(&p, &box.g->rules, c.fen, err, sizeof err)) << err;
    EXPECT_EQ(pos_perft(&p, 4), c.d4) << c.fen;
    pos_free(&p);
    EXPECT_EQ(gc_referee_perft(Board960(c.fen, c.flags).gc, 1, false), c.d1) << c.fen;
  }
}

// Castling as two moves (herald-rules `castle2`) with Aberg's extended castling: the King may
// go one or more squares, the Rook to any square the King left or crossed; each castling is
// typed in two parts, and no other pair of moves passes as one.
TEST(RulesInclude, AbergCastlesInTwoPartsAnyListedWay) {
  Referee ref("presets/aberg.preset");
  for (const char *m : {"P h2-h3", "P h7-h6", "B g1-h2", "B g8-h7", "N h1-g3", "N h8-g6", "C i1-j3", "C i8-j6"})
    ASSERT_EQ(ref.Play(m).status, GC_LEGAL) << m;
  auto try_move = [&](const char *move) {
    GcState *here = gc_state_save(ref.gc);
    GcVerdict v = ref.Play(move);
    gc_state_restore(ref.gc, here);
    gc_state_free(here);
    return v;
  };
  EXPECT_EQ(try_move("K f1-i1; R j1-h1").status, GC_LEGAL) << try_move("K f1-i1; R j1-h1").message;
  EXPECT_EQ(try_move("K f1-i1; R j1-f1").status, GC_LEGAL);
  EXPECT_EQ(try_move("K f1-g1; R j1-f1").status, GC_LEGAL); // a single square
  EXPECT_STREQ(try_move("K f1-h1; R j1-i1").message, "That is not one of this game's castlings.");
  EXPECT_EQ(try_move("K f1-i1").status, GC_ILLEGAL); // the Rook's part is needed
  EXPECT_STREQ(try_move("C j3-i5; C i5-g4").message,
               "You may not move twice on the same turn, except to castle (the King first).");
  EXPECT_EQ(try_move("K f1-c1; R a1-d1").status, GC_ILLEGAL); // the queen's side is not clear
}

TEST(RulesInclude, GrandPawnsPromoteOnlyToCapturedPieces) {
  Referee ref("presets/grand.preset");
  for (const char *m : {"P e3-e5", "P d8-d6", "P e5-d6", "P c8-c7", "P d6-d7", "P c7-c6"})
    ASSERT_EQ(ref.Play(m).status, GC_LEGAL) << m;
  // d7 takes on e8: the eighth rank is in the zone, promotion optional, but nothing is lost yet.
  EXPECT_EQ(ref.Play("P d7-e8; Q-e8").status, GC_ILLEGAL);
  EXPECT_EQ(ref.Play("P d7-e8").status, GC_LEGAL);
}
