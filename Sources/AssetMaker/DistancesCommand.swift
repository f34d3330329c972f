import AssetKit
import Foundation

/// `asset-maker distances`: how alike the committed photos look at a glance (the 8×8 grey-thumbnail
/// distance of `GreyThumbnail`), closest pairs first, and each photo's nearest neighbour.
enum DistancesCommand {
    static func run(resources: String, top: Int) throws {
        let dir = resources + "/Photos"
        let named = try PhotoCatalog.all.map { spec -> (String, GreyThumbnail) in
            let path = ["jpg", "png"].map { dir + "/" + spec.name + "." + $0 }.first { FileManager.default.fileExists(atPath: $0) }
            guard let path else { throw AssetMakerCommand.UsageError(message: "no \(spec.name).jpg or .png in \(dir)") }
            return (spec.name, GreyThumbnail(try DecodedImage.load(path)))
        }
        let pairs = GreyThumbnail.pairs(named)
        print("closest pairs (mean |Δ luma| of 8×8 grey thumbnails, 0…255):")
        for p in pairs.prefix(top) { print(String(format: "  %6.2f  %@ – %@", p.distance, p.a, p.b)) }
        print("nearest neighbour of each photo:")
        for (name, _) in named {
            if let p = pairs.first(where: { $0.a == name || $0.b == name }) {
                print(String(format: "  %-10@ %6.2f  %@", name, p.distance, p.a == name ? p.b : p.a))
            }
        }
    }
}
