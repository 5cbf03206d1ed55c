import Foundation
import Testing
@testable import PeelKit

/// `peel check` run as a user would, on the planted-problem catalog, in every output format.
/// The planted problems are the label, file and catalog rules, so these runs leave the art checks
/// out (`--no-art-checks`); ArtCheckTests and ArtTextPipelineTests cover those.
@Suite struct CheckCommandTests {
    let cli = CLITests()

    func problems() throws -> (TemporaryFolder, URL) {
        let folder = try TemporaryFolder()
        return (folder, try ProblemCatalog.make(in: folder))
    }

    @Test func humanOutputListsEveryFindingWithFileLineAndCode() throws {
        let (folder, _) = try problems()
        let result = try cli.run(["check", "content", "--no-art-checks"], in: folder.url, environment: ["CI": "true"])
        #expect(result.status == 1)
        for expected in ProblemCatalog.expected {
            let location = expected.line.map { "\(expected.file):\($0)" } ?? expected.file
            let marker = "\(location): \(expected.severity.rawValue)[\(expected.code.rawValue)]\(expected.suppressed ? " (silenced)" : ""): "
            #expect(result.stdout.contains(marker), "missing line starting \(marker)")
        }
        let errors = ProblemCatalog.expected.filter { $0.severity == .error }.count
        let warnings = ProblemCatalog.expected.filter { $0.severity == .warning && !$0.suppressed }.count
        #expect(result.stdout.hasSuffix("Checked 5 packs, 31 stickers: \(errors) errors, \(warnings) warnings, 1 silenced\n"))
        #expect(!result.stdout.split(separator: "\n").contains { $0.hasPrefix("problems/clean-") }, "clean stickers produce nothing")
    }

