/// A control of the shell: what the pointer hovers and presses, and what Tab can focus.
enum ShellControl: Equatable {
    /// A navigation-bar button, by its command's id (the bar is made afresh from the scene's
    /// state, so the button's command is looked up when it is activated).
    case button(String)
    /// The scene switcher's entry for the scene of this name.
    case scene(String)
    /// The code panel's copy button.
    case copyCode
    /// The code panel's fold chevron, or its folded "Show code" bar.
    case codeToggle
}

/// Where the keyboard is: on one of the shell's controls, or in the scene's content.
enum Focus: Equatable {
    case control(ShellControl)
    case content
}
