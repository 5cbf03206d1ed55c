/// An optional value almost always nil, held out of line: an empty array is one word, where the
/// value inline (a `Finding` is 96 bytes) would widen every record that might hold one. For the
/// sidecar error of each sticker and translation, which a catalog holds by the ten thousand.
@propertyWrapper
public struct OutOfLine<Value: Sendable>: Sendable {
    private var storage: [Value] = []

    public init() {}

    public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    public var wrappedValue: Value? {
        get { storage.first }
        set { storage = newValue.map { [$0] } ?? [] }
    }
}
