/// What a sticker check looks at: the sticker, its pack and what the image step learnt.
struct CheckSubject {
    let sticker: Sticker
    let pack: Pack
    /// Nil when the image could not be read (the image step reported why).
    let info: ImageInfo?

    /// A finding about the sticker's label, located at its `alt:` line.
    func labelFinding(_ severity: Severity, _ code: FindingCode, _ message: String) -> Finding {
        Finding(severity, code, file: sticker.sidecar ?? sticker.source, line: sticker.altLine, message: message,
                sticker: sticker.source)
    }

    /// A finding about the sticker's image file.
    func imageFinding(_ severity: Severity, _ code: FindingCode, _ message: String) -> Finding {
        Finding(severity, code, file: sticker.source, message: message, sticker: sticker.source)
    }
}
