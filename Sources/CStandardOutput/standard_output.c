#include "cg_standard_output.h"

FILE *cg_standard_output(void) { return stdout; }
