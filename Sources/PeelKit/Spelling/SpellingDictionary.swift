import CHunspell
import Foundation

/// A Hunspell dictionary (`.aff` + `.dic`), used through libhunspell's C API in process: whether a
/// word is spelled right, and Hunspell's suggestions when it is not. The dictionary is never changed:
/// words a catalog adds (names, brands) are the spelling check's own business, so one loaded
/// dictionary serves every catalog a long-running `peel serve` sees.
///
/// Hunspell keeps per-call state while it suggests, so one handle is never used by two threads at
/// once: every call takes the lock. Loading `en_US` takes about 30 ms, so a dictionary is made once
/// and shared (`SpellingDictionary.shared(for:)`).
public final class SpellingDictionary: @unchecked Sendable {
    /// The language this dictionary was asked for ("en"), and the file name it was found under ("en_US").
    public let language: String
    public let name: String
    private let handle: OpaquePointer
    private let encoding: String.Encoding
    private let lock = NSLock()

    /// Where dictionaries are looked for, in order: `$DICPATH` (Hunspell's own variable, colon-separated),
    /// then the folders Debian, Homebrew and macOS install them in.
    static var searchPaths: [String] {
        let environment = ProcessInfo.processInfo.environment["DICPATH"].map { $0.split(separator: ":").map(String.init) } ?? []
        return environment + ["/usr/share/hunspell", "/usr/share/myspell/dicts", "/usr/share/myspell", "/usr/local/share/hunspell",
                              "/opt/homebrew/share/hunspell", NSHomeDirectory() + "/Library/Spelling"]
    }

    /// The dictionary for a BCP 47 tag, or nil when none is installed: "en" finds `en_US` (then `en_GB`, `en`),
    /// "pt-BR" finds `pt_BR` (or a plain `pt`), "fr" finds `fr_FR` or `fr`. A tag with a region
    /// holds to that region: "en-AU" checked with `en_US` called "colourful" a typo for "colorful".
    public convenience init?(language: String) {
        for name in Self.fileNames(for: language) {
            if let (aff, dic) = Self.files(named: name) {
                self.init(language: language, name: name, aff: aff, dic: dic)
                return
            }
        }
        // Debian's hunspell-hr, hunspell-sk and hunspell-no install hr_HR, sk_SK and nn_NO only:
        // a bare `hr` found none of its names, and the package the finding named did not silence it.
        if let name = Self.regionalName(of: language, in: Self.searchPaths), let (aff, dic) = Self.files(named: name) {
            self.init(language: language, name: name, aff: aff, dic: dic)
            return
        }
        return nil
    }

    /// The first installed regional dictionary of the tag's language (`hr_HR` for "hr"), by name,
    /// in the first of `folders` that has one with both its files; the last resort of `init(language:)`.
    /// Nil for a tag with a region: "en-AU" is not "en_US"'s spelling.
    static func regionalName(of language: String, in folders: [String]) -> String? {
        let (primary, _, tagRegion) = LanguageTag.parts(of: language)
        guard tagRegion == nil, !primary.isEmpty else { return nil }
        for folder in folders {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            let regional = names.filter { name in
                guard name.hasSuffix(".aff") else { return false }
                let stem = name.dropLast(4)
                guard stem.hasPrefix(primary + "_") else { return false }
                let region = stem.dropFirst(primary.count + 1)
                return (2...3).contains(region.count) && region.allSatisfy { $0.isUppercase || $0.isNumber }
                    && names.contains(String(stem) + ".dic")
            }.map { String($0.dropLast(4)) }.sorted()
            if let first = regional.first { return first }
        }
        return nil
    }

    /// The `.aff` and `.dic` of the dictionary called `name` ("en_GB") in the first search path that has both.
    static func files(named name: String) -> (aff: String, dic: String)? {
        for folder in searchPaths {
            let aff = folder + "/" + name + ".aff"
            let dic = folder + "/" + name + ".dic"
            if FileManager.default.isReadableFile(atPath: aff), FileManager.default.isReadableFile(atPath: dic) { return (aff, dic) }
        }
        return nil
    }

    init?(language: String, name: String, aff: String, dic: String) {
        guard let handle = Hunspell_create(aff, dic) else { return nil }
        self.language = language
        self.name = name
        self.handle = handle
        let declared = Hunspell_get_dic_encoding(handle).map { String(cString: $0) } ?? "UTF-8"
        encoding = Self.encoding(named: declared)
    }

    deinit {
        Hunspell_destroy(handle)
    }

    /// True when Hunspell accepts the word. A word the dictionary's encoding cannot hold is unknown.
    public func isCorrect(_ word: String) -> Bool {
        guard let bytes = encoded(word) else { return false }
        lock.lock()
        defer { lock.unlock() }
        return bytes.withUnsafeBufferPointer { Hunspell_spell(handle, $0.baseAddress) } != 0
    }

