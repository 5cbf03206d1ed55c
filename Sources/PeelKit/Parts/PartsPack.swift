import Foundation

/// A pack declared as parts (`parts:` in pack.md, bottom layer first): every combination of one
/// choice per part becomes a sticker, its art the layers composited in order and its label
/// composed from the choices' labels by the pack's `label:` template.
///
/// Each part is a folder of the pack holding PNG layers, each with a sidecar whose `alt:` is the
/// choice's label (`base/cone.png`, `base/cone.md`). Every problem is a finding naming its file;
/// the combinations that do not need the faulty file are still made.
public enum PartsPack {
    /// At most this many combinations per pack. Each one is a sticker page, thumbnails, a copy of
    /// its art and an Xcode sticker; a pack of a few hundred is already more than anyone browses in
    /// Messages, while three parts of ten choices (1,000) or a forgotten `combinations:` list is a
    /// slip that would otherwise write thousands of files. More is an error and none are made.
    public static let maxCombinations = 500
    /// Bump when composites change, so cached art is remade (4: layers turned by their orientation).
    static let formatVersion = 4

    /// One part: its folder and its choices, in file-name order.
    public struct Part: Sendable, Equatable {
        public var name: String
        public var optional: Bool
        public var choices: [Choice]
    }

    public struct Choice: Sendable, Equatable {
        /// The image's stem (`cone`).
        public var name: String
        /// The image, relative to the content folder.
        public var file: String
        /// `alt:` of its sidecar; nil when it has none (reported).
        public var label: String?
        /// Its sidecar (`base/cone.md`) and the line of `alt:` there, when it has one.
        public var sidecar: String? = nil
        public var labelLine: Int? = nil
        /// `base/cone.fr.md`: its label in the site's other languages, by tag.
        public var translations: [String: Translation] = [:]
        /// `emoji:` of its sidecar: a combination's emoji are its choices', in part order.
        public var emoji: [String] = []
    }

    /// A part's label in one more language: `alt:` and `translated_from:` of `base/cone.fr.md`.
    public struct Translation: Sendable, Equatable {
        public var file: String
        public var label: String?
        public var labelLine: Int?
        public var translatedFrom: String?
        public var translatedFromLine: Int?
    }

    /// What pack.md says about parts.
    struct Declaration {
        var parts: [String]
        var partsLine: Int
        var optional: [String] = []
        var label: String?
        var labelLine: Int?
        var combinations: [String]?
        var combinationsLine: Int?
        var exclude: [String] = []
        var excludeLine: Int?
    }

    struct Result {
        var parts: [Part] = []
        var stickers: [Sticker] = []
        var findings: [Finding] = []
    }

