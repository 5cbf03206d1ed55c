import Foundation

/// Relative links and images in Markdown (`![the grin](grin.png)`, `[cool](cool.md)`), which name
/// files of the content folder, pointed at where the site publishes what those files make: a
/// sticker's image → its published original, a sidecar → the sticker's page, `pack.md` or a pack
/// folder → the pack's page, `site.md` or the content folder → the home page (a translation file →
/// that page in its language).
///
/// Three steps, each knowing what the one before could not:
/// 1. Rendering (`Markdown.rendered(_:links:)`), per file: cmark-gfm's tree gives each link its
///    destination and line; a relative one is resolved against its file's folder into a path
///    inside the content folder (or found to leave it) and written in its place as a marker
///    (`%01…`, see `marker(for:image:line:folder:)`).
/// 2. The loaded catalog (`CatalogLinks`), once slugs are known: each marker's path is looked up
///    among what the site publishes and becomes a site marker (`%02p<page>`, `%02f<file>`, paths
///    from the site root); a link to nothing published is reported (`broken-link`) and becomes
///    its text, an image its alt text.
/// 3. A page (`placed(_:on:language:)`): each site marker becomes a link relative to that page,
///    to the page's language's version of a page. The same text shows on pages at different depths
///    and in every language, so only this step knows the final link.
///
/// The markers are Peel's own: cmark-gfm writes an `href` or `src` starting with `%01` or `%02`
/// only for a relative destination written so, and step 1 replaces every relative destination of
/// any text that can hold one (`mayHoldRelativeLink`). Absolute URLs (`https:`, `mailto:`), a
/// fragment or query alone (`#top`, `?q`) stay as written; cmark-gfm's safe mode still blanks
/// `javascript:` and the like.
enum MarkdownLinks {
    /// Where a Markdown text lives, for resolving its relative links: its file's folder relative
    /// to the content folder ("" at the top) and the file line its text starts on.
    struct Base: Sendable {
        let folder: String
        let firstLine: Int
        /// The file lines of each line of the text, where they are not consecutive from `firstLine`
        /// (a front matter value, see `ScalarLines`).
        let lines: [[ScalarLines.Segment]]?

        /// The folder of `file` (a path relative to the content folder).
        init(file: String, firstLine: Int, lines: [[ScalarLines.Segment]]? = nil) {
            folder = file.split(separator: "/").dropLast().joined(separator: "/")
            self.firstLine = lines?.first?.first?.line ?? firstLine
            self.lines = lines
        }

        /// The file line of the text's line `line` and byte column `column` (both from 1).
        func fileLine(_ line: Int, column: Int = 1) -> Int {
            guard let lines, !lines.isEmpty else { return firstLine + line - 1 }
            let segments = lines[min(max(0, line - 1), lines.count - 1)]
            // The file lines of a folded line are joined by one space each.
            var rest = column
            for segment in segments.dropLast() {
                if rest <= segment.length + 1 { return segment.line }
                rest -= segment.length + 1
            }
            return segments.last?.line ?? firstLine
        }
    }

    static let markerPrefix = "%01"
    static let sitePrefix = "%02"

    /// False when `markdown` cannot hold a link with a relative destination, which saves looking
    /// at its links at all (most descriptions have none): inline links and images need `](`,
    /// reference definitions `]:`, and autolinks always have a scheme.
    static func mayHoldRelativeLink(_ markdown: String) -> Bool {
        var markdown = markdown
        return markdown.withUTF8 { bytes in
            var index = 0
            while index + 1 < bytes.count {
                if bytes[index] == UInt8(ascii: "]"), bytes[index + 1] == UInt8(ascii: "(") || bytes[index + 1] == UInt8(ascii: ":") {
                    return true
                }
                index += 1
            }
            return false
        }
    }

