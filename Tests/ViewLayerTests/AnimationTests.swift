import XCTest
import GridCore
import GridMotion
@testable import ViewLayer

/// `.animation(_:value:)` animates the layout changes of a frame in which its value changed, and
/// nothing else; `withAnimation` animates an event's changes; a lazy grid's items move from where
/// they were drawn, those coming into view from their old place and those leaving view until they
/// are out of it; scrolling never animates; views come and go with their transition.
final class AnimationTests: XCTestCase {
    /// A feed-like grid whose column count and padding a test changes between frames.
    struct Feed: View {
        var columns = 1
        var padding = 10.0
        var count = 20

        var body: some View {
            ScrollView {
                LazyVGrid(columns: Array(repeating: GridItem(.flexible()), count: columns), spacing: 10) {
                    ForEach(0..<count) { i in
                        Color.red.frame(height: columns == 1 ? 200 : 100).id(i)
                    }
                }
                .padding(.all, padding)
                .animation(.interactiveSpring(), value: columns)
            }
        }
    }

    /// Drives frames of a view over time, as a host does.
    struct Host {
        var memory = ViewMemory()
        var scroll: [ViewID: Point] = [:]
        func layout() -> ViewLayout { ViewLayout() }
        mutating func frame<V: View>(_ v: V, at t: Double, transaction: Transaction? = nil) -> ViewFrame {
            ViewLayout().frame(for: v.viewNode, in: phone, time: t, scrollOffsets: scroll, transaction: transaction, memory: &memory)
        }
    }

    /// Item `i`'s drawn frame: its `.id(i)` view.
    func item(_ f: ViewFrame, _ i: Int) -> Rect? { f.view(id: AnyHashable(i))?.frame }
    func target(_ f: ViewFrame, _ i: Int) -> Rect? { f.view(id: AnyHashable(i))?.target }

    func testAChangeOfTheValueAnimatesFromWhereTheViewWas() {
        var host = Host()
        let before = host.frame(Feed(columns: 1), at: 0)
        XCTAssertFalse(before.isAnimating)
        let was = item(before, 1)!
        let start = host.frame(Feed(columns: 2), at: 1)
        XCTAssertTrue(start.isAnimating)
        XCTAssertEqual(item(start, 1), was, "the change starts where the view was drawn")
        let goal = target(start, 1)!
        XCTAssertNotEqual(goal, was)
        let mid = host.frame(Feed(columns: 2), at: 1.05)
        let m = item(mid, 1)!
        XCTAssertTrue(m.minX > min(was.minX, goal.minX) && m.minX < max(was.minX, goal.minX) || m.minY > min(was.minY, goal.minY) && m.minY < max(was.minY, goal.minY),
                      "mid-way between \(was) and \(goal): \(m)")
        XCTAssertTrue(m.width < was.width && m.width > goal.width, "and resizing: \(m.width)")
        let end = host.frame(Feed(columns: 2), at: 3)
        XCTAssertFalse(end.isAnimating)
        XCTAssertEqual(item(end, 1), goal)
    }

    func testAChangeWithoutTheValueChangingDoesNotAnimate() {
        var host = Host()
        _ = host.frame(Feed(columns: 2, padding: 10), at: 0)
        // The padding changes; `columns`, the animation's value, does not: the views jump.
        let f = host.frame(Feed(columns: 2, padding: 40), at: 1)
        XCTAssertFalse(f.isAnimating)
        XCTAssertEqual(item(f, 1), target(f, 1))
        XCTAssertEqual(item(f, 1)?.minX, 40 + (310 - 8) / 2 + 8, "at its new place at once")
        // The same change in an event wrapped in `withAnimation` does animate.
        var other = Host()
        _ = other.frame(Feed(columns: 2, padding: 10), at: 0)
        withAnimation(.linear(duration: 1)) {}
        let animated = other.frame(Feed(columns: 2, padding: 40), at: 1, transaction: Transaction.take())
        XCTAssertTrue(animated.isAnimating)
        XCTAssertNotEqual(item(animated, 1), target(animated, 1))
        let half = other.frame(Feed(columns: 2, padding: 40), at: 1.5)
        XCTAssertEqual(item(half, 0)!.minX, 25, accuracy: 1e-9, "linear: half-way from 10 to 40")
        XCTAssertNil(Transaction.take(), "taken once")
    }

