import Mustache

/// How `{{value}}` is escaped in Peel's templates: `HTMLText.escape`, in place of swift-mustache's
/// HTML escaping, which compares Characters and so leaves a quote followed by a combining mark
/// unescaped (an attribute breakout; see `HTMLText`). It is also faster: the library looked every
/// Character up in a dictionary and built a new string even when nothing needed escaping, a fifth
/// of the time spent rendering pages.
///
/// Every template Peel parses starts with the pragma that selects it (`TemplateSet`), so a
/// theme's own templates get it too; a template may still choose another content type after it.
struct HTMLEscaping: MustacheContentType {
    /// The content type's name in `{{% CONTENT_TYPE: … }}`.
    static let name = "PEEL_HTML"
    static let pragma = "{{% CONTENT_TYPE: \(name) }}"

    /// Registers it with swift-mustache once per process, before the first template is parsed.
    static let registered: Void = MustacheContentTypes.register(HTMLEscaping(), named: name)

    func escapeText(_ text: String) -> String {
        HTMLText.escape(text)
    }
}
