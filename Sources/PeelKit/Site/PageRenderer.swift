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
    let archives: [String: Int]
    /// What was read in each sticker's art, by sticker source path; empty when the art checks did not run.
    let artText: [String: ArtTextReading]

    init(review: Review, icons: [String: [PackIcon]] = [:], archives: [String: Int] = [:],
         artText: [String: ArtTextReading] = [:], templates: TemplateSet) {
        self.icons = icons
        self.archives = archives
        self.artText = artText
        catalog = review.catalog
        assets = review.assets
        self.templates = templates
        findings = review.findingsBySticker
        checked = review
    }

    /// The backgrounds Apple's HIG asks artists to try their art on.
    static let backgrounds = [
        BackgroundModel(name: TranscriptBackground.light.swatchName, cssClass: TranscriptBackground.light.swatchClass),
        BackgroundModel(name: TranscriptBackground.dark.swatchName, cssClass: TranscriptBackground.dark.swatchClass),
        BackgroundModel(name: "Red", cssClass: "bg-red"),
        BackgroundModel(name: "Yellow", cssClass: "bg-yellow"),
        BackgroundModel(name: "Multicoloured", cssClass: "bg-multi"),
        BackgroundModel(name: "Transparency", cssClass: "bg-checker"),
    ]

    var site: SiteModel {
        SiteModel(title: catalog.site.title, description: catalog.site.description, language: catalog.site.language,
                  introHTML: catalog.site.introHTML, footerHTML: catalog.site.footerHTML)
    }

    func home() -> PageSource {
        let cards = catalog.packs.map { pack -> PackCardModel in
            let cover = pack.coverIndex.map { image(for: pack.stickers[$0], in: pack, from: SitePaths.home, decorative: false) }
            return PackCardModel(href: SitePaths.packPage(pack), title: pack.title, lang: pack.language, count: pack.stickers.count,
                                 countLabel: Self.count(pack.stickers.count), size: pack.size.rawValue,
                                 sizePixels: pack.size.pixels, cover: cover)
        }
        let coverImage = catalog.packs.lazy.compactMap { pack in
            pack.coverIndex.flatMap { self.socialImage(for: pack.stickers[$0], in: pack) }
        }.first
        let model = PageModel(site: site, root: "", pageTitle: catalog.site.title, pageDescription: catalog.site.description,
                              social: social(type: "website", title: catalog.site.title, description: catalog.site.description,
                                             page: SitePaths.home, image: coverImage),
                              page: HomeModel(packs: cards, hasPacks: !cards.isEmpty, stickerCount: catalog.stickerCount,
                                              stickerCountLabel: Self.count(catalog.stickerCount)))
        return PageSource(template: "home", model: model)
    }

    func pack(_ pack: Pack) -> PageSource {
        let page = SitePaths.packPage(pack)
        let cards = pack.stickers.map { sticker in
            StickerCardModel(href: relative(SitePaths.stickerPage(pack, sticker), from: page), slug: sticker.slug, title: sticker.title,
                             searchText: ([sticker.title, sticker.alt ?? ""] + sticker.tags).joined(separator: " "),
                             image: image(for: sticker, in: pack, from: page, decorative: false),
                             isAnimated: assets[sticker.source]?.info?.isAnimated ?? false,
                             errorLabel: errorLabel(for: sticker), label: sticker.alt ?? "",
                             large: large(sticker, in: pack, from: page),
                             findings: findingModels(for: sticker), hasFindings: !(findings[sticker.source] ?? []).isEmpty)
        }
        var facts = [
            FactModel(name: "Size class", value: "\(pack.size.rawValue) (\(pack.size.pixels) × \(pack.size.pixels) px)"),
            FactModel(name: "Contexts", value: pack.contexts.map(\.rawValue).joined(separator: ", ")),
            FactModel(name: "Stickers", value: "\(pack.stickers.count)"),
        ]
        if let author = pack.author { facts.append(FactModel(name: "Author", value: author)) }
        if let license = pack.license { facts.append(FactModel(name: "License", value: license)) }
        let description = "\(Self.count(cards.count)) for Messages" + (pack.author.map { " by \($0)" } ?? "") + "."
        let model = PageModel(site: site, root: SitePaths.root(from: page), pageTitle: "\(pack.title) – \(catalog.site.title)",
                              pageDescription: description,
                              social: social(type: "article", title: pack.title, description: description, page: page,
                                             image: pack.coverIndex.flatMap { socialImage(for: pack.stickers[$0], in: pack) }),
                              page: PackPageModel(title: pack.title, lang: pack.language, descriptionHTML: pack.descriptionHTML, facts: facts,
                                                  stickers: cards, count: cards.count, countLabel: Self.count(cards.count),
                                                  icons: iconModels(for: pack, from: page),
                                                  hasIcons: !(icons[pack.slug] ?? []).isEmpty,
                                                  iconSetJSON: relative("\(SitePaths.packIcons(pack))/Contents.json", from: page),
                                                  download: archives[pack.slug].map { bytes in
                                                      LinkModel(href: relative(SitePaths.packArchive(pack), from: page),
                                                                title: "\(pack.slug).zip, \(ByteCount.format(bytes))")
                                                  },
                                                  downloadNote: archives[pack.slug] == nil ? nil : downloadNote(for: pack),
                                                  builder: pack.stickers.contains { $0.composition != nil }
                                                      ? LinkModel(href: relative(SitePaths.builderPage(pack), from: page), title: "Builder") : nil))
        return PageSource(template: "pack", model: model)
    }

    func sticker(at index: Int, in pack: Pack) -> PageSource {
        let sticker = pack.stickers[index]
        let page = SitePaths.stickerPage(pack, sticker)
        let asset = assets[sticker.source]
        let info = asset?.info
        var facts: [FactModel] = []
        if let info {
            facts.append(FactModel(name: "Format", value: info.format.rawValue.uppercased()))
            facts.append(FactModel(name: "Pixel size", value: "\(info.width) × \(info.height) px"))
            facts.append(FactModel(name: "File size", value: "\(ByteCount.format(info.bytes)) (\(ByteCount.grouped(info.bytes)) bytes)"))
            facts.append(FactModel(name: "Frames", value: info.isAnimated ? "\(info.frameCount) (animated)" : "1 (still)"))
            if info.isAnimated { facts.append(FactModel(name: "Animation", value: Self.animation(info))) }
            facts.append(FactModel(name: "Transparency", value: Self.transparency(info)))
        }
        facts.append(FactModel(name: "Pack size class", value: "\(pack.size.rawValue) (\(pack.size.pixels) × \(pack.size.pixels) px)"))
        if let info { facts.append(FactModel(name: "SHA-256", value: info.sha256, isCode: true)) }

        let link = { (other: Sticker) in LinkModel(href: relative(SitePaths.stickerPage(pack, other), from: page), title: other.title) }
        let preview = ImageModel(src: relative(SitePaths.original(pack, sticker), from: page), srcset: nil,
                                 posterSrcset: asset?.poster.map { relative($0, from: page) },
                                 width: info?.width ?? pack.size.pixels, height: info?.height ?? pack.size.pixels,
                                 alt: sticker.alt ?? "", readable: info != nil, lightCard: lightCard(info, in: pack),
                                 cardColor: pack.background)
        let model = StickerPageModel(
            title: sticker.title, lang: pack.language, alt: sticker.alt, altLength: sticker.alt?.count ?? 0, altLimit: LabelChecks.maximumLength,
            descriptionHTML: sticker.descriptionHTML, preview: preview,
            swatchImage: image(for: sticker, in: pack, from: page, decorative: true),
            original: relative(SitePaths.original(pack, sticker), from: page), originalName: sticker.fileName,
            facts: facts, tags: sticker.tags, hasTags: !sticker.tags.isEmpty,
            pack: LinkModel(href: relative(SitePaths.packPage(pack), from: page), title: pack.title),
            previous: index > 0 ? link(pack.stickers[index - 1]) : nil,
            next: index + 1 < pack.stickers.count ? link(pack.stickers[index + 1]) : nil,
            position: index + 1, count: pack.stickers.count, backgrounds: backgrounds(for: sticker),
            isAnimated: info?.isAnimated ?? false, readable: info != nil,
            sidecarError: sticker.alt == nil ? sticker.sidecarError.map(Self.findingModel) : nil,
            findings: findingModels(for: sticker), hasFindings: !(findings[sticker.source] ?? []).isEmpty,
            artText: ArtTextModel(artText[sticker.source]),
            madeOf: sticker.composition.map { composition in
                composition.choices.map { MadeOfModel(part: $0.part, label: $0.choice == nil ? "none" : $0.label ?? $0.choice!) }
            },
            builder: sticker.composition == nil ? nil : LinkModel(href: relative(SitePaths.builderPage(pack), from: page), title: "Builder"))
        let pageModel = PageModel(site: site, root: SitePaths.root(from: page),
                                  pageTitle: "\(sticker.title) – \(pack.title) – \(catalog.site.title)",
                                  pageDescription: sticker.alt,
                                  social: social(type: "article", title: "\(sticker.title) – \(pack.title)", description: sticker.alt,
                                                 page: page, image: socialImage(for: sticker, in: pack)),
                                  page: model)
        return PageSource(template: "sticker", model: pageModel)
    }

    /// The builder page of the composed sticker at `index` (see `BuilderPageModel`); at the
    /// builder's index when `isIndex`.
    func builder(at index: Int, in pack: Pack, isIndex: Bool) -> PageSource {
        let sticker = pack.stickers[index]
        let page = isIndex ? SitePaths.builderPage(pack) : SitePaths.builderPage(pack, sticker)
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
                return BuilderChoiceModel(part: part.name, id: "part-\(position)-\(number)", value: option?.name ?? "none",
                                               label: option.map { $0.label ?? $0.name } ?? "none",
                                               href: target.map { relative(SitePaths.builderPage(pack, $0), from: page) },
                                               current: position < current.count && current[position] == option?.name)
            }
            return BuilderPartModel(name: CatalogLoader.title(fromStem: part.name), part: part.name, choices: choices)
        }
        let preview = image(for: sticker, in: pack, from: page, decorative: false)
        let model = BuilderPageModel(lang: pack.language, pack: LinkModel(href: relative(SitePaths.packPage(pack), from: page), title: pack.title),
                                     preview: preview, alt: sticker.alt ?? "", sticker: relative(SitePaths.stickerPage(pack, sticker), from: page),
                                     action: relative(SitePaths.builderPage(pack, sticker), from: page), parts: parts)
        let pageModel = PageModel(site: site, root: SitePaths.root(from: page),
                                  pageTitle: "Builder – \(pack.title) – \(catalog.site.title)", pageDescription: sticker.alt,
                                  social: social(type: "website", title: "Builder – \(pack.title)", description: sticker.alt,
                                                 page: page, image: socialImage(for: sticker, in: pack)),
                                  page: model)
        return PageSource(template: "builder", model: pageModel)
    }

    func review() -> PageSource {
        let page = SitePaths.reviewPage
        var rows: [ReviewRowModel] = []
        for pack in catalog.packs {
            for sticker in pack.stickers {
                let own = (findings[sticker.source] ?? []).filter { !$0.suppressed }
                let errors = own.filter { $0.severity == .error }.count
                let warnings = own.count - errors
                rows.append(ReviewRowModel(
                    packSlug: pack.slug, lang: pack.language, packTitle: pack.title, packHref: relative(SitePaths.packPage(pack), from: page), title: sticker.title,
                    href: relative(SitePaths.stickerPage(pack, sticker), from: page),
                    image: image(for: sticker, in: pack, from: page, decorative: true), label: sticker.alt,
                    spoken: sticker.alt ?? sticker.fileName, characters: sticker.alt?.count ?? 0,
                    overLimit: (sticker.alt?.count ?? 0) > LabelChecks.maximumLength,
                    status: errors > 0 ? "error" : warnings > 0 ? "warning" : "clean",
                    errorCount: errors, warningCount: warnings,
                    findings: findingModels(for: sticker), hasFindings: !(findings[sticker.source] ?? []).isEmpty,
                    codes: Set((findings[sticker.source] ?? []).map(\.code.rawValue)).sorted().joined(separator: " "),
                    artText: ArtTextModel(artText[sticker.source])))
            }
        }
        let summary = checked.summary
        let codes = Set(catalog.packs.flatMap(\.stickers).flatMap { findings[$0.source] ?? [] }.map(\.code.rawValue)).sorted()
        let model = ReviewModel(rows: rows, stickerCount: rows.count, summaryLine: summary.line,
                                errorCount: summary.errors, warningCount: summary.warnings,
                                stickersWithErrors: rows.filter { $0.status == "error" }.count,
                                stickersWithWarnings: rows.filter { $0.status == "warning" }.count,
                                suppressedCount: summary.suppressed, suppressedLabel: plural(summary.suppressed, "finding"),
                                hasSuppressed: summary.suppressed > 0,
                                cleanCount: rows.filter { $0.status == "clean" }.count,
                                catalogFindings: checked.catalogFindings.map(Self.findingModel),
                                hasCatalogFindings: !checked.catalogFindings.isEmpty,
                                limit: LabelChecks.maximumLength, csvHref: relative(SitePaths.reviewCSV, from: page),
                                packs: catalog.packs.map { OptionModel(value: $0.slug, label: $0.title) },
                                codes: codes.map { OptionModel(value: $0, label: $0) })
        let pageModel = PageModel(site: site, root: SitePaths.root(from: page), pageTitle: "Label review – \(catalog.site.title)",
                                  pageDescription: "Every sticker's accessibility label and findings on one page.",
                                  social: social(type: "article", title: "Label review",
                                                 description: "Every sticker's accessibility label and findings on one page.",
                                                 page: page, image: nil),
                                  page: model)
        return PageSource(template: "review", model: pageModel)
    }

    // MARK: - Helpers

    private var socialLinks: SocialLinks { SocialLinks(baseURL: catalog.site.baseURL) }

    private func social(type: String, title: String, description: String?, page: String, image: SocialImageModel?) -> SocialModel {
        let parts = catalog.site.language.split(separator: "-")
        let locale = parts.count >= 2 && parts[1].count == 2 ? "\(parts[0].lowercased())_\(parts[1].uppercased())" : nil
        return SocialModel(type: type, title: title, siteName: catalog.site.title, locale: locale, description: description,
                           url: socialLinks.url(page), image: image)
    }

    private func socialImage(for sticker: Sticker, in pack: Pack) -> SocialImageModel? {
        socialLinks.image(for: sticker, in: pack, info: assets[sticker.source]?.info)
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

    static func findingModel(_ finding: Finding) -> FindingModel {
        FindingModel(severity: finding.severity.rawValue, code: finding.code.rawValue, message: finding.message,
                     location: finding.line.map { "\(finding.file):\($0)" } ?? finding.file, suppressed: finding.suppressed)
    }

    /// "The download's Stickers.xcstickers leaves out 2 stickers with errors: a.png (…), b.png (…)."
    private func downloadNote(for pack: Pack) -> String? {
        let omitted = ArchiveOmission.of(pack: pack.folder, in: checked.findings)
        guard !omitted.isEmpty else { return nil }
        return "Its Stickers.xcstickers leaves out \(plural(omitted.count, "sticker")) with errors: "
            + omitted.map { $0.described(as: $0.fileName) }.joined(separator: ", ") + "."
    }

    private func errorLabel(for sticker: Sticker) -> String? {
        let errors = (findings[sticker.source] ?? []).filter { $0.severity == .error && !$0.suppressed }.count
        return errors == 0 ? nil : plural(errors, "error")
    }

    /// The page's backgrounds, the transcript ones marked where the sticker has a
    /// `vanishes-on-…` finding (not silenced), with the visible share it measured.
    private func backgrounds(for sticker: Sticker) -> [BackgroundModel] {
        let codes = Set((findings[sticker.source] ?? []).filter { !$0.suppressed }.map(\.code))
        let visibility = checked.artVisibility(of: sticker.source)
        return Self.backgrounds.map { model in
            guard let background = TranscriptBackground.allCases.first(where: { $0.swatchClass == model.cssClass }),
                  codes.contains(background == .dark ? .vanishesOnDark : .vanishesOnLight), let visibility else { return model }
            var marked = model
            marked.warning = "Shape vanishes here: \(Int((visibility.share(on: background) * 100).rounded())) % visible"
            return marked
        }
    }

    /// A light card in dark mode for art whose shape vanishes on the dark transcript
    /// (`ShapeVisibility`, the measure `vanishes-on-dark` reports), unless the pack sets its own card.
    private func lightCard(_ info: ImageInfo?, in pack: Pack) -> Bool {
        pack.background == nil && info?.visibility?.vanishes(on: .dark) == true
    }

    /// The original at the size Messages shows it: the pack's size class in points (a third of its
    /// pixels, the @3x scale stickers are drawn at), the art's aspect ratio kept.
    private func large(_ sticker: Sticker, in pack: Pack, from page: String) -> ImageModel {
        let asset = assets[sticker.source]
        let points = pack.size.pixels / 3
        let size = Resampler.fittedSize(width: asset?.info?.width ?? points, height: asset?.info?.height ?? points, box: points)
        return ImageModel(src: relative(SitePaths.original(pack, sticker), from: page), srcset: nil,
                          posterSrcset: asset?.poster.map { relative($0, from: page) },
                          width: size.width, height: size.height, alt: sticker.alt ?? "", readable: asset?.info != nil,
                          lightCard: lightCard(asset?.info, in: pack), cardColor: pack.background)
    }

    /// The grid image of a sticker: thumbnails in `srcset` where Peel made them, else the original
    /// (GIF, JPEG and animated stickers keep their animation that way).
    private func image(for sticker: Sticker, in pack: Pack, from page: String, decorative: Bool) -> ImageModel {
        let alt = decorative ? "" : (sticker.alt ?? "")
        let asset = assets[sticker.source]
        if let thumbnails = asset?.thumbnails, let first = thumbnails.first {
            let srcset = thumbnails.map { "\(relative($0.url, from: page)) \($0.width)w" }.joined(separator: ", ")
            let posters = thumbnails.compactMap { thumbnail in thumbnail.poster.map { "\(relative($0, from: page)) \(thumbnail.width)w" } }
            return ImageModel(src: relative(first.url, from: page), srcset: srcset,
                              posterSrcset: posters.isEmpty ? nil : posters.joined(separator: ", "),
                              width: first.width, height: first.height, alt: alt,
                              lightCard: lightCard(asset?.info, in: pack), cardColor: pack.background)
        }
        let box = ThumbnailSizes.boxes[0]
        let size = Resampler.fittedSize(width: asset?.info?.width ?? box, height: asset?.info?.height ?? box, box: box)
        return ImageModel(src: relative(SitePaths.original(pack, sticker), from: page), srcset: nil,
                          posterSrcset: asset?.poster.map { relative($0, from: page) },
                          width: size.width, height: size.height, alt: alt, readable: asset?.info != nil,
                          lightCard: lightCard(asset?.info, in: pack), cardColor: pack.background)
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
