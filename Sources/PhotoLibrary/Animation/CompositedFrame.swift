/// One frame of an animation as it is shown: the whole canvas after the frame was drawn over what
/// the frames before it left (disposal and blending applied), in ARGB8888 words, row after row.
/// The decoder owns `pixels`; they are valid until its next `nextFrame()` or `rewind()`.
package struct CompositedFrame {
    package let pixels: UnsafePointer<UInt32>
    /// Seconds it stays on screen (`FrameDelay` applied).
    package let delay: Double
}

/// What a streaming decoder of an animated file tells before and while it decodes.
package protocol AnimationDecoder: AnyObject {
    var canvasWidth: Int { get }
    var canvasHeight: Int { get }
    /// How many times the whole animation plays; nil: for ever. Known once the file says (a GIF's
    /// NETSCAPE2.0 block comes before its second frame; a WebP's ANIM chunk before any).
    var plays: Int? { get }
    /// The file's frame count when the container says it up front (WebP); nil for a GIF, whose
    /// frames are only counted by reading them all.
    var declaredFrameCount: Int? { get }
    /// The next frame composited, or nil at the end of the file. Throws at a frame that does not
    /// decode (the frames before it were good).
    func nextFrame() throws -> CompositedFrame?
    /// Back before the first frame, the canvas cleared: the next loop.
    func rewind() throws
    /// Bytes the decoder holds besides the file (canvases, a saved region).
    var heldBytes: Int { get }
}

/// A frame that did not decode, or a file the animated decoders cannot open.
package struct AnimationDecodeError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
