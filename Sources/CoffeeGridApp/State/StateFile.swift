import Foundation

/// Writes the state file atomically (a temp file beside it, then rename), so a reader polling it
/// never sees half a JSON object.
enum StateFile {
    static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let temp = dir.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        try text.write(to: temp, atomically: false, encoding: .utf8)
        guard rename(temp.path, url.path) == 0 else {
            try? FileManager.default.removeItem(at: temp)
            throw CocoaError(.fileWriteUnknown)
        }
    }
}
