#include "rules/betza.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The base leap of each atom letter; compounds expand to several. */
static bool atom_letter(char c, int *a, int *b) {
  static const struct {
    char letter;
    int a, b;
  } atoms[] = {{'W', 0, 1}, {'F', 1, 1}, {'D', 0, 2}, {'N', 1, 2}, {'A', 2, 2},
               {'H', 0, 3}, {'C', 1, 3}, {'Z', 2, 3}, {'G', 3, 3}};
  for (size_t i = 0; i < sizeof atoms / sizeof atoms[0]; i++)
    if (atoms[i].letter == c) {
      *a = atoms[i].a, *b = atoms[i].b;
      return true;
    }
  return false;
}

/* Does direction token tok (1 or 2 letters) select vector (dx, dy)? */
static bool direction_selects(const char *tok, int dx, int dy) {
  int adx = abs(dx), ady = abs(dy);
  bool diagonal = adx == ady, orthogonal = dx == 0 || dy == 0;
  bool narrow = ady > adx, wide = adx > ady; /* oblique halves */
  char first = tok[0], second = tok[1];
  /* On an orthogonal atom each letter names disjoint moves, so a pair joins them: fsW is fW
   * plus sW (H. G. Muller's reading of Betza, as XBoard has it). */
  if (orthogonal && second) {
    const char one[2] = {first, 0}, other[2] = {second, 0};
    return direction_selects(one, dx, dy) || direction_selects(other, dx, dy);
  }
  bool ok;
  switch (first) {
  case 'f': ok = dy > 0; break;
  case 'b': ok = dy < 0; break;
  case 'l': ok = dx < 0; break;
  case 'r': ok = dx > 0; break;
  case 'v': ok = orthogonal ? dx == 0 : diagonal || narrow; break;
  case 's': ok = orthogonal ? dy == 0 : diagonal || wide; break;
  default: return false;
  }
  if (!ok || !second) return ok;
  switch (second) {
  case 'f': return (first == 'f' || first == 'b') ? (orthogonal || diagonal || narrow) : dy > 0;
  case 'b': return (first == 'f' || first == 'b') ? (orthogonal || diagonal || narrow) : dy < 0;
  case 'l': return (first == 'l' || first == 'r') ? (orthogonal || diagonal || wide) : dx < 0;
  case 'r': return (first == 'l' || first == 'r') ? (orthogonal || diagonal || wide) : dx > 0;
  case 's': return orthogonal || diagonal || wide;
  case 'v': return orthogonal || diagonal || narrow;
  default: return false;
  }
}

static bool is_direction(char c) { return strchr("fblrvs", c) != NULL; }

/* Emits the images of leap (a, b) that the direction tokens select. */
static int expand(int a, int b, const char tokens[][3], int token_count, Atom proto, Atom *out, int room) {
  int n = 0;
  int vectors[8][2], count = 0;
  int base[2][2] = {{a, b}, {b, a}};
  for (int k = 0; k < 2; k++)
    for (int sx = -1; sx <= 1; sx += 2)
      for (int sy = -1; sy <= 1; sy += 2) {
        int dx = base[k][0] * sx, dy = base[k][1] * sy, dup = 0;
        for (int i = 0; i < count; i++) dup |= vectors[i][0] == dx && vectors[i][1] == dy;
        if (!dup) vectors[count][0] = dx, vectors[count][1] = dy, count++;
      }
  for (int i = 0; i < count; i++) {
    bool take = token_count == 0;
    for (int t = 0; t < token_count && !take; t++) take = direction_selects(tokens[t], vectors[i][0], vectors[i][1]);
    if (!take) continue;
    if (n == room) return -1;
    out[n] = proto;
    out[n].dx = (int8_t)vectors[i][0];
    out[n].dy = (int8_t)vectors[i][1];
    n++;
  }
  return n;
}

int betza_parse(const char *text, Atom *out, int max, char *err, int errlen) {
  int total = 0;
  const char *p = text;
  while (*p) {
    const char *group = p;
    char tokens[16][3];
    int token_count = 0;
    Atom proto = {.kind = ATOM_LEAP, .mode = 0, .from_zone = NO_ZONE, .to_zone = NO_ZONE};
    bool hop = false, grass = false;
    while (*p && islower((unsigned char)*p)) {
      char c = *p++;
      if (c == 'm')
        proto.mode |= MODE_MOVE;
      else if (c == 'c')
        proto.mode |= MODE_CAPTURE;
      else if (c == 'i')
        proto.initial = true;
      else if (c == 'n')
        proto.lame = true;
      else if (c == 'p')
        hop = true;
      else if (c == 'g')
        grass = true;
      else if (is_direction(c)) {
        if (token_count == 16) break;
        tokens[token_count][0] = c;
        tokens[token_count][1] = 0;
        tokens[token_count][2] = 0;
        bool pairs = (c == 'f' || c == 'b')   ? strchr("fblrs", *p) != NULL
                     : (c == 'l' || c == 'r') ? strchr("lrfbv", *p) != NULL && *p != 0
                                              : false;
        if (pairs && *p && is_direction(*p)) tokens[token_count][1] = *p++;
        token_count++;
      } else {
        snprintf(err, errlen, "Betza '%s': unknown modifier '%c'", text, c);
        return -1;
      }
    }
    if (!proto.mode) proto.mode = MODE_BOTH;
    char letter = *p;
    if (!letter || !isupper((unsigned char)letter)) {
      snprintf(err, errlen, "Betza '%s': expected an atom letter at '%s'", text, group);
      return -1;
    }
    p++;
    /* Compounds: K = WF leaps, Q = RB, R = WW, B = FF. */
    const char *parts;
    bool rider = false;
    switch (letter) {
    case 'K': parts = "WF"; break;
    case 'Q': parts = "WF", rider = true; break;
    case 'R': parts = "W", rider = true; break;
    case 'B': parts = "F", rider = true; break;
    default: {
      int a, b;
      if (!atom_letter(letter, &a, &b)) {
        snprintf(err, errlen, "Betza '%s': unknown atom '%c'", text, letter);
        return -1;
      }
      parts = NULL;
      if (*p == letter) p++, rider = true;
    }
    }
    int range = 0;
    if (isdigit((unsigned char)*p)) {
      range = (int)strtol(p, (char **)&p, 10);
      if (range < 1 || range > 15) {
        snprintf(err, errlen, "Betza '%s': range %d outside 1..15", text, range);
        return -1;
      }
      rider = true;
    }
    if ((hop || grass) && !rider) rider = true;
    proto.kind = grass ? ATOM_GRASSHOP : hop ? ATOM_HOP : rider ? ATOM_RIDE : ATOM_LEAP;
    proto.range = (uint8_t)range;
    if (rider) proto.lame = false;
    char single[2] = {letter, 0};
    const char *list = parts ? parts : single;
    for (const char *q = list; *q; q++) {
      int a = 0, b = 0;
      atom_letter(*q, &a, &b);
      int n = expand(a, b, (const char(*)[3])tokens, token_count, proto, out + total, max - total);
      if (n < 0) {
        snprintf(err, errlen, "Betza '%s': more than %d atoms", text, max);
        return -1;
      }
      total += n;
    }
  }
  return total;
}

