// Every Swift snippet of the seeds (../shared/seeds), exactly as each prints it: made by copying
// the lines named here; `SeedSnippetTests` checks they are still the seeds' own text.

public enum SeedSnippets {
    public struct Snippet: Sendable {
        public let seed: String
        public let lines: ClosedRange<Int>
        public let name: String
        public let text: String
    }

    public static let all: [Snippet] = [
        Snippet(seed: "000", lines: 16...16, name: "symbols", text: #"""
private var symbols = ["keyboard", "hifispeaker.fill", "printer.fill", "tv.fill", "desktopcomputer", "headphones", "tv.music.note", "mic", "plus.bubble", "video"]
"""#),
        Snippet(seed: "000", lines: 20...20, name: "threeColumnGrid", text: #"""
private var threeColumnGrid = [GridItem(.flexible()), GridItem(.flexible()), GridItem(.flexible())]
"""#),
        Snippet(seed: "000", lines: 25...29, name: "basic vertical grid", text: #"""
ScrollView {
    LazyVGrid(columns: threeColumnGrid) {
        // Display the item
    }
}
"""#),
        Snippet(seed: "000", lines: 33...37, name: "basic horizontal grid", text: #"""
ScrollView(.horizontal) {
    LazyHGrid(rows: threeColumnGrid) {
        // Display the item
    }
}
"""#),
        Snippet(seed: "000", lines: 45...49, name: "declarations", text: #"""
private var symbols = ["keyboard", "hifispeaker.fill", "printer.fill", "tv.fill", "desktopcomputer", "headphones", "tv.music.note", "mic", "plus.bubble", "video"]

private var colors: [Color] = [.yellow, .purple, .green]

private var gridItemLayout = [GridItem(.flexible()), GridItem(.flexible()), GridItem(.flexible())]
"""#),
        Snippet(seed: "000", lines: 53...65, name: "symbols body", text: #"""
var body: some View {
    ScrollView {
        LazyVGrid(columns: gridItemLayout, spacing: 20) {
            ForEach((0...9999), id: \.self) {
                Image(systemName: symbols[$0 % symbols.count])
                    .font(.system(size: 30))
                    .frame(width: 50, height: 50)
                    .background(colors[$0 % colors.count])
                    .cornerRadius(10)
            }
        }
    }
}
"""#),
        Snippet(seed: "000", lines: 71...71, name: "fill frame", text: #"""
.frame(minWidth: 0, maxWidth: .infinity, minHeight: 50)
"""#),
        Snippet(seed: "000", lines: 79...79, name: "no spacing", text: #"""
private var gridItemLayout = [GridItem(.flexible(), spacing: 0), GridItem(.flexible(), spacing: 0), GridItem(.flexible(), spacing: 0)]
"""#),
        Snippet(seed: "000", lines: 83...83, name: "no spacing, repeating", text: #"""
private var gridItemLayout = Array(repeating: GridItem(.flexible(), spacing: 0), count: 3)
"""#),
        Snippet(seed: "000", lines: 93...93, name: "six columns", text: #"""
private var sixColumnGrid: [GridItem] = Array(repeating: .init(.flexible()), count: 6)
"""#),
        Snippet(seed: "000", lines: 97...97, name: "adaptive", text: #"""
private var gridItemLayout = [GridItem(.adaptive(minimum: 50))]
"""#),
        Snippet(seed: "000", lines: 107...107, name: "fixed", text: #"""
private var gridItemLayout = [GridItem(.fixed(100)), GridItem(.fixed(150))]
"""#),
        Snippet(seed: "000", lines: 113...113, name: "fixed and adaptive", text: #"""
private var gridItemLayout = [GridItem(.fixed(150)), GridItem(.adaptive(minimum: 50))]
"""#),
        Snippet(seed: "000", lines: 123...133, name: "horizontal symbols", text: #"""
ScrollView(.horizontal) {
    LazyHGrid(rows: gridItemLayout, spacing: 20) {
        ForEach((0...9999), id: \.self) {
            Image(systemName: symbols[$0 % symbols.count])
                .font(.system(size: 30))
                .frame(minWidth: 0, maxWidth: .infinity, minHeight: 50, maxHeight: .infinity)
                .background(colors[$0 % colors.count])
                .cornerRadius(10)
        }
    }
}
"""#),
        Snippet(seed: "000", lines: 149...154, name: "Photo", text: #"""
struct Photo: Identifiable {
    var id = UUID()
    var name: String
}

let samplePhotos = (1...20).map { Photo(name: "coffee-\($0)") }
"""#),
        Snippet(seed: "000", lines: 160...160, name: "feed gridLayout", text: #"""
@State var gridLayout: [GridItem] = [ GridItem() ]
"""#),
        Snippet(seed: "000", lines: 164...184, name: "feed body", text: #"""
NavigationStack {
    ScrollView {
        LazyVGrid(columns: gridLayout, alignment: .center, spacing: 10) {

            ForEach(samplePhotos.indices, id: \.self) { index in

                Image(samplePhotos[index].name)
                    .resizable()
                    .scaledToFill()
                    .frame(minWidth: 0, maxWidth: .infinity)
                    .frame(height: 200)
                    .cornerRadius(10)
                    .shadow(color: Color.primary.opacity(0.3), radius: 1)

            }
        }
        .padding(.all, 10)
    }

    .navigationTitle("Coffee Feed")
}
"""#),
        Snippet(seed: "000", lines: 190...200, name: "feed toolbar", text: #"""
.toolbar {
    ToolbarItem(placement: .navigationBarTrailing) {
        Button {
            self.gridLayout = Array(repeating: .init(.flexible()), count: self.gridLayout.count % 4 + 1)
        } label: {
            Image(systemName: "square.grid.2x2")
                .font(.title)
        }
        .tint(.primary)
    }
}
"""#),
        Snippet(seed: "000", lines: 208...208, name: "feed frame height", text: #"""
.frame(height: gridLayout.count == 1 ? 200 : 100)
"""#),
        Snippet(seed: "000", lines: 212...212, name: "feed animation", text: #"""
.animation(.interactiveSpring(), value: gridLayout.count)
"""#),
        Snippet(seed: "000", lines: 222...238, name: "Cafe", text: #"""
struct Cafe: Identifiable {
    var id = UUID()
    var image: String
    var coffeePhotos: [Photo] = []
}

let sampleCafes: [Cafe] = {

    var cafes = (1...18).map { Cafe(image: "cafe-\($0)") }

    for index in cafes.indices {
        let randomNumber = Int.random(in: (2...12))
        cafes[index].coffeePhotos = (1...randomNumber).map { Photo(name: "coffee-\($0)") }
    }

    return cafes
}()
"""#),
        Snippet(seed: "000", lines: 246...246, name: "cafes gridLayout", text: #"""
@State var gridLayout = [ GridItem() ]
"""#),
        Snippet(seed: "000", lines: 250...270, name: "cafes body", text: #"""
NavigationStack {
    ScrollView {
        LazyVGrid(columns: gridLayout, alignment: .center, spacing: 10) {

            ForEach(sampleCafes) { cafe in
                Image(cafe.image)
                    .resizable()
                    .scaledToFill()
                    .frame(minWidth: 0, maxWidth: .infinity)
                    .frame(maxHeight: 150)
                    .cornerRadius(10)
                    .shadow(color: .primary.opacity(0.3), radius: 1)
            }

        }
        .padding(.all, 10)
        .animation(.interactiveSpring(), value: gridLayout.count)
    }

    .navigationTitle("Coffee Feed")
}
"""#),
        Snippet(seed: "000", lines: 278...289, name: "coffee grid", text: #"""
LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))]) {
    ForEach(cafe.coffeePhotos) { photo in
        Image(photo.name)
            .resizable()
            .scaledToFill()
            .frame(minWidth: 0, maxWidth: .infinity)
            .frame(height: 50)
            .cornerRadius(10)
    }
}
.frame(minHeight: 0, maxHeight: .infinity, alignment: .top)
.animation(.easeIn, value: gridLayout.count)
"""#),
        Snippet(seed: "000", lines: 295...295, name: "side by side", text: #"""
