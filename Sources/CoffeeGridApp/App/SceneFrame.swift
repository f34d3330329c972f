import GridCore
import StageInterface

/// What a scene is in one frame: made once by its `update`, then only read. The frame's drawing,
/// the inspector, the toast over the viewer, the wake-up time, the hover animation, the state file
/// and `--trace` all read this value, so nothing drawn or reported can differ from what the update
/// decided, and nothing that reads it can change the scene (the app never calls the scene's `draw`,
/// `state` or `inspector` itself).
struct SceneFrame {
    /// The scene's name: whatever reads this value says which scene it is of (a scene switched to
    /// since is reported from its own first frame, never with the last one's keys).
    let scene: String
    /// The content area the scene was laid out in (window points).
    let content: Rect
    /// The frame's time.
    let time: Double
    /// Something in the scene still moves: the next frame is wanted.
    let isMoving: Bool
    /// The scene's drawing, clipped to `content`: the first layer of the window's draw list.
    let drawing: DrawList
    /// What the layout inspector shows of the scene's grid (nil: none, or the inspector is closed).
    let inspector: InspectorModel?
    /// What the scene is telling the person now (also drawn over the full-window viewer).
    let toast: Toast?
    /// When something shown changes by itself though nothing moves (nil: nothing is due).
    let nextChange: Double?
    /// The photo playing under the pointer and where it is drawn (nil: none plays).
    let hoverAnimation: (path: String, frame: Rect)?
    /// The scene's keys of the state file, made when something reads them (a state file, a trace,
    /// a headless session); nil otherwise, as working them out for 10⁵ photos is not free.
    let state: [(String, JSON)]?

    /// Before the first update: nothing to draw, nothing to say.
    static var none: SceneFrame { SceneFrame(scene: "", content: .zero, time: 0, isMoving: false, drawing: DrawList(), inspector: nil, toast: nil,
                                 nextChange: nil, hoverAnimation: nil, state: nil) }
}

extension Scene {
    /// The scene's one update of a frame: advances it to `env.time` in `content`, then reads once
    /// what the frame shows and says. `recordingState`: the state keys are wanted this frame;
    /// `inspecting`: the inspector is open (its model, with its explanation's text, is made only then).
    func update(frame content: Rect, env: AppEnvironment, recordingState: Bool, inspecting: Bool = true) -> SceneFrame {
        let moving = advance(frame: content, env: env)
        var drawing = DrawList()
        drawing.clipped(to: content) { draw(&$0, env: env) }
        return SceneFrame(scene: name, content: content, time: env.time, isMoving: moving, drawing: drawing, inspector: inspecting ? inspector : nil,
                          toast: toast(at: env.time), nextChange: nextChange(after: env.time), hoverAnimation: hoverAnimation,
                          state: recordingState ? state(env: env) : nil)
    }
}
