import Foundation

/// Resources/ of this checkout, found from this file's own path so tests run from anywhere.
enum AssetFolder {
    static let resources: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources").path
    static var photos: String { resources + "/Photos" }
    static var symbols: String { resources + "/Symbols" }

    static func files(in dir: String, ext: Set<String>) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir)
            .filter { ext.contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted()
    }
}
