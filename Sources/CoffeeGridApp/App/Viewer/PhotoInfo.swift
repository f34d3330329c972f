import Foundation
import PhotoLibrary
import Stage

/// The facts the viewer's info line shows for a photo: its name, pixel size, file size and capture
/// date, read once per file (a header probe of at most a few kilobytes, never the whole file) and
/// kept while the viewer is open.
final class PhotoInfo {
    private var lines: [String: String] = [:]

    func line(path: String, name: String?) -> String {
        if let known = lines[path] { return known }
        var parts = [name.map { ($0 as NSString).lastPathComponent } ?? (path as NSString).lastPathComponent]
        if let found = FolderScanner.probeFile(path) {
            parts.append("\(found.probe.width) × \(found.probe.height) px")
            if let t = found.probe.captureTime { parts.append(PhotoInfo.date(t)) }
        }
        if let bytes = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int {
            parts.insert(PhotoInfo.size(bytes), at: min(2, parts.count))
        }
        let text = parts.joined(separator: "  ·  ")
        if lines.count > 256 { lines.removeAll() }
        lines[path] = text
        return text
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? String(format: "%.1f MB", Double(bytes) / Double(1 << 20)) : "\(max(1, bytes >> 10)) KB"
    }

    /// Camera local time, as the camera wrote it (the probe read it as local time).
    static func date(_ seconds: Double) -> String {
        var t = time_t(seconds)
        var parts = tm()
        localtime_r(&t, &parts)
        return String(format: "%04d-%02d-%02d %02d:%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday, parts.tm_hour, parts.tm_min)
    }
}
