/// A sticker's label (and title) in one language: what VoiceOver reads on a phone set to that
/// language. The label rules take one of these, so the same rule covers the default label in the
/// sidecar and each translation in its `<stem>.<tag>.md`, and a finding points at the file and
/// `alt:` line the text is on.
struct LabelSubject {
    let sticker: Sticker
    let pack: Pack
    /// The label; nil when this language has none (`missing-label`, `missing-translation` say so).
    let text: String?
    /// The title in this language; nil in a translation that does not translate it.
    let title: String?
    /// The file the text is in (the sidecar, or the translation file) and the line of its `alt:`.
    let file: String
    let line: Int?
    /// The BCP 47 tag the text is written in: the pack's or the site's for the default label. Picks
    /// word lists and the spelling dictionary.
    let language: String
    /// The translation's tag, nil for the default label: what `Finding.language` records.
    let translation: String?

    /// A finding about the label, at its `alt:` line.
    func finding(_ severity: Severity, _ code: FindingCode, _ message: String) -> Finding {
        Finding(severity, code, file: file, line: line, message: message, sticker: sticker.source, language: translation)
    }

    /// A finding about the title, at its `title:` line in the same file.
    func titleFinding(_ severity: Severity, _ code: FindingCode, _ message: String) -> Finding {
        let line = translation.map { sticker.translations[$0]?.titleLine } ?? sticker.titleLine
        return Finding(severity, code, file: file, line: line, message: message, sticker: sticker.source, language: translation)
    }

    /// "label" or "French label": how messages name it.
    var name: String {
        translation.map { "\(LanguageName.of($0)) label" } ?? "label"
    }
}
