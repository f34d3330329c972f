import Foundation

/// Reading, validating and writing the cache's PNG files.
extension ThumbnailCache {
    /// A thumbnail found in the cache and valid for the file (URI and MTime match).
    struct Found {
        let pixels: PixelBuffer
        /// The original's upright size, when the thumbnail says (`Thumb::Image::Width/Height`).
        let original: (width: Int, height: Int)?
    }

    /// The file's thumbnail of `flavor` if there is one and it is not stale. A stale one is counted
    /// (the caller makes a new one, which replaces it).
    func load(uri: String, version: FileVersion, flavor: Flavor) -> Found? {
        let path = file(forURI: uri, flavor: flavor)
        guard let bytes = try? PhotoDecoder.readFile(path, limits: ThumbnailCache.fileLimits) else { return nil }
        return bytes.withUnsafeBytes { raw -> Found? in
            // Our keys come before the pixels, so a stale thumbnail of ours costs no decode; other
            // writers (ImageMagick) put them after, and are read whole first.
            guard let header = try? PNGCodec.decode(raw, headerOnly: true) else { return nil }
            var text = header.text
            var decoded: PNGCodec.Decoded?
            if text["Thumb::URI"] == nil || text["Thumb::MTime"] == nil {
                guard let whole = try? PNGCodec.decode(raw) else { return nil }
                decoded = whole
                text = whole.text
            }
            guard isValid(text, uri: uri, version: version) else {
                if text["Thumb::URI"] == uri { count { $0.stale += 1 } }
                return nil
            }
            if decoded == nil { decoded = try? PNGCodec.decode(raw) }
            guard let pixels = decoded?.pixels else { return nil }
            let w = text["Thumb::Image::Width"].flatMap(Int.init), h = text["Thumb::Image::Height"].flatMap(Int.init)
            return Found(pixels: pixels, original: (w ?? 0) > 0 && (h ?? 0) > 0 ? (w!, h!) : nil)
        }
    }

    /// Whether a valid `flavor` thumbnail of the file is there, without decoding its pixels when its
    /// keys come before them (ours do).
    func contains(uri: String, version: FileVersion, flavor: Flavor) -> Bool {
        guard let bytes = try? PhotoDecoder.readFile(file(forURI: uri, flavor: flavor), limits: ThumbnailCache.fileLimits) else { return false }
        return bytes.withUnsafeBytes { raw -> Bool in
            guard let header = try? PNGCodec.decode(raw, headerOnly: true) else { return false }
            if header.text["Thumb::URI"] != nil && header.text["Thumb::MTime"] != nil { return isValid(header.text, uri: uri, version: version) }
            guard let whole = try? PNGCodec.decode(raw) else { return false }
            return isValid(whole.text, uri: uri, version: version)
        }
    }

    /// The reason a file failed before, if the fail folder remembers it for this version of the
    /// file: its size and its modification time to the nanosecond, not only the whole second (a copy
    /// that finished within the second of a failed read stayed "truncated" on every launch).
    func rememberedFailure(uri: String, version: FileVersion) -> String? {
        guard let bytes = try? PhotoDecoder.readFile(failFile(forURI: uri), limits: ThumbnailCache.fileLimits),
              let header = try? bytes.withUnsafeBytes({ try PNGCodec.decode($0, headerOnly: true) }),
              isValid(header.text, uri: uri, version: version),
              header.text["Thumb::Size"] != nil, header.text[ThumbnailCache.mtimeKey] == version.stamp else { return nil }
        count { $0.failuresRemembered += 1 }
        return header.text[ThumbnailCache.reasonKey] ?? "could not be read before (thumbnail cache)"
    }

