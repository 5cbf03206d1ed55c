import Foundation

/// Turns the catalog and what the image step learnt into page models, and renders them.
struct PageRenderer: Sendable {
    let catalog: Catalog
    let assets: [String: StickerAssets]   // keyed by sticker source path
    let templates: TemplateSet
    /// Findings per sticker source path.
    let findings: [String: [Finding]]
    /// Everything the checks found (for counts and for what no sticker page shows).
    let checked: Review

    /// Generated app icons per pack slug.
    let icons: [String: [PackIcon]]
    /// Pack archive sizes in bytes, by pack slug.
    let archives: PackDownloads
    /// What was read in each sticker's art, by sticker source path; empty when the art checks did not run.
    let artText: [String: ArtTextReading]
    /// One review page, or a page per pack.
    let reviewLayout: ReviewLayout
    /// `catalog.translatedLanguages`, worked out once: it walks every pack, and every review row
    /// asked for it (a quarter of a 4,000-pack build's time).
    let translatedLanguages: [String]
    /// The review page's language (the default one, whose pages it links), made once.
    let reviewLanguage: PageLanguage
    /// `stillOriginals`, made once: a flashing sticker's original and the poster shown for it.
    let stillOriginals: [String: String]

    init(review: Review, icons: [String: [PackIcon]] = [:], archives: PackDownloads = PackDownloads(),
         artText: [String: ArtTextReading] = [:], templates: TemplateSet,
         reviewStickersOnOnePage: Int = ReviewLayout.defaultStickersOnOnePage) {
        self.icons = icons
        reviewLayout = ReviewLayout(stickerCount: review.catalog.stickerCount, stickersOnOnePage: reviewStickersOnOnePage)
        self.archives = archives
        self.artText = artText
        catalog = review.catalog
        assets = review.assets
        self.templates = templates
        findings = review.findingsBySticker
        checked = review
        translatedLanguages = review.catalog.translatedLanguages
        // The label review's template is English (its words, and the findings it lists): its
        // body says so on a site in another language, and every catalog text on it its own `lang`.
        reviewLanguage = PageLanguage(tag: review.catalog.site.defaultLanguage, site: review.catalog.site, templates: templates, words: "en")
        stillOriginals = Self.stillOriginals(review.catalog, review.assets)
    }

    /// `lang` of a pack's texts on the review page (in the default language, not translated).
    func reviewLang(of pack: Pack) -> String? {
        reviewLanguage.lang(of: pack.language ?? catalog.site.defaultLanguage)
    }

    /// The backgrounds Apple's HIG asks artists to try their art on: each swatch's string-table
    /// key (its name in the page's language) and CSS class.
    static let backgrounds = [
        (name: TranscriptBackground.light.swatchNameKey, cssClass: TranscriptBackground.light.swatchClass),
        (name: TranscriptBackground.dark.swatchNameKey, cssClass: TranscriptBackground.dark.swatchClass),
        (name: "swatchRed", cssClass: "bg-red"),
        (name: "swatchYellow", cssClass: "bg-yellow"),
        (name: "swatchMulticoloured", cssClass: "bg-multi"),
        (name: "swatchTransparency", cssClass: "bg-checker"),
    ]

    /// The page language for `tag` (nil: the default language, whose pages are at the root).
    func language(_ tag: String? = nil) -> PageLanguage {
        PageLanguage(tag: tag ?? catalog.site.defaultLanguage, site: catalog.site, templates: templates)
    }

    /// The site's texts in `language`, the default language's standing in where one is missing;
    /// the intro's and footer's links made from `page` (see `MarkdownLinks`) when it is given.
    func site(in language: PageLanguage, on page: String? = nil, root: String? = nil) -> SiteModel {
        var info = catalog.site
        if let page {
            info.introHTML = linked(info.introHTML, on: page, language: language, root: root)
            info.footerHTML = linked(info.footerHTML, on: page, language: language, root: root)
        }
        guard !language.isDefault else {
            let own = language.ownLang
            return SiteModel(title: info.title, description: info.description, language: info.language,
                             introHTML: info.introHTML, footerHTML: info.footerHTML,
                             titleLang: own, descriptionLang: own, introLang: own, footerLang: own)
        }
        if let page, var translation = info.translations[language.tag] {
            translation.introHTML = linked(translation.introHTML, on: page, language: language, root: root)
            translation.footerHTML = translation.footerHTML.map { linked($0, on: page, language: language, root: root) }
            info.translations[language.tag] = translation
        }
        let translation = info.translations[language.tag]
        let stand = language.lang(of: language.source)
        let title = translation?.title, description = translation?.description
        let intro = translation.map(\.introHTML).flatMap { $0.isEmpty ? nil : $0 }
        let footer = translation?.footerHTML.flatMap { $0.isEmpty ? nil : $0 }
        return SiteModel(title: title ?? info.title, description: description ?? info.description, language: language.tag,
                         introHTML: intro ?? info.introHTML, footerHTML: footer ?? info.footerHTML,
                         titleLang: title == nil ? stand : language.ownLang,
                         descriptionLang: description == nil && info.description != nil ? stand : language.ownLang,
                         introLang: intro == nil && !info.introHTML.isEmpty ? stand : language.ownLang,
                         footerLang: footer == nil && !info.footerHTML.isEmpty ? stand : language.ownLang)
    }

    /// Whether `language`'s pages show `pack`'s own texts: the pack is written in it (the default
    /// language, or its `language:`), so they are not a translation.
    func showsOwnTexts(of pack: Pack, in language: PageLanguage) -> Bool {
        language.tag == catalog.site.sourceLanguage(of: pack)
    }

    /// A pack's title and description in `language`.
    func texts(of pack: Pack, in language: PageLanguage) -> (title: LocalizedText, description: LocalizedText) {
        let own = pack.language
        guard !showsOwnTexts(of: pack, in: language) else {
            let lang = language.lang(of: own ?? language.tag)
            return (LocalizedText(text: pack.title, lang: lang), LocalizedText(text: pack.descriptionHTML, lang: lang))
        }
        let translation = pack.translations[language.tag]
        let stand = language.lang(of: own ?? language.source)
        let title = translation?.title.map { LocalizedText(text: $0, lang: language.ownLang) } ?? LocalizedText(text: pack.title, lang: stand)
        let description = translation.flatMap { $0.descriptionHTML.isEmpty ? nil : LocalizedText(text: $0.descriptionHTML, lang: language.ownLang) }
            ?? LocalizedText(text: pack.descriptionHTML, lang: pack.descriptionHTML.isEmpty ? nil : stand)
        return (title, description)
    }

