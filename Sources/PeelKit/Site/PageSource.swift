import Foundation

/// A page before rendering: its template and the model the template shows. Its `key` hashes both,
/// so a rebuild can tell that a page would come out the same and reuse the previous one without
/// rendering it (the theme's own files are part of every build's fingerprint).
struct PageSource: @unchecked Sendable {
    let template: String
    /// A page model (see PageModels.swift): what the template sees, and all it sees.
    let model: any Encodable

    /// One SHA-256 of the template's name and the model, as 64 hex digits, which the build
    /// state's ledger holds as 32 bytes (a "name:digest" text was 60,000 strings of its own at
    /// 20,000 stickers in three languages).
    var key: String {
        let sink = ModelDigest.Sink()
        sink.add(ModelDigest.templateTag, template)
        ModelDigest.add(model, to: sink)
        return Hex.string(sink.finalize())
    }

    func render(with templates: TemplateSet) throws -> String {
        try templates.render(template, model)
    }
}
