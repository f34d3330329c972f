import GridCore
import StageInterface

// MARK: - What the scene draws and offers: the tree's views, where they rest or fly.
extension StackScene {
    var toolbar: [ToolbarItem] {
        [button(.fewer, symbol: "minus", label: "one photo fewer per row", key: "-"),
         button(.more, symbol: "plus", label: "one photo more per row", key: "+"),
         button(.mode, symbol: "rectangle.split.3x1", label: "grid · VStack · HStack of random colours", key: "v", isOn: mode != .grid)]
    }

    var statusText: String? { mode == .grid ? SelectionStatus.text(count: selecting.selection.count, total: contentViews.count) : nil }
    var selects: Bool { mode == .grid }

    var help: [HelpEntry] {
        [HelpEntry(keys: "- / +", action: "itemPerRow from 1 to 6"), HelpEntry(keys: "v", action: "grid, VStack or HStack of six random colours")]
    }

    func draw(_ list: inout DrawList, env: AppEnvironment) {
        switch mode {
        case .grid:
            for (i, r) in photoFrames().enumerated() {
                // `.aspectRatio(contentMode: .fill).frame(width: w, height: w).clipped()`
                let path = env.photoPath(contentViews[i])
                // Every view is made (the point of the chapter's stacks): a photo below the window is
                // decoded before it scrolls in, not in the frame that first shows it.
                if !r.intersects(frame) { list.prefetch(path, in: r, priority: 1) }
                list.image(path, in: r)
                if selecting.selection.contains(i) { SelectionMarks.draw(&list, around: r, cornerRadius: 0, env: env) }
            }
            if let band = selecting.bandFrame(offset: drawnOffset, clip: frame) { SelectionMarks.drawBand(&list, band, env: env) }
            if hasFocus, let i = selecting.selection.focus, let r = photoFrames().dropFirst(i).first {
                // Inside the photo, clear of the selection ring: the photos touch, so there is no room outside.
                FocusRing.draw(&list, around: r.insetBy(dx: 8, dy: 8), cornerRadius: 4, env: env)
            }
        case .vstack, .hstack:
            // As the tree lays the chapter's stack out: its colours, nothing added.
            for d in shown.drawing { d.draw(at: frame.origin, &list, env: env, tint: nil) }
        }
    }

    /// The colour stack's views in window coordinates, as the tree lays out the chapter's
    /// `VStack { ForEach(0..<data.count) { index in self.data[index] } }` (or HStack).
    func colourFrames() -> [Rect] { shown.colours.map { $0.offsetBy(dx: frame.minX, dy: frame.minY) } }
}