    /// A sticker's words in `language`: each the translation's, or its own (its pack's language's) with their `lang`.
    func texts(of sticker: Sticker, in pack: Pack, language: PageLanguage)
        -> (title: LocalizedText, alt: LocalizedText?, description: LocalizedText, tags: [String], tagsLang: String?) {
        let own = pack.language
        guard !showsOwnTexts(of: pack, in: language) else {
            let lang = language.lang(of: own ?? language.tag)
            return (LocalizedText(text: sticker.title, lang: lang), sticker.alt.map { LocalizedText(text: $0, lang: lang) },
                    LocalizedText(text: sticker.descriptionHTML, lang: lang), sticker.tags, lang)
        }
        let translation = sticker.translations[language.tag]
        let stand = language.lang(of: own ?? language.source)
        let title = translation?.title.map { LocalizedText(text: $0, lang: language.ownLang) } ?? LocalizedText(text: sticker.title, lang: stand)
        let alt = translation?.alt.map { LocalizedText(text: $0, lang: language.ownLang) } ?? sticker.alt.map { LocalizedText(text: $0, lang: stand) }
        let description = translation.flatMap { $0.descriptionHTML.isEmpty ? nil : LocalizedText(text: $0.descriptionHTML, lang: language.ownLang) }
            ?? LocalizedText(text: sticker.descriptionHTML, lang: sticker.descriptionHTML.isEmpty ? nil : stand)
        if let tags = translation?.tags, !tags.isEmpty { return (title, alt, description, tags, language.ownLang) }
        return (title, alt, description, sticker.tags, sticker.tags.isEmpty ? nil : stand)
    }

    /// A part choice's label on a page in `language`: its translation (`base/cone.fr.md`), else
    /// the label it was written with, marked in the pack's language (the composed label above it
    /// is already the translated one); "none" in the page's words for an optional part left out.
    func choiceLabel(_ choice: PartsPack.Choice?, in pack: Pack, language: PageLanguage) -> LocalizedText {
        guard let choice else { return LocalizedText(text: language.chrome["builderNone"], lang: nil) }
        let written = choice.label ?? choice.name
        if showsOwnTexts(of: pack, in: language) { return LocalizedText(text: written, lang: language.lang(of: pack.language ?? language.tag)) }
        if let translated = choice.translations[language.tag]?.label { return LocalizedText(text: translated, lang: language.ownLang) }
        return LocalizedText(text: written, lang: language.lang(of: pack.language ?? language.source))
    }

    /// The language of a parts pack's part names (its folders' names, which have no translations).
    func partNameLang(of pack: Pack, in language: PageLanguage) -> String? {
        showsOwnTexts(of: pack, in: language) ? language.lang(of: pack.language ?? language.tag) : language.lang(of: pack.language ?? language.source)
    }

    /// The "not yet translated" / "may be out of date" note of a sticker's label in `language`.
    func translationNote(for sticker: Sticker, in pack: Pack, language: PageLanguage) -> TranslationNoteModel? {
        let source = catalog.site.sourceLanguage(of: pack)
        guard language.tag != source else { return nil }
        let names = ["language": language.name(of: language.tag), "source": language.name(of: catalog.site.writtenLanguage(of: pack))]
        switch sticker.labelState(in: language.tag, source: source) {
        case .missing:
            return TranslationNoteModel(state: "missing", badge: language.chrome["notTranslated"],
                                        note: language.chrome.format("notTranslatedNote", names))
        case .stale:
            return TranslationNoteModel(state: "stale", badge: language.chrome["mayBeOutdated"],
                                        note: language.chrome.format("staleNote", names))
        case .source, .translated:
            return nil
        }
    }

    /// Wraps a page's own model with what every page has. `path` is the page's place in the
    /// default language's site; `translatable` pages exist in every language (not the review page).
    /// `absoluteRoot` ("/stickers/") makes every link start from the site's root on its host
    /// instead of from the page (the 404 page); `shared` false leaves out the link-preview tags.
    func pageModel<Content: Encodable>(_ page: Content, path: String, language: PageLanguage, translatable: Bool = true,
                                       title: String, description: String?, socialType: String, socialTitle: String,
                                       image: SocialImageModel?, absoluteRoot: String? = nil, shared: Bool = true) -> PageModel<Content> {
        let localized = language.path(path)
        let relative = { (target: String, page: String) in absoluteRoot.map { $0 + target } ?? self.relative(target, from: page) }
        let languages = translatable ? catalog.site.languages : []
        let place = { (tag: String) in tag == self.catalog.site.defaultLanguage ? path : "\(tag)/\(path)" }
        let href = { (tag: String) in self.socialLinks.url(place(tag)) ?? relative(place(tag), localized) }
        var alternates = languages.map { AlternateModel(hreflang: $0, href: href($0)) }
        if let first = languages.first { alternates.append(AlternateModel(hreflang: "x-default", href: href(first))) }
        let switcher = languages.map { tag in
            let named = LanguageName.nativeOrEnglish(tag)
            return SwitcherModel(href: relative(place(tag), localized), code: tag, dir: TextDirection.attribute(for: tag),
                                 name: named.isOwn ? Self.capitalized(named.name, in: tag) : named.name,
                                 nameLang: named.isOwn ? tag : "en", nameDir: named.isOwn ? TextDirection.attribute(for: tag) : nil,
                                 current: tag == language.tag)
        }
        let wordsDirection = TextDirection.of(language.chrome.language)
        let languageModel = PageLanguageModel(code: language.tag, dir: TextDirection.attribute(for: language.tag),
                                              home: relative(language.path(SitePaths.home), localized),
                                              alternates: alternates, switcher: switcher, hasSwitcher: switcher.count > 1,
                                              chromeLang: language.chrome.language == language.tag ? nil : language.chrome.language,
                                              chromeDir: wordsDirection == TextDirection.of(language.tag) ? nil : wordsDirection.rawValue,
                                              englishLang: language.tag.lowercased().split(separator: "-").first == "en" ? nil : "en")
        return PageModel(site: site(in: language, on: localized, root: absoluteRoot), root: absoluteRoot ?? SitePaths.root(from: localized),
                         pageTitle: title, pageDescription: description,
                         social: shared ? social(type: socialType, title: socialTitle, description: description, page: localized,
                                                 image: image, language: language.tag) : nil,
                         page: page, pageLanguage: languageModel, t: ChromeTable(strings: language.chrome.table))
    }

    /// "français" -> "Français": a language's name starts a switcher entry.
    static func capitalized(_ name: String, in tag: String) -> String {
        guard let first = name.first else { return name }
        return String(first).uppercased(with: Locale(identifier: tag)) + name.dropFirst()
    }

