import Testing
@testable import PeelKit

@Suite struct SlugTests {
    @Test(arguments: [
        ("Happy Sun", "happy-sun"),
        ("Crème brûlée!", "creme-brulee"),
        ("  --weird__name--  ", "weird-name"),
        ("1F600", "1f600"),
        ("日本", "sticker"),
        ("a/b?c#d", "a-b-c-d"),
    ])
    func slugsAreLowercaseURLSafe(input: String, expected: String) {
        #expect(Slug.make(input) == expected)
    }

    @Test func slugsAreUniqueInOrder() {
        #expect(Slug.unique(["Sun", "sun", "SUN!", "moon"]) == ["sun", "sun-2", "sun-3", "moon"])
    }

    @Test func reservedSlugsAreNeverTaken() {
        #expect(Slug.unique(["assets", "pack"], reserved: ["assets"]) == ["assets-2", "pack"])
    }
}
