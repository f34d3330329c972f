import GridCore
import Stage

/// The count under a person's photos while their folders are scanned: a small capsule at the foot
/// of the grid saying "Scanning… 1,234 photos", then "1,234 photos" for two seconds once the scan
/// is over; "No photos found" stays when nothing was. Nothing is drawn for the bundled photos.
struct ScanStatus {
    let photos: PhotoSet
    static let lingerSeconds = 2.0
    private var finishedAt: Double?
    private var time = 0.0

    init(photos: PhotoSet) { self.photos = photos }

    var text: String? {
        guard !photos.isBundled else { return nil }
        let n = ScanStatus.grouped(photos.count) + (photos.count == 1 ? " photo" : " photos")
        if photos.isScanning { return "Scanning… " + n }
        if photos.count == 0 { return "No photos found" }
        guard let end = finishedAt, time - end < ScanStatus.lingerSeconds else { return nil }
        return n
    }

    /// True while it needs frames (counting up, or about to disappear).
    mutating func update(at t: Double) -> Bool {
        time = t
        if photos.isBundled { return false }
        if photos.isScanning { finishedAt = nil; return true }
        if finishedAt == nil { finishedAt = t }
        return t - finishedAt! < ScanStatus.lingerSeconds
    }

    func draw(_ list: inout DrawList, in frame: Rect, env: AppEnvironment) {
        guard let text = text else { return }
        ScanStatus.capsule(text, &list, in: frame, env: env)
    }

    /// A line in a small capsule at the foot of `frame` (the scan's count, a toast).
    static func capsule(_ text: String, _ list: inout DrawList, in frame: Rect, env: AppEnvironment) {
        guard frame.width > 60, frame.height > 40 else { return }
        let font = Font.footnote
        // An estimate of the text's width is enough for the capsule around it.
        let width = min(frame.width - 16, Double(text.count) * font.size * 0.55 + 28), height = 28.0
        let r = Rect(x: frame.midX - width / 2, y: frame.maxY - height - 12, width: width, height: height)
        list.shadow(r, cornerRadius: height / 2, radius: 3, color: Color.black.opacity(0.2))
        list.fill(r, env.color(.systemGray6).opacity(0.95), cornerRadius: height / 2)
        list.text(text, font, env.color(.secondary), in: r, alignment: .center)
    }

    /// 1234567 → "1,234,567".
    static func grouped(_ n: Int) -> String {
        var digits = String(abs(n)), out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits.removeLast(3)
        }
        return (n < 0 ? "-" : "") + digits + out
    }
}
