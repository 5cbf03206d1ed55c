import Foundation

/// Reads a content folder into a `Catalog`: site.md, one pack per folder, one sticker per image,
/// each with its sidecar. Every problem becomes a finding; only a missing content folder throws.
public struct CatalogLoader {
    public let contentFolder: URL
    /// Slugs a pack must not take, because the site's own folders use them (`assets/`, `review/`).
    public static let reservedSlugs: Set<String> = [SitePaths.assets, SitePaths.review]

    /// What holds the site folder `slug`, in words, when a pack may not have it: a language's
    /// pages, or Peel's own folder; nil when it is free.
    static func reservedSlugOwner(_ slug: String, languages: [String]) -> String? {
        if let language = languages.first(where: { languageFolderNames($0).contains(slug) }) {
            return "the \(LanguageName.of(language)) pages (languages: in site.md)"
        }
        return reservedSlugs.contains(slug) ? "Peel's own \(slug == SitePaths.assets ? "styles and scripts" : "label review")" : nil
    }

    /// The site folder names a language's pages take (`fr/`), so no pack may: its tag as written,
    /// lowercased, and as a slug.
    static func languageFolderNames(_ language: String) -> [String] {
        [language, language.lowercased(), Slug.make(language, fallback: "pack")]
    }

    /// Where the stickers of parts packs are composed into (derived files, never the content
    /// folder): by default `.peel-cache/parts/` beside the content folder, shared by every command,
    /// each composite named by its layers' content hashes.
    public var partsFolder: URL
    /// The parts folder is the default one, which moves to the temporary folder when it cannot be
    /// made beside the content (`FallbackCacheFolder`); a folder given is used as it is.
    private(set) var choosesPartsFolder = false

    /// The parts folder's name in `.peel-cache/`.
    static let partsFolderName = "parts"

    public init(contentFolder: URL, partsFolder: URL? = nil) {
        self.contentFolder = contentFolder
        self.partsFolder = partsFolder ?? contentFolder.standardizedFileURL.deletingLastPathComponent()
            .appendingPathComponent(".peel-cache").appendingPathComponent(Self.partsFolderName)
        self.choosesPartsFolder = partsFolder == nil
    }