    /// The path of a relative destination, percent-decoded, and what follows it (`?…`, `#…`);
    /// nil for an absolute URL (with a scheme, or `//host`), a fragment or query alone, or nothing.
    static func relativePath(of destination: String) -> (path: String, suffix: Substring)? {
        guard let first = destination.first, first != "#", first != "?", !destination.hasPrefix("//"), !hasScheme(destination) else {
            return nil
        }
        let end = destination.firstIndex { $0 == "?" || $0 == "#" } ?? destination.endIndex
        let written = destination[..<end]
        return (written.removingPercentEncoding ?? String(written), destination[end...])
    }

    /// True for the URLs cmark-gfm's safe mode blanks (`_scan_dangerous_url` in its inlines.c):
    /// `javascript:`, `vbscript:`, `file:`, and `data:` but for PNG, GIF, JPEG and WebP images.
    static func blankedBySafeMode(_ destination: String) -> Bool {
        let lower = destination.prefix(20).lowercased()
        if lower.hasPrefix("data:") {
            return !["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"].contains { lower.hasPrefix($0) }
        }
        return lower.hasPrefix("javascript:") || lower.hasPrefix("vbscript:") || lower.hasPrefix("file:")
    }

    /// A Windows path (`C:/Users/me/sun.png`, `d:\art\sun.png`, `C:sun.png`, `\\server\share\sun.png`):
    /// a drive letter and a colon (no URL scheme is one letter), or a network share. RFC 3986 would
    /// read the letter as a scheme, and publish a link to the artist's disk.
    static func isDrivePath(_ destination: String) -> Bool {
        let bytes = Array(destination.utf8.prefix(2))
        // A share's `\\server` reaches here as `\server` (Markdown reads `\\` as an escaped backslash).
        if bytes.first == UInt8(ascii: "\\") { return true }
        guard bytes.count == 2 else { return false }
        let letter = bytes[0] | 0x20
        return letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z") && bytes[1] == UInt8(ascii: ":")
    }

    /// RFC 3986's `scheme ":"` at the start: a letter, then letters, digits, `+`, `-` or `.`.
    private static func hasScheme(_ destination: String) -> Bool {
        for (offset, scalar) in destination.unicodeScalars.enumerated() {
            switch scalar {
            case "a"..."z", "A"..."Z": continue
            case "0"..."9", "+", "-", ".": if offset == 0 { return false }
            case ":": return offset > 0
            default: return false
            }
        }
        return false
    }

    /// `path` (relative to `folder`, or to the content folder when it starts with `/`) as a path
    /// relative to the content folder, `.` and `..` collapsed; "" is the content folder itself,
    /// nil a path that climbs out of it.
    static func resolve(_ path: String, in folder: String) -> String? {
        // The content folder stands for `/`: a `..` that would climb above it climbs out.
        ContentPath.normalized((path.hasPrefix("/") ? "" : "/" + folder + "/") + path).map { String($0.dropFirst()) }
    }

    /// Step 1: the marker that stands for `destination` (of an image, or a link) written on
    /// `line` of a file in `folder`, or nil when the destination is not relative.
    /// `%01` `a`|`i` line `:` resolved path (`!`: outside the content folder, `?`: a URL safe mode
    /// blanks) `:` destination as written.
    static func marker(for destination: String, image: Bool, line: Int, folder: String) -> String? {
        if blankedBySafeMode(destination) {
            // cmark-gfm would write `src=""` (invalid HTML, a broken image) or `href=""` (a link to
            // the page itself) without a word: step 2 reports it and shows the text instead.
            return "\(markerPrefix)\(image ? "i" : "a")\(line):?:\(encoded(destination))"
        }
        if isDrivePath(destination) { return "\(markerPrefix)\(image ? "i" : "a")\(line):!:\(encoded(destination))" }
        guard let (path, _) = relativePath(of: destination) else { return nil }
        let resolved = resolve(path, in: folder).map(encoded) ?? "!"
        return "\(markerPrefix)\(image ? "i" : "a")\(line):\(resolved):\(encoded(destination))"
    }

