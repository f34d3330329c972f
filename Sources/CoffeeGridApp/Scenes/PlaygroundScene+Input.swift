import Foundation
import GridCore
import GridMotion
import StageInterface
import Stage

/// Keys, typed text and clicks: the spec field, the presets, the grid's selection.
extension PlaygroundScene {
    func handleKey(_ key: Key, _ modifiers: KeyModifiers, env: AppEnvironment) -> Bool {
        if field.isEditing {
            if case .commit(let text) = field.handleKey(key, modifiers, frame: fieldFrame, measure: env.measure, time: env.time) {
                commit(text)
            }
            return true
        }
        if key == .character("v"), modifiers == .control {
            if let text = Clipboard.text { _ = paste(snippet: text) }
            return true
        }
        guard !modifiers.contains(.control) else { return gridKey(key, modifiers) }
        switch key {
        case .character("e"):
            field.beginEditing()
            startingKeyText = "e"
            return true
        case .character("p"): choosePreset(by: modifiers.contains(.shift) ? -1 : 1); return true
        case .character("a"): perform(.axis, env: env); return true
        default: return gridKey(key, modifiers)
        }
    }

    private func commit(_ text: String) {
        leaveSnippet()
        apply(text, typed: true)
        grid.setConfiguration(configuration(), animation: .spring)
    }

    func handleText(_ text: String, env: AppEnvironment) {
        if text == startingKeyText { startingKeyText = nil; return }
        field.insert(text, at: env.time)
    }

    func handlePointer(_ event: PointerEvent, env: AppEnvironment) {
        switch event {
        case let .down(p, press) where fieldFrame.contains(p):
            field.pointerDown(p, shift: press.modifiers.contains(.shift), frame: fieldFrame, measure: env.measure, time: env.time)
            return
        case .move(let p) where field.isDragging:
            field.pointerDrag(p, frame: fieldFrame, measure: env.measure, time: env.time)
            return
        case .up where field.isDragging:
            field.pointerUp()
            return
        case .down where field.isEditing:
            // A click elsewhere ends editing and applies the text, as leaving a field does.
            if case .commit(let text) = field.handleKey(.enter, [], frame: fieldFrame, measure: env.measure, time: env.time) { commit(text) }
        case let .wheel(dx, dy, _, _, _) where snippet.scroll(dx: dx, dy: dy, area: grid.frame, env: env):
            return
        default:
            break
        }
        grid.handleSelectingPointer(event)
    }
}
