import Foundation

/// Wording that repeats what VoiceOver already announces ("image"), by language: openings such as
/// "Image of", "Bild von", "imagen de", and, for languages that name the picture after what it
/// shows, endings such as Japanese "の画像" and Chinese "的图片". A language's base subtag picks
/// its list (pt-BR → pt), and English always applies too (an untranslated "Image of" is common).
/// To support a language, add its nouns and the words around them.
enum RedundantPrefixes {
    /// Every "[article] noun connector" phrase: "une image de", "image d'", "un'immagine di".
    /// An article or connector ending in an apostrophe joins the next word without a space.
    private static func phrases(articles: [String], nouns: [String], connectors: [String]) -> [String] {
        var result: [String] = []
        for article in articles {
            for noun in nouns {
                for connector in connectors {
                    let head = article.isEmpty ? noun : article + (article.hasSuffix("'") ? "" : " ") + noun
                    // No connector: a noun in construct ("صورة قطة", "изображение кота").
                    result.append(connector.isEmpty ? head : head + (connector.hasPrefix("'") ? "" : " ") + connector)
                }
            }
        }
        // Longest first, so "an image of" is named rather than "image of".
        return result.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    }

    static let openings: [String: [String]] = [
        "en": phrases(articles: ["a", "an", ""], nouns: ["image", "picture", "sticker", "photo", "photograph", "graphic", "icon", "emoji",
                                                          "illustration", "drawing"],
                      connectors: ["of", "showing", "depicting"]),
        "fr": phrases(articles: ["une", "un", ""], nouns: ["image", "photo", "illustration", "icône", "dessin", "autocollant", "sticker", "émoji", "emoji"],
                      connectors: ["de", "d'", "du", "des"]),
        "de": phrases(articles: ["ein", "eine", ""], nouns: ["bild", "foto", "grafik", "illustration", "zeichnung", "symbol", "sticker", "aufkleber", "emoji"],
                      connectors: ["von", "vom", "eines", "einer", "mit"]),
        "es": phrases(articles: ["una", "un", ""], nouns: ["imagen", "foto", "fotografía", "ilustración", "dibujo", "icono", "pegatina", "sticker", "emoji"],
                      connectors: ["de", "del"]),
        "it": phrases(articles: ["un'", "una", "un", ""], nouns: ["immagine", "foto", "illustrazione", "disegno", "icona", "adesivo", "sticker", "emoji"],
                      connectors: ["di", "del", "della", "dello"]),
        "pt": phrases(articles: ["uma", "um", ""], nouns: ["imagem", "foto", "fotografia", "ilustração", "desenho", "ícone", "adesivo", "figurinha", "sticker", "emoji"],
                      connectors: ["de", "da", "do"]),
        "nl": phrases(articles: ["een", ""], nouns: ["afbeelding", "foto", "plaatje", "illustratie", "tekening", "pictogram", "icoon", "sticker", "emoji"],
                      connectors: ["van"]),
        // Arabic and Russian put the picture's noun first with no word for "of" ("صورة قطة",
        // "изображение кота"), so only nouns that are never the thing itself open a label
        // redundantly: "ملصق أزرق" is a blue sticker, as "Blue sticker" is no "Sticker of".
        "ar": phrases(articles: [""], nouns: ["صورة", "الصورة"], connectors: [""]),
        "he": phrases(articles: [""], nouns: ["תמונה", "ציור", "איור", "מדבקה", "סמל", "אייקון", "אימוג'י"], connectors: ["של"])
            + phrases(articles: [""], nouns: ["תמונת", "מדבקת"], connectors: [""]),
        "ru": phrases(articles: [""], nouns: ["изображение", "картинка", "фото", "фотография", "рисунок", "иллюстрация"], connectors: [""])
            + phrases(articles: [""], nouns: ["стикер", "наклейка", "иконка", "значок"], connectors: ["с", "со"]),
    ]

    /// Endings, written without a space before them.
    static let endings: [String: [String]] = [
        "ja": ["の画像", "の写真", "のイラスト", "のステッカー", "のスタンプ", "のアイコン", "の絵文字", "の絵"],
        // Korean names the picture after what it shows, with 의 ("of"): "고양이의 사진". Without it
        // ("고양이 스티커") it is a cat sticker, as "Cat sticker" is no "Sticker of" in English.
        "ko": ["의 이미지", "의 사진", "의 그림", "의 스티커", "의 아이콘", "의 일러스트"],
        "zh": ["的图片", "的圖片", "的图像", "的圖像", "的照片", "的贴纸", "的貼紙", "的图标", "的圖標", "的插图", "的插圖", "的表情"],
    ]

