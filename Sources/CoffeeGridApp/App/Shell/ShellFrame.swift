import GridCore

/// Where the shell's parts are this frame: the navigation bar, the scene switcher, the content under
/// the bar, the inspector's panel and what is left for the scene. `Shell.layout` makes it once from
/// the window, the scene's bar and code, and what is open; hit testing, drawing and the state file
/// read it.
struct ShellFrame {
    var navigation = Rect.zero
    var switcher = Rect.zero
    var switcherStyle = SceneSwitcher.Style.tabBar
    /// Under the navigation bar: the code panel, then the scene.
    var content = Rect.zero
    /// Under the navigation bar, before the inspector takes its part.
    var area = Rect.zero
    /// The inspector's panel, when it is shown: the content area gave this space up.
    var inspector = Rect.zero
    var inspectorStyle = InspectorPanel.Style.sheet
    /// What the scene is given: the content less the code panel.
    var scene = Rect.zero
}
