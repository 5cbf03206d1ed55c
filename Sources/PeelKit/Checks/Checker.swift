import Foundation

/// Runs every rule over a catalog whose images have been analysed, then applies the `ignore:`
/// lists: a silenced finding stays in the report, marked, and is not counted.
public enum Checker {
    /// Changes whenever the rules find something else in the same catalog (a placeholder word
    /// added, a check made): a build's saved findings are then not the new Peel's, and its first
    /// build is no "Up to date" that prints the old ones (it is part of the build's fingerprint).
    /// (6: year folders, Notepad's .md.txt, .jfif, an empty translated alt:, titles in NFC; 7: a
    /// regional tag's own dictionary, a cut translated_from:, English in a non-Latin translation;
    /// 8: footnotes, Discord's server slots, quoted keys' cut labels, raw HTML's place.)
    static let rulesVersion = 8

    static func findings(for catalog: Catalog, assets: [String: StickerAssets], content: URL,
                         analyzer: ImageAnalyzer) -> [Finding] {
        findings(for: catalog, assets: assets) { CatalogChecks.icon(of: $0, content: content, analyzer: analyzer) }
    }

    /// The same rules with each pack's icon findings given (`peel merge` has them from the shards,
    /// which read the icon art; the merge reads no image).
    static func findings(for catalog: Catalog, assets: [String: StickerAssets], iconFindings: (Pack) -> [Finding]) -> [Finding] {
        parts(for: catalog, assets: assets, iconFindings: iconFindings).all
    }

    /// What the rules found, by pack and about the catalog as a whole. Each pack's part depends on
    /// that pack alone (its stickers, its labels in every language, its icon), so `peel serve`
    /// checks an edited pack again and keeps the others' (`SidecarRefresh`).
    struct Parts: Sendable {
        /// By pack folder.
        var packs: [String: [Finding]] = [:]
        /// Images that repeat across packs, and each language without a dictionary.
        var catalog: [Finding] = []

        var all: [Finding] { catalog + packs.keys.sorted().flatMap { packs[$0]! } }
    }

    /// Spelling (with Hunspell's suggestions) and translations, found catalog-wide so each word
    /// is looked up once. They need no image, so a build finds them while its images are analysed.
    static func textFindings(for catalog: Catalog) -> [Finding] {
        SpellingCheck().findings(for: catalog) + TranslationChecks.findings(for: catalog)
    }

    /// Every rule over `catalog`, in parts. With `only`, the packs with those folders alone (and
    /// nothing about the catalog as a whole). `text`: `textFindings(for: catalog)` when the caller
    /// found them already (not with `only`).
    static func parts(for catalog: Catalog, assets: [String: StickerAssets], text: [Finding]? = nil, iconFindings: (Pack) -> [Finding],
                      only: Set<String>? = nil) -> Parts {
        precondition(text == nil || only == nil, "text findings found beforehand are the whole catalog's")
        var result = Parts()
        let packs = only.map { folders in catalog.packs.filter { folders.contains($0.folder) } } ?? catalog.packs
        let checked = Catalog(site: catalog.site, packs: packs)
        for pack in packs {
            var findings: [Finding] = []
            for sticker in pack.stickers {
                let subject = CheckSubject(sticker: sticker, pack: pack, info: assets[sticker.source]?.info)
                for label in subject.labels(site: catalog.site) {
                    findings += LabelChecks.check(label)
                    findings += LabelChecks.bidiControls(label)
                    findings += LabelChecks.controlCharacters(label)
                    findings += LabelChecks.invisibleCharacters(label)
                }
                findings += LabelChecks.tagCharacters(sticker)
                findings += ImageChecks.check(subject)
                findings += EmojiChecks.check(sticker)
            }
            findings += LabelChecks.duplicates(in: pack, site: catalog.site)
            findings += LabelChecks.textCharacters(in: pack, site: catalog.site)
            findings += iconFindings(pack)
            findings += DownloadChecks.check(pack, assets: assets)
            result.packs[pack.folder] = findings
        }
        // The text findings are shared out by the pack folder their file is in.
        let folders = Set(packs.map(\.folder))
        for finding in text ?? textFindings(for: checked) {
            let folder = String(finding.file.split(separator: "/").first ?? "")
            if finding.file.contains("/"), folders.contains(folder) {
                result.packs[folder, default: []].append(finding)
            } else if only == nil {
                result.catalog.append(finding)
            }
        }
        if only == nil {
            result.catalog += CatalogChecks.duplicateImages(catalog, assets: assets)
            result.catalog += LabelChecks.textCharacters(in: catalog.site)
        }
        return result
    }

    /// The art checks' findings: each sticker's art facts against its label, every run.
    static func artFindings(for catalog: Catalog, assets: [String: StickerAssets], facts: [String: ArtFacts]) -> [Finding] {
        var findings: [Finding] = []
        // Held for the loop: a build keeps dictionaries only while they are in use. Each pack's
        // label is in its own language, and so are the typos the matcher forgives.
        let anyText = facts.values.contains { $0.text?.hasText == true }
        let languages = anyText ? Set(catalog.packs.map { catalog.site.writtenLanguage(of: $0) }) : []
        let dictionaries = Dictionary(uniqueKeysWithValues: languages.compactMap { language in
            SpellingDictionary.shared(for: language).map { (language, $0) }
        })
        for pack in catalog.packs {
            let dictionary = dictionaries[catalog.site.writtenLanguage(of: pack)]
            for sticker in pack.stickers {
                guard let art = facts[sticker.source] else { continue }
                findings += ArtChecks.findings(art, subject: CheckSubject(sticker: sticker, pack: pack, info: assets[sticker.source]?.info),
                                               site: catalog.site, dictionary: dictionary)
            }
        }
        return findings
    }

    /// Marks findings whose code is in their sticker's or pack's `ignore:` list.
    static func applyIgnores(_ findings: [Finding], catalog: Catalog) -> [Finding] {
        var stickerIgnores: [String: Set<String>] = [:]
        var packIgnores: [String: Set<String>] = [:]
        for pack in catalog.packs {
            packIgnores[pack.folder] = pack.ignore
            for sticker in pack.stickers { stickerIgnores[sticker.source] = sticker.ignore.union(pack.ignore) }
        }
        return findings.map { finding in
            var finding = finding
            let code = finding.code.rawValue
            let packFolder = String(finding.file.split(separator: "/").first ?? "")
            if let sticker = finding.sticker, stickerIgnores[sticker]?.contains(code) == true {
                finding.suppressed = true
            } else if packIgnores[packFolder]?.contains(code) == true {
                finding.suppressed = true
            }
            return finding
        }
    }
}