@State var gridLayout = [ GridItem(.adaptive(minimum: 100)), GridItem(.flexible()) ]
"""#),
        Snippet(seed: "000", lines: 307...313, name: "App", text: #"""
struct SwiftUIPhotoGridApp: App {
    var body: some Scene {
        WindowGroup {
            MultiGridView()
        }
    }
}
"""#),
        Snippet(seed: "000", lines: 321...322, name: "size classes", text: #"""
@Environment(\.horizontalSizeClass) var horizontalSizeClass: UserInterfaceSizeClass?
@Environment(\.verticalSizeClass) var verticalSizeClass: UserInterfaceSizeClass?
"""#),
        Snippet(seed: "000", lines: 330...332, name: "onChange", text: #"""
.onChange(of: verticalSizeClass) { 
    self.gridLayout = [ GridItem(.adaptive(minimum:  verticalSizeClass == .compact  ? 100 : 250)), GridItem(.flexible()) ]
}
"""#),
        Snippet(seed: "001", lines: 11...15, name: "random data", text: #"""
extension Double {
    static func randomData() -> Double {
        Double(arc4random()) / Double(UInt32.max)
    }
}
"""#),
        Snippet(seed: "001", lines: 17...21, name: "random colour", text: #"""
extension Color {
    static func random() -> Color {
        .init(red: Double.randomData(), green: Double.randomData(), blue: Double.randomData())
    }
}
"""#),
        Snippet(seed: "001", lines: 25...42, name: "colour stack", text: #"""
