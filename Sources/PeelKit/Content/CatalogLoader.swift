import Foundation

/// Reads a content folder into a `Catalog`: site.md, one pack per folder, one sticker per image,
/// each with its sidecar. Every problem becomes a finding; only a missing content folder throws.
public struct CatalogLoader {
    public let contentFolder: URL
    /// Slugs a pack must not take, because the site's own folders use them (`assets/`, `review/`).
    public static let reservedSlugs: Set<String> = [SitePaths.assets, SitePaths.review]

    /// Where the stickers of parts packs are composed into (derived files, never the content
    /// folder): by default `.peel-cache/parts/` beside the content folder, shared by every command,
    /// each composite named by its layers' content hashes.
    public var partsFolder: URL
    /// The parts folder is the default one, which moves to the temporary folder when it cannot be
    /// made beside the content (`FallbackCacheFolder`); a folder given is used as it is.
    private var choosesPartsFolder = false

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
        let topLevel = try listing(content.root, folder: "", findings: &findings)
        if topLevel.contains("site.md") {
            site = readSite(content: content, findings: &findings)
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
        let languageFolders = site.otherLanguages.flatMap { [$0, $0.lowercased(), Slug.make($0, fallback: "pack")] }
        let slugs = Slug.unique(folders, fallback: "pack", reserved: Self.reservedSlugs.union(languageFolders))
        for (folder, slug) in zip(folders, slugs) {
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
            } else if let finding = Self.misnamedSettings(name, path: name, settings: "site.md", present: topLevel.contains("site.md"), what: "the site's") {
                findings.append(finding)
            }
        }
        packs = packs.map { ($0, $0.order ?? Int.max, NameOrder.NaturalKey($0.slug)) }.sorted { ($0.1, $0.2) < ($1.1, $1.2) }.map(\.0)
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

    // MARK: - site.md

