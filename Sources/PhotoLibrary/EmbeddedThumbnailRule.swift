
/// When a thumbnail a file carries (a camera's EXIF IFD1 JPEG, a HEIF's `thmb` item) may stand for
/// the photo, as nsxiv and Gwenview decide it: it must be smaller than the photo on both sides and
/// of the photo's shape. One as large as the photo or larger (a 1024×768 IFD1 in a 640×480 JPEG) is
/// not a thumbnail of it; one of another shape is a stale thumbnail of a photo since cropped or
/// edited, whose picture is not the photo's. The one exception is a camera's letterbox: a 3:2 or
/// 16:9 photo's 160×120 thumbnail is the photo's picture between black bands, and the bands are
/// cropped away. Sizes are compared as stored: a JPEG's thumbnail is stored as its photo is and the
/// orientation tag turns both, so the shapes match after the turn exactly when they match before.
enum EmbeddedThumbnailRule {
    /// Shapes this far apart (relative) are the same shape: a 4000×2992 photo's 160×120 is 0.3 % off.
    static let aspectTolerance = 0.02

    /// Whether a `thumbnail`-sized picture may stand for a `photo`-sized one, before its pixels are
    /// seen: smaller on both sides, and either of the same shape or one that a letterbox may explain
    /// (`sameShape` false: `hasLetterbox` must then say so of its pixels).
    static func check(thumbnail: (width: Int, height: Int), photo: (width: Int, height: Int)) -> (allowed: Bool, sameShape: Bool) {
        guard thumbnail.width > 0, thumbnail.height > 0, photo.width > 0, photo.height > 0,
              thumbnail.width < photo.width, thumbnail.height < photo.height else { return (false, false) }
        return (true, sameShape(thumbnail, photo))
    }

    static func sameShape(_ a: (width: Int, height: Int), _ b: (width: Int, height: Int)) -> Bool {
        let ra = Double(a.width) / Double(a.height), rb = Double(b.width) / Double(b.height)
        return abs(ra / rb - 1) <= aspectTolerance
    }

    /// Whether what a centred crop to `crop` removes from `image` is dark bands: at
    /// least 97 % of those pixels no brighter than 48 in any channel, the two rows or columns next
    /// to the picture left out (JPEG's ringing and chroma at its edge). A stale thumbnail's picture
    /// reaches its edges and is refused.
    static func hasLetterbox(_ image: PixelBuffer, crop: (x: Int, y: Int, width: Int, height: Int)) -> Bool {
        let w = image.width, h = image.height
        guard crop.width < w || crop.height < h else { return false }
        let edge = 2
        func outside(_ v: Int, _ start: Int, _ length: Int) -> Bool { v < start - edge || v >= start + length + edge }
        var total = 0, dark = 0
        for y in 0..<h {
            let row = image.row(y)
            let rowOutside = outside(y, crop.y, crop.height), rowInside = y >= crop.y && y < crop.y + crop.height
            for x in 0..<w where rowOutside || (rowInside && outside(x, crop.x, crop.width)) {
                let p = row[x]
                total += 1
                if max(p >> 16 & 0xFF, p >> 8 & 0xFF, p & 0xFF) <= 48 { dark += 1 }
            }
        }
        return total > 0 && dark * 100 >= total * 97
    }
}
