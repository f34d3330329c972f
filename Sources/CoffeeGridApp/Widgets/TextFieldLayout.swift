import GridCore
import StageInterface

/// Where a field's characters go: the text wrapped into lines at spaces (a word longer than a line
/// breaks between characters), each line a range of character offsets, and the x of any offset.
/// Pure: measured by a `TextMeasure`, so tests lay out the same text as the window does.
struct TextFieldLayout {
    let characters: [Character]
    let width: Double
    let font: Font
    let measure: TextMeasure
    /// Each visual line's characters; the spaces a line wrapped at belong to its end.
    private(set) var lines: [Range<Int>] = []

    init(_ characters: [Character], width: Double, font: Font, measure: TextMeasure) {
        self.characters = characters
        self.width = width
        self.font = font
        self.measure = measure
        lines = wrap()
    }

    /// The advance of characters `r` (all on one line).
    func width(_ r: Range<Int>) -> Double { r.isEmpty ? 0 : measure.width(String(characters[r]), font) }
    private func w(_ r: Range<Int>) -> Double { width(r) }

    /// A run of non-spaces with the spaces after it: the unit lines break between.
    private func wrap() -> [Range<Int>] {
        let n = characters.count
        guard n > 0, width > 0 else { return [0..<n] }
        var result: [Range<Int>] = []
        var start = 0
        var i = 0
        while i < n {
            // The next chunk: word then trailing spaces.
            var wordEnd = i
            while wordEnd < n, characters[wordEnd] != " " { wordEnd += 1 }
            var chunkEnd = wordEnd
            while chunkEnd < n, characters[chunkEnd] == " " { chunkEnd += 1 }
            if w(start..<wordEnd) <= width {
                i = chunkEnd
                continue
            }
            if start < i {
                // The word does not fit after what the line holds: it starts the next line.
                result.append(start..<i)
                start = i
                continue
            }
            // A word longer than a whole line: as many characters as fit (at least one), found by
            // bisection, since widths grow with the prefix.
            var lo = start + 1, hi = wordEnd
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if w(start..<mid) <= width { lo = mid } else { hi = mid - 1 }
            }
            let cut = lo
            result.append(start..<cut)
            start = cut
            i = cut
        }
        result.append(start..<n)
        return result
    }

    /// The line holding the caret at `offset`: at a wrap point the caret belongs to the next line.
    func line(of offset: Int) -> Int {
        for (i, r) in lines.enumerated() where offset < r.upperBound || i == lines.count - 1 {
            if offset >= r.lowerBound { return i }
        }
        return 0
    }

    /// The x of the boundary before character `offset`, from the line's start.
    func x(of offset: Int) -> Double {
        let r = lines[line(of: offset)]
        return w(r.lowerBound..<min(max(offset, r.lowerBound), r.upperBound))
    }

    /// The boundary nearest `x` on line `index` (a line that wrapped ends before its last space).
    func offset(atX x: Double, line index: Int) -> Int {
        let i = min(max(index, 0), lines.count - 1)
        let r = lines[i]
        let last = lastBoundary(i)
        var best = r.lowerBound
        var bestDistance = Double.infinity
        // Monotonic widths: walk until the boundary passes x.
        for o in r.lowerBound...last {
            let d = abs(w(r.lowerBound..<o) - x)
            if d < bestDistance { best = o; bestDistance = d } else { break }
        }
        return best
    }

    /// Up/Down: the same x on the neighbouring line; past the first or last line, the text's ends.
    func vertical(from offset: Int, lines delta: Int, x goal: Double) -> Int {
        let target = line(of: offset) + delta
        if target < 0 { return 0 }
        if target >= lines.count { return characters.count }
        return self.offset(atX: goal, line: target)
    }

    /// Home/End: the start or end of the caret's visual line.
    func lineStart(of offset: Int) -> Int { lines[line(of: offset)].lowerBound }
    func lineEnd(of offset: Int) -> Int { lastBoundary(line(of: offset)) }

    /// The last caret position on line `i`: before the space a line wrapped at (the boundary after
    /// it is the next line's start).
    private func lastBoundary(_ i: Int) -> Int {
        let r = lines[i]
        return i < lines.count - 1 && !r.isEmpty && characters[r.upperBound - 1] == " " ? r.upperBound - 1 : r.upperBound
    }
}
