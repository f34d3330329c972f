import Foundation
import CStandardOutput

/// The one way the app's lines reach standard error. A log line is never worth the process: the
/// stream may be a file on a full disk (`~/.xsession-errors` on a full home partition), closed, or a
/// pipe whose reader has gone, and `FileHandle.write` traps on the first error (SIGILL) while a
/// broken pipe raises SIGPIPE. Here a line is one `write(2)`, its errors ignored.
///
/// Every line is also made safe to print: messages carry untrusted text (file names, specs, script
/// lines), and a file named `x\ncoffeegrid: all photos OK\e[2J.jpg` printed a fake line and cleared
/// the terminal, `y\e]0;pwned\a.jpg` set its title. Control characters (C0, DEL, C1) and the bidi
/// overrides are written as `\u{1B}`, so one message is one line that draws as written.
public enum StandardError {
    private static let lock = NSLock()

    /// Writes `line` (escaped) and a newline; whatever goes wrong, the line is lost and nothing else.
    public static func write(line: String) {
        var text = line
        if text.hasSuffix("\n") { text.removeLast() }
        var bytes = Array(escaped(text).utf8)
        bytes.append(0x0A)
        lock.lock()
        defer { lock.unlock() }
        var done = 0
        var waits = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress! + done, $0.count - done) }
            if n > 0 { done += n; continue }
            if n < 0 && errno == EINTR { continue }
            // A non-blocking stream that is full: wait a little, once, then let the line go.
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && waits == 0 {
                var fd = pollfd(fd: STDERR_FILENO, events: Int16(POLLOUT), revents: 0)
                _ = poll(&fd, 1, 50)
                waits += 1
                continue
            }
            return  // ENOSPC, EBADF, EPIPE, EIO…: the line is lost, the app is not
        }
    }
}

extension StandardError {
    /// `text` with every character a terminal would act on instead of draw written as `\u{…}`.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for u in text.unicodeScalars {
            if needsEscape(u) {
                out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out
    }

    static func needsEscape(_ u: Unicode.Scalar) -> Bool {
        let v = u.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}

/// The process's standard descriptors, made safe before anything else runs.
public enum StandardStreams {
    /// Opens `/dev/null` on any of descriptors 0, 1 and 2 that is closed (`2>&-`), so the first file
    /// the app opens later (a state file's temp file) cannot take number 2 and receive log lines;
    /// and ignores SIGPIPE, so writing to a pipe whose reader has gone is an error to report, not
    /// the end of the process.
    public static func secure() {
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if opened >= 0 && opened != fd {
                dup2(opened, fd)
                close(opened)
            }
        }
        signal(SIGPIPE, SIG_IGN)
        // A file-size limit (`ulimit -f`) then fails the write with EFBIG, which is reported,
        // instead of ending the process with a core dump.
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Flushes standard output at the end of a command whose output was its job (`--help`,
    /// `layout`, `bench`): a full disk or a closed stream is one line and exit 1, not a silent 0 with
    /// nothing written. Returns the exit code to use.
    public static func finish(_ code: Int32) -> Int32 {
        let flushed = fflush(cg_standard_output()) == 0
        let e = errno
        guard !flushed || ferror(cg_standard_output()) != 0 else { return code }
        StandardError.write(line: "coffeegrid: cannot write to standard output: \(String(cString: strerror(flushed ? EIO : e)))")
        return code == 0 ? 1 : code
    }
}
