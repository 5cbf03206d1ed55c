/// A line number or nil in four bytes, for records a catalog holds by the ten thousand (an
/// `Int?` takes sixteen with its padding). Lines past four billion read as the last one it can
/// hold; a negative line reads as nil. As a property wrapper, `@CompactLine var altLine: Int?`.
@propertyWrapper
public struct CompactLine: Sendable, Hashable {
    /// The line plus one; zero for nil.
    private var stored: UInt32 = 0

    public init() {}

    init(_ line: Int?) {
        guard let line else { return }
        stored = line < 0 ? 0 : UInt32(min(line, Int(UInt32.max) - 1) + 1)
    }

    public init(wrappedValue: Int?) { self.init(wrappedValue) }

    var value: Int? { stored == 0 ? nil : Int(stored) - 1 }

    public var wrappedValue: Int? {
        get { value }
        set { self = CompactLine(newValue) }
    }
}
