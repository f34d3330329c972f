import CSDL2
import Foundation

/// `asset-maker icon`: the app icon, a rounded square cut from the latte-art photo coffee-1,
/// at the freedesktop hicolor sizes (Resources/Icons/hicolor/NxN/apps/APP_ID.png) and as
/// Resources/AppIcon.png (256 px, the window icon).
enum IconCommand {
    static let sizes = [16, 24, 32, 48, 64, 128, 256, 512]
    /// The app's reverse-DNS id, as Packaging/APP_ID.desktop.in names it (the install test checks they agree).
    static let appID = "io.github.coffeegrid.CoffeeGrid"

    static func run(resources: String) throws {
        let source = resources + "/Photos/coffee-1.jpg"
        guard let loaded = IMG_Load(source) else { throw AssetMakerCommand.UsageError(message: "cannot read \(source)") }
        defer { SDL_FreeSurface(loaded) }
        guard let photo = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw AssetMakerCommand.UsageError(message: "cannot convert \(source)")
        }
        defer { SDL_FreeSurface(photo) }
        // The cup sits a little left of centre: a square around it.
        let side = min(photo.pointee.w, photo.pointee.h)
        var crop = SDL_Rect(x: (photo.pointee.w - side) / 2 - side / 20, y: (photo.pointee.h - side) / 2, w: side, h: side)
        crop.x = max(0, crop.x)
        for n in sizes {
            let path = resources + "/Icons/hicolor/\(n)x\(n)/apps/\(appID).png"
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try write(photo, crop: crop, size: n, to: path)
            if n == 256 { try write(photo, crop: crop, size: n, to: resources + "/AppIcon.png") }
        }
    }

    static func write(_ photo: UnsafeMutablePointer<SDL_Surface>, crop: SDL_Rect, size n: Int, to path: String) throws {
        // Downscale in halving steps first so the small sizes stay smooth.
        var current = photo
        var rect = crop
        var owned: [UnsafeMutablePointer<SDL_Surface>] = []
        defer { owned.forEach { SDL_FreeSurface($0) } }
        while Int(rect.w) / 2 >= n * 2 {
            guard let half = SDL_CreateRGBSurfaceWithFormat(0, rect.w / 2, rect.h / 2, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else { break }
            owned.append(half)
            var dst = SDL_Rect(x: 0, y: 0, w: rect.w / 2, h: rect.h / 2)
            SDL_SoftStretchLinear(current, &rect, half, &dst)
            current = half
            rect = dst
        }
        guard let out = SDL_CreateRGBSurfaceWithFormat(0, Int32(n), Int32(n), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw AssetMakerCommand.UsageError(message: "out of memory")
        }
        defer { SDL_FreeSurface(out) }
        var dst = SDL_Rect(x: 0, y: 0, w: Int32(n), h: Int32(n))
        SDL_SoftStretchLinear(current, &rect, out, &dst)
        // A superellipse mask (the shape of app icons), anti-aliased by 4×4 supersampling.
        let pixels = out.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let pitch = Int(out.pointee.pitch) / 4
        let r = Double(n) / 2, exponent = 5.0
        for y in 0..<n {
            for x in 0..<n {
                var inside = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let px = (Double(x) + (Double(sx) + 0.5) / 4 - r) / r, py = (Double(y) + (Double(sy) + 0.5) / 4 - r) / r
                        if pow(abs(px), exponent) + pow(abs(py), exponent) <= 1 { inside += 1 }
                    }
                }
                let p = pixels[y * pitch + x]
                let alpha = UInt32((Double(inside) / 16 * 255).rounded())
                pixels[y * pitch + x] = (p & 0x00FF_FFFF) | (alpha << 24)
            }
        }
        guard IMG_SavePNG(out, path) == 0 else { throw AssetMakerCommand.UsageError(message: "cannot write \(path)") }
    }
}
