/* Giving freed memory back to the system after a large decode (glibc keeps it in the arena). */
#include <malloc.h>
#include "cg_codecs.h"

void cg_release_free_memory(void) { malloc_trim(0); }

/* Big blocks (up to 32 MB) from the heap rather than a fresh mapping each, and up to `kept` bytes
 * of free heap not given back (see HeapPolicy.swift). */
void cg_heap_keep_big_blocks(size_t kept) {
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, kept > (size_t)0x7fffffff ? 0x7fffffff : (int)kept);
}
