import CoffeeGridApp
import Foundation
import GridCore
import Stage

/// The `frame` suite: CPU time per frame of the real app, headless at 1280×800, while something
/// moves on screen every frame. Process CPU time, so GL driver threads and decoders count too.
enum FrameBench {
    /// One measured situation: a scene, and what to do before each frame.
    struct Scenario: Sendable {
        var name: String
        var scene: String
        var frames = 240
        /// `--items N` for the scene (the cells' count), nil for its own.
        var items: Int? = nil
        /// Frames stepped before measuring, each waiting for its photos (caches warm).
        var warmup = 30
        /// Opens the bench's folder of camera photos (`FrameBench+Photos.swift`), not bundled ones.
        var photos = false
        /// The scenario's input reads the scene's state keys (made every frame then, as a state file would).
        var readsState = false
        /// A fresh thumbnail cache (XDG_CACHE_HOME) for the run; else one shared by the suite's runs.
        var coldCache = false
        /// Frames paced at 60 Hz of wall time, as a window's vsync does, so decodes finish (or
        /// not) in the time a person would wait: what a time-to-fill figure needs.
        var paced = false
        /// The measured frame at which the screen moves no more: report the wall time from there
        /// until the first frame without a placeholder.
        var fillAfter: Int? = nil
        /// The columns the Photos scene must show after the warm-up (the bench checks its setup).
        var columns: Int? = nil
        /// A scroll: what moves is the grid's content, so a frame can be a move of the pixels and a
        /// strip of new ones. Issue 25 asks their p99 under 3 ms ("scroll frames at the floor").
        var scrolls: Bool {
            name.hasSuffix(".scroll") || name.hasSuffix(".wheel_notches") || name.hasPrefix("cells.billion")
                || name == "cells.band_autoscroll"
        }
        /// Called before frame `i` (warm-up frames first) to keep the screen moving.
        var drive: @Sendable (_ host: StageHost, _ app: AppController, _ frame: Int) -> Void
    }

    /// Wheel steps of 37 points, down for 1.5 s and back up, so short content never pins at its end.
    static func scrolling(_ scene: String) -> Scenario {
        Scenario(name: "\(scene).scroll", scene: scene) { host, app, frame in
            let dy = (frame / 90) % 2 == 0 ? 37.0 : -37.0
            host.inject(.wheel(dx: 0, dy: dy, precise: true, at: app.sceneFrame.center, modifiers: []))
        }
    }

    /// A mouse wheel's notches, as a person spins one: a click every 6 frames (10 a second), down
    /// for 1.5 s and back up. Each notch scrolls animated, so offsets pass between whole pixels;
    /// the precise steps of `scrolling` land on them.
    static func notches(_ scene: String) -> Scenario {
        Scenario(name: "\(scene).wheel_notches", scene: scene) { host, app, frame in
            guard frame % 6 == 0 else { return }
            let dy = (frame / 90) % 2 == 0 ? 40.0 : -40.0  // one notch (EventTranslation.wheelStep)
            host.inject(.wheel(dx: 0, dy: dy, precise: false, at: app.sceneFrame.center, modifiers: []))
        }
    }

    /// A scene key every half second: the grid animates to another variant all the time.
    static func cycling(_ scene: String, key: Character) -> Scenario {
        Scenario(name: "\(scene).variants", scene: scene) { host, _, frame in
            if frame % 30 == 0 { host.inject(.key(.character(key), [])) }
        }
    }

    /// 10⁹ cells scrolled, every one selected (Ctrl+A) or none: the selection costs what the cells
    /// on screen cost, whatever its size (`selectionRatio` compares the two).
    static func billion(selected: Bool) -> Scenario {
        Scenario(name: selected ? "cells.billion_all_selected" : "cells.billion_none_selected", scene: "cells", items: 1_000_000_000) { host, app, frame in
            if frame == 0, selected { host.inject(.key(.character("a"), .control)) }
            let dy = (frame / 90) % 2 == 0 ? 37.0 : -37.0
            host.inject(.wheel(dx: 0, dy: dy, precise: true, at: app.sceneFrame.center, modifiers: []))
        }
    }

