// The parsed program, read-only (gc_visit_statements): what the bridge derives rules from.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "gamecode/gamecode.h"

namespace {

struct Seen {
  std::string text; // the words joined by spaces
  std::string file;
  int line;
  GcSection section;
};

bool Collect(void *ctx, const GcStatement *st) {
  auto *out = static_cast<std::vector<Seen> *>(ctx);
  std::string text;
  for (int i = 0; i < st->nwords; i++) text += (i ? " " : "") + std::string(st->words[i]);
  out->push_back({text, st->file, st->line, st->section});
  return true;
}

char *IncludeText(void *, const char *name, char *where, int wherelen) {
  if (strcmp(name, "lib")) return nullptr;
  snprintf(where, wherelen, "lib.txt");
  return strdup("def Twice * 2 #0;\nsub hello: say \"hi there\"; endsub;\n");
}

} // namespace

TEST(GcProgram, VisitsIncludesThenSectionsWithFileAndLine) {
  GcInterp *gc = gc_new();
  gc_set_include_resolver(gc, IncludeText, nullptr);
  GcError err{};
  const char *preset = "Game: t\nFiles: a b\nRanks: 1 2\nFEN: K3\n"
                       "[Pre-Game]\ninclude lib; // a comment\n"
                       "set x (1 2 3);\n"
                       "[Post-Move 1]\nif equal moved K:\n  set legal checkleap origin dest\n 0 1;\nendif;\n";
  ASSERT_EQ(gc_load_preset_text(gc, preset, "t.preset", &err), GC_OK) << err.message;
  ASSERT_EQ(gc_start(gc, &err), GC_OK) << err.message;
  std::vector<Seen> seen;
  EXPECT_EQ(gc_visit_statements(gc, Collect, &seen), 9);
  ASSERT_EQ(seen.size(), 9u);
  // The included file first (Pre-Game ran its include), then the sections in order.
  EXPECT_EQ(seen[0].text, "def Twice * 2 #0");
  EXPECT_EQ(seen[0].file, "lib.txt");
  EXPECT_EQ(seen[0].line, 1);
  EXPECT_EQ(seen[0].section, GC_SECTION_INCLUDE);
  EXPECT_EQ(seen[1].text, "sub hello");
  EXPECT_EQ(seen[2].text, "say \"hi there\"");
  EXPECT_EQ(seen[3].text, "endsub");
  EXPECT_EQ(seen[4].text, "include lib");
  EXPECT_EQ(seen[4].file, "t.preset");
  EXPECT_EQ(seen[4].line, 6);
  EXPECT_EQ(seen[4].section, GC_SECTION_PREGAME);
  EXPECT_EQ(seen[5].text, "set x ( 1 2 3 )");
  EXPECT_EQ(seen[6].text, "if equal moved K");
  EXPECT_EQ(seen[6].section, GC_SECTION_POSTMOVE1);
  EXPECT_EQ(seen[7].text, "set legal checkleap origin dest 0 1");
  EXPECT_EQ(seen[7].line, 10);
  EXPECT_EQ(seen[8].text, "endif");
  gc_free(gc);
}

TEST(GcProgram, VisitStopsWhenTheVisitorSaysSo) {
  GcInterp *gc = gc_new();
  GcError err{};
  ASSERT_EQ(gc_load_preset_text(gc, "[Pre-Game]\nset a 1; set b 2; set c 3;\n", "t.preset", &err), GC_OK);
  auto first = [](void *ctx, const GcStatement *st) {
    *static_cast<std::string *>(ctx) = st->words[1];
    return false;
  };
  std::string name;
  EXPECT_EQ(gc_visit_statements(gc, first, &name), 1);
  EXPECT_EQ(name, "a");
  gc_free(gc);
}
