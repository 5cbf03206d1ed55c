import Mustache

// Templates look fields up by name. Without these conformances swift-mustache finds each one with
// `Mirror`, scanning and demangling every field of every model on the context stack for every
// `{{name}}`: that was 2.4 ms per page, 1.45 s of a 600-sticker rebuild. A switch is a few
// nanoseconds. `TemplateModelTests` checks that every stored property of every model is listed here,
// so a field added to a model cannot silently render empty.

extension SiteModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": self.title
        case "description": self.description
        case "language": self.language
        case "introHTML": nonEmpty(self.introHTML)
        case "footerHTML": nonEmpty(self.footerHTML)
        case "titleLang": self.titleLang
        case "descriptionLang": self.descriptionLang
        case "introLang": self.introLang
        case "footerLang": self.footerLang
        default: nil
        }
    }
}

extension PageModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "site": self.site
        case "root": self.root
        case "pageTitle": self.pageTitle
        case "pageDescription": self.pageDescription
        case "social": self.social
        // The page's own model is where most lookups of a page start: held by reference (TemplateBox).
        case "page": TemplateBox.wrap(self.page)
        case "pageLanguage": self.pageLanguage
        case "t": self.t
        default: nil
        }
    }
}

extension SocialModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "type": self.type
        case "title": self.title
        case "siteName": self.siteName
        case "locale": self.locale
        case "description": self.description
        case "url": self.url
        case "image": self.image
        case "twitterCard": self.twitterCard
        default: nil
        }
    }
}

extension SocialImageModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "url": self.url
        case "type": self.type
        case "width": self.width
        case "height": self.height
        case "alt": self.alt
        default: nil
        }
    }
}

extension ImageModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "src": self.src
        case "srcset": self.srcset
        case "posterSrcset": self.posterSrcset
        case "width": self.width
        case "height": self.height
        case "alt": self.alt
        case "readable": self.readable
        case "lightCard": self.lightCard
        case "cardColor": self.cardColor
        default: nil
        }
    }
}

extension StickerCardModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "href": self.href
        case "cardTitleLang": self.cardTitleLang
        case "labelLang": self.labelLang
        case "translationBadge": self.translationBadge
        case "slug": self.slug
        case "title": self.title
        case "searchText": self.searchText
        case "image": self.image
        case "isAnimated": self.isAnimated
        case "errorLabel": self.errorLabel
        case "label": self.label
        case "large": self.large
        case "findings": self.findings
        case "hasFindings": self.hasFindings
        default: nil
        }
    }
}

extension FindingModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "severity": self.severity
        case "code": self.code
        case "message": self.message
        case "location": self.location
        case "suppressed": self.suppressed
        case "packSlug": self.packSlug
        default: nil
        }
    }
}

extension ReviewTranslationModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "lang": self.lang
        case "column": self.column
        case "hasLabel": self.hasLabel
        case "label": self.label
        case "state": self.state
        case "stale": self.stale
        case "missing": self.missing
        case "isSource": self.isSource
        default: nil
        }
    }
}

extension ReviewRowModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "packSlug": self.packSlug
        case "lang": self.lang
        case "packTitle": self.packTitle
        case "packHref": self.packHref
        case "title": self.title
        case "href": self.href
        case "image": self.image
        case "label": self.label
        case "spoken": self.spoken
        case "characters": self.characters
        case "overLimit": self.overLimit
        case "status": self.status
        case "errorCount": self.errorCount
        case "warningCount": self.warningCount
        case "findings": self.findings
        case "hasFindings": self.hasFindings
        case "codes": self.codes
        case "artText": self.artText
        case "translations": self.translations
        case "translationStates": self.translationStates
        default: nil
        }
    }
}

extension OptionModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "value": self.value
        case "label": self.label
        case "lang": self.lang
        default: nil
        }
    }
}

extension ReviewModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "rows": self.rows
        case "rowsToFollow": self.rowsToFollow
        case "stickerCount": self.stickerCount
        case "summaryLine": self.summaryLine
        case "errorCount": self.errorCount
        case "warningCount": self.warningCount
        case "stickersWithErrors": self.stickersWithErrors
        case "stickersWithWarnings": self.stickersWithWarnings
        case "suppressedCount": self.suppressedCount
        case "suppressedLabel": self.suppressedLabel
        case "hasSuppressed": self.hasSuppressed
        case "cleanCount": self.cleanCount
        case "artChecksOff": self.artChecksOff
        case "catalogFindings": self.catalogFindings
        case "hasCatalogFindings": self.hasCatalogFindings
        case "catalogNotes": self.catalogNotes
        case "catalogNotesLabel": self.catalogNotesLabel
        case "hasCatalogNotes": self.hasCatalogNotes
        case "limit": self.limit
        case "csvHref": self.csvHref
        case "packs": self.packs
        case "codes": self.codes
        case "languages": self.languages
        case "translationFilters": self.translationFilters
        case "hasLanguages": self.hasLanguages
        case "pack": self.pack
        case "packPages": self.packPages
        case "hasPackPages": self.hasPackPages
        case "hasTable": self.hasTable
        case "hasPackFilter": self.hasPackFilter
        default: nil
        }
    }
}

extension ReviewPackModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "href": self.href
        case "title": self.title
        case "lang": self.lang
        case "reviewHref": self.reviewHref
        case "stickerCount": self.stickerCount
        case "stickersWithErrors": self.stickersWithErrors
        case "stickersWithWarnings": self.stickersWithWarnings
        case "cleanCount": self.cleanCount
        case "translationsToDo": self.translationsToDo
        default: nil
        }
    }
}