    func home(in tag: String? = nil) -> PageSource {
        let language = language(tag)
        let page = language.path(SitePaths.home)
        let cards = catalog.packs.map { pack -> PackCardModel in
            let cover = pack.coverIndex.map { image(for: pack.stickers[$0], in: pack, from: page, decorative: false) }
            return PackCardModel(href: relative(language.path(SitePaths.packPage(pack)), from: page), title: texts(of: pack, in: language).title.text,
                                 lang: texts(of: pack, in: language).title.lang, count: pack.stickers.count,
                                 countLabel: language.chrome.stickerCount(pack.stickers.count), size: pack.size.rawValue,
                                 sizePixels: pack.size.pixels, cover: cover)
        }
        let coverImage = catalog.packs.lazy.compactMap { pack in
            pack.coverIndex.flatMap { self.socialImage(for: pack.stickers[$0], in: pack,
                                                       alt: self.texts(of: pack.stickers[$0], in: pack, language: language).alt?.text) }
        }.first
        let site = site(in: language)
        let model = pageModel(HomeModel(packs: cards, hasPacks: !cards.isEmpty, stickerCount: catalog.stickerCount,
                                        stickerCountLabel: language.chrome.stickerCount(catalog.stickerCount)),
                              path: SitePaths.home, language: language, title: site.title, description: site.description,
                              socialType: "website", socialTitle: site.title, image: coverImage)
        return PageSource(template: "home", model: model)
    }

    /// The page a static host shows for an address the site does not have (`SitePaths.notFound`),
    /// in the default language, with a link to each pack. Hosts show it at any depth
    /// ("/stickers/old-pack/gone.html"), so its links start from the site's root: the path of
    /// `base_url`. Without one, where the site lives on its host is not known (a GitHub project
    /// page is below the host's root, a custom domain at it), and no links can be made: nil then.
    func notFound() -> PageSource? {
        guard let root = socialLinks.base.flatMap({ URLComponents(string: $0)?.percentEncodedPath }), root.hasPrefix("/") else { return nil }
        let language = language()
        let packs = catalog.packs.map { pack in
            let title = texts(of: pack, in: language).title
            return NotFoundPackModel(href: root + SitePaths.packPage(pack), title: title.text, lang: title.lang)
        }
        let model = pageModel(NotFoundModel(home: root + SitePaths.home, packs: packs, hasPacks: !packs.isEmpty),
                              path: SitePaths.notFound, language: language, translatable: false,
                              title: "\(language.chrome["notFoundTitle"]) – \(site(in: language).title)", description: nil,
                              socialType: "website", socialTitle: "", image: nil, absoluteRoot: root, shared: false)
        return PageSource(template: "not-found", model: model)
    }

    func pack(_ pack: Pack, in tag: String? = nil) -> PageSource {
        let language = language(tag)
        let page = language.path(SitePaths.packPage(pack))
        let chrome = language.chrome
        let cards = pack.stickers.map { sticker in
            let words = texts(of: sticker, in: pack, language: language)
            return StickerCardModel(href: relative(language.path(SitePaths.stickerPage(pack, sticker)), from: page),
                             cardTitleLang: words.title.lang, labelLang: words.alt?.lang,
                             translationBadge: translationNote(for: sticker, in: pack, language: language)?.badge,
                             slug: sticker.slug, title: words.title.text,
                             searchText: ([words.title.text, words.alt?.text ?? ""] + words.tags).joined(separator: " "),
                             image: image(for: sticker, in: pack, from: page, decorative: false, alt: words.alt?.text),
                             isAnimated: assets[sticker.source]?.info?.isAnimated ?? false,
                             errorLabel: errorLabel(for: sticker), label: words.alt?.text ?? "",
                             large: large(sticker, in: pack, from: page, alt: words.alt?.text),
                             findings: findingModels(for: sticker), hasFindings: !(findings[sticker.source] ?? []).isEmpty)
        }
        var facts = [
            FactModel(name: chrome["factSizeClass"], value: "\(pack.size.rawValue) (\(pack.size.pixels) × \(pack.size.pixels) px)", english: true),
            FactModel(name: chrome["factContexts"], value: pack.contexts.map(\.rawValue).joined(separator: ", "), english: true),
            FactModel(name: chrome["factStickers"], value: "\(pack.stickers.count)"),
        ]
        if let author = pack.author { facts.append(FactModel(name: chrome["factAuthor"], value: author)) }
        if let license = pack.license { facts.append(FactModel(name: chrome["factLicense"], value: license)) }
        let count = chrome.stickerCount(cards.count)
        let description = pack.author.map { chrome.format("packDescriptionBy", ["count": count, "author": $0]) }
            ?? chrome.format("packDescription", ["count": count])
        let words = texts(of: pack, in: language)
        let site = site(in: language)
        let model = pageModel(PackPageModel(title: words.title.text,
                                            lang: showsOwnTexts(of: pack, in: language) ? language.lang(of: pack.language ?? language.tag) : nil,
                                            descriptionHTML: linked(words.description.text, on: page, language: language),
                                            titleLang: words.title.lang, descriptionLang: words.description.lang,
                                            titleNote: pack.titleState(in: language.tag, site: catalog.site) == .stale
                                                ? TranslationNoteModel(state: "stale", badge: language.chrome["mayBeOutdated"], note: "") : nil,
                                            facts: facts,
                                            stickers: cards, count: cards.count, countLabel: count,
                                            icons: iconModels(for: pack, from: page),
                                            hasIcons: !(icons[pack.slug] ?? []).isEmpty,
                                            iconSetJSON: relative("\(SitePaths.packIcons(pack))/Contents.json", from: page),
                                            download: archives[pack.slug].map { bytes in
                                                LinkModel(href: relative(SitePaths.packArchive(pack), from: page),
                                                          title: "\(pack.slug).zip, \(ByteCount.format(bytes))")
                                            },
                                            downloadNote: archives[pack.slug] == nil ? nil : downloadNote(for: pack, chrome: chrome),
                                            builder: pack.stickers.contains { $0.composition != nil }
                                                ? LinkModel(href: relative(language.path(SitePaths.builderPage(pack)), from: page),
                                                            title: chrome["builderLink"]) : nil,
                                            transcript: transcript(ofCoverOf: pack, cards: cards, language: language),
                                            readiness: readinessRows(pack, language: language, from: page),
                                            hasReadiness: !pack.stickers.isEmpty),
                              path: SitePaths.packPage(pack), language: language, title: "\(words.title.text) – \(site.title)",
                              description: description, socialType: "article", socialTitle: words.title.text,
                              image: pack.coverIndex.flatMap { socialImage(for: pack.stickers[$0], in: pack,
                                                                           alt: texts(of: pack.stickers[$0], in: pack, language: language).alt?.text) })
        return PageSource(template: "pack", model: model)
    }

