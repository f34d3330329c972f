/// What a cell can draw for an image right now. `.ready` may carry a smaller texture than asked
/// for while a sharper one decodes, so a growing cell never flashes blank.
public enum ImageState {
    case loading
    case ready(Texture)
    case failed(reason: String)

    public var texture: Texture? {
        if case .ready(let t) = self { return t }
        return nil
    }
}
