import Foundation

/// This process's memory and age, read from /proc (Linux), for the soak run and the benchmarks.
package enum ProcessStats {
    /// Resident set size now, in bytes (VmRSS), or nil where /proc is missing.
    package static var residentBytes: Int? { statusField("VmRSS") }

    /// The highest resident set size so far, in bytes (VmHWM).
    package static var peakResidentBytes: Int? { statusField("VmHWM") }

    private static func statusField(_ name: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, let kb = Int(fields[1]) else { return nil }
            return kb * 1024
        }
        return nil
    }

    /// CLOCK_MONOTONIC in milliseconds: the same clock in every process, so a parent can subtract
    /// the moment it spawned a child from a moment the child reports.
    package static var monotonicMilliseconds: Double { clock(CLOCK_MONOTONIC) }

    /// CPU time of the calling thread, and of the whole process (every thread), in milliseconds.
    package static var threadCPUMilliseconds: Double { clock(CLOCK_THREAD_CPUTIME_ID) }
    package static var processCPUMilliseconds: Double { clock(CLOCK_PROCESS_CPUTIME_ID) }

    /// Milliseconds since the kernel started this process (its start time is kept in clock ticks
    /// since boot, so this is good to 1/CLK_TCK, 10 ms on Linux); nil without /proc.
    static var millisecondsSinceProcessStart: Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command name (which may hold spaces) start at field 3; starttime is field 22.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        let hz = Double(sysconf(Int32(_SC_CLK_TCK)))
        return clock(CLOCK_BOOTTIME) - ticks / hz * 1000
    }

    private static func clock(_ id: clockid_t) -> Double {
        var ts = timespec()
        clock_gettime(id, &ts)
        return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
    }

    package static func megabytes(_ bytes: Int) -> Double { Double(bytes) / Double(1 << 20) }
}