    /// Reads the part folders of `folder`, checks them and composes every allowed combination,
    /// writing the art into `derivedFolder` (kept when the same layers made it before).
    ///
    /// In a catalog of several languages, each part's translation files (`base/cone.fr.md`) and the
    /// pack's translated template (`label:` in `pack.fr.md`) compose each sticker's label in that
    /// language. Translators work on the parts, not on every combination: a part label missing or
    /// out of date is reported once, on the part's files, not once per sticker made with it.
    static func load(_ declaration: Declaration, folder: String, packFile: String, content: ContentPath,
                     derivedFolder: URL, site: SiteInfo = SiteInfo(), sourceLanguage: String? = nil,
                     packTranslations: [String: PackTranslation] = [:]) -> Result {
        // The language the pack is written in (its language:, else the default one) and those it is translated into.
        let source = sourceLanguage ?? site.defaultLanguage
        let languages = site.languages.filter { $0 != source }
        var result = Result()
        var layers: [String: Layer] = [:]   // file -> its bytes, read and checked but not decoded yet
        var reference: (file: String, width: Int, height: Int)?
        var usable = Set<String>()

        for name in declaration.parts {
            var part = Part(name: name, optional: declaration.optional.contains(name), choices: [])
            let partFolder = "\(folder)/\(name)"
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: content.url(partFolder).path, isDirectory: &isFolder), isFolder.boolValue,
                  content.relative(content.url(partFolder)) != nil else {
                result.findings.append(Finding(.error, .missingPartFolder, file: packFile, line: declaration.partsLine,
                                               message: "part '\(name)' has no folder: create \(partFolder)/ with its PNG layers and their sidecars; no sticker is composed without it"))
                result.parts.append(part)
                continue
            }
            let listed = NameClashes.separate(((try? FileManager.default.contentsOfDirectory(atPath: content.url(partFolder).path)) ?? [])
                .filter { !IgnoredName.matches($0) }.sorted(by: NameOrder.precedes), in: partFolder)
            result.findings += listed.findings
            let names = listed.kept
            let stems = Set(names.filter { StickerFileKind(fileName: $0) != .markdown }.map(StickerFileKind.stem))
            var translationFiles: [String: [String]] = [:]   // layer stem -> its translation files
            for file in names where StickerFileKind(fileName: file) == .markdown {
                if let translation = TranslationFileName(file), stems.contains(translation.stem), !stems.contains(StickerFileKind.stem(file)) {
                    translationFiles[translation.stem, default: []].append(file)
                }
            }
            for file in names {
                let path = "\(partFolder)/\(file)"
                switch StickerFileKind(fileName: file) {
                case .sticker where file.lowercased().hasSuffix(".png") && part.optional && StickerFileKind.stem(file).lowercased() == "none":
                    // "none" is how filters and the builder say the part is left out (`hat=none`).
                    result.findings.append(Finding(.error, .invalidValue, file: path,
                                                   message: "a layer of the optional part '\(name)' cannot be called 'none', which means the part left out (hat=none); rename it (it is left out)"))
                case .sticker where file.lowercased().hasSuffix(".png"):
                    let stem = StickerFileKind.stem(file)
                    var choice = Choice(name: stem, file: path, label: nil)
                    let sidecar = "\(partFolder)/\(stem).md"
                    if names.contains("\(stem).md") {
                        let markdown = MarkdownFile(path: sidecar, in: content)
                        result.findings += markdown.findings
                        var reader = FrontMatterReader(markdown.frontMatter, file: sidecar, knownKeys: ["alt", "emoji", "ignore"])
                        choice.label = InvisibleText.visible(reader.string("alt")?.trimmed)
                        let emoji = reader.strings("emoji")?.map(\.trimmed).filter { !$0.isEmpty } ?? []
                        // Checked here, once, not on every combination made with this part.
                        var asSticker = Sticker(slug: stem, source: path, title: stem)
                        asSticker.sidecar = sidecar
                        asSticker.emoji = emoji
                        asSticker.emojiLine = markdown.frontMatter["emoji"]?.line
                        result.findings += EmojiChecks.check(asSticker).map { var finding = $0; finding.sticker = nil; return finding }
                        choice.emoji = EmojiChecks.valid(asSticker)
                        choice.sidecar = sidecar
                        choice.labelLine = markdown.frontMatter["alt"]?.line
                        if choice.label?.isEmpty != false {
                            choice.label = nil
                            result.findings.append(Finding(.error, .missingPartLabel, file: sidecar, line: markdown.frontMatter["alt"]?.line,
                                                           message: "part has no label; add 'alt: what this \(name) shows' (composed labels are made of it)"))
                        } else if let label = choice.label, LabelChecks.isPlaceholder(label, language: source) {
                            // "IMG_2041" went into every composed label ("… in IMG_2041"), which
                            // as a whole is no placeholder: the part's own label is checked here.
                            result.findings.append(Finding(.error, .placeholderLabel, file: sidecar, line: choice.labelLine,
                                                           message: "part's label '\(label)' is a placeholder, read in the label of every sticker made with it; write what this \(name) shows"))
                        }
                        result.findings += reader.findings
                        choice.translations = CatalogLoader.readTranslations(translationFiles[stem] ?? [], source: sidecar, sourceLanguage: source,
                                                                             folder: partFolder, site: site, findings: &result.findings) { path, _ in
                            readTranslation(path, source: sidecar, content: content)
                        }
                    } else {
                        result.findings.append(Finding(.error, .missingPartLabel, file: path,
                                                       message: "part has no label; create \(sidecar) with 'alt: what this \(name) shows' (composed labels are made of it)"))
                    }
                    part.choices.append(choice)
                    switch read(path, content: content) {
                    case .success(let layer):
                        // Layers go into the pack zip's originals/ byte for byte, EXIF and all.
                        if layer.carriesLocation { result.findings.append(ImageChecks.packZipLocationFinding(file: path)) }
                        if let reference, (reference.width, reference.height) != (layer.width, layer.height) {
                            result.findings.append(Finding(.error, .partSizeMismatch, file: path,
                                                           message: "layer is \(layer.width)×\(layer.height) px but \(reference.file) is \(reference.width)×\(reference.height) px; every layer of a parts pack must have the same canvas, so the combinations with this one are not composed"))
                        } else {
                            if reference == nil { reference = (path, layer.width, layer.height) }
                            layers[path] = layer
                            usable.insert(path)
                        }
                    case .failure(let finding):
                        result.findings.append(finding)
                    }
                case .sticker, .unsupportedImage:
                    result.findings.append(Finding(.error, .unsupportedFormat, file: path,
                                                   message: "part layers are PNG images; convert this one to PNG (it is left out)"))
                case .markdown:
                    let stem = StickerFileKind.stem(file)
                    if !stems.contains(stem), TranslationFileName(file).map({ stems.contains($0.stem) }) != true {
                        result.findings.append(Finding(.warning, .orphanSidecar, file: path,
                                                       message: "no layer named '\(stem).png' for this sidecar"))
                    }
                case .other:
                    result.findings.append(Finding(.warning, .ignoredFile, file: path, message: "not a PNG layer or a sidecar; the file is ignored"))
                }
            }
            if part.choices.isEmpty {
                result.findings.append(Finding(.error, .missingPartFolder, file: partFolder,
                                               message: "part '\(name)' has no PNG layers; add at least one (with its sidecar)"))
            }
            result.parts.append(part)
        }

