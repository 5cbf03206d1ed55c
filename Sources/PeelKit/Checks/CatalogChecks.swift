import Foundation

/// Checks across stickers and packs: repeated art, and icon art big enough for the icon set.
enum CatalogChecks {
    /// Stickers whose files have the same bytes: reported on each later one. Composed stickers'
    /// files exist nowhere; a parts pack reports its repeated layers instead (`PartsPack`).
    static func duplicateImages(_ catalog: Catalog, assets: [String: StickerAssets]) -> [Finding] {
        var first: [String: String] = [:]
        var findings: [Finding] = []
        for pack in catalog.packs {
            for sticker in pack.stickers where sticker.composition == nil {
                guard let digest = assets[sticker.source]?.info?.sha256 else { continue }
                if let earlier = first[digest] {
                    findings.append(Finding(.warning, .duplicateImage, file: sticker.source,
                                            message: "same image bytes as \(earlier); remove one or change the art",
                                            sticker: sticker.source))
                } else {
                    first[digest] = sticker.source
                }
            }
        }
        return findings
    }

    /// A pack's icon art must be readable and at least 1024 px on each side, or the icon set
    /// would be upscaled; its tray art (`tray:`, the messengers' pack icon) must be readable.
    static func icon(of pack: Pack, content: URL, analyzer: ImageAnalyzer) -> [Finding] {
        guard let manifest = pack.manifest else { return [] }
        var findings: [Finding] = []
        // A tray the exports cannot read would quietly give way to the cover sticker.
        // It is a warning: only the messengers' exports use it, and they fall back to the cover.
        // Icon and tray art go into the pack zip's originals/ byte for byte, EXIF and all.
        func location(_ info: ImageInfo, _ path: String) {
            if info.carriesLocation == true { findings.append(ImageChecks.packZipLocationFinding(file: path)) }
        }
        let iconRead = pack.icon.map { read($0, what: "icon art", content: content, analyzer: analyzer, describe: \.iconArtDescription) }
        if let tray = pack.tray {
            switch read(tray, what: "tray art", content: content, analyzer: analyzer) {
            case .failure(var finding):
                finding.severity = .warning
                // The icon art only when the exports can read it either (else they take the cover too).
                var readableIcon: String?
                if case .success? = iconRead { readableIcon = pack.icon }
                finding.message += "; the messenger exports make the tray icon from " + (readableIcon.map { "the pack's icon: art (\($0))" } ?? "the cover sticker") + " instead"
                findings.append(finding)
            case .success(let info):
                location(info, tray)
            }
        }
        guard let icon = pack.icon, let iconRead else { return findings }
        switch iconRead {
        case .failure(let finding):
            findings.append(finding)
        case .success(let info):
            location(info, icon)
            // As the icon set will say it (`IconSet.sizeWarnings`), on pack.md's `icon:` line.
            for warning in IconSet().sizeWarnings(width: info.width, height: info.height, file: manifest) {
                findings.append(Finding(.warning, warning.code, file: manifest, line: pack.iconLine, message: "icon \(warning.message)"))
            }
            // As `IconSet.warnings` says it in peel icons and the exports; the build published blank icons without a word.
            if info.hasVisiblePixels == false {
                findings.append(Finding(.warning, .blankImage, file: manifest, line: pack.iconLine,
                                        message: "icon art has nothing to see (every pixel is transparent), so every icon is blank and the App Store icons plain white"))
            }
        }
        return findings
    }

    private enum ArtRead {
        case success(ImageInfo)
        case failure(Finding)
    }

    /// `path`'s image, or the finding that says why it cannot be read (`describe`: in words for that art).
    private static func read(_ path: String, what: String, content: URL, analyzer: ImageAnalyzer,
                             describe: KeyPath<ImageError, String> = \.description) -> ArtRead {
        do {
            return .success(try analyzer.analyze(ContentFile.read(content.appendingPathComponent(path))).info)
        } catch let error as ImageError {
            return .failure(Finding(.error, error.findingCode, file: path, message: "\(what): \(error[keyPath: describe])"))
        } catch {
            return .failure(Finding(.error, .unreadableFile, file: path, message: "cannot read \(what): \(SystemErrorText.describe(error))"))
        }
    }
}
