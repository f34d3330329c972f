import GridCore
import ViewLayer
import StageInterface

/// An item's drawing as the renderer takes it, kept from frame to frame: colours resolved in the
/// window's appearance and the view's opacity applied, the renderer's font. Drawing one is a few
/// stores, not a conversion (the cells draw hundreds a frame).
enum ItemShape {
    /// A fill; `opacity` applies to a tint drawn instead of `color`.
    case fill(Rect, StageInterface.Color, cornerRadius: Double, opacity: Double)
    case text(String, StageInterface.Font, StageInterface.Color, Rect, opacity: Double)
    /// A named photo filling `frame` with rounded corners: `.resizable().scaledToFill()` under a
    /// `.cornerRadius` clip (layout sized it past the clip; the renderer crops it itself).
    case photo(String, Rect, cornerRadius: Double, opacity: Double)
    /// A shadow cast by the photo drawn next in its frame: only what falls outside the photo is
    /// drawn, the photo covering the rest.
    case shadowBeneathPhoto(Drawing)
    /// Anything else (shadows, images, symbols, clips), drawn from its drawing.
    case other(Drawing)

    init(_ d: Drawing, _ env: AppEnvironment) {
        switch d.shape {
        case let .fill(color, cornerRadius):
            self = .fill(d.frame, color.resolved(env).opacity(d.opacity), cornerRadius: cornerRadius, opacity: d.opacity)
        case let .text(text, font, color):
            self = .text(text, font.stage, color.resolved(env).opacity(d.opacity), d.frame, opacity: d.opacity)
        default:
            self = .other(d)
        }
    }

    /// An item's drawings as shapes: a rounded clip holding only a photo that fills it is the
    /// photo with those corners, and a shadow in the frame of the photo after it is cast beneath it.
    static func shapes(_ drawing: [Drawing], _ env: AppEnvironment) -> [ItemShape] {
        var result: [ItemShape] = []
        result.reserveCapacity(drawing.count)
        var i = 0
        while i < drawing.count {
            if let photo = photo(in: drawing, at: i) {
                if case .other(let d) = result.last, case .shadow = d.shape, d.frame == drawing[i].frame {
                    result[result.count - 1] = .shadowBeneathPhoto(d)
                }
                result.append(photo)
                i += 3
                continue
            }
            result.append(ItemShape(drawing[i], env))
            i += 1
        }
        return result
    }

    /// `pushClip`, a named image covering the clip and centred on it, `popClip`: the photo.
    private static func photo(in drawing: [Drawing], at i: Int) -> ItemShape? {
        guard i + 2 < drawing.count, case .pushClip(let radius) = drawing[i].shape, case .popClip = drawing[i + 2].shape,
              case .image(.named(let name), _) = drawing[i + 1].shape else { return nil }
        let clip = drawing[i].frame, image = drawing[i + 1].frame
        guard image.minX <= clip.minX + 1e-9, image.minY <= clip.minY + 1e-9, image.maxX >= clip.maxX - 1e-9, image.maxY >= clip.maxY - 1e-9,
              abs(image.midX - clip.midX) < 1e-6, abs(image.midY - clip.midY) < 1e-6 else { return nil }
        return .photo(name, clip, cornerRadius: radius, opacity: drawing[i + 1].opacity * drawing[i].opacity)
    }

    /// This shape laid out in an item of `size`, moved into `frame` (an item the grid is animating
    /// from one size to another): its frames stretch with the item's, as SwiftUI animates a view's
    /// frame; sizes of type and symbols, radii and shadows stay.
    func mapped(from size: GridCore.Size, to frame: Rect) -> ItemShape {
        let item = Rect(x: 0, y: 0, width: size.width, height: size.height)
        func m(_ r: Rect) -> Rect { r.carried(from: item, to: frame) }
        switch self {
        case let .fill(r, color, cornerRadius, opacity): return .fill(m(r), color, cornerRadius: cornerRadius, opacity: opacity)
        case let .text(text, font, color, r, opacity): return .text(text, font, color, m(r), opacity: opacity)
        case let .photo(name, r, cornerRadius, opacity): return .photo(name, m(r), cornerRadius: cornerRadius, opacity: opacity)
        case .shadowBeneathPhoto(var d):
            d.frame = m(d.frame)
            return .shadowBeneathPhoto(d)
        case .other(var d):
            if case .image(.system, _) = d.shape {
                // A symbol is drawn at its size, not stretched: its centre follows the item's.
                let c = Rect(x: d.frame.midX, y: d.frame.midY, width: 0, height: 0).carried(from: item, to: frame)
                d.frame = Rect(x: c.minX - d.frame.width / 2, y: c.minY - d.frame.height / 2, width: d.frame.width, height: d.frame.height)
            } else {
                d.frame = m(d.frame)
            }
            return .other(d)
        }
    }

    /// This shape at `origin`; `tint` recolours fills and text (a selected item); `photos` says how
    /// urgent the item's photo is and how it is sampled this frame.
    func draw(at origin: GridCore.Point, _ list: inout DrawList, env: AppEnvironment, tint: ItemTint?, photos: PhotoDrawing = PhotoDrawing()) {
        switch self {
        case let .fill(frame, color, cornerRadius, opacity):
            list.fill(frame.offsetBy(dx: origin.x, dy: origin.y), tint.map { $0.fill.opacity(opacity) } ?? color, cornerRadius: cornerRadius)
        case let .text(text, font, color, frame, opacity):
            // Centred in its own frame, which layout sized for it: the glyphs' centre is the view's
            // whatever the renderer's font measures (layout's estimate is wider than the real text).
            list.text(text, font, tint.map { $0.text.opacity(opacity) } ?? color, in: frame.offsetBy(dx: origin.x, dy: origin.y), alignment: .center)
        case let .photo(name, frame, cornerRadius, opacity):
            list.image(env.photoPath(name), in: frame.offsetBy(dx: origin.x, dy: origin.y), cornerRadius: cornerRadius, opacity: opacity,
                       priority: photos.priority, sampling: photos.sampling)
        case .shadowBeneathPhoto(let d):
            guard case let .shadow(color, radius, x, y, cornerRadius) = d.shape else { return }
            list.shadow(d.frame.offsetBy(dx: origin.x, dy: origin.y), cornerRadius: cornerRadius, radius: radius,
                        color: color.resolved(env).opacity(d.opacity), offset: GridCore.Size(width: x, height: y), beneathOpaque: true)
        case .other(let d):
            d.draw(at: origin, &list, env: env, tint: tint)
        }
    }
}

/// How a frame draws an item's photo: how urgent its decode is and whether it is sampled for
/// motion (`GridScrollView.priority(of:)`, `imageSampling`).
struct PhotoDrawing {
    var priority: Double = 0
    var sampling: ImageSampling = .exact
}
