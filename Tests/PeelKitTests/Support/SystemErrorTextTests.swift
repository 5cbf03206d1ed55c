#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import PeelKit

/// What the system reports reaches people in words, never as "NSCocoaErrorDomain error 256".
@Suite struct SystemErrorTextTests {
    @Test func foundationErrorsAreSaidInWords() throws {
        let folder = try TemporaryFolder()
        let loop = folder.url.appendingPathComponent("loop")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: "loop")
        do {
            _ = try Data(contentsOf: loop)
            Issue.record("a symlink loop was read")
        } catch {
            let words = SystemErrorText.describe(error)
            #expect(!words.contains("NSCocoaErrorDomain") && !words.contains("could not be completed"), "\(words)")
        }
        let underlying = NSError(domain: NSPOSIXErrorDomain, code: Int(ELOOP))
        let cocoa = NSError(domain: NSCocoaErrorDomain, code: 256, userInfo: [NSUnderlyingErrorKey: underlying])
        #expect(SystemErrorText.describe(cocoa) == "too many levels of symlinks (a symlink loop)")
        #expect(SystemErrorText.describe(NSError(domain: NSCocoaErrorDomain, code: 512)) == "the file could not be written")
        #expect(SystemErrorText.describe(POSIXError(.ENOSPC)) == "the disk is full")
        #expect(SystemErrorText.describe(PeelError.cannotWrite(path: "x", reason: "it is a folder")) == "it is a folder")
    }

    @Test func contentFilesAreReadOnlyWhenRegularAndNeverBlock() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.url.appendingPathComponent("pipe.png")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        #expect(throws: PeelError.unreadable(path: fifo.path, reason: "it is a FIFO (named pipe), not a regular file")) {
            _ = try ContentFile.read(fifo)
        }
        #expect(throws: PeelError.unreadable(path: folder.url.path, reason: "it is a folder, not a regular file")) {
            _ = try ContentFile.read(folder.url)
        }
        #expect(ContentFile.problem(atPath: fifo.path) == .kind("a FIFO (named pipe)"))
        #expect(ContentFile.problem(atPath: folder.url.appendingPathComponent("missing").path) == nil)
        let file = try folder.write("bytes", to: "file.txt")
        #expect(try ContentFile.read(file) == Data("bytes".utf8))
    }
}
