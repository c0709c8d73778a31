/* The self-play report as one web page (selfplay.h): the same counts as the text report, drawn
 * as inline SVG charts with inline CSS.  The page loads nothing (no scripts, fonts or images
 * from anywhere), so that it can be mailed, attached to an issue or opened offline.  Every
 * text that comes from a preset or a game (the rules' name, piece names, verdicts, the
 * referee's message) is escaped: a preset is anyone's file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/selfplay.h"
#include "match/stats.h"
#include "match/text.h"

/* The charts' geometry, in SVG user units (the page scales them to its width). */
enum { CHART_WIDTH = 760, LABEL_WIDTH = 170, ROW_HEIGHT = 26, BAR_HEIGHT = 18 };

/* Text for HTML content and attribute values: the five characters HTML gives a meaning. */
static void put_escaped(MtText *t, const char *s) {
  for (; *s; s++) {
    switch (*s) {
    case '&': mt_text_put(t, "&amp;"); break;
    case '<': mt_text_put(t, "&lt;"); break;
    case '>': mt_text_put(t, "&gt;"); break;
    case '"': mt_text_put(t, "&quot;"); break;
    case '\'': mt_text_put(t, "&#39;"); break;
    default: mt_text_put(t, "%c", *s);
    }
  }
}

static double share(double part, double whole) { return whole > 0 ? part / whole : 0; }

