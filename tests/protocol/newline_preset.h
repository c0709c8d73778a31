// The chess tutorial preset whose White Post-Move refuses a move to g4 with a `die` message
// holding a newline and a carriage return, each followed by what a GUI would believe were it
// a line of its own: "bestmove a1a1" (UCI) and "1-0 {White mates}" (XBoard).
#ifndef HERALD_TESTS_PROTOCOL_NEWLINE_PRESET_H
#define HERALD_TESTS_PROTOCOL_NEWLINE_PRESET_H

#include "bridge/broken_preset.h"

namespace newline_preset {

inline std::string Text() {
  std::ifstream in("presets/chess-tutorial.preset");
  std::stringstream ss;
  ss << in.rdbuf();
  return broken_preset::Replace(
      ss.str(), "if not var legal:\n  die You may not move a moved from origin to dest;",
      "if not var legal:\n  if == dest g4:\n"
      "    set bad join \"bad\" join chr 10 join \"bestmove a1a1\" join chr 13 \"1-0 {White mates}\";\n"
      "    die #bad;\n  endif;\n  die You may not move a moved from origin to dest;");
}

// Writes it as dir/name.
inline void Write(const std::string &dir, const std::string &name) {
  std::ofstream out(dir + "/" + name);
  out << Text();
}

} // namespace newline_preset
#endif
