import CLibXML2
import Foundation

/// Writes an XML document through libxml2's xmlTextWriter, which escapes every text and
/// attribute value, indented by two spaces: the same calls give the same bytes.
struct XMLWriter {
    /// A text XML 1.0 cannot hold (a control character other than tab, line feed and carriage return).
    struct Unwritable: Error, Equatable {
        var text: String
    }

    private let writer: xmlTextWriterPtr
    private var failed = false

    private init(_ writer: xmlTextWriterPtr) {
        self.writer = writer
    }

    /// The UTF-8 document `build` writes, with an XML declaration and a final line break.
    static func document(_ build: (inout XMLWriter) throws(Unwritable) -> Void) throws(Unwritable) -> Data {
        guard let buffer = xmlBufferCreate() else { fatalError("libxml2: out of memory") }
        defer { xmlBufferFree(buffer) }
        guard let textWriter = xmlNewTextWriterMemory(buffer, 0) else { fatalError("libxml2: out of memory") }
        var writer = XMLWriter(textWriter)
        xmlTextWriterSetIndent(textWriter, 1)
        xmlTextWriterSetIndentString(textWriter, "  ")
        writer.check(xmlTextWriterStartDocument(textWriter, "1.0", "UTF-8", nil))
        do {
            try build(&writer)
        } catch {
            xmlFreeTextWriter(textWriter)
            throw error
        }
        writer.check(xmlTextWriterEndDocument(textWriter))
        xmlFreeTextWriter(textWriter)  // flushes into the buffer
        precondition(!writer.failed, "libxml2's writer failed on a document Peel built")
        return Data(bytes: xmlBufferContent(buffer), count: Int(xmlBufferLength(buffer)))
    }

    mutating func start(_ name: String) {
        check(xmlTextWriterStartElement(writer, name))
    }

    mutating func attribute(_ name: String, _ value: String) throws(Unwritable) {
        try Self.verify(value)
        check(xmlTextWriterWriteAttribute(writer, name, value))
    }

    mutating func end() {
        check(xmlTextWriterEndElement(writer))
    }

    /// `<name>text</name>`.
    mutating func element(_ name: String, _ text: String, attributes: [(String, String)] = []) throws(Unwritable) {
        start(name)
        for (key, value) in attributes { try attribute(key, value) }
        try Self.verify(text)
        check(xmlTextWriterWriteString(writer, text))
        end()
    }

    private mutating func check(_ result: Int32) {
        if result < 0 { failed = true }
    }

    /// XML 1.0's Char production: no C0 control but tab, line feed and carriage return, and no
    /// U+FFFE or U+FFFF (Swift strings hold no lone surrogates).
    static func isWritable(_ text: String) -> Bool {
        !text.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && ![0x9, 0xA, 0xD].contains(scalar.value)) || scalar.value == 0xFFFE || scalar.value == 0xFFFF
        }
    }

    private static func verify(_ text: String) throws(Unwritable) {
        guard isWritable(text) else { throw Unwritable(text: text) }
    }
}
