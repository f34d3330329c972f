/// How a picture on screen was had (issue 24): decoded from the file, made from the thumbnail the
/// file carries (a camera's EXIF IFD1 one at least the cell's size, a HEIF's), a camera thumbnail
/// smaller than the cell shown blurred while the file decodes, or a shared cached thumbnail shown
/// first. The state file counts the photos of a frame by it; `--report-startup` counts every use.
public enum DecodePath: String, CaseIterable, Sendable {
    case file
    case embeddedThumbnail
    case embeddedPlaceholder
    case cachedThumbnailFirst
}
