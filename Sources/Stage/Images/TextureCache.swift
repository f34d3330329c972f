import PhotoLibrary

/// Uploaded textures by file, each made for a size bucket, with what eviction needs to rank them.
/// Render thread only. A file usually has one entry; a larger decode replaces the smaller ones it covers.
final class TextureCache {
    struct Entry {
        let texture: Texture
        let bucket: SizeBucket
        let isLargestPossible: Bool
        /// How the picture was had.
        let origin: DecodePath
        /// Last frame a `request` or `prefetch` touched it, and last frame a `request` did.
        var lastUsedFrame: Int
        var lastRequestFrame: Int
        var priority: Double
        /// The part of the photo the texture holds, and the whole photo's width ÷ height.
        let part: ImagePart
        let sourceAspect: Double

        var bytes: Int { texture.byteCount }

        /// The whole photo's size at the texture's scale (the texture's own size when it holds it all).
        var wholeWidth: Int { part.wholeSize(width: texture.pixelWidth, height: texture.pixelHeight).width }
        var wholeHeight: Int { part.wholeSize(width: texture.pixelWidth, height: texture.pixelHeight).height }

        /// Holds all a cell of `aspect` shows of the photo `.scaledToFill()` (nil: the whole photo).
        func holdsShown(_ aspect: Double?) -> Bool {
            part.isWhole || aspect.map { part.contains(ImagePart.shown(aspect: $0, sourceAspect: sourceAspect)) } ?? false
        }

        var rank: Rank { Rank(lastUsedFrame: lastUsedFrame, priority: priority) }

        /// Good enough for a request that rounds up to `wanted` from a cell of `aspect`.
        func covers(_ wanted: SizeBucket, aspect: Double?) -> Bool {
            holdsShown(aspect) && TextureCache.covers(wanted, bucket: bucket, width: wholeWidth, height: wholeHeight,
                                                      largest: isLargestPossible)
        }
    }

    /// Eviction order: least recently used first, then farthest away.
    struct Rank {
        var lastUsedFrame: Int
        var priority: Double
        func goesBefore(_ other: Rank) -> Bool {
            lastUsedFrame != other.lastUsedFrame ? lastUsedFrame < other.lastUsedFrame : priority > other.priority
        }
    }

    static func covers(_ wanted: SizeBucket, bucket: SizeBucket, width: Int, height: Int, largest: Bool) -> Bool {
        largest || bucket.covers(wanted) || (width >= wanted.width && height >= wanted.height)
    }

    private(set) var entries: [String: [Entry]] = [:]
    private(set) var bytes = 0
    private(set) var count = 0
    private(set) var evictions = 0

    /// The smallest entry covering `wanted` for a cell of `aspect`, else the largest that holds what
    /// the cell shows, else the largest there is.
    func best(for path: String, wanted: SizeBucket, aspect: Double?) -> (index: Int, covers: Bool)? {
        guard let list = entries[path], !list.isEmpty else { return nil }
        let area = { (e: Entry) in e.wholeWidth * e.wholeHeight }
        let covering = list.indices.filter { list[$0].covers(wanted, aspect: aspect) }
        if let i = covering.min(by: { area(list[$0]) < area(list[$1]) }) { return (i, true) }
        let holding = list.indices.filter { list[$0].holdsShown(aspect) }
        return (holding.max(by: { area(list[$0]) < area(list[$1]) }) ?? list.indices.max(by: { area(list[$0]) < area(list[$1]) })!, false)
    }

    func touch(_ path: String, _ index: Int, frame: Int, priority: Double, requested: Bool) -> Texture {
        var e = entries[path]![index]
        if e.lastUsedFrame != frame { e.priority = priority } else { e.priority = min(e.priority, priority) }
        e.lastUsedFrame = frame
        if requested { e.lastRequestFrame = frame }
        entries[path]![index] = e
        return e.texture
    }

    /// What a new texture is, for deciding which old ones of the same file it makes pointless.
    struct Incoming {
        let bucket: SizeBucket
        /// The whole photo's size at the texture's scale.
        let wholeWidth: Int
        let wholeHeight: Int
        let largest: Bool
        let part: ImagePart
    }

