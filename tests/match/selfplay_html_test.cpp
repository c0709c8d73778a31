// herald-selfplay's report page: self-contained (nothing loaded from anywhere), every text from a
// preset escaped, and drawn by a real browser: headless Chromium renders its SVG charts with
// their bars and a screenshot that is not blank.
#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include "match/selfplay.h"
#include "rules/reference_rules.h"

namespace {

size_t Count(const std::string &text, const std::string &what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) n++;
  return n;
}

std::string Html(const MtSelfplayReport &r) {
  char *html = mt_selfplay_report_html(&r);
  EXPECT_NE(html, nullptr);
  std::string text = html ? html : "";
  std::free(html);
  return text;
}

// A real report: a few short games of chess.
MtSelfplayReport ChessReport() {
  Rules rules;
  char err[128];
  MtSelfplayReport r;
  memset(&r, 0, sizeof r);
  EXPECT_TRUE(reference_rules(&rules, "chess", err, sizeof err)) << err;
  MtSelfplayConfig c;
  mt_selfplay_config_init(&c);
  c.rules = &rules;
  c.nodes = 300;
  c.games = 4;
  c.max_plies = 60;
  c.random_plies = 2;
  c.seed = 5;
  c.threads = 2;
  EXPECT_TRUE(mt_selfplay_run(&c, &r, err, sizeof err)) << err;
  rules_free(&rules);
  return r;
}

TEST(MatchSelfplayHtml, OnePageWithItsChartsAndNothingFromElsewhere) {
  MtSelfplayReport r = ChessReport();
  std::string html = Html(r);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("<title>Self-play of chess</title>"), std::string::npos);
  for (const char *chart : {"id=\"score\"", "id=\"endings\"", "id=\"lengths\"", "id=\"pieces\""})
    EXPECT_EQ(Count(html, chart), 1u) << chart;
  EXPECT_EQ(Count(html, "<svg"), 4u);
  // No script, stylesheet, image or font to fetch: the page is whole offline.
  for (const char *outside : {"<script", "<link", "<img", "http:", "https:", "url(", "@import"})
    EXPECT_EQ(html.find(outside), std::string::npos) << outside;
  EXPECT_NE(html.find("Pawn"), std::string::npos);
  // The counts the text report prints are on the page too.
  char all[128];
  snprintf(all, sizeof all, "<tr><th>all</th><th>%d</th><th>%d</th><th>%d</th><th>%d</th></tr>", r.games, r.first_wins,
           r.draws, r.second_wins);
  EXPECT_NE(html.find(all), std::string::npos) << html;
}

// A preset is anyone's file: its piece names and its referee's messages reach the page as text.
TEST(MatchSelfplayHtml, TextFromThePresetIsEscaped) {
  MtSelfplayReport r;
  memset(&r, 0, sizeof r);
  snprintf(r.rules, sizeof r.rules, "<i>mine</i>");
  r.games = 1;
  r.draws = 1;
  r.lengths[2] = 1;
  r.shortest = r.longest = 20;
  r.verdict_count = 1;
  snprintf(r.verdicts[0].reason, sizeof r.verdicts[0].reason, "<b>bare</b> king");
  r.verdicts[0].draws = 1;
  r.type_count = 1;
  r.pieces[0].letter = '<';
  snprintf(r.pieces[0].name, sizeof r.pieces[0].name, "Ninja & \"Co\"");
  r.pieces[0].moves = 3;
  r.rule_disagreements = 2;
  snprintf(r.rule_note, sizeof r.rule_note,
           "illegal by the preset: e2e4 | position 8/8/8/8/8/8/8/K6k w - - 0 1 | preset says: "
           "<script>alert('x')</script> (mine.preset:12)");
  std::string html = Html(r);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("<i>mine"), std::string::npos);
  EXPECT_EQ(html.find("<b>bare"), std::string::npos);
  EXPECT_NE(html.find("Self-play of &lt;i&gt;mine&lt;/i&gt;"), std::string::npos);
  EXPECT_NE(html.find("&lt;b&gt;bare&lt;/b&gt; king"), std::string::npos);
  EXPECT_NE(html.find("&lt; Ninja &amp; &quot;Co&quot;"), std::string::npos);
  EXPECT_NE(html.find("preset says: &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; (mine.preset:12)"),
            std::string::npos)
      << html;
  // The note's parts: the move, the position, the preset's message.
  EXPECT_NE(html.find("<li>illegal by the preset: e2e4</li>"), std::string::npos) << html;
  EXPECT_NE(html.find("<li>position <code>8/8/8/8/8/8/8/K6k w - - 0 1</code></li>"), std::string::npos) << html;
}

