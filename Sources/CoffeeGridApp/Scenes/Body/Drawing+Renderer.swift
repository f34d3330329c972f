import GridCore
import ViewLayer
import StageInterface

extension Drawing {
    /// This drawing as the renderer's commands, its frame taken from `origin`. Fills, texts and symbols are
    /// drawn as their prepared `ItemShape`s are (the one place that says how).
    func draw(at origin: GridCore.Point, _ list: inout DrawList, env: AppEnvironment, tint: ItemTint?) {
        let r = frame.offsetBy(dx: origin.x, dy: origin.y)
        switch shape {
        case .fill, .text, .image(.system, _):
            ItemShape(self, env).draw(at: origin, &list, env: env, tint: tint)
        case let .shadow(color, radius, x, y, cornerRadius):
            list.shadow(r, cornerRadius: cornerRadius, radius: radius, color: color.resolved(env).opacity(opacity), offset: GridCore.Size(width: x, height: y))
        case let .image(.named(name), _):
            // Layout already sized the frame to the photo's shape when it fills: the photo fills it.
            list.image(env.photoPath(name), in: r, contentMode: .fill, opacity: opacity)
        case .pushClip:
            // The clip's rounded corners are the renderer's rectangle clip: a photo's rounded corners
            // come from the image command's own corner radius where a scene needs them.
            list.append(.pushClip(r))
        case .popClip:
            list.append(.popClip)
        }
    }
}

extension ViewLayer.Color {
    /// The renderer's colour: components as they are, a name as the system colour of that name in
    /// the window's appearance (`primary`, `blue`, `systemGray6` …).
    func resolved(_ env: AppEnvironment) -> StageInterface.Color {
        switch storage {
        case let .rgb(red, green, blue):
            return StageInterface.Color(red: red, green: green, blue: blue, opacity: opacity)
        case .named(let name):
            let base: StageInterface.Color
            switch name {
            case "black": base = .black
            case "white": base = .white
            case "clear": base = .clear
            case "label": base = env.color(.primary)
            case "secondaryLabel": base = env.color(.secondary)
            case "systemBackground": base = env.color(.background)
            case "secondarySystemBackground": base = env.color(.secondaryBackground)
            case "systemGroupedBackground": base = env.color(.groupedBackground)
            case "systemGray": base = env.color(.gray)
            case "accentColor": base = env.color(.accent)
            default: base = SystemColor(rawValue: name).map(env.color) ?? env.color(.primary)
            }
            return base.opacity(opacity)
        }
    }
}

extension ViewLayer.Font {
    /// The renderer's font: the same size; weights lighter than regular draw regular, a serif design
    /// draws in the default face (the app ships Inter, Quicksand and a monospace).
    var stage: StageInterface.Font {
        let w: StageInterface.Font.Weight
        switch weight {
        case .ultraLight, .thin, .light, .regular: w = .regular
        case .medium: w = .medium
        case .semibold: w = .semibold
        case .bold: w = .bold
        case .heavy: w = .heavy
        case .black: w = .black
        }
        let d: StageInterface.Font.Design
        switch design {
        case .default, .serif: d = .default
        case .rounded: d = .rounded
        case .monospaced: d = .monospaced
        }
        return StageInterface.Font(size: size, weight: w, design: d)
    }
}
