import AssetKit
import Foundation

/// Renders the catalog into Resources/Photos, reporting each file's size and render time.
enum PhotosCommand {
    static func run(resources: String, only: Set<String>?, preview: String?) throws {
        let dir = resources + "/Photos"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        if let preview = preview { try FileManager.default.createDirectory(atPath: preview, withIntermediateDirectories: true) }
        let specs = PhotoCatalog.all.filter { only?.contains($0.name) ?? true }
        if let only = only, specs.count != only.count {
            let known = Set(PhotoCatalog.all.map(\.name))
            throw AssetMakerCommand.UsageError(message: "unknown photo(s): \(only.subtracting(known).sorted().joined(separator: ", "))")
        }
        var total = 0
        let start = Date()
        for spec in specs {
            let t0 = Date()
            let canvas = spec.render()
            let path = dir + "/" + spec.fileName
            // A photo may change format between runs: the other extension must not linger.
            for ext in ["jpg", "png"] where !path.hasSuffix(ext) {
                try? FileManager.default.removeItem(atPath: dir + "/" + spec.name + "." + ext)
            }
            try ImageFile.write(canvas, to: path, format: spec.format == .jpeg ? .jpeg(quality: PhotoCatalog.jpegQuality) : .png)
            if let preview = preview {
                try ImageFile.write(canvas, to: preview + "/" + spec.name + ".png", format: .png)
            }
            let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            total += size
            print(String(format: "%@  %d×%d  %4d KB  %.2fs", spec.fileName, spec.width, spec.height, size / 1024,
                         Date().timeIntervalSince(t0)))
        }
        print(String(format: "%d photos, %.2f MB, %.1fs", specs.count, Double(total) / 1_048_576, Date().timeIntervalSince(start)))
    }
}
