import Foundation
import Testing
@testable import PeelKit

extension String {
    /// The first 8 hex digits of the SHA-256 of this text in NFC.
    var hashPrefix: String { String(Hex.string(SHA256.hash(data: Data(precomposedStringWithCanonicalMapping.utf8))).prefix(8)) }
}

@Suite struct SlugTests {
    @Test(arguments: [
        ("Happy Sun", "happy-sun"),
        ("Crème brûlée!", "creme-brulee"),
        ("  --weird__name--  ", "weird-name"),
        ("1F600", "1f600"),
        ("日本", "sticker-cf2abf0c"),
        ("Sun ☀️", "sun"),
        ("ネコ-7", "7-" + "ネコ-7".hashPrefix),
        ("a/b?c#d", "a-b-c-d"),
    ])
    func slugsAreLowercaseURLSafe(input: String, expected: String) {
        #expect(Slug.make(input) == expected)
    }

    /// A name that is a slug already keeps it whatever is added before it in byte order:
    /// `HAPPY SUN!` sorts first and took `happy-sun`, moving the existing sticker to `happy-sun-2`.
    @Test func aNameThatIsASlugKeepsIt() {
        #expect(Slug.unique(["happy-sun"]) == ["happy-sun"])
        #expect(Slug.unique(["HAPPY SUN!", "happy-sun"]) == ["happy-sun-2", "happy-sun"])
        #expect(Slug.unique(["Happy Sun", "happy-sun", "happy-sun-2"]) == ["happy-sun-3", "happy-sun", "happy-sun-2"])
        #expect(Slug.unique(["happy-sun", "happy-sun"]) == ["happy-sun", "happy-sun-2"], "one stem twice (happy-sun.png, happy-sun.gif)")
        #expect(Slug.unique(["review"], reserved: ["review"]) == ["review-2"])
    }

    /// Letters with no ASCII form give a slug of the name's own: adding a sticker before them
    /// (`アヒル`) moved `イヌ` from `sticker` to `sticker-2`, and shared links showed a duck.
    @Test func nonLatinNamesKeepTheirSlugWhateverIsAdded() {
        let before = Slug.unique(["イヌ", "ネコ"])
        let after = Slug.unique(["アヒル", "イヌ", "ネコ"])
        #expect(Array(after.dropFirst()) == before)
        #expect(Set(after).count == 3 && after.allSatisfy { $0.hasPrefix("sticker-") })
        #expect(Slug.make("ガチョウ".decomposedStringWithCanonicalMapping) == Slug.make("ガチョウ"), "NFD and NFC names: one slug")
    }

    /// Emoji file names gave `sticker`, `sticker-2` by position: adding `🐱` moved `🐶` to
    /// `sticker-2` and its old address showed the cat. A name with nothing an ASCII slug holds gets
    /// the hash, as letters without an ASCII form do; symbols beside words still leave the words.
    @Test func emojiAndSymbolNamesKeepTheirSlugWhateverIsAdded() {
        let before = Slug.unique(["🐶", "🦊"])
        let after = Slug.unique(["🐱", "🐶", "🦊"])
        #expect(Array(after.dropFirst()) == before)
        #expect(before == ["sticker-" + "🐶".hashPrefix, "sticker-" + "🦊".hashPrefix])
        #expect(Slug.make("!!!") == "sticker-" + "!!!".hashPrefix && Slug.make("★ ♥", fallback: "pack") == "pack-" + "★ ♥".hashPrefix)
        #expect(Slug.make("Sun ☀️") == "sun" && Slug.make("   ") == "sticker")
    }

    @Test func slugsAreUniqueInOrder() {
        #expect(Slug.unique(["Sun", "Sun!", "SUN!", "moon"]) == ["sun", "sun-2", "sun-3", "moon"])
        #expect(Slug.unique(["Sun", "sun", "SUN!", "moon"]) == ["sun-2", "sun", "sun-3", "moon"], "the name that is its slug keeps it")
    }

    @Test func reservedSlugsAreNeverTaken() {
        #expect(Slug.unique(["assets", "pack"], reserved: ["assets"]) == ["assets-2", "pack"])
    }
}
