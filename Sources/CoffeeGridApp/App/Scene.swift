import GridCore
import StageInterface

/// A trailing navigation-bar button, as a SwiftUI `ToolbarItem` holding a `Button` with a symbol.
/// The button carries its scene's command, typed (`CommandScene.button`): pressing it, or Enter
/// on it, runs that command.
struct ToolbarItem {
    /// The command's name: the button's id in the state file, and what focus remembers it by.
    var id: String
    var symbol: String
    /// Spoken/tooltip label, shown in the help overlay.
    var label: String
    /// The key that does the same.
    var key: String?
    /// Toggle buttons draw highlighted when on.
    var isOn = false
    /// What pressing the button does.
    var run: (AppEnvironment) -> Void
}

/// A scene's ask of the photo library.
enum LibraryRequest: Equatable {
    /// Move these photos (paths) to the Trash.
    case trash([String])
    /// Put back what the last move to the Trash took (after a restart too, from the Trash's info files).
    case undoTrash
    /// Delete these photos for good (asked after a confirmation: nothing can put them back), each
    /// only if it is still the file the confirmation was about.
    case deletePermanently([TrashService.Target])
}

/// One line of the `?` overlay.
struct HelpEntry: Equatable {
    var keys: String
    var action: String
}

/// A mouse event inside the scene's content, in window points.
enum PointerEvent {
    /// A left-button press, with the modifiers and click count its event carried.
    case down(Point, MousePress = MousePress())
    case move(Point)
    case up(Point)
    case wheel(dx: Double, dy: Double, precise: Bool, at: Point, modifiers: KeyModifiers)
    case pinch(scale: Double, at: Point)
    case pinchEnded(at: Point)
    case exit
}

/// What the layout inspector (`i`) shows for a grid: the tracks and gaps to mark on it, and the
/// arithmetic that made them, as GridCore recorded it.
struct InspectorModel {
    var tracks: [GridTrack]
    var gaps: [TrackGap]
    var axis: Axis
    /// The tracks' frame in window points (cross axis from tracks, main axis the visible content).
    var viewport: Rect
    /// Window coordinate of the layout's cross-axis zero.
    var crossOrigin: Double
    /// What the panel says: where W comes from, the rule's lines, then notes on the rest of the grid.
    var explanation: [TrackExplanation.Line]
    var materialized: Int
    var total: Int
    /// False for a grid that makes every view up front (seed 001's stacks).
    var isLazy = true
}

/// A demo of the app: one SwiftUI tutorial screen. Input only records what should change; once a
/// frame `update` applies it, lays out, and returns the frame's value (`SceneFrame`), which is all
/// the drawing, the inspector, the state file and the trace read of the scene.
protocol Scene: AnyObject {
    /// The scene's place in the catalog (its name, switcher label and symbol, how it is made) and
    /// the variants its screenshots and goldens picture: declared with the scene, so adding a
    /// scene is its file and one line in `SceneCatalog.standard()`.
    static var entry: SceneCatalog.Entry { get }
    var title: String { get }
    /// True when the scene draws its title itself, inside its content (the dock's seed puts its
    /// "Photos" heading in the scroll view): the navigation bar then holds only the toolbar.
    var titleInContent: Bool { get }
    var toolbar: [ToolbarItem] { get }
    var help: [HelpEntry] { get }
    /// A short line the title bar shows under or beside the title while it applies: what is
    /// selected and what the keys do with it ("3 selected · …"), nil for none.
    var statusText: String? { get }
    /// What the scene is telling the person at `time` ("1 photo moved to Trash"), which the app
    /// also draws over the full-window viewer (the scene draws it over its own content; under the
    /// viewer the scene's own clock stands still).
    func toast(at time: Double) -> Toast?
    /// When something the scene shows will change by itself though nothing moves (a toast going
    /// after its seconds): the window sleeps until then instead of drawing the same frame.
    func nextChange(after time: Double) -> Double?
    /// The scene's items select as a desktop grid's do: the help lists the selection's keys.
    var selects: Bool { get }
    /// The scene's photos, for the full-window viewer; nil for a scene without photos.
    var photoCells: PhotoCells? { get }
    /// The photo a double-click or Return asked to open since the last call, once.
    func takeOpenRequest() -> Int?
    /// The photo that plays in the grid (the one under the pointer, when the scene's play-on-hover
    /// option is on) and where it is drawn; nil: none plays.
    var hoverAnimation: (path: String, frame: Rect)? { get }
    /// What Delete or Ctrl+Z asked of the photo library since the last call, once (the app does the
    /// file work: a scene does no I/O).
    func takeLibraryRequest() -> LibraryRequest?
    /// The photos (paths) Reveal asked to show in the file manager since the last call, once.
    func takeRevealRequest() -> [String]?

