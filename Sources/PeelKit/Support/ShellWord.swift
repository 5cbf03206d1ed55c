/// A word as a POSIX shell reads it back: as it is when it holds nothing the shell treats
/// specially, else in single quotes. For commands Peel suggests, so they can be pasted as they
/// are (`peel new sticker Pack One/happy_sun` split at the space).
public enum ShellWord {
    public static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            (scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar))) || "/._-+=:,@%".unicodeScalars.contains(scalar)
        }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
