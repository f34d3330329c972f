import Foundation
import GridCore
import SystemIO
import StageInterface
import Stage

/// Drives the app on the host's virtual 60 Hz clock: runs a script line by line, takes
/// screenshots, writes state files. Identical input gives identical frames.
package final class HeadlessRunner {
    // The app before the host: stored properties are released in declaration order, and the app's
    // textures must be destroyed while the host's renderer still exists (SDL_DestroyRenderer frees
    // them itself; destroying one afterwards reads freed memory, an occasional SIGSEGV at teardown).
    let app: AppController
    let host: StageHost
    /// The longest a settle waits for animations and photos, in frames (10 s).
    static let settleLimit = 600
    /// A file `paste FILE` reads: four times the largest snippet the playground takes, so a larger
    /// one reaches it and is refused there with its size.
    static let maxPasteBytes = 1 << 20

    init(host: StageHost, app: AppController) {
        self.host = host
        self.app = app
    }

    static func frames(milliseconds ms: Double) -> Int { Int((ms / 1000 * HostOptions.framesPerSecond).rounded()) }

    /// Steps until nothing animates and no photo is pending (bounded).
    package func settle() {
        var n = 0
        repeat { host.step(); n += 1 } while isBusy && n < HeadlessRunner.settleLimit && !Interruption.requested
    }

    /// Something moves or waits to be drawn: the next frame may differ from this one.
    var isBusy: Bool { host.isAnimating || app.needsDisplay }

    /// `frames` frames of virtual time. Once nothing moves, the clock jumps to the end and one
    /// frame is drawn there: an idle `wait 60000` costs a frame, not 3,600 of them. A frame due
    /// meanwhile (an animated photo's) stops the jump there, so it is drawn when it is due.
    func wait(frames: Int) {
        var left = frames
        while left > 0 && !Interruption.requested {
            if !isBusy && left > 1 {
                // As a window sleeps until its next wake-up (an animated photo's next frame).
                let jump = min(left - 1, app.nextWake.map { max(0, host.frames(until: $0) - 1) } ?? Int.max)
                host.skip(frames: jump)
                left -= jump
            }
            host.step()
            left -= 1
        }
    }

    /// `--report-startup` headless: frames at a real 60 Hz (decoders run meanwhile) until the app has
    /// reported every photo on screen decoded, or the settle limit passes.
    func runUntilStartupReported() {
        var n = 0
        while !host.quitWasRequested && n < HeadlessRunner.settleLimit {  // a signal is a quit request too
            let start = ProcessStats.monotonicMilliseconds
            host.step()
            n += 1
            let spent = ProcessStats.monotonicMilliseconds - start
            if spent < 1000 / HostOptions.framesPerSecond { usleep(useconds_t((1000 / HostOptions.framesPerSecond - spent) * 1000)) }
        }
    }

    func run(_ script: [(line: Int, command: ScriptCommand)]) throws {
        var rest = script[...]
        try run { rest.popFirst() }
    }

    /// Runs a script as it is read, each line before the next is read.
    func run(_ reader: ScriptReader) throws {
        try run { try HeadlessRunner.next(from: reader, catalog: self.app.catalog) }
    }

    /// Reads every line of a script that can be read twice, so a bad line late in a file fails
    /// before anything runs (a pipe is checked line by line as it runs).
    static func check(_ reader: ScriptReader, catalog: SceneCatalog) throws {
        guard reader.isRewindable else { return }
        while try next(from: reader, catalog: catalog) != nil {}
        reader.rewind()
    }

    static func next(from reader: ScriptReader, catalog: SceneCatalog) throws -> (line: Int, command: ScriptCommand)? {
        while let text = try reader.nextLine() {
            guard let command = try ScriptCommand.parse(line: text, number: reader.lineNumber) else { continue }
            // Unknown scenes are rejected before anything runs, naming the line.
            if case .scene(let name) = command, catalog.entry(named: name) == nil {
                throw ScriptCommand.ParseError(line: reader.lineNumber, message: "unknown scene \(ScriptMessage.excerpt(name)); scenes: \(catalog.names.joined(separator: ", "))")
            }
            return (reader.lineNumber, command)
        }
        return nil
    }

    private func run(_ next: () throws -> (line: Int, command: ScriptCommand)?) throws {
        host.step()
        while !host.quitWasRequested, let (line, command) = try next() {
            do {
                try execute(command)
            } catch {
                throw ScriptCommand.ParseError(line: line, message: "\(error)")
            }
        }
    }

    func execute(_ command: ScriptCommand) throws {
        switch command {
        case let .click(p, mods):
            host.inject(.mouseMove(p))
            // The press carries the keys held, as a window's button event does.
            host.inject(.mouseDown(p, .left, MousePress(modifiers: mods)))
            host.step()
            host.inject(.mouseUp(p, .left))
            host.step()
        case .doubleClick(let p):
            host.inject(.mouseMove(p))
            for clicks in 1...2 {
                host.inject(.mouseDown(p, .left, MousePress(clicks: clicks)))
                host.inject(.mouseUp(p, .left))
                host.step()
            }
        case .move(let p):
            host.inject(.mouseMove(p))
            host.step()
        case let .press(p, mods):
            host.inject(.mouseMove(p))
            host.inject(.mouseDown(p, .left, MousePress(modifiers: mods)))
            host.step()
        case .release(let p):
            host.inject(.mouseMove(p))
            host.inject(.mouseUp(p, .left))
            host.step()
        case let .drag(from, to, ms, mods):
            host.inject(.mouseMove(from))
            host.inject(.mouseDown(from, .left, MousePress(modifiers: mods)))
            host.step()
            let frames = max(1, HeadlessRunner.frames(milliseconds: ms))
            for i in 1...frames where !Interruption.requested {
                let t = Double(i) / Double(frames)
                host.inject(.mouseMove(Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)))
                host.step()
            }
            host.inject(.mouseUp(to, .left))
            host.step()
        case let .scroll(dx, dy, mods):
            let at = app.sceneFrame.center
            host.inject(.wheel(dx: dx, dy: dy, precise: true, at: at, modifiers: mods))
            host.step()
        case let .scrollAt(dx, dy, at, mods):
            host.inject(.mouseMove(at))
            host.inject(.wheel(dx: dx, dy: dy, precise: true, at: at, modifiers: mods))
            host.step()
        case let .pinch(scale, at):
            host.inject(.pinch(scale: scale, at: at ?? app.sceneFrame.center))
            host.step()
        case .pinchEnd(let at):
            host.inject(.pinchEnded(at: at ?? app.sceneFrame.center))
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
            wait(frames: HeadlessRunner.frames(milliseconds: ms))
        case .settle:
            settle()
        case .scene(let name):
            try app.switchScene(to: name)
            host.step()
        case .screenshot(let path):
            host.redraw()
            try host.screenshot(to: path)
        case .state(let path):
            try StateFile.write(app.stateText() + "\n", to: path)
        case .drop(let path):
            host.inject(.dropFile(path))
            host.step()
        case .paste(let path):
            // Read with the files' cap; the playground refuses more than a snippet's in its banner.
            let text = String(decoding: try BoundedFile.read(path, maxBytes: HeadlessRunner.maxPasteBytes), as: UTF8.self)
            if !app.scene.paste(snippet: text) {
                try app.switchScene(to: "playground")
                _ = app.scene.paste(snippet: text)
            }
            host.step()
        }
    }
}