        // Two layers with the same bytes make stickers with the same art; said once, on the layer
        // (the composed stickers' files exist nowhere, so the catalog's duplicate check skips them).
        var firstLayer: [String: String] = [:]
        for choice in result.parts.flatMap(\.choices) {
            guard let sha = layers[choice.file]?.sha else { continue }
            if let earlier = firstLayer[sha] {
                result.findings.append(Finding(.warning, .duplicateImage, file: choice.file,
                                               message: "same image bytes as the layer \(earlier), so the stickers made with them look the same; remove one or change the art"))
            } else {
                firstLayer[sha] = choice.file
            }
        }

        let template = LabelTemplate.make(declaration, parts: declaration.parts, packFile: packFile, findings: &result.findings)
        let templates = translatedTemplates(declaration, source: source, languages: languages, packFile: packFile, packTranslations: packTranslations,
                                            findings: &result.findings)
        let translatedFrom = sourceTemplates(declaration, languages: Array(templates.keys), packTranslations: packTranslations,
                                             findings: &result.findings)
        result.findings += translationFindings(result.parts, source: source, languages: languages)
        let rules = filterRules(declaration: declaration, parts: result.parts, packFile: packFile, findings: &result.findings)
        guard let combinations = selected(result.parts, wanted: rules.wanted, excluded: rules.excluded) else {
            let message = rules.wanted != nil || !rules.excluded.isEmpty
                ? "combinations: and exclude: keep more than the \(maxCombinations) combinations a pack may have; list fewer with combinations: or leave more out with exclude: (none are composed)"
                : "the parts make \(Self.count(result.parts).map { String($0) } ?? "more than \(Int.max)") combinations, more than the \(maxCombinations) a pack may have; list the ones you want with combinations: or leave some out with exclude: (none are composed)"
            result.findings.append(Finding(.error, .tooManyCombinations, file: packFile, line: declaration.combinationsLine ?? declaration.partsLine,
                                           message: message))
            return result
        }
        guard !result.parts.contains(where: { $0.choices.isEmpty && !$0.optional }) else { return result }

