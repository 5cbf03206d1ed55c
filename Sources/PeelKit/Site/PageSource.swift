import Foundation

/// A page before rendering: its template and the model the template shows. Its `key` hashes both,
/// so a rebuild can tell that a page would come out the same and reuse the previous one without
/// rendering it (the theme's own files are part of every build's fingerprint).
struct PageSource: @unchecked Sendable {
    let template: String
    /// A page model (see PageModels.swift): what the template sees, and all it sees.
    let model: any Encodable

    var key: String {
        "\(template):\(ModelDigest.of(model))"
    }

    func render(with templates: TemplateSet) throws -> String {
        try templates.render(template, model)
    }
}
