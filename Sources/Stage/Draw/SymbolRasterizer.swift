import CSDL2
import Foundation

/// Rasterises symbol SVGs off the render thread, within `SymbolBudget`: the file is read with a
/// size cap, scanned for what nanosvg would make of it, and only then rasterised by SDL_image on a
/// worker. Two rasterisations run at a time; one still running after `maxSeconds` is abandoned
/// (its thread finishes on its own, its result is dropped), so neither a frame nor a quit ever
/// waits for a symbol. Textures are made from the results on the render thread (`Canvas`).
final class SymbolRasterizer {
    enum State {
        case pending
        /// An ARGB8888 surface the caller now owns (and frees).
        case ready(UnsafeMutablePointer<SDL_Surface>)
        case failed(String)
    }

    let budget: SymbolBudget
    let concurrency = 2
    private let lock = NSLock()
    private let finished = NSCondition()
    private var waiting: [(key: SymbolKey, path: String)] = []
    private var running: [SymbolKey: Date] = [:]
    private var done: [SymbolKey: State] = [:]
    private var abandoned: Set<SymbolKey> = []
    /// Results that arrived since `markSeen()`: the window draws once more to show them.
    private var fresh = false

    init(budget: SymbolBudget = .standard) { self.budget = budget }

    deinit {
        for case .ready(let s) in done.values { SDL_FreeSurface(s) }
    }

    /// Where `key` is: asks for it the first time. Never blocks.
    func state(_ key: SymbolKey, path: String) -> State {
        lock.lock()
        defer { lock.unlock() }
        if let d = done.removeValue(forKey: key) { return d }
        if let started = running[key] {
            if Date().timeIntervalSince(started) > budget.maxSeconds {
                running[key] = nil
                abandoned.insert(key)
                startWaiting()
                return .failed("over budget: still rasterising after \(budget.maxSeconds) s; abandoned")
            }
            return .pending
        }
        if !waiting.contains(where: { $0.key == key }) {
            waiting.append((key, path))
            startWaiting()
        }
        return .pending
    }

    /// True while any symbol is queued or rasterising, or one arrived since `markSeen()`: the
    /// window keeps drawing until they land.
    var needsFrame: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !waiting.isEmpty || !running.isEmpty || fresh
    }

    /// At the start of a frame that will ask for every symbol it shows.
    func markSeen() {
        lock.lock()
        fresh = false
        lock.unlock()
    }

    /// Blocks until `key` has a result (or is abandoned), at most `maxSeconds` plus a little; for
    /// headless runs, whose screenshots must not depend on thread timing. A signal ends the wait.
    func wait(for key: SymbolKey) {
        let deadline = Date().addingTimeInterval(budget.maxSeconds + 0.1)
        finished.lock()
        defer { finished.unlock() }
        while Date() < deadline && !Interruption.requested {
            lock.lock()
            let ready = done[key] != nil || (running[key] == nil && !waiting.contains { $0.key == key })
            lock.unlock()
            if ready { return }
            _ = finished.wait(until: min(deadline, Date().addingTimeInterval(0.05)))
        }
    }

    /// Starts queued jobs while fewer than `concurrency` run. Called with `lock` held.
    private func startWaiting() {
        while running.count < concurrency, !waiting.isEmpty {
            let (key, path) = waiting.removeFirst()
            running[key] = Date()
            let budget = self.budget
            let thread = Thread { [weak self] in
                let result = SymbolRasterizer.rasterize(path: path, width: key.width, height: key.height, budget: budget)
                guard let self else {
                    if case .ready(let s) = result { SDL_FreeSurface(s) }
                    return
                }
                self.finish(key, result)
            }
            thread.name = "symbol-raster"
            thread.start()
        }
    }

    private func finish(_ key: SymbolKey, _ result: State) {
        lock.lock()
        if abandoned.remove(key) != nil {
            lock.unlock()
            if case .ready(let s) = result { SDL_FreeSurface(s) }
            return
        }
        running[key] = nil
        done[key] = result
        fresh = true
        startWaiting()
        lock.unlock()
        finished.lock()
        finished.broadcast()
        finished.unlock()
    }

    /// Reads, checks and rasterises one symbol. Runs on a worker thread.
    static func rasterize(path: String, width: Int, height: Int, budget: SymbolBudget) -> State {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(path, maxBytes: budget.maxFileBytes)
        } catch let p as BoundedFile.Problem {
            return .failed(p.kind == .tooLarge ? "over budget: \(path) \(p.description)" : "\(path) \(p.description)")
        } catch {
            return .failed("cannot read \(path)")
        }
        do { try budget.check(bytes) } catch { return .failed("\(path): \(error)") }
        guard let source = String(validating: bytes, as: UTF8.self) else { return .failed("\(path) is not UTF-8 text") }
        // nanosvg knows no currentColor: draw white and tint at draw time.
        var svg = Array(source.replacingOccurrences(of: "currentColor", with: "#FFFFFF").utf8)
        let surface: UnsafeMutablePointer<SDL_Surface>? = svg.withUnsafeMutableBytes { buf in
            guard let rw = SDL_RWFromConstMem(buf.baseAddress, Int32(buf.count)) else { return nil }
            defer { SDL_RWclose(rw) }
            return IMG_LoadSizedSVG_RW(rw, Int32(width), Int32(height))
        }
        guard let s = surface else { return .failed("cannot rasterize \(path): \(String(cString: SDL_GetError()))") }
        defer { SDL_FreeSurface(s) }
        guard s.pointee.w > 0, s.pointee.h > 0 else { return .failed("\(path) has no size") }
        // Same format as the render target: the software renderer's copies are fastest so.
        guard let argb = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            return .failed("cannot convert \(path): \(String(cString: SDL_GetError()))")
        }
        return .ready(argb)
    }
}
