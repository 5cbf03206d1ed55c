import Foundation

/// The content folder as an absolute path with symlinks resolved, the form every relative path
/// in a catalog is resolved against.
public enum ContentRoot {
    public static func resolve(_ folder: URL) -> URL {
        ContentPath(root: folder).root
    }
}
