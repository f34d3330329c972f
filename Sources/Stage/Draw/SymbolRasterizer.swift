import CSDL2
import Foundation
import SystemIO

/// Rasterises symbol SVGs off the render thread, within `SymbolBudget`: `SymbolSVG` reads the file
/// with a size cap, scans it for what nanosvg would make of it, and only then rasterises it, on a
/// worker. Two rasterisations run at a time; one still running after `maxSeconds` is abandoned
/// (its thread finishes on its own, its result is dropped), so neither a frame nor a quit ever
/// waits for a symbol. Textures are made from the results on the render thread (`Canvas`).
// @unchecked: its queue and results are touched only with `lock` held.
final class SymbolRasterizer: @unchecked Sendable {
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

    /// Reads, checks and rasterises one symbol (`SymbolSVG`). Runs on a worker thread.
    static func rasterize(path: String, width: Int, height: Int, budget: SymbolBudget) -> State {
        do {
            return .ready(try SymbolSVG.rasterize(path: path, width: width, height: height, budget: budget))
        } catch {
            return .failed("\(error)")
        }
    }
}
