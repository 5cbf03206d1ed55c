import Foundation

/// `.peel-fit` in `peel fit`'s output folder: the SHA-256 of every file fit wrote there, by path,
/// in the lines an export's marker keeps (`ExportRecord`). Fit replaces a file in that folder
/// only when the record says fit wrote it and it is unchanged since, so a file of yours that
/// happens to be at a result's path (your own `fitted/p/sun.png`, or a fitted file you have
/// edited) is never overwritten.
public struct FitRecord: Sendable {
    public static let fileName = ".peel-fit"

    /// SHA-256 (hex) by path relative to the output folder.
    private(set) var written: [String: String] = [:]

    /// The record of `output`; empty when there is none (or it cannot be read: nothing is then trusted).
    public init(output: URL) {
        let text = (try? String(contentsOf: output.appendingPathComponent(Self.fileName), encoding: .utf8)) ?? ""
        written = ExportRecord.recorded(in: text)
    }

    /// Why fit must not write `data` at `path` in `output`, or nil when it may: no file there, one
    /// fit wrote and nobody changed since, or one with these very bytes (nothing is lost: fit makes
    /// the same bytes from the same art, so a run stopped before it saved its record, by Ctrl-C or
    /// a kill, is finished by the next instead of refused file by file).
    public func refusal(toWrite path: String, data: Data, in output: URL) -> String? {
        let target = output.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: target.path) else { return nil }
        guard let existing = try? Data(contentsOf: target) else {
            return "a file is already there that cannot be read; move it away, or choose another -o"
        }
        if existing == data { return nil }
        if let recorded = written[path], ExportRecord.digest(existing) == recorded { return nil }
        return "a file is already there that peel fit did not write (or that was changed since); move it away, or choose another -o"
    }

    /// Notes that fit wrote `data` at `path`.
    public mutating func record(_ data: Data, at path: String) {
        written[path] = ExportRecord.digest(data)
    }

    /// Writes the record into `output`, sorted by path.
    public func save(in output: URL) throws {
        try SafeFile.write(Data(ExportRecord.lines(written).utf8), to: Self.fileName, in: output)
    }
}
