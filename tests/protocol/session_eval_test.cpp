// The evaluation options of a session (EvalFile, EvalWeights): GUIs and match runners set an
// engine's options before they name the variant, so a file made for another game than the one
// in play is kept for its game and used once that game is played; a file that is no net or no
// weights file is refused where it is set; one made for the game but for other rules is said
// with the game's warnings when the game loads.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "bridge/bridge.h"
#include "eval/nnue.h"
#include "protocol/chess_session.h"
#include "temp_dir.h"

namespace {

class SessionEval : public ChessSession {
protected:
  // A net of 16 units for `game` (all weights zero), its rules hash changed when other_rules.
  std::string WriteNet(const char *game, bool other_rules) {
    Catalog catalog;
    catalog_init(&catalog);
    BrGame *g = catalog_open(&catalog, game, true, err_, sizeof err_);
    EXPECT_NE(g, nullptr) << err_;
    if (!g) return "";
    NnueNet *net = nn_create(br_game_rules(g), 16);
    if (other_rules) net->rules_hash ^= 1;
    std::string path = dir_.path + "/" + game + (other_rules ? "-other" : "") + ".nnue.gz";
    EXPECT_TRUE(nn_write(net, path.c_str(), err_, sizeof err_)) << err_;
    nn_free(net);
    br_free(g);
    return path;
  }
  void Variant(const char *name) { ASSERT_TRUE(session_set_variant(&s_, name, err_, sizeof err_)) << err_; }

  TempDir dir_;
  char note_[1600] = "";
};

// Gardner minichess ships no net: a net in force there is the one the option chose.
TEST_F(SessionEval, ANetForAnotherGameIsKeptUntilThatGameIsPlayed) {
  std::string net = WriteNet("gardner", false);
  ASSERT_TRUE(session_set_eval_net(&s_, net.c_str(), note_, sizeof note_, err_, sizeof err_)) << err_;
  EXPECT_EQ(std::string(note_),
            net + " is a net for gardner, kept for when gardner is played; chess plays with its default");
  EXPECT_TRUE(srch_uses_net(s_.search)); // chess's own, shipped
  Variant("gardner");
  EXPECT_TRUE(srch_uses_net(s_.search));
  EXPECT_EQ(std::string(s_.net_warning), "");
  Variant("chess");
  EXPECT_TRUE(srch_uses_net(s_.search));
  EXPECT_EQ(std::string(s_.eval_net), net);
  Variant("gardner"); // still kept after a game it was not made for
  EXPECT_TRUE(srch_uses_net(s_.search));
  // Set while its own game is in play, it is in force at once and says nothing more.
  ASSERT_TRUE(session_set_eval_net(&s_, SRCH_WEIGHTS_NONE, note_, sizeof note_, err_, sizeof err_)) << err_;
  EXPECT_FALSE(srch_uses_net(s_.search));
  ASSERT_TRUE(session_set_eval_net(&s_, net.c_str(), note_, sizeof note_, err_, sizeof err_)) << err_;
  EXPECT_EQ(std::string(note_), "");
  EXPECT_TRUE(srch_uses_net(s_.search));
}

TEST_F(SessionEval, AFileThatIsNoNetIsRefusedAndTheNetInForceStays) {
  std::string net = WriteNet("gardner", false);
  Variant("gardner");
  ASSERT_TRUE(session_set_eval_net(&s_, net.c_str(), note_, sizeof note_, err_, sizeof err_)) << err_;
  std::string junk = dir_.Write("junk.nnue", "no net at all");
  EXPECT_FALSE(session_set_eval_net(&s_, junk.c_str(), note_, sizeof note_, err_, sizeof err_));
  EXPECT_EQ(std::string(err_), junk + ": not a Herald net (no HERALDNN at its start)");
  EXPECT_EQ(std::string(s_.eval_net), net);
  EXPECT_TRUE(srch_uses_net(s_.search));
  std::string missing = dir_.path + "/missing.nnue.gz";
  EXPECT_FALSE(session_set_eval_net(&s_, missing.c_str(), note_, sizeof note_, err_, sizeof err_));
  EXPECT_EQ(std::string(err_), missing + ": cannot open: No such file or directory");
}

TEST_F(SessionEval, ANetForOtherRulesOfAGameIsSaidWhenTheGameLoads) {
  std::string net = WriteNet("gardner", true);
  ASSERT_TRUE(session_set_eval_net(&s_, net.c_str(), note_, sizeof note_, err_, sizeof err_)) << err_;
  Variant("gardner");
  EXPECT_FALSE(srch_uses_net(s_.search));
  std::string warning = s_.net_warning;
  EXPECT_EQ(
      warning.rfind("gardner plays with its default evaluation: " + net + ": a net for other rules of gardner", 0), 0u)
      << warning;
  session_tell_warnings(&s_, "info string warning: ");
  Variant("chess");
  EXPECT_EQ(std::string(s_.net_warning), "");
  std::string said = Said(); // what the front end said
  EXPECT_NE(said.find("info string warning: " + warning + "\n"), std::string::npos) << said;
}

TEST_F(SessionEval, WeightsForAnotherGameAreKeptUntilThatGameIsPlayed) {
  std::string weights = dir_.Write("gardner.eval", "# made by hand\n\ngame gardner\nvalue.N 300 280\n");
  ASSERT_TRUE(session_set_eval_weights(&s_, weights.c_str(), note_, sizeof note_, err_, sizeof err_)) << err_;
  EXPECT_EQ(std::string(note_), weights +
                                    " is a weights file for gardner, kept for when gardner is played; chess plays with "
                                    "its default");
  Variant("gardner");
  EXPECT_EQ(std::string(s_.weights_warning), "");
  EXPECT_EQ(std::string(s_.eval_weights), weights);
  std::string bad = dir_.Write("bad.eval", "value.N 300 280\n");
  EXPECT_FALSE(session_set_eval_weights(&s_, bad.c_str(), note_, sizeof note_, err_, sizeof err_));
  EXPECT_EQ(std::string(err_), bad + ":1: a 'game NAME' line must come before the weights");
  EXPECT_EQ(std::string(s_.eval_weights), weights);
}

} // namespace
