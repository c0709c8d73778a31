/* The hot code for boards of at most 128 squares. */
#define BBW 2
#include "rules/movegen_tmpl.h"
