import GridCore

/// One animated photo plays at a time, through the pipeline that draws every photo: while it plays,
/// `request` for its path returns the frame on screen, so whatever draws the photo (the viewer, a
/// grid cell) shows the animation without knowing it is one.
extension ImagePipeline {
    /// Plays `path`, made to cover `pixelSize` (the player of another photo stops first), advanced
    /// to `time`. `changed`: the frame on screen is another one. `waiting` (headless runs) waits for
    /// a frame that is due, so runs are identical.
    public func animate(_ path: String, pixelSize: Size, playing: Bool, at time: Double,
                        waiting: Bool = false) -> (state: AnimationState, changed: Bool) {
        if animation?.path != path {
            animation?.stop()
            animation = nil
        }
        let player: AnimationPlayer
        if let a = animation {
            player = a
        } else {
            let w = max(1, Int(pixelSize.width.isFinite ? pixelSize.width : 1)), h = max(1, Int(pixelSize.height.isFinite ? pixelSize.height : 1))
            player = AnimationPlayer(path: path, cover: (w, h), limits: limits, renderer: renderer, playing: playing, log: log)
            animation = player
        }
        player.setPlaying(playing, at: time)
        let changed = player.advance(to: time, waiting: waiting)
        return (player.state, changed)
    }

    /// Nothing plays any more: the worker stops and the frames are freed.
    public func stopAnimating() {
        animation?.stop()
        animation = nil
    }

    /// When the frame after the one shown is due (the window sleeps until then).
    public var animationNextChange: Double? { animation?.nextChange }

    public var animationState: AnimationState? { animation?.state }
}