        try? FileManager.default.createDirectory(at: derivedFolder, withIntermediateDirectories: true)
        // Each combination's art, named by its layers' hashes. Only the layers of art not made yet
        // are decoded (a restored CI cache, or a second run, decodes none), and those no
        // combination uses, so a damaged one is still said. (Art is made only from layers that
        // decoded, and the same bytes decode the same, so art made is art that can be made.)
        let arts: [[String]: URL] = Dictionary(combinations.map { combination in
            let files = combination.compactMap { $0?.file }
            return (files, derivedFolder.appendingPathComponent(artName(layerHashes: files.map { layers[$0]?.sha ?? "" })))
        }, uniquingKeysWith: { first, _ in first })
        var wanted = Set(usable.subtracting(arts.keys.flatMap { $0 }))
        // Each made art is read and checked once (`isWholePNG`), on every core.
        let whole = Set(ParallelWork.mapBlocking(arts.sorted { $0.value.path < $1.value.path }) { [usable] entry in
            entry.key.allSatisfy(usable.contains) && Self.isWholePNG(entry.value) ? entry.key : nil
        }.compactMap { $0 })
        for (files, _) in arts where files.allSatisfy(usable.contains) && !whole.contains(files) { wanted.formUnion(files) }
        let decoded = ParallelWork.mapBlocking(wanted.sorted()) { [layers] path in (path, Self.decode(path, layers[path]!.data)) }
        var images: [String: (image: RGBAImage, profile: ColourProfile?)] = [:]
        for (path, outcome) in decoded {
            switch outcome {
            case .success(let image): images[path] = image
            case .failure(let finding):
                result.findings.append(finding)
                usable.remove(path)
            }
        }
        let made = ParallelWork.mapBlocking(combinations) { [usable, images, arts, whole, parts = result.parts, templates] combination -> Sticker? in
            let files = combination.compactMap { $0?.file }
            guard files.allSatisfy(usable.contains), let art = arts[files] else { return nil }
            if !whole.contains(files) {
                guard files.allSatisfy({ images[$0] != nil }),
                      let data = Self.composedArt(files.map { images[$0]! }) else { return nil }
                do {
                    try data.write(to: art, options: .atomic)
                } catch {
                    return nil
                }
            }
            var made = sticker(combination, parts: parts, folder: folder, packFile: packFile, template: template,
                               labelLine: declaration.labelLine ?? declaration.partsLine, art: art)
            made.translations = LanguageMap(translations(of: combination, parts: parts, template: template, templates: templates,
                                                         translatedFrom: translatedFrom,
                                                         packTranslations: packTranslations))
            return made
        }
        result.stickers = made.compactMap { $0 }
        result.findings = spreadUnlabelled(result.findings, to: result.stickers, parts: result.parts)
        if result.stickers.count < made.count, !combinations.isEmpty,
           !result.findings.contains(where: { $0.severity == .error }) {
            result.findings.append(Finding(.error, .unreadableFile, file: packFile, line: declaration.partsLine,
                                           message: "could not write composed art into \(derivedFolder.path); check that the folder is writable"))
        }
        return result
    }

    /// A composed sticker made with an unlabelled part has no label either: the part's error
    /// becomes one per such sticker (still at that part's `alt:`, where the fix is), so the pack
    /// downloads leave them out as they leave out any sticker without a label, and the count of
    /// errors is the count of stickers. People see one line for all of them (`FindingPrinter`).
    private static func spreadUnlabelled(_ findings: [Finding], to stickers: [Sticker], parts: [Part]) -> [Finding] {
        var spread: [Finding] = []
        var used = Set<String>()
        for sticker in stickers {
            for made in sticker.composition?.choices ?? [] where made.choice != nil && made.label == nil {
                guard let choice = parts.first(where: { $0.name == made.part })?.choices.first(where: { $0.name == made.choice }),
                      let own = findings.first(where: { $0.code == .missingPartLabel && $0.sticker == nil && $0.file == (choice.sidecar ?? choice.file) })
                else { continue }
                var finding = own
                finding.sticker = sticker.source
                finding.message += "; the stickers made with it have none, so the pack downloads leave them out"
                spread.append(finding)
                used.insert(own.file)
            }
        }
        return findings.filter { !($0.code == .missingPartLabel && $0.sticker == nil && used.contains($0.file)) } + spread
    }

    /// True when `url` is a PNG whose every chunk is whole and has its CRC, up to its IEND: composed
    /// art cut short or damaged in `.peel-cache/parts/` was trusted (even by --no-cache), became a
    /// corrupt-image error on a file that exists nowhere, and was never made again. Its name is its
    /// layers' hash, not its own, so its bytes are checked here (`PNGChunks.isWhole`); only the
    /// signature and IEND were, and 64 bytes overwritten in the middle passed.
    static func isWholePNG(_ url: URL) -> Bool {
        (try? ContentFile.read(url)).map(PNGChunks.isWhole) ?? false
    }

    /// A `combinations:` or `exclude:` entry: the choice each named part must have (nil: none).
    typealias FilterRule = [(index: Int, choice: String?)]

    /// How many combinations the parts make (each part's choices, and none for an optional part,
    /// multiplied); nil past `Int.max`.
    static func count(_ parts: [Part]) -> Int? {
        var total = 1
        for part in parts {
            let (product, overflowed) = total.multipliedReportingOverflow(by: part.choices.count + (part.optional ? 1 : 0))
            if overflowed { return nil }
            total = product
        }
        return total
    }

    /// The combinations `combinations:` keeps (every one when `wanted` is nil) and `exclude:`
    /// leaves, one choice per part (nil for a left-out optional part, listed first), in order;
    /// nil when they are more than `maxCombinations`. Filtered as they are enumerated: a filter
    /// that keeps 50 of 2,500 keeps those 50, where enumerating a capped list first lost every
    /// combination past the cap. A prefix no `combinations:` entry can match, or one an
    /// `exclude:` entry already matches, is not followed further.
    static func selected(_ parts: [Part], wanted: [FilterRule]?, excluded: [FilterRule]) -> [[Choice?]]? {
        let options: [[Choice?]] = parts.map { part in (part.optional ? [nil] : []) + part.choices.map { Optional($0) } }
        var kept: [[Choice?]] = []
        var prefix: [Choice?] = []
        // Enough to enumerate any catalog's filters; past it the filters keep too many to make.
        var budget = 4_000_000
        var tooMany = false
        func visit() {
            guard !tooMany else { return }
            budget -= 1
            if budget < 0 { tooMany = true; return }
            let depth = prefix.count
            if let wanted, !wanted.contains(where: { $0.allSatisfy { $0.index >= depth || prefix[$0.index]?.name == $0.choice } }) { return }
            if excluded.contains(where: { $0.allSatisfy { $0.index < depth && prefix[$0.index]?.name == $0.choice } }) { return }
            guard depth < parts.count else {
                kept.append(prefix)
                if kept.count > maxCombinations { tooMany = true }
                return
            }
            for option in options[depth] {
                prefix.append(option)
                visit()
                prefix.removeLast()
            }
        }
        visit()
        return tooMany ? nil : kept
    }

    /// The `combinations:` and `exclude:` entries as rules (nil `wanted`: no `combinations:`).
    /// An entry is a query as the builder page writes it, `base=cone&topping=sprinkles`: it matches
    /// every combination with those choices (`topping=none`: without a topping).
    static func filterRules(declaration: Declaration, parts: [Part], packFile: String,
                            findings: inout [Finding]) -> (wanted: [FilterRule]?, excluded: [FilterRule]) {
        func conditions(_ entry: String, line: Int?) -> FilterRule? {
            var result: FilterRule = []
            let example = parts.first.map { "\($0.name)=\($0.choices.first?.name ?? "…")" } ?? "base=cone"
            for pair in entry.split(separator: "&", omittingEmptySubsequences: false) {
                let sides = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { String($0).trimmed }
                guard let index = parts.firstIndex(where: { $0.name == sides[0] }), sides.count == 2, !sides[1].isEmpty else {
                    let words = sides[0].isEmpty ? "has an empty condition (an & with nothing after or before it)"
                        : parts.contains(where: { $0.name == sides[0] }) ? "names the part '\(sides[0])' but no choice of it"
                        : "names '\(sides[0])', which is not a part of this pack (parts: \(parts.map(\.name).joined(separator: ", ")))"
                    findings.append(Finding(.error, .invalidValue, file: packFile, line: line,
                                            message: "'\(entry)' \(words); write part=choice pairs joined by &, such as \(example)"))
                    return nil
                }
                let wanted = sides[1]
                if wanted == "none", parts[index].optional {
                    result.append((index, nil))
                } else if parts[index].choices.contains(where: { $0.name == wanted }) {
                    result.append((index, wanted))
                } else {
                    findings.append(Finding(.error, .invalidValue, file: packFile, line: line,
                                            message: "'\(entry)': \(parts[index].name) has no choice '\(wanted)'"))
                    return nil
                }
            }
            return result
        }
        // An entry that matches nothing (`base=cone&base=cup`, a choice in other capitals) is
        // named: it was silent, and the pack ended with no sticker and advice to add images.
        // Its choices exist, so it matches a combination unless it asks one part for two
        // choices, or some part has nothing to choose.
        let everyPartHasAChoice = parts.allSatisfy { $0.optional || !$0.choices.isEmpty }
        func rules(_ entries: [String], line: Int?, key: String) -> [FilterRule] {
            entries.compactMap { entry in
                guard let rule = conditions(entry, line: line) else { return nil }
                let consistent = rule.allSatisfy { condition in rule.allSatisfy { $0.index != condition.index || $0.choice == condition.choice } }
                if !consistent || !everyPartHasAChoice {
                    findings.append(Finding(.warning, .invalidValue, file: packFile, line: line,
                                            message: "\(key): '\(entry)' matches no combination of the parts (choice names are the layers' file names, as written)"))
                }
                return rule
            }
        }
        let wanted = declaration.combinations.map { rules($0, line: declaration.combinationsLine, key: "combinations") }
        return (wanted, rules(declaration.exclude, line: declaration.excludeLine, key: "exclude"))
    }

    private static func sticker(_ combination: [Choice?], parts: [Part], folder: String, packFile: String,
                                template: LabelTemplate, labelLine: Int, art: URL) -> Sticker {
        let chosen = combination.compactMap { $0?.name }
        let stem = chosen.joined(separator: "-")
        var sticker = Sticker(slug: Slug.make(stem), source: "\(folder)/\(chosen.joined(separator: "+")).png",
                              title: chosen.map { CatalogLoader.title(fromStem: $0) }.joined(separator: ", "))
        let choices = zip(parts, combination).map { part, choice in
            Composition.Choice(part: part.name, choice: choice?.name, file: choice?.file, label: choice?.label)
        }
        sticker.sidecar = packFile
        sticker.altLine = labelLine
        for emoji in combination.compactMap({ $0 }).flatMap(\.emoji) where !sticker.emoji.contains(emoji) { sticker.emoji.append(emoji) }
        if choices.allSatisfy({ $0.choice == nil || $0.label != nil }) {
            let label = template.render(choices)
            sticker.alt = label.isEmpty ? nil : label
        }
        sticker.composition = Composition(choices: choices, art: art)
        return sticker
    }

    /// `base/cone.fr.md`: the part's label in one more language.
    private static func readTranslation(_ path: String, source: String, content: ContentPath) -> (Translation, [Finding]) {
        let markdown = MarkdownFile(path: path, in: content)
        var reader = FrontMatterReader(markdown.frontMatter, file: path, knownKeys: ["alt", "translated_from"],
                                       sourceKeys: ["alt", "ignore"], sourceFile: source)
        let translation = Translation(file: path, label: InvisibleText.visible(reader.string("alt")?.trimmed), labelLine: markdown.frontMatter["alt"]?.line,
                                      translatedFrom: reader.string("translated_from")?.trimmed,
                                      translatedFromLine: markdown.frontMatter["translated_from"]?.line)
        return (translation, markdown.findings + reader.findings)
    }

    /// The label template in each other language: `label:` of `pack.<tag>.md`. A pack with a
    /// template and a language without one gets a finding: its stickers have no label in it.
    private static func translatedTemplates(_ declaration: Declaration, source: String, languages: [String], packFile: String,
                                            packTranslations: [String: PackTranslation], findings: inout [Finding]) -> [String: LabelTemplate] {
        guard declaration.label != nil else { return [:] }
        var templates: [String: LabelTemplate] = [:]
        for language in languages {
            let name = LanguageName.of(language)
            guard let translation = packTranslations[language], let text = translation.label else {
                let file = packTranslations[language]?.file ?? "\(packFile.split(separator: "/").dropLast().joined(separator: "/"))/pack.\(language).md"
                findings.append(Finding(.warning, .missingTranslation, file: packFile, line: declaration.labelLine,
                                        message: "no \(name) label template: the pack's stickers have no \(name) labels (VoiceOver reads the \(LanguageName.of(source)) ones); add 'label:' to \(file)",
                                        language: language))
                continue
            }
            var translated = declaration
            translated.label = text
            translated.labelLine = translation.labelLine
            var problems: [Finding] = []
            templates[language] = LabelTemplate.make(translated, parts: declaration.parts, packFile: translation.file, findings: &problems)
            findings += problems.map { var finding = $0; finding.language = language; return finding }
        }
        return templates
    }

    /// Each part label missing or out of date in another language, once, on the part's files.
    private static func translationFindings(_ parts: [Part], source sourceLanguage: String, languages: [String]) -> [Finding] {
        var findings: [Finding] = []
        let source = LanguageName.of(sourceLanguage)
        for part in parts {
            for choice in part.choices {
                guard let label = choice.label, let sidecar = choice.sidecar else { continue }
                for language in languages {
                    let name = LanguageName.of(language)
                    let translation = choice.translations[language]
                    switch TranslationState.of(translation: translation?.label, translatedFrom: translation?.translatedFrom, source: label) {
                    case .missing:
                        let file = translation?.file ?? "\(StickerFileKind.stem(sidecar)).\(language).md"
                        findings.append(Finding(.warning, .missingTranslation, file: sidecar, line: choice.labelLine,
                                                message: "no \(name) label for this part: the stickers made with it have no \(name) label (VoiceOver reads the \(source) one); add 'alt:' to \(file)",
                                                language: language))
                    case .stale:
                        findings.append(Finding(.warning, .staleTranslation, file: translation!.file, line: translation?.translatedFromLine,
                                                message: "the \(name) label was translated from '\(translation?.translatedFrom ?? "")', but the \(source) label is now '\(label)'; update the \(name) label, then translated_from: (every sticker made with this part shows it)",
                                                language: language))
                    case .source, .translated:
                        break
                    }
                }
            }
        }
        return findings
    }

    /// A composed sticker's label in each language whose template and chosen parts' labels are all
    /// there. Its `translated_from:` is the default template over what each part was translated
    /// from: the sticker's label exactly when every part is up to date, so the sticker's state
    /// (translated or stale) is its parts'.
    /// The source-language template each language's was translated from (`label_translated_from:`
    /// in `pack.fr.md`), where it is not the template now: that language's composed labels are out
    /// of date, and one `stale-translation` on its file says so.
    private static func sourceTemplates(_ declaration: Declaration, languages: [String], packTranslations: [String: PackTranslation],
                                        findings: inout [Finding]) -> [String: LabelTemplate] {
        guard let current = declaration.label?.trimmed else { return [:] }
        var old: [String: LabelTemplate] = [:]
        for language in languages.sorted() {
            guard let translation = packTranslations[language], let from = translation.labelTranslatedFrom, from != current else { continue }
            var earlier = declaration
            earlier.label = from
            var ignored: [Finding] = []
            old[language] = LabelTemplate.make(earlier, parts: declaration.parts, packFile: translation.file, findings: &ignored)
            findings.append(Finding(.warning, .staleTranslation, file: translation.file, line: translation.labelTranslatedFromLine,
                                    message: "the \(LanguageName.of(language)) label template was translated from '\(from)', but the template is now '\(current)'; "
                                        + "update label:, then label_translated_from:",
                                    language: language))
        }
        return old
    }

    private static func translations(of combination: [Choice?], parts: [Part], template: LabelTemplate,
                                     templates: [String: LabelTemplate], translatedFrom: [String: LabelTemplate] = [:],
                                     packTranslations: [String: PackTranslation]) -> [String: StickerTranslation] {
        var result: [String: StickerTranslation] = [:]
        for (language, translated) in templates {
            var labels: [Composition.Choice] = []
            var sources: [Composition.Choice] = []
            var complete = true
            for (part, choice) in zip(parts, combination) {
                guard let choice else {
                    labels.append(Composition.Choice(part: part.name, choice: nil, file: nil, label: nil))
                    sources.append(Composition.Choice(part: part.name, choice: nil, file: nil, label: nil))
                    continue
                }
                guard let own = choice.translations[language]?.label else { complete = false; break }
                labels.append(Composition.Choice(part: part.name, choice: choice.name, file: choice.file, label: own))
                sources.append(Composition.Choice(part: part.name, choice: choice.name, file: choice.file,
                                                  label: choice.translations[language]?.translatedFrom ?? choice.label))
            }
            guard complete, let packTranslation = packTranslations[language] else { continue }
            var translation = StickerTranslation(file: packTranslation.file)
            let label = translated.render(labels)
            translation.alt = label.isEmpty ? nil : label
            translation.altLine = packTranslation.labelLine
            // What it was translated from: the parts' and the template's earlier words, where known.
            translation.translatedFrom = (translatedFrom[language] ?? template).render(sources)
            result[language] = translation
        }
        return result
    }

    /// The file name of the art composed from layers with these SHA-256s, bottom first.
    static func artName(layerHashes: [String]) -> String {
        Hex.string(SHA256.hash(data: Data((["\(formatVersion)"] + layerHashes).joined(separator: "|").utf8))) + ".png"
    }

    /// A layer's reading or decoding: what came of it, or the finding that says why not.
    private enum Outcome<Value: Sendable>: Sendable {
        case success(Value)
        case failure(Finding)
    }

    /// A layer read and checked, its pixels not decoded yet.
    private struct Layer: Sendable {
        let data: Data
        let sha: String
        let width: Int
        let height: Int
        let carriesLocation: Bool
    }

    /// `path`'s bytes, hash and canvas (as its IHDR declares it), or why it cannot be a layer.
    private static func read(_ path: String, content: ContentPath) -> Outcome<Layer> {
        // A layer symlinked out of the content folder was read and composed into published
        // stickers, as no other file Peel reads is.
        guard content.relative(content.url(path)) != nil else {
            return .failure(Finding(.error, .pathOutsideContent, file: path,
                                    message: "symlink leads outside the content folder, which Peel never reads out of; the combinations with this layer are not composed: copy the image into the part's folder instead"))
        }
        let data: Data
        do {
            data = try ContentFile.read(content.url(path))
        } catch {
            return .failure(unreadable(path, error))
        }
        // A Git LFS pointer or a PNG Git converted as text says so, as a sticker in that state does.
        if let damage = ImageFormat.transferDamage(in: data) {
            return .failure(Finding(.error, .corruptImage, file: path, message: "cannot read the layer: \(damage); the combinations with it are not composed"))
        }
        // Layers are stills: an APNG's default image alone would be composed, silently.
        if let animation = PNGChunks.animation(in: data), animation.frameCount > 1 {
            return .failure(Finding(.error, .unsupportedFormat, file: path,
                                    message: "the layer is an animated PNG (\(animation.frameCount) frames); parts are composed as still images, so export this layer as a still PNG; the combinations with it are not composed"))
        }
        guard data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), let size = PNGChunks.declaredSize(in: data) else {
            // Not a PNG to begin with: decoding says why in the words every image error uses.
            if case .failure(let finding) = decode(path, data) { return .failure(finding) }
            return .failure(Finding(.error, .corruptImage, file: path, message: "cannot read the layer: it is not a PNG image; the combinations with it are not composed"))
        }
        return .success(Layer(data: data, sha: Hex.string(SHA256.hash(data: data)), width: size.width, height: size.height,
                              carriesLocation: EXIFLocation.isPresent(in: data)))
    }

    /// The composed PNG of `layers` (bottom first), in their colour: layers drawn in one profile
    /// (Display P3, as Procreate and Photoshop save iPad art) are composed as they are and the art
    /// carries that profile, as `peel fit` keeps a sticker's; layers in different profiles are
    /// each converted to sRGB first. The art was untagged, so P3 numbers showed as sRGB, washed out.
    static func composedArt(_ layers: [(image: RGBAImage, profile: ColourProfile?)]) -> Data? {
        let shared = layers.allSatisfy { $0.profile == layers.first?.profile }
        let images = shared ? layers.map(\.image) : layers.map { SRGBConversion.convert($0.image, from: $0.profile) }
        guard let image = PartsCompositor.compose(images),
              let data = try? PNGCodec.encode(image, compression: .fast, alpha: true) else { return nil }
        guard shared, let profile = layers.first?.profile else { return data }
        return PNGChunks.inserting([profile.pngChunk], into: data)
    }

    private static func decode(_ path: String, _ data: Data) -> Outcome<(image: RGBAImage, profile: ColourProfile?)> {
        do {
            // Turned upright by its `eXIf` orientation, as a sticker's own PNG is (and as Messages shows it).
            let image = try PNGCodec.decode(data, maxPixels: ImageAnalyzer.defaultMaxPixels).0
            return .success((EXIFOrientation.read(from: data).apply(to: image), ColourProfile.embedded(in: data)))
        } catch {
            return .failure(unreadable(path, error))
        }
    }

    private static func unreadable(_ path: String, _ error: Error) -> Finding {
        Finding(.error, .corruptImage, file: path,
                message: "cannot read the layer: \(SystemErrorText.describe(error)); the combinations with it are not composed")
    }
}
