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
        out += before[head..<(before.count - tail)].map { "-" + $0 }
        out += after[head..<(after.count - tail)].map { "+" + $0 }
        out += after[(after.count - tail)..<newEnd].map { " " + $0 }
        return out.joined(separator: "\n") + "\n"
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
