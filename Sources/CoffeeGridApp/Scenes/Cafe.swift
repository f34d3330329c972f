import GridCore
import ViewLayer

/// The chapter's `Cafe`: a cafe photo and the coffee photos shown under (or beside) it, as the
/// chapter's `sampleCafes` makes them (`CafesScene.model`, run). The chapter draws new numbers every
/// launch; here they come from a seeded generator, so every launch (and every screenshot and test)
/// shows the same cafes, and `--seed N` shows others.
struct Cafe: Equatable {
    var image: String
    var coffeePhotos: [String] = []

    static let photoCounts = 2...12

    /// `sampleCafes` of `program`, a snippet that declares it.
    static func samples(_ program: SnippetProgram) -> [Cafe] {
        (program.global("sampleCafes")?.array ?? []).compactMap { cafe in
            guard let image = cafe["image"]?.string else { return nil }
            return Cafe(image: image, coffeePhotos: (cafe["coffeePhotos"]?.array ?? []).compactMap { $0["name"]?.string })
        }
    }

    /// The chapter's `sampleCafes`, made from `seed`.
    static func samples(seed: UInt64) -> [Cafe] {
        // The model is the app's own and tested: it always runs.
        samples(try! SnippetProgram(Snippet.parse(CafesScene.model), environment: SnippetEnvironment(seed: seed)))
    }
}
