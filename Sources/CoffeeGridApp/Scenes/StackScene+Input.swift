import GridCore
import GridMotion
import SystemIO
import StageInterface
import struct ViewLayer.SnippetEnvironment

/// Keys and clicks: `-`/`+` change `itemPerRow`, `v` the view, a click selects, a double-click opens.
extension StackScene {
    func handleKey(_ key: Key, _ modifiers: KeyModifiers, env: AppEnvironment) -> Bool {
        if mode == .grid, selecting.handleKey(key, modifiers, count: contentViews.count) { return true }
        guard !modifiers.contains(.control) else { return false }
        if mode == .grid, hasFocus {
            let (used, open) = selecting.handleFocusKey(key, modifiers, count: contentViews.count, perLine: itemPerRow)
            if let i = open { openRequest = i }
            if used { revealFocus(); return true }
        }
        switch key {
        case .character("-"): perform(.fewer, env: env)
        case .character("+"), .character("="): perform(.more, env: env)
        case .character("v"): perform(.mode, env: env)
        case .down, .pageDown, .space: scroll.scroll(by: key == .down ? 40 : frame.height - 40, animated: true, at: env.time)
        case .up, .pageUp: scroll.scroll(by: key == .up ? -40 : -(frame.height - 40), animated: true, at: env.time)
        default: return false
        }
        return true
    }

    func handlePointer(_ event: PointerEvent, env: AppEnvironment) {
        switch event {
        case let .wheel(_, dy, precise, _, _): scroll.scroll(by: dy, animated: !precise, at: env.time)
        case .down, .move, .up:
            guard mode == .grid else { return }
            if let i = selecting.handle(event, frames: photoFrames(), viewport: frame, offset: drawnOffset, time: time) { openRequest = i }
        default: break
        }
    }
}
