/// Files editors leave beside the file being edited, which the catalog never reads nor reports:
/// Emacs's backups (`sun.md~`) and auto-saves (`#sun.md#`), Vim's probe (`4913`, a file of digits
/// made and deleted at each save to test the folder) and JetBrains' safe-write copies
/// (`sun.md___jb_tmp___`, `sun.md___jb_old___`), and the copy `sed -i` writes before renaming it
/// over the file (`sedAbC123`: "sed" and six letters or digits, no extension). Hidden files (`.sun.md.swp`, `.#sun.md`) are
/// skipped already. Jekyll skips backups and `#` files the same way.
///
/// Without this, every Emacs user had an `ignored-file` warning per edited sidecar, and `peel serve`
/// listed Vim's probe among the changed files.
enum EditorLeftover {
    static func matches(fileName name: String) -> Bool {
        if name.hasSuffix("~") || name.hasSuffix("___jb_tmp___") || name.hasSuffix("___jb_old___") { return true }
        if name.count > 1 && name.hasPrefix("#") && name.hasSuffix("#") { return true }
        if name.count == 9 && name.hasPrefix("sed") && name.utf8.dropFirst(3).allSatisfy({ byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }) { return true }
        return !name.isEmpty && name.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }
}
