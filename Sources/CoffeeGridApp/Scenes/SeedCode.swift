/// Code several seed scenes share: seed 000's `Photo.swift` (the feed, the cafes, and seed 002's
/// starter project, which the dock runs), written once.
enum SeedCode {
    /// The chapter's `Photo` struct.
    static let photo = """
        struct Photo: Identifiable {
            var id = UUID()
            var name: String
        }
        """

    /// `Photo.swift` as the feed's chapter and the dock's starter project have it: the struct and
    /// the twenty coffee photos, followed by a blank line.
    static let photoSwift = photo + """


        let samplePhotos = (1...20).map { Photo(name: "coffee-\\($0)") }


        """
}
