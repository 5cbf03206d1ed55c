/// One finding as machines read it, in `peel check --format json` and in catalog.json:
/// `file`, `line` (null where there is none), `severity`, `code`, `message`, `sticker` (null when
/// the finding is not about a sticker), `language` (the BCP 47 tag of the translation it is about;
/// null for the default language or none) and `suppressed`.
struct FindingRecord: Encodable {
    let file: String
    @Nullable var line: Int?
    let severity: Severity
    let code: FindingCode
    let message: String
    @Nullable var sticker: String?
    @Nullable var language: String?
    let suppressed: Bool

    init(_ finding: Finding) {
        file = finding.file
        line = finding.line
        severity = finding.severity
        code = finding.code
        message = finding.message
        sticker = finding.sticker
        language = finding.language
        suppressed = finding.suppressed
    }
}
