/// A glaze: the colour outside and inside a cup or saucer, with optional speckles (stoneware) and
/// a contrasting rim.
public struct Ceramic: Sendable {
    public var outside: RGB
    public var inside: RGB
    public var speckle: Float
    public var rim: RGB?
    public var gloss: Float

    public init(outside: RGB, inside: RGB? = nil, speckle: Float = 0, rim: RGB? = nil, gloss: Float = 1) {
        self.outside = outside
        self.inside = inside ?? outside
        self.speckle = speckle
        self.rim = rim
        self.gloss = gloss
    }
    public static let white = Ceramic(outside: RGB(hex: 0xf4f1ec))
    public static let cream = Ceramic(outside: RGB(hex: 0xeee2cc), speckle: 0.3)
    public static let black = Ceramic(outside: RGB(hex: 0x26262a), inside: RGB(hex: 0xefebe6))
    public static let terracotta = Ceramic(outside: RGB(hex: 0xc0643c), inside: RGB(hex: 0xf1e9de), rim: RGB(hex: 0x9b4a2a), gloss: 0.6)
    public static let teal = Ceramic(outside: RGB(hex: 0x2f7f86), inside: RGB(hex: 0xf0ede6))
    public static let navy = Ceramic(outside: RGB(hex: 0x253a5e), inside: RGB(hex: 0xe9e6e0))
    public static let mint = Ceramic(outside: RGB(hex: 0x9fd3bd), inside: RGB(hex: 0xf6f3ee))
    public static let mustard = Ceramic(outside: RGB(hex: 0xd9a531), inside: RGB(hex: 0xf5efe2))
    public static let speckledGrey = Ceramic(outside: RGB(hex: 0xb9b4ad), inside: RGB(hex: 0xe9e4dc), speckle: 1, gloss: 0.5)
    public static let blush = Ceramic(outside: RGB(hex: 0xe9b8ae), inside: RGB(hex: 0xf7efe9))
    public static let cobalt = Ceramic(outside: RGB(hex: 0x2c56a8), inside: RGB(hex: 0xf2f0ea), rim: RGB(hex: 0x1b3672))
    public static let sage = Ceramic(outside: RGB(hex: 0x8fa58a), inside: RGB(hex: 0xeeeae0), speckle: 0.4, gloss: 0.7)

    /// Stoneware flecks: dark iron spots in the glaze.
    func speckled(_ c: RGB, _ x: Float, _ y: Float, seed: UInt32) -> RGB {
        guard speckle > 0 else { return c }
        let h = hash01(Int32(x * 0.7), Int32(y * 0.7), seed)
        return h > 1 - 0.03 * speckle ? c.shade(-0.45) : c
    }
}
