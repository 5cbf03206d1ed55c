import Foundation

/// Where a command may write, one rule for every command that writes (`build`, `export xcode`,
/// `fit`, the build cache): never into the content it reads, nor over a file it reads; and a folder
/// that is replaced whole (a site, an exported catalog) must not hold the content either. Paths
/// are compared after resolving symlinks, so an alias of the content folder is the content folder.
public struct OutputLocation: Sendable {
    /// The real paths of the folders and files the command must not write into, with their names.
    private let sources: [(path: String, name: String)]
    /// What to suggest instead, e.g. "-o _site".
    private let suggestion: String

    public init(reading sources: [URL], suggestion: String) {
        self.init(protecting: sources.map { source in
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: source.path, isDirectory: &isFolder)
            return (source, !exists || isFolder.boolValue ? "the content folder" : "'\(source.lastPathComponent)', which it reads")
        }, suggestion: suggestion)
    }

    /// Protects each folder or file under its name ("the output folder").
    init(protecting sources: [(URL, String)], suggestion: String) {
        self.sources = sources.map { (RealPath.of($0.0), $0.1) }
        self.suggestion = suggestion
    }

    /// Refuses `folder` when it is, or lies inside, something the command reads; with
    /// `replacedWhole`, also when it holds something the command reads.
    public func check(folder: URL, replacedWhole: Bool, what: String = "the output folder") throws {
        let path = RealPath.of(folder)
        for (source, name) in sources {
            if path == source {
                throw PeelError.unsafeOutput(path: folder.standardizedFileURL.path,
                                             reason: "\(what) is \(name), which Peel must not write into; choose another (\(suggestion))")
            }
            if path.hasPrefix(source + "/") {
                throw PeelError.unsafeOutput(path: folder.standardizedFileURL.path,
                                             reason: "\(what) is inside \(name); choose one outside it (\(suggestion))")
            }
            if replacedWhole && (source.hasPrefix(path + "/") || path == "/") {
                throw PeelError.unsafeOutput(path: folder.standardizedFileURL.path,
                                             reason: "\(what) holds \(name); choose another output (\(suggestion))")
            }
        }
    }

    /// Refuses a file that is one of the files the command reads, or lies inside a folder it reads.
    public func check(file: URL) throws {
        let path = RealPath.of(file)
        for (source, _) in sources where path == source || path.hasPrefix(source + "/") {
            throw PeelError.unsafeOutput(path: file.standardizedFileURL.path,
                                         reason: FileManager.default.fileExists(atPath: path) ? "this would replace content Peel reads; choose another output (\(suggestion))"
                                             : "this would write inside the content folder, among the files Peel reads; choose another output (\(suggestion))")
        }
    }
}
