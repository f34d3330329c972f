/// SplitMix64: a tiny seeded generator, so every run draws the same pictures (no time, no system
/// randomness).
public struct SeededRandom {
    private var state: UInt64
    public init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 0x1234_5678 }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in 0..<1.
    public mutating func unit() -> Float { Float(next() >> 40) / Float(1 << 24) }
    public mutating func range(_ lo: Float, _ hi: Float) -> Float { lo + (hi - lo) * unit() }
    public mutating func int(_ lo: Int, _ hi: Int) -> Int { lo + Int(next() % UInt64(hi - lo + 1)) }
    public mutating func chance(_ p: Float) -> Bool { unit() < p }
    public mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
}

/// A stateless hash of integer coordinates to 0..<1: the lattice values of noise and grain.
@inline(__always) public func hash01(_ x: Int32, _ y: Int32, _ seed: UInt32) -> Float {
    var h = UInt32(bitPattern: x) &* 0x27D4_EB2D ^ UInt32(bitPattern: y) &* 0x1656_67B1 ^ seed &* 0x9E37_79B9
    h = (h ^ (h >> 15)) &* 0x85EB_CA6B
    h = (h ^ (h >> 13)) &* 0xC2B2_AE35
    h ^= h >> 16
    return Float(h >> 8) / Float(1 << 24)
}