    static let scenarios: [Scenario] = [
        Scenario(name: "cells.scroll", scene: "cells") { host, app, _ in
            host.inject(.wheel(dx: 0, dy: 37, precise: true, at: app.sceneFrame.center, modifiers: []))
        },
        billion(selected: false), billion(selected: true),
        // A rubber band pressed near the top of 10⁶ cells and held 150 points below the grid: it
        // autoscrolls (1,800 pt/s) for the whole run, rows scrolling in joining it every frame.
        Scenario(name: "cells.band_autoscroll", scene: "cells", items: 1_000_000) { host, app, frame in
            let f = app.sceneFrame
            let start = Point(x: f.minX + 30, y: f.minY + 30)
            if frame == 0 {
                host.inject(.mouseMove(start))
                host.inject(.mouseDown(start, .left))
            }
            host.inject(.mouseMove(Point(x: f.maxX - 40 - Double(frame % 60), y: f.maxY + 150)))
        },
        // A page of cells never shown before every frame (the peers' traverse of a big grid, a
        // scrollbar dragged fast): every label is new, and as many lines of text are let go.
        Scenario(name: "cells.jumps", scene: "cells", items: 1_000_000) { host, app, _ in
            host.inject(.wheel(dx: 0, dy: app.sceneFrame.height, precise: true, at: app.sceneFrame.center, modifiers: []))
        },
        notches("cells"),
        scrolling("symbols"), cycling("symbols", key: "c"),
        scrolling("styles"), cycling("styles", key: "s"),
        scrolling("bars"), cycling("bars", key: "r"),
        scrolling("stack"),
        // One photo more a row, then one fewer, every half second: twelve photos resizing.
        Scenario(name: "stack.variants", scene: "stack") { host, _, frame in
            if frame % 30 == 0 { host.inject(.key(.character(frame % 60 == 0 ? "+" : "-"), [])) }
        },
        scrolling("playground"), cycling("playground", key: "p"),
        // A click every 0.3 s, alternately on the first grid photo and the newest dock photo, so a
        // flight (and the grid closing or growing behind it) is always on screen.
        Scenario(name: "dock.flights", scene: "dock", readsState: true) { host, app, frame in
            guard frame % 18 == 0, let target = dockPhoto(firstOfGrid: (frame / 18) % 2 == 0, in: app.sceneState) else { return }
            host.inject(.mouseDown(target.center, .left))
            host.inject(.mouseUp(target.center, .left))
        },
        // Twenty full-width photos: down for 1.5 s, back up, so the list never hits its end.
        Scenario(name: "feed.scroll", scene: "feed") { host, app, frame in
            let dy = (frame / 90) % 2 == 0 ? 37.0 : -37.0
            host.inject(.wheel(dx: 0, dy: dy, precise: true, at: app.sceneFrame.center, modifiers: []))
        },
        notches("feed"),
        photosScroll, photosFling, photosToggle,
        // The grid button every half second: 1 → 2 → 3 → 4 → 1 columns, photos moving and resizing.
        // Warm: the 30 warm-up frames go once round all four layouts, so every photo has been decoded
        // at every size it will be drawn (what a reader sees after the first round).
        Scenario(name: "feed.toggle", scene: "feed") { host, _, frame in
            if frame < 30 ? frame % 7 == 0 && frame < 28 : (frame - 30) % 30 == 0 { host.inject(.key(.character("g"), [])) }
        },
        // Cold: the first round is measured too, photos decoding at the sizes they grow to.
        Scenario(name: "feed.toggle_cold", scene: "feed") { host, _, frame in
            if frame % 30 == 0 { host.inject(.key(.character("g"), [])) }
        },
        // The chapter's demo (`e`): every cafe with its nested coffee grid.
        Scenario(name: "cafes.scroll", scene: "cafes") { host, app, frame in
            if frame == 0 { host.inject(.key(.character("e"), [])) }
            let dy = (frame / 90) % 2 == 0 ? 37.0 : -37.0
            host.inject(.wheel(dx: 0, dy: dy, precise: true, at: app.sceneFrame.center, modifiers: []))
        },
    ]