    @Test func jsonOutputHasEveryFindingAndASummary() throws {
        let (folder, _) = try problems()
        let result = try cli.run(["check", "content", "--no-art-checks", "--format", "json"], in: folder.url)
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        let actual = Set(findings.map { entry in
            ProblemCatalog.Expected(file: entry["file"] as! String, line: entry["line"] as? Int,
                                    code: FindingCode(rawValue: entry["code"] as! String)!,
                                    severity: Severity(rawValue: entry["severity"] as! String)!,
                                    suppressed: entry["suppressed"] as! Bool)
        })
        #expect(actual == ProblemCatalog.expected)
        #expect(findings.count == ProblemCatalog.expected.count)
        let placeholder = try #require(findings.first { $0["code"] as? String == "placeholder-label" })
        #expect(placeholder["sticker"] as? String == "problems/placeholder.png")
        let packFile = try #require(findings.first { $0["code"] as? String == "missing-pack-file" })
        #expect(packFile["line"] is NSNull)
        #expect(packFile["sticker"] is NSNull)
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["stickers"] as? Int == 31)
        #expect(summary["suppressed"] as? Int == 1)
    }

    /// A run that stops prints its failure in the machine format asked for: it printed nothing, and
    /// `| jq -e '.summary.errors == 0'` passed without pipefail.
    @Test func aRunThatStopsStillPrintsItsMachineOutput() throws {
        let folder = try TemporaryFolder()
        func json(_ arguments: [String]) throws -> (Int32, [String: Any]) {
            let result = try cli.run(arguments, in: folder.url, environment: ["CI": "true"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(arguments): \(result.stdout)")
            return (result.status, object)
        }
        let (missing, report) = try json(["check", "no-such-folder", "--format", "json"])
        #expect(missing == 2)
        let finding = try #require((report["findings"] as? [[String: Any]])?.first)
        #expect(finding["code"] as? String == "run-failed" && finding["severity"] as? String == "error")
        #expect((finding["file"] as? String)?.hasSuffix("no-such-folder") == true)
        #expect((report["summary"] as? [String: Any])?["errors"] as? Int == 1)

        try folder.copy(Fixtures.catalog, to: "content")
        try folder.write("{{#page}}\n{{title}\n", to: "theme/pack.mustache")
        let (broken, built) = try json(["build", "content", "-o", "site", "--templates", "theme", "--format", "json"])
        #expect(broken == 1)
        let template = try #require((built["findings"] as? [[String: Any]])?.first)
        #expect(template["code"] as? String == "run-failed" && (template["file"] as? String)?.hasSuffix("pack.mustache") == true && template["line"] as? Int == 2,
                "\(template)")

        let sarif = try cli.run(["check", "no-such-folder", "--format", "sarif"], in: folder.url, environment: ["CI": "true"])
        #expect(sarif.stdout.contains("\"ruleId\" : \"run-failed\""), "\(sarif.stdout.prefix(300))")
        #expect(sarif.stdout.contains("\"uri\" : \"no-such-folder\""), "the path as given, relative to the current folder")
        let github = try cli.run(["check", "no-such-folder", "--format", "github"], in: folder.url, environment: ["CI": "true"])
        #expect(github.stdout.hasPrefix("::error file=") && github.stdout.contains("peel run-failed"))

        // --timings with --format json: the JSON alone on standard output, the timings on standard error (they were dropped).
        let timed = try cli.run(["build", "content", "-o", "site", "--format", "json", "--timings"], in: folder.url, environment: ["CI": "true"])
        #expect(try JSONSerialization.jsonObject(with: Data(timed.stdout.utf8)) is [String: Any])
        #expect(timed.stderr.contains("catalog, images and checks"), "\(timed.stderr)")
    }

    @Test func sarifRulesPointAtTheDocumentationAddressGiven() throws {
        let (folder, _) = try problems()
        let result = try cli.run(["check", "content", "--no-art-checks", "--format", "sarif"], in: folder.url,
                                 environment: ["PEEL_DOCS_URL": "https://docs.example/peel/README.md"])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let runs = try #require(log["runs"] as? [[String: Any]])
        let rules = try #require((runs[0]["tool"] as? [String: Any]).flatMap { $0["driver"] as? [String: Any] }?["rules"] as? [[String: Any]])
        #expect(!rules.isEmpty)
        for rule in rules {
            let id = try #require(rule["id"] as? String)
            #expect(rule["helpUri"] as? String == "https://docs.example/peel/README.md#rule-\(id)")
        }
    }

    @Test func sarifOutputIsValidSARIF() throws {
        let (folder, content) = try problems()
        let result = try cli.run(["check", "content", "--no-art-checks", "--format", "sarif"], in: folder.url)
        #expect(result.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["$schema"] as? String)?.contains("sarif-2.1.0") == true)
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "Peel")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ruleIDs = rules.compactMap { $0["id"] as? String }
        #expect(ruleIDs.count == FindingCode.allCases.count && Set(ruleIDs).count == ruleIDs.count)
        for rule in rules {
            #expect(((rule["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let help = try #require((rule["help"] as? [String: Any])?["text"] as? String)
            #expect(((rule["fullDescription"] as? [String: Any])?["text"] as? String) == help)
            // No documentation address given: no invented helpUri.
            #expect(rule["helpUri"] == nil)
        }
        let placeholderRule = try #require(rules.first { $0["id"] as? String == "file-too-large" })
        #expect(((placeholderRule["help"] as? [String: Any])?["text"] as? String)?.contains("peel fit") == true)
        // Artifacts are relative to %SRCROOT%, the folder the check ran in, never file:///tmp/...
        let base = try #require((runs[0]["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any])
        #expect(base["uri"] == nil, "no absolute file: URI anywhere, so the log is the same on every runner")
        #expect(!result.stdout.contains("file://"))
        _ = content

        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == ProblemCatalog.expected.count)
        var seen = Set<ProblemCatalog.Expected>()
        for result in results {
            let ruleID = try #require(result["ruleId"] as? String)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(ruleIDs[index] == ruleID, "ruleIndex must point at the rule")
            let level = try #require(result["level"] as? String)
            #expect(["error", "warning"].contains(level))
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let location = try #require(((result["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
            let artifact = try #require(location["artifactLocation"] as? [String: Any])
            #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
            let uri = try #require(artifact["uri"] as? String)
            #expect(uri.hasPrefix("content/"), "URIs are relative to %SRCROOT%: \(uri)")
            let line = (location["region"] as? [String: Any])?["startLine"] as? Int
            if let line { #expect(line >= 1) }
            let suppressed = (result["suppressions"] as? [[String: Any]])?.first?["kind"] as? String == "inSource"
            seen.insert(ProblemCatalog.Expected(file: String(uri.removingPercentEncoding!.dropFirst("content/".count)), line: line, code: FindingCode(rawValue: ruleID)!,
                                                severity: Severity(rawValue: level)!, suppressed: suppressed))
        }
        #expect(seen == ProblemCatalog.expected)
    }

    @Test func githubOutputIsWorkflowAnnotations() throws {
        let (folder, _) = try problems()
        let result = try cli.run(["check", "content", "--no-art-checks", "--format", "github"], in: folder.url)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let annotations = lines.filter { $0.hasPrefix("::") }
        #expect(annotations.count == ProblemCatalog.expected.filter { !$0.suppressed }.count, "silenced findings are not annotated")
        #expect(annotations.contains("::error file=content/problems/placeholder.md,line=2,title=peel placeholder-label::label 'IMG_1234' is a placeholder; write what the sticker shows, such as 'Smiling sun in sunglasses'"))
        #expect(annotations.contains { $0.hasPrefix("::warning file=content/problems/photo.jpg,title=peel no-transparency::") })
        #expect(annotations.contains { $0.hasPrefix("::error file=content/no-pack-file,title=peel missing-pack-file::") })
    }

    /// `--platform` adds a messenger's rules; the sample catalog's stickers all have emoji, and its
    /// motion pack (two animations) is too small for a WhatsApp pack.
    @Test func platformReadinessOnTheSample() throws {
        let folder = try TemporaryFolder()
        let sample = Fixtures.packageRoot.appendingPathComponent("content").path
        let result = try cli.run(["check", sample, "--no-art-checks", "--platform", "whatsapp", "--format", "json"], in: folder.url)
        #expect(result.status == 1, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let findings = try #require(object?["findings"] as? [[String: Any]])
        let errors = findings.filter { $0["severity"] as? String == "error" }
        #expect(errors.map { $0["code"] as? String } == ["pack-too-small"], "\(errors)")
        #expect(errors.first?["file"] as? String == "motion/pack.md")
        #expect(!findings.contains { $0["code"] as? String == "emoji-missing" || $0["code"] as? String == "emoji-invalid" })
        #expect(findings.contains { $0["code"] as? String == "converted-for-platform" && $0["severity"] as? String == "note" })
        let plain = try cli.run(["check", sample, "--no-art-checks"], in: folder.url)
        #expect(!plain.stdout.contains("WhatsApp"), "without --platform, only Messages' rules")
        let unknown = try cli.run(["check", sample, "--platform", "myspace"], in: folder.url)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("--platform 'myspace' is not one of imessage, whatsapp, telegram, signal, discord or all"))
    }

    @Test func exitCodes() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "clean")
        #expect(try cli.run(["check", "clean"], in: folder.url).status == 0)
        #expect(try cli.run(["check", "clean", "--strict"], in: folder.url).status == 0, "silenced warnings do not count, even with --strict")
        try folder.write("---\nalt: Orange cat face with whiskers\ntitle: Cat\ncolour: orange\n---\n", to: "clean/pets/cat.md")
        #expect(try cli.run(["check", "clean"], in: folder.url).status == 0, "warnings alone pass")
        #expect(try cli.run(["check", "clean", "--strict"], in: folder.url).status == 1, "--strict fails on warnings")
        #expect(try cli.run(["check", "missing-folder"], in: folder.url).status == 2)
        #expect(try cli.run(["check", "--format", "yaml"], in: folder.url).status == 2)
        let sample = try cli.run(["check", Fixtures.packageRoot.appendingPathComponent("content").path, "--no-cache"], in: folder.url)
        #expect(sample.status == 0)
        // OpenMoji's snowflake is black line art: on Messages' dark transcript it is gone. The other 38 are
        // the sample's translations into French and Arabic left missing (37) or stale (1) on purpose.
        #expect(sample.stdout.hasSuffix("Checked 5 packs, 36 stickers: 0 errors, 39 warnings\n"), "the sample catalog is clean but for the snowflake")
        let others = sample.stdout.split(separator: "\n").filter {
            $0.contains(": warning[") && !$0.contains("warning[missing-translation]") && !$0.contains("warning[stale-translation]")
        }
        #expect(others.count == 1, "\(others)")
        #expect(sample.stdout.components(separatedBy: "warning[stale-translation]").count == 2, "only the French rainbow is stale")
        #expect(sample.stdout.contains("weather/snowflake.png: warning[vanishes-on-dark]: most of this sticker's outline disappears on the dark transcript (visible shape 0 % of the real one)"))
        let labelsOnly = try cli.run(["check", Fixtures.packageRoot.appendingPathComponent("content").path, "--no-art-checks"], in: folder.url)
        #expect(labelsOnly.stdout.hasSuffix("Checked 5 packs, 36 stickers: 0 errors, 38 warnings\n"), "--no-art-checks leaves the art alone")
        #expect(!labelsOnly.stdout.contains("vanishes-on-dark"))
    }

    @Test func checkWritesNothingButTheArtChecksCache() throws {
        let (folder, content) = try problems()
        let before = SiteBuilderTests.snapshot(content)
        _ = try cli.run(["check", "content", "--no-cache"], in: folder.url)
        #expect(SiteBuilderTests.snapshot(content) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["content"])
        _ = try cli.run(["check", "content", "--no-art-checks"], in: folder.url)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["content"])

        let first = try cli.run(["check", "content"], in: folder.url)
        #expect(SiteBuilderTests.snapshot(content) == before, "the content is never written")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [".peel-cache", "content"])
        let cache = folder.url.appendingPathComponent(".peel-cache/art-checks")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent(".peel-cache").path).sorted() == [".gitignore", "art-checks"])
        #expect(try folder.read(".peel-cache/art-checks/CACHEDIR.TAG").hasPrefix("Signature: 8a477f597d28d172789f06886806bc55\n"))
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".json") }
        #expect(!entries.isEmpty)
        let warm = try cli.run(["check", "content"], in: folder.url)
        #expect(warm.stdout == first.stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".json") }.sorted() == entries.sorted())

        let elsewhere = try cli.run(["check", "content", "--cache-dir", "content/problems"], in: folder.url)
        #expect(elsewhere.status == 2, "a cache inside the content is refused")
        #expect(elsewhere.stderr.contains("inside the content folder"), "\(elsewhere.stderr)")
        #expect(SiteBuilderTests.snapshot(content) == before)
    }
}