var data: [Color] {
    [
        Color.random(),
        Color.random(),
        Color.random(),
        Color.random(),
        Color.random(),
        Color.random()
    ]
}

var body: some View {
    VStack {
        ForEach(0..<data.count) { index in
            self.data[index]
        }
    }
}
"""#),
        Snippet(seed: "001", lines: 54...54, name: "safe area", text: #"""
.edgesIgnoringSafeArea(.vertical)
"""#),
        Snippet(seed: "001", lines: 60...82, name: "GCRowView", text: #"""
struct GCRowView: View {
    var itemPerRow = 3 // 1
    
    var views: [AnyView] = [ // 2
        AnyView(Image("1").resizable().aspectRatio(contentMode: .fill)),
        AnyView(Image("2").resizable().aspectRatio(contentMode: .fill)),
        AnyView(Image("3").resizable().aspectRatio(contentMode: .fill)),
    ]
    
    var itemWidth: CGFloat { // 3
        UIScreen.main.bounds.width / CGFloat(itemPerRow)
    }
    
    var body: some View {
        HStack(spacing: 0) { // 4
            ForEach(0..<views.count) { index in
                self.views[index]
                    .frame(width: self.itemWidth, height: self.itemWidth)
                    .clipped() // 5
            }
        }
    }
}
"""#),
        Snippet(seed: "001", lines: 100...106, name: "rowCount", text: #"""
func rowCount(contentNums: Int, itemPerRow: Int) -> Int {
    if contentNums % itemPerRow == 0 {
        return contentNums / itemPerRow
    }

    return contentNums / itemPerRow + 1
}
"""#),
        Snippet(seed: "001", lines: 116...127, name: "rowViews", text: #"""
func rowViews(currentRow: Int, itemPerRow: Int) -> [AnyView] {
    var views = [AnyView]()

    for i in 0..<itemPerRow { // 1
        let index = i + itemPerRow * currentRow // 2
        if index < contentViews.count { // 3
            views.append(contentViews[index]) // 4
        }
    }

    return views
}
"""#),
        Snippet(seed: "001", lines: 139...144, name: "GCRowView, general", text: #"""
