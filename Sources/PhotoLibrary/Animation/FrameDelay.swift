/// How long an animation frame stays up. Browsers show a frame that asks for 10 ms or less (a GIF
/// delay of 0 or 1 hundredths, a WebP duration of 0–10 ms) for 100 ms: files written for old
/// viewers that drew as fast as they could rely on it, and nothing flashes faster than a person
/// can bear. Firefox set the rule, Chromium and WebKit follow it; so do we, for both formats.
public enum FrameDelay {
    /// What a shorter request (10 ms or less) is shown for.
    public static let substitute = 0.1

    /// Seconds on screen for a frame that asks for `milliseconds`.
    public static func seconds(milliseconds: Int) -> Double {
        milliseconds <= 10 ? substitute : Double(milliseconds) / 1000
    }
}
