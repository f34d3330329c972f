/// A snapshot of the pipeline's counters, for the HUD, the benchmark and tests.
public struct ImagePipelineStats: Equatable, CustomStringConvertible {
    /// Bytes and number of textures held by the cache.
    public var textureBytes = 0
    public var textureCount = 0
    /// Jobs waiting for a worker, and jobs a worker is decoding.
    public var queued = 0
    public var inFlight = 0
    /// Decodes finished but not yet uploaded (or dropped) by `pump`.
    public var waitingForUpload = 0
    /// Totals since the pipeline started.
    public var decoded = 0
    public var failed = 0
    public var uploads = 0
    public var evictions = 0
    /// Prefetched decodes thrown away because keeping them would have evicted something more wanted.
    public var discarded = 0
    /// Decodes stopped midway because nobody wanted them any more.
    public var cancelled = 0
    /// Cached thumbnails shown first, while the file decoded at a size larger than any thumbnail.
    public var thumbnailsFirst = 0
    /// Of `decoded`: pictures made from the thumbnail the file carries (a camera's EXIF one at least
    /// the cell's size, a HEIF's), the file's own pixels never decoded.
    public var embeddedThumbnails = 0
    /// Camera thumbnails smaller than their cell shown, blurred up, while the file decoded.
    public var embeddedPlaceholders = 0

    public init() {}

    public var description: String {
        "textures \(textureCount) (\(textureBytes / 1024) KiB), queued \(queued), in flight \(inFlight), "
            + "waiting \(waitingForUpload), decoded \(decoded), failed \(failed), uploads \(uploads), "
            + "evictions \(evictions), discarded \(discarded), cancelled \(cancelled), thumbnails first \(thumbnailsFirst), "
            + "embedded thumbnails \(embeddedThumbnails), embedded placeholders \(embeddedPlaceholders)"
    }
}
