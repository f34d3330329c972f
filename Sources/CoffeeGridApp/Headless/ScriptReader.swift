import Foundation
import SystemIO

/// A `--script` read line by line as it arrives, from a file or a pipe (`-` is standard input),
/// in bounded memory: each line runs before the next is read, so `yes 'move 10 10' | coffeegrid
/// --headless --script -` moves forever in a few megabytes. A line longer than `maxLineBytes`, a
/// NUL byte or bytes that are not UTF-8 are an error naming the line; a signal ends the reading.
final class ScriptReader {
    static let maxLineBytes = 64 << 10
    private static let chunk = 64 << 10

    let path: String
    private let fd: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEOF = false
    private(set) var lineNumber = 0

    /// Opens `path` (`-` for standard input). A missing or unreadable file is a usage error.
    init(path: String) throws {
        self.path = path
        if path == "-" {
            fd = STDIN_FILENO
            ownsDescriptor = false
            return
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw UsageError("cannot read script '\(path)': \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw UsageError("cannot read script '\(path)': it is a folder") }
        let opened = open(path, O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else { throw UsageError("cannot read script '\(path)': \(String(cString: strerror(errno)))") }
        fd = opened
        ownsDescriptor = true
    }

    deinit { if ownsDescriptor { close(fd) } }

    /// A regular file can be read twice: once to check every line, once to run them.
    var isRewindable: Bool {
        var info = stat()
        return fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    func rewind() {
        _ = lseek(fd, 0, SEEK_SET)
        buffer.removeAll(keepingCapacity: true)
        start = 0
        atEOF = false
        lineNumber = 0
    }

    /// The next line without its newline, or nil at the end (or once a signal arrived).
    func nextLine() throws -> String? {
        while true {
            if let nl = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = try take(upTo: nl)
                start = nl + 1
                return line
            }
            if let nul = buffer[start...].firstIndex(of: 0) {
                // A NUL is never text: fail at once rather than read on to a newline (/dev/zero has none).
                lineNumber += 1
                throw ScriptCommand.ParseError(line: lineNumber, message: "contains a NUL byte at column \(nul - start + 1); a script is text")
            }
            if buffer.count - start > ScriptReader.maxLineBytes {
                lineNumber += 1
                let shown = ScriptMessage.excerpt(String(decoding: buffer[start..<(start + 80)], as: UTF8.self), sayLength: false)
                throw ScriptCommand.ParseError(line: lineNumber, message: "longer than \(ScriptReader.maxLineBytes / 1024) KB (starts \(shown))")
            }
            if atEOF {
                guard start < buffer.count else { return nil }
                let line = try take(upTo: buffer.count)
                start = buffer.count
                return line
            }
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            guard try fill() else { return nil }
        }
    }

    private func take(upTo end: Int) throws -> String {
        lineNumber += 1
        let bytes = buffer[start..<end]
        if let nul = bytes.firstIndex(of: 0) {
            throw ScriptCommand.ParseError(line: lineNumber, message: "contains a NUL byte at column \(nul - start + 1); a script is text")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let column = ScriptReader.firstInvalidUTF8(bytes)
            let byte = bytes[bytes.startIndex + column]
            throw ScriptCommand.ParseError(line: lineNumber, message: "is not UTF-8 text (byte 0x\(String(byte, radix: 16, uppercase: true)) at column \(column + 1))")
        }
        return text
    }

    /// Reads what is available, waiting for it (and for a signal). False at a signal.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: ScriptReader.chunk)
        while true {
            if Interruption.requested { return false }
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            let wake = Interruption.wakeDescriptor
            if wake >= 0 { fds.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), 1000)
            if ready < 0 && errno != EINTR { throw UsageError("cannot read script '\(path)': \(String(cString: strerror(errno)))") }
            if ready <= 0 { continue }
            if fds.count > 1 && fds[1].revents != 0 { return false }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw UsageError("cannot read script '\(path)': \(String(cString: strerror(errno)))")
            }
            if n == 0 { atEOF = true; return true }
            buffer.append(contentsOf: chunk[0..<n])
            return true
        }
    }

    /// Index of the first byte that does not start (or continue) a valid UTF-8 sequence.
    static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int {
        var i = 0
        let b = Array(bytes)
        while i < b.count {
            var n = 1
            while n <= 4, i + n <= b.count {
                if String(validating: b[i..<(i + n)], as: UTF8.self) != nil { break }
                n += 1
            }
            if n > 4 || i + n > b.count { return i }
            i += n
        }
        return max(0, b.count - 1)
    }
}
