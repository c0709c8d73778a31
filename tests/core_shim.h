// The core engine's C headers, for the GoogleTest suites.  Each header carries its own
// extern "C" guard, so this shim only gathers them in one place.
#ifndef HERALD_TESTS_CORE_SHIM_H
#define HERALD_TESTS_CORE_SHIM_H

#include "board/bitboard.h"
#include "board/geometry.h"
#include "rules/betza.h"
#include "rules/reference_rules.h"
#include "rules/move.h"
#include "rules/position.h"
#include "rules/rules.h"

#endif
