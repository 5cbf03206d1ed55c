import Foundation
import Testing
@testable import PeelKit

/// Catalogs made on a Mac or a PC, unzipped, synced or checked out by Git carry files of their
/// journey. Each is either no part of the catalog (skipped without a word) or named for what it is.
@Suite struct OtherMachinesFilesTests {
    static func pack(_ folder: TemporaryFolder, _ name: String = "p") throws {
        try folder.write("---\ntitle: P\n---\n", to: "\(name)/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "\(name)/cat.png")
        try folder.write("---\nalt: Orange cat face with whiskers\n---\n", to: "\(name)/cat.md")
    }

    /// `__MACOSX/` (unzipping a Mac zip) became a pack on the home page; Explorer's and Finder's
    /// files and WSL's download marks were `ignored-file` warnings that failed `--strict`.
    @Test func operatingSystemLitterIsNoPartOfTheCatalog() throws {
        let folder = try TemporaryFolder()
        try Self.pack(folder)
        try folder.write("x", to: "__MACOSX/p/._cat.png")
        for litter in ["Thumbs.db", "desktop.ini", "Icon\r", "cat.png:Zone.Identifier", "cat.md:Zone.Identifier", "DESKTOP.INI", "ehthumbs.db"] {
            try folder.write("x", to: "p/\(litter)")
        }
        try folder.write("x", to: "Thumbs.db")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(catalog.packs.map(\.folder) == ["p"])
        #expect(catalog.packs[0].stickers.map(\.slug) == ["cat"])
        #expect(findings.isEmpty, "\(findings.map(\.formatted))")
        // Anything else is still reported.
        try folder.write("x", to: "p/notes.txt")
        #expect(try CatalogLoader(contentFolder: folder.url).load().1.map(\.code) == [.ignoredFile])
        #expect(!SystemLitter.matches(fileName: "thumbs.png") && !SystemLitter.matches(fileName: "Icon.png"))
    }

    /// A folder that holds only what Peel skips is what `git checkout` leaves of a pack another
    /// branch does not have (Git keeps a folder with an untracked `.DS_Store`): no pack, no
    /// "add pack.md" (which would bring the deleted pack back), no card on the home page.
    @Test func aFolderOfOnlySkippedFilesIsNoPack() throws {
        let folder = try TemporaryFolder()
        try Self.pack(folder)
        try folder.write("x", to: "old/.DS_Store")
        try folder.write("x", to: "old/sun.md~")
        try folder.write("x", to: "gone/Thumbs.db")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
        // A parts pack deleted on another branch: its part folders hold only `.DS_Store` too.
        try folder.write("x", to: "sundaes/base/.DS_Store")
        try folder.write("x", to: "sundaes/scoops/.DS_Store")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(catalog.packs.map(\.folder) == ["p"])
        #expect(findings.isEmpty, "\(findings.map(\.formatted))")
    }

    /// Half of a resolved conflict left behind (`>>>>>>> translator` alone, or `<<<<<<< HEAD`
    /// alone) is a merge conflict too: read, the first was published as seven nested quotes and
    /// the second as text, with exit status 0.
    @Test func aLoneConflictMarkerIsAMergeConflict() throws {
        for (body, line) in [("Sun at noon.\n>>>>>>> translator\n", 5), ("<<<<<<< HEAD\nSun at noon.\n", 4), ("Fine.\n\n=======\n", nil),
                             // A marker shown in a code block (a page about Git) is none.
                             ("How Git shows it:\n\n```\n>>>>>>> feature\n```\n", nil), ("~~~~\ncode\n~~~~\n>>>>>>> after\n", 7)] {
            let folder = try TemporaryFolder()
            try Self.pack(folder)
            try folder.write("---\nalt: Orange cat face with whiskers\n---\n" + body, to: "p/cat.md")
            let (_, findings) = try CatalogLoader(contentFolder: folder.url).load()
            let conflicts = findings.filter { $0.code == .mergeConflict }
            #expect(conflicts.map(\.line) == (line.map { [$0] } ?? []), "\(body): \(findings.map(\.formatted))")
            #expect(conflicts.allSatisfy { $0.file == "p/cat.md" && $0.message.contains("marker line") })
        }
    }

    /// A parts pack's layer in the state an LFS checkout without `git lfs pull` leaves says so, as
    /// a sticker in that state does (it said only "not a PNG file (bad signature)").
    @Test func aLayerThatIsAnLFSPointerSaysSo() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent("content/sundaes"), to: folder.url.appendingPathComponent("content/sundaes"))
        try folder.write("version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n",
                         to: "content/sundaes/base/cone.png")
        let (_, findings) = try CatalogLoader(contentFolder: folder.url.appendingPathComponent("content"),
                                              partsFolder: folder.url.appendingPathComponent("parts")).load()
        let layer = findings.filter { $0.file == "sundaes/base/cone.png" }
        #expect(layer.count == 1 && layer[0].message.contains("Git LFS pointer") && layer[0].message.contains("git lfs pull"), "\(findings.map(\.formatted))")
    }

    /// `.peel-cache/` beside the content holds a `.gitignore` of `*`, as pytest's and ruff's caches
    /// do: `git add -A` committed the cache, and switching branches then stopped on its files. A
    /// `--cache-dir .peel-cache` still takes the folder as Peel's.
    @Test func theCacheBesideTheContentIsIgnoredByGit() async throws {
        let folder = try TemporaryFolder()
        try Self.pack(folder, "content/p")
        let content = folder.url.appendingPathComponent("content")
        _ = try await SiteBuilder(options: BuildOptions(content: content, output: folder.url.appendingPathComponent("site"))).build()
        #expect(try folder.read(".peel-cache/.gitignore") == CacheGitIgnore.text)
        _ = try await SiteBuilder(options: BuildOptions(content: content, output: folder.url.appendingPathComponent("other"),
                                                        cache: folder.url.appendingPathComponent(".peel-cache"))).build()
        // `--cache-dir .peel-cache` itself gets one too.
        let own = folder.url.appendingPathComponent("elsewhere/.peel-cache")
        _ = try await SiteBuilder(options: BuildOptions(content: content, output: folder.url.appendingPathComponent("third"), cache: own)).build()
        #expect(try folder.read("elsewhere/.peel-cache/.gitignore") == CacheGitIgnore.text)
        // So does any other folder Peel claims as its cache (the README's CI workflow names `.peel-cache-ci`), never its parent.
        _ = try await SiteBuilder(options: BuildOptions(content: content, output: folder.url.appendingPathComponent("fourth"),
                                                        cache: folder.url.appendingPathComponent(".peel-cache-ci"))).build()
        #expect(try folder.read(".peel-cache-ci/.gitignore") == CacheGitIgnore.text)
        #expect(!folder.exists(".gitignore"))
        // The user's own .gitignore there is theirs: kept as it is.
        try folder.write("mine\n", to: ".peel-cache/.gitignore")
        _ = try await SiteBuilder(options: BuildOptions(content: content, output: folder.url.appendingPathComponent("site"))).build()
        #expect(try folder.read(".peel-cache/.gitignore") == "mine\n")
    }

    /// `Sun.png` beside `sun.md` (renamed on a disk that ignores case): both findings name the
    /// other file; the advice was to create `Sun.md`, a second sidecar, with the label left behind.
    @Test func anImageAndSidecarThatDifferInCaseAreNamedTogether() throws {
        let folder = try TemporaryFolder()
        try Self.pack(folder)
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "p/Sun.png")
        try folder.write("---\nalt: Smiling sun\n---\n", to: "p/sun.md")
        let (_, findings) = try CatalogLoader(contentFolder: folder.url).load()
        let missing = try #require(findings.first { $0.code == .missingSidecar })
        #expect(missing.file == "p/Sun.png" && missing.message.contains("p/sun.md differs from its name only in the case"), "\(missing.message)")
        let orphan = try #require(findings.first { $0.code == .orphanSidecar })
        #expect(orphan.file == "p/sun.md" && orphan.message.contains("Sun.png but for the case"), "\(orphan.message)")
    }

    /// A GIF or JPEG whose line endings Git converted (LF to CRLF) says so, as such a PNG does:
    /// it said "unknown GIF block" or "extraneous bytes before marker".
    @Test func aGIFOrJPEGWithConvertedLineEndingsSaysSo() throws {
        for name in ["pets/turtle.gif", "pets/dog.jpg"] {
            let original = try Fixtures.data(Fixtures.catalog.appendingPathComponent(name))
            var converted = Data()
            for byte in original {
                if byte == 0x0A { converted.append(0x0D) }
                converted.append(byte)
            }
            #expect(ImageFormat.convertedLineEndings(in: converted) && !ImageFormat.convertedLineEndings(in: original), "\(name)")
            #expect {
                try ImageAnalyzer().analyze(converted)
            } throws: { error in
                (error as? ImageError)?.description.contains("line endings were converted") == true
            }
        }
    }

    /// A Git LFS pointer checked out instead of the image was "not an image Peel can read", whose
    /// advice is to convert it to PNG; a PNG mangled as text got the same words.
    @Test func filesDamagedInTransferSayWhatHappened() throws {
        let pointer = Data("version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n".utf8)
        #expect {
            try ImageAnalyzer().analyze(pointer)
        } throws: { error in
            guard let error = error as? ImageError, error.findingCode == .corruptImage else { return false }
            return error.description.hasPrefix("file is a Git LFS pointer (") && error.description.contains("git lfs pull")
        }
        let png = try Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/cat.png"))
        // LF→CRLF: the signature's last 0A became 0D 0A; CRLF→LF: its 0D 0A became 0A.
        for mangled in [png.prefix(7) + Data([0x0D]) + png.dropFirst(7), png.prefix(4) + png.dropFirst(5)] {
            #expect {
                try ImageAnalyzer().analyze(Data(mangled))
            } throws: { error in
                (error as? ImageError)?.description.contains("line endings were converted") == true
                    && (error as? ImageError)?.description.contains("*.png binary") == true
            }
        }
        let suite = Fixtures.pngSuite
        #expect(ImageFormat.transferDamage(in: try Fixtures.data(suite.appendingPathComponent("xcrn0g04.png"))) != nil)
        #expect(ImageFormat.transferDamage(in: try Fixtures.data(suite.appendingPathComponent("xlfn0g04.png"))) != nil)
        #expect(ImageFormat.transferDamage(in: try Fixtures.data(suite.appendingPathComponent("xs7n0g01.png"))) == nil, "another damage")
        #expect(ImageFormat.transferDamage(in: png.prefix(6)) == nil, "a truncated signature is no conversion")
        // A link Git checked out as text (core.symlinks off, on Windows) holds its target.
        #expect {
            try ImageAnalyzer().analyze(Data("../shared/cat.png".utf8))
        } throws: { error in
            (error as? ImageError)?.description.hasPrefix("file is a symbolic link that Git checked out as text (17 bytes holding its target '../shared/cat.png')") == true
                && (error as? ImageError)?.description.contains("git config core.symlinks true") == true
        }
        // A file that is simply not an image keeps the old words.
        #expect(throws: ImageError.unsupported(.unknown)) { try ImageAnalyzer().analyze(Data("hello".utf8)) }
        #expect(throws: ImageError.unsupported(.unknown)) { try ImageAnalyzer().analyze(Data("see cat.png\n".utf8)) }
    }

    /// Windows Notepad's "Unicode" is UTF-16 with a byte-order mark: said as such.
    /// A symlink whose art moved (or a Git checkout of a link to a file not checked out) was
    /// "cannot read image: no such file or folder", for a file the listing showed, and
    /// `missing-sidecar` besides. It says it is a symlink and where it points.
    @Test func aSymlinkToNothingSaysWhereItPoints() throws {
        let folder = try TemporaryFolder()
        try Self.pack(folder)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("p/sun.png").path,
                                                   withDestinationPath: "../art/sun.png")
        let findings = try CatalogLoader(contentFolder: folder.url).load().1
        #expect(findings.map(\.code) == [.unreadableFile], "\(findings.map(\.formatted))")
        #expect(findings.first?.message.contains("symlink to '../art/sun.png', which does not exist") == true, "\(findings.map(\.formatted))")
    }

    /// A placeholder that iCloud Drive leaves for a sticker not downloaded, added after a build:
    /// the next build said "Up to date" and exit 0 (hidden files are no input of the quick check).
    @Test func anICloudPlaceholderAddedIsSeenByTheNextBuild() async throws {
        let folder = try TemporaryFolder()
        try Self.pack(folder, "content/p")
        let options = BuildOptions(content: folder.url.appendingPathComponent("content"), output: folder.url.appendingPathComponent("site"))
        _ = try await SiteBuilder(options: options).build()
        try folder.write("bplist", to: "content/p/.sun.png.icloud")
        let again = try await SiteBuilder(options: options).build()
        #expect(!again.upToDate)
        #expect(again.findings.contains { $0.code == .unreadableFile && $0.file == "p/sun.png" }, "\(again.findings.map(\.formatted))")
    }

    /// `icon: icon.png` for `Icon.png` (found on a Mac, not on Linux CI) and `icon: ..\\art\\icon.png`
    /// (as Explorer shows it) were "does not exist" with no word of why, and the art then became a
    /// sticker without a sidecar, or a folder without pack.md: four errors for one typo. Each is
    /// one error that says what to write, and the art is taken as the icon meanwhile.
    @Test func aPathInAnotherCaseOrWithBackslashesSaysWhatToWrite() throws {
        let folder = try TemporaryFolder()
        try Self.pack(folder)
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "p/Icon.png")
        try folder.write("---\ntitle: P\nicon: icon.png\n---\nSee [the cat](Cat.md) and [the fox](..\\p\\cat.md).\n", to: "p/pack.md")
        var (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        var errors = findings.filter { $0.severity == .error }
        #expect(errors.map(\.code) == [.missingFile], "\(findings.map(\.formatted))")
        #expect(errors.first?.message.contains("p/Icon.png differs from it only in the case of its letters") == true
                && errors.first?.message.contains("write icon: Icon.png, or rename the file") == true, "\(errors.map(\.message))")
        #expect(catalog.packs.first?.icon == "p/Icon.png" && catalog.packs.first?.stickers.map(\.slug) == ["cat"])
        let links = findings.filter { $0.code == .brokenLink }.map(\.message)
        #expect(links.contains { $0.contains("p/cat.md differs from it only in the case of its letters") && $0.contains("write cat.md") }, "\(links)")
        #expect(links.contains { $0.contains("not '\\' as Windows shows them: write ../p/cat.md") }, "\(links)")

        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("p/Icon.png"))
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "art/icon.png")
        try folder.write("---\ntitle: P\nicon: ..\\art\\icon.png\n---\n", to: "p/pack.md")
        (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        errors = findings.filter { $0.severity == .error }
        #expect(errors.map(\.code) == [.missingFile], "\(findings.map(\.formatted))")
        #expect(errors.first?.message.contains("not '\\' as Windows shows them: write icon: ../art/icon.png") == true, "\(errors.map(\.message))")
        #expect(catalog.packs.map(\.folder) == ["p"] && catalog.packs.first?.icon == "art/icon.png")
    }

    /// A sidecar TextEdit saved as rich text, and one saved as UTF-16 without a byte-order mark:
    /// both were read as Markdown, "add 'alt:'" to a file that holds it, and the RTF control words
    /// were published as the description.
    @Test func aRichTextOrUnmarkedUTF16SidecarIsNamedAsSuch() throws {
        let folder = try TemporaryFolder()
        try Self.pack(folder)
        try folder.write("{\\rtf1\\ansi\\ansicpg1252\\cocoartf2761\n\\f0\\fs24 \\cf0 ---\\\n alt: Orange cat\\\n---}\n", to: "p/cat.md")
        var (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(findings.map(\.code) == [.textEncoding], "\(findings.map(\.formatted))")
        #expect(findings.first?.message.hasPrefix("file is rich text (RTF), as macOS TextEdit saves by default") == true)
        #expect(catalog.packs[0].stickers[0].descriptionHTML.isEmpty, "no control words published")
        try folder.write("---\nalt: Orange cat\n---\n".data(using: .utf16LittleEndian)!, to: "p/cat.md")
        (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(findings.map(\.code) == [.textEncoding] && findings.first?.message.hasPrefix("file is UTF-16 text without a byte-order mark") == true,
                "\(findings.map(\.formatted))")
        // UTF-8 with a stray NUL or two is not taken for UTF-16.
        try folder.write("---\nalt: Orange cat\n---\nA cat.\u{0}\n", to: "p/cat.md")
        #expect(try CatalogLoader(contentFolder: folder.url).load().1.filter { $0.code == .textEncoding }.isEmpty)
    }

    /// `sun` (a PNG saved without its extension) beside `sun.md`: "not a sticker or a sidecar" and
    /// "no image named 'sun.png'" said opposite things. One warning says what it is and what to do.
    @Test func anImageWithoutAnExtensionIsNamedAsOne() throws {
        let folder = try TemporaryFolder()
        try Self.pack(folder)
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "p/sun")
        try folder.write("---\nalt: Yellow sun\n---\n", to: "p/sun.md")
        try folder.write("just some notes", to: "p/NOTES")
        let findings = try CatalogLoader(contentFolder: folder.url).load().1
        #expect(findings.map(\.file) == ["p/NOTES", "p/sun"], "\(findings.map(\.formatted))")
        #expect(findings.last?.message == "a PNG image without an extension, so it is not read as a sticker; rename it to sun.png")
        #expect(findings.first?.message == "not a sticker or a sidecar; the file is ignored")
    }

    /// A write of `fit --in-place` or `labels import` killed part way leaves its hidden temporary
    /// file beside the one it was to replace, which `git add -A` then committed unseen. It is
    /// reported (check never changes the content folder); one of a Peel still running is not.
    @Test func aHalfWrittenFileOfAStoppedRunIsReported() throws {
        let folder = try TemporaryFolder()
        try Self.pack(folder)
        try folder.write("---\nalt: Orange", to: "p/.peel-tmp-1-7")
        try folder.write("---\nalt: Orange", to: "p/.peel-tmp-\(getpid())-7")
        let findings = try CatalogLoader(contentFolder: folder.url).load().1
        #expect(findings.map(\.file) == ["p/.peel-tmp-1-7"], "\(findings.map(\.formatted))")
        #expect(findings.first?.message.hasSuffix("delete this one") == true)
    }

    @Test func aUTF16SidecarIsNamedAsUTF16() throws {
        let folder = try TemporaryFolder()
        try Self.pack(folder)
        var utf16 = Data([0xFF, 0xFE])
        utf16.append("---\nalt: Orange cat\n---\n".data(using: .utf16LittleEndian)!)
        try folder.write(utf16, to: "p/cat.md")
        let findings = try CatalogLoader(contentFolder: folder.url).load().1
        let finding = try #require(findings.first { $0.code == .textEncoding })
        #expect(finding.line == 1 && finding.message.hasPrefix("file is UTF-16 text"), "\(finding.formatted)")
        try folder.write(Data("---\nalt: Caf".utf8) + Data([0xE9]) + Data("\n---\n".utf8), to: "p/cat.md")
        #expect(try CatalogLoader(contentFolder: folder.url).load().1.first { $0.code == .textEncoding }?.message == "file is not valid UTF-8 text; save it as UTF-8")
    }

    /// An image iCloud Drive has not downloaded is a hidden placeholder: the sticker vanished with
    /// only an orphan-sidecar warning, exit 0.
    @Test func anImageLeftInICloudIsAnError() throws {
        let folder = try TemporaryFolder()
        try Self.pack(folder)
        try folder.write("---\nalt: Yellow sun\n---\n", to: "p/sun.md")
        try folder.write("bplist", to: "p/.sun.png.icloud")
        let findings = try CatalogLoader(contentFolder: folder.url).load().1
        #expect(findings.map(\.code) == [.unreadableFile], "\(findings.map(\.formatted))")
        #expect(findings.first?.file == "p/sun.png" && findings.first?.message.contains(".sun.png.icloud") == true)

        // A sidecar left in iCloud: "create p/sun.md" would make a conflicting copy of the one there.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("p/.sun.png.icloud"))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("p/sun.md"))
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "p/sun.png")
        try folder.write("bplist", to: "p/.sun.md.icloud")
        let sidecar = try #require(try CatalogLoader(contentFolder: folder.url).load().1.first { $0.code == .missingSidecar })
        #expect(sidecar.message.contains("sun.md is in iCloud Drive and not downloaded") && !sidecar.message.contains("create p/sun.md"), "\(sidecar.message)")
    }

    /// The same names typed on Linux (NFC) and copied from a Mac (NFD) sorted apart by their bytes:
    /// the stickers came in another order and the `-2` of a shared slug went to the other one.
    @Test func namesInEitherUnicodeFormGiveOneOrder() throws {
        var orders: [[String]] = []
        for form in [{ (name: String) in name.precomposedStringWithCanonicalMapping }, { (name: String) in name.decomposedStringWithCanonicalMapping }] {
            let folder = try TemporaryFolder()
            try folder.write("---\ntitle: P\n---\n", to: "p/pack.md")
            for name in ["Café", "Cafe€", "カップ", "ガム", "hello"] {
                try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "p/\(form(name)).png")
                try folder.write("---\nalt: A cat face\n---\n", to: "p/\(form(name)).md")
            }
            let pack = try #require(try CatalogLoader(contentFolder: folder.url).load().0.packs.first)
            orders.append(pack.stickers.map { "\($0.slug) \($0.fileName.precomposedStringWithCanonicalMapping)" })
        }
        #expect(orders[0].count == 5)
        #expect(orders[0] == orders[1])
        #expect(NameOrder.precedes("Cafe\u{301}", "Cafe\u{20AC}") == NameOrder.precedes("Caf\u{E9}", "Cafe\u{20AC}"))
    }
}
