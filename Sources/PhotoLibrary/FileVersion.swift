import Foundation

/// One version of a file: its size and its modification time to the nanosecond. A copy finishing
/// within the second its first bytes were read has another version, though not another whole-
/// second MTime (the thumbnail standard's key), so what is remembered about a file is keyed on this.
struct FileVersion: Equatable {
    var size: Int
    var seconds: Int
    var nanoseconds: Int

    init(size: Int, seconds: Int, nanoseconds: Int) {
        self.size = size
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    init(_ info: stat) {
        self.init(size: Int(info.st_size), seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
    }

    /// The version at `path` now (following links), nil when it cannot be had.
    init?(path: String) {
        var info = stat()
        guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else { return nil }
        self.init(info)
    }

    /// `seconds.nanoseconds`, as the fail folder's `CoffeeGrid::MTime` key holds it.
    var stamp: String { "\(seconds)." + String(String(nanoseconds + 1_000_000_000).dropFirst()) }

    /// A failure says something lasting about the file only if what was read is the whole of one
    /// version: the file still has the version it had before the read, and all of it was read. A
    /// file still being written (a copy in progress) changes size or time under the reader.
    static func isSettled(before: FileVersion, bytesRead: Int, path: String) -> Bool {
        bytesRead == before.size && FileVersion(path: path) == before
    }
}
