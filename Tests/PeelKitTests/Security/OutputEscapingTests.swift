import Foundation
import Testing
import ZIPFoundation
@testable import PeelKit

/// Every output that is not HTML (catalog.json, the review CSV, SARIF, GitHub annotations, the
/// JSON report, Xcode's Contents.json) carries hostile text exactly, escaped for its own syntax.
/// HTML is checked in SiteBuilderTests and, in a real browser, by Tests/suites/10-xss-browser.
@Suite struct OutputEscapingTests {
    let cli = CLITests()
    typealias H = HostileCatalog
    static let stickerSource = "\(H.packFolder)/\(H.stickerFile)"
    static let unlabelledSource = "\(H.packFolder)/\(H.unlabelledFile)"

    func built() async throws -> (TemporaryFolder, URL) {
        let folder = try TemporaryFolder()
        let content = try H.write(in: folder)
        _ = try await SiteBuilder(options: BuildOptions(content: content, output: folder.url.appendingPathComponent("site"))).build()
        return (folder, content)
    }

    @Test func catalogJSONCarriesEveryPayloadExactly() async throws {
        let (folder, _) = try await built()
        let data = try Data(contentsOf: folder.url.appendingPathComponent("site/catalog.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let site = try #require(root["site"] as? [String: Any])
        #expect(site["title"] as? String == H.siteTitle)
        #expect(site["description"] as? String == H.siteDescription)
        let pack = try #require((root["packs"] as? [[String: Any]])?.first)
        #expect(pack["title"] as? String == H.packTitle)
        #expect(pack["author"] as? String == H.author)
        #expect(pack["license"] as? String == H.license)
        let stickers = try #require(pack["stickers"] as? [[String: Any]])
        let sticker = try #require(stickers.first { $0["source"] as? String == Self.stickerSource })
        #expect(sticker["title"] as? String == H.stickerTitle)
        #expect(sticker["alt"] as? String == H.alt)
        #expect(sticker["tags"] as? [String] == H.tags)
        let unlabelled = try #require(stickers.first { $0["source"] as? String == Self.unlabelledSource })
        let finding = try #require((unlabelled["findings"] as? [[String: Any]])?.first { $0["code"] as? String == "missing-sidecar" })
        #expect((finding["message"] as? String)?.contains(H.packFolder) == true)
        // Written as valid UTF-8 JSON with every quote escaped: the raw text never holds a bare payload quote.
        let text = try #require(String(data: data, encoding: .utf8))
        #expect(text.contains(#""alt" : "+cmd|' /C calc'!A0 \"quoted\" <img src=x onerror=alert('alt')>""#))
    }

    @Test func reviewCSVQuotesFieldsAndDisarmsFormulas() async throws {
        let (folder, _) = try await built()
        let rows = Self.parseCSV(try folder.read("site/review/labels.csv"))
        #expect(rows.first?.count == ReviewCSV.header.count)
        #expect(rows.dropFirst().allSatisfy { $0.count == ReviewCSV.header.count }, "every row has every column: \(rows)")
        for row in rows {
            for field in row {
                #expect(!"=+-@\t\r".contains(field.first ?? " "), "a spreadsheet would run \(field.debugDescription) as a formula")
            }
        }
        let row = try #require(rows.first { $0[2] == Self.stickerSource })
        #expect(row[4] == "'" + H.stickerTitle)
        #expect(row[5] == "'" + H.alt)
        let unlabelled = try #require(rows.first { $0[2] == Self.unlabelledSource })
        #expect(unlabelled[4] == "'=cmd|'calc'!A1,:%", "a title made from a formula-like file name is disarmed too")
        #expect(unlabelled[7] == "error")
        #expect(ReviewCSV.field("\tcmd") == "\"'\tcmd\"", "a leading tab is a formula prefix too")
        #expect(ReviewCSV.field("\r=1+1") == "\"'\r=1+1\"")
    }

    @Test func checkReportsCarryHostileFileNamesIntact() async throws {
        let folder = try TemporaryFolder()
        _ = try H.write(in: folder)
        // JSON
        let json = try cli.run(["check", "content", "--format", "json"], in: folder.url)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let files = Set((report["findings"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String })
        #expect(files.contains(Self.unlabelledSource), "\(files)")
        // SARIF: URIs are percent-encoded relative references that decode to the file.
        let sarif = try cli.run(["check", "content", "--format", "sarif"], in: folder.url)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let uris = results.compactMap { result -> String? in
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            return (location?["artifactLocation"] as? [String: Any])?["uri"] as? String
        }
        #expect(uris.count == results.count && !uris.isEmpty)
        // RFC 3986: unreserved characters, sub-delimiters, ':' '@' '/' and %XX escapes only.
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/%")
        for uri in uris {
            #expect(uri.allSatisfy(allowed.contains), "\(uri) holds characters a URI must escape")
            #expect(uri.removingPercentEncoding != nil, "\(uri) has a broken %-escape")
        }
        #expect(uris.compactMap { $0.removingPercentEncoding }.contains("content/" + Self.unlabelledSource), "relative to %SRCROOT%: \(uris)")
        // GitHub annotations: one line each; ',' ':' '%' in the file name cannot end the property early.
        let github = try cli.run(["check", "content", "--format", "github"], in: folder.url)
        let annotations = github.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(annotations.count == results.filter { ($0["suppressions"] as? [Any])?.isEmpty ?? true }.count)
        let missing = try #require(annotations.first { $0.contains("title=peel missing-sidecar") })
        let property = try #require(missing.split(separator: " ", maxSplits: 1).last?.split(separator: ",").first)
        #expect(property.hasPrefix("file=content/"))
        #expect(String(property.dropFirst("file=".count)).removingPercentEncoding == "content/" + Self.unlabelledSource)
    }

    @Test func xcodeContentsJSONCarriesTheLabelExactly() async throws {
        let (folder, content) = try await built()
        let review = try await Review.make(content: content)
        let result = try XcodeExport(skipInvalid: true).write(review, content: ContentRoot.resolve(content), into: folder.url.appendingPathComponent("app"))
        let pack = try #require(review.catalog.packs.first)
        let sticker = try #require(pack.stickers.first { $0.source == Self.stickerSource })
        let contents = result.folder.appendingPathComponent("\(pack.slug).stickerpack/\(sticker.slug).sticker/Contents.json")
        let properties = try #require(try XcodeExportTests.json(contents)["properties"] as? [String: Any])
        #expect(properties["accessibility-label"] as? String == H.alt)
        // The same file inside the pack's zip on the site.
        let archive = try Archive(url: folder.url.appendingPathComponent("site/\(pack.slug)/\(pack.slug).zip"), accessMode: .read)
        var data = Data()
        _ = try archive.extract(try #require(archive["\(pack.slug)/Stickers.xcstickers/\(pack.slug).stickerpack/\(sticker.slug).sticker/Contents.json"])) { data.append($0) }
        let zipped = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((zipped["properties"] as? [String: Any])?["accessibility-label"] as? String == H.alt)
        #expect(Set(archive.map(\.path)).contains("\(pack.slug)/originals/\(H.stickerFile)"), "originals keep their names")
    }

    /// RFC 4180: quoted fields may hold commas, doubled quotes and line breaks; rows end in CRLF.
    static func parseCSV(_ text: String) -> [[String]] {
        let scalars = Array(text.unicodeScalars)
        var rows: [[String]] = [], row: [String] = [], field = String.UnicodeScalarView()
        var index = 0, quoted = false
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if quoted {
                if scalar != "\"" {
                    field.append(scalar)
                } else if index < scalars.count && scalars[index] == "\"" {
                    field.append("\"")
                    index += 1
                } else {
                    quoted = false
                }
                continue
            }
            switch scalar {
            case "\"": quoted = true
            case ",": row.append(String(field)); field = String.UnicodeScalarView()
            case "\r" where index < scalars.count && scalars[index] == "\n":
                index += 1
                row.append(String(field)); rows.append(row); row = []; field = String.UnicodeScalarView()
            default: field.append(scalar)
            }
        }
        if !field.isEmpty || !row.isEmpty { row.append(String(field)); rows.append(row) }
        return rows
    }
}
