/// File sizes as people read them, in SI units like Apple's "500 KB" limit: 1 KB = 1,000 bytes.
public enum ByteCount {
    public static func format(_ bytes: Int) -> String {
        if bytes < 1_000 { return "\(bytes) bytes" }
        if bytes < 1_000_000 { return oneDecimal(Double(bytes) / 1_000) + " KB" }
        return oneDecimal(Double(bytes) / 1_000_000) + " MB"
    }

    /// "1,234,567": thousands separated the same way on every machine (no locale).
    public static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return out
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
