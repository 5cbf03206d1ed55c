import Foundation

/// A path that names a file the way another computer would find it: with Windows' backslashes
/// (`..\art\icon.png`, as Explorer shows it), or in another case than the file's (`icon.png` for
/// `Icon.png`, which macOS and Windows find and Linux, a CI runner and a web server do not). Such a
/// path was "does not exist", with nothing to say what was wrong.
enum PathLookalike {
    /// The path with `/` for each `\`, nil when it has none.
    static func slashed(_ written: String) -> String? {
        written.contains("\\") ? written.replacingOccurrences(of: "\\", with: "/") : nil
    }

    /// A file whose relative path (from the content folder) is `path` in another case, found in
    /// its folder on disk; nil when there is none.
    static func caseTwin(of path: String, in content: ContentPath) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        guard let name = parts.last else { return nil }
        let folder = parts.dropLast().joined(separator: "/")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? content.root.path : content.url(folder).path)) ?? []
        return NameClashes.twin(of: name, among: names).map { folder.isEmpty ? $0 : folder + "/" + $0 }
    }

    /// A link's destination as written (`../Animals/caf%C3%A9%20Fox.md#top`) with each of its
    /// folders and its file name spelt as in `twin` (the content-relative path found in another
    /// case), written so the link still works when pasted back: encoded as the writer encoded it,
    /// a space or a `#` in a name always as %20 and %23, and the `?…` or `#…` after it kept.
    /// Only the folder was fixed before ("write ../Animals/cat.md" for `../Animals/Cat.md`), and
    /// the advice came decoded ("write café fox.md", which is no link at all).
    static func destination(_ written: String, spelling twin: String) -> String {
        let end = written.firstIndex { $0 == "?" || $0 == "#" } ?? written.endIndex
        var segments = written[..<end].split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var names = twin.split(separator: "/").map(String.init)
        for index in segments.indices.reversed() {
            let segment = segments[index]
            guard segment != ".", segment != "..", let name = names.popLast() else { break }
            let decoded = segment.removingPercentEncoding ?? segment
            guard decoded.lowercased() == name.lowercased() else { break }
            segments[index] = encoded(name, fully: segment.contains("%"))
        }
        return segments.joined(separator: "/") + written[end...]
    }

    /// A destination written with its names as they are (`café fox.md#top`), as a link takes it:
    /// each name encoded as `encoded(_:fully:)` does (`café%20fox.md#top`).
    static func linkable(_ written: String) -> String {
        let end = written.firstIndex { $0 == "?" || $0 == "#" } ?? written.endIndex
        return written[..<end].split(separator: "/", omittingEmptySubsequences: false)
            .map { encoded(String($0), fully: false) }.joined(separator: "/") + written[end...]
    }

    /// A name as a link destination's segment: every byte but ASCII letters, digits and `-._~`
    /// as %XX when `fully` (the writer encoded theirs), else only the ASCII that ends or splits a
    /// destination (a space, `#`, `?`, `%`, brackets), letters of other scripts kept as they are.
    private static func encoded(_ name: String, fully: Bool) -> String {
        let kept = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~".utf8)
        let alsoKept = Set("!$&'*+,;=:@".utf8)
        var result = ""
        for scalar in name.unicodeScalars {
            if scalar.isASCII ? kept.contains(UInt8(scalar.value)) || !fully && alsoKept.contains(UInt8(scalar.value)) : !fully {
                result.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 { result += String(format: "%%%02X", byte) }
            }
        }
        return result
    }

    /// "; a path names its folders with '/': write ../art/icon.png"
    static func slashAdvice(_ slashed: String) -> String {
        "; a path separates its folders with '/', not '\\' as Windows shows them: write \(slashed)"
    }

    /// "; faces/Icon.png differs from it only in the case of its letters (…): write Icon.png, or rename the file"
    static func caseAdvice(twin: String, write suggestion: String) -> String {
        "; \(twin) differs from it only in the case of its letters, which a Mac or a PC overlooks and Linux and web servers do not: write \(suggestion), or rename the file"
    }
}