    /// URI and MTime match (the standard's test), and the size too when the thumbnail records it, and
    /// the nanoseconds when it records those (ours do): a file rewritten within the second at the same
    /// size (a photo overwritten by something else, issue 24) is another version, not the old picture.
    private func isValid(_ text: [String: String], uri: String, version: FileVersion) -> Bool {
        func number(_ key: String) -> Int? { text[key].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
        return text["Thumb::URI"] == uri && number("Thumb::MTime") == version.seconds
            && (text["Thumb::Size"] == nil || number("Thumb::Size") == version.size)
            && (text[ThumbnailCache.mtimeKey] == nil || text[ThumbnailCache.mtimeKey] == version.stamp)
    }

    /// Our own key in a fail entry: why the file failed, so the one log line says the same again.
    static let reasonKey = "CoffeeGrid::Reason"
    /// Our own key in a fail entry: the modification time to the nanosecond (`FileVersion.stamp`).
    static let mtimeKey = "CoffeeGrid::MTime"
    /// Thumbnails are small; anything bigger in the cache is not one of them.
    static let fileLimits = ImageLimits(maxFileBytes: 16 << 20, maxSide: 4096, maxPixels: 16 << 20)

    /// What the original file is, as the keys record it.
    struct Original {
        let uri: String
        let mtime: Int
        /// The modification time to the nanosecond (`FileVersion.stamp`), written beside the standard's.
        var stamp: String? = nil
        let size: Int
        let width: Int
        let height: Int
        let mimeType: String?
    }

    /// Writes the thumbnail of `original` for `flavor`. A failure to write (read-only or full disk)
    /// is counted, never thrown: the photo is shown all the same.
    func store(_ image: PixelBuffer, of original: Original, flavor: Flavor) {
        var text = [("Thumb::URI", original.uri), ("Thumb::MTime", String(original.mtime)), ("Thumb::Size", String(original.size)),
                    ("Thumb::Image::Width", String(original.width)), ("Thumb::Image::Height", String(original.height))]
        if let m = original.mimeType { text.append(("Thumb::Mimetype", m)) }
        if let stamp = original.stamp { text.append((ThumbnailCache.mtimeKey, stamp)) }
        text.append(("Software", software))
        do {
            // zlib level 1: thumbnails of photos hardly compress further, and writing is on the path
            // to the first screen.
            let data = try PNGCodec.encode(image, text: text, level: 1)
            try writeAtomically(data, to: file(forURI: original.uri, flavor: flavor))
            count { $0.written += 1 }
        } catch {
            noteWriteProblem((error as? WriteError)?.reason ?? "\(error)")
        }
    }

    /// The empty PNG (one transparent pixel) that says a readable file could not be thumbnailed:
    /// this version of it (`Thumb::Size` and our nanosecond `CoffeeGrid::MTime` beside the standard's MTime).
    func storeFailure(uri: String, version: FileVersion, reason: String) {
        guard let pixel = PixelBuffer(width: 1, height: 1) else { return }
        pixel.row(0)[0] = 0
        do {
            let data = try PNGCodec.encode(pixel, text: [("Thumb::URI", uri), ("Thumb::MTime", String(version.seconds)),
                                                         ("Thumb::Size", String(version.size)), (ThumbnailCache.mtimeKey, version.stamp),
                                                         (ThumbnailCache.reasonKey, reason), ("Software", software)], level: 1)
            try writeAtomically(data, to: failFile(forURI: uri))
            count { $0.failuresWritten += 1 }
        } catch {
            noteWriteProblem((error as? WriteError)?.reason ?? "\(error)")
        }
    }

    struct WriteError: Error { let reason: String }

    /// Temporary file (0600, unique name) in the same folder, then rename: a reader never sees half
    /// a thumbnail, and two writers of the same one leave one whole file.
    func writeAtomically(_ data: Data, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try makeFolders(folder)
        let temp = "\(folder)/.\((path as NSString).lastPathComponent).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw WriteError(reason: String(cString: strerror(errno))) }
        var ok = data.withUnsafeBytes { raw -> Bool in
            var done = 0
            while done < raw.count {
                let n = write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                done += n
            }
            return true
        }
        ok = fchmod(fd, 0o600) == 0 && ok
        ok = close(fd) == 0 && ok
        guard ok, rename(temp, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            throw WriteError(reason: reason)
        }
    }

    /// Creates `folder` and any missing parent, each 0700 (existing folders are left as they are).
    func makeFolders(_ folder: String) throws {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue { return }
        let parent = (folder as NSString).deletingLastPathComponent
        if parent != folder && !parent.isEmpty { try makeFolders(parent) }
        if mkdir(folder, 0o700) != 0 && errno != EEXIST { throw WriteError(reason: String(cString: strerror(errno))) }
    }
}
