/* A preset's pieces as types of the rules model: each label's def (or 2004-style Post-Move
 * expression) compiled into atoms for both colours, checked to agree between the colours, or
 * handed to the oracle with the reason and candidate moves. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge/br_internal.h"
#include "rules/betza.h"

/* Whether White's compiled moves a and Black's b (each in its own frame) are the same piece:
 * mirror images, or with turned, images turned half round (Black's files reversed too). */
static bool same_compiled(const BrCompiled *a, const BrCompiled *b, bool turned) {
  if (a->count != b->count || a->ep_capture != b->ep_capture || a->ep_ranks != b->ep_ranks) return false;
  for (int i = 0; i < a->count; i++) {
    bool found = false;
    for (int j = 0; j < b->count && !found; j++) {
      Atom image = b->atoms[j];
      if (turned) image.dx = (int8_t)-image.dx;
      found = !memcmp(&a->atoms[i], &image, sizeof(Atom)) && a->from_ranks[i] == b->from_ranks[j];
    }
    if (!found) return false;
  }
  return true;
}

/* A zone for a set of ranks (White's frame), which must be contiguous. */
int br_zone_for_ranks(Rules *r, uint32_t ranks) {
  int lo = __builtin_ctz(ranks), hi = 31 - __builtin_clz(ranks);
  for (int k = lo; k <= hi; k++)
    if (!(ranks >> k & 1)) return -2;
  char name[16];
  snprintf(name, sizeof name, "ranks %d-%d", lo + 1, hi + 1);
  for (int z = 0; z < r->zone_count; z++)
    if (!strcmp(r->zone_name[z], name)) return z;
  return rules_add_zone(r, name, 0, r->geo.width - 1, lo, hi);
}

static bool lookup_def(void *ctx, const char *name, char *out, int outlen) {
  return br_find_def((const BrCode *)ctx, name, out, outlen);
}

/* The candidates of an oracle type for colour c, in words: its atoms (their Betza, or how many
 * leaps where Betza has no letters for them) and the squares every-square candidates allow. */
static void describe_candidates(const PieceType *pt, int c, char *out, int outlen) {
  char atoms[80] = "";
  if (pt->atom_count && strcmp(pt->betza, "?"))
    snprintf(atoms, sizeof atoms, "%s", pt->betza);
  else if (pt->atom_count)
    snprintf(atoms, sizeof atoms, "the squares of %d leaps", pt->atom_count);
  const char *squares = !pt->any_square || (!pt->any_square_empty[c] && !pt->any_square_takes[c]) ? ""
                        : pt->any_square_takes[c] == ~0u && pt->any_square_empty[c]               ? "every square"
                        : pt->any_square_takes[c] == 0                                            ? "every empty square"
                        : pt->any_square_empty[c]
                            ? "every empty square and the squares of the enemy pieces its def names"
                            : "the squares of the enemy pieces its def names";
  snprintf(out, (size_t)outlen, "%s%s%s", atoms, atoms[0] && squares[0] ? ", and " : "", squares);
  if (!out[0]) snprintf(out, (size_t)outlen, "no square");
}

/* Compiles the movement of both labels of one type into it. */
bool br_codename(BrGame *g, const char *label, char *out, int outlen) {
  char expr[GC_LABEL_MAX + 8];
  snprintf(expr, sizeof expr, "const %s", label);
  GcValue v = gc_null();
  GcError ge;
  bool ok = gc_eval_expr(g->gc, expr, &v, &ge) == GC_OK && v.type == GC_STR && v.u.s[0] && strcmp(v.u.s, label) &&
            (int)strlen(v.u.s) < outlen;
  if (ok) snprintf(out, outlen, "%s", v.u.s);
  gc_release(&v);
  return ok;
}