    /// YAML 1.2's booleans, as Yams reads them.
    private static func yesOrNo(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": true
        case "false", "False", "FALSE": false
        default: nil
        }
    }

    /// What `peel build` and `peel serve` say after `siteFileError`'s finding: why nothing was built.
    public static let siteFileNotBuilt = "Not built: site.md's front matter cannot be read, and without it the site would lose its languages, title and settings"

    /// The error that makes site.md's front matter unreadable (invalid YAML, no closing `---`, not
    /// `key: value` lines, not on the first line), if any. A build stops on it: read without its front matter, the site
    /// lost every language, its title and its settings, and replaced the good one in place.
    public static func siteFileError(in contentFolder: URL) -> Finding? {
        let content = ContentPath(root: contentFolder)
        // A site.md that is there and cannot be read (not UTF-8, no permission, too large, not a
        // file, a symlink dangling or leading outside) stops the build as broken YAML does: read
        // as empty, the site would be published without its title and languages, and every other
        // language's pages deleted. No site.md at all is a catalog without settings.
        var link = stat()
        guard lstat(content.url("site.md").path, &link) == 0 else { return nil }
        // Front matter after a blank line, or between wrong fences, is as lost as broken YAML.
        let stopping = FrontMatter.unreadableCodes.union([.pathOutsideContent, .fileTooLarge, .unreadableFile, .textEncoding, .mergeConflict,
                                                          .frontMatterNotFirst])
        return MarkdownFile(path: "site.md", in: content).findings.first { $0.severity == .error && stopping.contains($0.code) }
    }

    private func readSite(content: ContentPath, findings: inout [Finding]) -> SiteInfo {
        let file = MarkdownFile(path: "site.md", in: content)
        findings += file.findings
        var reader = FrontMatterReader(file.frontMatter, file: file.path, knownKeys: KnownKeys.site)
        var site = SiteInfo()
        site.frontMatterUnreadable = file.findings.contains { FrontMatter.unreadableCodes.contains($0.code) }
        if let title = reader.string("title")?.trimmed, !title.isEmpty { site.title = title }
        site.description = reader.string("description")?.trimmed
        site.baseURL = reader.string("base_url")?.trimmed
        if let base = site.baseURL, !base.isEmpty, SocialLinks.normalized(base) == nil {
            reader.report(.warning, .invalidValue, key: "base_url",
                          "base_url '\(base)' is not an absolute http(s) address such as https://example.com/stickers/; "
                              + "the link-preview tags that need one (og:url, og:image) are left out")
        }
        if let language = reader.string("language")?.trimmed, !language.isEmpty {
            // It becomes <html lang>, the dictionaries' and the text reader's language: checked as
            // languages: and a pack's language: are (fr_FR was published as lang="fr_FR").
            let hyphened = language.replacingOccurrences(of: "_", with: "-")
            if LanguageTag.wellFormed(language) != nil {
                site.language = language
            } else if LanguageTag.wellFormed(hyphened) != nil {
                site.language = hyphened
                reader.report(.warning, .invalidValue, key: "language",
                              "language '\(language)' is written with an underscore; a BCP 47 tag has a hyphen, so '\(hyphened)' is used (write it so)")
            } else {
                reader.report(.warning, .invalidValue, key: "language",
                              "language \(LanguageTag.advice(for: language)); '\(site.language)' is used")
            }
        }
        site.languages = Self.declaredLanguages(&reader, language: reader.frontMatter["language"] == nil ? nil : site.language)
        if let first = site.languages.first { site.language = first }
        site.words = reader.strings("words") ?? []
        if let footer = reader.string("footer") {
            site.footerHTML = Self.markdownHTML(footer, file: file.path, firstLine: reader.line(of: "footer"),
                                                lines: reader.textLines(of: "footer"), sticker: nil, headingIDPrefix: "footer-", findings: &findings)
        }
        site.artChecks = reader.validated("art_checks", Self.yesOrNo) { "art_checks is '\($0)'; write true or false (the art checks stay off)" } ?? false
        if let names = reader.strings("platforms") {
            var platforms: [MessengerPlatform] = []
            for name in names {
                let key = name.trimmed.lowercased()
                if key == "all" {
                    platforms = MessengerPlatform.all
                } else if let platform = MessengerPlatform(rawValue: key) {
                    if !platforms.contains(platform) { platforms.append(platform) }
                } else {
                    reader.report(.warning, .invalidValue, key: "platforms",
                                  "'\(name)' is not a platform Peel knows; write some of \(MessengerPlatform.allCases.map(\.rawValue).joined(separator: ", ")), or all")
                }
            }
            site.platforms = platforms.isEmpty ? [.imessage] : platforms.sorted()
        }
        site.telegramBot = reader.string("telegram_bot")?.trimmed.nonEmpty.map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 }
        site.introHTML = Self.markdownHTML(of: file, sticker: nil, findings: &findings)
        findings += reader.findings
        return site
    }

    // MARK: - Packs

    private func readPack(folder: String, slug: String, site: SiteInfo, content: ContentPath, findings: inout [Finding]) -> Pack {
        var pack = Pack(slug: slug, folder: folder, title: folder)
        let names: [String]
        do {
            names = try listing(content.url(folder), folder: folder, findings: &findings)
        } catch {
            // Said as what it is ("folder has no pack.md" and "pack has no stickers" were both false).
            findings.append(Finding(.error, .unreadableFile, file: folder, message: "cannot read the pack folder: \((error as? PeelError)?.reason ?? "\(error)")"))
            return pack
        }
        let packFile = "\(folder)/pack.md"
        var coverName: String?
        var coverLine: Int?
        var partsDeclaration: PartsPack.Declaration?

        if names.contains("pack.md") {
            let file = MarkdownFile(path: packFile, in: content)
            // Front matter that cannot be read is ignored whole: said, so the pack published under
            // its folder's name, at the default size and without its icon is not a surprise.
            findings += file.findings.map { finding in
                guard FrontMatter.unreadableCodes.union([.frontMatterNotFirst, .textEncoding, .mergeConflict]).contains(finding.code),
                      finding.severity == .error else { return finding }
                var said = finding
                said.message += "; until it is fixed, none of pack.md's settings are read (the pack is '\(folder)', size \(SizeClass.regular.rawValue), no icon)"
                return said
            }
            var reader = FrontMatterReader(file.frontMatter, file: packFile, knownKeys: KnownKeys.pack)
            if let title = reader.string("title")?.trimmed, !title.isEmpty {
                pack.title = title
            } else if let (written, line) = reader.miscased("title") {
                findings.append(Finding(.error, .missingPackTitle, file: packFile, line: line,
                                        message: "pack has no title: '\(written):' is not 'title:' (keys are lower case); write title: on this line"))
            } else if !file.findings.hasErrors {
                reader.report(.error, .missingPackTitle, key: "title",
                              "pack has no title; add 'title: My pack' to the front matter")
            }
            if let size = reader.string("size") {
                if let sizeClass = SizeClass(rawValue: size.trimmed.lowercased()) {
                    pack.size = sizeClass
                } else {
                    reader.report(.error, .invalidValue, key: "size",
                                  "size '\(size)' is not a size class; use small (300 px), regular (408 px) or large (618 px)")
                }
            }
            if let contexts = reader.strings("contexts") {
                var parsed: [PresentationContext] = []
                for value in contexts {
                    if let context = PresentationContext(rawValue: value.lowercased()) {
                        if !parsed.contains(context) { parsed.append(context) }
                    } else {
                        reader.report(.error, .invalidValue, key: "contexts",
                                      "context '\(value)' is unknown; use messages, media or both")
                    }
                }
                if !parsed.isEmpty { pack.contexts = PresentationContext.allCases.filter(parsed.contains) }
            }
            pack.author = reader.string("author")?.trimmed
            pack.license = reader.string("license")?.trimmed
            pack.publisher = reader.string("publisher")?.trimmed.nonEmpty
            pack.publisherLine = reader.frontMatter["publisher"]?.line
            pack.identifier = reader.string("identifier")?.trimmed.nonEmpty
            pack.identifierLine = reader.frontMatter["identifier"]?.line
            pack.telegramName = reader.string("telegram_name")?.trimmed.nonEmpty
            pack.telegramNameLine = reader.frontMatter["telegram_name"]?.line
            // `pt_BR`, as locales are written: taken as pt-BR and said, as site.md's language: is.
            if let written = reader.string("language")?.trimmed, written.contains("_"), LanguageTag.wellFormed(written) == nil,
               let hyphened = LanguageTag.wellFormed(written.replacingOccurrences(of: "_", with: "-")) {
                pack.language = hyphened
                reader.report(.warning, .invalidValue, key: "language",
                              "language '\(written)' is written with an underscore; a BCP 47 tag has a hyphen, so '\(hyphened)' is used (write it so)")
            } else {
                pack.language = reader.validated("language", LanguageTag.wellFormed) {
                    "language \(LanguageTag.advice(for: $0)); the site's language is used"
                }
            }
            pack.background = reader.validated("background", CardColor.parse) {
                "background '\($0)' is not a hex colour such as '#f4efe6' (quote it: a bare # starts a YAML comment); the theme's card colour is used"
            }
            pack.words = reader.strings("words") ?? []
            pack.order = reader.integer("order")
            coverName = reader.string("cover")?.trimmed
            coverLine = reader.frontMatter["cover"]?.line
            pack.manifest = packFile
            pack.ignore = Self.ignoreList(&reader)
            if let parts = reader.strings("parts")?.map(\.trimmed).filter({ !$0.isEmpty }), !parts.isEmpty {
                var declaration = PartsPack.Declaration(parts: [], partsLine: reader.line(of: "parts"))
                for part in parts {
                    if declaration.parts.contains(part) || part.contains("/") || part.hasPrefix(".") {
                        reader.report(.error, .invalidValue, key: "parts", "part '\(part)' is listed twice or is not a folder name; each part is one folder of the pack")
                    } else {
                        declaration.parts.append(part)
                    }
                }
                for optional in reader.strings("optional") ?? [] {
                    if parts.contains(optional.trimmed) {
                        declaration.optional.append(optional.trimmed)
                    } else {
                        reader.report(.error, .invalidValue, key: "optional", "optional '\(optional)' is not one of the parts (\(parts.joined(separator: ", ")))")
                    }
                }
                declaration.label = reader.string("label")?.trimmed
                declaration.labelLine = reader.frontMatter["label"]?.line
                declaration.combinations = reader.strings("combinations")
                declaration.combinationsLine = reader.frontMatter["combinations"]?.line
                declaration.exclude = reader.strings("exclude") ?? []
                declaration.excludeLine = reader.frontMatter["exclude"]?.line
                partsDeclaration = declaration
            } else {
                for key in ["optional", "label", "combinations", "exclude"] where reader.frontMatter[key] != nil {
                    reader.report(.warning, .unknownKey, key: key, "'\(key)' is for parts packs and is ignored without 'parts:'")
                }
            }
            if let icon = Self.artPath("icon", reader: &reader, folder: folder, content: content) {
                pack.icon = icon
                pack.iconLine = reader.line(of: "icon")
            }
            if let tray = Self.artPath("tray", reader: &reader, folder: folder, content: content) {
                pack.tray = tray
                pack.trayLine = reader.line(of: "tray")
            }
            pack.descriptionHTML = Self.markdownHTML(of: file, sticker: nil, findings: &findings)
            findings += reader.findings
        } else {
            findings.append(Finding(.error, .missingPackFile, file: folder,
                                    message: "folder has no pack.md; add one with at least 'title:' in its front matter"))
        }

        let packTranslations = names.filter { TranslationFileName($0)?.stem == "pack" }
        pack.translations = Self.readTranslations(packTranslations, source: names.contains("pack.md") ? packFile : nil,
                                             sourceLanguage: site.sourceLanguage(of: pack), folder: folder, site: site, findings: &findings) { path, language in
            Self.readPackTranslation(path, language: language, source: packFile, content: content)
        }
        // As pack.md's own `label:` without `parts:`: a translated label template has nothing to compose.
        if partsDeclaration == nil, names.contains("pack.md") {
            for (language, translation) in pack.translations.sorted(by: { $0.value.file < $1.value.file }) {
                for (key, line) in [("label", translation.labelLine), ("label_translated_from", translation.labelTranslatedFromLine)] {
                    guard let line else { continue }
                    findings.append(Finding(.warning, .unknownKey, file: translation.file, line: line,
                                            message: "'\(key)' is for parts packs and is ignored without 'parts:' in \(packFile); a sticker's label in this language is 'alt:' in its own sidecar, such as \(folder)/<sticker>.\(language).md"))
                }
            }
        }
        let partFolders = Set(partsDeclaration?.parts ?? [])
        pack.stickers = readStickers(in: folder, names: names.filter { !packTranslations.contains($0) && !partFolders.contains($0) },
                                     icon: pack.icon, tray: pack.tray, site: site, sourceLanguage: site.sourceLanguage(of: pack),
                                     content: content, findings: &findings)
        if let partsDeclaration {
            let derivedFolder = choosesPartsFolder
                ? FallbackCacheFolder.choose(partsFolder, name: Self.partsFolderName, content: content.root).folder : partsFolder
            let composed = PartsPack.load(partsDeclaration, folder: folder, packFile: packFile, content: content,
                                          derivedFolder: derivedFolder, site: site, sourceLanguage: site.sourceLanguage(of: pack),
                                          packTranslations: pack.translations)
            findings += composed.findings
            pack.parts = composed.parts
            pack.stickers += composed.stickers
            let slugs = Slug.unique(pack.stickers.map { $0.composition == nil ? StickerFileKind.stem($0.fileName) : $0.slug },
                                    reserved: [SitePaths.builderFolder])
            for index in pack.stickers.indices { pack.stickers[index].slug = slugs[index] }
        }
        if pack.stickers.isEmpty {
            findings.append(Finding(.warning, .emptyPack, file: names.contains("pack.md") ? packFile : folder,
                                    message: partsDeclaration != nil
                                        ? "pack composes no sticker from its parts; the findings on its parts:, combinations: and exclude: say why"
                                        : "pack has no stickers; add PNG, APNG, GIF or JPEG files to \(folder)/"))
        }
        if let coverName {
            if let index = pack.stickers.firstIndex(where: { $0.fileName == coverName || $0.slug == coverName }) {
                pack.coverIndex = index
                pack.coverIsChosen = true
            } else {
                findings.append(Finding(.warning, .missingFile, file: packFile, line: coverLine,
                                        message: "cover '\(coverName)' is not a sticker of this pack; the first sticker is used"))
            }
        }
        if pack.coverIndex == nil, !pack.stickers.isEmpty { pack.coverIndex = 0 }
        return pack
    }

    // MARK: - Stickers

    /// The art file a pack.md key names (`icon:`, `tray:`), relative to the content folder, once
    /// it is known to be a readable file inside it; otherwise nil, with a finding on the key.
    private static func artPath(_ key: String, reader: inout FrontMatterReader, folder: String, content: ContentPath) -> String? {
        guard let value = reader.string(key)?.trimmed else { return nil }
        // The name as the file system spells it, then inside the content folder once its
        // symlinks (if any) are followed.
        guard let written = content.resolve(value, in: folder),
              let resolved = content.spelledOnDisk(written).map({ content.relative(content.url($0)) }) ?? written else {
            reader.report(.error, .pathOutsideContent, key: key,
                          "\(key) '\(value)' is outside the content folder; use a path inside it, such as \(key).png")
            return nil
        }
        if let problem = ContentFile.problem(atPath: content.url(resolved).path) {
            switch problem {
            case .kind(let kind):
                reader.report(.error, .unreadableFile, key: key,
                              "\(key) is not a regular file: '\(value)' is \(kind); point \(key): at a PNG, GIF or JPEG file")
            case .inaccessible(let words):
                reader.report(.error, .unreadableFile, key: key, "\(key) '\(value)' cannot be read: \(words)")
            }
            return nil
        }
        guard FileManager.default.fileExists(atPath: content.url(resolved).path) else {
            reader.report(.error, .missingFile, key: key, "\(key) '\(value)' does not exist")
            return nil
        }
        return resolved
    }

    private func readStickers(in folder: String, names: [String], icon: String?, tray: String?, site: SiteInfo,
                              sourceLanguage: String, content: ContentPath, findings: inout [Finding]) -> [Sticker] {
        var images: [String] = []
        var sidecars: [String: String] = [:]   // stem -> file name
        // Images reported and skipped (unsupported, too large, outside): their sidecars are theirs,
        // not orphans, so each such image is reported once.
        var skippedStems = Set<String>()
        // The stems of the folder's images, known once: a sidecar beside no image is checked against
        // them (it scanned every name for every .md, so a pack of 4,000 stickers in ten languages
        // took minutes to read).
        let imageStems = Set(names.filter { StickerFileKind(fileName: $0) == .sticker }.map { StickerFileKind.stem($0) })
        let hasPackFile = names.contains("pack.md")
        // macOS's "Optimize Mac Storage" leaves `.sun.png.icloud` where an image is that iCloud Drive
        // has not downloaded: hidden, so the sticker vanished with only an orphan-sidecar warning.
        for placeholder in names where placeholder.hasPrefix(".") && placeholder.hasSuffix(".icloud") {
            let name = String(placeholder.dropFirst().dropLast(".icloud".count))
            guard StickerFileKind(fileName: name) == .sticker, !names.contains(name) else { continue }
            findings.append(Finding(.error, .unreadableFile, file: "\(folder)/\(name)",
                                    message: "the image is in iCloud Drive and not downloaded to this Mac (only its placeholder \(placeholder) is here); download it (Finder: Download Now) and build again"))
            skippedStems.insert(StickerFileKind.stem(name))
        }
        for name in names where !IgnoredName.matches(name) && name != "pack.md" {
            let path = "\(folder)/\(name)"
            // Icon or tray art in the pack folder is no sticker, unless it has a sidecar: tray art is
            // often one of the pack's stickers, which was dropped ("no image named 'party.png'").
            if path == icon || path == tray, !names.contains(StickerFileKind.stem(name) + ".md") { continue }
            if Self.isMangled(name) {
                findings.append(Self.mangledNameFinding(path))
                continue
            }
            let url = content.url(path)
            if isDirectory(url) {
                findings.append(Finding(.warning, .ignoredFile, file: path,
                                        message: "folders inside a pack are ignored; packs are one level deep"))
                continue
            }
            if StickerFileKind(fileName: name) == .markdown, !imageStems.contains(StickerFileKind.stem(name)),
               let finding = Self.misnamedSettings(name, path: path, settings: "pack.md", present: hasPackFile, what: "the pack's") {
                findings.append(finding)
                continue
            }
            switch StickerFileKind(fileName: name) {
            case .sticker:
                // A file skipped here is no sticker of the pack: its error is the file's, not a
                // sticker's (it was counted among "stickers with errors" beside "1 sticker").
                guard content.relative(url) != nil else {
                    findings.append(Finding(.error, .pathOutsideContent, file: path,
                                            message: "symlink leads outside the content folder; the sticker is skipped"))
                    skippedStems.insert(StickerFileKind.stem(name))
                    continue
                }
                if let problem = ContentFile.problem(atPath: url.path) {
                    findings.append(Finding(.error, .unreadableFile, file: path,
                                            message: "cannot read image: \(problem); the sticker is skipped"))
                    skippedStems.insert(StickerFileKind.stem(name))
                    continue
                }
                if let size = ContentLimits.size(of: url), size > ContentLimits.maxImageBytes {
                    findings.append(Finding(.error, .fileTooLarge, file: path,
                                            message: "file is \(size) bytes, more than the \(ContentLimits.megabytes(ContentLimits.maxImageBytes)) Peel reads; the sticker is skipped (Messages takes under 500,000 bytes)"))
                    skippedStems.insert(StickerFileKind.stem(name))
                    continue
                }
                images.append(name)
            case .unsupportedImage:
                findings.append(Finding(.error, .unsupportedFormat, file: path,
                                        message: "Messages accepts PNG, APNG, GIF and JPEG stickers only; convert this image to PNG"))
                skippedStems.insert(StickerFileKind.stem(name))
            case .markdown:
                sidecars[StickerFileKind.stem(name)] = name
            case .other:
                findings.append(Finding(.warning, .ignoredFile, file: path,
                                        message: "not a sticker or a sidecar; the file is ignored"))
            }
        }

        var stems: [String: Int] = [:]
        for image in images { stems[StickerFileKind.stem(image), default: 0] += 1 }
        let imageNames = Set(images)
        // `moon.fr.md` is the French text of moon.png, unless an image is itself named `moon.fr`:
        // then it is that image's sidecar, and moon.png loses its French text, so say so.
        for (stem, sidecar) in sidecars.sorted(by: { $0.key < $1.key }) where stems[stem] != nil {
            guard let name = TranslationFileName(sidecar), stems[name.stem] != nil,
                  let language = name.declared(in: site.languages) else { continue }
            let image = images.first { StickerFileKind.stem($0) == stem } ?? stem
            findings.append(Finding(.warning, .ambiguousSidecar, file: "\(folder)/\(sidecar)",
                message: "is the sidecar of \(image), so it is not the \(LanguageName.of(language)) translation of \(name.stem)'s sticker; "
                    + "rename \(image) (its name ends in a language of site.md)", language: language))
        }
        // `hello.png.md` beside hello.png: named after the whole file, it was taken for a
        // translation into the language "png".
        for (stem, sidecar) in sidecars.sorted(by: { $0.key < $1.key }) where stems[stem] == nil
            && (imageNames.contains(stem) || StickerFileKind(fileName: stem) == .sticker && stems[StickerFileKind.stem(stem)] != nil) {
            let fixed = StickerFileKind.stem(stem) + ".md"
            findings.append(Finding(.warning, .orphanSidecar, file: "\(folder)/\(sidecar)",
                                    message: "is named after the whole image file, so it is not \(stem)'s sidecar; a sidecar takes the image's name "
                                        + "without its extension: rename it to \(fixed)" + (sidecars[StickerFileKind.stem(stem)] != nil ? " (merging it with the \(fixed) there)" : "")))
            sidecars[stem] = nil
        }
        var translationFiles: [String: [String]] = [:]   // source stem -> translation file names
        for (stem, sidecar) in sidecars where stems[stem] == nil && !skippedStems.contains(stem) {
            guard let name = TranslationFileName(sidecar) else { continue }
            sidecars[stem] = nil
            translationFiles[name.stem, default: []].append(sidecar)
        }
        // `Sun.png` beside `sun.md` (a rename on a disk that ignores case): each is named, with the other.
        let stemsByCase = Dictionary(stems.keys.map { ($0.lowercased(), $0) }) { first, _ in first }
        var caseMismatches: [String: String] = [:]   // image stem -> its sidecar's name
        for (stem, sidecar) in sidecars.sorted(by: { $0.key < $1.key }) where stems[stem] == nil && !skippedStems.contains(stem) {
            if let imageStem = stemsByCase[stem.lowercased()], sidecars[imageStem] == nil,
               let image = images.first(where: { StickerFileKind.stem($0) == imageStem }) {
                caseMismatches[imageStem] = sidecar
                findings.append(Finding(.warning, .orphanSidecar, file: "\(folder)/\(sidecar)",
                                        message: "is named like \(image) but for the case of its letters, so it is not its sidecar: rename one so the names match (\(imageStem).md)"))
                continue
            }
            findings.append(Finding(.warning, .orphanSidecar, file: "\(folder)/\(sidecar)",
                                    message: "no image named '\(stem).png' (or .apng, .gif, .jpg, .jpeg) for this sidecar"))
        }
        for (stem, files) in translationFiles.sorted(by: { $0.key < $1.key }) where stems[stem] == nil && !skippedStems.contains(stem) {
            for file in files.sorted() {
                findings.append(Finding(.warning, .orphanTranslation, file: "\(folder)/\(file)",
                                        message: "no sticker named '\(stem)' (\(stem).png and \(stem).md) for this translation; rename it to match its sticker, or remove it",
                                        language: TranslationFileName(file)?.language))
            }
            translationFiles[stem] = nil
        }

        // Sidecars are read and parsed on every core; findings keep the images' order.
        let parsed = ParallelWork.mapBlocking(images) { [stems, sidecars, translationFiles] image in
            let stem = StickerFileKind.stem(image)
            var (sticker, findings) = Self.readSticker(image, in: folder, sidecarName: sidecars[stem],
                                                       sharesStem: (stems[stem] ?? 0) > 1, content: content)
            if let files = translationFiles[stem] {
                let source = sidecars[stem].map { "\(folder)/\($0)" }
                sticker.translations = LanguageMap(Self.readTranslations(files, source: source, sourceLanguage: sourceLanguage, folder: folder, site: site,
                                                                                 findings: &findings) { path, language in
                    Self.readStickerTranslation(path, language: language, sticker: sticker.source,
                                                sourceSidecar: source ?? sticker.source, content: content)
                })
            }
            return (sticker: sticker, findings: findings)
        }
        var stickers = parsed.map(\.sticker)
        findings += parsed.flatMap(\.findings).map { finding in
            // Its sidecar is there under another case: creating one (`peel new sticker`) would make a second.
            guard finding.code == .missingSidecar, let sidecar = caseMismatches[StickerFileKind.stem(String(finding.file.split(separator: "/").last ?? ""))] else { return finding }
            var named = finding
            named.message = "sticker has no sidecar; \(folder)/\(sidecar) differs from its name only in the case of its letters: rename one so the names match"
            return named
        }

        stickers = stickers.map { ($0, $0.order ?? Int.max, NameOrder.NaturalKey($0.fileName)) }.sorted { ($0.1, $0.2) < ($1.1, $1.2) }.map(\.0)
        let slugs = Slug.unique(stickers.map { StickerFileKind.stem($0.fileName) })
        for index in stickers.indices { stickers[index].slug = slugs[index] }
        return stickers
    }

    /// One sticker from its image's file name and its sidecar (when it has one).
    static func readSticker(_ image: String, in folder: String, sidecarName: String?, sharesStem: Bool,
                                    content: ContentPath) -> (sticker: Sticker, findings: [Finding]) {
        var findings: [Finding] = []
        let stem = StickerFileKind.stem(image)
        let source = "\(folder)/\(image)"
        var sticker = Sticker(slug: "", source: source, title: title(fromStem: stem))
        if sharesStem {
            findings.append(Finding(.warning, .ambiguousSidecar, file: source,
                                    message: "several images are named '\(stem)'; they share \(stem).md, so rename one", sticker: source))
        }
        guard let sidecarName else {
            // pack.md is the pack's own file, never a sticker's sidecar: the image needs another name.
            let advice = stem.lowercased() == "pack"
                ? "its sidecar would be \(folder)/pack.md, which is the pack's own file; rename the image (e.g. \(stem)-sticker.\(image.split(separator: ".").last ?? "png")) and give it a sidecar with 'alt:'"
                : "create \(folder)/\(stem).md with 'alt:' (its accessibility label), or run peel new sticker \(ShellWord.quoted("\(folder)/\(stem)"))"
            findings.append(Finding(.error, .missingSidecar, file: source, message: "sticker has no sidecar; " + advice, sticker: source))
            return (sticker, findings)
        }
        let sidecarPath = "\(folder)/\(sidecarName)"
        sticker.sidecar = sidecarPath
        let file = MarkdownFile(path: sidecarPath, in: content, sticker: source)
        findings += file.findings
        sticker.sidecarError = file.findings.first { $0.severity == .error }
        var reader = FrontMatterReader(file.frontMatter, file: sidecarPath, knownKeys: KnownKeys.sticker, sticker: source)
        let alt = reader.string("alt")?.trimmed
        sticker.alt = InvisibleText.visible(alt)
        if sticker.alt == nil, !file.findings.hasErrors {
            if let alt, !alt.isEmpty {
                reader.report(.error, .missingLabel, key: "alt",
                              "sticker has no accessibility label: alt: holds only invisible characters (\(InvisibleText.codePoints(alt))); write what the sticker shows")
            } else if reader.frontMatter["alt"] == nil, let (written, line) = reader.miscased("alt") {
                findings.append(Finding(.error, .missingLabel, file: sidecarPath, line: line,
                                        message: "sticker has no accessibility label: '\(written):' is not 'alt:' (keys are lower case); write alt: on this line",
                                        sticker: source))
            } else {
                reader.report(.error, .missingLabel, key: reader.frontMatter["alt"] == nil ? nil : "alt",
                              "sticker has no accessibility label; add 'alt: what the sticker shows' (VoiceOver reads it)")
            }
        }
        sticker.altLine = reader.frontMatter["alt"]?.line
        sticker.ignore = ignoreList(&reader)
        if let title = reader.string("title")?.trimmed, !title.isEmpty {
            sticker.title = title
            sticker.titleLine = reader.frontMatter["title"]?.line
        }
        sticker.tags = reader.strings("tags")?.map(\.trimmed).filter { !$0.isEmpty } ?? []
        if let emoji = reader.strings("emoji") {
            sticker.emoji = emoji.map(\.trimmed).filter { !$0.isEmpty }
            sticker.emojiLine = reader.frontMatter["emoji"]?.line
        }
        sticker.order = reader.integer("order")
        sticker.descriptionHTML = Self.markdownHTML(of: file, sticker: source, findings: &findings)
        findings += reader.findings
        return (sticker, findings)
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
            return IgnoredName.matches(name) || !SafeFile.isSymlink(child.path) && isLeftoverFolder(child, depth: depth + 1)
        }
    }

    /// `markdown`, which starts at line `firstLine` of `file`, as HTML (see `Markdown.rendered`);
    /// its relative links are markers until `CatalogLinks` rewrites the loaded catalog.
    /// `lines`: the file line of each of its lines, when they are not consecutive (`ScalarLines`).
    static func markdownHTML(_ markdown: String, file: String, firstLine: Int, lines: [[ScalarLines.Segment]]? = nil, sticker: String?,
                             headingIDPrefix: String = "", findings: inout [Finding]) -> String {
        let base = MarkdownLinks.Base(file: file, firstLine: firstLine, lines: lines)
        let (html, excess, rawHTML) = Markdown.rendered(markdown, links: base, headingIDPrefix: headingIDPrefix)
        if let first = rawHTML.first {
            let shown = first.text.count > 40 ? first.text.prefix(40) + "…" : Substring(first.text)
            let more = rawHTML.count > 1 ? " (and \(rawHTML.count - 1) more)" : ""
            findings.append(Finding(.warning, .rawHTML, file: file, line: base.fileLine(first.line),
                                    message: "raw HTML is not shown: Peel renders Markdown in safe mode, so '\(shown)'\(more) is dropped, "
                                        + "with the words inside it; write it in Markdown (a blank line for a new paragraph, two spaces or a backslash at a line's end for a line break)",
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
        guard let first = words.first else { return stem }
        return first.uppercased() + words.dropFirst()
    }

    /// Directory entries in `NameOrder`, so every machine sees the same order, without
    /// a name that is another's in another Unicode form (`NameClashes`, which says so).
    private func listing(_ url: URL, folder: String, findings: inout [Finding]) throws -> [String] {
        do {
            let separated = NameClashes.separate(NameOrder.sorted(try FolderListing.names(atPath: url.path)),
                                                 in: folder)
            findings += separated.findings
            findings += separated.kept.compactMap { PortableName.finding($0, in: folder) }
            return separated.kept
        } catch {
            throw PeelError.unreadable(path: url.path, reason: SystemErrorText.describe(errno: error.errno))
        }
    }

    private func isDirectory(_ url: URL) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &flag) && flag.boolValue
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
