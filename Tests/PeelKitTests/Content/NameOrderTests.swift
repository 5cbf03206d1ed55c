import Testing
@testable import PeelKit

/// The order of packs and stickers, "as a file browser sorts them".
struct NameOrderTests {
    /// Finder and Explorer put names that start with punctuation before digits and words: a team
    /// that prefixes `_` to pin a pack first, or its cover, got it after `2024-summer`.
    @Test func punctuationComesBeforeNumbersAndWords() {
        let packs = ["animals", "2024-summer", "_featured", "(wip)", "~drafts", "Zoo", "10-best", "9-lives"]
        #expect(packs.sorted { NameOrder.NaturalKey($0, isFolder: true) < NameOrder.NaturalKey($1, isFolder: true) }
                == ["(wip)", "_featured", "~drafts", "9-lives", "10-best", "2024-summer", "animals", "Zoo"])
        let stickers = ["02-bye.png", "_intro.png", "01-hello.png", "hello.png", "(old) hello.png"]
        #expect(stickers.sorted(by: NameOrder.naturalPrecedes)
                == ["(old) hello.png", "_intro.png", "01-hello.png", "02-bye.png", "hello.png"])
    }
}
