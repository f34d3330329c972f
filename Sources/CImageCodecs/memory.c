/* Giving freed memory back to the system after a large decode (glibc keeps it in the arena). */
#include <malloc.h>
#include "cg_codecs.h"

void cg_release_free_memory(void) { malloc_trim(0); }
