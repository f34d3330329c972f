import Foundation

/// Finds the `Resources` folder: where `--resources DIR` says, next to the executable, in an
/// installed `share/coffeegrid`, or in the source checkout the executable was built in.
public struct ResourceLocator: Sendable {
    public let root: URL

    public struct Missing: Error, CustomStringConvertible {
        public var searched: [String]
        public var description: String {
            "cannot find the Resources folder (looked in \(searched.joined(separator: ", "))); pass --resources DIR"
        }
    }

    public init(root: URL) { self.root = root }

    /// `explicit` wins and must exist; otherwise the usual places are searched in order.
    public static func locate(explicit: String? = nil, executable: String = CommandLine.arguments[0]) throws -> ResourceLocator {
        let fm = FileManager.default
        func isDir(_ url: URL) -> Bool {
            var dir: ObjCBool = false
            return fm.fileExists(atPath: url.path, isDirectory: &dir) && dir.boolValue
        }
        if let explicit = explicit {
            let url = URL(fileURLWithPath: explicit).standardizedFileURL
            guard isDir(url) else {
                throw Missing(searched: [url.path])
            }
            return ResourceLocator(root: url)
        }
        let exe = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        var candidates = [
            exe.appendingPathComponent("Resources"),
            exe.deletingLastPathComponent().appendingPathComponent("share/coffeegrid/Resources"),
        ]
        // A checkout: the executable lives in .build/<config>/; walk up to the folder with Package.swift.
        var dir = exe
        for _ in 0..<6 {
            if fm.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
                candidates.append(dir.appendingPathComponent("Resources"))
                break
            }
            dir = dir.deletingLastPathComponent()
        }
        candidates.append(URL(fileURLWithPath: fm.currentDirectoryPath).appendingPathComponent("Resources"))
        for c in candidates where isDir(c) { return ResourceLocator(root: c.standardizedFileURL) }
        throw Missing(searched: candidates.map(\.path))
    }

    public func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }
    public func path(_ relative: String) -> String { url(relative).path }
}
