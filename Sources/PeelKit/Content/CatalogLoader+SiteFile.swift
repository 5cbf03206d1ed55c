import Foundation

/// site.md: the site's settings and intro, and the error that stops a build when its front matter cannot be read.
extension CatalogLoader {
    /// YAML 1.2's booleans, as Yams reads them.
    static func yesOrNo(_ text: String) -> Bool? {
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

    func readSite(content: ContentPath, findings: inout [Finding]) -> SiteInfo {
        let file = MarkdownFile(path: "site.md", in: content)
        findings += file.findings
        var reader = FrontMatterReader(file.frontMatter, file: file.path, knownKeys: KnownKeys.site)
        var site = SiteInfo()
        site.frontMatterUnreadable = file.findings.contains { FrontMatter.unreadableCodes.contains($0.code) }
        if let title = reader.string("title")?.trimmed, !title.isEmpty {
            site.title = title
            site.titleLine = reader.frontMatter["title"]?.line
        }
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
        if let patterns = reader.strings("exclude") {
            for pattern in patterns where ExcludedPaths.normalised(pattern) == nil {
                reader.report(.warning, .invalidValue, key: "exclude",
                              "exclude: '\(pattern)' is not a path inside the content folder (such as docs or */drafts); it is ignored")
            }
            site.excluded = ExcludedPaths(patterns)
        }
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
}
