#ifndef CG_STANDARD_OUTPUT_H
#define CG_STANDARD_OUTPUT_H
#include <stdio.h>

/* Swift 6 refuses C's `stdout` (a mutable global). The stream itself is only flushed and asked for its
   error flag from the thread that ends the process, so handing it out through a function is safe. */
FILE *cg_standard_output(void);

#endif
