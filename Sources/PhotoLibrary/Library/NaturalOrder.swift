/// Names in the order a person expects: letters without regard to case, runs of digits by their
/// value, so `img2` comes before `img10`. Ties (`IMG1` and `img1`, `a01` and `a1`) fall back to the
/// plain byte order, so the order is total and stable.
public enum NaturalOrder {
    public static func less(_ a: String, _ b: String) -> Bool { compare(a, b) < 0 }

    /// Negative, zero or positive.
    public static func compare(_ a: String, _ b: String) -> Int {
        let x = Array(a.utf8), y = Array(b.utf8)
        var i = 0, j = 0
        while i < x.count && j < y.count {
            if isDigit(x[i]) && isDigit(y[j]) {
                // Compare the digit runs by value: skip leading zeros, then longer is larger.
                var si = i, sj = j
                while si < x.count && x[si] == 48 { si += 1 }
                while sj < y.count && y[sj] == 48 { sj += 1 }
                var ei = si, ej = sj
                while ei < x.count && isDigit(x[ei]) { ei += 1 }
                while ej < y.count && isDigit(y[ej]) { ej += 1 }
                if ei - si != ej - sj { return (ei - si) - (ej - sj) }
                for k in 0..<(ei - si) where x[si + k] != y[sj + k] { return Int(x[si + k]) - Int(y[sj + k]) }
                i = ei
                j = ej
                continue
            }
            let cx = lower(x[i]), cy = lower(y[j])
            if cx != cy { return Int(cx) - Int(cy) }
            i += 1
            j += 1
        }
        if x.count - i != y.count - j { return (x.count - i) - (y.count - j) }
        return a == b ? 0 : (a < b ? -1 : 1)
    }

    /// Paths compared folder by folder: a folder's own files first, then its subfolders, each in
    /// natural order — the order the folder scanner walks in, so scanning appends in order.
    public static func lessPath(_ a: String, _ b: String) -> Bool {
        let pa = a.split(separator: "/", omittingEmptySubsequences: true), pb = b.split(separator: "/", omittingEmptySubsequences: true)
        for k in 0..<min(pa.count, pb.count) where pa[k] != pb[k] {
            let aIsFile = k == pa.count - 1, bIsFile = k == pb.count - 1
            if aIsFile != bIsFile { return aIsFile }
            let c = compare(String(pa[k]), String(pb[k]))
            return c < 0
        }
        return pa.count < pb.count
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
    private static func lower(_ c: UInt8) -> UInt8 { c >= 65 && c <= 90 ? c + 32 : c }
}
