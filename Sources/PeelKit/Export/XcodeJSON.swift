import Foundation

/// `"info" : { "author" : "xcode", "version" : 1 }`, as in every Contents.json Xcode writes.
struct XcodeInfo: Encodable {
    let author = "xcode"
    let version = 1
}

/// JSON laid out the way Xcode writes asset-catalog files: sorted keys, two-space indent. The
/// messenger exports write their JSON files (`contents.json`, `set.json`, …) the same way.
enum XcodeJSON {
    static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(0x0A)
        return data
    }
}
