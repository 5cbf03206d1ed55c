import Crypto
import Foundation

/// `.peel-fit` in `peel fit`'s output folder: the SHA-256 of every file fit wrote there, by path.
/// Fit replaces a file in that folder only when the record says fit wrote it and it is unchanged
/// since, so a file of yours that happens to be at a result's path (your own `fitted/p/sun.png`,
/// or a fitted file you have edited) is never overwritten.
public struct FitRecord: Sendable {
    public static let fileName = ".peel-fit"

    /// SHA-256 (hex) by path relative to the output folder.
    private(set) var written: [String: String] = [:]

    /// The record of `output`; empty when there is none (or it cannot be read: nothing is then trusted).
    public init(output: URL) {
        guard let text = try? String(contentsOf: output.appendingPathComponent(Self.fileName), encoding: .utf8) else { return }
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].count == 64 else { continue }
            written[String(parts[1])] = String(parts[0])
        }
    }

    /// Why fit must not write at `path` in `output`, or nil when it may: no file there, or one fit
    /// wrote and nobody changed since.
    public func refusal(toWrite path: String, in output: URL) -> String? {
        let target = output.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: target.path) else { return nil }
        if let recorded = written[path], let data = try? Data(contentsOf: target), Self.digest(data) == recorded { return nil }
        return "a file is already there that peel fit did not write (or that was changed since); move it away, or choose another -o"
    }

    /// Notes that fit wrote `data` at `path`.
    public mutating func record(_ data: Data, at path: String) {
        written[path] = Self.digest(data)
    }

    /// Writes the record into `output`, sorted by path.
    public func save(in output: URL) throws {
        let text = written.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { "\(written[$0]!) \($0)\n" }.joined()
        try SafeFile.write(Data(text.utf8), to: Self.fileName, in: output)
    }

    static func digest(_ data: Data) -> String { Hex.string(SHA256.hash(data: data)) }
}
