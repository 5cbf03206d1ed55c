extension String {
    /// The text with each Unicode scalar that `replacements` lists replaced, wherever it stands.
    ///
    /// Escaping must work on scalars (or bytes), not Characters: `replacingOccurrences(of:with:)`
    /// and `contains(where:)` compare Characters, and a quote followed by a combining mark
    /// (`"` U+0301), or CR LF, is one Character equal to neither `"` nor `\n`, so it slips through
    /// while every reader of the output (a browser, a CSV parser, a line-based file) sees the raw
    /// quote or line break.
    func replacingScalars(_ replacements: [Unicode.Scalar: String]) -> String {
        guard unicodeScalars.contains(where: { replacements[$0] != nil }) else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            if let replacement = replacements[scalar] { result += replacement } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// True when any of the text's Unicode scalars is in `scalars` (see `replacingScalars`).
    func containsScalar(in scalars: Set<Unicode.Scalar>) -> Bool {
        unicodeScalars.contains { scalars.contains($0) }
    }
}
