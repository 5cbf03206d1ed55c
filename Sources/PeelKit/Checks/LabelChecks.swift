import Foundation

/// Checks on accessibility labels: what VoiceOver reads for a sticker in Messages.
enum LabelChecks {
    /// MSSticker's `localizedDescription`, which VoiceOver reads, holds at most 150 characters, in
    /// every language; counted as a reader sees them (`PerceivedLength`).
    static let maximumLength = 150

    /// Checks one sticker's label in one language (the words lists are that language's).
    static func check(_ subject: LabelSubject) -> [Finding] {
        guard let label = subject.text else { return [] } // missing-label and missing-translation come from the loader
        var findings: [Finding] = []
        let name = subject.name
        let length = PerceivedLength.of(label)
        if length > maximumLength {
            findings.append(subject.finding(.error, .labelTooLong,
                "\(name) is \(length) characters; Messages allows \(maximumLength), so shorten it"))
        }
        // Letters of any script; not marks alone: the variation selector of "❤️" is a mark
        // (CharacterSet.letters counts marks), and it makes no word. Numbers alone ("0001", "#2")
        // are a tool's placeholder; with a symbol ("100%", "24/7", "🎉 2025") they say something,
        // but not in words.
        if !label.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) && !isNumbering(label) {
            findings.append(subject.finding(.warning, .labelWithoutWords,
                "\(name) '\(label)' has no words; VoiceOver reads symbols and emoji by their names, so describe the sticker in words"))
            return findings
        }
        if isPlaceholder(label, language: subject.language) {
            findings.append(subject.finding(.error, .placeholderLabel,
                "\(name) '\(label)' is a placeholder; write what the sticker shows, such as '\(Self.exampleLabel(in: subject.language))'"))
            return findings   // "無題の画像": saying to drop "の画像" would leave a placeholder still
        } else if isFileName(label, of: subject.sticker) {
            findings.append(subject.finding(.error, .labelIsFileName,
                "\(name) '\(label)' is the file name, which VoiceOver reads anyway; write what the sticker shows"))
        }
        if let redundant = RedundantPrefixes.match(label, language: subject.language) {
            let rest = redundant.rest
            let suggestion = rest.isEmpty ? "" : "; say '\(rest.prefix(1).uppercased() + rest.dropFirst())'"
            let place = redundant.atStart ? "starts" : "ends"
            findings.append(subject.finding(.warning, .redundantLabelPrefix,
                "\(name) \(place) with '\(redundant.wording)', which VoiceOver already conveys\(suggestion)"))
        }
        return findings
    }

    /// Bidi overrides and isolates in a sticker's label or title: they reorder how the text reads
    /// on the page, in `<title>` and in what VoiceOver is handed, so the text can say something
    /// other than it seems (see `TerminalEscaping.isBidiControl` for which characters and why).
    static func bidiControls(_ subject: LabelSubject) -> [Finding] {
        characterFindings(subject, .labelBidiControl, advice: "they reorder how it reads, so remove them") { text in
            bidiControls(in: text).map { ($0, .warning) }
        }
    }

    /// Control characters in a sticker's label or title (escaped in YAML, `"\a"`, or a block
    /// scalar's line breaks): a label is one line of text that VoiceOver reads, Messages shows and
    /// `peel labels import` insists on. A line break or tab is a warning (VoiceOver reads on);
    /// anything else (BEL, ESC, C1…) reaches catalog.json and Xcode's label as it is: an error.
    static func controlCharacters(_ subject: LabelSubject) -> [Finding] {
        characterFindings(subject, .labelControlCharacter, advice: "write it on one line of plain text", found: controlCharacters(in:))
    }

    /// A finding on the label and one on the title for the characters `found` names in each
    /// ("label holds U+202E (…); <advice>").
    private static func characterFindings(_ subject: LabelSubject, _ code: FindingCode, advice: String,
                                          found: (String) -> (names: String, severity: Severity)?) -> [Finding] {
        var findings: [Finding] = []
        if let label = subject.text, let (names, severity) = found(label) {
            findings.append(subject.finding(severity, code, "\(subject.name) holds \(names); \(advice)"))
        }
        if let title = subject.title, let (names, severity) = found(title) {
            let name = subject.translation.map { "\(LanguageName.of($0)) title" } ?? "title"
            findings.append(subject.titleFinding(severity, code, "\(name) holds \(names); \(advice)"))
        }
        return findings
    }

    /// Zero-width spaces, word joiners and byte-order marks inside a label or title: invisible,
    /// they split a word for the spelling check (which then named pieces no one could find) and
    /// reach Xcode and VoiceOver as they are. ZWJ and ZWNJ are left alone (emoji sequences, Persian).
    static func invisibleCharacters(_ subject: LabelSubject) -> [Finding] {
        var findings = characterFindings(subject, .labelInvisibleCharacter, advice: "it is invisible and splits the words around it, so remove it") { text in
            named(in: text) { [0x200B, 0x2060, 0xFEFF].contains($0.value) }.map { ($0, .warning) }
        }
        findings += characterFindings(subject, .labelInvisibleCharacter,
                                      advice: "they are invisible, yet reach Xcode's label and VoiceOver, and no length check counts them; remove them",
                                      found: hiddenText(in:))
        return findings
    }

    /// A subdivision flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿, England, Scotland, Wales): U+1F3F4, two to six tag letters or
    /// digits, and the cancel tag U+E007F, nothing else. Any other text behind 🏴 is hidden text.
    static func isSubdivisionFlag(_ character: Character) -> Bool {
        let scalars = Array(character.unicodeScalars)
        guard scalars.count >= 4, scalars.first?.value == 0x1F3F4, scalars.last?.value == 0xE007F else { return false }
        let tags = scalars.dropFirst().dropLast()
        return tags.count <= 6 && tags.allSatisfy { (0xE0061...0xE007A).contains($0.value) || (0xE0030...0xE0039).contains($0.value) }
    }

    /// Text hidden inside the characters of a label: Unicode tag characters outside a subdivision
    /// flag (U+E0020–U+E007F, text no one sees: "ASCII smuggling", an error), a variation selector
    /// right after another, or more than eight combining marks on one letter. Each joins the
    /// character before it, so a label of 128 letters and 60 hidden ones counted 128.
    static func hiddenText(in text: String) -> (names: String, severity: Severity)? {
        var tags = 0, selectors = 0, marks = 0
        for character in text {
            let scalars = character.unicodeScalars
            if !isSubdivisionFlag(character) { tags += scalars.filter { (0xE0000...0xE007F).contains($0.value) }.count }
            // A selector after a selector: an emoji sequence has one after each of its emoji
            // ("🏳️‍⚧️" holds two), never two in a row.
            var previousWasSelector = false
            for scalar in scalars {
                let isSelector = (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value)
                if isSelector && previousWasSelector { selectors += 1 }
                previousWasSelector = isSelector
            }
            let markCount = scalars.filter { $0.properties.generalCategory == .nonspacingMark }.count
            if markCount > 8 { marks += markCount }
        }
        var names: [String] = []
        if tags > 0 { names.append("\(tags) hidden tag character\(tags == 1 ? "" : "s") (U+E0000–U+E007F)") }
        if selectors > 0 { names.append("\(selectors) extra variation selector\(selectors == 1 ? "" : "s")") }
        if marks > 0 { names.append("\(marks) combining marks piled on single letters") }
        guard !names.isEmpty else { return nil }
        return (names.joined(separator: ", "), tags > 0 ? .error : .warning)
    }

    /// "a line break (U+000A)" style names of the control characters in `text`, and how bad the worst is.
    static func controlCharacters(in text: String) -> (names: String, severity: Severity)? {
        var seen: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where TerminalEscaping.isControl(scalar) && !seen.contains(scalar) {
            seen.append(scalar)
        }
        guard !seen.isEmpty else { return nil }
        let gentle: Set<UInt32> = [0x09, 0x0A, 0x0D, 0x2028, 0x2029]
        let names = seen.map { scalar in
            let code = "U+" + String(format: "%04X", scalar.value)
            switch scalar.value {
            case 0x0A, 0x0D, 0x2028, 0x2029: return "a line break (\(code))"
            case 0x09: return "a tab (\(code))"
            default:
                let known: [UInt32: String] = [0x00: "null", 0x07: "bell", 0x08: "backspace", 0x0B: "vertical tab", 0x0C: "form feed",
                                               0x1B: "escape", 0x7F: "delete", 0x85: "next line", 0x9B: "control sequence introducer"]
                return "the control character \(code)" + (known[scalar.value].map { " (\($0))" } ?? "")
            }
        }
        return (names.joined(separator: ", "), seen.allSatisfy { gentle.contains($0.value) } ? .warning : .error)
    }

    /// Bidi controls and control characters in a pack's texts that reach the messengers, Xcode and
    /// catalog.json as they are: its title (the app's name in Messages), author, licence and
    /// publisher on its pack.md, and each translated title on its pack.<tag>.md. Only the title's
    /// bidi controls were checked: an ESC in a pack title went into Xcode's display name.
    static func textCharacters(in pack: Pack, site: SiteInfo) -> [Finding] {
        var findings: [Finding] = []
        if let manifest = pack.manifest {
            let texts: [(name: String, text: String?, line: Int?)] = [("pack title", pack.title, pack.titleLine), ("author", pack.author, nil),
                                                                     ("license", pack.license, nil), ("publisher", pack.publisher, pack.publisherLine)]
            for (name, text, line) in texts {
                if let text { findings += characterFindings(in: text, named: name, file: manifest, line: line) }
            }
        }
        for language in site.translationLanguages(of: pack) {
            guard let translation = pack.translations[language], let title = translation.title else { continue }
            findings += characterFindings(in: title, named: "\(LanguageName.of(language)) pack title", file: translation.file,
                                          line: translation.titleLine, language: language)
        }
        return findings
    }

    /// The same for the site's title and description, on site.md (the title names the site in
    /// catalog.json and on every page's `<title>`).
    static func textCharacters(in site: SiteInfo) -> [Finding] {
        [("site title", site.title, site.titleLine), ("site description", site.description, nil)].flatMap { name, text, line in
            text.map { characterFindings(in: $0, named: name, file: "site.md", line: line) } ?? []
        }
    }

    /// The same for a sticker's tags, on its sidecar: they become Telegram's keywords and catalog.json's tags.
    static func tagCharacters(_ sticker: Sticker) -> [Finding] {
        guard let sidecar = sticker.sidecar else { return [] }
        return sticker.tags.flatMap { tag in
            characterFindings(in: tag, named: "tag '\(TerminalEscaping.escaped(tag))'", file: sidecar, line: nil, sticker: sticker.source)
        }
    }

    /// `label-bidi-control` and `label-control-character` findings on one text.
    private static func characterFindings(in text: String, named name: String, file: String, line: Int?,
                                          language: String? = nil, sticker: String? = nil) -> [Finding] {
        var findings: [Finding] = []
        if let found = bidiControls(in: text) {
            findings.append(Finding(.warning, .labelBidiControl, file: file, line: line,
                                    message: "\(name) holds \(found); they reorder how it reads, so remove them", sticker: sticker, language: language))
        }
        if let (names, severity) = controlCharacters(in: text) {
            findings.append(Finding(severity, .labelControlCharacter, file: file, line: line,
                                    message: "\(name) holds \(names); write it on one line of plain text", sticker: sticker, language: language))
        }
        return findings
    }

    /// "U+202E (right-to-left override)" style names of the bidi controls in `text`, or nil.
    static func bidiControls(in text: String) -> String? {
        named(in: text, where: TerminalEscaping.isBidiControl)
    }

    /// "U+202E (right-to-left override)" style names of the distinct scalars of `text` that
    /// `matches`, in order, or nil when there are none.
    private static func named(in text: String, where matches: (Unicode.Scalar) -> Bool) -> String? {
        var seen: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where matches(scalar) && !seen.contains(scalar) {
            seen.append(scalar)
        }
        guard !seen.isEmpty else { return nil }
        return seen.map { scalar in
            let name = scalar.properties.name.map { " (\($0.lowercased()))" } ?? ""
            return "U+" + String(scalar.value, radix: 16, uppercase: true) + name
        }.joined(separator: ", ")
    }

    /// Labels shared by two stickers of one pack in one language: reported on each later sticker's
    /// label in that language (a missing translation, read in the default language, is not counted).
    static func duplicates(in pack: Pack, site: SiteInfo) -> [Finding] {
        var first: [String: [String: Sticker]] = [:]   // by language: normalised label -> first sticker
        var findings: [Finding] = []
        for sticker in pack.stickers {
            for label in CheckSubject(sticker: sticker, pack: pack, info: nil).labels(site: site) {
                guard let text = label.text else { continue }
                // Labels of symbols alone ("...", "🙂", "!!!") all had the empty key and were "the
                // same label"; they get label-without-words.
                let key = duplicateKey(text), language = label.translation ?? ""
                guard !key.isEmpty else { continue }
                if let earlier = first[language]?[key] {
                    let what = label.translation.map { "same \(LanguageName.of($0)) label" } ?? "same label"
                    findings.append(label.finding(.warning, .duplicateLabel,
                        "\(what) as \(earlier.source); describe what makes this sticker different"))
                } else {
                    first[language, default: [:]][key] = sticker
                }
            }
        }
        return findings
    }

    /// A good label to show as an example, in the label's own language where Peel has one (a
    /// German translator was shown 'Smiling sun in sunglasses'), else in English.
    static func exampleLabel(in language: String) -> String {
        exampleLabels[LanguageTag.parts(of: language).language] ?? exampleLabels["en"]!
    }

    private static let exampleLabels: [String: String] = [
        "en": "Smiling sun in sunglasses", "fr": "Soleil souriant avec des lunettes de soleil", "de": "Lächelnde Sonne mit Sonnenbrille",
        "es": "Sol sonriente con gafas de sol", "pt": "Sol sorridente de óculos escuros", "it": "Sole sorridente con gli occhiali da sole",
        "nl": "Lachende zon met zonnebril", "ru": "Улыбающееся солнце в солнечных очках", "ja": "サングラスをかけて笑う太陽",
        "zh": "戴着墨镜微笑的太阳", "ar": "شمس مبتسمة ترتدي نظارة شمسية",
        "he": "שמש מחייכת עם משקפי שמש", "ko": "선글라스를 쓴 웃는 해",
    ]

    /// Whether every word of `label` is a placeholder word of `language` (or English), joining
    /// words aside. A run of letters of a script written without spaces (Japanese, Chinese) counts
    /// when it splits wholly into placeholder and joining words: "無題の画像".
    static func isPlaceholder(_ label: String, language: String = "en") -> Bool {
        let list = PlaceholderWords.list(for: language)
        let label = OptionalMarks.removed(from: label.trimmingCharacters(in: .whitespacesAndNewlines))
        // Nothing but Arabic marks and tatweel ("ـــ"): a line, not a word.
        if label.trimmingCharacters(in: .whitespaces).isEmpty { return true }
        let lowered = label.lowercased()
        // An image's file name ("IMG_1234.PNG", "1f600.png", "Screenshot 2024-01-01 at 10.00.00.png",
        // "Smiling cat.png"): VoiceOver would read "dot png".
        if let dot = label.lastIndex(of: "."), dot > label.startIndex, !label[label.index(before: dot)].isWhitespace,
           imageExtensions.contains(label[label.index(after: dot)...].lowercased()) { return true }
        if isNumbering(label) || isMachineIdentifier(lowered) { return true }
        if lowered.hasPrefix("lorem ") || lowered.contains("lorem ipsum") || wholePlaceholders.contains(normalized(lowered)) { return true }
        // A placeholder written with marks between its letters: "N/A", "T.B.D.".
        let letters = String(lowered.filter(\.isLetter))
        if list.words.contains(letters) || list.whole.contains(letters) { return true }
        // One Latin letter and at most punctuation ("x", "A.", "%s"): no word to read. Not "A+",
        // "3D", "U2" or "π", which say something.
        if letters.count == 1, letters.unicodeScalars.allSatisfy({ (0x41...0x24F).contains($0.value) }),
           label.allSatisfy({ $0.isLetter || $0.isPunctuation || $0.isWhitespace }) {
            return true
        }
        let words = lowered.split { !$0.isLetter }.map(String.init)
        guard !words.isEmpty else { return false }   // symbols with numbers: label-without-words says so
        let hasNumber = label.unicodeScalars.contains { $0.properties.numericType == .decimal }
        // "Screenshot 2024-01-01 at 10.00": joining words do not make a label real.
        var placeholders = 0
        for word in words {
            if list.joiners.contains(word) { continue }
            if list.words.contains(word) || (hasNumber && list.numbered.contains(word)) { placeholders += 1; continue }
            guard isWrittenWithoutSpaces(word), let found = placeholderRun(word, list: list) else { return false }
            placeholders += found
        }
        return placeholders > 0
    }

    /// Digits alone, with the marks that number files and layers ("1234", "#2", "0001", "12-3",
    /// "(2)"): a tool's name for the sticker, not a description.
    static func isNumbering(_ label: String) -> Bool {
        let scalars = label.unicodeScalars
        return scalars.contains { $0.properties.numericType == .decimal }
            && scalars.allSatisfy { $0.properties.numericType == .decimal || $0.properties.isWhitespace || "#_-.()[]".unicodeScalars.contains($0) }
    }

    /// Whole labels a tool leaves whose words alone are real ("design" is one), as `normalized` writes them.
    static let wholePlaceholders: Set<String> = ["untitled design", "object object"]

    /// A code point, a hash or a UUID a script named the sticker with ("1f602", "U+1F600",
    /// "emoji_u1f600", "1f468-200d-1f469", "a3f9c2e1"): hexadecimal pieces, one word, with a digit.
    /// VoiceOver reads them letter by letter.
    static func isMachineIdentifier(_ lowered: String) -> Bool {
        var text = Substring(lowered)
        for prefix in ["emoji_u", "emoji_", "u+"] where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
            break
        }
        let pieces = text.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "_" }
        let hex = pieces.map { $0.drop { $0 == "u" } }
        // Each piece hexadecimal, and digits at least half of it: "1f602", "200d", "a3f9c2e1"; not
        // the words that happen to be hexadecimal ("Face2Face", "Dad2Be", "Bead-2024").
        guard !pieces.isEmpty, hex.allSatisfy({ piece in
            piece.count >= 4 && piece.allSatisfy(\.isHexDigit) && 2 * piece.filter(\.isNumber).count >= piece.count
        }) else { return false }
        let all = hex.joined()
        return all.count >= 5 && all.contains(where: \.isNumber) && all.contains(where: \.isLetter)
    }

    /// Whether `word` holds letters of a script written without spaces between words (Han, kana,
    /// Thai, Lao, Khmer, Myanmar), where a run of letters is several words. A Latin word is never
    /// split: "Nana" is not two "na"s.
    static func isWrittenWithoutSpaces(_ word: String) -> Bool {
        word.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F,              // kana
                 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F, // Han
                 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF:              // Thai, Lao, Myanmar, Khmer
                return true
            default:
                return false
            }
        }
    }

    /// How many placeholder words `word` splits into, joining words aside, when it is a run of
    /// placeholder and joining words written without spaces; nil when it is not. Longest words first.
    static func placeholderRun(_ word: String, list: PlaceholderWords.List) -> Int? {
        let characters = Array(word)
        // best[i]: the placeholder words in the best split of characters[i...], nil if none.
        var best = [Int?](repeating: nil, count: characters.count + 1)
        best[characters.count] = 0
        let longest = (list.words.union(list.joiners)).map(\.count).max() ?? 0
        for start in stride(from: characters.count - 1, through: 0, by: -1) {
            for end in stride(from: min(characters.count, start + longest), to: start, by: -1) {
                guard let rest = best[end] else { continue }
                let piece = String(characters[start..<end])
                if list.words.contains(piece) { best[start] = max(best[start] ?? 0, rest + 1) }
                else if list.joiners.contains(piece), best[start] == nil { best[start] = rest }
            }
        }
        return best[0]
    }

    /// Extensions of image files, whose names are placeholders as labels.
    static let imageExtensions: Set<String> = StickerFileKind.stickerExtensions.union(StickerFileKind.otherImageExtensions)

    /// True for a label that is the image's file name of one or two words (`happy_sun` for
    /// `happy_sun.png`). A longer name is a description someone wrote (`golden-retriever-puppy-
    /// playing-fetch.png`): the label saying the same is a good one, and was an error that held back
    /// the Xcode export.
    static func isFileName(_ label: String, of sticker: Sticker) -> Bool {
        let stem = normalized(StickerFileKind.stem(sticker.fileName))
        guard stem.split(separator: " ").count <= 2 else { return false }
        // Japanese and Chinese names have no spaces: one of five or more characters ("涙を流して笑う猫")
        // describes the art as a long English one does.
        if isWrittenWithoutSpaces(stem) && stem.count >= 5 { return false }
        return [normalized(sticker.fileName), stem].contains(normalized(label))
    }

    /// Lowercased, anything but letters and digits as single spaces: "Happy_Sun-2", "happy sun 2"
    /// and "HAPPY SUN 2!" compare equal.
    /// A label as `duplicate-label` compares it: its words (letters and digits, in any case and
    /// with any punctuation), then its emoji and other symbols in order. "Thumbs up 👍🏻" and
    /// "Thumbs up 👍🏿" differ, as VoiceOver reads the skin tones; "Thumbs up!" and "thumbs up" do
    /// not. Arabic's vowel marks and tatweel are left out (`OptionalMarks`): "وَجْهٌ أَصْفَر" and
    /// "وجـــه أصفر" are "وجه أصفر" to VoiceOver. Empty for a label without words.
    static func duplicateKey(_ text: String) -> String {
        let words = normalized(OptionalMarks.removed(from: text))
        guard !words.isEmpty else { return "" }
        let symbols = text.filter { $0.isSymbol }
        return symbols.isEmpty ? words : words + " " + symbols
    }

    static func normalized(_ text: String) -> String {
        text.lowercased()
            .map { $0.isLetter || $0.isNumber ? $0 : " " }
            .reduce(into: "") { $0.append($1) }
            .split(separator: " ").joined(separator: " ")
    }
}
