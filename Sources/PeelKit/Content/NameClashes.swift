/// Names in one folder that macOS and Windows take for one file. Linux keeps `café.png` written
/// in NFC beside the same name in NFD (as files copied from a Mac carry it), and `Sun.png` beside
/// `sun.png`; Swift compares strings by canonical equivalence, so Peel took the first pair for one
/// file too: one sticker was shown with the other's bytes and hash, given the other's label, and
/// one of the two left out of the pack zip. The second of such a pair (in byte order) is left out,
/// with an error; names that differ only in case are kept, with a warning, since only a copy of
/// the content folder (or of a pack zip's originals/) on a Mac or a PC loses one.
enum NameClashes {
    /// `names` (sorted by their bytes) without those that are another's in another Unicode form,
    /// and the findings on both kinds of clash. `folder` is the names' folder, relative to the
    /// content folder ("" at its top).
    static func separate(_ names: [String], in folder: String) -> (kept: [String], findings: [Finding]) {
        var kept: [String] = []
        var findings: [Finding] = []
        var seen: [String: String] = [:]          // canonical equivalence, as Swift hashes strings
        var folded: [String: String] = [:]        // case folded
        for name in names {
            // Hidden files and the system's and editors' litter are never read, so they clash with nothing.
            if IgnoredName.matches(name) { kept.append(name); continue }
            let path = folder.isEmpty ? name : "\(folder)/\(name)"
            if let first = seen[name] {
                findings.append(Finding(.error, .nameClash, file: path,
                                        message: "'\(name)' (\(Self.form(of: name))) is the name of '\(first)' (\(Self.form(of: first)), kept) in another Unicode form; macOS takes them for one file, and so does Peel: this one is left out; rename or delete one of them"))
                continue
            }
            seen[name] = name
            let key = name.lowercased()
            if let first = folded[key] {
                findings.append(Finding(.warning, .nameClash, file: path,
                                        message: "'\(name)' differs from '\(first)' only in case; macOS and Windows take them for one file, so a copy or a clone of the content folder there keeps only one; rename one of them"))
            } else {
                folded[key] = name
            }
            kept.append(name)
        }
        return (kept, findings)
    }

    /// The name in `names` that `name` would clash with if it were written beside it: the same
    /// name in another case or Unicode form (`moon.md` for `Moon.md`), nil when none. Writing a
    /// sidecar beside it made a pair that a Mac or a PC keeps one of.
    static func twin(of name: String, among names: [String]) -> String? {
        let folded = name.lowercased()
        return names.first { $0.lowercased() == folded && Array($0.utf8) != Array(name.utf8) }
    }

    /// How a name is spelt in Unicode, for telling two look-alike names apart: "NFC, typed on
    /// Linux or Windows", "NFD, as a Mac writes it".
    static func form(of name: String) -> String {
        let bytes = Array(name.utf8)
        if bytes.elementsEqual(name.precomposedStringWithCanonicalMapping.utf8) { return "NFC, composed as Linux and Windows write it" }
        if bytes.elementsEqual(name.decomposedStringWithCanonicalMapping.utf8) { return "NFD, decomposed as a Mac writes it" }
        return "partly decomposed"
    }
}