struct GCRowView: View {
    var itemPerRow: Int
    
    var views: [AnyView]
    
    //...
"""#),
        Snippet(seed: "001", lines: 148...166, name: "GCGirdContentView", text: #"""
struct GCGirdContentView: View {
    var itemPerRow = 3
    
    var contentViews: [AnyView] = []
    
    init() { // 1
        for i in 1...12 {
            contentViews.append(AnyView(Image("\(i)").resizable().aspectRatio(contentMode: .fill)))
        }
    }
    
    var body: some View {
        VStack(alignment: .leading, spacing: 0) { // 2
            ForEach(0..<rowCount(contentNums: contentViews.count, itemPerRow: itemPerRow)) { i in // 3
                GCRowView(itemPerRow: self.itemPerRow, views: self.rowViews(currentRow: i, itemPerRow: self.itemPerRow)) // 4
            }
        }
    }
}
"""#),
        Snippet(seed: "002", lines: 18...18, name: "photoSet", text: #"""
@State private var photoSet = samplePhotos
"""#),
        Snippet(seed: "002", lines: 24...49, name: "photo grid", text: #"""
VStack {
    ScrollView {

        HStack {
            Text("Photos")
                .font(.system(.title, design: .rounded))
                .fontWeight(.heavy)

            Spacer()
        }

        LazyVGrid(columns: [ GridItem(.adaptive(minimum: 50)) ]) {

            ForEach(photoSet) { photo in

                Image(photo.name)
                    .resizable()
                    .scaledToFill()
                    .frame(minWidth: 0, maxWidth: .infinity)
                    .frame(height: 60)
                    .cornerRadius(3.0)
            }
        }
    }
}
.padding()
"""#),
        Snippet(seed: "002", lines: 57...63, name: "dock", text: #"""
ScrollView(.horizontal, showsIndicators: false) {

}
.frame(height: 100)
.padding()
.background(Color(.systemGray6))
.cornerRadius(5)
"""#),
        Snippet(seed: "002", lines: 71...71, name: "selectedPhotos", text: #"""
@State private var selectedPhotos: [Photo] = []
"""#),
        Snippet(seed: "002", lines: 75...75, name: "selectedPhotoId", text: #"""
@State private var selectedPhotoId: UUID?
"""#),
        Snippet(seed: "002", lines: 79...91, name: "tap to dock", text: #"""
Image(photo.name)
    .resizable()
    .scaledToFill()
    .frame(minWidth: 0, maxWidth: .infinity)
    .frame(height: 60)
    .cornerRadius(3.0)
    .onTapGesture {
        selectedPhotos.append(photo)
        selectedPhotoId = photo.id
        if let index = photoSet.firstIndex(where: { $0.id == photo.id }) {
            photoSet.remove(at: index)
        }
    }
"""#),
        Snippet(seed: "002", lines: 97...114, name: "dock grid", text: #"""
ScrollView(.horizontal, showsIndicators: false) {
    LazyHGrid(rows: [ GridItem() ]) {
        ForEach(selectedPhotos) { photo in
            Image(photo.name)
                .resizable()
                .scaledToFill()
                .frame(minWidth: 0, maxWidth: .infinity)
                .frame(height: 100)
                .cornerRadius(3.0)
                .onTapGesture {
                    photoSet.append(photo)
                    if let index = selectedPhotos.firstIndex(where: { $0.id == photo.id }) {
                        selectedPhotos.remove(at: index)
                    }
                }
        }
    }
}
"""#),
        Snippet(seed: "002", lines: 126...126, name: "namespace", text: #"""
@Namespace private var photoTransition
"""#),
        Snippet(seed: "002", lines: 130...130, name: "matched geometry", text: #"""
.matchedGeometryEffect(id: photo.id, in: photoTransition)
"""#),
        Snippet(seed: "002", lines: 136...136, name: "animation", text: #"""
.animation(.interactiveSpring(), value: selectedPhotoId)
"""#),
        Snippet(seed: "002", lines: 150...150, name: "id", text: #"""
.id(photo.id)
"""#),
        Snippet(seed: "002", lines: 154...179, name: "scroll reader", text: #"""
ScrollViewReader { scrollProxy in
    ScrollView(.horizontal, showsIndicators: false) {
        LazyHGrid(rows: [ GridItem() ]) {
            ForEach(selectedPhotos) { photo in
                Image(photo.name)
                    .resizable()
                    .scaledToFill()
                    .frame(minWidth: 0, maxWidth: .infinity)
                    .frame(height: 100)
                    .cornerRadius(3.0)
                    .id(photo.id)
                    .matchedGeometryEffect(id: photo.id, in: photoTransition)
                    .onTapGesture {
                        photoSet.append(photo)
                        if let index = selectedPhotos.firstIndex(where: { $0.id == photo.id }) {
                            selectedPhotos.remove(at: index)
                        }
                    }
            }
        }
    }
    .frame(height: 100)
    .padding()
    .background(Color(.systemGray6))
    .cornerRadius(5)
}
"""#),
        Snippet(seed: "002", lines: 183...187, name: "onChange", text: #"""
.onChange(of: selectedPhotoId) { oldValue, newValue in
    withAnimation {
        scrollProxy.scrollTo(newValue)
    }
}
"""#),
        Snippet(seed: "003", lines: 10...17, name: "size", text: #"""
public enum size {
// 一个使用指定尺寸的项目
case fixed(cgfloat)
// 一个灵活的项目，可以指定最小或最大尺寸，默认最小尺寸为 10，最大为无限大
case flexible(minimum: cgfloat = 10, maximum: cgfloat = .infinity)
// 在可用的空间内生成尽可能多的自适应尺寸的项目，可以指定最小或最大尺寸
case adaptive(minimum: cgfloat, maximum: cgfloat = .infinity)
}
"""#),
        Snippet(seed: "003", lines: 21...21, name: "declarations", text: #"""
// 天气，后面会据此生成随机数据 private let weathers = ["sun.max", "moon", "cloud.drizzle", "snow", "wind.snow"] // 6 种不同的布局样式 private let rowstyles = ["adaptive", "fixed", "flexible", "mix1", "mix2", "mix3"] // 选中的布局样式 @state private var styleselection: int = 0 // 依次对应 `rowstyles` 以及示例中的 6 种不同的布局样式 private let rows = [ // 自适应尺寸，最小高度为 60，根据视图的尺寸生成尽可能多的 item [griditem(.adaptive(minimum: 60))], // 三行，每行固定 item 高度为 80 array(repeating: griditem(.fixed(80)), count: 3), // 三行，因 .flexible 默认最最大高度为无限大，所以会撑满视图 array(repeating: griditem(.flexible(minimum: 60)), count: 3), // 第一行固定高度为 100，后面的 item 最小高度为 50，生成尽可能多的 item [griditem(.fixed(100)), griditem(.adaptive(minimum: 50))], // 第一行固定高度为 80，第二行因为是 .flexible，所以会撑满剩余空间 [griditem(.fixed(80)), griditem(.flexible(minimum: 60))], // 第一行固定高度为 120，第二行虽然是 .flexible，并不会撑满视图，因为后面还有 .adaptive, 其最小高度为 40，它的优先级最高，所以第二行的高度为 80 [griditem(.fixed(120)), griditem(.flexible(maximum: 80)), griditem(.adaptive(minimum: 40))] ]
"""#),
        Snippet(seed: "003", lines: 24...36, name: "styles body", text: #"""
scrollview(.horizontal) {
lazyhgrid(rows: rows[styleselection]) {
foreach(0..<999) { i in
image(systemname: weathers[i % weathers.count])
.font(.title)
.frame(minwidth: 40, maxheight: .infinity)
.foregroundcolor(color.white)
.background(color.blue)
.cornerradius(8)
}
}
}
.frame(maxheight: .infinity)
"""#),
        Snippet(seed: "003", lines: 39...39, name: "columns", text: #"""
private let columns = [ [griditem(.adaptive(minimum: 60))], array(repeating: griditem(.fixed(80)), count: 3), array(repeating: griditem(.flexible(minimum: 60)), count: 3), [griditem(.fixed(100)), griditem(.adaptive(minimum: 50))], [griditem(.fixed(80)), griditem(.flexible(minimum: 60))], [griditem(.fixed(120)), griditem(.flexible(maximum: 80)), griditem(.adaptive(minimum: 40))] ]
"""#),
        Snippet(seed: "004", lines: 26...47, name: "fixed rows", text: #"""
struct ContentView: View {
  let rows = [
    GridItem(.fixed(30), spacing: 1),
    GridItem(.fixed(60), spacing: 10),
    GridItem(.fixed(90), spacing: 20),
    GridItem(.fixed(10), spacing: 50)
  ]

