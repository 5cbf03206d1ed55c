/// An optional that encodes as JSON `null` when absent instead of being left out, so
/// machine-readable output always has the same keys.
@propertyWrapper
struct Nullable<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
