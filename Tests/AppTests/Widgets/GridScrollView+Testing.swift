import GridCore
@testable import CoffeeGridApp

extension GridScrollView {
    /// The grid the gesture tests drive: three 120-point columns of 100-point rows, 10 apart,
    /// inside 10 points of padding, measured once in `viewport`.
    static func threeColumns(count: Int = 300, in viewport: Rect) -> GridScrollView {
        let g = GridScrollView(.init(items: Array(repeating: GridItem(.flexible()), count: 3), spacing: 10,
                                     sections: [GridSection(count: count)], sizing: .fill(100), padding: .all(10)))
        g.update(frame: viewport, time: 0)
        return g
    }
}

extension GridScrollView {
    /// `update` on a display of one pixel a point, as the headless tests draw.
    @discardableResult
    func update(frame: Rect, time: Double) -> Bool { update(frame: frame, time: time, scale: 1) }
}
