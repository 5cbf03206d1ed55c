/// The words a catalog adds to the dictionary (`words:` in site.md and in a pack's pack.md):
/// character names, brands, made-up words. Case follows Hunspell's own rule for its word lists,
/// so a reviewer's expectation carries over:
/// - a word written in lower case ("bloop") is accepted in any case: bloop, Bloop, BLOOP;
/// - a word written with a capital ("Bubbles", "iPhone") is accepted as written and in all caps
///   (BUBBLES), not in lower case: "bubbles" in a label is then checked by the dictionary.
/// Each word's possessive (Bubbles's, Bubbles’, Bloop's) and plural (bloops, bloopes) are accepted too.
struct CatalogWords: Sendable {
    /// Words listed in lower case, and words listed with capitals, as written.
    private var anyCase: Set<String> = []
    private var exact: Set<String> = []
    /// The words listed with capitals, in all caps.
    private var shouted: Set<String> = []

    init<S: Sequence>(_ entries: S) where S.Element == String {
        // An entry of several words ("Captain Fluff") adds each of them.
        for entry in entries {
            for word in entry.split(whereSeparator: { $0.isWhitespace }).map({ LabelWords.straightened(String($0)) }) {
                if word == word.lowercased() {
                    anyCase.insert(word)
                } else {
                    exact.insert(word)
                    shouted.insert(word.uppercased())
                }
            }
        }
    }

    var isEmpty: Bool { anyCase.isEmpty && exact.isEmpty }

    /// Both lists: a pack's words added to the site's.
    func adding(_ other: CatalogWords) -> CatalogWords {
        var merged = self
        merged.anyCase.formUnion(other.anyCase)
        merged.exact.formUnion(other.exact)
        merged.shouted.formUnion(other.shouted)
        return merged
    }

    /// Whether `word` (as written in a label) is one of these words or its possessive or plural.
    func contains(_ word: String) -> Bool {
        guard !isEmpty else { return false }
        let word = LabelWords.straightened(word)
        return Self.stems(of: word).contains { stem in
            anyCase.contains(stem.lowercased()) || exact.contains(stem) || (stem == stem.uppercased() && shouted.contains(stem))
        }
    }

    /// The word, and what it would be without a possessive or plural ending: "Bubbles's" → Bubbles;
    /// "bloops" → bloops, bloop; "foxes'" → foxes, foxe, fox.
    static func stems(of word: String) -> [String] {
        var base = word
        for ending in ["'s", "'S", "'"] where base.hasSuffix(ending) && base.count > ending.count {
            base = String(base.dropLast(ending.count))
            break
        }
        var stems = [base]
        let lowered = base.lowercased()
        if lowered.hasSuffix("es"), base.count > 3 { stems.append(String(base.dropLast(2))) }
        if lowered.hasSuffix("s"), base.count > 2 { stems.append(String(base.dropLast())) }
        return stems
    }
}
