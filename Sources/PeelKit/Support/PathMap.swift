/// A dictionary from paths to small values (file stamps), its paths held in a `PathTable`: the
/// input snapshot of a 20,000-sticker catalog in three languages (80,000 files) is 5 MB this way
/// instead of 11 MB. Entries are never removed. Iteration follows the order paths were first added.
struct PathMap<Value: Sendable>: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    private var table = PathTable()
    private var values = ChunkedArray<Value>()

    init() {}

    init(_ dictionary: [String: Value]) {
        for (path, value) in dictionary { self[path] = value }
    }

    init(dictionaryLiteral elements: (String, Value)...) {
        for (path, value) in elements { self[path] = value }
    }

    var count: Int { values.count }
    var isEmpty: Bool { values.isEmpty }

    /// Setting nil is not supported: nothing that uses a path map forgets a path.
    subscript(path: String) -> Value? {
        get { table.index(of: path).map { values[$0] } }
        set {
            guard let newValue else { preconditionFailure("a path map's entries are never removed") }
            let (index, inserted) = table.insert(path)
            if inserted { values.append(newValue) } else { values[index] = newValue }
        }
    }

    /// Every path, in the order first added.
    var keys: LazyMapSequence<Range<Int>, String> {
        (0..<count).lazy.map { table.path(at: $0) }
    }

    /// The same paths with each value transformed (the paths are shared, not copied).
    func mapValues<Mapped>(_ transform: (Value) throws -> Mapped) rethrows -> PathMap<Mapped> {
        var mapped = PathMap<Mapped>()
        mapped.table = table
        for index in values.indices { mapped.values.append(try transform(values[index])) }
        return mapped
    }

    /// True when every value passes `test` (no path is made).
    func allValues(_ test: (Value) throws -> Bool) rethrows -> Bool {
        for index in values.indices where try !test(values[index]) { return false }
        return true
    }

    /// Changes every value in place.
    mutating func updateEach(_ change: (inout Value) -> Void) {
        for index in values.indices { change(&values[index]) }
    }

    /// `updateEach`, with each entry's path.
    mutating func updateEachWithPath(_ change: (_ path: String, _ value: inout Value) -> Void) {
        for index in values.indices { change(table.path(at: index), &values[index]) }
    }

    /// Every entry in the byte order of its path, each path made when its turn comes.
    func forEachSorted(_ body: (_ path: String, _ value: Value) throws -> Void) rethrows {
        for index in table.sortedIndices() { try body(table.path(at: Int(index)), values[Int(index)]) }
    }

    func makeIterator() -> AnyIterator<(key: String, value: Value)> {
        var index = 0
        return AnyIterator {
            guard index < values.count else { return nil }
            defer { index += 1 }
            return (table.path(at: index), values[index])
        }
    }
}

extension PathMap: Equatable where Value: Equatable {
    static func == (left: PathMap, right: PathMap) -> Bool {
        left.count == right.count && left.allSatisfy { right[$0.key] == $0.value }
    }
}
