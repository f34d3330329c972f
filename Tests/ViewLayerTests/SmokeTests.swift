import XCTest
import GridCore
@testable import ViewLayer

final class SmokeTests: XCTestCase {
    func testSymbolsGrid() {
        let symbols = ["keyboard", "hifispeaker.fill", "printer.fill"]
        let colors: [ViewLayer.Color] = [.yellow, .purple, .green]
        var calls = 0
        let body = ScrollView {
            LazyVGrid(columns: Array(repeating: GridItem(.flexible()), count: 3), spacing: 20) {
                ForEach((0...9999), id: \.self) { i in
                    let _ = (calls += 1)
                    Image(systemName: symbols[i % symbols.count])
                        .font(.system(size: 30))
                        .frame(width: 50, height: 50)
                        .background(colors[i % colors.count])
                        .cornerRadius(10)
                }
            }
        }
        let f = ViewLayout().frame(for: body, in: Size(width: 390, height: 844))
        let g = f.grids[0]
        print(g.layout.tracks.tracks, g.materialized.prefix(4), g.materialized.count, calls)
        print(f.scrollViews)
        XCTAssertEqual(g.materialized.first?.frame, Rect(x: 37.333333333333336, y: 0, width: 50, height: 50))
    }
}
