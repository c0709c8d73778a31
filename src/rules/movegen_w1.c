/* The hot code for boards of at most 64 squares. */
#define BBW 1
#include "rules/movegen_tmpl.h"