    /// Nouns that head a label as a caption does ("Image: a cat", "画像：笑う猫", "이미지: 웃는 고양이"),
    /// besides the openings' own nouns.
    static let captionNouns: [String: [String]] = [
        "ja": ["画像", "写真", "イラスト", "ステッカー", "スタンプ", "アイコン", "絵文字"],
        "ko": ["이미지", "사진", "그림", "스티커", "아이콘", "일러스트"],
        "zh": ["图片", "圖片", "图像", "圖像", "照片", "贴纸", "貼紙", "图标", "圖標", "插图", "插圖"],
        "ar": ["صورة", "الصورة"],
        "he": ["תמונה", "ציור", "איור", "מדבקה", "סמל", "אייקון"],
    ]

    /// The redundant wording `label` starts or ends with in `language`, as written in the label,
    /// and what is left without it; nil when there is none.
    static func match(_ label: String, language: String) -> (wording: String, rest: String, atStart: Bool)? {
        let base = String(language.split(separator: "-").first ?? "").lowercased()
        // Arabic's vowel marks and tatweel are no part of the word ("صُورَة قطة" is "صورة قطة").
        // A direction mark around the label (U+200F, as right-to-left labels are often written) is
        // no part of its words: "\u{200F}صورة قطة" opens with "صورة" too.
        let label = OptionalMarks.removed(from: String(String.UnicodeScalarView(
            label.unicodeScalars.drop(while: isDirectionMark).reversed().drop(while: isDirectionMark).reversed())))
        // Typographic apostrophes ("un’immagine") compare as straight ones; both are one Character.
        let lowered = String(label.lowercased().map { $0 == "\u{2019}" ? "'" : $0 })
        let candidates = (openings[base] ?? []) + (base == "en" ? [] : openings["en"] ?? [])
        // An opening ends the label or is followed by what is no letter: a space, "…", ",".
        func opens(_ opening: String) -> Bool {
            guard lowered.hasPrefix(opening) else { return false }
            if opening.hasSuffix("'") { return true }
            guard let next = lowered.dropFirst(opening.count).first else { return true }
            // Not a hyphen: "Фото-сессия", "Photo-booth" are words of their own.
            return !next.isLetter && !next.isNumber && !":：-‐".contains(next)
        }
        for opening in candidates where opens(opening) {
            return (String(label.prefix(opening.count)), rest(of: label, after: opening.count), true)
        }
        // "Image: a cat", "画像：笑う猫": the noun as a caption's heading.
        let nouns = Set(candidates.map { $0.split(separator: " ").count == 1 ? $0 : "" }.filter { !$0.isEmpty })
            .union(captionNouns[base] ?? []).union(["image", "picture", "photo", "sticker", "emoji", "icon", "illustration", "drawing", "graphic"])
        for noun in nouns.sorted(by: { $0.count > $1.count }) where lowered.hasPrefix(noun) {
            let after = lowered.dropFirst(noun.count).drop { $0 == " " }
            guard after.first == ":" || after.first == "：" else { continue }
            let length = label.count - after.count + 1
            return (String(label.prefix(length)), rest(of: label, after: length), true)
        }
        for ending in endings[base] ?? [] where lowered.hasSuffix(ending) && lowered.count > ending.count {
            return (String(label.suffix(ending.count)), String(label.dropLast(ending.count)).trimmingCharacters(in: .whitespaces), false)
        }
        return nil
    }

    /// The marks and controls that set the direction of text: LRM, RLM, ALM, and the embeddings,
    /// overrides and isolates `TerminalEscaping.isBidiControl` names.
    private static func isDirectionMark(_ scalar: Unicode.Scalar) -> Bool {
        [0x200E, 0x200F, 0x061C].contains(scalar.value) || TerminalEscaping.isBidiControl(scalar)
    }

    /// What follows the first `count` characters of `label`, without the spaces and marks between ("…", ":", ",").
    private static func rest(of label: String, after count: Int) -> String {
        String(label.dropFirst(count)).trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: ":：…,-–—")))
    }
}
