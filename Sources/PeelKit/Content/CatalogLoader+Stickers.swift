import Foundation

/// The stickers of a pack folder: each image with its sidecar and translations.
extension CatalogLoader {
    /// The art file a pack.md key names (`icon:`, `tray:`), relative to the content folder, once
    /// it is known to be a readable file inside it; otherwise nil, with a finding on the key. A
    /// path that names a file only as Windows or a Mac would (`PathLookalike`) is an error that
    /// says so, and that file is still taken as the art: it became a sticker without a sidecar,
    /// or a folder of art became a pack without pack.md, three more errors for one typo.
    static func artPath(_ key: String, reader: inout FrontMatterReader, folder: String, content: ContentPath) -> String? {
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
            // Said with where it was looked for: `icon: faces/icon.png` written from the content
            // folder was looked for in faces/faces/, and the message did not say so.
            var message = "\(key) '\(value)' does not exist (looked for \(resolved): the path is from pack.md's folder)"
            var lookalike: String?
            if let slashed = PathLookalike.slashed(value) {
                message += PathLookalike.slashAdvice("\(key): \(slashed)")
                lookalike = content.resolve(slashed, in: folder).flatMap { FileManager.default.fileExists(atPath: content.url($0).path) ? $0 : nil }
            } else if let twin = PathLookalike.caseTwin(of: resolved, in: content) {
                let suggested = value.split(separator: "/").dropLast().map(String.init) + [String(twin.split(separator: "/").last ?? "")]
                message += PathLookalike.caseAdvice(twin: twin, write: "\(key): \(suggested.joined(separator: "/"))")
                lookalike = twin
            } else if let fromRoot = content.resolve(value, in: ""), fromRoot != resolved,
               FileManager.default.fileExists(atPath: content.url(fromRoot).path) {
                let depth = folder.split(separator: "/").count
                let suggested = fromRoot.hasPrefix(folder + "/") ? String(fromRoot.dropFirst(folder.count + 1))
                    : String(repeating: "../", count: depth) + fromRoot
                message += "; \(fromRoot) is there: write \(key): \(suggested)"
            }
            reader.report(.error, .missingFile, key: key, message)
            // Taken only as any art is: a readable file inside the content folder once links are followed.
            return lookalike.flatMap { content.resolve($0, in: "") }.flatMap { ContentFile.problem(atPath: content.url($0).path) == nil ? $0 : nil }
        }
        return resolved
    }

    func readStickers(in folder: String, names: [String], icon: String?, tray: String?, site: SiteInfo,
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
        // What a Peel write stopped by kill -9 (or a file size limit) left: hidden, so `git add -A`
        // committed it unseen. Said, not deleted: `peel check` never changes the content folder.
        for leftover in names where SafeFile.isLeftoverTemporary(leftover) {
            findings.append(Finding(.warning, .ignoredFile, file: "\(folder)/\(leftover)",
                                    message: "a file a stopped Peel run (fit --in-place, labels import) left half-written; the file it was to replace is as it was: delete this one"))
        }
        let folderURL = content.url(folder)
        for name in names where name != "pack.md" && !IgnoredName.matches(name, in: folderURL) {
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
                // An empty folder (or one of `.DS_Store`s) leaves nothing out: no noise for it.
                if !Self.isLeftoverFolder(url) {
                    findings.append(Finding(.warning, .ignoredFile, file: path, message: Self.nestedFolderMessage(url)))
                }
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
                                            message: "symlink leads outside the content folder, which Peel never reads out of; the sticker is skipped: copy the image into the pack instead"))
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
                let ext = StickerFileKind.lowercasedExtension(name)
                // A working file kept beside its sticker (cat.psd by cat.png) is not a sticker that
                // failed: the sticker is the PNG. Telling the artist to convert it was wrong, and
                // an error for every such file made a folder of them fail to build.
                if !StickerFileKind.jpegAliases.contains(ext),
                   let sticker = names.sorted().first(where: { StickerFileKind(fileName: $0) == .sticker && StickerFileKind.stem($0) == StickerFileKind.stem(name) }) {
                    findings.append(Finding(.warning, .ignoredFile, file: path,
                                            message: "a working file beside the sticker \(sticker), left out (Messages takes PNG, APNG, GIF and JPEG only); add exclude: [\"*/*.\(ext)\"] to site.md to leave such files out without a word, or move it out of the content folder"))
                    continue
                }
                let message = StickerFileKind.jpegAliases.contains(ext)
                    ? "a JPEG by its name, which Messages and Xcode read from .jpg or .jpeg files only; rename it to \(StickerFileKind.stem(name)).jpg"
                    : "Messages accepts PNG, APNG, GIF and JPEG stickers only; convert this image to PNG (or, if it is no sticker, leave it out with exclude: in site.md)"
                findings.append(Finding(.error, .unsupportedFormat, file: path, message: message))
                skippedStems.insert(StickerFileKind.stem(name))
            case .markdown:
                sidecars[StickerFileKind.stem(name)] = name
            case .other:
                if let finding = Self.imageWithoutExtensionFinding(name, path: path, url: url) {
                    // Its sidecar waits for it: one finding says what to do, not "no image named".
                    findings.append(finding)
                    skippedStems.insert(name)
                    continue
                }
                findings.append(Self.savedAsTextFinding(name, path: path)
                    ?? Finding(.warning, .ignoredFile, file: path, message: "not a sticker or a sidecar; the file is ignored"))
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
        var misnamedImages: [String: String] = [:]   // `sun.png` (of sun.png.png or sun.png.) -> the sidecar sun.md
        for (stem, sidecar) in sidecars.sorted(by: { $0.key < $1.key }) where stems[stem] == nil && !skippedStems.contains(stem) {
            if let imageStem = stemsByCase[stem.lowercased()], sidecars[imageStem] == nil,
               let image = images.first(where: { StickerFileKind.stem($0) == imageStem }) {
                caseMismatches[imageStem] = sidecar
                findings.append(Finding(.warning, .orphanSidecar, file: "\(folder)/\(sidecar)",
                                        message: "is named like \(image) but for the case of its letters, so it is not its sidecar: rename one so the names match (\(imageStem).md)"))
                continue
            }
            // `cool.pt_BR.md`: a translation named the gettext way, which site.md's `languages:` accepts.
            if let dot = stem.lastIndex(of: "."), stems[String(stem[..<dot])] != nil, stem[dot...].contains("_"),
               let hyphenated = TranslationFileName(String(stem[..<dot]) + "." + stem[stem.index(after: dot)...].replacingOccurrences(of: "_", with: "-") + ".md"),
               let declared = hyphenated.declared(in: site.languages) {
                let fixed = "\(hyphenated.stem).\(declared).md"
                findings.append(Finding(.warning, .orphanSidecar, file: "\(folder)/\(sidecar)",
                                        message: "is named with '_' in its language tag, so it is not read as a translation: language tags take '-' in file names; rename it to \(fixed)"))
                continue
            }
            // `sun.png.png` (Windows, hiding the last extension, showed `sun.png`): its stem is `sun.png`.
            if let doubled = images.first(where: { image in
                StickerFileKind.stickerExtensions.contains { StickerFileKind.stem(image).lowercased() == "\(stem).\($0)".lowercased() }
            }) {
                // `rain.png.` (a dot at the end, which a Mac keeps) is no doubled extension.
                let how = doubled.hasSuffix(".") ? "with a dot at the end" : "with the extension twice (Windows hides the last one)"
                findings.append(Finding(.warning, .orphanSidecar, file: "\(folder)/\(sidecar)",
                                        message: "its image is named '\(doubled)', \(how), so it is not this sidecar's; rename the image to \(StickerFileKind.stem(doubled))"))
                misnamedImages[StickerFileKind.stem(doubled)] = sidecar
                continue
            }
            findings.append(Finding(.warning, .orphanSidecar, file: "\(folder)/\(sidecar)",
                                    message: "no image named '\(stem).png' (or .apng, .gif, .jpg, .jpeg) for this sidecar"))
        }
        for (stem, files) in translationFiles.sorted(by: { $0.key < $1.key }) where stems[stem] == nil && !skippedStems.contains(stem) {
            // `sun.fr.md` beside `Sun.png`: named, as an orphan sidecar in another case is.
            let likeInCase = stemsByCase[stem.lowercased()].flatMap { imageStem in images.first { StickerFileKind.stem($0) == imageStem } }
            for file in files.sorted() {
                let message = likeInCase.map { "no sticker named '\(stem)' for this translation; \($0) differs from its name only in the case of its letters: rename one so the names match" }
                    ?? "no sticker named '\(stem)' (\(stem).png and \(stem).md) for this translation; rename it to match its sticker, or remove it"
                findings.append(Finding(.warning, .orphanTranslation, file: "\(folder)/\(file)", message: message, language: TranslationFileName(file)?.language))
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
            guard finding.code == .missingSidecar else { return finding }
            let image = String(finding.file.split(separator: "/").last ?? "")
            let stem = StickerFileKind.stem(image)
            var named = finding
            if let sidecar = caseMismatches[stem] {
                // Its sidecar is there under another case: creating one (`peel new sticker`) would make a second.
                named.message = "sticker has no sidecar; \(folder)/\(sidecar) differs from its name only in the case of its letters: rename one so the names match"
            } else if let sidecar = misnamedImages[stem] {
                // `rain.png.` beside rain.md: the image is misnamed, not short of a `rain.png.md`.
                named.message = "sticker has no sidecar; \(folder)/\(sidecar) is for '\(stem)', which this image is meant to be: rename it to \(stem)"
            } else if names.contains(".\(stem).md.icloud") {
                // iCloud Drive has the sidecar but not on this Mac: a new one would become a conflicting copy.
                named.message = "sticker has no sidecar on this Mac: \(stem).md is in iCloud Drive and not downloaded (only its placeholder .\(stem).md.icloud is here); download it (Finder: Download Now) and build again, rather than create another"
            }
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
            // So does an image sharing its name: `peel new sticker` refuses that name, and one
            // sidecar would serve both (ambiguous-sidecar).
            let fileExtension = image.split(separator: ".").last ?? "png"
            let advice = stem.lowercased() == "pack"
                ? "its sidecar would be \(folder)/pack.md, which is the pack's own file; rename the image (e.g. \(stem)-sticker.\(fileExtension)) and give it a sidecar with 'alt:'"
                : sharesStem
                ? "another image is named '\(stem)' too, and one \(stem).md cannot be the sidecar of both; rename one of them (e.g. \(folder)/\(image) to \(stem)-2.\(fileExtension)), then give each a sidecar with 'alt:'"
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

    /// The warning for a folder inside a pack, which is not read: with how many images it leaves
    /// out and where they could go (it said only "packs are one level deep").
    static func nestedFolderMessage(_ url: URL) -> String {
        // A link is not followed: `loop -> .` counted the pack's own images many times over, and
        // a link to `/` listed the whole disk, outside the content folder Peel may read.
        if SafeFile.isSymlink(url.path) {
            return "a link to a folder inside a pack is not followed (packs are one level deep); "
                + "to publish the images it leads to, link or move that folder beside this pack, as a pack of its own"
        }
        var images = 0
        func count(_ folder: URL, depth: Int) {
            guard depth < 4, let names = try? FolderListing.names(atPath: folder.path) else { return }
            for name in names where !IgnoredName.matches(name, in: folder) {
                let child = folder.appendingPathComponent(name)
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: child.path, isDirectory: &isFolder), isFolder.boolValue {
                    if !SafeFile.isSymlink(child.path) { count(child, depth: depth + 1) }
                } else if StickerFileKind(fileName: name) == .sticker {
                    images += 1
                }
            }
        }
        count(url, depth: 0)
        guard images > 0 else { return "folders inside a pack are ignored; packs are one level deep" }
        return "folders inside a pack are ignored (packs are one level deep), so its \(images == 1 ? "image is" : "\(images) images are") not in the site; "
            + "move \(images == 1 ? "it" : "them") up into the pack folder, or make the folder a pack of its own beside this one"
    }

    /// A sticker image saved without an extension (`sun`, a PNG): it was "not a sticker or a
    /// sidecar" beside its sidecar's "no image named 'sun.png'", and the sticker left the site.
    /// Only a name without a dot is looked into (its first bytes), so other files cost nothing.
    static func imageWithoutExtensionFinding(_ name: String, path: String, url: URL) -> Finding? {
        guard !name.contains("."), ContentFile.problem(atPath: url.path) == nil else { return nil }
        let format = ImageFormat.sniff(ContentFile.head(of: url))
        guard [.png, .apng, .gif, .jpeg].contains(format) else { return nil }
        let fixed = "\(name).\(format.fileExtension)"
        return Finding(.warning, .ignoredFile, file: path,
                       message: "a \(format == .jpeg ? "JPEG" : format == .gif ? "GIF" : "PNG") image without an extension, so it is not read as a sticker; rename it to \(fixed)")
    }

    /// The warning for `hello.md.txt` or `pack.md.txt`: Notepad saved the file as text, and
    /// Explorer, hiding the `.txt`, shows the name Peel asked for. Nil for any other name.
    static func savedAsTextFinding(_ name: String, path: String) -> Finding? {
        guard let meant = StickerFileKind.savedAsText(name) else { return nil }
        return Finding(.warning, .ignoredFile, file: path,
                       message: "saved as a text file (Notepad adds .txt, which Windows hides), so it is not read; rename it to \(meant) (in Notepad: Save as type All files)")
    }
}
