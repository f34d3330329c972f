import CImageCodecs

/// A flag one thread sets and a decode in progress on another reads between rows and scans
/// (libjpeg's progress monitor), so a decode nobody wants any more stops within a few rows.
// @unchecked: the flag is read and written through C atomics (cg_flag_get/cg_flag_set).
public final class CancelFlag: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Int32>

    public init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: 0)
    }

    deinit { pointer.deallocate() }

    public func cancel() { cg_flag_set(pointer) }
    public var isCancelled: Bool { cg_flag_get(pointer) != 0 }
}