    public func load() throws -> (Catalog, [Finding]) {
        guard isDirectory(contentFolder) else {
            throw PeelError.contentFolderMissing(path: contentFolder.path)
        }
        let content = ContentPath(root: contentFolder)
        var findings: [Finding] = []

        var site = SiteInfo()
        var topLevel = try listing(content.root, folder: "", findings: &findings)
        if topLevel.contains("site.md") {
            site = readSite(content: content, findings: &findings)
        }
        // What exclude: names is no part of the catalog: not read, not reported.
        if !site.excluded.isEmpty {
            topLevel.removeAll { site.excluded.contains($0) }
            findings.removeAll { finding in finding.file != "site.md" && site.excluded.contains(String(finding.file.split(separator: "/").first ?? "")) }
        }
        let translationFiles = topLevel.filter { TranslationFileName($0)?.stem == "site" }
        site.translations = Self.readTranslations(translationFiles, source: topLevel.contains("site.md") ? "site.md" : nil,
                                             sourceLanguage: site.defaultLanguage, folder: nil, site: site, findings: &findings) { path, language in
            Self.readSiteTranslation(path, language: language, content: content)
        }

        var packs: [Pack] = []
        for name in topLevel where Self.isMangled(name) { findings.append(Self.mangledNameFinding(name)) }
        let folders = topLevel.filter { name in
            !IgnoredName.matches(folder: name) && isDirectory(content.url(name)) && !Self.isLeftoverFolder(content.url(name))
        }
        // Each other language's pages live in a folder named by its tag (`fr/`), so no pack may take it.
        let languageFolders = site.otherLanguages.flatMap(Self.languageFolderNames)
        let slugs = Slug.unique(folders, fallback: "pack", reserved: Self.reservedSlugs.union(languageFolders))
        for (folder, slug) in zip(folders, slugs) {
            // A pack whose own address is a language's folder (`ar/` of augmented-reality
            // stickers, once Arabic is added) or Peel's moved without a word, links and all.
            let plain = Slug.make(folder, fallback: "pack")
            if slug != plain, let holder = Self.reservedSlugOwner(plain, languages: site.otherLanguages) {
                findings.append(Finding(.warning, .nameClash, file: folder,
                                        message: "pack folder '\(folder)' is published at \(slug)/, not \(plain)/, which holds \(holder); rename the folder so its address does not move"))
            }
            if content.relative(content.url(folder)) == nil {
                findings.append(Finding(.error, .pathOutsideContent, file: folder,
                                        message: "pack folder is a symlink that leads outside the content folder; it is skipped"))
                continue
            }
            packs.append(readPack(folder: folder, slug: slug, site: site, content: content, findings: &findings))
        }
        // An image at the top is no sticker; one a pack's icon: or tray: uses is in its place there.
        let art = Set(packs.flatMap { [$0.icon, $0.tray].compactMap { $0 } })
        // So is a folder without pack.md that holds only such art (`art/icon.png`, named as
        // `icon: ../art/icon.png`): it became a pack of its icons, "add a pack.md", a card on the
        // home page, and `peel export xcode` refused the whole catalog.
        let artFolders = Set(packs.filter { pack in
            guard pack.manifest == nil,
                  let names = try? FolderListing.names(atPath: content.url(pack.folder).path).filter({ !IgnoredName.matches($0) }),
                  !names.isEmpty else { return false }
            return names.allSatisfy { art.contains("\(pack.folder)/\($0)") }
        }.map(\.folder))
        if !artFolders.isEmpty {
            packs.removeAll { artFolders.contains($0.folder) }
            findings.removeAll { finding in artFolders.contains { finding.file == $0 || finding.file.hasPrefix($0 + "/") } }
        }
        for name in topLevel where !IgnoredName.matches(name) && name != "site.md"
            && !folders.contains(name) && !art.contains(name) {
            if StickerFileKind(fileName: name) == .sticker || StickerFileKind(fileName: name) == .unsupportedImage {
                findings.append(Finding(.warning, .ignoredFile, file: name,
                                        message: "images at the top of the content folder are ignored; move it into a pack folder (or name it in a pack's icon: or tray:)"))
            } else if let finding = Self.misnamedSettings(name, path: name, settings: "site.md", present: topLevel.contains("site.md"), what: "the site's")
                        ?? Self.savedAsTextFinding(name, path: name) {
                findings.append(finding)
            }
        }
        // By folder name as a file browser shows them: by slug, folders named in Japanese,
        // Cyrillic or emoji (slugged `pack-<hash>`) came out in the hash's order.
        packs = packs.map { ($0, $0.order ?? Int.max, NameOrder.NaturalKey($0.folder, isFolder: true)) }.sorted { ($0.1, $0.2) < ($1.1, $1.2) }.map(\.0)
        var catalog = Catalog(site: site, packs: packs)
        // Every slug is known now, so the texts' relative links can point at the pages they name.
        findings += CatalogLinks.rewrite(&catalog, content: content, siteFile: topLevel.contains("site.md"))
        findings.sort()
        return (catalog, findings)
    }

    /// A warning for `Site.md`, `site.MD` or `site.markdown` (`settings` is "site.md" or
    /// "pack.md"): only the exact name is read, so on Linux and in CI the settings were silently
    /// lost (a Mac's disk, which ignores case, found `Site.md`). Nil for any other name.
    static func misnamedSettings(_ name: String, path: String, settings: String, present: Bool, what: String) -> Finding? {
        let lower = name.lowercased(), stem = String(settings.dropLast(3))
        // Its translations too: `Site.fr.md` lost the French title and intro without a word.
        let translation = lower.hasPrefix(stem + ".") && lower.hasSuffix(".md") && lower.split(separator: ".").count == 3
            && !name.hasPrefix(stem + ".")
        guard name != settings, lower == settings || translation || ["\(stem).markdown", "\(stem).mdown", "\(stem).mkd"].contains(lower) else { return nil }
        let wanted = translation ? lower : settings
        let fix = present && !translation ? "\(settings) is read and this file is not; merge it into \(settings) and remove it"
                                          : "rename it to \(wanted)"
        return Finding(.warning, .ignoredFile, file: path,
                       message: "\(what) \(translation ? "translations" : "settings") are read from '\(translation ? stem + ".<language>.md" : settings)' only (lower case, .md), so this file is not read; \(fix)")
    }

