/// What an app asks of its window instead of handling an input event itself: the host asks its
/// delegate before delivering each event, so the keys that quit or fill the screen are the app's to
/// choose while the window system's work stays here.
public enum WindowRequest: Equatable {
    /// Close the window and end the loop.
    case quit
    /// Full screen on, or off again.
    case toggleFullScreen
}
