/// Findings that read as one: one cause at one place reported for several stickers (a parts
/// pack's layer or template, for each sticker made with it). The terminal, SARIF and GitHub's
/// annotations show each group once, naming its stickers; JSON keeps every finding with its
/// `sticker`. Six byte-identical SARIF results for one typo in one layer crowded code scanning
/// and GitHub's ten annotations a step.
public enum FindingGroups {
    /// Consecutive findings with the same file, line, code, severity, message, language and
    /// silencing, each of a sticker, together. Findings sort next to each other that way.
    public static func sameLines(_ findings: [Finding]) -> [[Finding]] {
        var groups: [[Finding]] = []
        for finding in findings {
            if let last = groups.last?.first, last.file == finding.file, last.line == finding.line, last.code == finding.code,
               last.severity == finding.severity, last.message == finding.message, last.suppressed == finding.suppressed,
               last.language == finding.language, last.sticker != nil, finding.sticker != nil {
                groups[groups.count - 1].append(finding)
            } else {
                groups.append([finding])
            }
        }
        return groups
    }

    /// " (4 stickers: round+happy, round+sad, …)" for a group said of several stickers; "" for one.
    public static func stickers(of group: [Finding]) -> String {
        let names = group.compactMap(\.sticker).map { source -> Substring in
            let file = source.split(separator: "/").last ?? Substring(source)
            return file.lastIndex(of: ".").map { file[..<$0] } ?? file
        }
        guard names.count > 1 else { return "" }
        let shown = 3
        return " (\(names.count) stickers: " + names.prefix(shown).joined(separator: ", ") + (names.count > shown ? ", …" : "") + ")"
    }

    /// One finding for each group, its message naming the group's stickers.
    public static func merged(_ findings: [Finding]) -> [Finding] {
        sameLines(findings).map { group in
            var first = group[0]
            first.message += stickers(of: group)
            return first
        }
    }
}
