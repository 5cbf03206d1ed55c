/// A pack's `background:`, the colour behind its art on the site's cards: a CSS hex colour
/// (`#fff`, `#f4efe6`), the one form that is safe to put in a style attribute as it is and that
/// every artist's tool shows.
enum CardColor {
    /// The colour in lower-case `#rrggbb`, or nil when `text` is not `#rgb` or `#rrggbb`.
    static func parse(_ text: String) -> String? {
        let scalars = Array(text.lowercased().unicodeScalars)
        guard scalars.first == "#", scalars.count == 4 || scalars.count == 7 else { return nil }
        let digits = scalars.dropFirst()
        guard digits.allSatisfy({ ("0"..."9").contains($0) || ("a"..."f").contains($0) }) else { return nil }
        let hex = digits.count == 3 ? digits.map { "\($0)\($0)" }.joined() : String(String.UnicodeScalarView(digits))
        return "#" + hex
    }
}
