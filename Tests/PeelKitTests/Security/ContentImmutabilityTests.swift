import Foundation
import Testing
@testable import PeelKit

/// No command changes the content folder unless asked to (`peel fit --in-place`): every file keeps
/// its bytes, nothing is added or removed, symlinks stay symlinks.
@Suite struct ContentImmutabilityTests {
    let cli = CLITests()

    /// Every entry under `folder`: files by SHA-256, folders, symlinks by target, permissions.
    static func tree(_ folder: URL) throws -> [String: String] {
        var entries: [String: String] = [:]
        let fileManager = FileManager.default
        for path in try fileManager.subpathsOfDirectory(atPath: folder.path) {
            let full = folder.appendingPathComponent(path).path
            let attributes = try fileManager.attributesOfItem(atPath: full)
            let permissions = String(attributes[.posixPermissions] as? Int ?? -1, radix: 8)
            switch attributes[.type] as? FileAttributeType {
            case .typeSymbolicLink?: entries[path] = "link → \(try fileManager.destinationOfSymbolicLink(atPath: full))"
            case .typeDirectory?: entries[path] = "folder \(permissions)"
            default:
                let digest = SHA256.hash(data: try Data(contentsOf: URL(fileURLWithPath: full)))
                entries[path] = "file \(permissions) " + digest.map { String(format: "%02x", $0) }.joined()
            }
        }
        return entries
    }

    /// A `.peel-cache` committed as a symbolic link is never written through: into a pack (check
    /// wrote its `.gitignore` of `*` there, hiding the pack's next stickers from Git) or anywhere
    /// else. `check` keeps its cache in the temporary folder and says why; `build` stops (exit 2).
    @Test func aPeelCacheThatIsALinkIsNeverWrittenThrough() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        try folder.write("keep\n", to: "elsewhere/theirs.txt")
        let before = try Self.tree(folder.url.appendingPathComponent("content"))
        for target in ["content/pets", folder.url.appendingPathComponent("elsewhere").path] {
            let link = folder.url.appendingPathComponent(".peel-cache").path
            try? FileManager.default.removeItem(atPath: link)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
            let check = try cli.run(["check", "content"], in: folder.url, environment: ["CI": "true"])
            #expect(check.stderr.contains("is a symbolic link (to \(target)), which Peel does not write through"), "\(check.stderr)")
            let build = try cli.run(["build", "content", "-o", "_site"], in: folder.url, environment: ["CI": "true"])
            #expect(build.status == 2, "\(build.stderr)")
            #expect(build.stderr.contains("is a symbolic link (to \(target))"), "\(build.stderr)")
            #expect(try Self.tree(folder.url.appendingPathComponent("content")) == before, "nothing written into the content")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("elsewhere").path) == ["theirs.txt"])
        }
    }

    @Test func noCommandChangesTheContentFolder() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        // Work for `fit` and `export --resize` (an oversized sticker) and for the icon step.
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content/faces/grinning.png"), to: "content/pets/big.png")
        try folder.write("---\nalt: A big grinning face\n---\n", to: "content/pets/big.md")
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content/faces/grinning.png"), to: "content/icon art.png")
        try folder.write("---\ntitle: Pets\nsize: small\ncontexts: [messages, media]\nauthor: Test Artist\nlicense: CC0\nicon: ../icon art.png\n---\nPets.\n",
                         to: "content/pets/pack.md")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("content/pets/alias.png").path,
                                                   withDestinationPath: "cat.png")
        let content = folder.url.appendingPathComponent("content")
        let before = try Self.tree(content)
        #expect(before.count > 15)

        let commands: [[String]] = [
            ["build"], ["build", "content", "-o", "out/site"],
            ["check"], ["check", "--format", "json"], ["check", "--format", "sarif"], ["check", "--format", "github"],
            ["icons", "content/icon art.png", "-o", "out/icons"],
            ["export", "xcode", "-o", "out/xcode", "--skip-invalid"], ["export", "xcode", "-o", "out/resized", "--resize", "--skip-invalid"],
            ["fit"], ["fit", "-o", "out/fitted"], ["fit", "content/pets/big.png", "-o", "out/one"],
        ]
        for command in commands {
            let result = try cli.run(command, in: folder.url, environment: ["CI": "true"])
            #expect(result.status <= 1, "peel \(command.joined(separator: " ")): \(result.stderr)")
            let after = try Self.tree(content)
            #expect(after == before, "peel \(command.joined(separator: " ")) changed \(Set(after.keys).symmetricDifference(before.keys).union(after.keys.filter { after[$0] != before[$0] }).sorted())")
        }
        #expect(folder.exists("_site/index.html") && folder.exists("fitted/pets/big.png") && folder.exists("out/xcode/Stickers.xcstickers"),
                "the commands did their work elsewhere")

        // The one command that may: fit --in-place rewrites the oversized sticker and nothing else.
        let inPlace = try cli.run(["fit", "--in-place"], in: folder.url, environment: ["CI": "true"])
        #expect(inPlace.status <= 1, "\(inPlace.stderr)")
        let after = try Self.tree(content)
        #expect(after.keys.filter { after[$0] != before[$0] } == ["pets/big.png"])
    }
}
