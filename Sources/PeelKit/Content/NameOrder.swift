import Foundation

/// The order of file names everywhere a catalog is read: by the UTF-8 bytes of their NFC form,
/// then by their own bytes. Bytes, so every machine and locale sees the same order; NFC, because
/// one name reaches Linux in either form (typed there, NFC; copied from a Mac by zip, rsync or
/// Dropbox, often NFD), and Peel reads the two forms as one name. Sorted by their own bytes, the
/// same catalog gave カップ before ガム from one machine and after it from the other, and the `-2`
/// of two names with one slug went to the other sticker.
enum NameOrder {
    static func precedes(_ first: String, _ second: String) -> Bool {
        if first.utf8.allSatisfy({ $0 < 0x80 }) && second.utf8.allSatisfy({ $0 < 0x80 }) {
            return first.utf8.lexicographicallyPrecedes(second.utf8)
        }
        let (left, right) = (first.precomposedStringWithCanonicalMapping, second.precomposedStringWithCanonicalMapping)
        if !left.utf8.elementsEqual(right.utf8) { return left.utf8.lexicographicallyPrecedes(right.utf8) }
        return first.utf8.lexicographicallyPrecedes(second.utf8)
    }

    static func sorted(_ names: [String]) -> [String] {
        names.sorted(by: precedes)
    }
}
