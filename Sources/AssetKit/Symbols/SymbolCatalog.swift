/// The SF Symbols names the app and the seeds use, each drawn by hand in Resources/Symbols/NAME.svg
/// (24×24, one colour: `currentColor`, which the Stage turns white and tints).
public enum SymbolCatalog {
    /// Seed 000's device symbols.
    public static let devices = ["keyboard", "hifispeaker.fill", "printer.fill", "tv.fill", "desktopcomputer", "headphones",
                                 "tv.music.note", "mic", "plus.bubble", "video"]
    /// Seed 003's weather symbols.
    public static let weather = ["sun.max", "moon", "cloud.drizzle", "snow", "wind.snow"]
    /// The app's own controls, plus a few the shell may use.
    public static let controls = ["square.grid.2x2", "rectangle.grid.1x2", "photo.on.rectangle", "eye", "eye.slash",
                                  "arrow.uturn.backward", "chevron.left", "chevron.right", "xmark", "info.circle",
                                  "exclamationmark.triangle", "minus", "plus", "questionmark.circle", "sidebar.left",
                                  "rectangle.split.3x1", "calendar", "rectangle.split.2x1", "doc.on.doc",
                                  "chevron.up", "chevron.down", "chevron.left.forwardslash.chevron.right", "folder", "play.fill"]
    public static var all: [String] { devices + weather + controls }
}