    /// A name that is not UTF-8 (Latin-1 from an old zip or a Windows share) reaches Swift with
    /// U+FFFD in place of its bytes, and no file has that name: it was "no such file or folder"
    /// for a file `ls` shows, and a pack folder so named was skipped in silence.
    static func isMangled(_ name: String) -> Bool {
        name.unicodeScalars.contains("\u{FFFD}")
    }

    static func mangledNameFinding(_ path: String) -> Finding {
        Finding(.error, .unreadableFile, file: path,
                message: "the name is not UTF-8 text (from an old zip or a Windows share?), so Peel cannot open it; rename it (convmv -f latin1 -t utf8 --notest does)")
    }

    // MARK: - Helpers

    /// The body of `file` as HTML; a table too large to render gives a finding on its line.
    static func markdownHTML(of file: MarkdownFile, sticker: String?, findings: inout [Finding]) -> String {
        markdownHTML(file.frontMatter.body, file: file.path, firstLine: file.frontMatter.bodyLine, sticker: sticker, findings: &findings)
    }

    /// A folder without pack.md that holds nothing but names Peel skips (`.DS_Store`, `Thumbs.db`,
    /// `sun.md~`), or nothing: what `git checkout` leaves of a pack another branch does not have
    /// (Git keeps a folder that holds an untracked file). It is no pack: reading it as one said
    /// "add pack.md", which would bring the deleted pack back.
    /// Sub-folders count as such leftovers when they are (a parts pack's `base/`, `scoops/`), to a depth of four.
    static func isLeftoverFolder(_ url: URL, depth: Int = 0) -> Bool {
        guard depth < 4, !FileManager.default.fileExists(atPath: url.appendingPathComponent("pack.md").path),
              let names = try? FolderListing.names(atPath: url.path) else { return false }
        // A file that is not skipped cannot be listed as a folder: it makes the folder a pack.
        return names.allSatisfy { name in
            let child = url.appendingPathComponent(name)
            return IgnoredName.matches(name, in: url) || !SafeFile.isSymlink(child.path) && isLeftoverFolder(child, depth: depth + 1)
        }
    }

    /// `markdown`, which starts at line `firstLine` of `file`, as HTML (see `Markdown.rendered`);
    /// its relative links are markers until `CatalogLinks` rewrites the loaded catalog.
    /// `lines`: the file line of each of its lines, when they are not consecutive (`ScalarLines`).
    static func markdownHTML(_ markdown: String, file: String, firstLine: Int, lines: [[ScalarLines.Segment]]? = nil, sticker: String?,
                             headingIDPrefix: String = "", findings: inout [Finding]) -> String {
        let base = MarkdownLinks.Base(file: file, firstLine: firstLine, lines: lines)
        let rendering = Markdown.rendered(markdown, links: base, headingIDPrefix: headingIDPrefix)
        let (html, excess, rawHTML, bracketsAsText) = (rendering.html, rendering.oversizedTable, rendering.rawHTML, rendering.bracketsAsText)
        if let made = rendering.plainBecauseOf {
            findings.append(Finding(.warning, .markdownTooDeep, file: file, line: base.fileLine(1),
                                    message: "the text would make \(made) bytes of HTML from \(markdown.utf8.count) of Markdown (block quotes or lists nested hundreds deep?); "
                                        + "Peel shows it as written, without formatting. Nest less deeply",
                                    sticker: sticker))
        }
        if let bracketsAsText {
            findings.append(Finding(.warning, .markdownTooManyBrackets, file: file, line: base.fileLine(1),
                                    message: "the text holds \(bracketsAsText) [, more than the \(Markdown.maxBrackets) whose links cmark-gfm 0.29 renders quickly (it takes quadratic time on them); "
                                        + "Peel shows every [ as text, with no links or images. Shorten the text",
                                    sticker: sticker))
        }
        if let first = rawHTML.first {
            let shown = first.text.count > 40 ? first.text.prefix(40) + "…" : Substring(first.text)
            let more = rawHTML.count > 1 ? " (and \(rawHTML.count - 1) more)" : ""
            // What is lost and what Markdown has instead depend on where the HTML stands: a block
            // loses its words; a tag in a line loses only itself; a table cell is one line, so
            // neither a blank line nor a line-end backslash can break it.
            let loss = first.isBlock ? "is dropped, with the words inside it" : "is dropped (the words around it stay)"
            let fix = first.inTableCell && first.text.lowercased().hasPrefix("<br")
                ? "a table cell holds one line in Markdown, so nothing breaks it: split its lines into rows of their own, or write them below the table"
                : first.isBlock ? "write it in Markdown (a blank line for a new paragraph, two spaces or a backslash at a line's end for a line break)"
                : "write it in Markdown (**bold**, *italic*, a backslash at a line's end for a line break)"
            findings.append(Finding(.warning, .rawHTML, file: file, line: base.fileLine(first.line, column: first.column),
                                    message: "raw HTML is not shown: Peel renders Markdown in safe mode, so '\(shown)'\(more) \(loss); \(fix)",
                                    sticker: sticker))
        }
        for unlinked in rendering.unlinked {
            findings.append(Finding(.warning, .brokenLink, file: file, line: base.fileLine(unlinked.line, column: unlinked.column),
                                    message: "'\(unlinked.written)' is no link: a link's address ends at its first space, so the page shows it as "
                                        + "written; write \(unlinked.encodedDestination) or <\(unlinked.destination)>",
                                    sticker: sticker))
        }
        if let excess {
            findings.append(Finding(.warning, .markdownTableTooLarge, file: file, line: base.fileLine(excess.line),
                                    message: "\(excess.problem); Peel renders the file without tables, as the text was written, "
                                        + "because larger tables take cmark-gfm 0.29 quadratic time. Split the table or link to a spreadsheet",
                                    sticker: sticker))
        }
        return html
    }

