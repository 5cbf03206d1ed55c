import Foundation

/// Open Graph and Twitter card tags need absolute addresses for `og:url` and `og:image`; they can
/// only be made from `base_url` in `site.md`. Without a usable base URL those tags are left out
/// rather than filled with relative links, which the Open Graph protocol does not allow.
struct SocialLinks {
    /// The base URL, ending in "/", or nil when there is none or it is not an absolute http(s) URL.
    let base: String?

    init(baseURL: String?) {
        base = Self.normalized(baseURL)
    }

    /// "https://example.com/stickers" → "https://example.com/stickers/"; nil for anything that
    /// is not http(s) with a host, has a query or fragment, or holds characters a URL may not.
    static func normalized(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty,
              let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty,
              components.query == nil, components.fragment == nil, components.user == nil else { return nil }
        // The path percent-encoded as a URL must be ("/my stickers/" → "/my%20stickers/"): it goes
        // into og:url, the canonical link and WhatsApp's publisher_website as it is.
        // Runs of slashes are one ("//stickers/"): a path that starts with two is another host to
        // a browser, and the 404 page's links start with the path.
        let written = components.path.replacingOccurrences(of: "/{2,}", with: "/", options: .regularExpression)
        guard let path = written.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) else { return nil }
        let port = components.port.map { ":\($0)" } ?? ""
        let url = "\(scheme)://\(host.lowercased())\(port)\(path)"
        return url.hasSuffix("/") ? url : url + "/"
    }

    /// The absolute URL of a site path ("faces/index.html" → ".../faces/"), or nil without a base.
    func url(_ sitePath: String) -> String? {
        guard let base else { return nil }
        var path = sitePath
        if path == "index.html" { path = "" }
        else if path.hasSuffix("/index.html") { path.removeLast("index.html".count) }
        return base + path
    }

    /// The Open Graph image for a sticker: its original file, absolute, with its size and label
    /// (`alt`, in the page's language); `still`, the full-size poster of an animation that flashes
    /// (link previews in Slack, Discord or Messages play a GIF by themselves).
    func image(for sticker: Sticker, in pack: Pack, info: ImageInfo?, alt: String?, still: String? = nil) -> SocialImageModel? {
        guard let info, let url = url(still ?? SitePaths.original(pack, sticker)) else { return nil }
        let type: String
        switch still == nil ? info.format : .png {
        case .gif: type = "image/gif"
        case .jpeg: type = "image/jpeg"
        case .png, .apng: type = "image/png"
        default: return nil   // not a format Messages or link previews take
        }
        return SocialImageModel(url: url, type: type, width: info.width, height: info.height, alt: alt)
    }
}
