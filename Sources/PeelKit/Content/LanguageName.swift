import Foundation

/// A language's English name for messages ("fr" -> "French", "pt-BR" -> "Portuguese (Brazil)"),
/// from the system's locale data; the tag itself where there is none.
public enum LanguageName {
    public static func of(_ tag: String) -> String {
        let english = Locale(identifier: "en")
        let identifier = tag.replacingOccurrences(of: "-", with: "_")
        if let name = english.localizedString(forIdentifier: identifier), !name.isEmpty, name != identifier { return name }
        return tag
    }

    /// The language's own name, and whether it is one: where the system has no name of a language
    /// in that language ("tlh"), it gives the English one ("Klingon"), which a page must mark as
    /// English, not as Klingon (and not right-to-left for "Azerbaijani (Arabic)").
    public static func nativeOrEnglish(_ tag: String) -> (name: String, isOwn: Bool) {
        let name = ownName(tag)
        let english = tag.lowercased().split(separator: "-").first == "en"
        return (name, english || name != of(tag) || name == tag)
    }

    private static func ownName(_ tag: String) -> String {
        let identifier = tag.replacingOccurrences(of: "-", with: "_")
        if let name = Locale(identifier: identifier).localizedString(forIdentifier: identifier), !name.isEmpty, name != identifier { return name }
        return tag
    }
}
