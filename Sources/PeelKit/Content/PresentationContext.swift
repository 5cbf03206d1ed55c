/// Where a pack may appear (Info.plist `MSSupportedPresentationContexts`, iOS 12+): in Messages,
/// in the media context (camera, FaceTime effects), or both. Default: messages only.
public enum PresentationContext: String, Sendable, Codable, CaseIterable {
    case messages
    case media
}
