import Testing
@testable import PeelKit

/// The advice for a link that names a file in another case: what to write, pasted back as is.
struct PathLookalikeTests {
    @Test(arguments: [
        // The folder was left as written ("write ../Animals/cat.md"), and the fragment dropped.
        ("../Animals/cat.md", "animals/cat.md", "../animals/cat.md"),
        ("Grin.md#phases", "faces/grin.md", "grin.md#phases"),
        ("../Motion/Spin.GIF?v=2", "motion/spin.gif", "../motion/spin.gif?v=2"),
        // Decoded, the advice was no link at all ("write café fox.md").
        ("caf%C3%A9%20Fox.md", "faces/café fox.md", "caf%C3%A9%20fox.md"),
        ("../weird%20pack/Turtle%20%231.md", "weird pack/turtle #1.md", "../weird%20pack/turtle%20%231.md"),
        ("Café Fox.md", "faces/café fox.md", "café%20fox.md"),
        ("./Sun.png", "faces/sun.png", "./sun.png"),
    ])
    func theDestinationIsSpeltAsTheFileIsAndStillEncoded(written: String, twin: String, expected: String) {
        #expect(PathLookalike.destination(written, spelling: twin) == expected)
    }
}