  var body: some View {
    ScrollView(.horizontal) {
      LazyHGrid(rows: rows, spacing: 5) {
        ForEach(0..<300, id: \.self) { _ in
          Color.red.frame(width: 30)
          Color.green.frame(width: 40)
          Color.blue.frame(width: 20)
          Color.yellow.frame(width: 25)
          Color.purple.frame(width: 15)
        }
      }
    }
  }
}
"""#),
        Snippet(seed: "004", lines: 51...72, name: "flexible row", text: #"""
struct ContentView: View {
  let rows = [
    GridItem(.fixed(30), spacing: 1),
    GridItem(.flexible(minimum: 60), spacing: 10),
    GridItem(.fixed(90), spacing: 20),
    GridItem(.fixed(10), spacing: 50)
  ]

  var body: some View {
    ScrollView(.horizontal) {
      LazyHGrid(rows: rows, spacing: 5) {
        ForEach(0...300, id: \.self) { _ in
          Color.red.frame(width: 30)
          Color.green.frame(width: 40)
          Color.blue.frame(width: 20)
          Color.yellow.frame(width: 25)
          Color.purple.frame(width: 15)
        }
      }
    }
  }
}
"""#),
        Snippet(seed: "004", lines: 74...95, name: "flexible maximum 20", text: #"""
struct ContentView: View {
  let rows = [
    GridItem(.fixed(30), spacing: 1),
    GridItem(.flexible(minimum: 60), spacing: 10),
    GridItem(.fixed(90), spacing: 20),
    GridItem(.flexible(maximum: 20), spacing: 50)
  ]