    func sticker(at index: Int, in pack: Pack, language tag: String? = nil) -> PageSource {
        let language = language(tag)
        let sticker = pack.stickers[index]
        let page = language.path(SitePaths.stickerPage(pack, sticker))
        let asset = assets[sticker.source]
        let info = asset?.info
        let chrome = language.chrome
        var facts: [FactModel] = []
        if let info {
            facts.append(FactModel(name: chrome["factFormat"], value: info.format.rawValue.uppercased()))
            facts.append(FactModel(name: chrome["factPixelSize"], value: "\(info.width) × \(info.height) px"))
            facts.append(FactModel(name: chrome["factFileSize"], value: "\(ByteCount.format(info.bytes)) (\(ByteCount.grouped(info.bytes)) bytes)",
                                   english: true))
            facts.append(FactModel(name: chrome["factFrames"], value: info.isAnimated ? "\(info.frameCount) (animated)" : "1 (still)", english: true))
            if info.isAnimated { facts.append(FactModel(name: chrome["factAnimation"], value: Self.animation(info), english: true)) }
            facts.append(FactModel(name: chrome["factTransparency"], value: Self.transparency(info), english: true))
        }
        facts.append(FactModel(name: chrome["factPackSizeClass"], value: "\(pack.size.rawValue) (\(pack.size.pixels) × \(pack.size.pixels) px)",
                               english: true))
        if let info { facts.append(FactModel(name: "SHA-256", value: info.sha256, isCode: true)) }

        let words = texts(of: sticker, in: pack, language: language)
        let packWords = texts(of: pack, in: language)
        let ownTexts = showsOwnTexts(of: pack, in: language)
        let link = { (other: Sticker) -> LinkModel in
            let title = self.texts(of: other, in: pack, language: language).title
            return LinkModel(href: self.relative(language.path(SitePaths.stickerPage(pack, other)), from: page), title: title.text,
                             linkLang: ownTexts ? nil : title.lang)
        }
        let alt = words.alt?.text
        let preview = shown(ImageModel(src: relative(SitePaths.original(pack, sticker), from: page), srcset: nil,
                                       posterSrcset: asset?.poster.map { relative($0, from: page) },
                                       width: info?.width ?? pack.size.pixels, height: info?.height ?? pack.size.pixels,
                                       alt: alt ?? "", readable: info != nil, lightCard: lightCard(sticker, in: pack),
                                       cardColor: pack.background), of: sticker)
        let model = StickerPageModel(
            title: words.title.text, lang: ownTexts ? language.lang(of: pack.language ?? language.tag) : nil, alt: alt, altLength: alt?.count ?? 0,
            altLimit: LabelChecks.maximumLength,
            descriptionHTML: linked(words.description.text, on: page, language: language),
            titleLang: words.title.lang, altLang: words.alt?.lang, descriptionLang: words.description.lang, tagsLang: words.tagsLang,
            positionLabel: chrome.format("position", ["position": "\(index + 1)", "count": "\(pack.stickers.count)"]),
            altMeta: chrome.format("labelMeta", ["length": "\(alt?.count ?? 0)", "limit": "\(LabelChecks.maximumLength)"]),
            translation: translationNote(for: sticker, in: pack, language: language),
            preview: preview,
            swatchImage: image(for: sticker, in: pack, from: page, decorative: true),
            original: relative(SitePaths.original(pack, sticker), from: page), originalName: sticker.fileName,
            facts: facts, tags: words.tags, hasTags: !words.tags.isEmpty,
            pack: LinkModel(href: relative(language.path(SitePaths.packPage(pack)), from: page), title: packWords.title.text,
                            linkLang: ownTexts ? nil : packWords.title.lang),
            previous: index > 0 ? link(pack.stickers[index - 1]) : nil,
            next: index + 1 < pack.stickers.count ? link(pack.stickers[index + 1]) : nil,
            position: index + 1, count: pack.stickers.count, backgrounds: backgrounds(for: sticker, chrome: language.chrome),
            isAnimated: info?.isAnimated ?? false, readable: info != nil,
            sidecarError: sticker.alt == nil ? sticker.sidecarError.map(Self.findingModel) : nil,
            findings: findingModels(for: sticker), hasFindings: !(findings[sticker.source] ?? []).isEmpty,
            artText: ArtTextModel(artText[sticker.source]),
            madeOf: sticker.composition.map { composition in
                composition.choices.map { made in
                    let choice = made.choice.flatMap { name in pack.parts.first { $0.name == made.part }?.choices.first { $0.name == name } }
                    let label = made.choice != nil && choice == nil ? LocalizedText(text: made.label ?? made.choice!, lang: nil)
                        : choiceLabel(choice, in: pack, language: language)
                    return MadeOfModel(part: made.part, partLang: partNameLang(of: pack, in: language), label: label.text, labelLang: label.lang)
                }
            },
            isComposed: sticker.composition != nil,
            builder: sticker.composition == nil ? nil
                : LinkModel(href: relative(language.path(SitePaths.builderPage(pack)), from: page), title: chrome["builderLink"]),
            transcript: info == nil ? nil
                : shown(TranscriptModel(src: relative(SitePaths.original(pack, sticker), from: page), srcset: nil,
                                        // With its width, as `sizes` beside it asks of every candidate.
                                        posterSrcset: asset?.poster.map { "\(relative($0, from: page)) \(info?.width ?? pack.size.pixels)w" },
                                        points: pack.size.points,
                                        alt: alt ?? "", altLang: words.alt?.lang, hint: transcriptHint(pack, language: language)), of: sticker))
        let site = site(in: language)
        let pageModel = pageModel(model, path: SitePaths.stickerPage(pack, sticker), language: language,
                                  title: "\(words.title.text) – \(packWords.title.text) – \(site.title)", description: alt,
                                  socialType: "article", socialTitle: "\(words.title.text) – \(packWords.title.text)",
                                  image: socialImage(for: sticker, in: pack, alt: alt))
        return PageSource(template: "sticker", model: pageModel)
    }

    /// The builder page of the composed sticker at `index` (see `BuilderPageModel`); at the
    /// builder's index when `isIndex`.
    /// The pack page's transcript preview: its cover sticker, with the thumbnails its card on the
    /// page already loads (no image more to fetch).
    private func transcript(ofCoverOf pack: Pack, cards: [StickerCardModel], language: PageLanguage) -> TranscriptModel? {
        guard let index = pack.coverIndex, cards.indices.contains(index), cards[index].image.readable else { return nil }
        let card = cards[index]
        return TranscriptModel(src: card.image.src, srcset: card.image.srcset, posterSrcset: card.image.posterSrcset,
                               points: pack.size.points, alt: card.label, altLang: card.labelLang,
                               hint: transcriptHint(pack, language: language))
    }

