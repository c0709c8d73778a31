// $pieces (reference §2.3, seed 004 "Piece Identifiers"): the game's labels as keys, which
// fairychess-style code iterates to visit every piece. Herald has no set files, so the keys
// are the labels of the starting position and then any other label on the board, and each
// value is the label's notation.
#include <gtest/gtest.h>

#include "gamecode/shim.h"

using gctest::Interp;

namespace {

std::string labels(Interp &in) {
  EXPECT_EQ(
      in.run("set out \"\"; for (label note) $pieces: set out join #out join #label join = join #note \" \"; next;"),
      "");
  return in.var("out");
}

} // namespace

TEST(GcPieces, KeysAreTheLabelsOfTheStartingPosition) {
  Interp in;
  EXPECT_EQ(in.ev("count $pieces"), "12");
  std::string all = labels(in);
  for (const char *l : {"K=K ", "Q=Q ", "R=R ", "B=B ", "N=N ", "P=P ", "k=k ", "q=q ", "r=r ", "b=b ", "n=n ", "p=p "})
    EXPECT_NE(all.find(l), std::string::npos) << l << " in " << all;
  EXPECT_EQ(all.find('@'), std::string::npos);
}

TEST(GcPieces, ValuesAreNotationAndNewLabelsJoin) {
  Interp in;
  ASSERT_EQ(gc_set_board(in.gc, "a b c d e f g h", "1 2 3 4 5 6 7 8", "4k3/8/8/8/8/8/8/1A2K3", &in.err), GC_OK);
  ASSERT_EQ(in.run("alias c a C A;"), "");
  EXPECT_EQ(labels(in).size(), std::string("k=k A=C K=K ").size());
  EXPECT_NE(labels(in).find("A=C "), std::string::npos);
  ASSERT_EQ(in.run("MOVE: M*d4; MOVE: b1-;"), ""); // a new label arrives, the A leaves
  std::string all = labels(in);
  EXPECT_NE(all.find("A=C "), std::string::npos) << all; // still one of the game's pieces
  EXPECT_NE(all.find("M=M "), std::string::npos) << all;
  EXPECT_EQ(in.ev("count $pieces"), "4");
}