extension PackCardModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "href": self.href
        case "title": self.title
        case "lang": self.lang
        case "count": self.count
        case "countLabel": self.countLabel
        case "size": self.size
        case "sizePixels": self.sizePixels
        case "cover": self.cover
        default: nil
        }
    }
}

extension HomeModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "packs": self.packs
        case "hasPacks": self.hasPacks
        case "stickerCount": self.stickerCount
        case "stickerCountLabel": self.stickerCountLabel
        default: nil
        }
    }
}

extension NotFoundModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "home": self.home
        case "packs": self.packs
        case "hasPacks": self.hasPacks
        default: nil
        }
    }
}

extension NotFoundPackModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "href": self.href
        case "title": self.title
        case "lang": self.lang
        default: nil
        }
    }
}

extension FactModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "value": self.value
        case "isCode": self.isCode
        case "english": self.english
        default: nil
        }
    }
}

extension PackPageModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": self.title
        case "lang": self.lang
        case "descriptionHTML": nonEmpty(self.descriptionHTML)
        case "titleLang": self.titleLang
        case "descriptionLang": self.descriptionLang
        case "titleNote": self.titleNote
        case "facts": self.facts
        case "stickers": self.stickers
        case "count": self.count
        case "countLabel": self.countLabel
        case "icons": self.icons
        case "hasIcons": self.hasIcons
        case "iconSetJSON": self.iconSetJSON
        case "download": self.download
        case "downloadNote": self.downloadNote
        case "builder": self.builder
        case "transcript": self.transcript
        case "readiness": self.readiness
        case "hasReadiness": self.hasReadiness
        default: nil
        }
    }
}

extension IconModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "src": self.src
        case "label": self.label
        case "pixels": self.pixels
        case "width": self.width
        case "height": self.height
        case "displayWidth": self.displayWidth
        case "displayHeight": self.displayHeight
        default: nil
        }
    }
}

extension LinkModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "href": self.href
        case "title": self.title
        case "linkLang": self.linkLang
        default: nil
        }
    }
}

extension BackgroundModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "cssClass": self.cssClass
        case "warning": self.warning
        default: nil
        }
    }
}

extension StickerPageModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": self.title
        case "lang": self.lang
        case "alt": self.alt
        case "altLength": self.altLength
        case "altLimit": self.altLimit
        case "descriptionHTML": nonEmpty(self.descriptionHTML)
        case "titleLang": self.titleLang
        case "altLang": self.altLang
        case "descriptionLang": self.descriptionLang
        case "tagsLang": self.tagsLang
        case "positionLabel": self.positionLabel
        case "altMeta": self.altMeta
        case "translation": self.translation
        case "preview": self.preview
        case "swatchImage": self.swatchImage
        case "original": self.original
        case "originalName": self.originalName
        case "facts": self.facts
        case "tags": self.tags
        case "hasTags": self.hasTags
        case "pack": self.pack
        case "previous": self.previous
        case "next": self.next
        case "position": self.position
        case "count": self.count
        case "backgrounds": self.backgrounds
        case "isAnimated": self.isAnimated
        case "readable": self.readable
        case "sidecarError": self.sidecarError
        case "findings": self.findings
        case "hasFindings": self.hasFindings
        case "artText": self.artText
        case "madeOf": self.madeOf
        case "isComposed": self.isComposed
        case "builder": self.builder
        case "transcript": self.transcript
        default: nil
        }
    }
}

extension ArtTextModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "words": self.words
        default: nil
        }
    }
}

extension MadeOfModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "part": self.part
        case "partLang": self.partLang
        case "label": self.label
        case "labelLang": self.labelLang
        default: nil
        }
    }
}

extension BuilderPageModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "lang": self.lang
        case "pack": self.pack
        case "heading": self.heading
        case "preview": self.preview
        case "alt": self.alt
        case "altLang": self.altLang
        case "sticker": self.sticker
        case "action": self.action
        case "parts": self.parts
        default: nil
        }
    }
}

extension BuilderPartModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "nameLang": self.nameLang
        case "part": self.part
        case "choices": self.choices
        default: nil
        }
    }
}

extension BuilderChoiceModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "part": self.part
        case "id": self.id
        case "value": self.value
        case "label": self.label
        case "labelLang": self.labelLang
        case "href": self.href
        case "current": self.current
        default: nil
        }
    }
}

extension TranscriptModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "src": self.src
        case "srcset": self.srcset
        case "posterSrcset": self.posterSrcset
        case "points": self.points
        case "alt": self.alt
        case "altLang": self.altLang
        case "hint": self.hint
        default: nil
        }
    }
}

extension ReadinessRowModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "platform": self.platform
        case "state": self.state
        case "status": self.status
        case "reasons": self.reasons
        case "hasReasons": self.hasReasons
        case "platformDownload": self.platformDownload
        default: nil
        }
    }
}

/// Markdown that made no HTML is absent to templates: swift-mustache takes "" as true, so
/// `{{#descriptionHTML}}<div class="prose">…{{/descriptionHTML}}` left an empty element on
/// every page without a description.
private func nonEmpty(_ html: String?) -> String? {
    guard let html, !html.isEmpty else { return nil }
    return html
}