    /// The pack page's readiness table: a row per platform of site.md's `platforms:`, after the
    /// stickers. iMessage's download is the pack's zip, offered above: alone in the table, its row
    /// does not offer it again (visitors took the two links for two files).
    private func readinessRows(_ pack: Pack, language: PageLanguage, from page: String) -> [ReadinessRowModel] {
        guard !pack.stickers.isEmpty else { return [] }
        let chrome = language.chrome
        let rows = PlatformReadiness.of(pack, in: checked, downloads: archives)
        return rows.map { row in
            let status = switch row.state {
            case .ready: chrome["readinessReady"]
            case .changes: chrome.format(row.changes == 1 ? "readinessChangesOne" : "readinessChangesOther", ["count": "\(row.changes)"])
            case .blocked: chrome["readinessBlocked"]
            }
            let offered = row.platform == .imessage && rows.count == 1 ? nil : archives[SitePaths.platformArchiveKey(pack, row.platform)]
            let download = offered.map { bytes in
                LinkModel(href: relative(SitePaths.platformArchive(pack, row.platform), from: page),
                          title: chrome.format("readinessDownload", ["platform": row.platform.name, "size": ByteCount.format(bytes)]))
            }
            return ReadinessRowModel(platform: row.platform.name, state: row.state.rawValue, status: status, reasons: row.reasons,
                                     hasReasons: !row.reasons.isEmpty, platformDownload: download)
        }
    }

    /// "Shown at its true size: 136 × 136 pt, as Messages shows a regular sticker."
    private func transcriptHint(_ pack: Pack, language: PageLanguage) -> String {
        language.chrome.format("transcriptHint", ["size": "\(pack.size.points)", "class": pack.size.rawValue])
    }

    /// A parts pack's builder page for one combination (`isIndex`: the pack's builder index,
    /// showing the first): every choice of every part is a link to the page of the combination it
    /// makes, and with JavaScript a form (builder.js) keeps the choice in the URL query.
    func builder(at index: Int, in pack: Pack, isIndex: Bool, language tag: String? = nil) -> PageSource {
        let language = language(tag)
        let chrome = language.chrome
        let sticker = pack.stickers[index]
        let path = isIndex ? SitePaths.builderPage(pack) : SitePaths.builderPage(pack, sticker)
        let page = language.path(path)
        let current = sticker.composition?.choices.map(\.choice) ?? []
        var byChoices: [[String?]: Sticker] = [:]
        for other in pack.stickers {
            if let choices = other.composition?.choices.map(\.choice) { byChoices[choices] = other }
        }
        let parts = pack.parts.enumerated().map { position, part in
            let options: [PartsPack.Choice?] = (part.optional ? [nil] : []) + part.choices.map { Optional($0) }
            let choices = options.enumerated().map { number, option in
                var wanted = current
                if position < wanted.count { wanted[position] = option?.name }
                let target = byChoices[wanted]
                let label = choiceLabel(option, in: pack, language: language)
                return BuilderChoiceModel(part: part.name, id: "part-\(position)-\(number)", value: option?.name ?? "none",
                                          label: label.text, labelLang: label.lang,
                                          href: target.map { relative(language.path(SitePaths.builderPage(pack, $0)), from: page) },
                                          current: position < current.count && current[position] == option?.name)
            }
            return BuilderPartModel(name: CatalogLoader.title(fromStem: part.name), nameLang: partNameLang(of: pack, in: language),
                                    part: part.name, choices: choices)
        }
        let words = texts(of: sticker, in: pack, language: language)
        let packWords = texts(of: pack, in: language)
        let alt = words.alt?.text
        let preview = image(for: sticker, in: pack, from: page, decorative: false, alt: alt)
        let heading = chrome.format("builderHeading", ["pack": packWords.title.text])
        let ownTexts = showsOwnTexts(of: pack, in: language)
        let model = BuilderPageModel(lang: ownTexts ? language.lang(of: pack.language ?? language.tag) : nil,
                                     pack: LinkModel(href: relative(language.path(SitePaths.packPage(pack)), from: page),
                                                     title: packWords.title.text, linkLang: ownTexts ? nil : packWords.title.lang),
                                     heading: heading, preview: preview, alt: alt ?? "", altLang: words.alt?.lang,
                                     sticker: relative(language.path(SitePaths.stickerPage(pack, sticker)), from: page),
                                     action: relative(language.path(SitePaths.builderPage(pack, sticker)), from: page), parts: parts)
        let site = site(in: language)
        let pageModel = pageModel(model, path: path, language: language, title: "\(heading) – \(site.title)", description: alt,
                                  socialType: "website", socialTitle: heading, image: socialImage(for: sticker, in: pack, alt: alt))
        return PageSource(template: "builder", model: pageModel)
    }

    func review() -> PageSource {
        PageSource(template: "review", model: reviewModel())
    }

    /// The review page's model: a row per sticker of the catalog (or the packs' summary, when the
    /// review has a page per pack).
    func reviewModel() -> PageModel<ReviewModel> {
        reviewParts().whole
    }

    /// The review page's model in parts: everything but the rows, and the rows made a part at a
    /// time (`ReviewPageStream`), so a large catalog's rows are never all held.
    ///
    /// `pack` nil is `review/index.html`: every sticker's row, or, when the review has a page per
    /// pack (`reviewLayout`), the packs' counts and no rows. A pack's index is that pack's page.
    func reviewParts(pack packIndex: Int? = nil) -> ReviewPageParts {
        let packs = packIndex.map { [$0] } ?? Array(catalog.packs.indices)
        let page = packIndex.map { SitePaths.reviewPage(catalog.packs[$0]) } ?? SitePaths.reviewPage
        var stickers: [ReviewPageParts.Place] = []
        var status = StatusCounts()
        var codeSet = Set<String>()
        for packIndex in packs {
            for (stickerIndex, sticker) in catalog.packs[packIndex].stickers.enumerated() {
                stickers.append(.init(pack: packIndex, sticker: stickerIndex))
                let all = findings[sticker.source] ?? []
                codeSet.formUnion(all.map(\.code.rawValue))
                status.add(all)
            }
        }
        // A pack's page counts that pack's findings; the first page, the catalog's (as `peel check` does).
        let summary = packIndex.map { index in
            ReviewSummary(findings: stickers.flatMap { findings[catalog.packs[index].stickers[$0.sticker].source] ?? [] },
                          packs: 1, stickers: stickers.count)
        } ?? checked.summary
        let onPackPage = packIndex != nil
        var model = ReviewModel(rows: [], stickerCount: stickers.count, summaryLine: summary.line,
                                errorCount: summary.errors, warningCount: summary.warnings,
                                stickersWithErrors: status.errors, stickersWithWarnings: status.warnings,
                                suppressedCount: summary.suppressed, suppressedLabel: plural(summary.suppressed, "finding"),
                                hasSuppressed: summary.suppressed > 0, cleanCount: status.clean,
                                catalogFindings: onPackPage ? [] : catalogFindingModels(notes: false),
                                hasCatalogFindings: !onPackPage && !checked.catalogFindings.isEmpty,
                                limit: LabelChecks.maximumLength, csvHref: relative(SitePaths.reviewCSV, from: page),
                                packs: packs.map { OptionModel(value: catalog.packs[$0].slug, label: catalog.packs[$0].title,
                                                               lang: reviewLang(of: catalog.packs[$0])) },
                                codes: codeSet.sorted().map { OptionModel(value: $0, label: $0) })
        model.artChecksOff = checked.artFacts.isEmpty && catalog.stickerCount > 0
        if !onPackPage {
            model.catalogNotes = catalogFindingModels(notes: true)
            model.catalogNotesLabel = "\(plural(model.catalogNotes.count, "note")): what the exports will change, never a problem"
        }
        model.languages = translatedLanguages.map { OptionModel(value: $0, label: Self.column(for: $0)) }
        model.hasLanguages = !model.languages.isEmpty
        model.translationFilters = model.languages.isEmpty ? [] : [
            OptionModel(value: "missing", label: "Missing in any language"), OptionModel(value: "stale", label: "Out of date in any language"),
        ] + translatedLanguages.flatMap { language in
            [OptionModel(value: "missing:\(language)", label: "Missing in \(LanguageName.of(language))"),
             OptionModel(value: "stale:\(language)", label: "Out of date in \(LanguageName.of(language))")]
        }
        model.hasPackFilter = packs.count > 1
        if let packIndex {
            model.pack = reviewPackModel(packIndex, from: page)
        } else if reviewLayout.byPack {
            model.packPages = catalog.packs.indices.map { reviewPackModel($0, from: page) }
            model.hasPackPages = true
            model.hasTable = false
            stickers = []
        }
        let title = model.pack.map { "Label review: \($0.title) – \(catalog.site.title)" } ?? "Label review – \(catalog.site.title)"
        let frame = pageModel(model, path: page, language: reviewLanguage, translatable: false, title: title,
                              description: model.pack == nil ? "Every sticker's accessibility label and findings."
                                                             : "The accessibility labels and findings of one pack's stickers.",
                              socialType: "article", socialTitle: "Label review", image: nil)
        return ReviewPageParts(frame: frame, stickers: stickers) { place in
            let pack = catalog.packs[place.pack]
            return reviewRow(pack.stickers[place.sticker], in: pack, page: page)
        }
    }

