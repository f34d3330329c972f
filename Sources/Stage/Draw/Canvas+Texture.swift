import CSDL2
import GridCore
import StageInterface

extension Canvas {
    /// `.resizable().scaledToFill().frame(…).clipped().cornerRadius(r)` (or `.scaledToFit()`):
    /// the texture scaled into `rect`, its visible part with anti-aliased rounded corners. The
    /// crop is done with texture coordinates on the rounded mesh, so no mask is needed. `.fast`
    /// sampling takes the nearest texel (a photo in motion): SDL's software stretch then skips the
    /// bilinear blend, about half the cost of a resized photo.
    public func drawTexture(_ texture: Texture, in rect: Rect, contentMode: ContentMode = .fill,
                            cornerRadius: Double = 0, opacity: Double = 1, sampling: ImageSampling = .exact) {
        guard !isClippedAway, rect.width > 0, rect.height > 0, texture.pixelWidth > 0, texture.pixelHeight > 0,
              opacity > 0 else { return }
        let tw = Double(texture.pixelWidth), th = Double(texture.pixelHeight)
        let image = Self.placed(texture, in: rect, contentMode: contentMode)
        let visible = Rect(x: max(rect.minX, image.minX), y: max(rect.minY, image.minY),
                           width: min(rect.maxX, image.maxX) - max(rect.minX, image.minX),
                           height: min(rect.maxY, image.maxY) - max(rect.minY, image.minY))
        guard let shape = PixelShape(rect: visible, cornerRadius: cornerRadius, scale: scale,
                                     minimumSize: raster.minimumSize) else { return }
        flush()
        let ix = px(image.minX), iy = px(image.minY), iw = px(image.width), ih = px(image.height)
        let uv = Mesh.UVMap(ix: ix, iw: iw, iy: iy, ih: ih, tw: tw, th: th)
        var mesh = Mesh(raster)
        let c = sdlColor(Color(white: 1, opacity: opacity * shape.coverage))
        SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(texture.handle, sampling == .fast ? SDL_ScaleModeNearest : SDL_ScaleModeLinear)
        SDL_SetTextureColorMod(texture.handle, 255, 255, 255)
        SDL_SetTextureAlphaMod(texture.handle, 255)
        guard raster.prefersRim else {
            mesh.fill(shape.outline(), color: c, uv: uv)
            draw(mesh, texture: texture.handle)
            return
        }
        // Rim as textured triangles, the interior as plain copies of the matching texels.
        let bands = mesh.rim(shape.outline(), segments: shape.segments, color: c, uv: uv)
        draw(mesh, texture: texture.handle)
        SDL_SetTextureAlphaMod(texture.handle, c.a)
        // The interior of an opaque photo at full opacity is a plain copy: no per-pixel blending.
        let plain = texture.isOpaque && c.a == 255
        if plain { SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_NONE) }
        defer { if plain { SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_BLEND) } }
        let b = raster.bias
        for band in bands {
            let dst = band.pixels
            // The texels under the band: pixel edges (bias removed) through the crop's mapping.
            let u0 = (Double(dst.x) - b - ix) / iw * tw, u1 = (Double(dst.x + dst.w) - b - ix) / iw * tw
            let v0 = (Double(dst.y) - b - iy) / ih * th, v1 = (Double(dst.y + dst.h) - b - iy) / ih * th
            let sx = max(0, Int32(u0.rounded())), sy = max(0, Int32(v0.rounded()))
            let src = SDL_Rect(x: sx, y: sy, w: max(1, min(Int32(tw), Int32(u1.rounded())) - sx),
                               h: max(1, min(Int32(th), Int32(v1.rounded())) - sy))
            copy(texture.handle, src, to: dst, source: texture)
        }
        SDL_SetTextureAlphaMod(texture.handle, 255)
    }

    /// Where the texture's pixels go for the photo to fill (or fit) `rect`. A texture holding a band of
    /// its photo goes where that band of the photo goes, when the band holds all `rect` shows; one
    /// that does not (a stand-in while the band for a new shape decodes) fills `rect` as if whole.
    static func placed(_ texture: Texture, in rect: Rect, contentMode: ContentMode) -> Rect {
        let tw = Double(texture.pixelWidth), th = Double(texture.pixelHeight)
        let part = texture.part
        func fitted(_ w: Double, _ h: Double) -> Rect {
            let k = contentMode == .fill ? max(rect.width / w, rect.height / h) : min(rect.width / w, rect.height / h)
            return Rect(x: rect.midX - w * k / 2, y: rect.midY - h * k / 2, width: w * k, height: h * k)
        }
        guard !part.isWhole else { return fitted(tw, th) }
        let whole = fitted(tw / part.width, th / part.height)
        let band = Rect(x: whole.minX + part.x * whole.width, y: whole.minY + part.y * whole.height,
                        width: part.width * whole.width, height: part.height * whole.height)
        // To a hundredth of a point: the band's edges are whole pixels of the decode.
        let e = 0.01
        let holds = band.minX <= max(rect.minX, whole.minX) + e && band.maxX >= min(rect.maxX, whole.maxX) - e
            && band.minY <= max(rect.minY, whole.minY) + e && band.maxY >= min(rect.maxY, whole.maxY) - e
        return holds ? band : fitted(tw, th)
    }
}