    /// A marker of step 1, read back.
    struct Marker {
        let image: Bool
        let line: Int
        /// The path relative to the content folder; nil when it leaves the content folder, or
        /// when the destination is no path but a URL safe mode blanks (`blanked`).
        let path: String?
        let blanked: Bool
        /// The destination as the text wrote it.
        let destination: String

        /// Reads what follows `%01` in an attribute (up to its closing quote).
        init?(_ text: Substring) {
            let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let kind = parts[0].first, kind == "a" || kind == "i", let line = Int(parts[0].dropFirst()),
                  let destination = parts[2].removingPercentEncoding else { return nil }
            image = kind == "i"
            self.line = line
            blanked = parts[1] == "?"
            path = parts[1] == "!" || blanked ? nil : parts[1].removingPercentEncoding
            self.destination = destination
        }
    }

    /// Percent-encodes every byte but ASCII letters, digits, `-._~/`, so a marker's parts hold no
    /// `:` and cmark-gfm writes them unchanged.
    static func encoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }

    /// `text` escaped for an `href` the way cmark-gfm escapes one: bytes outside its safe set
    /// percent-encoded, `&` and `'` as entities.
    static func hrefEscaped(_ text: Substring) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): result += "&amp;"
            case UInt8(ascii: "'"): result += "&#x27;"
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                if "-_.+!*(),%#@?=;:/$~".utf8.contains(byte) {
                    result.unicodeScalars.append(Unicode.Scalar(byte))
                } else {
                    result += String(format: "%%%02X", byte)
                }
            }
        }
        return result
    }

    /// Whether `html` holds `marker` (`markerPrefix` or `sitePrefix`): texts without one are left alone.
    static func holds(_ marker: String, in html: String) -> Bool {
        html.utf8.firstRange(of: marker.utf8) != nil
    }

    /// Step 3: `html` with each site marker made a link from `page` (a path from the site root);
    /// a page of the site goes to its version in `language` (nil: the default language, at the root).
    /// With `root` ("/stickers/"), links start from it instead: the 404 page, which a host shows
    /// at any depth, cannot link relatively.
    /// `stills`: by an original's site path, the still poster an image (`src`) of it shows instead
    /// (an animation that flashes past WCAG 2.3.1); a link to it still leads to the original.
    static func placed(_ html: String, on page: String, language: String?, root: String? = nil, stills: [String: String] = [:]) -> String {
        guard holds(sitePrefix, in: html) else { return html }
        let bytes = Array(html.utf8), opening = Array("=\"\(sitePrefix)".utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 64)
        var index = 0
        while index < bytes.count {
            // `="%02` and the kind, then the path up to `?`, `#` or the closing quote.
            guard starts(bytes, with: opening, at: index), index + opening.count < bytes.count,
                  let end = bytes[(index + opening.count)...].firstIndex(of: UInt8(ascii: "\"")) else {
                result.append(bytes[index])
                index += 1
                continue
            }
            let kind = bytes[index + opening.count]
            let value = bytes[(index + opening.count + 1)..<end]
            let pathEnd = value.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? end
            var target = String(decoding: bytes[value.startIndex..<pathEnd], as: UTF8.self)
            if kind == UInt8(ascii: "p"), let language { target = "\(language)/\(target)" }
            if kind == UInt8(ascii: "f"), let still = stills[target], index >= 3, bytes[(index - 3)..<index].elementsEqual("src".utf8) {
                target = still
            }
            let link = root.map { $0 + target } ?? SitePaths.link(to: target, from: page)
            result += Array("=\"".utf8) + Array(link.utf8) + bytes[pathEnd..<end]
            index = end
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether `bytes` holds `needle` at `index`.
    static func starts(_ bytes: [UInt8], with needle: [UInt8], at index: Int) -> Bool {
        index + needle.count <= bytes.count && bytes[index..<(index + needle.count)].elementsEqual(needle)
    }
}

/// Step 2 of `MarkdownLinks`: what each file of the content folder a link may name is published
/// as, and the rewriting of a loaded catalog's texts with it.
struct CatalogLinks {
    enum Target: Equatable {
        /// A sticker's published original, by its path from the site root.
        case image(String)
        /// A page, by its path in the default language's site: each language's pages link to their own.
        case page(String)
        /// A page in one language (what a translation file makes), by its path from the site root.
        case languagePage(String)

        var isImage: Bool {
            if case .image = self { true } else { false }
        }
    }

    private var targets: [String: Target] = [:]
    /// Each sticker's still poster, by its source: published beside an animated sticker's original.
    private var posters: [String: String] = [:]
    /// Each sticker by its source, and its pack's source language, for its label where prose shows
    /// it without alt text.
    private var stickers: [String: (sticker: Sticker, language: String)] = [:]
    /// The content folder, to tell a missing file from one the site does not publish.
    private let content: ContentPath?
    /// Each target's path by its lowercased form, to name the file a path meant in another case.
    private let folded: [String: String]

    /// `siteFile`: whether the content folder has a site.md.
    init(catalog: Catalog, content: ContentPath?, siteFile: Bool) {
        self.content = content
        targets[""] = .page(SitePaths.home)
        if siteFile { targets["site.md"] = .page(SitePaths.home) }
        // The default language's pages are at the site's root: a pack in another language has its
        // default-language texts in translation files (`moon.en.md`), and links to them lead there.
        let rootLanguage = catalog.site.defaultLanguage
        func languagePage(_ language: String, _ page: String) -> Target {
            .languagePage(language == rootLanguage ? page : "\(language)/\(page)")
        }
        for (language, translation) in catalog.site.translations {
            targets[translation.file] = languagePage(language, SitePaths.home)
        }
        for pack in catalog.packs {
            let page = SitePaths.packPage(pack)
            targets[pack.folder] = .page(page)
            if let manifest = pack.manifest { targets[manifest] = .page(page) }
            for (language, translation) in pack.translations { targets[translation.file] = languagePage(language, page) }
            for sticker in pack.stickers {
                targets[sticker.source] = .image(SitePaths.original(pack, sticker))
                posters[sticker.source] = SitePaths.poster(pack, sticker)
                stickers[sticker.source] = (sticker, catalog.site.sourceLanguage(of: pack))
                // A composed sticker's "sidecar" is its pack.md.
                guard sticker.composition == nil else { continue }
                let page = SitePaths.stickerPage(pack, sticker)
                if let sidecar = sticker.sidecar { targets[sidecar] = .page(page) }
                for (language, translation) in sticker.translations { targets[translation.file] = languagePage(language, page) }
            }
        }
        folded = Dictionary(targets.keys.map { ($0.lowercased(), $0) }, uniquingKeysWith: min)
    }

    /// Rewrites the relative links of every text of `catalog` (see `MarkdownLinks`); returns the
    /// links that lead nowhere. A catalog without any is only looked through.
    static func rewrite(_ catalog: inout Catalog, content: ContentPath?, siteFile: Bool) -> [Finding] {
        let site = catalog.site
        let texts = [site.introHTML, site.footerHTML] + site.translations.values.flatMap { [$0.introHTML, $0.footerHTML ?? ""] }
        let any = texts.contains(where: holdsMarker) || catalog.packs.contains { pack in
            Self.holdsMarker(pack.descriptionHTML) || pack.translations.values.contains { Self.holdsMarker($0.descriptionHTML) }
                || pack.stickers.contains(where: holdsMarker)
        }
        guard any else { return [] }
        return CatalogLinks(catalog: catalog, content: content, siteFile: siteFile).rewrite(&catalog)
    }

    /// Rewrites the links of every text of `catalog`; returns the links that lead nowhere.
    func rewrite(_ catalog: inout Catalog) -> [Finding] {
        var findings: [Finding] = []
        var site = catalog.site
        site.introHTML = rewrite(site.introHTML, file: "site.md", textLanguage: site.defaultLanguage, findings: &findings)
        site.footerHTML = rewrite(site.footerHTML, file: "site.md", textLanguage: site.defaultLanguage, findings: &findings)
        for (language, translation) in site.translations where Self.holdsMarker(translation.introHTML) || Self.holdsMarker(translation.footerHTML ?? "") {
            var translation = translation
            translation.introHTML = rewrite(translation.introHTML, file: translation.file, language: language, textLanguage: language, findings: &findings)
            translation.footerHTML = translation.footerHTML.map { rewrite($0, file: translation.file, language: language, textLanguage: language, findings: &findings) }
            site.translations[language] = translation
        }
        catalog.site = site
        for packIndex in catalog.packs.indices {
            var pack = catalog.packs[packIndex]
            let packLanguage = catalog.site.sourceLanguage(of: pack)
            var changed = false
            if Self.holdsMarker(pack.descriptionHTML), let manifest = pack.manifest {
                pack.descriptionHTML = rewrite(pack.descriptionHTML, file: manifest, textLanguage: packLanguage, findings: &findings)
                changed = true
            }
            for (language, translation) in pack.translations where Self.holdsMarker(translation.descriptionHTML) {
                pack.translations[language]?.descriptionHTML = rewrite(translation.descriptionHTML, file: translation.file,
                                                                       language: language, textLanguage: language, findings: &findings)
                changed = true
            }
            if changed { catalog.packs[packIndex] = pack }
            for stickerIndex in catalog.packs[packIndex].stickers.indices {
                let sticker = catalog.packs[packIndex].stickers[stickerIndex]
                guard let rewritten = rewrite(sticker, language: packLanguage, findings: &findings) else { continue }
                catalog.packs[packIndex].stickers[stickerIndex] = rewritten
            }
        }
        return findings
    }

    /// `sticker` (of a pack in `language`) with the links of its description and its translations'
    /// rewritten; nil when it has none.
    func rewrite(_ sticker: Sticker, language sourceLanguage: String, findings: inout [Finding]) -> Sticker? {
        var sticker = sticker
        var changed = false
        if let sidecar = sticker.sidecar, Self.holdsMarker(sticker.descriptionHTML) {
            sticker.descriptionHTML = rewrite(sticker.descriptionHTML, file: sidecar, sticker: sticker.source, textLanguage: sourceLanguage, findings: &findings)
            changed = true
        }
        for (language, translation) in sticker.translations where Self.holdsMarker(translation.descriptionHTML) {
            var translation = translation
            translation.descriptionHTML = rewrite(translation.descriptionHTML, file: translation.file, sticker: sticker.source,
                                                  language: language, textLanguage: language, findings: &findings)
            sticker.translations[language] = translation
            changed = true
        }
        return changed ? sticker : nil
    }

    /// Whether `sticker`'s description or a translation's holds a link to rewrite.
    static func holdsMarker(_ sticker: Sticker) -> Bool {
        holdsMarker(sticker.descriptionHTML) || sticker.translations.contains { holdsMarker($0.value.descriptionHTML) }
    }

    private static func holdsMarker(_ html: String) -> Bool {
        !html.isEmpty && MarkdownLinks.holds(MarkdownLinks.markerPrefix, in: html)
    }

    /// What a link or image of `html` (written in `file`) leads to: each of step 1's markers
    /// becomes a site marker, or, when it leads to nothing the site publishes, a finding, and the
    /// link its text (the image its alt text). The HTML is cmark-gfm's, read byte by byte: its
    /// attributes are escaped, so the first `"` ends a value and the first `>` a tag.
    /// `textLanguage`: the language the text is written in, for the labels of stickers it shows.
    func rewrite(_ html: String, file: String, sticker: String? = nil, language: String? = nil, textLanguage: String,
                 findings: inout [Finding]) -> String {
        guard Self.holdsMarker(html) else { return html }
        let bytes = Array(html.utf8)
        let linkOpening = Array("<a href=\"".utf8), imageOpening = Array("<img src=\"".utf8), closing = Array("</a>".utf8)
        let prefix = Array(MarkdownLinks.markerPrefix.utf8), alt = Array(" alt=\"".utf8)
        let quote = UInt8(ascii: "\""), tagEnd = UInt8(ascii: ">")
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        // A broken link's `<a>` is left out, and so its `</a>` (links do not nest in Markdown).
        var closingsToDrop = 0
        while index < bytes.count {
            if closingsToDrop > 0, MarkdownLinks.starts(bytes, with: closing, at: index) {
                closingsToDrop -= 1
                index += closing.count
                continue
            }
            let isLink = MarkdownLinks.starts(bytes, with: linkOpening + prefix, at: index)
            let opening = isLink ? linkOpening : imageOpening
            let valueStart = index + opening.count
            guard isLink || MarkdownLinks.starts(bytes, with: imageOpening + prefix, at: index),
                  let valueEnd = bytes[valueStart...].firstIndex(of: quote), let end = bytes[valueEnd...].firstIndex(of: tagEnd),
                  let marker = MarkdownLinks.Marker(String(decoding: bytes[(valueStart + prefix.count)..<valueEnd], as: UTF8.self)[...])
            else {
                result.append(bytes[index])
                index += 1
                continue
            }
            switch resolve(marker) {
            case .success(let target):
                let suffix = MarkdownLinks.relativePath(of: marker.destination).map { MarkdownLinks.hrefEscaped($0.suffix) } ?? ""
                let value = switch target {
                case .image(let path), .languagePage(let path): "\(MarkdownLinks.sitePrefix)f\(path)\(suffix)"
                case .page(let path): "\(MarkdownLinks.sitePrefix)p\(path)\(suffix)"
                }
                // The tag's rest: `" alt="…" />`, where a sticker shown without alt text (`![](moon.png)`)
                // gets its label, which VoiceOver reads (`alt=""` hid it as decoration).
                var tail = Array(bytes[valueEnd...end])
                let emptyAlt = Array("\" alt=\"\"".utf8)
                if !isLink, let source = marker.path, let label = label(of: source, in: textLanguage),
                   MarkdownLinks.starts(tail, with: emptyAlt, at: 0) {
                    // A label in another language than the text's says which (`lang`), as the pages'
                    // fallback texts do, so a screen reader pronounces it right.
                    let lang = label.language == textLanguage ? "" : " lang=\"\(HTMLText.escape(label.language))\""
                    tail.replaceSubrange(0..<emptyAlt.count, with: Array("\" alt=\"\(HTMLText.escape(label.text))\"\(lang)".utf8))
                }
                if !isLink, let source = marker.path, let poster = posters[source], isAnimated(source) {
                    // An animated sticker in prose gets the theme's reduced-motion poster source, so
                    // it stops where the theme's own images stop, with or without script.
                    result += Array("<picture><source media=\"(prefers-reduced-motion: reduce)\" srcset=\"\(MarkdownLinks.sitePrefix)f\(poster)\">".utf8)
                    result += opening + Array(value.utf8) + tail + Array("</picture>".utf8)
                } else {
                    result += opening + Array(value.utf8) + tail
                }
                index = end + 1
            case .failure(let problem):
                let what = marker.image ? "image" : "link"
                let instead = marker.image ? "its alt text is shown instead" : "its text is shown without the link"
                findings.append(Finding(.warning, .brokenLink, file: file, line: marker.line,
                                        message: "\(what) '\(marker.destination)' \(problem.words); \(instead)",
                                        sticker: sticker, language: language))
                if isLink {
                    closingsToDrop += 1
                } else if MarkdownLinks.starts(bytes, with: alt, at: valueEnd + 1),
                          let altEnd = bytes[(valueEnd + 1 + alt.count)...].firstIndex(of: quote) {
                    // The alt text is escaped as an attribute, which is as safe in text.
                    result += bytes[(valueEnd + 1 + alt.count)..<altEnd]
                }
                index = end + 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    struct Problem: Error {
        let words: String
    }

    /// Whether the sticker image at `source` is an animation (an APNG's acTL of two frames or more,
    /// a GIF's second frame), read for the few images prose shows.
    private func isAnimated(_ source: String) -> Bool {
        guard let content, let data = try? ContentFile.read(content.url(source)) else { return false }
        if let animation = PNGChunks.animation(in: data) { return animation.frameCount > 1 }
        guard data.starts(with: Array("GIF8".utf8)) else { return false }
        return ((try? GIFHeader([UInt8](data)))?.frameCount ?? 0) > 1
    }

    /// The label of the sticker whose image is `source`: in `language` where it has one there, else
    /// in its pack's source language; nil when it has none.
    private func label(of source: String, in language: String) -> (text: String, language: String)? {
        guard let (sticker, sourceLanguage) = stickers[source] else { return nil }
        func usable(_ text: String?) -> String? { text.flatMap { $0.trimmed.isEmpty ? nil : $0 } }
        if language != sourceLanguage, let translated = usable(sticker.translations[language]?.alt) { return (translated, language) }
        return usable(sticker.alt).map { ($0, sourceLanguage) }
    }

    /// The file `marker` names when its `#` (read as the start of a fragment) is part of the file's
    /// name (`café #1.png`), nil when there is no such file.
    private func hashInName(_ marker: MarkdownLinks.Marker, path: String) -> String? {
        guard let content, let suffix = MarkdownLinks.relativePath(of: marker.destination)?.suffix, suffix.hasPrefix("#") else { return nil }
        let whole = path + (String(suffix).removingPercentEncoding ?? String(suffix))
        guard !whole.contains("\0"), FileManager.default.fileExists(atPath: content.url(whole).path) else { return nil }
        return whole
    }

    /// What `marker` leads to, or why it leads nowhere.
    func resolve(_ marker: MarkdownLinks.Marker) -> Result<Target, Problem> {
        if marker.blanked {
            let scheme = marker.destination.prefix { $0 != ":" }.lowercased()
            return .failure(Problem(words: "is a \(scheme): URL, which pages never link to (Markdown runs in safe mode)"))
        }
        guard let path = marker.path else {
            if MarkdownLinks.isDrivePath(marker.destination) {
                return .failure(Problem(words: "is a path on one computer's disk, which no visitor can open; put the file in the content folder and link to it relatively"))
            }
            return .failure(Problem(words: "leads outside the content folder"))
        }
        let shown = path.isEmpty ? "the content folder" : path
        guard let target = targets[path] else {
            let exists = !path.contains("\0") && content.map { FileManager.default.fileExists(atPath: $0.url(path).path) } == true
            if !exists, let whole = hashInName(marker, path: path) {
                return .failure(Problem(words: "points at \(shown) (what comes before its '#'), which does not exist; \(whole) does: write '#' in a file name as %23"))
            }
            if !exists, let slashed = PathLookalike.slashed(marker.destination) {
                return .failure(Problem(words: "points at \(shown), which does not exist" + PathLookalike.slashAdvice(slashed)))
            }
            if !exists, let twin = folded[path.lowercased()], twin != path {
                return .failure(Problem(words: "points at \(shown), which does not exist"
                    + PathLookalike.caseAdvice(twin: twin, write: PathLookalike.destination(marker.destination, spelling: twin))))
            }
            return .failure(Problem(words: exists
                ? "points at \(shown), which the site does not publish (link to a sticker's image or sidecar, a pack.md or pack folder, or site.md)"
                : "points at \(shown), which does not exist"))
        }
        if marker.image, !target.isImage {
            return .failure(Problem(words: "points at \(shown), which makes a page, not an image (an image shows a sticker's image file)"))
        }
        return .success(target)
    }
}
