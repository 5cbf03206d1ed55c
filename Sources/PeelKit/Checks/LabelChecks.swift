import Foundation

/// Checks on accessibility labels: what VoiceOver reads for a sticker in Messages.
enum LabelChecks {
    /// MSSticker's `localizedDescription`, which VoiceOver reads, holds at most 150 characters.
    static let maximumLength = 150

    /// Words that make a label a placeholder when nothing else is in it ("IMG_1234", "Sticker 3").
    static let placeholderWords: Set<String> = [
        "image", "img", "picture", "pic", "photo", "sticker", "untitled", "alt", "label", "todo", "tbd",
        "placeholder", "emoji", "icon", "graphic", "file", "asset", "artwork", "art", "drawing", "screenshot",
        "screen", "shot", "dsc", "dscn", "dcim", "pxl", "mvimg", "none", "na", "null", "nil", "description",
        "caption", "text", "test", "xxx", "new", "copy", "frame", "layer", "artboard", "export", "final",
    ]

    /// Openings that repeat what VoiceOver already announces ("image").
    static let redundantPrefixes = [
        "an image of", "image of", "a picture of", "picture of", "a sticker of", "sticker of", "a photo of",
        "photo of", "a graphic of", "graphic of", "an icon of", "icon of", "an emoji of", "emoji of",
        "an illustration of", "illustration of",
    ]

    /// Checks one sticker's label.
    static func check(_ subject: CheckSubject) -> [Finding] {
        guard let label = subject.sticker.alt else { return [] } // missing-label comes from the loader
        var findings: [Finding] = []
        if label.count > maximumLength {
            findings.append(subject.labelFinding(.error, .labelTooLong,
                "label is \(label.count) characters; Messages allows \(maximumLength), so shorten it"))
        }
        let letters = label.unicodeScalars.filter { CharacterSet.letters.contains($0) || CharacterSet.decimalDigits.contains($0) }
        if letters.isEmpty {
            findings.append(subject.labelFinding(.warning, .labelWithoutWords,
                "label '\(label)' has no words; VoiceOver reads symbols and emoji by their names, so describe the sticker in words"))
            return findings
        }
        if isPlaceholder(label) {
            findings.append(subject.labelFinding(.error, .placeholderLabel,
                "label '\(label)' is a placeholder; write what the sticker shows, such as 'Smiling sun in sunglasses'"))
        } else if isFileName(label, of: subject.sticker) {
            findings.append(subject.labelFinding(.error, .labelIsFileName,
                "label '\(label)' is the file name, which VoiceOver reads anyway; write what the sticker shows"))
        }
        let lowered = label.lowercased()
        if let prefix = redundantPrefixes.first(where: { lowered.hasPrefix($0 + " ") || lowered == $0 }) {
            let rest = label.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
            let suggestion = rest.isEmpty ? "" : "; say '\(rest.prefix(1).uppercased() + rest.dropFirst())'"
            findings.append(subject.labelFinding(.warning, .redundantLabelPrefix,
                "label starts with '\(label.prefix(prefix.count))', which VoiceOver already conveys\(suggestion)"))
        }
        return findings
    }

    /// Bidi overrides and isolates in a sticker's label or title: they reorder how the text reads
    /// on the page, in `<title>` and in what VoiceOver is handed, so the text can say something
    /// other than it seems (see `TerminalEscaping.isBidiControl` for which characters and why).
    static func bidiControls(_ subject: CheckSubject) -> [Finding] {
        var findings: [Finding] = []
        if let label = subject.sticker.alt, let found = bidiControls(in: label) {
            findings.append(subject.labelFinding(.warning, .labelBidiControl,
                "label holds \(found); they reorder how it reads, so remove them"))
        }
        if let found = bidiControls(in: subject.sticker.title) {
            findings.append(Finding(.warning, .labelBidiControl, file: subject.sticker.sidecar ?? subject.sticker.source,
                                    message: "title holds \(found); they reorder how it reads, so remove them", sticker: subject.sticker.source))
        }
        return findings
    }

    /// The same for a pack's title, on its pack.md.
    static func bidiControls(in pack: Pack) -> [Finding] {
        guard let manifest = pack.manifest, let found = bidiControls(in: pack.title) else { return [] }
        return [Finding(.warning, .labelBidiControl, file: manifest,
                        message: "pack title holds \(found); they reorder how it reads, so remove them")]
    }

    /// "U+202E (right-to-left override)" style names of the bidi controls in `text`, or nil.
    static func bidiControls(in text: String) -> String? {
        var seen: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where TerminalEscaping.isBidiControl(scalar) && !seen.contains(scalar) {
            seen.append(scalar)
        }
        guard !seen.isEmpty else { return nil }
        return seen.map { scalar in
            let name = scalar.properties.name.map { " (\($0.lowercased()))" } ?? ""
            return "U+" + String(scalar.value, radix: 16, uppercase: true) + name
        }.joined(separator: ", ")
    }

    /// Labels shared by two stickers of one pack: reported on each later sticker.
    static func duplicates(in pack: Pack) -> [Finding] {
        var first: [String: Sticker] = [:]
        var findings: [Finding] = []
        for sticker in pack.stickers {
            guard let label = sticker.alt else { continue }
            let key = normalized(label)
            if let earlier = first[key] {
                let subject = CheckSubject(sticker: sticker, pack: pack, info: nil)
                findings.append(subject.labelFinding(.warning, .duplicateLabel,
                    "same label as \(earlier.source); describe what makes this sticker different"))
            } else {
                first[key] = sticker
            }
        }
        return findings
    }

    static func isPlaceholder(_ label: String) -> Bool {
        let words = label.lowercased().split { !$0.isLetter }.map(String.init)
        if words.isEmpty { return true } // digits and punctuation only: "1234", "#2"
        // "Screenshot 2024-01-01 at 10.00": joining words do not make a label real.
        let meaningful = words.filter { $0 != "at" && $0 != "of" }
        return !meaningful.isEmpty && meaningful.allSatisfy(placeholderWords.contains)
    }

    static func isFileName(_ label: String, of sticker: Sticker) -> Bool {
        let candidates = [sticker.fileName, StickerFileKind.stem(sticker.fileName)].map(normalized)
        return candidates.contains(normalized(label))
    }

    /// Lowercased, separators as single spaces: "Happy_Sun-2" and "happy sun 2" compare equal.
    static func normalized(_ text: String) -> String {
        text.lowercased()
            .map { "_-.".contains($0) ? " " : $0 }
            .reduce(into: "") { $0.append($1) }
            .split(separator: " ").joined(separator: " ")
    }
}
