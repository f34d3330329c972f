import Foundation
import SystemIO

/// `--bench-scroll SPEED,SECONDS,JUMPS,SETTLE` (hidden; `make bench-peers` passes it): the peer
/// benchmark's scroll, done by the app in its real window exactly as the GTK and Chromium peers do it
/// (Peers/gtk_cells.py, Peers/css_cells.html), with the same lines on standard output:
///
///     bench: first-frame                     after the first frame is drawn
///     bench: scroll-start                    SETTLE seconds later
///     bench: scroll-end frames=F             after SECONDS of scrolling at SPEED points a second
///     bench: traverse-end frames=J offset=O max=M   after JUMPS frames, each 1/JUMPS of the way to the end
///
/// The scroll goes through the app's own input path, as touchpad deltas (applied at once, no smoothing):
/// the offset at time t is where it started plus SPEED × (t − start), whatever the frame rate.
final class BenchScroll {
    struct Plan: Equatable {
        var speed: Double
        var seconds: Double
        var jumps: Int
        var settle: Double

        /// `1200,8,240,1.5`: speed in points a second (0 … 10⁶), seconds (0 … 3600), jumps (0 … 10⁶),
        /// settle in seconds (0 … 60).
        static func parse(_ text: String) throws -> Plan {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0) }
            func number(_ i: Int, _ range: ClosedRange<Double>) -> Double? {
                guard i < parts.count, let v = Double(parts[i]), v.isFinite, range.contains(v) else { return nil }
                return v
            }
            guard parts.count == 4, let speed = number(0, 0...1_000_000), let seconds = number(1, 0...3600),
                  let jumps = number(2, 0...1_000_000), jumps == jumps.rounded(), let settle = number(3, 0...60) else {
                throw UsageError("--bench-scroll must be SPEED,SECONDS,JUMPS,SETTLE such as 1200,8,240,1.5, not '\(text)'")
            }
            return Plan(speed: speed, seconds: seconds, jumps: Int(jumps), settle: settle)
        }
    }

    enum Phase: Equatable {
        case waitingForFirstFrame
        case settling(until: Double)
        case scrolling(start: Double, from: Double)
        case traversing(step: Int)
        case done
    }

    let plan: Plan
    private(set) var phase = Phase.waitingForFirstFrame
    /// Frames drawn in the current phase.
    private(set) var frames = 0
    private let print: (String) -> Void

    init(_ plan: Plan, print: @escaping (String) -> Void = { Swift.print($0); StandardOutput.flush() }) {
        self.plan = plan
        self.print = print
    }

    /// While scrolling or jumping, every frame must be drawn.
    var isActive: Bool {
        switch phase {
        case .scrolling, .traversing: return true
        default: return false
        }
    }

    /// Before a frame's update at `time`: how far to scroll this frame (nil: not at all), given where
    /// the grid is and how far it can go.
    func delta(at time: Double, offset: Double, maxOffset: Double) -> Double? {
        switch phase {
        case .waitingForFirstFrame, .done:
            return nil
        case .settling(let until):
            guard time >= until else { return nil }
            phase = .scrolling(start: time, from: offset)
            frames = 0
            print("bench: scroll-start")
            return nil
        case let .scrolling(start, from):
            let elapsed = time - start
            guard elapsed < plan.seconds else {
                print("bench: scroll-end frames=\(frames)")
                phase = .traversing(step: 0)
                frames = 0
                // This frame already makes the first jump: every traverse frame moves.
                return delta(at: time, offset: offset, maxOffset: maxOffset)
            }
            return from + plan.speed * elapsed - offset
        case .traversing(let step):
            guard step < plan.jumps else {
                print("bench: traverse-end frames=\(frames) offset=\(Int(offset.rounded())) max=\(Int(maxOffset.rounded()))")
                phase = .done
                return nil
            }
            phase = .traversing(step: step + 1)
            return maxOffset * Double(step + 1) / Double(plan.jumps) - offset
        }
    }

    /// After each drawn frame.
    func frameDrawn(at time: Double) {
        switch phase {
        case .waitingForFirstFrame:
            print("bench: first-frame")
            phase = .settling(until: time + plan.settle)
        case .scrolling, .traversing:
            frames += 1
        default:
            break
        }
    }
}
