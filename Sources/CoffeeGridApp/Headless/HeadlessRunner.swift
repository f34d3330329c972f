import Foundation
import GridCore
import Stage

/// Drives the app on the host's virtual 60 Hz clock: runs a script line by line, takes
/// screenshots, writes state files. Identical input gives identical frames.
final class HeadlessRunner {
    let host: StageHost
    let app: AppController
    /// The longest a settle waits for animations and photos, in frames (10 s).
    static let settleLimit = 600

    init(host: StageHost, app: AppController) {
        self.host = host
        self.app = app
    }

    static func frames(milliseconds ms: Double) -> Int { Int((ms / 1000 * HostOptions.framesPerSecond).rounded()) }

    /// Steps until nothing animates and no photo is pending (bounded).
    func settle() {
        var n = 0
        repeat { host.step(); n += 1 } while (host.isAnimating || app.needsDisplay) && n < HeadlessRunner.settleLimit
    }

    /// `--report-startup` headless: frames at a real 60 Hz (decoders run meanwhile) until the app has
    /// reported every photo on screen decoded, or the settle limit passes.
    func runUntilStartupReported() {
        var n = 0
        while !host.quitWasRequested && n < HeadlessRunner.settleLimit {
            let start = ProcessStats.monotonicMilliseconds
            host.step()
            n += 1
            let spent = ProcessStats.monotonicMilliseconds - start
            if spent < 1000 / HostOptions.framesPerSecond { usleep(useconds_t((1000 / HostOptions.framesPerSecond - spent) * 1000)) }
        }
    }

    func run(_ script: [(line: Int, command: ScriptCommand)]) throws {
        // Reject unknown scenes before doing anything, naming the line.
        for (line, command) in script {
            if case .scene(let name) = command, app.catalog.entry(named: name) == nil {
                throw ScriptCommand.ParseError(line: line, message: "unknown scene '\(name)'; scenes: \(app.catalog.names.joined(separator: ", "))")
            }
        }
        host.step()
        for (line, command) in script {
            do {
                try execute(command)
            } catch {
                throw ScriptCommand.ParseError(line: line, message: "\(error)")
            }
            if host.quitWasRequested { break }
        }
    }

    func execute(_ command: ScriptCommand) throws {
        switch command {
        case .click(let p):
            host.inject(.mouseMove(p))
            host.inject(.mouseDown(p, .left))
            host.step()
            host.inject(.mouseUp(p, .left))
            host.step()
        case .move(let p):
            host.inject(.mouseMove(p))
            host.step()
        case let .drag(from, to, ms):
            host.inject(.mouseMove(from))
            host.inject(.mouseDown(from, .left))
            host.step()
            let frames = max(1, HeadlessRunner.frames(milliseconds: ms))
            for i in 1...frames {
                let t = Double(i) / Double(frames)
                host.inject(.mouseMove(Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)))
                host.step()
            }
            host.inject(.mouseUp(to, .left))
            host.step()
        case let .scroll(dx, dy, mods):
            let at = app.contentFrame.center
            host.inject(.wheel(dx: dx, dy: dy, precise: true, at: at, modifiers: mods))
            host.step()
        case let .scrollAt(dx, dy, at, mods):
            host.inject(.mouseMove(at))
            host.inject(.wheel(dx: dx, dy: dy, precise: true, at: at, modifiers: mods))
            host.step()
        case let .pinch(scale, at):
            host.inject(.pinch(scale: scale, at: at ?? app.contentFrame.center))
            host.step()
        case .pinchEnd(let at):
            host.inject(.pinchEnded(at: at ?? app.contentFrame.center))
            host.step()
        case let .key(key, mods):
            host.inject(.key(key, mods))
            host.step()
        case .type(let text):
            host.inject(.text(text))
            host.step()
        case .resize(let size):
            host.resize(to: size)
            host.step()
        case .wait(let ms):
            for _ in 0..<HeadlessRunner.frames(milliseconds: ms) { host.step() }
        case .settle:
            settle()
        case .scene(let name):
            try app.switchScene(to: name)
            host.step()
        case .screenshot(let path):
            host.redraw()
            try host.screenshot(to: path)
        case .state(let path):
            try StateFile.write(app.stateJSON().text + "\n", to: path)
        }
    }
}
