import Foundation

/// The order of file names everywhere a catalog is read: by the UTF-8 bytes of their NFC form,
/// then by their own bytes. Bytes, so every machine and locale sees the same order; NFC, because
/// one name reaches Linux in either form (typed there, NFC; copied from a Mac by zip, rsync or
/// Dropbox, often NFD), and Peel reads the two forms as one name. Sorted by their own bytes, the
/// same catalog gave カップ before ガム from one machine and after it from the other, and the `-2`
/// of two names with one slug went to the other sticker.
enum NameOrder {
    static func precedes(_ first: String, _ second: String) -> Bool {
        if first.utf8.allSatisfy({ $0 < 0x80 }) && second.utf8.allSatisfy({ $0 < 0x80 }) {
            return first.utf8.lexicographicallyPrecedes(second.utf8)
        }
        let (left, right) = (first.precomposedStringWithCanonicalMapping, second.precomposedStringWithCanonicalMapping)
        if !left.utf8.elementsEqual(right.utf8) { return left.utf8.lexicographicallyPrecedes(right.utf8) }
        return first.utf8.lexicographicallyPrecedes(second.utf8)
    }

    static func sorted(_ names: [String]) -> [String] {
        names.sorted(by: precedes)
    }

    /// The order people expect of stickers, as a file browser shows them: by the name without its
    /// extension, ignoring case and accents (`étoile` between `elephant` and `fleur`, where its
    /// bytes put it after `zèbre`), with runs of digits read as numbers, then with accents, then `precedes`. By the whole
    /// name's bytes, `grin-badge.png` came before `grin.png` ('-' < '.'), `sun10` before `sun2` and
    /// `Zebra` before `apple`, and a pack's first sticker (its default cover) was a variant.
    static func naturalPrecedes(_ first: String, _ second: String) -> Bool {
        NaturalKey(first) < NaturalKey(second)
    }

    /// `naturalPrecedes` as a value, made once per name: a sort compares each name about log n
    /// times, and making its key (NFC, lower case, digit runs) at every comparison was most of it.
    struct NaturalKey: Comparable {
        /// The parts without accents (`étoile` as `etoile`), then as written.
        let folded: [NaturalPart]
        let parts: [NaturalPart]
        let name: String

        /// `isFolder`: the whole name counts (a pack folder's `faces.v2` has no extension to drop).
        init(_ name: String, isFolder: Bool = false) {
            self.name = name
            parts = NameOrder.naturalParts(name, stemmed: !isFolder)
            // Folding is Unicode's (no locale), so every machine folds alike; ASCII has nothing to fold.
            folded = name.utf8.allSatisfy({ $0 < 0x80 }) ? parts
                : NameOrder.naturalParts(name.folding(options: .diacriticInsensitive, locale: nil), stemmed: !isFolder)
        }

        static func < (lhs: NaturalKey, rhs: NaturalKey) -> Bool {
            if lhs.folded != rhs.folded { return lhs.folded.lexicographicallyPrecedes(rhs.folded) }
            if lhs.parts != rhs.parts { return lhs.parts.lexicographicallyPrecedes(rhs.parts) }
            return NameOrder.precedes(lhs.name, rhs.name)
        }

        static func == (lhs: NaturalKey, rhs: NaturalKey) -> Bool { lhs.name == rhs.name }
    }

    /// A name's stem, NFC and lower-cased, as text runs and numbers: "Sun10.png" → "sun", 10.
    private static func naturalParts(_ name: String, stemmed: Bool) -> [NaturalPart] {
        let stem = (stemmed ? StickerFileKind.stem(name) : name).precomposedStringWithCanonicalMapping.lowercased()
        var parts: [NaturalPart] = []
        var text = ""
        var digits = ""
        func flush() {
            if !text.isEmpty { parts.append(.text(text)); text = "" }
            if !digits.isEmpty {
                parts.append(.number(String(digits.drop { $0 == "0" }))); digits = ""
            }
        }
        for character in stem.unicodeScalars {
            if ("0"..."9").contains(character) {
                if !text.isEmpty { flush() }
                digits.unicodeScalars.append(character)
            } else {
                if !digits.isEmpty { flush() }
                text.unicodeScalars.append(character)
            }
        }
        flush()
        return parts
    }

    enum NaturalPart: Equatable, Comparable {
        /// Text, compared by its UTF-8 bytes.
        case text(String)
        /// Digits without leading zeros ("007" is 7; `precedes` orders the two spellings).
        case number(String)

        static func < (lhs: NaturalPart, rhs: NaturalPart) -> Bool {
            switch (lhs, rhs) {
            case (.text(let a), .text(let b)): return textPrecedes(a, b)
            case (.number(let a), .number(let b)):
                return a.count != b.count ? a.count < b.count : a.utf8.lexicographicallyPrecedes(b.utf8)
            // Numbers before words, as file browsers put "2 cats" before "cats", and after
            // punctuation and spaces: Finder and Explorer put `_featured` before `2024-summer`.
            case (.number, .text(let b)): return !isPunctuation(b.unicodeScalars.first)
            case (.text(let a), .number): return isPunctuation(a.unicodeScalars.first)
            }
        }

        /// By character, punctuation, spaces and symbols before letters (`~draft` before `apple`,
        /// as file browsers sort), else by code point, which is the UTF-8 bytes' order.
        private static func textPrecedes(_ a: String, _ b: String) -> Bool {
            for (x, y) in zip(a.unicodeScalars, b.unicodeScalars) where x != y {
                let (px, py) = (isPunctuation(x), isPunctuation(y))
                return px != py ? px : x.value < y.value
            }
            return a.unicodeScalars.count < b.unicodeScalars.count
        }

        /// Not a letter, a mark or a digit: what file browsers sort before numbers and words.
        private static func isPunctuation(_ scalar: Unicode.Scalar?) -> Bool {
            guard let scalar else { return false }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
                return false
            default:
                return true
            }
        }
    }
}
