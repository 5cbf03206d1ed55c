import Foundation

/// `XLIFFDocument` as XLIFF 1.2 bytes and back, through libxml2 (`XMLWriter`, `XMLTree`):
/// never by string concatenation, never parsed by hand. Problems name the file and line.
public enum XLIFFCodec {
    public static let namespace = "urn:oasis:names:tc:xliff:document:1.2"
    static let version2Namespace = "urn:oasis:names:tc:xliff:document:2.0"

    /// The document's bytes; the same document gives the same bytes. Throws the text XML cannot
    /// hold (a control character), which the caller names the origin of.
    static func encode(_ document: XLIFFDocument) throws(XMLWriter.Unwritable) -> Data {
        try XMLWriter.document { (xml: inout XMLWriter) throws(XMLWriter.Unwritable) in
            xml.start("xliff")
            try xml.attribute("xmlns", namespace)
            try xml.attribute("version", "1.2")
            for file in document.files {
                xml.start("file")
                try xml.attribute("original", file.original)
                try xml.attribute("source-language", file.sourceLanguage)
                if let target = file.targetLanguage { try xml.attribute("target-language", target) }
                try xml.attribute("datatype", "plaintext")
                xml.start("header")
                xml.start("tool")
                try xml.attribute("tool-id", "peel")
                try xml.attribute("tool-name", "Peel")
                xml.end()
                xml.end()
                xml.start("body")
                for unit in file.units {
                    xml.start("trans-unit")
                    try xml.attribute("id", unit.id)
                    if let width = unit.maxWidth {
                        try xml.attribute("maxwidth", String(width))
                        try xml.attribute("size-unit", "char")
                    }
                    if let exported = unit.exportedTranslation { try xml.attribute("extradata", exported) }
                    try xml.element("source", unit.source)
                    if let target = unit.target {
                        try xml.element("target", target, attributes: unit.state.map { [("state", $0)] } ?? [])
                    }
                    if let note = unit.note { try xml.element("note", note) }
                    xml.end()
                }
                xml.end()
                xml.end()
            }
            xml.end()
        }
    }

    /// The document in the file at `url`, shown in problems as `file`; a file over
    /// `XMLTree.maxBytes` is refused before it is read.
    public static func read(_ url: URL, file: String) throws -> XLIFFDocument {
        try decode(LabelSheetProblems.read(url, file: file, maxBytes: XMLTree.maxBytes, limit: "Peel reads"), file: file)
    }

    /// The document in `data`, read from `file` (the name problems give).
    public static func decode(_ data: Data, file: String) throws(LabelSheetProblems) -> XLIFFDocument {
        func fail(_ line: Int?, _ message: String) -> LabelSheetProblems {
            LabelSheetProblems(problems: [LabelSheetProblem(file: file, line: line, message: message)])
        }
        let root: XMLTree
        do {
            root = try XMLTree.parse(data)
        } catch {
            throw fail(error.line, error.message)
        }
        guard root.name == "xliff" else {
            throw fail(root.line, "the root element is <\(root.name)>, not <xliff>; give an XLIFF 1.2 file that peel labels export --xliff wrote")
        }
        if root.namespace == version2Namespace || root.attributes["version"]?.hasPrefix("2") == true {
            throw fail(root.line, "this is XLIFF 2; Peel reads XLIFF 1.2 (what Xcode and peel labels export --xliff write): export it as XLIFF 1.2")
        }
        guard root.namespace == namespace || root.namespace == nil else {
            throw fail(root.line, "<xliff> is in the namespace '\(root.namespace ?? "")', not XLIFF 1.2's \(namespace)")
        }
        var problems: [LabelSheetProblem] = []
        var files: [XLIFFDocument.File] = []
        for element in root.elements where element.name == "file" {
            guard let source = element.attributes["source-language"], !source.isEmpty else {
                problems.append(LabelSheetProblem(file: file, line: element.line, message: "<file> has no source-language"))
                continue
            }
            var units: [XLIFFDocument.Unit] = []
            for body in element.elements where body.name == "body" {
                collectUnits(in: body, into: &units, problems: &problems, file: file)
            }
            files.append(XLIFFDocument.File(original: element.attributes["original"] ?? "", sourceLanguage: source,
                                            targetLanguage: element.attributes["target-language"], units: units, line: element.line))
        }
        if files.isEmpty, problems.isEmpty { problems.append(LabelSheetProblem(file: file, line: root.line, message: "<xliff> holds no <file>")) }
        guard problems.isEmpty else { throw LabelSheetProblems(problems: problems) }
        return XLIFFDocument(files: files)
    }

    /// The `<trans-unit>`s of `element`, inside `<group>`s too, in document order.
    private static func collectUnits(in element: XMLTree, into units: inout [XLIFFDocument.Unit],
                                     problems: inout [LabelSheetProblem], file: String) {
        for child in element.elements {
            switch child.name {
            case "group":
                collectUnits(in: child, into: &units, problems: &problems, file: file)
            case "trans-unit":
                guard let id = child.attributes["id"], !id.isEmpty else {
                    problems.append(LabelSheetProblem(file: file, line: child.line, message: "<trans-unit> has no id"))
                    continue
                }
                guard let source = child.elements.first(where: { $0.name == "source" }) else {
                    problems.append(LabelSheetProblem(file: file, line: child.line, message: "unit '\(id)' has no <source>"))
                    continue
                }
                let target = child.elements.first { $0.name == "target" }
                // Translation tools (Trados, memoQ, Okapi) wrap segments and terms in <mrk>: its text is the text.
                func plain(_ part: XMLTree) -> String? {
                    switch part.plainText(through: ["mrk"]) {
                    case .text(let text): return text
                    case .markup(let markup):
                        problems.append(LabelSheetProblem(file: file, line: part.line,
                            message: "unit '\(id)': <\(part.name)> holds markup (<\(markup.name)>); a label is plain text, so remove the tags"))
                        return nil
                    }
                }
                let sourceText = plain(source), targetText = target.map(plain)
                guard let sourceText, targetText != .some(nil) else { continue }
                units.append(XLIFFDocument.Unit(id: id, source: sourceText, target: targetText ?? nil, state: target?.attributes["state"],
                                                note: child.elements.first { $0.name == "note" }?.text,
                                                maxWidth: child.attributes["maxwidth"].flatMap { Int($0) },
                                                exportedTranslation: child.attributes["extradata"].flatMap { LabelHash.isWellFormed($0) ? $0.lowercased() : nil },
                                                line: child.line))
            default:
                continue
            }
        }
    }
}
