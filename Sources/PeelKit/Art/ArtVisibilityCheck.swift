/// `vanishes-on-dark` / `vanishes-on-light`: a sticker whose shape mostly disappears on one of
/// Messages' transcript backgrounds (`ShapeVisibility`). The finding is about the image file.
enum ArtVisibilityCheck {
    /// `visibility`: the art's measure (the worst of an animation's sampled frames); `sampledFrames`
    /// says how many frames it covers, so the message can say so.
    static func findings(visibility: ShapeVisibility?, sampledFrames: Int, subject: CheckSubject) -> [Finding] {
        guard let visibility else { return [] } // nothing visible at all: nothing to lose
        var findings: [Finding] = []
        for background in TranscriptBackground.allCases where visibility.vanishes(on: background) {
            let percent = Int((visibility.share(on: background) * 100).rounded())
            let frames = sampledFrames > 1 ? " in the worst of \(sampledFrames) frames spread over its loop" : ""
            let fix = background == .dark
                ? "give it a light outline or fill that traces its shape"
                : "give it a dark outline that traces its shape"
            findings.append(subject.imageFinding(.warning, background == .dark ? .vanishesOnDark : .vanishesOnLight,
                "most of this sticker's outline disappears on \(background.description) "
                    + "(visible shape \(percent) % of the real one\(frames)); \(fix)"))
        }
        return findings
    }
}
