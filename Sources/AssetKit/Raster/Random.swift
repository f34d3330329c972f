import GridCore

/// GridCore's SplitMix64 with the drawing helpers the generator uses, so every run draws the same
/// pictures (no time, no system randomness). The seed is scrambled as it always was here: the
/// committed photos are byte for byte what `make assets` draws.
public struct SeededRandom {
    private var generator: SplitMix64
    public init(seed: UInt64) { generator = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 0x1234_5678) }

    @inline(__always) public mutating func next() -> UInt64 { generator.next() }
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
