/* platform/wildcard.h: fnmatch(3) with no flags, in the C locale, built on every system.  The
 * readings of malformed sets follow glibc's, checked against it character for character by
 * tests/platform/wildcard_test.cpp. */
#include "platform/wildcard.h"

#include <stddef.h>
#include <string.h>

typedef const unsigned char *Pat;

/* What a set did to a character. */
typedef enum {
  SET_MISS,
  SET_MATCH,
  SET_LITERAL, /* the set is not closed: its '[' is an ordinary character */
  SET_INVALID  /* fnmatch refuses the pattern here: nothing matches */
} SetResult;

/* Whether c is in the C locale's class of that name; *known false for a name POSIX has not. */
static bool in_class(Pat name, size_t len, unsigned char c, bool *known) {
  bool upper = c >= 'A' && c <= 'Z', lower = c >= 'a' && c <= 'z', digit = c >= '0' && c <= '9';
  bool graph = c > ' ' && c < 127;
  static const char *const names[] = {"alnum", "alpha", "blank", "cntrl", "digit", "graph",
                                      "lower", "print", "punct", "space", "upper", "xdigit"};
  bool in[] = {upper || lower || digit,
               upper || lower,
               c == ' ' || c == '\t',
               c < ' ' || c == 127,
               digit,
               graph,
               lower,
               graph || c == ' ',
               graph && !upper && !lower && !digit,
               c == ' ' || (c >= '\t' && c <= '\r'),
               upper,
               digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
    if (strlen(names[i]) == len && !memcmp(names[i], name, len)) {
      *known = true;
      return in[i];
    }
  }
  *known = false;
  return false;
}

/* The length of a class name at name ending in ":]", or -1 when something else comes first
 * (then the '[' before it is an ordinary character).  glibc takes only 'a' to 'y' in a name. */
static ptrdiff_t class_name(Pat name) {
  ptrdiff_t len = 0;
  while (name[len] != ':' || name[len + 1] != ']') {
    if (name[len] < 'a' || name[len] >= 'z') return -1;
    len++;
  }
  return len;
}

/* Skips the rest of a set that matched, p after the item that did: SET_MATCH with *end after
 * its ']'; SET_LITERAL when the set is not closed (its '[' is then an ordinary character, as
 * glibc 2.36 reads "[[" against "[["); SET_INVALID after a quoting '\' at the end, or a
 * malformed "[=" or "[.". */
static SetResult skip_set(Pat p, Pat *end) {
  for (unsigned char c; (c = *p++) != ']';) {
    if (!c) return SET_LITERAL;
    if (c == '\\') {
      if (!*p) return SET_INVALID;
      p++;
    } else if (c == '[' && *p == ':') {
      ptrdiff_t len = class_name(p + 1);
      if (len >= 0) p += len + 3;
    } else if (c == '[' && *p == '=') {
      if (!p[1] || p[2] != '=' || p[3] != ']') return SET_INVALID;
      p += 4;
    } else if (c == '[' && *p == '.') {
      Pat symbol_end = (Pat)strstr((const char *)p + 1, ".]");
      if (!symbol_end) return SET_INVALID;
      p = symbol_end + 2;
    }
  }
  *end = p;
  return SET_MATCH;
}

/* A collating symbol [.c.] at p (after its '['): its one character, p moved past it; false when
 * it names anything else (the C locale has no multi-character names). */
static bool collating_symbol(Pat *p, unsigned char *symbol) {
  Pat end = (Pat)strstr((const char *)*p + 1, ".]");
  if (!end || end != *p + 2) return false;
  *symbol = (*p)[1];
  *p = end + 2;
  return true;
}

/* The set at p (just after its '[') against c; *end is just after its ']'. */
static SetResult match_set(Pat p, unsigned char c, Pat *end) {
  bool negated = *p == '!' || *p == '^';
  if (negated) p++;
  /* The first item is read before any ']' is taken for the end: "[]a]" holds ']' and 'a'. */
  unsigned char item = *p++;
  for (;;) {
    unsigned char low;
    bool range;
    if (item == '\0') return SET_LITERAL;
    if (item == '[' && *p == ':' && class_name(p + 1) >= 0) {
      ptrdiff_t len = class_name(p + 1);
      bool known;
      bool in = in_class(p + 1, (size_t)len, c, &known);
      if (!known) return SET_INVALID;
      p += len + 3;
      if (in) goto matched;
      item = *p++;
      if (item == ']') break;
      continue; /* a class ends no range */
    }
    if (item == '[' && *p == '.') {
      if (!collating_symbol(&p, &low)) return SET_INVALID;
      range = *p == '-' && p[1] != '\0'; /* glibc's test for a symbol: "[[.a.]-]" holds '-' alone */
    } else if (item == '[' && *p == '=' && p[1] && p[2] == '=' && p[3] == ']') {
      unsigned char equivalent = p[1]; /* the C locale's classes of equivalence are single characters */
      p += 4;
      if (c == equivalent) goto matched;
      item = *p++;
      if (item == ']') break;
      continue;
    } else {
      if (item == '\\') {
        if (!*p) return SET_INVALID;
        item = *p++;
      }
      low = item;
      range = *p == '-' && p[1] != '\0' && p[1] != ']';
    }
    if (!range && c == low) goto matched;
    item = *p++;
    if (item == '-' && *p != ']') {
      unsigned char high = *p++;
      if (high == '[' && *p == '.') {
        if (!collating_symbol(&p, &high)) return SET_INVALID;
      } else if (high == '\\') {
        high = *p++;
      }
      if (!high) return SET_INVALID;
      if (low <= c && c <= high) goto matched;
      item = *p++;
    }
    if (item == ']') break;
  }
  *end = p;
  return negated ? SET_MATCH : SET_MISS;
matched:;
  SetResult skipped = skip_set(p, end);
  if (skipped != SET_MATCH) return skipped;
  return negated ? SET_MISS : SET_MATCH;
}

/* The pattern after its next item if that item matches c (not '\0'), else NULL. */
static Pat match_item(Pat p, unsigned char c) {
  Pat end;
  switch (*p) {
  case '?': return p + 1;
  case '\\': return p[1] && p[1] == c ? p + 2 : NULL;
  case '[':
    switch (match_set(p + 1, c, &end)) {
    case SET_MATCH: return end;
    case SET_LITERAL: return c == '[' ? p + 1 : NULL;
    default: return NULL;
    }
  default: return *p == c ? p + 1 : NULL;
  }
}

bool plat_wildcard_match(const char *pattern, const char *text) {
  Pat p = (Pat)pattern, t = (Pat)text;
  /* The last '*' seen and where its run of text ends: a mismatch after it gives the star one
   * character more.  Items match one character each, so the earliest match of what lies between
   * two stars is the one to keep, and one star to go back to is enough. */
  Pat star_pattern = NULL, star_text = NULL;
  for (;;) {
    if (*p == '*') {
      star_pattern = ++p;
      star_text = t;
      continue;
    }
    if (!*p && !*t) return true;
    Pat next = *p && *t ? match_item(p, *t) : NULL;
    if (next) {
      p = next;
      t++;
      continue;
    }
    if (!star_pattern || !*star_text) return false;
    p = star_pattern;
    t = ++star_text;
  }
}