static void put_head(MtText *t, const MtSelfplayReport *r) {
  mt_text_put(t, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Self-play of ");
  put_escaped(t, r->rules);
  mt_text_put(t, "%s",
              "</title>\n<style>\n"
              "body{font-family:system-ui,sans-serif;max-width:820px;margin:2em auto;padding:0 1em;"
              "color:#222;background:#fff}\n"
              "h1{font-size:1.5em}h2{font-size:1.15em;margin-top:1.8em;border-bottom:1px solid #ddd}\n"
              "svg{width:100%;height:auto;display:block}svg text{font-size:12px;fill:#333}\n"
              ".first{fill:#3f6fb5}.draw{fill:#a8a8a8}.second{fill:#c8553d}.capture{fill:#1d3f70}\n"
              ".track{fill:#eee}.interval{stroke:#111;stroke-width:2}.even{stroke:#777;stroke-dasharray:4 3}\n"
              ".legend span{display:inline-block;width:.9em;height:.9em;margin:0 .3em 0 1em;"
              "vertical-align:-.1em}\n"
              "table{border-collapse:collapse;margin-top:.6em}td,th{padding:.15em .7em;text-align:right}"
              "th{border-bottom:1px solid #ccc}td:first-child,th:first-child{text-align:left}\n"
              ".note{background:#fff4e5;border-left:4px solid #c8553d;padding:.5em 1em}"
              ".note code{word-break:break-all}\n"
              "</style>\n</head>\n<body>\n");
}

static void put_legend(MtText *t) {
  mt_text_put(t, "<p class=\"legend\"><span style=\"background:#3f6fb5\"></span>first player won"
                 "<span style=\"background:#a8a8a8\"></span>drawn"
                 "<span style=\"background:#c8553d\"></span>second player won</p>\n");
}

/* The first player's score as a bar from 0 to 100% with its 95% interval drawn over it. */
static void put_score(MtText *t, const MtSelfplayReport *r) {
  MtTally tally = {r->first_wins, r->draws, r->second_wins};
  double mean, half;
  mt_score_interval(tally, &mean, &half);
  MtEloEstimate e = mt_elo_estimate(tally);
  mt_text_put(t,
              "<h2>First player's score</h2>\n<p>+%d =%d &minus;%d: score %.1f%% &plusmn; %.1f%% (95%%), "
              "Elo %+.0f &plusmn; %.0f</p>\n",
              r->first_wins, r->draws, r->second_wins, 100 * mean, 100 * half, e.elo + 0.0, e.margin);
  const double left = 20, width = CHART_WIDTH - 40;
  double low = mean - half < 0 ? 0 : mean - half, high = mean + half > 1 ? 1 : mean + half;
  mt_text_put(t, "<svg id=\"score\" viewBox=\"0 0 %d 70\" role=\"img\" aria-label=\"first player's score\">\n",
              CHART_WIDTH);
  mt_text_put(t, "<rect class=\"track\" x=\"%.0f\" y=\"10\" width=\"%.0f\" height=\"24\"/>\n", left, width);
  mt_text_put(t, "<rect class=\"bar first\" x=\"%.0f\" y=\"10\" width=\"%.1f\" height=\"24\"/>\n", left, width * mean);
  mt_text_put(t, "<line class=\"even\" x1=\"%.1f\" y1=\"4\" x2=\"%.1f\" y2=\"40\"/>\n", left + width / 2,
              left + width / 2);
  double x0 = left + width * low, x1 = left + width * high;
  mt_text_put(t,
              "<g class=\"interval\"><line x1=\"%.1f\" y1=\"22\" x2=\"%.1f\" y2=\"22\"/>"
              "<line x1=\"%.1f\" y1=\"14\" x2=\"%.1f\" y2=\"30\"/><line x1=\"%.1f\" y1=\"14\" x2=\"%.1f\" "
              "y2=\"30\"/></g>\n",
              x0, x1, x0, x0, x1, x1);
  for (int pct = 0; pct <= 100; pct += 25)
    mt_text_put(t, "<text x=\"%.1f\" y=\"54\" text-anchor=\"middle\">%d%%</text>\n", left + width * pct / 100, pct);
  mt_text_put(t, "</svg>\n<p>The bar is the first player's score (wins and half the draws); the black line its "
                 "95%% interval; the dashed line an even game.</p>\n");
}

/* One row per verdict of the rules: a bar of its games, split by who won them. */
static void put_endings(MtText *t, const MtSelfplayReport *r) {
  mt_text_put(t, "<h2>How games ended</h2>\n");
  put_legend(t);
  int most = 0;
  for (int i = 0; i < r->verdict_count; i++) {
    const MtVerdictCount *v = &r->verdicts[i];
    if (v->first + v->draws + v->second > most) most = v->first + v->draws + v->second;
  }
  const double width = CHART_WIDTH - LABEL_WIDTH - 60;
  mt_text_put(t, "<svg id=\"endings\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"how games ended\">\n",
              CHART_WIDTH, r->verdict_count * ROW_HEIGHT + 8);
  for (int i = 0; i < r->verdict_count; i++) {
    const MtVerdictCount *v = &r->verdicts[i];
    int y = 4 + i * ROW_HEIGHT, games = v->first + v->draws + v->second;
    mt_text_put(t, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", LABEL_WIDTH - 8, y + 13);
    put_escaped(t, v->reason);
    mt_text_put(t, "</text>\n");
    double x = LABEL_WIDTH;
    const int parts[3] = {v->first, v->draws, v->second};
    const char *classes[3] = {"first", "draw", "second"}, *what[3] = {"first player won", "drawn", "second won"};
    for (int k = 0; k < 3; k++) {
      if (!parts[k]) continue;
      double w = width * share(parts[k], most);
      mt_text_put(t,
                  "<rect class=\"bar %s\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\"><title>%s: %d</title>"
                  "</rect>\n",
                  classes[k], x, y, w, BAR_HEIGHT, what[k], parts[k]);
      x += w;
    }
    mt_text_put(t, "<text x=\"%.1f\" y=\"%d\">%d</text>\n", x + 6, y + 13, games);
  }
  mt_text_put(t, "</svg>\n<table>\n<tr><th>ending</th><th>games</th><th>first won</th><th>drawn</th>"
                 "<th>second won</th></tr>\n");
  for (int i = 0; i < r->verdict_count; i++) {
    const MtVerdictCount *v = &r->verdicts[i];
    mt_text_put(t, "<tr><td>");
    put_escaped(t, v->reason);
    mt_text_put(t, "</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td></tr>\n", v->first + v->draws + v->second,
                v->first, v->draws, v->second);
  }
  mt_text_put(t, "<tr><th>all</th><th>%d</th><th>%d</th><th>%d</th><th>%d</th></tr>\n</table>\n", r->games,
              r->first_wins, r->draws, r->second_wins);
  mt_text_put(t, "<p>Cut by the move cap: %d. Search and rules disagreed: %d.</p>\n", r->capped, r->disagreements);
}

/* The game lengths in buckets of MT_LENGTH_BUCKET_PLIES plies, up to the last one used. */
static void put_lengths(MtText *t, const MtSelfplayReport *r) {
  mt_text_put(t, "<h2>Game length</h2>\n<p>Shortest %d plies, mean %.1f, longest %d.</p>\n", r->shortest,
              r->games ? (double)r->total_plies / r->games : 0.0, r->longest);
  int most = 0, last = 0;
  for (int i = 0; i < MT_LENGTH_BUCKETS; i++) {
    if (r->lengths[i] > most) most = r->lengths[i];
    if (r->lengths[i]) last = i;
  }
  const int left = 40, top = 10, height = 180, buckets = last + 1;
  const double slot = (double)(CHART_WIDTH - left - 10) / buckets;
  int label_every = buckets > 24 ? 4 : buckets > 12 ? 2 : 1;
  mt_text_put(t, "<svg id=\"lengths\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"game lengths\">\n", CHART_WIDTH,
              top + height + 40);
  mt_text_put(t, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#999\"/>\n", left, top + height,
              CHART_WIDTH - 10, top + height);
  mt_text_put(t, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d</text>\n", left - 6, top + 10, most);
  mt_text_put(t, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">0</text>\n", left - 6, top + height);
  for (int i = 0; i < buckets; i++) {
    double h = height * share(r->lengths[i], most), x = left + i * slot;
    if (r->lengths[i])
      mt_text_put(t,
                  "<rect class=\"bar first\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\">"
                  "<title>%d-%d plies: %d games</title></rect>\n",
                  x + 1, top + height - h, slot - 2, h, i * MT_LENGTH_BUCKET_PLIES,
                  (i + 1) * MT_LENGTH_BUCKET_PLIES - 1, r->lengths[i]);
    if (i % label_every == 0)
      mt_text_put(t, "<text x=\"%.1f\" y=\"%d\">%d%s</text>\n", x + 1, top + height + 16, i * MT_LENGTH_BUCKET_PLIES,
                  i == MT_LENGTH_BUCKETS - 1 ? "+" : "");
  }
  mt_text_put(t, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">plies (buckets of %d)</text>\n</svg>\n",
              CHART_WIDTH / 2, top + height + 34, MT_LENGTH_BUCKET_PLIES);
}

/* "N Knight", or the name alone when it is the letter (as in presets that name pieces so). */
static void put_piece_label(MtText *t, const MtPieceCount *p) {
  char letter[2] = {p->letter, 0};
  if (strcmp(letter, p->name)) {
    put_escaped(t, letter);
    mt_text_put(t, " ");
  }
  put_escaped(t, p->name);
}

/* Per piece type: how much the search moved it (the bar), the part of those moves that
 * captured (dark), and the table of counts and rates. */
static void put_pieces(MtText *t, const MtSelfplayReport *r) {
  mt_text_put(t, "<h2>Pieces</h2>\n<p>Moves chosen by the search (the random opening plies not counted); the dark "
                 "part of a bar is the moves that captured.</p>\n");
  int64_t most = 0, all_moves = 0;
  for (int i = 0; i < r->type_count; i++) {
    if (r->pieces[i].moves > most) most = r->pieces[i].moves;
    all_moves += r->pieces[i].moves;
  }
  const double width = CHART_WIDTH - LABEL_WIDTH - 70;
  mt_text_put(t, "<svg id=\"pieces\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"piece activity\">\n", CHART_WIDTH,
              r->type_count * ROW_HEIGHT + 8);
  for (int i = 0; i < r->type_count; i++) {
    const MtPieceCount *p = &r->pieces[i];
    int y = 4 + i * ROW_HEIGHT;
    mt_text_put(t, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", LABEL_WIDTH - 8, y + 13);
    put_piece_label(t, p);
    mt_text_put(t, "</text>\n");
    double w = width * share((double)p->moves, (double)most), wc = width * share((double)p->captures, (double)most);
    mt_text_put(t, "<rect class=\"bar first\" x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\"/>\n", LABEL_WIDTH, y, w,
                BAR_HEIGHT);
    mt_text_put(t, "<rect class=\"bar capture\" x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\"/>\n", LABEL_WIDTH, y, wc,
                BAR_HEIGHT);
    mt_text_put(t, "<text x=\"%.1f\" y=\"%d\">%lld</text>\n", LABEL_WIDTH + w + 6, y + 13, (long long)p->moves);
  }
  mt_text_put(t, "</svg>\n<table>\n<tr><th>type</th><th>moves</th><th>share</th><th>captures</th>"
                 "<th>captures per move</th><th>taken</th><th>drops</th></tr>\n");
  for (int i = 0; i < r->type_count; i++) {
    const MtPieceCount *p = &r->pieces[i];
    mt_text_put(t, "<tr><td>");
    put_piece_label(t, p);
    mt_text_put(t, "</td><td>%lld</td><td>%.1f%%</td><td>%lld</td><td>%.1f%%</td><td>%lld</td><td>%lld</td></tr>\n",
                (long long)p->moves, 100 * share((double)p->moves, (double)all_moves), (long long)p->captures,
                100 * share((double)p->captures, (double)p->moves), (long long)p->taken, (long long)p->drops);
  }
  mt_text_put(t, "</table>\n");
}

/* The referee's note reads "what: move | position FEN | preset says: message (file:line)"
 * (br_verify.c); each part gets its own line. */
static void put_rule_disagreements(MtText *t, const MtSelfplayReport *r) {
  mt_text_put(t, "<h2>Rule disagreements</h2>\n<p>Generator against the preset's referee: %d.</p>\n",
              r->rule_disagreements);
  if (!r->rule_disagreements) return;
  mt_text_put(t, "<div class=\"note\"><p>The first:</p>\n<ul>\n");
  const char *part = r->rule_note;
  while (*part) {
    const char *end = strstr(part, " | ");
    size_t len = end ? (size_t)(end - part) : strlen(part);
    char piece[sizeof r->rule_note];
    snprintf(piece, sizeof piece, "%.*s", (int)len, part);
    bool is_position = !strncmp(piece, "position ", 9);
    mt_text_put(t, "<li>%s", is_position ? "position <code>" : "");
    put_escaped(t, is_position ? piece + 9 : piece);
    mt_text_put(t, "%s</li>\n", is_position ? "</code>" : "");
    part = end ? end + 3 : part + len;
  }
  mt_text_put(t, "</ul></div>\n");
}

char *mt_selfplay_report_html(const MtSelfplayReport *r) {
  MtText t = {0};
  put_head(&t, r);
  mt_text_put(&t, "<h1>Self-play of ");
  put_escaped(&t, r->rules);
  mt_text_put(&t, "</h1>\n<p>%d games of Herald against itself at %llu nodes per move.</p>\n", r->games,
              (unsigned long long)r->nodes);
  put_score(&t, r);
  put_endings(&t, r);
  put_lengths(&t, r);
  put_pieces(&t, r);
  put_rule_disagreements(&t, r);
  mt_text_put(&t, "</body>\n</html>\n");
  return mt_text_finish(&t);
}