    /// The catalog findings (`notes` false: errors and warnings; true: notes), each with the slug
    /// of the pack whose folder it is in, so the review's pack filter narrows them too.
    private func catalogFindingModels(notes: Bool) -> [FindingModel] {
        let slugs = Dictionary(catalog.packs.map { ($0.folder, $0.slug) }, uniquingKeysWith: { first, _ in first })
        return checked.catalogFindings.filter { ($0.severity == .note) == notes }.map { finding in
            var model = Self.findingModel(finding)
            model.packSlug = finding.file.split(separator: "/").first.flatMap { slugs[String($0)] }
            return model
        }
    }

    /// A pack on the review when the review has a page per pack: its link from `page`, and its
    /// stickers counted by their worst finding and their translations.
    private func reviewPackModel(_ packIndex: Int, from page: String) -> ReviewPackModel {
        let pack = catalog.packs[packIndex]
        var status = StatusCounts()
        var translationsToDo = 0
        for sticker in pack.stickers {
            status.add(findings[sticker.source] ?? [])
            let source = catalog.site.sourceLanguage(of: pack)
            if catalog.site.translationLanguages(of: pack).contains(where: { [.missing, .stale].contains(sticker.labelState(in: $0, source: source)) }) {
                translationsToDo += 1
            }
        }
        return ReviewPackModel(href: relative(SitePaths.reviewPage(pack), from: page), title: pack.title,
                               lang: reviewLang(of: pack),
                               reviewHref: relative(SitePaths.reviewPage, from: page), stickerCount: pack.stickers.count,
                               stickersWithErrors: status.errors, stickersWithWarnings: status.warnings, cleanCount: status.clean,
                               translationsToDo: translationsToDo)
    }

    /// Stickers counted by their worst finding that is not silenced (`status(of:)`).
    struct StatusCounts {
        var errors = 0, warnings = 0, clean = 0

        mutating func add(_ findings: [Finding]) {
            switch PageRenderer.status(of: findings) {
            case "error": errors += 1
            case "warning": warnings += 1
            default: clean += 1
            }
        }
    }

    /// "error", "warning" or "clean": a sticker's worst finding that is not silenced.
    static func status(of findings: [Finding]) -> String {
        let own = findings.filter { !$0.suppressed }
        return own.contains { $0.severity == .error } ? "error" : own.isEmpty ? "clean" : "warning"
    }

    /// A sticker's row on the review page.
    private func reviewRow(_ sticker: Sticker, in pack: Pack, page: String) -> ReviewRowModel {
        let all = findings[sticker.source] ?? []
        let own = all.filter { !$0.suppressed }
        let errors = own.filter { $0.severity == .error }.count
        let warnings = own.count - errors
        var row = ReviewRowModel(
            packSlug: pack.slug, lang: reviewLang(of: pack), packTitle: pack.title, packHref: relative(SitePaths.packPage(pack), from: page), title: sticker.title,
            href: relative(SitePaths.stickerPage(pack, sticker), from: page),
            image: image(for: sticker, in: pack, from: page, decorative: true), label: sticker.alt,
            spoken: sticker.alt ?? sticker.fileName, characters: sticker.alt.map(PerceivedLength.of) ?? 0,
            overLimit: (sticker.alt.map(PerceivedLength.of) ?? 0) > LabelChecks.maximumLength,
            status: Self.status(of: all),
            errorCount: errors, warningCount: warnings,
            findings: reviewFindingModels(for: sticker, in: pack), hasFindings: !all.isEmpty,
            codes: Set(all.map(\.code.rawValue)).sorted().joined(separator: " "),
            artText: ArtTextModel(artText[sticker.source]))
        row.translations = Self.translationCells(of: sticker, source: catalog.site.sourceLanguage(of: pack),
                                                 languages: translatedLanguages)
        row.translationStates = Self.translationStates(row.translations)
        return row
    }

    // MARK: - Helpers

    /// "French (fr)": a language's column on the review page.
    static func column(for language: String) -> String {
        let name = LanguageName.of(language)
        return name == language ? language : "\(name) (\(language))"
    }

    /// The sticker's label in each of the `languages` the catalog translates into, with its state
    /// (`source` under the language its pack is written in: its label is the label itself).
    static func translationCells(of sticker: Sticker, source: String, languages: [String]) -> [ReviewTranslationModel] {
        languages.map { language in
            let state = sticker.labelState(in: language, source: source)
            return ReviewTranslationModel(lang: language, column: column(for: language),
                                          label: state == .source ? nil : sticker.translations[language]?.alt,
                                          state: state.rawValue, stale: state == .stale, missing: state == .missing)
        }
    }

    /// "missing missing:de stale stale:fr": the tokens the review page's translation filter looks for.
    static func translationStates(_ cells: [ReviewTranslationModel]) -> String {
        var tokens: [String] = []
        for state in ["missing", "stale"] {
            let languages = cells.filter { $0.state == state }.map(\.lang)
            if !languages.isEmpty { tokens += [state] + languages.map { "\(state):\($0)" } }
        }
        return tokens.joined(separator: " ")
    }

