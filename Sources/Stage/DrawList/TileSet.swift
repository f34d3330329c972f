/// Damage gathered on a grid of square tiles inside the target, read back as few rectangles: runs
/// of tiles along each row, joined with the rows below where the run is the same.
struct TileSet {
    let target: PixelRect
    let tile: Int
    let columns: Int, rows: Int
    private var marked: [Bool]
    private(set) var isEmpty = true

    init(target: PixelRect, tile: Int) {
        self.target = target
        self.tile = tile
        columns = max(0, (target.width + tile - 1) / tile)
        rows = max(0, (target.height + tile - 1) / tile)
        marked = [Bool](repeating: false, count: columns * rows)
    }

    mutating func insert(_ r: PixelRect) {
        let c = r.intersection(target)
        guard !c.isEmpty else { return }
        isEmpty = false
        let cx0 = (c.x0 - target.x0) / tile, cx1 = (c.x1 - target.x0 + tile - 1) / tile
        let cy0 = (c.y0 - target.y0) / tile, cy1 = (c.y1 - target.y0 + tile - 1) / tile
        for y in cy0..<cy1 { for x in cx0..<cx1 { marked[y * columns + x] = true } }
    }

    func rectangles() -> [PixelRect] {
        var open: [PixelRect] = []
        var done: [PixelRect] = []
        for y in 0..<rows {
            var runs: [PixelRect] = []
            var x = 0
            while x < columns {
                guard marked[y * columns + x] else { x += 1; continue }
                let start = x
                while x < columns && marked[y * columns + x] { x += 1 }
                runs.append(PixelRect(x0: target.x0 + start * tile, y0: target.y0 + y * tile,
                                      x1: min(target.x1, target.x0 + x * tile), y1: min(target.y1, target.y0 + (y + 1) * tile)))
            }
            var next: [PixelRect] = []
            for run in runs {
                if let i = open.firstIndex(where: { $0.x0 == run.x0 && $0.x1 == run.x1 && $0.y1 == run.y0 }) {
                    var grown = open.remove(at: i)
                    grown.y1 = run.y1
                    next.append(grown)
                } else {
                    next.append(run)
                }
            }
            done += open
            open = next
        }
        return done + open
    }
}
