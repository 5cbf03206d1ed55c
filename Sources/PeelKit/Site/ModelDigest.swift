import Foundation

/// SHA-256 of an Encodable value's fields, fed straight from `encode(to:)` without building
/// JSON: a page model's key (see PageSource) for a sixtieth of what JSONEncoder took. Every
/// field is written with its name, its type's tag and its length, so no two different models
/// give the same stream. Field order is the models' declaration order, fixed by the binary; a new
/// Peel version starts every build afresh anyway.
enum ModelDigest {
    /// Marks the template's name, hashed before a page's model (`PageSource.key`).
    static let templateTag: UInt8 = 0x54  // T

    static func of(_ value: some Encodable) -> String {
        let sink = Sink()
        add(value, to: sink)
        return Hex.string(sink.finalize())
    }

    /// Adds `value`'s fields to a digest under way (a model hashed in parts: `ReviewPageParts`).
    static func add(_ value: some Encodable, to sink: Sink) {
        // Page models hold only strings, numbers, booleans, optionals, arrays and other models.
        try? value.encode(to: DigestEncoder(sink: sink))
    }

    /// Hashes the stream as it comes, a block at a time: the review page's model of a
    /// 20,000-sticker catalog streams tens of megabytes, which were once all held before hashing.
    final class Sink {
        private var hasher = SHA256()
        private var bytes: [UInt8] = []
        /// Large enough that hashing runs in long strides, small enough to stay in the cache.
        private static let blockSize = 64 * 1024

        init() {
            bytes.reserveCapacity(Self.blockSize + 1024)
        }

        func add(_ tag: UInt8, _ text: String) {
            bytes.append(tag)
            let utf8 = text.utf8
            withUnsafeBytes(of: UInt32(utf8.count).littleEndian) { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: utf8)
            if bytes.count >= Self.blockSize {
                hasher.update(data: bytes)
                bytes.removeAll(keepingCapacity: true)
            }
        }

        func finalize() -> SHA256.Digest {
            hasher.update(data: bytes)
            bytes.removeAll()
            return hasher.finalize()
        }
    }

    struct DigestEncoder: Encoder {
        let sink: Sink
        var codingPath: [any CodingKey] = []
        var userInfo: [CodingUserInfoKey: Any] = [:]

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            sink.add(0x7B, "")  // {
            return KeyedEncodingContainer(Keyed(sink: sink))
        }
        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            sink.add(0x5B, "")  // [
            return Unkeyed(sink: sink)
        }
        func singleValueContainer() -> any SingleValueEncodingContainer { Single(sink: sink) }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let sink: Sink
        var codingPath: [any CodingKey] = []
        func encodeNil(forKey key: Key) { sink.add(0x6B, key.stringValue); sink.add(0x4E, "") }
        func encode(_ value: Bool, forKey key: Key) { sink.add(0x6B, key.stringValue); sink.add(0x42, value ? "1" : "0") }
        func encode(_ value: String, forKey key: Key) { sink.add(0x6B, key.stringValue); sink.add(0x53, value) }
        func encode(_ value: Double, forKey key: Key) { sink.add(0x6B, key.stringValue); sink.add(0x44, "\(value)") }
        func encode(_ value: Float, forKey key: Key) { sink.add(0x6B, key.stringValue); sink.add(0x44, "\(value)") }
        func encode(_ value: Int, forKey key: Key) { sink.add(0x6B, key.stringValue); sink.add(0x49, "\(value)") }
        func encode(_ value: Int8, forKey key: Key) { encode(Int(value), forKey: key) }
        func encode(_ value: Int16, forKey key: Key) { encode(Int(value), forKey: key) }
        func encode(_ value: Int32, forKey key: Key) { encode(Int(value), forKey: key) }
        func encode(_ value: Int64, forKey key: Key) { encode(Int(value), forKey: key) }
        func encode(_ value: UInt, forKey key: Key) { sink.add(0x6B, key.stringValue); sink.add(0x49, "\(value)") }
        func encode(_ value: UInt8, forKey key: Key) { encode(UInt(value), forKey: key) }
        func encode(_ value: UInt16, forKey key: Key) { encode(UInt(value), forKey: key) }
        func encode(_ value: UInt32, forKey key: Key) { encode(UInt(value), forKey: key) }
        func encode(_ value: UInt64, forKey key: Key) { encode(UInt(value), forKey: key) }
        func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            sink.add(0x6B, key.stringValue)
            try value.encode(to: DigestEncoder(sink: sink))
            sink.add(0x2E, "")  // end of value
        }
        func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            sink.add(0x6B, key.stringValue)
            return DigestEncoder(sink: sink).container(keyedBy: keyType)
        }
        func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            sink.add(0x6B, key.stringValue)
            return DigestEncoder(sink: sink).unkeyedContainer()
        }
        func superEncoder() -> any Encoder { DigestEncoder(sink: sink) }
        func superEncoder(forKey key: Key) -> any Encoder { sink.add(0x6B, key.stringValue); return DigestEncoder(sink: sink) }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let sink: Sink
        var codingPath: [any CodingKey] = []
        private(set) var count = 0
        init(sink: Sink) { self.sink = sink }
        mutating func encodeNil() { count += 1; sink.add(0x4E, "") }
        mutating func encode(_ value: Bool) { count += 1; sink.add(0x42, value ? "1" : "0") }
        mutating func encode(_ value: String) { count += 1; sink.add(0x53, value) }
        mutating func encode(_ value: Double) { count += 1; sink.add(0x44, "\(value)") }
        mutating func encode(_ value: Int) { count += 1; sink.add(0x49, "\(value)") }
        mutating func encode<T: Encodable>(_ value: T) throws {
            count += 1
            try value.encode(to: DigestEncoder(sink: sink))
            sink.add(0x2C, "")  // end of element
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            count += 1
            return DigestEncoder(sink: sink).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            count += 1
            return DigestEncoder(sink: sink).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { DigestEncoder(sink: sink) }
    }

    struct Single: SingleValueEncodingContainer {
        let sink: Sink
        var codingPath: [any CodingKey] = []
        func encodeNil() { sink.add(0x4E, "") }
        func encode(_ value: Bool) { sink.add(0x42, value ? "1" : "0") }
        func encode(_ value: String) { sink.add(0x53, value) }
        func encode(_ value: Double) { sink.add(0x44, "\(value)") }
        func encode(_ value: Float) { sink.add(0x44, "\(value)") }
        func encode(_ value: Int) { sink.add(0x49, "\(value)") }
        func encode(_ value: Int8) { encode(Int(value)) }
        func encode(_ value: Int16) { encode(Int(value)) }
        func encode(_ value: Int32) { encode(Int(value)) }
        func encode(_ value: Int64) { encode(Int(value)) }
        func encode(_ value: UInt) { sink.add(0x49, "\(value)") }
        func encode(_ value: UInt8) { encode(UInt(value)) }
        func encode(_ value: UInt16) { encode(UInt(value)) }
        func encode(_ value: UInt32) { encode(UInt(value)) }
        func encode(_ value: UInt64) { encode(UInt(value)) }
        func encode<T: Encodable>(_ value: T) throws { try value.encode(to: DigestEncoder(sink: sink)) }
    }
}