/* Atoms with the same step, kind and conditions become one letter with direction and mode
 * prefixes; the usual compounds get their usual letters. */
void betza_write(const Atom *atoms, int atom_count, char *out, int outlen) {
  static const struct {
    int a, b;
    char letter;
  } kLetters[] = {{0, 1, 'W'}, {1, 1, 'F'}, {0, 2, 'D'}, {1, 2, 'N'}, {2, 2, 'A'},
                  {0, 3, 'H'}, {1, 3, 'C'}, {2, 3, 'Z'}, {3, 3, 'G'}};
  bool used[MAX_ATOMS] = {false};
  int n = 0;
  out[0] = 0;
  for (int i = 0; i < atom_count; i++) {
    if (used[i]) continue;
    const Atom *a = &atoms[i];
    int ax = abs(a->dx), ay = abs(a->dy), lo = ax < ay ? ax : ay, hi = ax < ay ? ay : ax;
    char letter = 0;
    for (size_t k = 0; k < sizeof kLetters / sizeof kLetters[0]; k++)
      if (kLetters[k].a == lo && kLetters[k].b == hi) letter = kLetters[k].letter;
    if (!letter) {
      snprintf(out, outlen, "?");
      return;
    }
    int fwd = 0, back = 0, side = 0, count = 0;
    for (int j = i; j < atom_count; j++) {
      const Atom *b = &atoms[j];
      int bx = abs(b->dx), by = abs(b->dy);
      if (used[j] || b->kind != a->kind || b->mode != a->mode || b->lame != a->lame || b->range != a->range ||
          b->from_zone != a->from_zone || b->initial != a->initial || (bx < by ? bx : by) != lo ||
          (bx < by ? by : bx) != hi)
        continue;
      used[j] = true;
      count++;
      fwd += b->dy > 0, back += b->dy < 0, side += b->dy == 0;
    }
    int full = lo == 0 || lo == hi ? 4 : 8;
    const char *dir = "";
    if (count != full) {
      if (fwd == count)
        dir = "f";
      else if (back == count)
        dir = "b";
      else if (side == count)
        dir = "s";
      else if (side + fwd == count && lo == 0)
        dir = "fs";
      else if (side + back == count && lo == 0)
        dir = "bs";
      else if (fwd + back == count && lo == 0)
        dir = "v";
      else {
        snprintf(out, outlen, "?");
        return;
      }
    }
    char range[8] = "";
    if (a->kind != ATOM_LEAP && a->range) snprintf(range, sizeof range, "%d", a->range);
    /* Hoppers (cannons) and grasshoppers: Betza's p and g before a riding letter (pR, gQ). */
    const char *hop = a->kind == ATOM_HOP ? "p" : a->kind == ATOM_GRASSHOP ? "g" : "";
    /* Unlimited W and F rides are written R and B: XBoard reads those, not a doubled letter. */
    bool rider = a->kind != ATOM_LEAP && !a->range;
    char shown = letter;
    if (rider && (letter == 'W' || letter == 'F')) shown = letter == 'W' ? 'R' : 'B', rider = false;
    n += snprintf(out + n, outlen - n, "%s%s%s%s%s%c%s%s", a->from_zone != NO_ZONE || a->initial ? "i" : "", dir,
                  a->mode == MODE_MOVE      ? "m"
                  : a->mode == MODE_CAPTURE ? "c"
                                            : "",
                  a->lame ? "n" : "", hop, shown, rider ? (char[]){letter, 0} : "", range);
    if (n >= outlen) break;
  }
  /* The usual names of the usual compounds. */
  static const struct { const char *from, *to; } kNames[] = {{"RB", "Q"}, {"BR", "Q"}, {"WF", "K"}, {"FW", "K"}};
  for (size_t k = 0; k < sizeof kNames / sizeof kNames[0]; k++)
    if (!strcmp(out, kNames[k].from)) snprintf(out, outlen, "%s", kNames[k].to);
}
