import Foundation

/// A content folder whose every text field and file name carries a payload for some output
/// context: HTML markup and script, quotes for attributes and JSON, `</script>` for script blocks,
/// spreadsheet formulas for CSV, `,` `:` `%` for GitHub annotations. Every output must carry each
/// payload as exactly this text, escaped for its context.
enum HostileCatalog {
    static let siteTitle = "Site </title><script>alert('site')</script> & \"co\""
    static let siteDescription = "\"><img src=x onerror=alert(1)> \\u003c/script\\u003e"
    static let packTitle = "Pack </script><script>alert('pack')</script>"
    static let author = "=HYPERLINK(\"http://evil.example\",\"click\")"
    static let license = "@SUM(1+1)*cmd|' /C calc'!A0"
    static let packFolder = "pack <b>,:%20 \"q\""
    static let stickerFile = "sticker <script>,a:b%41 \"x\".png"
    static let stickerTitle = "-2+3 <svg onload=alert(1)>"
    static let alt = "+cmd|' /C calc'!A0 \"quoted\" <img src=x onerror=alert('alt')>"
    static let tags = ["tab\tinside", "=1+1", "</script>", "\"'><b>", "\\\"backslash"]
    static let unlabelledFile = "=cmd|'calc'!A1,:%.png"

    /// The YAML double-quoted form of `text`.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\t", with: "\\t") + "\""
    }

    /// Writes the catalog into `folder/content` and returns the content folder.
    static func write(in folder: TemporaryFolder) throws -> URL {
        try folder.write("---\ntitle: \(quoted(siteTitle))\ndescription: \(quoted(siteDescription))\n---\nIntro\n", to: "content/site.md")
        try folder.write("---\ntitle: \(quoted(packTitle))\nauthor: \(quoted(author))\nlicense: \(quoted(license))\nsize: small\n---\n",
                         to: "content/\(packFolder)/pack.md")
        let art = Fixtures.catalog.appendingPathComponent("pets/cat.png")
        try folder.copy(art, to: "content/\(packFolder)/\(stickerFile)")
        let stem = (stickerFile as NSString).deletingPathExtension
        try folder.write("---\nalt: \(quoted(alt))\ntitle: \(quoted(stickerTitle))\ntags: [\(tags.map(quoted).joined(separator: ", "))]\n---\n",
                         to: "content/\(packFolder)/\(stem).md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "content/\(packFolder)/\(unlabelledFile)")
        return folder.url.appendingPathComponent("content")
    }
}
