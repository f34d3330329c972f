import GridCore

/// `ForEach` over a range or a collection. It is lazy: its closure runs for an element only when a
/// container lays that element out (a lazy grid: only the ones in view).
public struct ForEach: PrimitiveView {
    let content: ForEachContent

    public var viewNode: ViewNode { ViewNode(.forEach(content)) }

    /// `ForEach(0..<n) { i in … }` and `ForEach(0..<n, id: \.self) { i in … }`.
    public init(_ data: Range<Int>, id: KeyPath<Int, Int> = \.self, @ViewBuilder content: @escaping (Int) -> AnyView) {
        let lower = data.lowerBound, count = data.count
        self.content = ForEachContent(count: count, id: { AnyHashable(lower + $0) }, indexOfID: ForEach.rangeIndex(lower, count),
                                      dataSource: "\(data)", idSource: "\\.self", views: { content(lower + $0).children })
    }

    /// `ForEach((0...9999), id: \.self) { … }`.
    public init(_ data: ClosedRange<Int>, id: KeyPath<Int, Int> = \.self, @ViewBuilder content: @escaping (Int) -> AnyView) {
        let lower = data.lowerBound, count = data.count
        self.content = ForEachContent(count: count, id: { AnyHashable(lower + $0) }, indexOfID: ForEach.rangeIndex(lower, count),
                                      dataSource: "(\(data))", idSource: "\\.self", views: { content(lower + $0).children })
    }

    /// `ForEach(photos, id: \.name) { photo in … }`.
    public init<Data: RandomAccessCollection, ID: Hashable>(_ data: Data, id: KeyPath<Data.Element, ID>,
                                                            @ViewBuilder content: @escaping (Data.Element) -> AnyView) {
        let element = { (i: Int) in data[data.index(data.startIndex, offsetBy: i)] }
        let ids = { (i: Int) in AnyHashable(element(i)[keyPath: id]) }
        self.content = ForEachContent(count: data.count, id: ids, indexOfID: ForEach.searchIndex(data.count, ids),
                                      dataSource: "data", idSource: nil, views: { content(element($0)).children })
    }

    /// `ForEach(samplePhotos) { photo in … }` over `Identifiable` elements.
    public init<Data: RandomAccessCollection>(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> AnyView)
        where Data.Element: Identifiable {
        self.init(data, id: \.id, content: content)
    }

    static func rangeIndex(_ lower: Int, _ count: Int) -> (AnyHashable) -> Int? {
        { id in
            guard let v = id.base as? Int else { return nil }
            let i = v.subtractingReportingOverflow(lower)
            return !i.overflow && i.partialValue >= 0 && i.partialValue < count ? i.partialValue : nil
        }
    }

    /// Identities found by a table made on first use; a collection larger than the table's limit
    /// answers nil (its items then cannot be followed across a change, only placed).
    static func searchIndex(_ count: Int, _ ids: @escaping (Int) -> AnyHashable) -> (AnyHashable) -> Int? {
        let table = IndexTable()
        return { id in
            guard count <= IndexTable.limit else { return nil }
            if table.index == nil {
                var t: [AnyHashable: Int] = [:]
                t.reserveCapacity(count)
                for i in 0..<count where t[ids(i)] == nil { t[ids(i)] = i }
                table.index = t
            }
            return table.index?[id]
        }
    }

    final class IndexTable {
        static let limit = 100_000
        var index: [AnyHashable: Int]?
    }
}