    /// Lays out for `frame` (the content area, window points) and advances animations to env.time,
    /// applying what input recorded since the last frame. Returns true while anything moves. The
    /// app calls it through `update(frame:env:recordingState:)`, which makes the frame's value.
    func advance(frame: Rect, env: AppEnvironment) -> Bool
    /// Returns true when the scene used the key.
    func handleKey(_ key: Key, _ modifiers: KeyModifiers, env: AppEnvironment) -> Bool
    func handlePointer(_ event: PointerEvent, env: AppEnvironment)
    /// SwiftUI's `onChange(of: verticalSizeClass)` and friends.
    func sizeClassesChanged(from old: SizeClasses, to new: SizeClasses, env: AppEnvironment)
    /// The scene's drawing as `advance` left it (read once a frame, into its `SceneFrame`).
    func draw(_ list: inout DrawList, env: AppEnvironment)
    /// Scene keys for the state file: tracks, items, visible and anything scene-specific.
    func state(env: AppEnvironment) -> [(String, JSON)]
    var inspector: InspectorModel? { get }
    /// Keyboard focus moved into (true) or out of (false) the scene's content.
    func focusChanged(_ focused: Bool)
    /// Another scene is shown now (SwiftUI's `onDisappear`): a press or drag begun here will end
    /// in the other scene, so what it started is put back now, not left hanging until the next press.
    func disappeared()
    /// True while a text field is being edited: every key goes to the scene first.
    var capturesKeyboard: Bool { get }
    func handleText(_ text: String, env: AppEnvironment)
    /// The playground opens with the layout inspector on.
    var showsInspectorByDefault: Bool { get }
    /// What the next launch brings back: the variant shown and the item at the start of the grid.
    var restorableState: RestorableState { get }
    /// Brings back a saved state (before the first frame); ignores what it does not recognise.
    func restore(_ state: RestorableState)
    /// The SwiftUI code of what the scene shows now, generated from the values that lay it out:
    /// the code panel shows it, Ctrl+C copies it.
    var code: String { get }
    /// A SwiftUI snippet pasted (a script's `paste FILE`): true when the scene runs it (the playground).
    func paste(snippet: String) -> Bool
    /// The one grid the scene is (nil for a scene of several grids or none): `--report-startup`
    /// reads from it whether a folder still being scanned has filled the first screen.
    var mainGrid: GridScrollView? { get }
    /// The grid `--bench-scroll` scrolls as the peer benchmark's programs scroll theirs (the cells'),
    /// nil for a scene the benchmark does not drive.
    var benchmarkGrid: GridScrollView? { get }
}

extension Scene {
    var name: String { Self.entry.name }
    var titleInContent: Bool { false }
    var toolbar: [ToolbarItem] { [] }
    var help: [HelpEntry] { [] }
    var statusText: String? { nil }
    func toast(at time: Double) -> Toast? { nil }
    func nextChange(after time: Double) -> Double? { nil }
    var selects: Bool { false }
    var photoCells: PhotoCells? { nil }
    func takeOpenRequest() -> Int? { nil }
    var hoverAnimation: (path: String, frame: Rect)? { nil }
    func takeLibraryRequest() -> LibraryRequest? { nil }
    func takeRevealRequest() -> [String]? { nil }
    func sizeClassesChanged(from old: SizeClasses, to new: SizeClasses, env: AppEnvironment) {}
    func focusChanged(_ focused: Bool) {}
    func disappeared() {}
    func paste(snippet: String) -> Bool { false }
    var capturesKeyboard: Bool { false }
    func handleText(_ text: String, env: AppEnvironment) {}
    var showsInspectorByDefault: Bool { false }
    var restorableState: RestorableState { RestorableState() }
    func restore(_ state: RestorableState) {}
    var mainGrid: GridScrollView? { nil }
    var benchmarkGrid: GridScrollView? { nil }
}

/// A scene with toolbar buttons: its commands are an enum (the raw value is the button's id in the
/// state file), run by its buttons and by its keys alike.
protocol CommandScene: Scene {
    associatedtype Command: RawRepresentable where Command.RawValue == String
    func perform(_ command: Command, env: AppEnvironment)
}

extension CommandScene {
    /// A toolbar button that runs `command`.
    func button(_ command: Command, symbol: String, label: String, key: String?, isOn: Bool = false) -> ToolbarItem {
        ToolbarItem(id: command.rawValue, symbol: symbol, label: label, key: key, isOn: isOn) { [weak self] env in
            self?.perform(command, env: env)
        }
    }
}
