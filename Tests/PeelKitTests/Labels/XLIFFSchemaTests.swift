import CLibXML2
import Foundation
import Testing
@testable import PeelKit

/// The XLIFF `peel labels export --xliff` writes is valid against the official XLIFF 1.2 strict
/// schema (vendored in Fixtures/xliff with its XML-namespace import made local, so no network),
/// checked by libxml2's XML Schema validator.
@Suite struct XLIFFSchemaTests {
    /// The validator's verdict on `data`: nil when valid, else libxml2's message and line.
    static func schemaProblem(_ data: Data) throws -> String? {
        let schemaPath = Fixtures.root.appendingPathComponent("xliff/xliff-core-1.2-strict.xsd").path
        let parser = try #require(xmlSchemaNewParserCtxt(schemaPath))
        defer { xmlSchemaFreeParserCtxt(parser) }
        let schema = try #require(xmlSchemaParse(parser), "the vendored schema parses")
        defer { xmlSchemaFree(schema) }
        let validator = try #require(xmlSchemaNewValidCtxt(schema))
        defer { xmlSchemaFreeValidCtxt(validator) }
        let options = Int32(XML_PARSE_NONET.rawValue)
        let document = try #require(data.withUnsafeBytes { xmlReadMemory($0.baseAddress?.assumingMemoryBound(to: CChar.self), Int32($0.count), "export.xliff", nil, options) })
        defer { xmlFreeDoc(document) }
        xmlResetLastError()
        guard xmlSchemaValidateDoc(validator, document) != 0 else { return nil }
        guard let error = xmlGetLastError() else { return "invalid" }
        return "line \(error.pointee.line): \(error.pointee.message.map { String(cString: $0) } ?? "invalid")"
    }

    @Test func theExportValidatesAgainstTheXLIFF12StrictSchema() throws {
        let folder = try XLIFFTests().catalog()
        let data = try XLIFFExport.xliff(content: folder.url.appendingPathComponent("content"), language: "fr")
        #expect(try Self.schemaProblem(data) == nil)
        let german = try XLIFFExport.xliff(content: folder.url.appendingPathComponent("content"), language: "de")
        #expect(try Self.schemaProblem(german) == nil)
    }

    @Test func theValidatorCanFail() throws {
        let folder = try XLIFFTests().catalog()
        let text = String(decoding: try XLIFFExport.xliff(content: folder.url.appendingPathComponent("content"), language: "fr"), as: UTF8.self)
        let broken = text.replacingOccurrences(of: "state=\"translated\"", with: "state=\"done\"")
        #expect(try Self.schemaProblem(Data(broken.utf8)) != nil)
        let misplaced = text.replacingOccurrences(of: "datatype=\"plaintext\"", with: "datatype=\"plaintext\" colour=\"blue\"")
        #expect(try Self.schemaProblem(Data(misplaced.utf8)) != nil)
    }
}
