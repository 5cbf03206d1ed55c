import Foundation

/// What to do about each finding code, for SARIF's rule help and anywhere a tool shows a rule
/// beside a result; the README's rule tables say the same, with an anchor per code.
public enum RuleHelp {
    /// Where the README is published, from `PEEL_DOCS_URL` (the address of the README of the Peel
    /// a team uses, such as its fork's or its intranet's); each code has an anchor there
    /// (`#rule-missing-label`). Peel has no address of its own to invent, so without it SARIF rules
    /// carry their help text and no `helpUri`.
    public static var docsURL: String? {
        ProcessInfo.processInfo.environment["PEEL_DOCS_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The README section about `code`, in the README at `docs`: the address's own fragment
    /// (`…/README.md#readme`, as a browser's address bar gives it) is replaced, and characters a
    /// URI may not hold (a space) are escaped; pasted as it was, the URI was invalid.
    public static func url(for code: FindingCode, docs: String) -> String {
        let page = String(docs[..<(docs.firstIndex(of: "#") ?? docs.endIndex)])
        let escaped = page.addingPercentEncoding(withAllowedCharacters: uriCharacters) ?? page
        return "\(escaped)#rule-\(code.rawValue)"
    }

    /// What a URI may hold as it is (RFC 3986's unreserved and reserved characters, and `%` for
    /// escapes already made).
    private static let uriCharacters = CharacterSet(charactersIn:
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?[]@!$&'()*+,;=%")

    /// The summary and the fix, as one short text. A code added without a fix here still gets its summary.
    public static func text(for code: FindingCode) -> String {
        fixes[code].map { "\(code.summary) Fix: \($0)." } ?? code.summary
    }

    static let fixes: [FindingCode: String] = [
        .missingSidecar: "create the sidecar (`peel new sticker PACK/NAME`) with an `alt:` line",
        .missingLabel: "write what the sticker shows after `alt:`",
        .placeholderLabel: "describe the sticker, such as 'Smiling sun in sunglasses'",
        .labelIsFileName: "VoiceOver reads the file name anyway; describe the art",
        .labelTooLong: "shorten the label to 150 characters, Messages' limit",
        .redundantLabelPrefix: "drop 'image of' and similar; VoiceOver already says it is an image",
        .duplicateLabel: "say what makes each sticker different",
        .labelWithoutWords: "describe the sticker in words",
        .labelBidiControl: "remove the bidi override and isolate characters (U+202A–U+202E, U+2066–U+2069)",
        .labelInvisibleCharacter: "remove it: VoiceOver reads the words it splits, and spelling checks the pieces",
        .labelControlCharacter: "write the label on one line of plain text (YAML's `>` folds several lines into one)",
        .labelSpelling: "fix the typo (the message names Hunspell's suggestions), or add a name or brand to `words:` in site.md or pack.md",
        .spellingDictionaryMissing: "install the dictionary the message names (`scripts/install-dependencies --language TAG`), or point DICPATH at its .aff and .dic",
        .artTextUnavailable: "install what the message names (`scripts/install-dependencies CONTENT` installs the Tesseract data and dictionary of every language the catalog declares)",
        .labelMissesArtText: "put the words the art shows in the label, such as 'Cat laughing, saying LOL'",
        .unsupportedFormat: "convert the image to PNG",
        .corruptImage: "re-export the image; the message names what is wrong",
        .imageTooLarge: "resize the art (see --max-pixels)",
        .vanishesOnDark: "give the art a light outline or fill (3:1 against black) that traces its shape",
        .vanishesOnLight: "give the art a dark outline (3:1 against white) that traces its shape",
        .emojiInvalid: "write one emoji per entry (`emoji: [😂, 🤣]`); text, digits and several emoji in one entry are not taken",
        .emojiMissing: "add `emoji:` to the sidecar with the emoji people would type to find the sticker",
        .tooManyEmoji: "put the emoji that matter most first, or drop the others",
        .animationTooLong: "shorten the animation, or leave the sticker out of that messenger's export",
        .animationFrameTooShort: "give every frame at least the time the message names",
        .animationStartsEmpty: "start the animation on a frame that shows the whole sticker (move the fade-in or pop later)",
        .packTooSmall: "add stickers, or move these into another pack",
        .packTooLarge: "nothing, or make smaller packs yourself to choose the split",
        .mixedAnimation: "nothing, or make separate packs yourself",
        .setNameInvalid: "set `telegram_name:` in pack.md (letters, digits, single underscores, a letter first) and `telegram_bot:` in site.md",
        .identifierInvalid: "use at most 128 of A–Z, a–z, 0–9, _ - . , ' and space, without '..', in `identifier:`",
        .nameTooLong: "shorten it to the length the message names",
        .labelTooLongForPlatform: "shorten the label to the length the message names",
        .convertedForPlatform: "nothing: this says what the export will do",
        .packRefused: "fix the stickers listed with it, or pass --skip-invalid to export the pack without them",
        .fileTooLarge: "run `peel fit`, or use fewer colours or frames or smaller art, to stay under 500,000 bytes",
        .sizeOutOfRange: "export at the pack's size class; `peel fit` scales art that is too large down",
        .notSquare: "pad the art to a square canvas",
        .sizeClassMismatch: "set the pack's `size:` or resize the art",
        .noTransparency: "give the art a transparent background",
        .locationInMetadata: "remove the location from the file (exiftool -gps:all= -xmp:gps*= FILE) or export the art again without it",
        .flashingAnimation: "slow the animation to three flashes a second or fewer, or soften the change in brightness",
        .blankImage: "export the art again: the file holds no visible pixel",
        .extensionMismatch: "rename the file to the extension of its content",
        .missingPackFile: "add pack.md with a `title:`",
        .missingPackTitle: "add `title: My pack` to pack.md",
        .emptyPack: "add stickers or remove the folder",
        .duplicateImage: "remove one copy or change the art",
        .iconTooSmall: "use icon art of at least 1024 × 1024 px",
        .iconAspect: "use square or 4:3 icon art",
        .multipleIcons: "keep icon art on one pack",
        .yamlSyntax: "fix the YAML at the line shown; quote values that hold ': ' or start with a quote",
        .yamlUnquotedComment: "put the text in quotes: alt: \"Smiley #1 face\"",
        .yamlTag: "put the text in quotes: alt: \"!important face\"",
        .frontMatterUnclosed: "add the closing '---' line",
        .nothingChecked: "point peel check at a content folder, a pack folder or a sticker image",
        .runFailed: "fix what the message names (the path given, the template, the shard), then run it again",
        .frontMatterNotFirst: "start the file with the '---' line: no blank line or text before it, exactly three dashes",
        .mergeConflict: "keep the side you want, delete the <<<<<<<, ======= and >>>>>>> lines, and commit the merge",
        .frontMatterNotMapping: "write `key: value` lines",
        .unknownKey: "use the suggested key",
        .wrongType: "give text or a whole number, as the message says",
        .invalidValue: "use one of the values the message lists",
        .textEncoding: "save the file as UTF-8",
        .markdownTableTooLarge: "split the table into smaller ones, or link to a spreadsheet; the file is rendered without tables until then",
        .markdownTooManyBrackets: "shorten the text; its [ are shown as text, with no links or images, until then",
        .markdownTooDeep: "nest block quotes and lists less deeply; the text is shown as written, without formatting, until then",
        .rawHTML: "write it in Markdown: a blank line for a new paragraph, two spaces or a backslash at a line's end for a line break",
        .brokenLink: "fix the path (relative to the Markdown file's folder) so it names a sticker's image or sidecar, a pack.md or pack folder, or site.md, or link to an absolute https: address",
        .pathOutsideContent: "use a path inside the content folder",
        .missingFile: "fix the file name",
        .orphanSidecar: "rename the sidecar to match its image, or remove it",
        .orphanTranslation: "rename the translation to match its source file (`moon.fr.md` beside `moon.md`), or remove it",
        .undeclaredLanguage: "add the language to `languages:` in site.md, or remove the file",
        .missingTranslation: "add `alt:` to the sticker's `<stem>.<tag>.md` (or export XLIFF with `peel labels export --xliff`, translate, import)",
        .staleTranslation: "update the translation to say what the new label says, then set `translated_from:` to the new label (`peel labels import` does both)",
        .missingPartFolder: "create the part's folder inside the pack with its PNG layers and sidecars, or remove the part from `parts:`",
        .missingPartLabel: "give the layer a sidecar with `alt:` saying what this part shows",
        .partSizeMismatch: "export every layer of the pack on the same canvas size",
        .unknownTemplatePart: "use only the part names listed in `parts:` in `label:`",
        .labelTemplateMissing: "add `label:` to pack.md, Mustache over the part names, such as `{{scoops}} in {{base}}`",
        .unguardedOptionalPart: "wrap the optional part and its words in a section: `{{#topping}}, topped with {{topping}}{{/topping}}`",
        .tooManyCombinations: "list the combinations you want with `combinations:` or leave some out with `exclude:`",
        .ambiguousSidecar: "rename one of the images",
        .largeDownload: "split the pack into smaller packs",
        .nameClash: "rename one of the two files",
        .nonPortableName: "rename it so Windows can hold it: no device name (CON, AUX, NUL, …), none of < > : \" \\ | ? *, no trailing dot or space",
        .ignoredFile: "move the file out of the pack folder",
        .unreadableFile: "fix the file's permissions",
    ]
}