    /// Hunspell's suggestions, best first, at most `limit`. Kept by word for the dictionary's
    /// life: one costs 50–100 ms, and `peel serve` checks a pack's labels again on every save
    /// (each flagged word of the pack was asked again: half a second for a one-word edit). The
    /// answers do not depend on timing (`CSpellingClock`), so keeping them changes none.
    public func suggestions(for word: String, limit: Int = 3) -> [String] {
        guard let bytes = encoded(word) else { return [] }
        lock.lock()
        defer { lock.unlock() }
        // By the bytes Hunspell is given: Swift's == takes NFC and NFD for one word, Hunspell does not.
        if let known = suggested[bytes] { return Array(known.prefix(limit)) }
        var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        let count = bytes.withUnsafeBufferPointer { Hunspell_suggest(handle, &list, $0.baseAddress) }
        defer { if list != nil { Hunspell_free_list(handle, &list, count) } }
        let all = count > 0 ? (list.map { words in (0..<Int(count)).compactMap { words[$0].flatMap(decoded) } } ?? []) : []
        if suggested.count >= Self.suggestionsKept { suggested.removeAll(keepingCapacity: true) }
        suggested[bytes] = all
        return Array(all.prefix(limit))
    }

    /// Words whose suggestions are kept at most (a few hundred kilobytes); then they start again.
    private static let suggestionsKept = 4096
    private var suggested: [[CChar]: [String]] = [:]

    /// The file names to try for a tag, most specific first: "pt-BR" → pt_BR, pt; "en" → en_US, en_GB, …, en.
    static func fileNames(for language: String) -> [String] {
        let (primary, _, region) = LanguageTag.parts(of: language)
        guard !primary.isEmpty else { return [] }
        var names: [String] = []
        if let region {
            // Only that region's spelling, or a dictionary for the whole language.
            names.append(primary + "_" + region.uppercased())
        } else {
            names += (defaultRegions[primary] ?? []).map { primary + "_" + $0 }
        }
        names.append(primary)
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// False for languages written without spaces between words (Japanese, Chinese, Thai, Lao,
    /// Khmer, Burmese, Tibetan): Hunspell checks space-separated words, and no distribution has a
    /// dictionary for them, so a missing one is no finding to fix.
    public static func hasWordSpaces(_ language: String) -> Bool {
        let primary = language.lowercased().split(separator: "-").first.map(String.init) ?? language.lowercased()
        return !["ja", "zh", "yue", "th", "lo", "km", "my", "bo"].contains(primary)
    }

    /// The Debian package that installs the dictionary for a tag: hunspell-en-us, hunspell-pt-br,
    /// hunspell-de-de, hunspell-fr; nil when Debian has none (Klingon's hunspell-tlh was
    /// suggested, and does not exist). Debian names most by language alone and a few by region;
    /// scripts/install-dependencies (`--language`) applies the same rule.
    public static func debianPackage(for language: String) -> String? {
        let parts = language.lowercased().split(separator: "-").map(String.init)
        let primary = parts.first ?? language.lowercased()
        let region = parts.dropFirst().first { $0.count == 2 }
        switch primary {
        case "en": return "hunspell-en-" + (["gb", "au", "ca", "za"].contains(region ?? "") ? region! : "us")
        case "de": return "hunspell-de-" + (["at", "ch"].contains(region ?? "") ? region! : "de")
        case "pt": return "hunspell-pt-" + (region == "br" ? "br" : "pt")
        case "nb", "nn", "no": return "hunspell-no"
        default: return debianLanguages.contains(primary) ? "hunspell-" + primary : nil
        }
    }

    /// The languages Debian 12 packages a dictionary for as `hunspell-<language>` (`apt-cache
    /// pkgnames hunspell-`, and `hunspell-et`, which myspell-et provides), but those `debianPackage`
    /// names by region.
    private static let debianLanguages: Set<String> = [
        "af", "an", "ar", "be", "bg", "bn", "bo", "br", "bs", "ca", "cs", "da", "dz", "el", "es", "et", "eu", "fr", "gd", "gl",
        "gu", "gug", "he", "hi", "hr", "hu", "id", "is", "it", "kk", "kmr", "ko", "lo", "lt", "lv", "ml", "mn", "ne", "nl",
        "oc", "pl", "ro", "ru", "si", "sk", "sl", "sr", "sv", "sw", "te", "th", "tr", "uk", "uz", "vi",
    ]

    /// The region whose dictionary stands for a bare language tag, as Debian's packages name them.
    private static let defaultRegions: [String: [String]] = [
        "en": ["US", "GB", "AU", "CA"], "fr": ["FR"], "de": ["DE", "AT", "CH"], "es": ["ES", "MX"], "it": ["IT"],
        "pt": ["PT", "BR"], "nl": ["NL"], "sv": ["SE"], "da": ["DK"], "nb": ["NO"], "pl": ["PL"], "ru": ["RU"],
        "cs": ["CZ"], "el": ["GR"], "tr": ["TR"], "uk": ["UA"], "hu": ["HU"], "ro": ["RO"], "fi": ["FI"],
    ]

    private static func encoding(named name: String) -> String.Encoding {
        switch name.uppercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: "_", with: "") {
        case "ISO88591": return .isoLatin1
        case "ISO88592": return .isoLatin2
        case "CP1252", "WINDOWS1252": return .windowsCP1252
        case "CP1251", "WINDOWS1251": return .windowsCP1251
        case "CP1250", "WINDOWS1250": return .windowsCP1250
        default: return .utf8
        }
    }

