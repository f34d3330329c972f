import Foundation

/// Why one image file cannot be shown, in a few words a person can act on.
public struct ImageLoadError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    /// The decode was stopped by its cancel flag: says nothing about the file.
    public var isCancellation = false
    /// Says nothing lasting about the file (out of memory, too many open files, the file still
    /// being written): tried again later, never remembered as the file's failure.
    public var isTransient = false

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    init(path: String, refusal: ImageRefusal) {
        self.init(path: path, reason: refusal.reason)
        isTransient = refusal.isTransient
    }

    static func cancelled(path: String) -> ImageLoadError {
        var e = ImageLoadError(path: path, reason: "decode cancelled")
        e.isCancellation = true
        return e
    }

    /// The file name alone, as a person reads it (`PathBytes.display`): log lines stay short and the
    /// folder is the same for every photo.
    public var fileName: String {
        PathBytes.display(path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path)
    }

    public var description: String { "image \(fileName): \(reason)\(isTransient ? " (tried again later)" : "")" }

    /// Starts the reason when the file's folder, not the file, is the problem: logged once per folder.
    package static let folderPrefix = "its folder "
    package var isFolderProblem: Bool { reason.hasPrefix(ImageLoadError.folderPrefix) }
}

/// A reason without a path yet; `PhotoDecoder.decode` attaches the path.
package struct ImageRefusal: Error {
    package var reason: String
    /// The bytes ran out before the header did (a probe of a file's first bytes may read more).
    var isTruncation = false
    /// Says nothing lasting about the file (out of memory, too many open files, the file changing
    /// while read): not remembered as a failure.
    var isTransient = false
    init(_ reason: String, truncation: Bool = false, transient: Bool = false) {
        self.reason = reason
        isTruncation = truncation
        isTransient = transient
    }

    /// The same refusal, marked as saying nothing lasting about the file.
    var transient: ImageRefusal { ImageRefusal(reason, truncation: isTruncation, transient: true) }

    /// System errors that pass: memory, descriptors, an interrupted or would-block call, I/O.
    static func isTransient(errno code: Int32) -> Bool {
        [ENOMEM, EMFILE, ENFILE, EINTR, EAGAIN, EIO, ENOBUFS, ETXTBSY].contains(code)
    }

    /// SDL (its loaders) and libpng say "Out of memory" in their message; nothing else says which.
    static func saysOutOfMemory(_ message: String) -> Bool {
        message.range(of: "out of memory", options: .caseInsensitive) != nil || message.contains("Insufficient memory")
    }
}
