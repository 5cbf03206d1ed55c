import Foundation

/// URL slugs: lowercase ASCII letters, digits and single hyphens, from any file name.
public enum Slug {
    /// A name's letters and digits folded to ASCII (`Café` → `cafe`). Letters with no ASCII form
    /// (`イヌ`, `قطة`, `ø`) are not dropped silently: the slug ends with 8 hex digits of the name's
    /// SHA-256 (in NFC, as macOS and Linux may spell it differently), so `イヌ` and `ネコ` get
    /// slugs of their own that no other sticker's arrival changes. Positional `sticker`,
    /// `sticker-2` moved every later sticker's address when one was added before them. So does a
    /// name with nothing ASCII can hold (`🐶`, `★★`).
    public static func make(_ text: String, fallback: String = "sticker") -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var slug = ""
        var pendingHyphen = false
        var dropped = false
        for scalar in folded.unicodeScalars {
            if scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar)) {
                if pendingHyphen && !slug.isEmpty { slug.append("-") }
                pendingHyphen = false
                slug.unicodeScalars.append(scalar)
            } else {
                if Self.letterOrDigit.contains(scalar.properties.generalCategory) { dropped = true }
                pendingHyphen = true
            }
        }
        let base = slug.isEmpty ? fallback : slug.lowercased()
        // A name of emoji or symbols alone (`🐶`, `★`) folds to nothing: it gets the hash too,
        // or `🐶` moved from `sticker` to `sticker-2` when `🐱` was added. Symbols beside words
        // (`Sun ☀️`) leave the words, which say enough.
        guard dropped || (slug.isEmpty && !text.allSatisfy(\.isWhitespace)) else { return shortened(base) }
        let hash = Hex.string(SHA256.hash(data: Data(text.precomposedStringWithCanonicalMapping.utf8))).prefix(8)
        return shortened(String(base.prefix(maxBytes - 9))) + "-" + hash
    }

    /// What counts as a letter or digit that an ASCII slug cannot hold (not the marks and
    /// variation selectors that `CharacterSet.alphanumerics` also counts: "☀️" has nothing to lose).
    private static let letterOrDigit: Set<Unicode.GeneralCategory> = [
        .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber, .letterNumber, .otherNumber,
    ]

    /// The longest slug, in bytes. A slug names a folder and files (`<slug>-160w-poster.png`,
    /// `<slug>.zip`), and file systems refuse names over 255 bytes (NAME_MAX): 100 leaves room for
    /// every suffix and a `-2` counter, and keeps addresses readable.
    public static let maxBytes = 100

    /// A slug over `maxBytes` cut to fit, deterministically: its start, a hyphen and 8 hex digits
    /// of the whole slug's SHA-256, so two long names that share their start stay apart. Slugs are
    /// ASCII, so every byte boundary is a character boundary.
    static func shortened(_ slug: String) -> String {
        guard slug.utf8.count > maxBytes else { return slug }
        let hash = Hex.string(SHA256.hash(data: Data(slug.utf8))).prefix(8)
        var start = String(slug.prefix(maxBytes - 9))
        while start.hasSuffix("-") { start.removeLast() }
        return start + "-" + hash
    }

    /// Slugs for `names` in order, unique: a repeated slug gets `-2`, `-3`, ... and never takes
    /// one of `reserved`. A name that is a slug already (`happy-sun`) keeps it first: adding
    /// `HAPPY SUN!.png`, which sorts before it, moved the existing sticker's address to
    /// `happy-sun-2` (and an app's favourites keyed by it).
    public static func unique(_ names: [String], fallback: String = "sticker", reserved: Set<String> = []) -> [String] {
        var taken = reserved
        let bases = names.map { make($0, fallback: fallback) }
        var slugs = [String?](repeating: nil, count: names.count)
        for (index, name) in names.enumerated() where bases[index] == name && !taken.contains(name) {
            slugs[index] = name
            taken.insert(name)
        }
        return names.indices.map { index in
            if let slug = slugs[index] { return slug }
            let base = bases[index]
            var candidate = base
            var counter = 2
            while taken.contains(candidate) {
                candidate = "\(base)-\(counter)"
                counter += 1
            }
            taken.insert(candidate)
            return candidate
        }
    }
}
