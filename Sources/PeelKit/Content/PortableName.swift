/// Names Linux and macOS allow but Windows does not: a catalog with one cannot be cloned, unzipped
/// or synced onto a PC (Git for Windows refuses the checkout), and the site's page named after it
/// cannot be published from one. The rules are Windows' own ("Naming Files, Paths, and
/// Namespaces", Microsoft Learn): no `< > : " / \ | ? *` or control characters, no name ending in a
/// space or a dot, and none of the device names (CON, PRN, AUX, NUL, COM0–9, LPT0–9, in any case,
/// with or without an extension: `con.png` is the console).
enum PortableName {
    private static let forbidden: Set<Character> = ["<", ">", ":", "\"", "\\", "|", "?", "*"]
    private static let devices: Set<String> = {
        var names: Set<String> = ["con", "prn", "aux", "nul"]
        for digit in ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "¹", "²", "³"] {
            names.insert("com" + digit)
            names.insert("lpt" + digit)
        }
        return names
    }()

    /// Why Windows cannot hold `name` (one file or folder name), or nil when it can.
    static func problem(_ name: String) -> String? {
        if let character = name.first(where: { forbidden.contains($0) || $0.unicodeScalars.contains { $0.value < 0x20 } }) {
            let shown = character.unicodeScalars.first.map { $0.value < 0x20 ? "a control character" : "'\(character)'" } ?? ""
            return "has \(shown), which Windows does not allow in a name (nor < > : \" \\ | ? *)"
        }
        if let last = name.last, last == " " || last == "." {
            return "ends in \(last == " " ? "a space" : "a dot"), which Windows drops, so the name it keeps is another"
        }
        let device = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? name
        if devices.contains(device.lowercased().trimmingCharacters(in: .whitespaces)) {
            return "is named \(device.uppercased()), one of Windows' device names (CON, PRN, AUX, NUL, COM1, LPT1, …), even with an extension"
        }
        return nil
    }

    /// A name like `name` that Windows can hold: forbidden characters become hyphens, a trailing
    /// space or dot goes, and a device name gets `-sticker` after it.
    static func suggestion(_ name: String) -> String {
        var fixed = String(name.map { forbidden.contains($0) || $0.unicodeScalars.contains { $0.value < 0x20 } ? "-" : $0 })
        while let last = fixed.last, last == " " || last == "." { fixed.removeLast() }
        let parts = fixed.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        if let device = parts.first, devices.contains(device.lowercased().trimmingCharacters(in: .whitespaces)) {
            fixed = device + "-sticker" + (parts.count > 1 ? "." + parts[1] : "")
        }
        return fixed.isEmpty ? "sticker" : fixed
    }

    /// The warning on `name` in `folder` (relative to the content folder, "" at its top), if any.
    static func finding(_ name: String, in folder: String) -> Finding? {
        guard !IgnoredName.matches(name), let problem = problem(name) else { return nil }
        let path = folder.isEmpty ? name : "\(folder)/\(name)"
        return Finding(.warning, .nonPortableName, file: path,
                       message: "'\(name)' \(problem); the catalog cannot be cloned or unzipped on a PC, nor its site published from one; rename it, such as '\(suggestion(name))'")
    }
}
