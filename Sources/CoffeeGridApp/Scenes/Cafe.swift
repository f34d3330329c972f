import GridCore

/// The chapter's `Cafe`: a cafe photo and the coffee photos shown under (or beside) it.
///
///     let sampleCafes: [Cafe] = {
///         var cafes = (1...18).map { Cafe(image: "cafe-\($0)") }
///         for index in cafes.indices {
///             let randomNumber = Int.random(in: (2...12))
///             cafes[index].coffeePhotos = (1...randomNumber).map { Photo(name: "coffee-\($0)") }
///         }
///         return cafes
///     }()
///
/// The chapter draws new numbers every launch; here they come from a seeded generator, so every
/// launch (and every screenshot and test) shows the same cafes, and `--seed N` shows others.
struct Cafe: Equatable {
    var image: String
    var coffeePhotos: [String] = []

    static let photoCounts = 2...12

    static func samples(seed: UInt64) -> [Cafe] {
        var rng = SplitMix64(seed: seed)
        var cafes = BundledPhotos.cafes.map { Cafe(image: $0) }
        for index in cafes.indices {
            let randomNumber = Int.random(in: photoCounts, using: &rng)
            cafes[index].coffeePhotos = Array(BundledPhotos.coffee.prefix(randomNumber))
        }
        return cafes
    }
}
