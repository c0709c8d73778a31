// The wildcard matcher against the C library's fnmatch, which Game Courier's PHP calls and which
// Herald called before Windows needed a matcher of its own: the cases presets write, the
// malformed ones glibc reads in its own way, then a few hundred thousand random patterns.
#include <gtest/gtest.h>

#include <fnmatch.h>
#include <random>
#include <string>

#include "platform/wildcard.h"

namespace {

bool Glibc(const std::string &pattern, const std::string &text) {
  return fnmatch(pattern.c_str(), text.c_str(), 0) == 0;
}

TEST(PlatformWildcard, MatchesAsPresetsWriteThem) {
  EXPECT_TRUE(plat_wildcard_match("[KQ]", "K"));
  EXPECT_FALSE(plat_wildcard_match("[KQ]", "k"));
  EXPECT_TRUE(plat_wildcard_match("[A-Z]", "N"));
  EXPECT_FALSE(plat_wildcard_match("[A-Z]", "n"));
  EXPECT_TRUE(plat_wildcard_match("[!a-z]", "N"));
  EXPECT_TRUE(plat_wildcard_match("[^a-z]", "N"));
  EXPECT_TRUE(plat_wildcard_match("*", ""));
  EXPECT_TRUE(plat_wildcard_match("*", "a/.b"));
  EXPECT_TRUE(plat_wildcard_match("?", "p"));
  EXPECT_FALSE(plat_wildcard_match("?", ""));
  EXPECT_TRUE(plat_wildcard_match("[[:upper:]]", "R"));
  EXPECT_FALSE(plat_wildcard_match("[[:upper:]]", "r"));
  EXPECT_TRUE(plat_wildcard_match("*[[:digit:]]", "a10"));
  EXPECT_TRUE(plat_wildcard_match("\\*", "*"));
  EXPECT_FALSE(plat_wildcard_match("\\*", "a"));
  EXPECT_TRUE(plat_wildcard_match("a*b*c", "aXbYbZc"));
  EXPECT_FALSE(plat_wildcard_match("a*b*c", "aXbYbZ"));
}

// Each is compared with glibc rather than written down: what a malformed pattern means is
// glibc's choice, and Linux and Windows must make the same one.
TEST(PlatformWildcard, ReadsMalformedPatternsAsGlibcDoes) {
  const char *cases[][2] = {
      {"[[", "[["},        {"[[", "["},        {"[a", "a"},
      {"[a", "[a"},        {"[\\[", "[["},     {"[]a]", "]"},
      {"[]a]", "a"},       {"[!]a]", "b"},     {"[a-]", "-"},
      {"[a-", "[a-"},      {"[z-a]", "m"},     {"[[:foo:]]", "f"},
      {"[[:alpha:]", "a"}, {"[[:", "[:"},      {"[[=a=]]", "a"},
      {"[[=a]", "[a"},     {"[[.a.]]", "a"},   {"[[.ab.]]", "a"},
      {"[[.a.]-]", "a"},   {"[[.a.]-c]", "b"}, {"[a[:x", "[a[:x"},
      {"\\", "\\"},        {"*\\", "a\\"},     {"a\\", "a"},
      {"[\\]]", "]"},      {"[a-\\]]", "\\"},  {"[[:alpha:]-z]", "-"},
      {"[--0]", "."},      {"*[", "a["},       {"[*]", "*"},
  };
  for (const auto &c : cases)
    EXPECT_EQ(plat_wildcard_match(c[0], c[1]), Glibc(c[0], c[1])) << "'" << c[0] << "' against '" << c[1] << "'";
}

// Random patterns over the characters that mean something in one, and the texts they nearly
// match: every answer as glibc's.
TEST(PlatformWildcard, AgreesWithGlibcOnRandomPatterns) {
  const std::string characters = "ab-]![^*?\\:.=z";
  const char *pieces[] = {"[:alpha:]", "[:digit:]", "[:foo:]", "[.a.]", "[=a=]", "[:", ":]", "[.", ".]", "[=", "=]"};
  const std::string text_characters = "ab-]![^*?\\:.=zA1/\xe9\x7f ";
  std::mt19937 random(2024);
  int matches = 0, differences = 0;
  for (int i = 0; i < 300000; i++) {
    std::string pattern;
    for (int k = random() % 10; k > 0; k--) {
      if (random() % 4)
        pattern += characters[random() % characters.size()];
      else
        pattern += pieces[random() % (sizeof pieces / sizeof *pieces)];
    }
    std::string text;
    if (i % 2) { // nearly the pattern: its characters, some dropped, some replaced
      for (char c : pattern)
        if (random() % 8) text += random() % 7 ? c : text_characters[random() % text_characters.size()];
    } else {
      for (int k = random() % 6; k > 0; k--) text += text_characters[random() % text_characters.size()];
    }
    bool expected = Glibc(pattern, text);
    matches += expected;
    if (plat_wildcard_match(pattern.c_str(), text.c_str()) != expected && differences++ < 20)
      ADD_FAILURE() << "'" << pattern << "' against '" << text << "': glibc says " << expected;
  }
  EXPECT_EQ(differences, 0);
  EXPECT_GT(matches, 20000); // the comparison saw matches, not only misses
}

} // namespace
