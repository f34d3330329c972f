import Foundation

/// The one way the app's lines reach standard error. A log line is never worth the process: the
/// stream may be a file on a full disk (`~/.xsession-errors` on a full home partition), closed, or a
/// pipe whose reader has gone, and `FileHandle.write` traps on the first error (SIGILL) while a
/// broken pipe raises SIGPIPE. Here a line is one `write(2)`, its errors ignored.
public enum StandardError {
    private static let lock = NSLock()

    /// Writes `line` and a newline; whatever goes wrong, the line is lost and nothing else.
    public static func write(line: String) {
        var bytes = Array(line.utf8)
        if bytes.last != 0x0A { bytes.append(0x0A) }
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

/// The process's standard descriptors, made safe before anything else runs.
public enum StandardStreams {
    /// Opens `/dev/null` on any of descriptors 0, 1 and 2 that is closed (`2>&-`), so the first file
    /// the app opens later (a state file's temp file) cannot take number 2 and receive log lines;
    /// and ignores SIGPIPE, so writing to a pipe whose reader has gone is an error to ignore, not
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
    }
}