  var body: some View {
    ScrollView(.horizontal) {
      LazyHGrid(rows: rows, spacing: 5) {
        ForEach(0...300, id: \.self) { _ in
          Color.red.frame(width: 30)
          Color.green.frame(width: 40)
          Color.blue.frame(width: 20)
          Color.yellow.frame(width: 25)
          Color.purple.frame(width: 15)
        }
      }
    }
  }
}
"""#),
        Snippet(seed: "004", lines: 99...117, name: "adaptive", text: #"""
struct ContentView: View {
  let rows = [
    GridItem(.adaptive(minimum: 30, maximum: 100), spacing: 50)
  ]

  var body: some View {
    ScrollView(.horizontal) {
      LazyHGrid(rows: rows, spacing: 5) {
        ForEach(0...300, id: \.self) { _ in
          Color.red.frame(width: 30)
          Color.green.frame(width: 40)
          Color.blue.frame(width: 20)
          Color.yellow.frame(width: 25)
          Color.purple.frame(width: 15)
        }
      }
    }
  }
}
"""#),
    ]

    public static func named(_ seed: String, _ name: String) -> Snippet { all.first { $0.seed == seed && $0.name == name }! }

    /// The seed's snippets before `name`, in order: what a reader of the seed has pasted by then.
    public static func before(_ seed: String, _ name: String) -> [String] {
        all.filter { $0.seed == seed }.prefix { $0.name != name }.map(\.text)
    }
}
