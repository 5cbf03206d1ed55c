import Foundation

/// URL slugs: lowercase ASCII letters, digits and single hyphens, from any file name.
public enum Slug {
    public static func make(_ text: String, fallback: String = "sticker") -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var slug = ""
        var pendingHyphen = false
        for scalar in folded.unicodeScalars {
            if scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar)) {
                if pendingHyphen && !slug.isEmpty { slug.append("-") }
                pendingHyphen = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingHyphen = true
            }
        }
        return slug.isEmpty ? fallback : slug.lowercased()
    }

    /// Slugs for `names` in order, unique: a repeated slug gets `-2`, `-3`, ... and never takes
    /// one of `reserved`.
    public static func unique(_ names: [String], fallback: String = "sticker", reserved: Set<String> = []) -> [String] {
        var taken = reserved
        return names.map { name in
            let base = make(name, fallback: fallback)
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
