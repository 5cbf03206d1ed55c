import Foundation

/// A pack folder and its pack.md: the pack's settings, description, icon and tray art, and its stickers.
extension CatalogLoader {
    func readPack(folder: String, slug: String, site: SiteInfo, content: ContentPath, findings: inout [Finding]) -> Pack {
        var pack = Pack(slug: slug, folder: folder, title: folder)
        let names: [String]
        do {
            names = try listing(content.url(folder), folder: folder, excluded: site.excluded, findings: &findings)
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
                pack.titleLine = reader.frontMatter["title"]?.line
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
            // A theme kept in the content folder (`--templates content/theme`) is no pack to complete.
            let message = names.contains(where: { $0.hasSuffix(".mustache") })
                ? "folder has no pack.md and holds templates (.mustache): a theme, not a pack; keep it outside the content folder, or leave it out with exclude: [\(folder)] in site.md"
                : "folder has no pack.md; add one with at least 'title:' in its front matter"
            findings.append(Finding(.error, .missingPackFile, file: folder, message: message))
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
            // The file name, the slug, or the name without its extension (`Sun Face`, the title
            // Peel shows and the name `peel new sticker` takes).
            if let index = pack.stickers.firstIndex(where: {
                $0.fileName == coverName || $0.slug == coverName || StickerFileKind.stem($0.fileName) == coverName
            }) {
                pack.coverIndex = index
                pack.coverIsChosen = true
            } else {
                let folded = { (name: String) in name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
                let near = pack.stickers.first {
                    [$0.fileName, StickerFileKind.stem($0.fileName), $0.slug].contains { folded($0) == folded(coverName) }
                }
                let advice = near.map { "; did you mean '\($0.fileName)'? (write its file name, or its slug '\($0.slug)')" } ?? ""
                findings.append(Finding(.warning, .missingFile, file: packFile, line: coverLine,
                                        message: "cover '\(coverName)' is not a sticker of this pack\(advice); the first sticker is used"))
            }
        }
        if pack.coverIndex == nil, !pack.stickers.isEmpty { pack.coverIndex = 0 }
        return pack
    }
}
