import Foundation

/// Checks across stickers and packs: repeated art, and icon art big enough for the icon set.
enum CatalogChecks {
    /// The largest image of the iMessage App Icon set is the 1024 × 1024 App Store icon.
    static let minimumIconSide = 1024

    /// Stickers whose files have the same bytes: reported on each later one.
    static func duplicateImages(_ catalog: Catalog, assets: [String: StickerAssets]) -> [Finding] {
        var first: [String: String] = [:]
        var findings: [Finding] = []
        for pack in catalog.packs {
            for sticker in pack.stickers {
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
    /// would be upscaled.
    static func icon(of pack: Pack, content: URL, analyzer: ImageAnalyzer) -> [Finding] {
        guard let icon = pack.icon, let manifest = pack.manifest else { return [] }
        let info: ImageInfo
        do {
            info = try analyzer.analyze(ContentFile.read(content.appendingPathComponent(icon))).info
        } catch let error as ImageError {
            let code: FindingCode = switch error {
            case .overPixelBudget, .animationOverBudget: .imageTooLarge
            case .unsupported: .unsupportedFormat
            default: .corruptImage
            }
            return [Finding(.error, code, file: icon, message: "icon art: \(error.description)")]
        } catch {
            return [Finding(.error, .unreadableFile, file: icon, message: "cannot read icon art: \(SystemErrorText.describe(error))")]
        }
        guard min(info.width, info.height) < minimumIconSide else { return [] }
        return [Finding(.warning, .iconTooSmall, file: manifest, line: pack.iconLine,
                        message: "icon art is \(info.width) × \(info.height) px; the icon set needs \(minimumIconSide) × \(minimumIconSide) px, so smaller art would be upscaled")]
    }
}