    /// Whether a new texture makes an old one of the same file pointless: it holds all the old one
    /// does, at least as sharp.
    private static func replaces(_ old: Entry, _ new: Incoming) -> Bool {
        new.part.contains(old.part)
            && covers(old.bucket, bucket: new.bucket, width: new.wholeWidth, height: new.wholeHeight, largest: new.largest)
            && new.wholeWidth >= old.wholeWidth
    }

    /// An entry already holds all of `new`'s part at least as sharp: a texture like `new` adds nothing.
    func holdsAll(_ path: String, _ new: Incoming) -> Bool {
        (entries[path] ?? []).contains { old in
            old.part.contains(new.part)
                && Self.covers(new.bucket, bucket: old.bucket, width: old.wholeWidth, height: old.wholeHeight, largest: old.isLargestPossible)
        }
    }

    /// Bytes that inserting a texture like this would free by replacing entries of the same file.
    func bytesReplaced(_ path: String, _ new: Incoming) -> Int {
        (entries[path] ?? []).filter { Self.replaces($0, new) }.reduce(0) { $0 + $1.bytes }
    }

    /// Adds `entry`, dropping this file's entries it covers (not counted as evictions: nothing is lost).
    func insert(_ path: String, _ entry: Entry) {
        var list = entries[path] ?? []
        let new = Incoming(bucket: entry.bucket, wholeWidth: entry.wholeWidth, wholeHeight: entry.wholeHeight,
                           largest: entry.isLargestPossible, part: entry.part)
        list.removeAll { old in
            let covered = Self.replaces(old, new)
            if covered { bytes -= old.bytes; count -= 1 }
            return covered
        }
        list.append(entry)
        entries[path] = list
        bytes += entry.bytes
        count += 1
    }

    /// The file was renamed: its pictures are the new name's (what the new name had is dropped).
    func rename(_ old: String, to new: String) {
        guard old != new, let list = entries.removeValue(forKey: old) else { return }
        removeAll(new)
        entries[new] = list
    }

    func removeAll(_ path: String) {
        for e in entries.removeValue(forKey: path) ?? [] {
            bytes -= e.bytes
            count -= 1
        }
    }

    /// Bytes that evicting every entry allowed by `evictable` would free, leaving out one file's
    /// entries (those a new texture of that file replaces are counted by `bytesReplaced`).
    func freeable(excluding path: String, where evictable: (Entry) -> Bool) -> Int {
        entries.filter { $0.key != path }.values.joined().filter(evictable).reduce(0) { $0 + $1.bytes }
    }

    /// Evicts allowed entries, in eviction order, until `incoming` more bytes fit in `budget` or
    /// nothing allowed is left. Returns whether it fits.
    @discardableResult
    func makeRoom(for incoming: Int, budget: Int, where evictable: (Entry) -> Bool) -> Bool {
        guard bytes + incoming > budget else { return true }
        var victims: [(path: String, entry: Entry)] = []
        for (path, list) in entries {
            for e in list where evictable(e) { victims.append((path, e)) }
        }
        victims.sort { $0.entry.rank.goesBefore($1.entry.rank) }
        for v in victims {
            guard bytes + incoming > budget else { break }
            entries[v.path]!.removeAll { $0.texture === v.entry.texture }
            if entries[v.path]!.isEmpty { entries[v.path] = nil }
            bytes -= v.entry.bytes
            count -= 1
            evictions += 1
        }
        return bytes + incoming <= budget
    }

    func removeEverything() {
        entries.removeAll()
        bytes = 0
        count = 0
    }
}

extension TextureCache.Incoming {
    /// `image` as a texture made for `bucket` would be.
    init(_ image: DecodedImage, bucket: SizeBucket) {
        let whole = image.part.wholeSize(width: image.pixelWidth, height: image.pixelHeight)
        self.init(bucket: bucket, wholeWidth: whole.width, wholeHeight: whole.height, largest: image.isLargestPossible, part: image.part)
    }
}
