import Stage

extension AnimationState {
    /// What the state file and the trace say of a photo playing: `{"frame": k, "frames": n or
    /// "unknown yet", "playing", "finished", "delay", "failure", "decoded", "peakFramesAlive"}`, so a
    /// test can follow playback frame by frame without a picture.
    func json(leading: [(String, JSON)] = [], playButton: Bool? = nil) -> JSON {
        var pairs: [(String, JSON)] = leading + [
            ("frame", frame.map { .number(Double($0)) } ?? .null),
            ("frames", frames.map { .number(Double($0)) } ?? .string("unknown yet")),
            ("animated", isAnimated.map(JSON.bool) ?? .string("unknown yet")),
            ("playing", .bool(isPlaying)),
            ("finished", .bool(isFinished)),
            ("delay", delay.map(JSON.number) ?? .null),
            ("failure", failure.map(JSON.string) ?? .null),
            ("decoded", .number(Double(decoded))),
            ("peakFramesAlive", .number(Double(peakFramesAlive))),
        ]
        if let b = playButton { pairs.append(("playButton", .bool(b))) }
        return .object(pairs)
    }
}