    private var socialLinks: SocialLinks { SocialLinks(baseURL: catalog.site.baseURL) }

    private func social(type: String, title: String, description: String?, page: String, image: SocialImageModel?,
                        language: String) -> SocialModel {
        return SocialModel(type: type, title: title, siteName: site(in: self.language(language)).title, locale: Self.openGraphLocale(language), description: description,
                           url: socialLinks.url(page), image: image)
    }

    /// `og:locale` for a language tag with a region ("en-GB" → "en_GB", "zh-Hant-TW" → "zh_TW",
    /// past the script subtag); nil without one ("en", "zh-Hant").
    static func openGraphLocale(_ tag: String) -> String? {
        let parts = tag.split(separator: "-")
        guard let language = parts.first else { return nil }
        // The region is the first subtag of two letters or three digits, after any script (four letters).
        guard let region = parts.dropFirst().drop(while: { $0.count == 4 || $0.count == 3 && $0.allSatisfy(\.isLetter) }).first,
              region.count == 2 && region.allSatisfy(\.isLetter) else { return nil }
        return "\(language.lowercased())_\(region.uppercased())"
    }

    private func socialImage(for sticker: Sticker, in pack: Pack, alt: String?? = nil) -> SocialImageModel? {
        socialLinks.image(for: sticker, in: pack, info: assets[sticker.source]?.info, alt: alt ?? sticker.alt,
                          still: stillOriginals[SitePaths.original(pack, sticker)])
    }

    /// Each icon at its point size (the way it shows on a 1x screen), labelled with where it is used.
    private func iconModels(for pack: Pack, from page: String) -> [IconModel] {
        (icons[pack.slug] ?? []).map { icon in
            let scale = Int(icon.scale.dropLast()) ?? 1
            let idiom = ["iphone": "iPhone", "ipad": "iPad", "universal": "Universal", "ios-marketing": "App Store"][icon.idiom] ?? icon.idiom
            let displayWidth = icon.idiom == "ios-marketing" ? icon.width / 8 : icon.width / scale
            let displayHeight = icon.idiom == "ios-marketing" ? icon.height / 8 : icon.height / scale
            return IconModel(src: relative(icon.url, from: page), label: "\(idiom) \(icon.size.replacingOccurrences(of: "x", with: " × ")) pt @\(icon.scale)",
                             pixels: "\(icon.width) × \(icon.height) px", width: icon.width, height: icon.height,
                             displayWidth: displayWidth, displayHeight: displayHeight)
        }
    }

    private func findingModels(for sticker: Sticker) -> [FindingModel] {
        (findings[sticker.source] ?? []).map(Self.findingModel)
    }

    /// A review row's findings: as on the sticker's page, but its labels missing in several
    /// languages said in one line (the language columns show which), where one warning per
    /// language made every row of a catalog in four languages some 600 px tall.
    private func reviewFindingModels(for sticker: Sticker, in pack: Pack) -> [FindingModel] {
        let all = findings[sticker.source] ?? []
        let missing = all.filter { $0.code == .missingTranslation && !$0.suppressed && $0.sticker == sticker.source && $0.language != nil }
        guard missing.count > 1 else { return all.map(Self.findingModel) }
        let order = catalog.site.translationLanguages(of: pack)
        let languages = missing.compactMap(\.language).sorted { (order.firstIndex(of: $0) ?? .max, $0) < (order.firstIndex(of: $1) ?? .max, $1) }
        let files = languages.map { TranslationChecks.translationFile(of: sticker, language: $0) }
        let source = LanguageName.of(catalog.site.sourceLanguage(of: pack))
        let combined = FindingModel(severity: Severity.warning.rawValue, code: FindingCode.missingTranslation.rawValue,
                                    message: "no label in \(languages.map(LanguageName.of).joined(separator: ", ")): VoiceOver on a phone set to one of them reads the \(source) one; add 'alt:' to \(files.joined(separator: ", "))",
                                    location: missing[0].line.map { "\(missing[0].file):\($0)" } ?? missing[0].file, suppressed: false)
        var models: [FindingModel] = []
        var placed = false
        for finding in all {
            if missing.contains(finding) {
                if !placed { models.append(combined); placed = true }
            } else {
                models.append(Self.findingModel(finding))
            }
        }
        return models
    }

    static func findingModel(_ finding: Finding) -> FindingModel {
        FindingModel(severity: finding.severity.rawValue, code: finding.code.rawValue, message: finding.message,
                     location: finding.line.map { "\(finding.file):\($0)" } ?? finding.file, suppressed: finding.suppressed)
    }

    /// "Its Stickers.xcstickers leaves out 2 stickers with errors: a.png (missing-label), b.png (…).",
    /// in the page's language (the codes are the same in every language).
    private func downloadNote(for pack: Pack, chrome: ChromeStrings) -> String? {
        // The pack's own stickers' findings: every finding of the catalog was gone through for
        // each pack page in each language (a third of a build of many packs with errors).
        let omitted = ArchiveOmission.all(in: pack.stickers.flatMap { findings[$0.source] ?? [] })
        guard !omitted.isEmpty else { return nil }
        return chrome.format("downloadLeavesOut", ["count": chrome.stickerCount(omitted.count),
                                                    "list": omitted.map { $0.described(as: $0.fileName) }.joined(separator: ", ")])
    }

    private func errorLabel(for sticker: Sticker) -> String? {
        let errors = (findings[sticker.source] ?? []).filter { $0.severity == .error && !$0.suppressed }.count
        return errors == 0 ? nil : plural(errors, "error")
    }

    /// The page's backgrounds, the transcript ones marked where the sticker has a
    /// `vanishes-on-…` finding (not silenced), with the visible share it measured.
    private func backgrounds(for sticker: Sticker, chrome: ChromeStrings) -> [BackgroundModel] {
        let codes = Set((findings[sticker.source] ?? []).filter { !$0.suppressed }.map(\.code))
        let visibility = checked.artVisibility(of: sticker.source)
        return Self.backgrounds.map { swatch in
            let model = BackgroundModel(name: chrome[swatch.name], cssClass: swatch.cssClass)
            guard let background = TranscriptBackground.allCases.first(where: { $0.swatchClass == model.cssClass }),
                  codes.contains(background == .dark ? .vanishesOnDark : .vanishesOnLight), let visibility else { return model }
            var marked = model
            marked.warning = "Shape vanishes here: \(Int((visibility.share(on: background) * 100).rounded())) % visible"
            return marked
        }
    }

    /// A light card in dark mode for art whose shape vanishes on the dark transcript
    /// (`ShapeVisibility`, the measure `vanishes-on-dark` reports: for an animation, the worst of
    /// its sampled frames), unless the pack sets its own card.
    private func lightCard(_ sticker: Sticker, in pack: Pack) -> Bool {
        pack.background == nil && assets[sticker.source]?.info?.visibility?.vanishes(on: .dark) == true
    }

