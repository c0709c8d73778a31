// The chess tutorial preset with two preset errors planted, for the tests of how a preset error
// reaches the user (the bridge's referee, the protocols): a call of a subroutine whose name is
// computed, `set nothing sub join "nosuch" "sub";` (no such subroutine: only the run can tell,
// a name written out is refused when the preset loads), runs in White's Post-Game after a move to h3 (Ng1-h3 is legal: the probe at load
// may meet it, and only stops its game there), and in White's Post-Move on the way to refusing
// a move to g4 that is not legal (the load-time probe puts only legal moves to the referee).
#ifndef HERALD_TESTS_BRIDGE_BROKEN_PRESET_H
#define HERALD_TESTS_BRIDGE_BROKEN_PRESET_H

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace broken_preset {

inline std::string Replace(std::string text, const std::string &from, const std::string &to) {
  size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// The planted call.
const char *const kCall = "set nothing sub join \"nosuch\" \"sub\";";

// The text of the broken preset.
inline std::string Text() {
  std::ifstream in("presets/chess-tutorial.preset");
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  text = Replace(text, "[Post-Game 1]\n", "[Post-Game 1]\nif == dest h3:\n  " + std::string(kCall) + "\nendif;\n");
  text = Replace(text, "if not var legal:\n  die You may not move a moved from origin to dest;",
                 "if not var legal:\n  if == dest g4:\n    " + std::string(kCall) +
                     "\n  endif;\n"
                     "  die You may not move a moved from origin to dest;");
  return text;
}

// The 1-based line of the n-th (1-based) planted call of the text: 1 is Post-Move's (refusing
// g4), 2 Post-Game's (after h3).
inline int LineOfError(const std::string &text, int n) {
  size_t at = 0;
  for (int i = 0; i < n; i++) at = text.find(kCall, i ? at + 1 : 0);
  int line = 1;
  for (size_t i = 0; i < at; i++) line += text[i] == '\n';
  return line;
}

// Writes it as dir/name and returns the path.
inline std::string Write(const std::string &dir, const std::string &name) {
  std::string path = dir + "/" + name;
  std::ofstream out(path);
  out << Text();
  return path;
}

} // namespace broken_preset
#endif
