import Mustache

/// A page model as swift-mustache holds it: by reference. For every `{{name}}` swift-mustache
/// casts each object on its context stack to two protocols, and a struct in an `Any` is copied for
/// each cast, every field retained and released: for a sticker page's model that was a quarter of
/// the page step's time. A class instance is cast without a copy.
final class TemplateBox: MustacheParent {
    private let model: any MustacheParent

    private init(_ model: any MustacheParent) {
        self.model = model
    }

    func child(named name: String) -> Any? {
        model.child(named: name)
    }

    /// `value` in a box when it is a model; anything else as it is.
    static func wrap(_ value: Any) -> Any {
        if let model = value as? any MustacheParent, !(model is TemplateBox) { return TemplateBox(model) }
        return value
    }
}
