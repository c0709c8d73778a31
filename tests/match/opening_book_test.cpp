// herald-match's opening books (match/opening_book.c): the format a file's name says, EPD lines
// with and without counters and operations, PGN games with their FEN tags, comments,
// variations and NAGs, the ply limit in every format, the errors that name the line or the game
// and its move, and the order drawn from a seed.  Then a real match from a PGN book, whose PGN
// the project's reader and Debian's pgn-extract both read back.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "app/programs.h"
#include "match/match.h"
#include "notation/records.h"
#include "rules/reference_rules.h"
#include "temp_dir.h"

namespace {

struct Book {
  std::vector<MtOpening> openings;
  std::string err;
};

class MatchOpeningBook : public ::testing::Test {
protected:
  void SetUp() override {
    char err[128];
    ASSERT_TRUE(reference_rules(&chess_, "chess", err, sizeof err)) << err;
  }
  void TearDown() override { rules_free(&chess_); }

  // The book text read in format under rules (chess by default), cut to max_plies.
  Book Read(const std::string &text, MtBookFormat format, int max_plies = -1, const Rules *rules = nullptr,
            const char *name = "book") {
    Book b;
    int count = -1;
    char err[1024] = "";
    MtOpening *list = mt_book_read(rules ? rules : &chess_, name, text.data(), text.size(), format, max_plies, &count,
                                   err, sizeof err);
    if (list) b.openings.assign(list, list + count);
    EXPECT_TRUE(list || err[0]) << "a book refused without a message";
    b.err = err;
    std::free(list);
    return b;
  }

  // The opening's moves in coordinate notation, played from its FEN.
  std::string Moves(const MtOpening &o, const Rules *rules = nullptr) {
    Position p = {};
    char err[128];
    std::string names;
    EXPECT_TRUE(pos_set_fen(&p, rules ? rules : &chess_, o.fen, err, sizeof err)) << err;
    for (int i = 0; i < o.ply_count; i++) {
      char name[32];
      EXPECT_TRUE(pos_is_legal(&p, o.moves[i])) << "ply " << i + 1;
      pos_move_name(&p, o.moves[i], name, sizeof name);
      names += (i ? " " : "") + std::string(name);
      pos_make(&p, o.moves[i]);
    }
    pos_free(&p);
    return names;
  }

