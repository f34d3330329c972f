import GridCore
import StageInterface

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
        // A folder opened that went away: said for as long as it is gone.
        if let gone = photos.goneMessage { return photos.count == 0 ? gone : "\(n) · \(gone)" }
        if photos.count == 0 { return "No photos found" }
        guard let end = finishedAt, time - end < ScanStatus.lingerSeconds else { return nil }
        return n
    }

    /// True while it needs frames: counting up. Once the scan is over the count stands still
    /// until it goes (`endsAt`), and the window may sleep till then.
    mutating func update(at t: Double) -> Bool {
        time = t
        if photos.isBundled { return false }
        if photos.isScanning { finishedAt = nil; return true }
        if finishedAt == nil { finishedAt = t }
        return false
    }

    /// When the count shown after a scan goes, while it is shown.
    var endsAt: Double? {
        guard !photos.isBundled, !photos.isScanning, photos.goneMessage == nil, photos.count > 0,
              let end = finishedAt, time - end < ScanStatus.lingerSeconds else { return nil }
        return end + ScanStatus.lingerSeconds
    }

    func draw(_ list: inout DrawList, in frame: Rect, env: AppEnvironment) {
        guard let text = text else { return }
        Toast(text: text).draw(&list, in: frame, env: env)
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
