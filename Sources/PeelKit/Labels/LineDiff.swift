/// A unified diff of two versions of a text file, for `peel labels import --dry-run`: the lines
/// that differ between the common head and tail, with up to three lines of context. Enough for
/// the one span a label edit changes; line endings are not shown.
public enum LineDiff {
    public static func unified(from old: String?, to new: String, path: String) -> String {
        let before = old.map(lines) ?? []
        let after = lines(new)
        var head = 0
        while head < before.count, head < after.count, before[head] == after[head] { head += 1 }
        var tail = 0
        while tail < before.count - head, tail < after.count - head, before[before.count - 1 - tail] == after[after.count - 1 - tail] { tail += 1 }
        guard head < before.count - tail || head < after.count - tail else { return "" }
        let context = 3
        let from = max(0, head - context)
        let oldEnd = min(before.count, before.count - tail + context)
        let newEnd = min(after.count, after.count - tail + context)
        var out = [old == nil ? "--- /dev/null" : "--- a/\(path)", "+++ b/\(path)",
                   "@@ -\(range(from, oldEnd)) +\(range(from, newEnd)) @@"]
        out += before[from..<head].map { " " + $0 }
        out += middle(Array(before[head..<(before.count - tail)]), Array(after[head..<(after.count - tail)]))
        out += after[(after.count - tail)..<newEnd].map { " " + $0 }
        return out.joined(separator: "\n") + "\n"
    }

    /// The changed span line by line: lines both sides keep (their longest common subsequence)
    /// as context, so an unchanged `translated_from:` between two changed lines is not shown as
    /// removed and added. A span too long to compare cheaply is shown removed, then added.
    private static func middle(_ old: [String], _ new: [String]) -> [String] {
        guard old.count * new.count <= 40_000 else { return old.map { "-" + $0 } + new.map { "+" + $0 } }
        // kept[i][j]: the longest common subsequence of old[i...] and new[j...].
        var kept = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                kept[i][j] = old[i] == new[j] ? kept[i + 1][j + 1] + 1 : max(kept[i + 1][j], kept[i][j + 1])
            }
        }
        var out: [String] = []
        var (i, j) = (0, 0)
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                out.append(" " + old[i]); i += 1; j += 1
            } else if j == new.count || (i < old.count && kept[i + 1][j] >= kept[i][j + 1]) {
                out.append("-" + old[i]); i += 1
            } else {
                out.append("+" + new[j]); j += 1
            }
        }
        return out
    }

    /// "start,count" with 1-based start; an empty range starts at the line before it, as diff does.
    private static func range(_ from: Int, _ end: Int) -> String {
        let count = end - from
        return "\(count == 0 ? from : from + 1),\(count)"
    }

    private static func lines(_ text: String) -> [String] {
        var result = RawLines(text).lines.map { String(String.UnicodeScalarView($0.content)) }
        if result.last == "", text.isEmpty { result.removeLast() }
        return result
    }
}
