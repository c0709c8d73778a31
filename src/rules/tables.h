/* Precomputed movement tables, packed for one bitboard width (Rules.bbw words each), and the
 * per-colour summaries the attack test uses.  Internal to rules/. */
#ifndef HERALD_RULES_TABLES_H
#define HERALD_RULES_TABLES_H

#include "rules/rules.h"

typedef struct RideEntry {
  uint8_t dir;  /* index into the direction table, already mirrored for the colour */
  uint8_t kind; /* ATOM_RIDE, ATOM_HOP or ATOM_GRASSHOP */
  uint8_t mode;
  bool royal_only;
  bool grouped;      /* served by a slider group's lookup table instead (see RuleTables) */
  bool no_same_type; /* hop: may neither leap nor take a piece of its own type (janggi) */
  int16_t limit;     /* index of the range-limit table, or -1 */
  int8_t from_zone;  /* zone the mover must stand in (initial zone for initial atoms), or -1 */
  int8_t to_zone;
} RideEntry;

/* Capturing rides or hops along one direction that are restricted (by zones at either end, by
 * range, or for hops by never leaping nor taking their own type), grouped by those restrictions:
 * the attack test reads them backwards from the target like the plain ones (janggi's palace
 * lines and cannons), instead of generating every move of every such piece. */
typedef struct LineEntry {
  uint32_t types;
  uint8_t kind; /* ATOM_RIDE or ATOM_HOP */
  bool no_same_type;
  int16_t limit;
  int8_t from_zone, to_zone;
} LineEntry;
enum { MAX_LINE_ENTRIES = 8 }; /* per colour and direction; more fall back on special_types */

typedef struct LameEntry {
  int16_t square; /* target (forward lists) or attacker (inverse lists) */
  uint8_t mode;
  int32_t leg; /* index of the mask of squares that must be empty */
} LameEntry;

/* Boards of at most 64 squares: one of a type's leaps or lame leaps as a fixed offset (squares
 * are numbered rank-major), with the squares it starts from, so that the moves of every piece
 * of the type that needs no test of its own are counted at once by shifting (perft's last
 * ply: count_legal). */
enum { MAX_STEPS = 16, MAX_STEP_LEGS = 2 };
typedef struct StepSet {
  int8_t offset; /* target - from */
  uint8_t mode;  /* MODE_MOVE, MODE_CAPTURE or MODE_BOTH */
  int8_t leg_count;
  int8_t legs[MAX_STEP_LEGS]; /* offsets of the squares that must be empty */
  uint64_t from;
} StepSet;