bool HaveChromium() { return std::system("command -v chromium >/dev/null 2>&1") == 0; }

std::string ReadAll(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The image data of a PNG (its IDAT chunks inflated: filter bytes and pixels), or "".
std::string PngPixels(const std::string &png) {
  if (png.compare(0, 8, "\x89PNG\r\n\x1a\n", 8)) return "";
  std::string compressed;
  for (size_t at = 8; at + 12 <= png.size();) {
    const unsigned char *b = reinterpret_cast<const unsigned char *>(png.data() + at);
    size_t len = (size_t)b[0] << 24 | (size_t)b[1] << 16 | (size_t)b[2] << 8 | b[3];
    if (at + 12 + len > png.size()) return "";
    if (!png.compare(at + 4, 4, "IDAT")) compressed.append(png, at + 8, len);
    at += 12 + len;
  }
  z_stream z;
  memset(&z, 0, sizeof z);
  if (inflateInit(&z) != Z_OK) return "";
  std::string pixels;
  char chunk[1 << 16];
  z.next_in = reinterpret_cast<Bytef *>(compressed.data());
  z.avail_in = (uInt)compressed.size();
  int status;
  do {
    z.next_out = reinterpret_cast<Bytef *>(chunk);
    z.avail_out = sizeof chunk;
    status = inflate(&z, Z_NO_FLUSH);
    pixels.append(chunk, sizeof chunk - z.avail_out);
  } while (status == Z_OK);
  inflateEnd(&z);
  return status == Z_STREAM_END ? pixels : "";
}

TEST(MatchSelfplayHtml, HeadlessChromiumDrawsTheChartsAndTheirBars) {
  if (!HaveChromium()) GTEST_SKIP() << "chromium is not installed (apt-get install chromium; .ci/run does)";
  std::string dir = testing::TempDir() + "/selfplay-html-" + std::to_string(getpid());
  ASSERT_EQ(std::system(("mkdir -p " + dir).c_str()), 0);
  std::string page = dir + "/report.html", dom = dir + "/dom.html", png = dir + "/report.png";
  std::ofstream(page) << Html(ChessReport());
  // Its own profile folder: no state shared with a browser or another run.
  std::string chromium = "timeout 60 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars "
                         "--user-data-dir=" +
                         dir + "/profile ";
  ASSERT_EQ(std::system((chromium + "--dump-dom file://" + page + " >" + dom + " 2>/dev/null").c_str()), 0);
  std::string rendered = ReadAll(dom);
  EXPECT_EQ(Count(rendered, "<svg"), 4u) << rendered.substr(0, 400);
  EXPECT_GE(Count(rendered, "<rect class=\"bar "), 6u); // score, endings, lengths, pieces
  EXPECT_NE(rendered.find("id=\"lengths\""), std::string::npos);
  EXPECT_NE(rendered.find("<h1>Self-play of chess</h1>"), std::string::npos);

  ASSERT_EQ(
      std::system(
          (chromium + "--window-size=1200,1600 --screenshot=" + png + " file://" + page + " >/dev/null 2>&1").c_str()),
      0);
  std::string pixels = PngPixels(ReadAll(png));
  ASSERT_FALSE(pixels.empty()) << "no PNG at " << png;
  // A blank page is one colour (its bytes: the filter types and 0xff or 0); the charts and
  // their text bring many.
  std::set<unsigned char> values(pixels.begin(), pixels.end());
  EXPECT_GT(values.size(), 40u);
  (void)!std::system(("rm -rf " + dir).c_str());
}

} // namespace
