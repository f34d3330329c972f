/// The dock scene's one source of truth: which photos are in the grid and which in the dock, each
/// in display order. The seed keeps `photoSet` and `selectedPhotos`; here every move goes through
/// one method that takes the photo out of wherever it is before putting it somewhere, so the two
/// lists always hold each photo exactly once, whatever order clicks, drags and keys arrive in.
/// Animation never lives here: frames in flight only affect drawing.
struct PhotoDockModel: Equatable {
    enum Place: Equatable { case grid, dock }

    /// The most photos the dock holds: its file (`DockStore.maxBytes`) holds that many paths.
    static let capacity = 10_000

    /// Every photo, in the order the grid first shows them (photos added later at the end).
    private(set) var photos: [String]
    private(set) var grid: [String]
    private(set) var dock: [String] = []
    private var known: Set<String>

    init(photos: [String], dock restored: [String] = []) {
        var seen = Set<String>()
        self.photos = photos.filter { seen.insert($0).inserted }
        known = seen
        grid = self.photos
        setDock(restored)
    }

    /// The dock holds `capacity` photos: another one is not taken.
    var isFull: Bool { dock.count >= PhotoDockModel.capacity }

    /// New photos (a folder scan going on) join the end of the grid; ones already known are ignored.
    mutating func add(_ ids: [String]) {
        for id in ids where known.insert(id).inserted {
            photos.append(id)
            grid.append(id)
        }
    }

    func place(of id: String) -> Place? {
        if dock.contains(id) { return .dock }
        if grid.contains(id) { return .grid }
        return nil
    }

    func index(of id: String) -> (place: Place, index: Int)? {
        if let i = grid.firstIndex(of: id) { return (.grid, i) }
        if let i = dock.firstIndex(of: id) { return (.dock, i) }
        return nil
    }

    /// A click: a grid photo goes to the end of the dock, a dock photo to the end of the grid.
    /// Returns where it went.
    @discardableResult
    mutating func toggle(_ id: String) -> Place? {
        switch place(of: id) {
        case .grid:
            guard !isFull else { return nil }
            moveToDock(id)
            return .dock
        case .dock: moveToGrid(id); return .grid
        case nil: return nil
        }
    }

    /// Appends `id` to the dock, or inserts it at `index` (counted without the photo itself, so a
    /// drop position read from the dock as drawn during a drag needs no correction). Unknown ids
    /// are ignored.
    mutating func moveToDock(_ id: String, at index: Int? = nil) {
        guard known.contains(id), !isFull || dock.contains(id) else { return }
        remove(id)
        let i = min(max(index ?? dock.count, 0), dock.count)
        dock.insert(id, at: i)
    }

    /// Appends `id` to the end of the grid (the seed's `photoSet.append(photo)`).
    mutating func moveToGrid(_ id: String) {
        guard known.contains(id) else { return }
        remove(id)
        grid.append(id)
    }

    /// The dock becomes `ids` (unknown and repeated ids skipped); photos leaving it go to the end
    /// of the grid in their dock order. For a dock another window saved.
    mutating func setDock(_ ids: [String]) {
        var seen = Set<String>()
        let wanted = Array(ids.filter { known.contains($0) && seen.insert($0).inserted }.prefix(PhotoDockModel.capacity))
        seen = Set(wanted)
        let leaving = dock.filter { !seen.contains($0) }
        grid = grid.filter { !seen.contains($0) } + leaving
        dock = wanted
    }

    /// Photos gone from the library leave the grid and the dock; where each was is handed back, so
    /// one that returns can go back there (`add(_:returningTo:)`).
    mutating func forget(_ ids: [String]) -> [String: Spot] {
        var spots: [String: Spot] = [:]
        for id in ids where known.contains(id) {
            if let s = index(of: id) { spots[id] = Spot(place: s.place, index: s.index) }
            remove(id)
            photos.removeAll { $0 == id }
            known.remove(id)
        }
        return spots
    }

    /// A photo renamed on disk: the same photo, in its place in the grid or the dock, under its new
    /// id (one the new name already named has gone first: `forget`).
    mutating func rename(_ old: String, to new: String) {
        guard old != new, known.contains(old) else { return }
        if known.contains(new) { _ = forget([new]) }
        known.remove(old)
        known.insert(new)
        for i in photos.indices where photos[i] == old { photos[i] = new }
        for i in grid.indices where grid[i] == old { grid[i] = new }
        for i in dock.indices where dock[i] == old { dock[i] = new }
    }

    /// Where a photo was: its container and its index there.
    struct Spot: Equatable {
        var place: Place
        var index: Int
    }

    /// A photo known again goes back to where it was (its index clamped; the grid's end when the dock is full).
    mutating func add(_ id: String, returningTo spot: Spot) {
        guard known.insert(id).inserted else { return }
        photos.append(id)
        if spot.place == .dock, !isFull {
            dock.insert(id, at: min(max(spot.index, 0), dock.count))
        } else {
            grid.insert(id, at: spot.place == .grid ? min(max(spot.index, 0), grid.count) : grid.count)
        }
    }

    /// Every dock photo back to the grid, in dock order.
    mutating func returnAll() {
        grid += dock
        dock.removeAll()
    }

    private mutating func remove(_ id: String) {
        grid.removeAll { $0 == id }
        dock.removeAll { $0 == id }
    }

    /// True when grid and dock together hold every photo exactly once.
    var isConsistent: Bool {
        let all = grid + dock
        return all.count == photos.count && Set(all) == Set(photos)
    }
}
