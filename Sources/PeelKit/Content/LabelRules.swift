/// Apple's rule for accessibility labels: VoiceOver reads MSSticker's `localizedDescription`,
/// which is at most 150 characters.
enum LabelRules {
    static let maximumLength = 150
}