  Rules chess_;
};

TEST_F(MatchOpeningBook, FormatComesFromTheFileNameOrIsNamed) {
  EXPECT_EQ(mt_book_format_of_path("books/uho.epd"), MT_BOOK_EPD);
  EXPECT_EQ(mt_book_format_of_path("GAMES.PGN"), MT_BOOK_PGN);
  EXPECT_EQ(mt_book_format_of_path("openings.txt"), MT_BOOK_LINES);
  EXPECT_EQ(mt_book_format_of_path("openings"), MT_BOOK_LINES);
  EXPECT_EQ(mt_book_format_of_path("books.pgn/list"), MT_BOOK_LINES); // a folder's name says nothing
  MtBookFormat f = MT_BOOK_LINES;
  ASSERT_TRUE(mt_book_format_from_name("pgn", &f));
  EXPECT_EQ(f, MT_BOOK_PGN);
  ASSERT_TRUE(mt_book_format_from_name("epd", &f));
  EXPECT_EQ(f, MT_BOOK_EPD);
  ASSERT_TRUE(mt_book_format_from_name("lines", &f));
  EXPECT_EQ(f, MT_BOOK_LINES);
  EXPECT_FALSE(mt_book_format_from_name("fen", &f));
  EXPECT_FALSE(mt_book_format_from_name("PGN", &f));
}

TEST_F(MatchOpeningBook, EpdLinesWithOperationsAndWithoutCounters) {
  Book b = Read("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"king's pawn\";\n"
                "\n"
                "# a comment line\n"
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 c0 \"counters kept\";\r\n"
                "4k3/8/8/8/8/8/4P3/4K3 w - -",
                MT_BOOK_EPD);
  ASSERT_EQ(b.openings.size(), 3u) << b.err;
  EXPECT_STREQ(b.openings[0].fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_STREQ(b.openings[1].fen, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
  EXPECT_STREQ(b.openings[2].fen, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  for (const MtOpening &o : b.openings) EXPECT_EQ(o.ply_count, 0);
}

// The variant FENs Herald reads, holdings in brackets among them, are EPD positions too.
TEST_F(MatchOpeningBook, EpdPositionsOfVariantsWithHoldings) {
  Rules crazyhouse;
  char err[128];
  ASSERT_TRUE(reference_rules(&crazyhouse, "crazyhouse", err, sizeof err)) << err;
  Book b = Read("r1bqkbnr/pppp1ppp/2n5/8/4P3/8/PPP2PPP/RNBQKBNR[Pp] w KQkq - bm P@d5;\n", MT_BOOK_EPD, -1, &crazyhouse);
  ASSERT_EQ(b.openings.size(), 1u) << b.err;
  EXPECT_STREQ(b.openings[0].fen, "r1bqkbnr/pppp1ppp/2n5/8/4P3/8/PPP2PPP/RNBQKBNR[Pp] w KQkq - 0 1");
  rules_free(&crazyhouse);
}

TEST_F(MatchOpeningBook, PgnGamesGiveTheirStartAndMainLine) {
  const std::string book = "[Event \"two games\"]\n"
                           "[Result \"1-0\"]\n"
                           "\n"
                           "1. e4 {the king's pawn} e5 (1... c5 2. Nf3 (2. c3 d5) d6) 2. Nf3 $1 Nc6 3. Bb5!? a6\n"
                           "; a comment to the end of the line\n"
                           "4. Ba4 Nf6 5. O-O 1-0\n"
                           "\n"
                           "[Event \"set up\"]\n"
                           "[SetUp \"1\"]\n"
                           "[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\"]\n"
                           "[Result \"*\"]\n"
                           "\n"
                           "3. Bc4 Bc5 4. c3 $14 {a slow plan} 4... Nf6 *\n"
                           "\n"
                           "[Event \"black to move, no moves\"]\n"
                           "[FEN \"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\"]\n"
                           "\n"
                           "1/2-1/2\n";
  Book b = Read(book, MT_BOOK_PGN);
  ASSERT_EQ(b.openings.size(), 3u) << b.err;
  EXPECT_STREQ(b.openings[0].fen, chess_.start_fen);
  EXPECT_EQ(Moves(b.openings[0]), "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1");
  EXPECT_STREQ(b.openings[1].fen, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
  EXPECT_EQ(Moves(b.openings[1]), "f1c4 f8c5 c2c3 g8f6");
  EXPECT_STREQ(b.openings[2].fen, "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(b.openings[2].ply_count, 0);
}

// The lines format as herald-match read it before the other formats: a FEN or coordinate moves,
// EPD operations after ';' dropped, '#' comments, CRLF line ends.
TEST_F(MatchOpeningBook, LinesAreFensOrMoveListsAsBefore) {
  Book b = Read("# two openings\r\n\r\ne2e4 e7e5\r\n"
                "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 ; id \"pawn\";\n"
                "startpos moves d2d4 d7d5",
                MT_BOOK_LINES);
  ASSERT_EQ(b.openings.size(), 3u) << b.err;
  EXPECT_EQ(Moves(b.openings[0]), "e2e4 e7e5");
  EXPECT_STREQ(b.openings[1].fen, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  EXPECT_EQ(Moves(b.openings[2]), "d2d4 d7d5");
}

// cutechess-cli's plies=N: every opening is cut to its first N plies, in every format; the moves
// after them are not read, and a game longer than an opening may hold is refused unless cut.
TEST_F(MatchOpeningBook, PlyLimitCutsEveryFormat) {
  Book b = Read("e2e4 e7e5 g1f3 b8c6 not-read-at-all\n", MT_BOOK_LINES, 3);
  ASSERT_EQ(b.openings.size(), 1u) << b.err;
  EXPECT_EQ(Moves(b.openings[0]), "e2e4 e7e5 g1f3");
  b = Read("1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Nf99 *\n", MT_BOOK_PGN, 4);
  ASSERT_EQ(b.openings.size(), 1u) << b.err;
  EXPECT_EQ(Moves(b.openings[0]), "d2d4 d7d5 c2c4 e7e6");
  b = Read("1. d4 d5 2. c4 *\n", MT_BOOK_PGN, 0);
  ASSERT_EQ(b.openings.size(), 1u) << b.err;
  EXPECT_EQ(b.openings[0].ply_count, 0);
  b = Read("4k3/8/8/8/8/8/4P3/4K3 w - - bm e4;\n", MT_BOOK_EPD, 2);
  ASSERT_EQ(b.openings.size(), 1u) << b.err;
  EXPECT_EQ(b.openings[0].ply_count, 0);

  std::string shuffle; // the knights out and back: 80 plies
  for (int move = 1; move <= 40; move += 2)
    shuffle += std::to_string(move) + ". Nf3 Nf6 " + std::to_string(move + 1) + ". Ng1 Ng8 ";
  b = Read(shuffle + "*", MT_BOOK_PGN);
  EXPECT_TRUE(b.openings.empty());
  EXPECT_EQ(b.err, "book: game 1 (line 1): more than 64 plies (a ply limit cuts it)");
  b = Read(shuffle + "*", MT_BOOK_PGN, 6);
  ASSERT_EQ(b.openings.size(), 1u) << b.err;
  EXPECT_EQ(b.openings[0].ply_count, 6);
  // Cut where the start position comes back a third time, the opening ends the game.
  EXPECT_EQ(Read(shuffle + "*", MT_BOOK_PGN, 8).err,
            "book: game 1 (line 1): the opening ends the game (3-fold repetition)");
}

TEST_F(MatchOpeningBook, BadSanNamesTheGameAndTheMove) {
  Book b = Read("[Event \"fine\"]\n\n1. e4 e5 *\n\n"
                "[Event \"bad\"]\n\n1. d4 d5 2. Nf9 Nf6 *\n",
                MT_BOOK_PGN, -1, nullptr, "book.pgn");
  EXPECT_TRUE(b.openings.empty());
  EXPECT_EQ(b.err.rfind("book.pgn: game 2 (line 5): illegal or unknown move 'Nf9' (ply 3): ", 0), 0u) << b.err;
  b = Read("1. e4 e5 2. Ke3 *\n", MT_BOOK_PGN, -1, nullptr, "book.pgn");
  EXPECT_EQ(b.err.rfind("book.pgn: game 1 (line 1): illegal or unknown move 'Ke3' (ply 3): ", 0), 0u) << b.err;
  b = Read("1. f3 e5 2. g4 Qh4# 0-1\n", MT_BOOK_PGN, -1, nullptr, "book.pgn");
  EXPECT_EQ(b.err, "book.pgn: game 1 (line 1): the opening ends the game (checkmate)");
  b = Read("[FEN \"8/8/8/8 w - - 0 1\"]\n\n*\n", MT_BOOK_PGN, -1, nullptr, "book.pgn");
  EXPECT_EQ(b.err.rfind("book.pgn: game 1 (line 1): bad FEN: ", 0), 0u) << b.err;
  b = Read("1. e4 {never closed\n", MT_BOOK_PGN, -1, nullptr, "book.pgn");
  EXPECT_EQ(b.err, "book.pgn: game 1: line 1: unterminated comment");
}

TEST_F(MatchOpeningBook, EmptyBooksAndBadLinesAreRefused) {
  for (MtBookFormat f : {MT_BOOK_LINES, MT_BOOK_EPD, MT_BOOK_PGN}) {
    Book b = Read("", f, -1, nullptr, "empty");
    EXPECT_TRUE(b.openings.empty());
    EXPECT_EQ(b.err, "empty: no openings") << f;
  }
  EXPECT_EQ(Read("\n# only a comment\n\n", MT_BOOK_EPD, -1, nullptr, "x.epd").err, "x.epd: no openings");
  EXPECT_EQ(Read("; nothing but comments\n{ and more }\n", MT_BOOK_PGN, -1, nullptr, "x.pgn").err,
            "x.pgn: no openings");
  EXPECT_EQ(Read("4k3/8/8/8/8/8/4P3/4K3 w - -\n4k3/8/8/8 w\n", MT_BOOK_EPD, -1, nullptr, "x.epd").err,
            "x.epd:2: not an EPD position (fewer than four fields)");
  EXPECT_EQ(Read("4k3/8/8/8/8/8/4P3/4X3 w - -\n", MT_BOOK_EPD, -1, nullptr, "x.epd").err.rfind("x.epd:1: bad FEN: ", 0),
            0u);
  EXPECT_EQ(Read("7k/5Q2/6K1/8/8/8/8/8 b - -\n", MT_BOOK_EPD, -1, nullptr, "x.epd").err,
            "x.epd:1: the position ends the game (stalemate)");
  EXPECT_EQ(Read("e2e4\ne2e4 e2e4\n", MT_BOOK_LINES, -1, nullptr, "x.txt").err,
            "x.txt:2: illegal or unknown move 'e2e4' (ply 2)");
}

// --openings-order random: a permutation of the book drawn from the seed alone, so that shards
// with the same seed agree on it.
TEST_F(MatchOpeningBook, RandomOrderIsAPermutationDrawnFromTheSeed) {
  std::vector<MtOpening> book(12);
  for (size_t i = 0; i < book.size(); i++) {
    book[i] = MtOpening{};
    book[i].ply_count = (int)i;
  }
  auto order = [&](uint64_t seed) {
    std::vector<MtOpening> copy = book;
    mt_openings_shuffle(copy.data(), (int)copy.size(), seed);
    std::vector<int> plies;
    for (const MtOpening &o : copy) plies.push_back(o.ply_count);
    return plies;
  };
  std::vector<int> a = order(7), b = order(7), c = order(8);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  EXPECT_EQ(std::set<int>(a.begin(), a.end()).size(), book.size());
  std::vector<int> sequential;
  for (size_t i = 0; i < book.size(); i++) sequential.push_back((int)i);
  EXPECT_NE(a, sequential);
  mt_openings_shuffle(nullptr, 0, 1); // nothing to shuffle
}

} // namespace

// herald-match itself, with a PGN book: two Herald engines at depth 1 play each of the book's
// two games (one from a FEN, Black to move) twice, cut to 6 plies.  What it writes must read
// back in the project's PGN reader and import, and in pgn-extract, the usual PGN tool (Debian's
// pgn-extract package; CI installs it): no diagnostics, every game kept, and the same moves as
// pgn-extract writes them in its own SAN.
const char *const PGN_BOOK = "[Event \"Ruy Lopez\"]\n"
                             "[Result \"1-0\"]\n"
                             "\n"
                             "1. e4 {the king's pawn} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 3. Bb5!? a6 4. Ba4 Nf6 1-0\n"
                             "\n"
                             "[Event \"Queen's Gambit from a FEN\"]\n"
                             "[SetUp \"1\"]\n"
                             "[FEN \"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\"]\n"
                             "[Result \"*\"]\n"
                             "\n"
                             "1... d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 *\n";

std::vector<std::string> Split(const std::string &text, char separator) {
  std::vector<std::string> parts;
  for (size_t at = 0, end; at < text.size(); at = end + 1) {
    end = text.find(separator, at);
    if (end == std::string::npos) end = text.size();
    if (end > at) parts.push_back(text.substr(at, end - at));
  }
  return parts;
}

const Rules *ChessOnly(const char *name, void *context) {
  return std::strcmp(name, "chess") ? nullptr : static_cast<const Rules *>(context);
}

void CountSkipped(int number, const char *why, void *context) {
  ADD_FAILURE() << "game " << number << " not imported: " << why;
  ++*static_cast<int *>(context);
}

TEST_F(MatchOpeningBook, HeraldMatchPgnFromAPgnBookReadsBackHereAndInPgnExtract) {
  TempDir dir;
  std::string book = dir.Write("book.pgn", PGN_BOOK), out = dir.path + "/games.pgn";
  std::string herald = programs::Program("herald");
  programs::Result r = programs::Shell(
      programs::Program("herald-match") + " -engine cmd=" + herald + ",proto=uci,name=A -engine cmd=" + herald +
      ",proto=cecp,name=B --depth 1 --games 4 --max-plies 40 --openings " + book + " --opening-plies 6 --pgn " + out);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("games 4/4"), std::string::npos) << r.out;
  std::string text = programs::Slurp(out);

  // The project's reader: the tags, and the book's first 6 plies before the engines' moves.
  const std::vector<std::string> openings[2] = {{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"},
                                                {"d5", "c4", "e6", "Nc3", "Nf6", "Bg5"}};
  std::vector<std::vector<std::string>> moves;
  size_t offset = 0;
  int line = 1, got;
  NtPgnGame g;
  char err[256] = "";
  while ((got = nt_pgn_next(text.data(), text.size(), &offset, &line, &g, err, sizeof err)) == 1) {
    int number = (int)moves.size();
    moves.emplace_back(g.moves, g.moves + g.move_count);
    const char *fen = nt_pgn_tag(&g, "FEN");
    if (number < 2) {
      EXPECT_EQ(fen, nullptr) << "game " << number + 1;
    } else {
      EXPECT_STREQ(fen, "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1");
      EXPECT_STREQ(nt_pgn_tag(&g, "SetUp"), "1");
    }
    const std::vector<std::string> &opening = openings[number / 2];
    ASSERT_GE(moves.back().size(), opening.size()) << text;
    EXPECT_EQ(std::vector<std::string>(moves.back().begin(), moves.back().begin() + 6), opening) << text;
    EXPECT_STREQ(nt_pgn_tag(&g, "Result"), g.result);
    nt_pgn_game_free(&g);
  }
  EXPECT_EQ(got, 0) << err;
  ASSERT_EQ(moves.size(), 4u) << text;
  // The project's PGN import plays every game from its FEN tag to its end.
  NtArchive archive = {};
  int skipped = 0;
  EXPECT_EQ(nt_archive_import(&archive, text.data(), text.size(), ChessOnly, &chess_, CountSkipped, &skipped), 4);
  for (int i = 0; i < archive.count; i++) EXPECT_EQ(archive.games[i].ply_count, (int)moves[i].size());
  nt_archive_free(&archive);

  std::string pgn_extract = programs::Installed("pgn-extract");
  if (pgn_extract.empty()) GTEST_SKIP() << "pgn-extract is not installed (Debian package pgn-extract)";
  // Strict: --nobadresults drops a game whose Result contradicts its end; errors go to the log,
  // and a game with one is left out of the output.
  std::string log = dir.path + "/pgn-extract.log", kept = dir.path + "/kept.pgn";
  r = programs::Shell(pgn_extract + " -s --nobadresults -l" + log + " -o" + kept + " " + out);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(programs::Slurp(log), "");
  std::string kept_text = programs::Slurp(kept);
  size_t games = 0;
  for (size_t at = kept_text.find("[Event "); at != std::string::npos; at = kept_text.find("[Event ", at + 1)) games++;
  EXPECT_EQ(games, 4u) << kept_text;
  // Its own SAN of every game's moves, a game a line: the same as herald-match's.
  std::string san = dir.path + "/san.txt";
  r = programs::Shell(pgn_extract + " -s --notags --nocomments --nomovenumbers --noresults -w10000 -o" + san + " " +
                      out);
  EXPECT_EQ(r.status, 0) << r.err;
  std::vector<std::string> lines = Split(programs::Slurp(san), '\n');
  ASSERT_EQ(lines.size(), 4u) << programs::Slurp(san);
  for (size_t i = 0; i < lines.size(); i++) EXPECT_EQ(Split(lines[i], ' '), moves[i]) << "game " << i + 1;
}

// A book that does not read stops herald-match before any engine starts, with exit status 1:
// a PGN book's bad move named by game and move, an empty book, a format named over the
// extension.
TEST_F(MatchOpeningBook, HeraldMatchRefusesABadBookBeforeAnyGame) {
  TempDir dir;
  std::string bad = dir.Write("bad.pgn", std::string(PGN_BOOK) + "\n[Event \"typo\"]\n\n1. d4 Nf6 2. c4 e6 3. Nf9 *\n");
  std::string empty = dir.Write("empty.pgn", "\n"), epd = dir.Write("book.txt", "8/8/8/8/8/8/8/K6k w - - bm Kb1;\n");
  std::string match = programs::Program("herald-match") + " -engine cmd=/bin/false -engine cmd=/bin/false --openings ";
  programs::Result r = programs::Shell(match + bad);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("herald-match: " + bad + ": game 3 (line 13): illegal or unknown move 'Nf9' (ply 5): ", 0), 0u)
      << r.err;
  r = programs::Shell(match + empty);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "herald-match: " + empty + ": no openings\n");
  // The format named wins over the file's name: an EPD line read as PGN is no game.
  r = programs::Shell(match + epd + " --openings-format pgn");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find(epd + ": game 1"), std::string::npos) << r.err;
}
