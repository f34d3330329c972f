import Foundation
import CStandardOutput

/// Standard output for a command that prints as it goes (`bench`, `soak`, `--report-startup`): a line
/// reaches a pipe as soon as it is printed, not when the buffer fills.
public enum StandardOutput {
    public static func flush() { fflush(cg_standard_output()) }
}
