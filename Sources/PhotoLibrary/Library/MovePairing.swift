/// Pairs the two halves of a rename as inotify reports them: IN_MOVED_FROM and IN_MOVED_TO carry one
/// cookie, but the kernel queues them one after the other, so a read can fall between the two
/// (inotify(7), "the two events are not guaranteed to be consecutive"). A half that finds no partner
/// within `window` seconds was a move out of (or into) the watched folders.
struct MovePairing {
    static let window = 0.05

    private var away: [UInt32: (path: String, since: Double)] = [:]

    var isEmpty: Bool { away.isEmpty }

    /// `path` moved away at `now`: a rename if its other half follows in time.
    mutating func movedFrom(_ path: String, cookie: UInt32, now: Double) {
        away[cookie] = (path, now)
    }

    /// The path that moved to somewhere under this cookie, if its first half was seen.
    mutating func movedTo(cookie: UInt32) -> String? {
        away.removeValue(forKey: cookie)?.path
    }

    /// The paths whose partner did not come within the window: they left the watched folders.
    mutating func expired(now: Double) -> [String] {
        let gone = away.filter { now - $0.value.since >= MovePairing.window }.sorted { $0.key < $1.key }
        for (cookie, _) in gone { away[cookie] = nil }
        return gone.map(\.value.path)
    }
}