    /// The original at the size Messages shows it: the pack's size class in points (a third of its
    /// pixels, the @3x scale stickers are drawn at), the art's aspect ratio kept.
    private func large(_ sticker: Sticker, in pack: Pack, from page: String, alt: String?) -> ImageModel {
        let asset = assets[sticker.source]
        let points = pack.size.pixels / 3
        let size = Resampler.fittedSize(width: asset?.info?.width ?? points, height: asset?.info?.height ?? points, box: points)
        return shown(ImageModel(src: relative(SitePaths.original(pack, sticker), from: page), srcset: nil,
                                posterSrcset: asset?.poster.map { relative($0, from: page) },
                                width: size.width, height: size.height, alt: alt ?? "", readable: asset?.info != nil,
                                lightCard: lightCard(sticker, in: pack), cardColor: pack.background), of: sticker)
    }

    /// The grid image of a sticker: thumbnails in `srcset` where Peel made them, else the original
    /// (GIF, JPEG and animated stickers keep their animation that way).
    /// `alt`: the label in the page's language (default: the sticker's own).
    private func image(for sticker: Sticker, in pack: Pack, from page: String, decorative: Bool, alt label: String?? = nil) -> ImageModel {
        let alt = decorative ? "" : ((label ?? sticker.alt) ?? "")
        let asset = assets[sticker.source]
        if let thumbnails = asset?.thumbnails, let first = thumbnails.first {
            // Each candidate is described by its longest side, not its width: the theme shows art
            // contained in a square box (`sizes` is the box's width), so a portrait thumbnail of
            // 80 × 160 px fills a 160 px box at 1x. Described as 80w, the browser took it for half
            // the box's width and fetched the 2x file on 1x screens.
            // A file listed once: where the original stands in for both sizes, it is one candidate
            // of its own width (408w), not two of the boxes' (160w and 320w). A width listed once
            // too (HTML forbids two candidates of one width): a 300 px GIF standing in for the 160
            // px box describes itself as 300w, as the 300 px thumbnail does; the first is kept.
            var listed = Set<String>(), widths = Set<Int>()
            let candidates = thumbnails.filter { listed.insert($0.url).inserted && widths.insert($0.boxSide).inserted }
            let srcset = candidates.map { "\(relative($0.url, from: page)) \($0.boxSide)w" }.joined(separator: ", ")
            // Each poster by its own size (a 160 px poster beside the original standing in for
            // that box was described as 300w, and the 300 px poster left out), each size once.
            var posterWidths = Set<Int>()
            let posters = thumbnails.compactMap { thumbnail -> String? in
                guard let poster = thumbnail.poster else { return nil }
                let side = thumbnail.posterSide ?? thumbnail.boxSide
                return posterWidths.insert(side).inserted ? "\(relative(poster, from: page)) \(side)w" : nil
            }
            // Shown at the smallest box's size, whatever file stands in for it.
            let box = ThumbnailSizes.boxes[0]
            let size = asset?.info.map { Resampler.fittedSize(width: $0.width, height: $0.height, box: box) } ?? (width: first.width, height: first.height)
            return shown(ImageModel(src: relative(first.url, from: page), srcset: srcset,
                                    posterSrcset: posters.isEmpty ? nil : posters.joined(separator: ", "),
                                    width: size.width, height: size.height, alt: alt,
                                    lightCard: lightCard(sticker, in: pack), cardColor: pack.background), of: sticker)
        }
        let box = ThumbnailSizes.boxes[0]
        let size = Resampler.fittedSize(width: asset?.info?.width ?? box, height: asset?.info?.height ?? box, box: box)
        return shown(ImageModel(src: relative(SitePaths.original(pack, sticker), from: page), srcset: nil,
                                posterSrcset: asset?.poster.map { relative($0, from: page) },
                                width: size.width, height: size.height, alt: alt, readable: asset?.info != nil,
                                lightCard: lightCard(sticker, in: pack), cardColor: pack.background), of: sticker)
    }

    /// `model` as its still poster when the sticker flashes past WCAG 2.3.1 and the artist has not
    /// silenced `flashing-animation` for it (`StillWhenFlashing`).
    private func shown<Model: StillWhenFlashing>(_ model: Model, of sticker: Sticker) -> Model {
        isShownStill(sticker) ? model.still : model
    }

    /// Whether the sticker flashes past WCAG 2.3.1 and the artist has not silenced `flashing-animation` for it.
    private static func isShownStill(_ sticker: Sticker, _ assets: [String: StickerAssets]) -> Bool {
        assets[sticker.source]?.info?.flashing != nil && !sticker.ignore.contains(FindingCode.flashingAnimation.rawValue)
    }

    private func isShownStill(_ sticker: Sticker) -> Bool { Self.isShownStill(sticker, assets) }

    /// Each flashing sticker's original (site path) and its full-size poster, shown in its place
    /// wherever Markdown shows the sticker (pages and catalog.json's descriptions) and in link
    /// previews (`isShownStill`).
    static func stillOriginals(_ catalog: Catalog, _ assets: [String: StickerAssets]) -> [String: String] {
        var stills: [String: String] = [:]
        for pack in catalog.packs {
            for sticker in pack.stickers where isShownStill(sticker, assets) {
                if let poster = assets[sticker.source]?.poster { stills[SitePaths.original(pack, sticker)] = poster }
            }
        }
        return stills
    }

    /// Markdown's HTML with its links to the site's files and pages made from `page` (in `language`).
    private func linked(_ html: String, on page: String, language: PageLanguage, root: String? = nil) -> String {
        MarkdownLinks.placed(html, on: page, language: language.isDefault ? nil : language.tag, root: root, stills: stillOriginals)
    }

    private func relative(_ target: String, from page: String) -> String {
        SitePaths.link(to: target, from: page)
    }

    static func count(_ count: Int) -> String { plural(count, "sticker") }

    /// "2.00 s per loop at 4 fps, loops forever"
    static func animation(_ info: ImageInfo) -> String {
        var parts = [String(format: "%.2f s per loop", info.duration)]
        if let fps = info.framesPerSecond {
            parts[0] += fps == fps.rounded() ? " at \(Int(fps)) fps" : String(format: " at %.1f fps", fps)
        }
        switch info.loopCount {
        case .some(0): parts.append("loops forever")
        case .some(1), .none: parts.append("plays once")
        case .some(let count): parts.append("plays \(count) times")
        }
        return parts.joined(separator: ", ")
    }

    static func transparency(_ info: ImageInfo) -> String {
        switch (info.hasAlpha, info.hasTransparentPixels) {
        case (false, _): return "none (opaque)"
        case (true, .some(true)): return "yes"
        case (true, .some(false)): return "alpha channel, but every pixel is opaque"
        case (true, nil): return info.format == .gif ? "transparent colour" : "yes"
        }
    }
}
