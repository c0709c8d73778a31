// The oracle's fixture: chess-2004 with Pawns the compiler leaves to the referee.  Each Pawn
// block of the copy also keeps what the Pawn took (`set taken old`, read after the move), which
// the fold of Post-Move blocks (br_fold.c) does not follow; the rules stay chess's, and so do
// the figures.
#ifndef HERALD_TESTS_BRIDGE_ORACLE_PAWNS_H
#define HERALD_TESTS_BRIDGE_ORACLE_PAWNS_H

#include <fstream>
#include <sstream>
#include <string>

#include "temp_dir.h"

// The preset's text as it ships.
inline std::string Chess2004Text() {
  std::ifstream in("presets/chess-2004.preset", std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline std::string OraclePawnsText() {
  std::string text = Chess2004Text();
  for (const char *block : {"if equal moved P;\n", "if equal moved p;\n"}) {
    size_t at = text.find(block);
    if (at != std::string::npos) text.insert(at + std::string(block).size(), "  set taken old;\n");
  }
  return text;
}

// The copy, written once for the test program.
inline const std::string &OraclePawnsPreset() {
  static TempDir dir;
  static const std::string path = dir.Write("chess-2004-oracle.preset", OraclePawnsText());
  return path;
}

#endif
