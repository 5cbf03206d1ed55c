import Foundation

/// Files and folders an operating system leaves in a folder it showed or unzipped, which are
/// nobody's work: Explorer's thumbnail caches and folder settings (`Thumbs.db`, `ehthumbs.db`,
/// `desktop.ini`, any case), Finder's custom-icon file (`Icon\r`), the download marks WSL shows
/// beside every file unzipped from the web (`sun.png:Zone.Identifier`), macOS's zip resource
/// forks (`__MACOSX/`), Finder's `.DS_Store`, and the Windows recycle bin and volume folders.
///
/// Without this, `__MACOSX/` from unzipping a Mac zip into the content folder became a pack on the
/// home page (and stopped `peel export xcode`), and each `Thumbs.db` was an `ignored-file` warning
/// that failed `--strict`, for a file Explorer does not even show.
enum SystemLitter {
    private static let names: Set<String> = ["thumbs.db", "ehthumbs.db", "ehthumbs_vista.db", "desktop.ini", "icon\r",
                                             "__macosx", "$recycle.bin", "system volume information", ".ds_store"]

    static func matches(fileName name: String) -> Bool {
        names.contains(name.lowercased()) || name.hasSuffix(":Zone.Identifier")
    }
}

/// Names the catalog never reads nor reports: hidden files (`.DS_Store`, `.git`), editors'
/// leftovers (`EditorLeftover`) and the operating system's (`SystemLitter`).
enum IgnoredName {
    static func matches(_ name: String) -> Bool {
        name.hasPrefix(".") || EditorLeftover.matches(fileName: name) || SystemLitter.matches(fileName: name)
    }

    /// The same for a folder's name: editors leave files, and a pack may well be called `2024`
    /// (which as a file would be Vim's probe).
    static func matches(folder name: String) -> Bool {
        name.hasPrefix(".") || SystemLitter.matches(fileName: name)
    }

    /// An entry of the listing of `folder`: as a folder when it is one, as a file otherwise. Only
    /// the names the two rules disagree on (digits only) cost a `stat`. Without it, art kept in a
    /// year folder (`my-pack/2024/`, `Art Exports/2024/`) was taken for Vim's probe and vanished
    /// from the site without a finding.
    static func matches(_ name: String, in folder: URL) -> Bool {
        guard matches(name) else { return false }
        if matches(folder: name) { return true }
        var isFolder: ObjCBool = false
        return !(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder) && isFolder.boolValue)
    }
}
