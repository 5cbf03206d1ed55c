import CLibXML2
import Foundation

/// An XML element as libxml2 read it, copied into Swift values so no C pointer outlives the
/// parse: local name, namespace, attributes, children in order, and the line it starts on.
struct XMLTree: Equatable {
    enum Child: Equatable {
        case element(XMLTree)
        case text(String)
    }

    var name: String
    var namespace: String?
    /// By local name; attributes in the XML namespace as `xml:lang`, other namespaced ones as `prefix:name`.
    var attributes: [String: String]
    var children: [Child]
    var line: Int

    var elements: [XMLTree] {
        children.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    /// The text directly inside, in order (markup inside is not text: see `elements`).
    var text: String {
        children.map { if case .text(let text) = $0 { text } else { "" } }.joined()
    }

    /// What an element holds when it should hold plain text.
    enum PlainText {
        case text(String)
        /// The first element inside that is not text.
        case markup(XMLTree)
    }

    /// The text inside with the text of `transparent` elements (at any depth) taken as its own,
    /// or the first other element inside.
    func plainText(through transparent: Set<String>) -> PlainText {
        var text = ""
        for child in children {
            switch child {
            case .text(let part): text += part
            case .element(let element):
                guard transparent.contains(element.name) else { return .markup(element) }
                switch element.plainText(through: transparent) {
                case .text(let inner): text += inner
                case .markup(let other): return .markup(other)
                }
            }
        }
        return .text(text)
    }

    /// Something libxml2 refused, with the 1-based line it found it on.
    struct Problem: Error, Equatable {
        var line: Int?
        var message: String
    }

    /// 64 MiB: an XLIFF of a 600-sticker catalog in one language is about 1 MB, so this is a
    /// catalog sixty times larger, and a mistaken multi-gigabyte file is refused before it is read.
    /// (libxml2 itself, without XML_PARSE_HUGE, also caps one text node at 10 MB and nesting at 256.)
    static let maxBytes = 64 * 1024 * 1024

    /// Parses `data` safely: no network (XML_PARSE_NONET), no DTD loaded and no entity substituted
    /// (neither XML_PARSE_DTDLOAD nor XML_PARSE_NOENT), and any DOCTYPE refused outright, since
    /// entity declarations are where external-entity reads (XXE) and entity expansion bombs
    /// ("billion laughs") live; XLIFF needs none.
    static func parse(_ data: Data) throws(Problem) -> XMLTree {
        guard data.count <= maxBytes else {
            throw Problem(line: nil, message: "file is \(data.count) bytes, more than the \(ContentLimits.megabytes(maxBytes)) Peel reads")
        }
        guard !data.isEmpty else { throw Problem(line: nil, message: "the file is empty") }
        xmlInitParser()
        guard let context = xmlNewParserCtxt() else { throw Problem(line: nil, message: "libxml2 could not start (out of memory)") }
        defer { xmlFreeParserCtxt(context) }
        // A DOCTYPE stops the parse; its line is kept in the context's user field.
        context.pointee.sax.pointee.internalSubset = { userData, _, _, _ in
            guard let parser = userData?.assumingMemoryBound(to: xmlParserCtxt.self) else { return }
            parser.pointee._private = UnsafeMutableRawPointer(bitPattern: max(1, Int(xmlSAX2GetLineNumber(userData))))
            xmlStopParser(parser)
        }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue)
        let document = data.withUnsafeBytes { bytes in
            xmlCtxtReadMemory(context, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, nil, options)
        }
        defer { if let document { xmlFreeDoc(document) } }
        if let marker = context.pointee._private {
            throw Problem(line: Int(bitPattern: marker),
                          message: "the file declares a DOCTYPE; XLIFF needs none, and Peel reads no DTD so no entity can reach files or expand (XXE, billion laughs)")
        }
        guard let document, context.pointee.wellFormed != 0, let root = xmlDocGetRootElement(document) else {
            let error = context.pointee.lastError
            let message = error.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "not well-formed XML"
            throw Problem(line: error.line > 0 ? Int(error.line) : nil, message: "not well-formed XML: \(message)")
        }
        return tree(root)
    }

    private static func tree(_ node: xmlNodePtr) -> XMLTree {
        var attributes: [String: String] = [:]
        var attribute = node.pointee.properties
        while let current = attribute {
            let name = String(cString: current.pointee.name)
            let prefix = current.pointee.ns?.pointee.prefix.map { String(cString: $0) }
            // Without entities, an attribute's value is its text children.
            var value = ""
            var part = current.pointee.children
            while let text = part {
                if let content = text.pointee.content { value += String(cString: content) }
                part = text.pointee.next
            }
            attributes[prefix.map { "\($0):\(name)" } ?? name] = value
            attribute = current.pointee.next
        }
        var children: [Child] = []
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                children.append(.element(tree(current)))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { children.append(.text(String(cString: content))) }
            default:
                break  // comments and processing instructions carry no translation
            }
            child = current.pointee.next
        }
        return XMLTree(name: String(cString: node.pointee.name),
                       namespace: node.pointee.ns?.pointee.href.map { String(cString: $0) },
                       attributes: attributes, children: children, line: Int(xmlGetLineNo(node)))
    }

    /// The text of an HTML fragment (a sticker's rendered description), whitespace collapsed, for
    /// a translator's note. libxml2's HTML parser, with no network.
    static func plainText(ofHTML html: String) -> String {
        guard !html.isEmpty else { return "" }
        xmlInitParser()
        let options = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue)
        let wrapped = "<html><body>\(html)</body></html>"
        guard let document = wrapped.withCString({ htmlReadMemory($0, Int32(strlen($0)), nil, "UTF-8", options) }) else { return "" }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else { return "" }
        return texts(root).joined().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Every text node under `node`, in document order.
    private static func texts(_ node: xmlNodePtr) -> [String] {
        var result: [String] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_TEXT_NODE || current.pointee.type == XML_CDATA_SECTION_NODE, let content = current.pointee.content {
                result.append(String(cString: content))
            } else if current.pointee.type == XML_ELEMENT_NODE {
                result += texts(current)
            }
            child = current.pointee.next
        }
        return result
    }
}