void br_compile_type(BrGame *g, int type, const BrCode *code, BrPiece *pcs[2]) {
  Rules *r = &g->rules;
  BrCompiled comp[2];
  bool ok[2] = {false, false};
  char reason[2][BR_REASON_LEN];
  const char *source[2] = {"def", "def"};
  static _Thread_local char bodies[2][4096];
  bool have_body[2] = {false, false}, statements[2] = {false, false};
  for (int c = 0; c < 2; c++) {
    if (!pcs[c]) continue;
    char *body = bodies[c];
    g->filter_def[type][c][0] = 0;
    bool from_def = code && br_find_def(code, pcs[c]->label, body, sizeof bodies[c]);
    char codename[GC_LABEL_MAX * 2];
    const char *def_name = pcs[c]->label;
    if (!from_def && code && br_codename(g, pcs[c]->label, codename, sizeof codename))
      from_def = br_find_def(code, codename, body, sizeof bodies[c]), def_name = codename;
    bool folded = false;
    if (!from_def && !(code && br_find_referee_expr(code, pcs[c]->label, body, sizeof bodies[c]))) {
      char why[BR_REASON_LEN];
      folded = code && br_fold_moved_block(code, pcs[c]->label, body, sizeof bodies[c], why, sizeof why);
      if (!folded) {
        int first, end;
        if (code && br_moved_block_range(code, pcs[c]->label, &first, &end))
          snprintf(reason[c], BR_REASON_LEN,
                   "no def function named %s, and its Post-Move block cannot be folded: %.160s", pcs[c]->label, why);
        else
          snprintf(reason[c], BR_REASON_LEN, "no def function named %s, and no Post-Move code tests `equal moved %s`",
                   pcs[c]->label, pcs[c]->label);
        /* The oracle's candidates then come from the Post-Move code of the label. */
        have_body[c] = statements[c] = code && br_find_moved_block(code, pcs[c]->label, body, sizeof bodies[c]);
        continue;
      }
    }
    have_body[c] = true;
    source[c] = from_def ? "def" : folded ? "Post-Move block" : "Post-Move `set legal`";
    ok[c] = br_compile_def_with(r, body, c, lookup_def, (void *)code, &comp[c], reason[c], BR_REASON_LEN);
    /* A def the compiler cannot read is still the piece's movement: the oracle asks it first
     * (BrGame.filter_def). */
    if (!ok[c] && from_def) snprintf(g->filter_def[type][c], sizeof g->filter_def[type][c], "%s", def_name);
    if (!ok[c] && folded) /* the oracle's candidates come from the block itself */
      statements[c] = br_find_moved_block(code, pcs[c]->label, body, sizeof bodies[c]);
  }
  int use = ok[0] ? 0 : ok[1] ? 1 : -1;
  PieceType *pt = &r->types[type];
  pt->turned = false;
  if (ok[0] && pcs[1] && ok[1] && !same_compiled(&comp[0], &comp[1], false)) {
    /* Not mirror images; images turned half round (Legan Chess's Pawns) are one piece too,
     * unless the moves are symmetric left to right, where both readings agree. */
    pt->turned = same_compiled(&comp[0], &comp[1], true);
    if (!pt->turned) {
      ok[0] = ok[1] = false, use = -1;
      for (int c = 0; c < 2; c++)
        snprintf(reason[c], BR_REASON_LEN, "the defs of %s and %s are neither mirror images nor turned half round",
                 pcs[0]->label, pcs[1]->label);
    }
  }
  if (use >= 0) {
    for (int i = 0; i < comp[use].count; i++) {
      Atom a = comp[use].atoms[i];
      if (comp[use].from_ranks[i] != ~0u) {
        int z = br_zone_for_ranks(r, comp[use].from_ranks[i]);
        if (z < 0) {
          ok[0] = ok[1] = false;
          for (int c = 0; c < 2; c++)
            snprintf(reason[c], BR_REASON_LEN, "a move allowed from ranks that are not contiguous");
          pt->atom_count = 0;
          break;
        }
        a.from_zone = (int8_t)z;
      }
      pt->atoms[pt->atom_count++] = a;
    }
    if (comp[use].ep_capture) pt->ep_capturer = pt->ep_creator = pt->resets_clock = true;
    if (comp[use].ep_capture && comp[use].ep_ranks != ~0u) {
      int z = br_zone_for_ranks(r, comp[use].ep_ranks);
      if (z < 0) {
        ok[0] = ok[1] = false;
        for (int c = 0; c < 2; c++) snprintf(reason[c], BR_REASON_LEN, "en passant onto ranks that are not contiguous");
        pt->atom_count = 0;
      }
      pt->ep_zone = z < 0 ? NO_ZONE : z;
    }
    betza_write(pt->atoms, pt->atom_count, pt->betza, sizeof pt->betza);
  }
  char among[2][BR_REASON_LEN / 2] = {"", ""}; /* the oracle's candidates, in words */
  if (!(ok[0] || !pcs[0]) || !(ok[1] || !pcs[1])) {
    /* Not a full copy of the preset: the oracle decides, the atoms only propose. */
    const char *const cand[2] = {have_body[0] ? bodies[0] : NULL, have_body[1] ? bodies[1] : NULL};
    br_set_candidates(g, pt, cand, statements, code);
    pt->ep_capturer = pt->ep_creator = pt->resets_clock = false;
    betza_write(pt->atoms, pt->atom_count, pt->betza, sizeof pt->betza);
    for (int c = 0; c < 2; c++) describe_candidates(pt, c, among[c], sizeof among[c]);
    if (pt->any_square) snprintf(pt->betza, sizeof pt->betza, "?");
  }
  for (int c = 0; c < 2; c++) {
    if (!pcs[c]) continue;
    pcs[c]->compiled = ok[c] && (ok[1 - c] || !pcs[1 - c]);
    if (pcs[c]->compiled)
      snprintf(pcs[c]->reason, BR_REASON_LEN, "from its %s: %s (%d atoms)%s%s", source[c], pt->betza, pt->atom_count,
               pt->ep_capturer ? ", en passant" : "", pt->turned ? ", Black's turned half round" : "");
    else if (ok[c])
      snprintf(pcs[c]->reason, BR_REASON_LEN, "its partner label is oracle-backed");
    else
      snprintf(pcs[c]->reason, BR_REASON_LEN, "%.190s; the referee decides among %s%s", reason[c], among[c],
               g->filter_def[type][c][0] ? " that its def allows" : "");
  }
}
