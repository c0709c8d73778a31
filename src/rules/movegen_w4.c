/* The hot code for boards of at most 256 squares. */
#define BBW 4
#include "rules/movegen_tmpl.h"