    /// The word as a NUL-terminated C string in the dictionary's encoding.
    private func encoded(_ word: String) -> [CChar]? {
        guard let data = word.data(using: encoding, allowLossyConversion: false) else { return nil }
        return data.map { CChar(bitPattern: $0) } + [0]
    }

    private func decoded(_ pointer: UnsafeMutablePointer<CChar>) -> String? {
        let length = strlen(pointer)
        let data = Data(bytes: pointer, count: length)
        return String(data: data, encoding: encoding)
    }
}

extension SpellingDictionary {
    /// How long loaded dictionaries stay loaded.
    public enum Retention: Sendable {
        /// For the life of the process: `peel serve` rebuilds often, and loading costs tens of
        /// milliseconds a dictionary.
        case process
        /// While something holds them: a one-shot `peel build` frees them when its spelling check
        /// is done instead of carrying them to its end, where its memory peaks (English, French
        /// and Arabic are 40 MB of heap).
        case whileInUse
    }

    /// Loaded dictionaries by name, each loaded once however many checks ask at once; nil
    /// (none installed) is remembered too.
    final class Cache: @unchecked Sendable {
        private enum Loaded {
            case missing
            case kept(SpellingDictionary)
            case held(Weak)
        }

        private final class Weak {
            weak var dictionary: SpellingDictionary?
            init(_ dictionary: SpellingDictionary) { self.dictionary = dictionary }
        }

        private let lock = NSLock()
        private var loaded: [String: Loaded] = [:]
        private var currentRetention: Retention

        init(retention: Retention) {
            currentRetention = retention
        }

        /// How long dictionaries loaded from now on stay.
        var retention: Retention {
            get { lock.lock(); defer { lock.unlock() }; return currentRetention }
            set { lock.lock(); defer { lock.unlock() }; currentRetention = newValue }
        }

        /// The dictionary cached under `key`, else the one `load` makes (then cached); nil when
        /// none is installed.
        func dictionary(_ key: String, load: () -> SpellingDictionary?) -> SpellingDictionary? {
            lock.lock()
            defer { lock.unlock() }
            switch loaded[key] {
            case .missing: return nil
            case .kept(let dictionary): return dictionary
            case .held(let weak): if let dictionary = weak.dictionary { return dictionary }
            case nil: break
            }
            guard let dictionary = load() else {
                loaded[key] = .missing
                return nil
            }
            loaded[key] = currentRetention == .process ? .kept(dictionary) : .held(Weak(dictionary))
            return dictionary
        }
    }

    /// The process's dictionaries.
    static let cache = Cache(retention: .process)

    /// How long the process's dictionaries stay loaded: `.process` unless a command says otherwise.
    public static var retention: Retention {
        get { cache.retention }
        set { cache.retention = newValue }
    }

    /// One dictionary per language, shared (loading one costs tens of milliseconds).
    public static func shared(for language: String) -> SpellingDictionary? {
        cache.dictionary(language) { SpellingDictionary(language: language) }
    }

    /// Every installed dictionary a tag allows, the best first. A tag with a region ("en-GB") allows
    /// that region's alone; a bare tag ("en") does not say whose spelling, so each installed regional
    /// dictionary of `fileNames(for:)` counts ("grey" is as right as "gray"): en_US, en_GB, ….
    public static func sharedVariants(for language: String) -> [SpellingDictionary] {
        guard let best = shared(for: language) else { return [] }
        let subtags = language.split(separator: "-")
        guard subtags.count == 1 else { return [best] }
        var variants = [best]
        for name in fileNames(for: language) where name != best.name {
            let dictionary = cache.dictionary("file:" + name) {
                files(named: name).flatMap { SpellingDictionary(language: language, name: name, aff: $0.aff, dic: $0.dic) }
            }
            if let dictionary { variants.append(dictionary) }
        }
        return variants
    }
}
