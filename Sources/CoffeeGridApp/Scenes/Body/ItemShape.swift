import GridCore
import ViewLayer
import StageInterface

/// An item's drawing as the renderer takes it, kept from frame to frame: colours resolved in the
/// window's appearance and the view's opacity applied, the renderer's font. Drawing one is a few
/// stores, not a conversion (the cells draw hundreds a frame). A struct read in place, not an enum:
/// binding an enum's payload copied ~100 bytes a shape a frame (the styles' scroll, 300 items).
struct ItemShape {
    enum Kind {
        /// A fill; `opacity` applies to a tint drawn instead of `color`.
        case fill
        case text
        /// An SF Symbol (`name`) drawn in its frame in its colour (`tint`'s text colour when selected).
        case symbol
        /// A named photo (`name`) filling `frame` with rounded corners: `.resizable().scaledToFill()`
        /// under a `.cornerRadius` clip (layout sized it past the clip; the renderer crops it itself).
        case photo
        /// A shadow (`drawing`) cast by the photo drawn next in its frame: only what falls outside
        /// the photo is drawn, the photo covering the rest.
        case shadowBeneathPhoto
        /// Anything else (shadows, images, clips), drawn from its `drawing`.
        case other
    }

    let kind: Kind
    var frame: Rect
    /// A text's string, a symbol's or a photo's name.
    var name = ""
    var color = StageInterface.Color.clear
    var font = StageInterface.Font(size: 0)
    var cornerRadius = 0.0
    var opacity = 1.0
    var drawing: Drawing?

    init(_ kind: Kind, _ frame: Rect, name: String = "", color: StageInterface.Color = .clear, font: StageInterface.Font = StageInterface.Font(size: 0),
         cornerRadius: Double = 0, opacity: Double = 1, drawing: Drawing? = nil) {
        self.kind = kind
        self.frame = frame
        self.name = name
        self.color = color
        self.font = font
        self.cornerRadius = cornerRadius
        self.opacity = opacity
        self.drawing = drawing
    }

    init(_ d: Drawing, _ env: AppEnvironment) {
        switch d.shape {
        case let .fill(color, cornerRadius):
            self.init(.fill, d.frame, color: color.resolved(env).opacity(d.opacity), cornerRadius: cornerRadius, opacity: d.opacity)
        case let .text(text, font, color):
            self.init(.text, d.frame, name: text, color: color.resolved(env).opacity(d.opacity), font: font.stage, opacity: d.opacity)
        case let .image(.system(name), color):
            self.init(.symbol, d.frame, name: name, color: (color?.resolved(env) ?? env.color(.accent)).opacity(d.opacity), opacity: d.opacity)
        default:
            self.init(.other, d.frame, drawing: d)
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
                if let last = result.last, last.kind == .other, let d = last.drawing, case .shadow = d.shape, d.frame == drawing[i].frame {
                    result[result.count - 1] = ItemShape(.shadowBeneathPhoto, d.frame, drawing: d)
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
        return ItemShape(.photo, clip, name: name, cornerRadius: radius, opacity: drawing[i + 1].opacity * drawing[i].opacity)
    }

    /// This shape laid out in an item of `size`, moved into `frame` (an item the grid is animating
    /// from one size to another): its frames stretch with the item's, as SwiftUI animates a view's
    /// frame; sizes of type and symbols, radii and shadows stay.
    func mapped(from size: GridCore.Size, to frame: Rect) -> ItemShape {
        let item = Rect(x: 0, y: 0, width: size.width, height: size.height)
        var moved = self
        if kind == .symbol {
            // A symbol is drawn at its size, not stretched: its centre follows the item's.
            let c = Rect(x: self.frame.midX, y: self.frame.midY, width: 0, height: 0).carried(from: item, to: frame)
            moved.frame = Rect(x: c.minX - self.frame.width / 2, y: c.minY - self.frame.height / 2, width: self.frame.width, height: self.frame.height)
        } else {
            moved.frame = self.frame.carried(from: item, to: frame)
        }
        moved.drawing?.frame = moved.frame
        return moved
    }

    /// This shape at `origin`; `tint` recolours fills and text (a selected item); `photos` says how
    /// urgent the item's photo is and how it is sampled this frame.
    func draw(at origin: GridCore.Point, _ list: inout DrawList, env: AppEnvironment, tint: ItemTint?, photos: PhotoDrawing = PhotoDrawing()) {
        let r = frame.offsetBy(dx: origin.x, dy: origin.y)
        switch kind {
        case .fill:
            list.fill(r, tint.map { $0.fill.opacity(opacity) } ?? color, cornerRadius: cornerRadius)
        case .text:
            // Centred in its own frame, which layout sized for it: the glyphs' centre is the view's
            // whatever the renderer's font measures (layout's estimate is wider than the real text).
            list.text(name, font, tint.map { $0.text.opacity(opacity) } ?? color, in: r, alignment: .center)
        case .symbol:
            list.symbol(name, in: r, tint.map { $0.text.opacity(opacity) } ?? color)
        case .photo:
            list.image(env.photoPath(name), in: r, cornerRadius: cornerRadius, opacity: opacity, priority: photos.priority, sampling: photos.sampling)
        case .shadowBeneathPhoto:
            guard let d = drawing, case let .shadow(color, radius, x, y, cornerRadius) = d.shape else { return }
            list.shadow(r, cornerRadius: cornerRadius, radius: radius, color: color.resolved(env).opacity(d.opacity),
                        offset: GridCore.Size(width: x, height: y), beneathOpaque: true)
        case .other:
            drawing?.draw(at: origin, &list, env: env, tint: tint)
        }
    }
}

/// How a frame draws an item's photo: how urgent its decode is and whether it is sampled for
/// motion (`GridScrollView.priority(of:)`, `imageSampling`).
struct PhotoDrawing {
    var priority: Double = 0
    var sampling: ImageSampling = .exact
}