    func testAValueThatChangesWhileNothingMovesAnimatesNothing() {
        var host = Host()
        let f0 = host.frame(Feed(columns: 3, count: 20), at: 0)
        // `columns` goes 3 → 3: unchanged; and a grid of one column more moves everything.
        let f1 = host.frame(Feed(columns: 3, count: 20), at: 1)
        XCTAssertFalse(f1.isAnimating)
        XCTAssertEqual(f0.placed.map(\.frame), f1.placed.map(\.frame))
    }

    func testScrollingNeverAnimates() {
        var host = Host()
        let f0 = host.frame(Feed(columns: 1), at: 0)
        let id = f0.scrollViews[0].id
        // The column count changes in the same frame as a scroll: only the layout change animates,
        // and a frame that only scrolls moves everything by the scroll at once.
        _ = host.frame(Feed(columns: 2), at: 1)
        _ = host.frame(Feed(columns: 2), at: 3)
        host.scroll[id] = Point(x: 0, y: 200)
        let scrolled = host.frame(Feed(columns: 2), at: 3.1)
        XCTAssertFalse(scrolled.isAnimating)
        XCTAssertEqual(item(scrolled, 10), target(scrolled, 10))
        XCTAssertEqual(target(scrolled, 0)?.minY, 10 - 200)
        // And a scroll in the frame the value changes still moves everything by the scroll at once:
        // the animation starts from where the item was in its scroll view's content.
        host.scroll[id] = Point(x: 0, y: 0)
        let both = host.frame(Feed(columns: 3), at: 4)
        XCTAssertEqual(item(both, 0)?.minY, 10, "item 0 starts at the top, where it is in the content")
    }

    func testItemsComingIntoViewStartFromTheirOldPlaceJustBeyondTheEdge() {
        var host = Host()
        _ = host.frame(Feed(columns: 1), at: 0)
        // One column of 200-point photos: item 12 is at y = 2530, far below the 844-point window.
        let f = host.frame(Feed(columns: 2), at: 1)
        let entering = try! XCTUnwrap(item(f, 12))
        XCTAssertEqual(entering.minY, 845, "pulled to just below the viewport")
        XCTAssertEqual(entering.height, 200, "at its old size")
        XCTAssertEqual(target(f, 12)?.minY, 10 + 6 * 110)
    }

    func testItemsLeavingViewArePlacedUntilTheyAreOut() {
        var host = Host()
        _ = host.frame(Feed(columns: 2), at: 0)
        // Two columns: item 9 is in view (y = 450); in one column it belongs at y = 1900.
        let f = host.frame(Feed(columns: 1), at: 1)
        XCTAssertEqual(f.grids[0].materialized.contains { $0.index == 9 }, true, "still drawn, on its way out")
        XCTAssertEqual(item(f, 9)?.minY, 10 + 4 * 110)
        XCTAssertEqual(target(f, 9)?.minY, 10 + 9 * 210)
        // Once it has landed out of view it is not made any more.
        let later = host.frame(Feed(columns: 1), at: 3)
        XCTAssertFalse(later.grids[0].materialized.contains { $0.index == 9 })
    }

    func testAChangeMidFlightCarriesOnFromWhereAndHowFastItIs() {
        var host = Host()
        _ = host.frame(Feed(columns: 1), at: 0)
        _ = host.frame(Feed(columns: 2), at: 1)
        let a = item(host.frame(Feed(columns: 2), at: 1.04), 3)!
        let b = item(host.frame(Feed(columns: 3), at: 1.05), 3)!
        let c = item(host.frame(Feed(columns: 3), at: 1.06), 3)!
        // No jump: the step after the retarget is of the order of the step before it.
        XCTAssertLessThan(abs(c.minX - b.minX), abs(b.minX - a.minX) * 3 + 10)
        XCTAssertLessThan(abs(b.minX - a.minX), 60)
    }

