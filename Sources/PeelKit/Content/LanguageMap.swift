/// Values by language tag for one sticker (its translations): a handful at most, held as an
/// array sorted by tag. A dictionary keeps room to spare in every sticker: its translations were
/// 640 bytes a sticker in three languages (13 MB at 20,000 stickers), half of it empty buckets.
/// Iteration is in tag order.
public struct LanguageMap<Value>: Sequence, ExpressibleByDictionaryLiteral {
    private var entries: [(key: String, value: Value)] = []

    public init() {}

    public init(_ values: [String: Value]) {
        entries = values.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
    }

    public init(dictionaryLiteral elements: (String, Value)...) {
        for (language, value) in elements { self[language] = value }
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    public var keys: [String] { entries.map(\.key) }
    public var values: [Value] { entries.map(\.value) }

    /// Setting nil removes the language's value.
    public subscript(language: String) -> Value? {
        get { entries.first { $0.key == language }?.value }
        set {
            let index = entries.firstIndex { $0.key >= language } ?? entries.endIndex
            let present = index < entries.endIndex && entries[index].key == language
            switch (newValue, present) {
            case (let value?, true): entries[index].value = value
            case (let value?, false): entries.insert((language, value), at: index)
            case (nil, true): entries.remove(at: index)
            case (nil, false): break
            }
        }
    }

    public func makeIterator() -> IndexingIterator<[(key: String, value: Value)]> {
        entries.makeIterator()
    }
}

extension LanguageMap: Sendable where Value: Sendable {}

extension LanguageMap: Equatable where Value: Equatable {
    public static func == (left: LanguageMap, right: LanguageMap) -> Bool {
        left.entries.elementsEqual(right.entries) { $0.key == $1.key && $0.value == $1.value }
    }
}