    /// `ignore: [code, ...]`: finding codes to silence; unknown codes are reported.
    static func ignoreList(_ reader: inout FrontMatterReader) -> Set<String> {
        guard let codes = reader.strings("ignore") else { return [] }
        let known = FindingCode.allCases.map(\.rawValue)
        var result = Set<String>()
        for code in codes {
            if known.contains(code) {
                result.insert(code)
            } else {
                let hint = Suggestion.closest(to: code, in: known).map { "; did you mean '\($0)'?" } ?? "; see the README for the list"
                reader.report(.warning, .invalidValue, key: "ignore", "'\(code)' is not a finding code\(hint)")
            }
        }
        return result
    }

    /// "happy_sun-2" -> "Happy sun 2": a readable default title from a file name.
    static func title(fromStem stem: String) -> String {
        // Underscores, hyphens and any white space or control character (a tab in a file name
        // went into the title, which was then reported) separate words.
        let words = stem.split { $0 == "_" || $0 == "-" || $0.isWhitespace || $0.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control } }
            .joined(separator: " ")
        guard let first = words.first else { return stem.precomposedStringWithCanonicalMapping }
        // In NFC: a name copied from a Mac is decomposed (NFD), and its title went into the pages
        // and catalog.json so, where a search or a diff of the same words typed finds nothing.
        return (first.uppercased() + words.dropFirst()).precomposedStringWithCanonicalMapping
    }

    /// Directory entries in `NameOrder`, so every machine sees the same order, without
    /// a name that is another's in another Unicode form (`NameClashes`, which says so).
    /// `excluded`: paths site.md's `exclude:` names, left out before anything is said about them.
    func listing(_ url: URL, folder: String, excluded: ExcludedPaths = ExcludedPaths(), findings: inout [Finding]) throws -> [String] {
        do {
            var names = try FolderListing.names(atPath: url.path)
            if !excluded.isEmpty { names.removeAll { excluded.contains(folder.isEmpty ? $0 : "\(folder)/\($0)") } }
            let separated = NameClashes.separate(NameOrder.sorted(names), in: folder)
            findings += separated.findings
            findings += separated.kept.compactMap { PortableName.finding($0, in: folder) }
            return separated.kept
        } catch {
            throw PeelError.unreadable(path: url.path, reason: SystemErrorText.describe(errno: error.errno))
        }
    }

    func isDirectory(_ url: URL) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &flag) && flag.boolValue
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
