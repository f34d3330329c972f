/// What an animation player shows, for the app's state file and trace and for the viewer's play
/// button: the frame on screen, how many the file has once that is known, and whether it plays.
public struct AnimationState: Equatable, Sendable {
    public var path: String
    /// The frame shown (0-based), nil before the first is decoded.
    public var frame: Int?
    /// Frames in one pass: declared by a WebP, counted for a GIF once its end has been read.
    public var frames: Int?
    /// Two or more frames: true once a second frame decoded (or the file declared them); false for a
    /// still file; nil while that is not known yet.
    public var isAnimated: Bool?
    public var isPlaying: Bool
    /// The last pass of a file that plays a set number of times has ended: its last frame stays.
    public var isFinished: Bool
    /// Why playback stopped early (a corrupt frame, a canvas over the caps), on the last good frame.
    public var failure: String?
    /// How long the frame shown stays, in seconds.
    public var delay: Double?
    /// Frames decoded so far and the most that were alive at once (decoded ahead, uploaded, shown).
    public var decoded: Int
    public var peakFramesAlive: Int

    /// The same on screen: the frame, playing or not (the play button), a failure; the counters of
    /// frames decoded ahead may differ.
    public func looksLike(_ other: AnimationState) -> Bool {
        path == other.path && frame == other.frame && isPlaying == other.isPlaying && isAnimated == other.isAnimated
            && failure == other.failure && isFinished == other.isFinished && frames == other.frames
    }
}
