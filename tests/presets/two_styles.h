// Refereeing a game of several-part turns two ways at once (tests/presets): one referee is
// sent each turn typed whole ("P e2-e4; P d2-d4"), the other each part as its own gc_play
// (continuemove keeping the turn open), and the two must agree.
#ifndef TESTS_PRESETS_TWO_STYLES_H
#define TESTS_PRESETS_TWO_STYLES_H

#include <string>
#include <vector>

#include "gamecode/gamecode.h"

namespace multimove {

using Turn = std::vector<std::string>; // its parts; a promotion part travels with its move

inline std::string Joined(const Turn &t) {
  std::string s;
  for (const auto &p : t) s += (s.empty() ? "" : "; ") + p;
  return s;
}

struct Referee {
  GcInterp *gc = gc_new();
  std::string failure;
  Referee(const char *path, const char *fen = nullptr, int player = 1) {
    GcError err;
    if (gc_load_preset_file(gc, path, "presets/include", &err) != GC_OK ||
        (fen ? gc_start_from(gc, fen, player, &err) : gc_start(gc, &err)) != GC_OK)
      failure = std::string(err.file) + ":" + std::to_string(err.line) + ": " + err.message;
  }
  ~Referee() { gc_free(gc); }
  Referee(const Referee &) = delete;
  Referee &operator=(const Referee &) = delete;

  std::string Board() const {
    std::string b;
    for (char r = '8'; r >= '1'; r--)
      for (char f = 'a'; f <= 'h'; f++) b += std::string(gc_space(gc, std::string{f, r}.c_str())) + " ";
    return b;
  }
};

// The same turns in two referees, one typing each turn whole and one sending it in parts.
struct TwoStyles {
  Referee whole, parts;
  GcVerdict w{}, p{};
  TwoStyles(const char *path, const char *fen = nullptr, int player = 1)
      : whole(path, fen, player), parts(path, fen, player) {}

  // Plays a turn both ways; returns "" when both agree (status, message, say, result, board,
  // side to move), or what differs.
  std::string Turn(const multimove::Turn &t) {
    gc_play(whole.gc, Joined(t).c_str(), &w);
    for (size_t i = 0; i < t.size(); i++) {
      int mover = gc_side_to_move(parts.gc);
      gc_play(parts.gc, t[i].c_str(), &p);
      if (p.status != GC_LEGAL) break;
      if (i + 1 < t.size()) {
        // continuemove hands the same player the next part
        if (!gc_turn_open(parts.gc) || gc_side_to_move(parts.gc) != mover)
          return "the turn closed after part " + std::to_string(i + 1) + " of " + Joined(t);
      }
    }
    std::string what = Joined(t) + ": ";
    if (w.status != p.status) return what + "status " + w.message + " / " + p.message;
    if (std::string(w.message) != p.message) return what + "message " + w.message + " / " + p.message;
    if (w.status != GC_LEGAL) return ""; // refused: a part made already stands in the parts style
    if (std::string(w.say) != p.say) return what + "say " + w.say + " / " + p.say;
    if (w.result != p.result) return what + "result";
    if (whole.Board() != parts.Board()) return what + "board\n" + whole.Board() + "\n" + parts.Board();
    if (gc_side_to_move(whole.gc) != gc_side_to_move(parts.gc)) return what + "side to move";
    if (gc_turn_open(whole.gc) || gc_turn_open(parts.gc)) return what + "the turn stayed open";
    return "";
  }
  // Plays legal turns; "" or the first difference or refusal.
  std::string Game(const std::vector<multimove::Turn> &turns) {
    for (const auto &t : turns) {
      std::string d = Turn(t);
      if (!d.empty()) return d;
      if (w.status != GC_LEGAL) return Joined(t) + ": refused: " + w.message;
    }
    return "";
  }
  // The message both styles refuse a turn with (or what differs); the referees are left as
  // they were before it.
  std::string Refused(const multimove::Turn &t) {
    GcState *w0 = gc_state_save(whole.gc), *p0 = gc_state_save(parts.gc);
    std::string d = Turn(t);
    if (d.empty()) d = w.status == GC_ILLEGAL ? w.message : "accepted";
    gc_state_restore(whole.gc, w0);
    gc_state_restore(parts.gc, p0);
    gc_state_free(w0);
    gc_state_free(p0);
    return d;
  }
};

} // namespace multimove

#endif