    struct Toggle: View {
        var shown: Bool
        var transition = AnyTransition.opacity
        var body: some View {
            VStack {
                Text("always")
                if shown { Text("sometimes").transition(transition) }
            }
            .animation(.linear(duration: 1), value: shown)
        }
    }

    func opacity(_ f: ViewFrame, _ text: String) -> Double? {
        f.drawing.first { if case .text(text, _, _) = $0.shape { return true }; return false }?.opacity
    }

    func testAViewComesAndGoesWithItsTransition() {
        var host = Host()
        _ = host.frame(Toggle(shown: false), at: 0)
        let coming = host.frame(Toggle(shown: true), at: 1)
        XCTAssertEqual(opacity(coming, "sometimes"), 0, "fades in from nothing")
        XCTAssertEqual(opacity(host.frame(Toggle(shown: true), at: 1.5), "sometimes")!, 0.5, accuracy: 1e-9)
        XCTAssertEqual(opacity(host.frame(Toggle(shown: true), at: 2.5), "sometimes"), 1)
        let going = host.frame(Toggle(shown: false), at: 3)
        XCTAssertEqual(opacity(going, "sometimes"), 1, "gone from the tree, still drawn where it was")
        XCTAssertEqual(opacity(host.frame(Toggle(shown: false), at: 3.25), "sometimes")!, 0.75, accuracy: 1e-9)
        let gone = host.frame(Toggle(shown: false), at: 4.5)
        XCTAssertNil(opacity(gone, "sometimes"))
        XCTAssertFalse(gone.isAnimating)
        // Without an animation it simply appears.
        var plain = Host()
        _ = plain.frame(Toggle(shown: false), at: 0)
        let direct = ViewLayout().frame(for: VStack { Text("a"); Text("sometimes") }.viewNode, in: phone, time: 1, memory: &plain.memory)
        XCTAssertEqual(opacity(direct, "sometimes"), 1)
        // `.scale` grows it from its centre.
        var scaled = Host()
        _ = scaled.frame(Toggle(shown: false, transition: .scale), at: 0)
        _ = scaled.frame(Toggle(shown: true, transition: .scale), at: 1)
        let half = scaled.frame(Toggle(shown: true, transition: .scale), at: 1.5)
        let r = half.placed.first { $0.kind == .text("sometimes") }!
        XCTAssertEqual(r.frame.width, r.target.width / 2, accuracy: 1e-9)
        XCTAssertEqual(r.frame.midX, r.target.midX, accuracy: 1e-9)
    }

    /// An `if` keeps its place whether it shows anything or not, as in SwiftUI: the view after it is
    /// the same view and moves up when it goes (it does not fade in as a newcomer in the `if`'s
    /// slot while the `if`'s view is taken for it).
    struct Before: View {
        var shown: Bool
        var body: some View {
            VStack {
                if shown { Text("sometimes").frame(height: 100) }
                Text("always")
            }
            .animation(.linear(duration: 1), value: shown)
        }
    }

    func testAViewAfterAnIfKeepsItsIdentity() {
        var host = Host()
        let with = host.frame(Before(shown: true), at: 0)
        let going = host.frame(Before(shown: false), at: 1)
        let id = { (f: ViewFrame) in f.placed.first { $0.kind == .text("always") }!.id }
        XCTAssertEqual(id(with), id(going))
        let always = going.placed.first { $0.kind == .text("always") }!
        XCTAssertEqual(always.frame, with.placed.first { $0.kind == .text("always") }!.frame, "it moves from where it was")
        XCTAssertNotEqual(always.frame, always.target)
        XCTAssertEqual(opacity(going, "always"), 1, "not faded in as a newcomer")
        XCTAssertEqual(opacity(going, "sometimes"), 1, "the view that went fades out where it was")
    }
}
