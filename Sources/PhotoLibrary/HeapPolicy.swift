import CImageCodecs

/// How the process's heap treats the big blocks photos go through: a decode's buffers, its
/// downscale, the texture the render thread copies it into — megabytes each, several a second while
/// a feed scrolls. glibc's default gives each block over 128 KB (rising with use) a mapping of its
/// own, fresh from the kernel, and gives free memory back above a few MB: so the next decode's pages
/// fault and are cleared by the kernel again, in the decoder and the render thread alike. Kept
/// instead: blocks up to 32 MB from the heap (`M_MMAP_THRESHOLD`), up to 64 MB of it free and not
/// given back (`M_TRIM_THRESHOLD`: a worker's heap is at most 64 MB, so a worker never gives back the
/// buffers it will use for its next photo).
///
/// Measured (the feed's scroll, software renderer, the same binary with and without, four alternate
/// rounds): p99 7.86–9.50 → 4.72–6.08 ms; with 32 MB kept instead, no gain (9.28–10.2); RSS of a
/// scroll through the feed +6–10 MB. `DecodeMemory` still gives memory back after a decode over
/// 32 MB (`malloc_trim`).
public enum HeapPolicy {
    public static let kept = 64 << 20

    /// Once, at startup, before threads allocate (later calls are harmless).
    public static func keepBigBlocks() { cg_heap_keep_big_blocks(kept) }
}
