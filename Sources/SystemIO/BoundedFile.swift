import Foundation

/// Reads a whole file only after checking, on the open descriptor, that it is a regular file no
/// bigger than a cap: a 100 MB `dock.json`, a 15 MB symbol or a FIFO in place of a font costs one
/// `fstat`, not gigabytes and minutes. Every file the app reads whole goes through here.
public enum BoundedFile {
    /// Why a file was not read, in words for a one-line message (`"is 100 MB, over the 1 MB limit"`).
    public struct Problem: Error, CustomStringConvertible {
        public enum Kind: Equatable, Sendable { case missing, folder, notRegular, tooLarge, unreadable }
        public var kind: Kind
        public var description: String
        public init(kind: Kind, description: String) {
            self.kind = kind
            self.description = description
        }
    }

    public static func read(_ path: String, maxBytes: Int) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let e = errno
            if e == EISDIR { throw Problem(kind: .folder, description: "is a folder, not a file") }
            throw Problem(kind: e == ENOENT || e == ENOTDIR ? .missing : .unreadable, description: reason(e))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Problem(kind: .unreadable, description: reason(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw Problem(kind: .folder, description: "is a folder, not a file")
        default: throw Problem(kind: .notRegular, description: "is not a regular file")
        }
        let size = Int(info.st_size)
        guard size <= maxBytes else {
            throw Problem(kind: .tooLarge, description: "is \(megabytes(size)), over the \(megabytes(maxBytes)) limit")
        }
        // One byte more than the cap is asked for, so a file that grew since fstat is still refused.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if n < 0 { throw Problem(kind: .unreadable, description: reason(errno)) }
            if n == 0 { break }
            count += n
            if count > maxBytes { throw Problem(kind: .tooLarge, description: "grew past the \(megabytes(maxBytes)) limit while read") }
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// True for a regular file within the cap (for files handed to a library by path).
    public static func isRegularFile(_ path: String, maxBytes: Int) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && Int(info.st_size) <= maxBytes
    }

    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "does not exist"
        case ENOTDIR: return "does not exist (a folder on its path is a file)"
        case EACCES, EPERM: return "cannot be read (permission denied)"
        default: return "cannot be read (\(String(cString: strerror(code))))"
        }
    }

    public static func megabytes(_ bytes: Int) -> String {
        if bytes < 1 << 20 { return "\(max(1, bytes >> 10)) KB" }
        let mb = Double(bytes) / Double(1 << 20)
        return mb == mb.rounded() || mb >= 10 ? "\(Int(mb.rounded())) MB" : String(format: "%.1f MB", mb)
    }
}