    /// Where the state file says the first grid photo (or the newest dock photo) is drawn, in the
    /// grid, the dock or flying between them; nil while the scene shows no such photo.
    static func dockPhoto(firstOfGrid: Bool, in state: [(String, JSON)]) -> Rect? {
        func value(_ key: String, _ pairs: [(String, JSON)]) -> JSON? { pairs.first { $0.0 == key }?.1 }
        guard case .strings(let ids)? = value(firstOfGrid ? "grid" : "dock", state),
              let id = firstOfGrid ? ids.first : ids.last else { return nil }
        for list in ["visible", "flying"] {
            guard case .array(let entries)? = value(list, state) else { continue }
            for case .object(let e) in entries where value("id", e) == .string(id) {
                guard case .number(let x)? = value("x", e), case .number(let y)? = value("y", e),
                      case .number(let w)? = value("width", e), case .number(let h)? = value("height", e) else { continue }
                return Rect(x: x, y: y, width: w, height: h)
            }
        }
        return nil
    }

    /// The `--profile` breakdowns, one line per scenario, printed by `BenchCommand` after the table.
    static var profileReport: [String] { profileLines.withLock { $0 } }
    private static let profileLines = Locked<[String]>([])

    static func run() throws -> [BenchResult] {
        let profiling = BenchSettings.current.profiling
        // Scenes that save state (the dock) must not touch the user's own files.
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-bench-\(getpid())")
        setenv("XDG_STATE_HOME", state.path, 1)
        defer { try? FileManager.default.removeItem(at: state) }
        defer { removeCaches() }
        var results: [BenchResult] = []
        // COFFEEGRID_BENCH_RENDERER=software (or gl) measures one renderer only.
        let only = ProcessInfo.processInfo.environment["COFFEEGRID_BENCH_RENDERER"]
        let renderers: [HostOptions.RendererKind] = profiling || only == "software" ? [.software] : only == "gl" ? [.gl] : [.software, .gl]
        if profiling { profileLines.withLock { $0 = [FrameProfileReport.header] } }
        for renderer in renderers {
            for s in scenarios where ProcessInfo.processInfo.environment["COFFEEGRID_BENCH_ONLY"].map({ s.name.contains($0) }) ?? true {
                // The software renderer also draws every frame whole, right beside: the ratio of
                // retained to whole frames comes from one run on one machine.
                if renderer == .software && !profiling && !s.photos { results += try measure(s, renderer: renderer, retains: false) }
                results += try measure(s, renderer: renderer)
            }
        }
        return results + selectionRatio(results)
    }

    /// The median frame with all 10⁹ cells selected over the one with none, per renderer: the goal
    /// is under 1.1 (selection is O(cells drawn), not O(cells selected)).
    static func selectionRatio(_ results: [BenchResult]) -> [BenchResult] {
        ["software", "gl"].compactMap { r in
            let median = { (what: String) in results.first { $0.name == "frame.cells.billion_\(what)_selected.\(r).median" }?.value }
            guard let all = median("all"), let none = median("none"), none > 0 else { return nil }
            return BenchResult("frame.cells.billion_selected_over_none.\(r)", all / none, "×", goal: "< 1.1", met: all / none < 1.1)
        }
    }

