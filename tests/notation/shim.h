// The notation module's C headers for the GoogleTest suites (each carries its extern "C").
#ifndef HERALD_TESTS_NOTATION_SHIM_H
#define HERALD_TESTS_NOTATION_SHIM_H

#include "core_shim.h"
#include "notation/epd.h"
#include "notation/notation.h"
#include "notation/pgn.h"
#include "notation/records.h"

#endif
