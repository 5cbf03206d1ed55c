import Foundation
import Testing
@testable import PeelKit

@Suite struct CheckerTests {
    @Test func reportsEachPlantedProblemOnceAndNothingElse() async throws {
        let folder = try TemporaryFolder()
        let content = try ProblemCatalog.make(in: folder)
        let review = try await Review.make(content: content)
        let actual = review.findings.map {
            ProblemCatalog.Expected(file: $0.file, line: $0.line, code: $0.code, severity: $0.severity, suppressed: $0.suppressed)
        }
        #expect(actual.count == Set(actual).count, "a problem was reported twice: \(actual)")
        let missing = ProblemCatalog.expected.subtracting(actual)
        let unexpected = Set(actual).subtracting(ProblemCatalog.expected)
        #expect(missing.isEmpty, "not reported: \(missing.sorted { $0.description < $1.description })")
        #expect(unexpected.isEmpty, "false alarms: \(unexpected.sorted { $0.description < $1.description })")
        #expect(!review.findings.contains { $0.file.hasPrefix("problems/clean-") }, "clean stickers must produce nothing")
    }

    @Test func everyCheckRuleHasAPlantedProblem() {
        let planted = Set(ProblemCatalog.expected.map(\.code))
        let ruleCodes: [FindingCode] = [
            .missingSidecar, .missingLabel, .placeholderLabel, .labelIsFileName, .labelTooLong, .redundantLabelPrefix,
            .duplicateLabel, .labelWithoutWords, .labelSpelling, .unsupportedFormat, .fileTooLarge, .sizeOutOfRange, .notSquare,
            .sizeClassMismatch, .noTransparency, .extensionMismatch, .corruptImage, .missingPackFile, .missingPackTitle,
            .unknownKey, .yamlSyntax, .duplicateImage, .emptyPack, .iconTooSmall, .blankImage, .flashingAnimation, .locationInMetadata,
        ]
        for code in ruleCodes { #expect(planted.contains(code), "\(code.rawValue) has no planted problem") }
    }

    @Test func findingsAttachToTheirSticker() async throws {
        let folder = try TemporaryFolder()
        let review = try await Review.make(content: ProblemCatalog.make(in: folder))
        let placeholder = try #require(review.findings.first { $0.code == .placeholderLabel })
        #expect(placeholder.sticker == "problems/placeholder.png")
        #expect(placeholder.formatted == "problems/placeholder.md:2: error[placeholder-label]: label 'IMG_1234' is a placeholder; write what the sticker shows, such as 'Smiling sun in sunglasses'")
        let mismatch = try #require(review.findings.first { $0.file == "problems/regular-size.png" })
        #expect(mismatch.message.contains("it fits the regular class"))
        let heavy = try #require(review.findings.first { $0.code == .fileTooLarge })
        #expect(heavy.message.hasPrefix("file is 520,"))
        #expect(review.summary.suppressed == 1)
        #expect(review.summary.errors == ProblemCatalog.expected.filter { $0.severity == .error && !$0.suppressed }.count)
    }

    @Test(arguments: [
        ("IMG_1234", true), ("image", true), ("Sticker 3", true), ("untitled-2", true), ("DSC_0001", true), ("1234", true),
        ("Screenshot 2024-01-01 at 10.00.00", true), ("Emoji", true),
        ("IMG_1234.PNG", true), ("image.png", true), ("1f600.png", true), ("photo.jpg", true), ("FIXME", true), ("N/A", true),
        ("T.B.D.", true), ("Add label here", true), ("Your text here", true), ("Lorem ipsum dolor sit amet", true), ("This is a test", true),
        ("Cat", false), ("Sticker of a cat", false), ("Image of joy", false), ("A happy sun", false), ("The sun is here", false),
        ("Sun.Png in a sentence", false), ("Na", true), ("100%", false), ("🎉 2025", false), ("24/7", false), ("0001", true), ("#2", true),
    ])
    func placeholderLabels(label: String, isPlaceholder: Bool) {
        #expect(LabelChecks.isPlaceholder(label) == isPlaceholder)
    }

    @Test func fileNameLabelsIgnoreCaseAndSeparators() {
        let sticker = Sticker(slug: "happy-sun", source: "p/Happy_Sun.png", title: "Happy sun")
        #expect(LabelChecks.isFileName("happy sun", of: sticker))
        #expect(LabelChecks.isFileName("Happy_Sun.png", of: sticker))
        #expect(!LabelChecks.isFileName("A happy sun", of: sticker))
        #expect(LabelChecks.isFileName("HAPPY SUN!", of: sticker), "capitals and a mark are still the file name")
        let described = Sticker(slug: "puppy", source: "p/golden-retriever-puppy-playing-fetch.png", title: "Puppy")
        #expect(!LabelChecks.isFileName("Golden retriever puppy playing fetch", of: described), "a file name that describes is a good label")
        let japanese = Sticker(slug: "cat", source: "p/涙を流して笑う猫.png", title: "猫")
        #expect(!LabelChecks.isFileName("涙を流して笑う猫", of: japanese), "Japanese has no spaces: a long name describes too")
        #expect(LabelChecks.isFileName("猫", of: Sticker(slug: "neko", source: "p/猫.png", title: "猫")))
    }

    @Test func packIgnoreSilencesEveryStickerInThePack() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\nsize: regular\nignore: [size-class-mismatch, not-a-code]\n---\n", to: "p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "p/cat.png")
        try folder.write("---\nalt: Cat\n---\n", to: "p/cat.md")
        let review = try await Review.make(content: folder.url)
        let mismatch = try #require(review.findings.first { $0.code == .sizeClassMismatch })
        #expect(mismatch.suppressed)
        let unknown = try #require(review.findings.first { $0.code == .invalidValue })
        #expect(unknown.line == 4)
        #expect(unknown.message == "'not-a-code' is not a finding code; see the README for the list")
        #expect(review.summary.warnings == 1 && review.summary.suppressed == 1)
    }
}
