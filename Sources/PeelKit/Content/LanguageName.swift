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

    /// The language's own name for itself ("fr" -> "français"), for language switchers.
    public static func native(_ tag: String) -> String {
        let identifier = tag.replacingOccurrences(of: "-", with: "_")
        if let name = Locale(identifier: identifier).localizedString(forIdentifier: identifier), !name.isEmpty, name != identifier { return name }
        return tag
    }
}