    static func processCPU() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
    }

    /// `retains: false` draws every frame whole (`DrawListRenderer.retains`), as before retained frames.
    static func measure(_ s: Scenario, renderer: HostOptions.RendererKind, retains: Bool = true) throws -> [BenchResult] {
        // Each renderer needs its own video driver; a fresh SDL video subsystem per run.
        SDL.quitVideo()
        unsetenv("SDL_VIDEODRIVER")
        let profiling = BenchSettings.current.profiling
        FrameProfile.drawsEachCommandAtOnce = profiling
        var options = Options()
        options.items = s.items
        // Before the clock starts: the first run of a bench makes the camera folder here.
        let restoreCache: () -> Void = try s.photos ? openFolder(&options, cold: s.coldCache) : {}
        defer { restoreCache() }
        let wallStart = DispatchTime.now().uptimeNanoseconds
        let session = try HeadlessSession(scene: s.scene, size: Size(width: 1280, height: 800), options: options, renderer: renderer, waitsForImages: true,
                                       recordsState: s.readsState)
        let host = session.host, app = session.app
        if s.photos { app.context.photos.finishScanning() }
        host.painter.renderer.retains = retains
        let firstFrameMs = Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e6
        // Warm caches (fonts, text, photos at their sizes) before measuring.
        for i in 0..<s.warmup { s.drive(host, app, i); host.step() }
        if s.photos { try checkSetup(s, app) }
        app.waitsForImages = false
        let pace = Pace(on: s.paced)
        var fill = FillClock(after: s.fillAfter)
        var samples: [Double] = []
        samples.reserveCapacity(s.frames)
        // Frames that showed a placeholder where a photo should be (growing cells must not).
        var placeholderFrames = 0
        // Retained frames: those drawn in part (the rest were drawn whole), and those a scroll moved.
        var partFrames = 0, movedFrames = 0
        // The render thread alone: what a frame costs without the decoders working beside it.
        var mainSamples: [Double] = []
        let profile = profiling ? FrameProfile() : nil
        app.canvas?.profile = profile
        app.images?.profile = profile
        var report = FrameProfileReport(scenario: s.name)
        for i in 0..<s.frames {
            profile?.reset()
            s.drive(host, app, i + s.warmup)
            let t0 = processCPU(), m0 = Stopwatch.threadCPUTime()
            // A headless step runs the frame's batched drawing (it flushes), so its cost lands here.
            host.step()
            samples.append(processCPU() - t0)
            mainSamples.append((Stopwatch.threadCPUTime() - m0) / 1e6)
            if let profile = profile { report.add(profile, thread: mainSamples.last!, process: samples.last!) }
            if app.pendingImages > 0 { placeholderFrames += 1 }
            fill.frameDrawn(i, pending: app.pendingImages)
            pace.wait(frame: i)
            let stats = host.painter.renderer.lastFrame
            if !stats.whole { partFrames += 1 }
            if stats.moved > 0 { movedFrames += 1 }
        }
        app.canvas?.profile = nil
        app.images?.profile = nil
        if profiling { profileLines.withLock { $0 += report.lines() } }
        let tag = "frame.\(s.name).\(renderer == .gl ? "gl" : retains ? "software" : "software_whole")"
        let p99 = Stopwatch.percentile(samples, 99)
        // Photos: the goal is the render thread's (the issue's "on the main thread with decodes
        // running on the workers"); the process figure beside it counts the decoders too.
        let goalOnProcess = retains && !s.photos
        let threadP99 = Stopwatch.percentile(mainSamples, 99)
        let threadGoal = s.photos && s.fillAfter == nil
        let photoResults = s.photos ? photoFigures(s, tag: tag, mainSamples: mainSamples, fill: &fill, host: host, app: app) : []
        return [
            BenchResult("\(tag).median", Stopwatch.median(samples), "ms"),
            BenchResult("\(tag).p99", p99, "ms", goal: goalOnProcess ? "< 8" : nil, met: goalOnProcess ? p99 < 8 : nil),
            BenchResult("\(tag).render_thread.p99", threadP99, "ms", goal: threadGoal ? "< 8" : nil, met: threadGoal ? threadP99 < 8 : nil),
            BenchResult("\(tag).first_frame", firstFrameMs, "ms"),
            BenchResult("\(tag).placeholder_frames", Double(placeholderFrames), "frames"),
        ] + photoResults + (renderer == .software && retains ? [
            BenchResult("\(tag).frames_drawn_in_part", Double(partFrames), "frames"),
            BenchResult("\(tag).frames_moved_by_scroll", Double(movedFrames), "frames"),
        ] : []) + (renderer == .software && retains && s.scrolls && s.fillAfter == nil ? [
            // The floor's goal on the figure the 8-ms goal reads: the render thread's for a folder of
            // camera photos, the process's otherwise.
            BenchResult("\(tag).scroll_p99", s.photos ? threadP99 : p99, "ms", goal: "< 3", met: (s.photos ? threadP99 : p99) < 3),
        ] : [])
    }
}