typedef struct RuleTables {
  int bbw, squares;
  uint64_t *board;      /* on-board squares */
  uint64_t *leap_quiet; /* [(t*2+c)*squares + sq] */
  uint64_t *leap_capture;
  uint64_t *attack_from_leap;     /* squares from which (t, c) leap-captures sq */
  uint64_t *attack_from_any_leap; /* [c*squares + sq]: the same for any type of colour c */
  int dir_count;
  int8_t dir_dx[MAX_DIRECTIONS], dir_dy[MAX_DIRECTIONS];
  uint8_t dir_reverse[MAX_DIRECTIONS];
  bool dir_increasing[MAX_DIRECTIONS];
  uint64_t *ray; /* [d*squares + sq], to the edge or a hole */
  int limit_count;
  uint64_t *limit;     /* [l*squares + sq], the first `range` squares of a ray */
  uint64_t *zone;      /* [z*2 + c] */
  uint64_t *drop_mask; /* [t*2 + c] */
  uint64_t *file_mask; /* [file] */
  /* [castling]: the squares from the outermost of its four to the other, its king's and
   * partner's own left out, which must be empty; castle_on_rank: those lie on one rank. */
  uint64_t *castle_path;
  bool castle_on_rank[MAX_CASTLINGS];
  RideEntry rides[MAX_TYPES][2][MAX_ATOMS];
  int ride_count[MAX_TYPES][2];
  /* The entries of rides[t][c] that generation tries: neither royal-only nor grouped. */
  RideEntry gen_rides[MAX_TYPES][2][MAX_ATOMS]; /* those from anywhere first, then those from a zone */
  int gen_ride_count[MAX_TYPES][2];
  uint64_t *gen_zoned_from; /* [t*2+c]: the squares some entry from a zone starts from */
  LameEntry *lame;          /* forward lists, lame_first[(t*2+c)*squares + sq] .. next */
  int *lame_first;
  LameEntry *lame_inverse; /* attackers of sq by capturing lame leaps of (t, c) */
  int *lame_inverse_first;
  uint64_t *legs;
  uint64_t *attack_from_lame; /* [(t*2+c)*squares + sq]: the squares of sq's inverse list */
  /* [(t*2+c)*squares + sq]: where a piece of (t, c) may stand to move onto sq in one move by
   * some board (a superset: legs, screens and blockers left out), so that the moves onto one
   * square are looked for among those pieces only. */
  uint64_t *move_from;
  /* Attack summaries, per attacking colour. */
  uint32_t leap_attackers[2]; /* types with capturing plain leaps */
  uint32_t lame_attackers[2];
  uint32_t rider_types[2][MAX_DIRECTIONS];                   /* unlimited, unzoned capturing rides along d */
  uint32_t hopper_types[2][MAX_DIRECTIONS];                  /* unlimited, unzoned capturing hops along d */
  LineEntry restricted[2][MAX_DIRECTIONS][MAX_LINE_ENTRIES]; /* the restricted rides and hops along d */
  uint8_t restricted_count[2][MAX_DIRECTIONS];
  /* The directions d along which the attack test looks (rider_rest, hopper_types or restricted
   * entries), as bits dir_reverse[d] (it looks back from the target), and the types it looks
   * for along them. */
  uint64_t line_backs[2];
  uint32_t line_types[2];
  uint64_t *lines_toward;    /* [sq*squares + other]: bit d when other is on ray d from sq */
  uint32_t special_types[2]; /* any other capturing ride, hop or grasshopper */
  /* Every type with a capturing ride (hop) along d, restricted or not: where pins and screens are
   * looked for. */
  uint32_t line_riders[2][MAX_DIRECTIONS], line_hoppers[2][MAX_DIRECTIONS];
  uint32_t guard_types[2]; /* the types in line_riders and line_hoppers */
  uint64_t guard_backs[2]; /* bit dir_reverse[d] for each d with line_riders or line_hoppers */
  int promo_types;         /* number of types that promote */
  /* Slider groups (boards of at most 64 squares, when the build has BMI2): a piece with all
   * four orthogonal (diagonal) unlimited rides, moving and capturing alike, finds its targets
   * with one PEXT-indexed lookup instead of four ray scans. */
  bool slider_groups;                     /* the tables below exist and grouped entries rely on them */
  uint8_t group_of[MAX_TYPES][2];         /* GROUP_ORTHOGONAL | GROUP_DIAGONAL */
  uint32_t group_types[2][2];             /* [colour][group]: types whose attacks that group gives */
  uint32_t rider_rest[2][MAX_DIRECTIONS]; /* rider_types less the grouped types */
  uint64_t group_mask[2][64];
  uint32_t group_offset[2][64];
  uint64_t *group_attacks[2];
  /* Steps (step_sets.c, boards of at most 64 squares): the types whose every move is one. */
  uint32_t step_types[2];
  StepSet steps[MAX_TYPES][2][MAX_STEPS];
  int step_count[MAX_TYPES][2];
  uint64_t step_promo_from[MAX_TYPES][2]; /* where a piece of the type may promote: counted one by one */
  uint32_t step_leapers[2];               /* the step types none of whose steps has a leg: plain leaps and slides */
} RuleTables;

enum { GROUP_ORTHOGONAL = 1, GROUP_DIAGONAL = 2 };

/* Fills the steps of a table for a board of at most 64 squares (step_sets.c). */
void tables_build_steps(const Rules *r, RuleTables *tb);

/* True when the 64-square instance of the hot code was built with PEXT (movegen_w1.c). */
bool gen_has_pext(void);

static inline const uint64_t *tbl_at(const uint64_t *base, int bbw, int index) { return base + (size_t)index * bbw; }

#endif
