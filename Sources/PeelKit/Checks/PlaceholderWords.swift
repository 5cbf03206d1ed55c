/// Words that make a label a placeholder when nothing else is in it ("IMG_1234", "Sticker 3",
/// "sans titre", "画像"), by language. A language's base subtag picks its list (pt-BR → pt), and
/// English always applies as well: an untranslated "image" or "untitled" is common in every
/// language, since tools and translators leave them. To support a language, add an entry.
enum PlaceholderWords {
    struct List {
        /// Lowercase words a tool, an export or a translator leaves as a label.
        var words: Set<String>
        /// Words that join placeholders without making the label real ("Screenshot … at …", "image de").
        var joiners: Set<String> = []
        /// Words the English list holds that are real words alone in this language (German "Null",
        /// zero; "Art", kind): not placeholders here.
        var realWords: Set<String> = []
        /// Design tools' default names, placeholders only with their number ("Frame 12", "Layer 1",
        /// "Calque 3"): "Picture frame" and "cadre photo" describe a frame.
        var numbered: Set<String> = []
        /// Placeholders only as the whole label: Chinese 无 ("none") alone, not inside 无表情 ("expressionless").
        var whole: Set<String> = []
    }

    static let lists: [String: List] = [
        "en": List(words: [
            "image", "img", "picture", "pic", "photo", "sticker", "untitled", "alt", "label", "todo", "tbd",
            "placeholder", "emoji", "icon", "graphic", "file", "asset", "artwork", "art", "drawing", "screenshot",
            "screen", "shot", "dsc", "dscn", "dcim", "pxl", "mvimg", "none", "na", "null", "nil", "description",
            "caption", "text", "test", "xxx", "new", "copy", "export", "final",
            "fixme", "lorem", "ipsum", "unnamed", "undefined", "nan",
        ], joiners: ["at", "of", "a", "an", "the", "this", "is", "your", "add", "here", "goes", "sit", "no", "insert", "enter",
                     "write", "describe"],
           numbered: ["frame", "layer", "artboard", "group", "rectangle", "ellipse", "vector", "component"]),
        "fr": List(words: [
            "image", "images", "photo", "dessin", "illustration", "autocollant", "icône", "icone", "fichier",
            "capture", "écran", "sans", "titre", "nouveau", "nouvelle", "copie", "exemple", "essai", "légende",
            "texte", "émoji", "émoticône", "vignette", "aucun", "aucune", "brouillon", "compléter", "remplir",
        ], joiners: ["de", "d", "du", "des", "à", "le", "la", "l", "les", "un", "une"], realWords: ["nil"], numbered: ["calque", "cadre"]),
        "de": List(words: [
            "bild", "bilder", "foto", "grafik", "aufkleber", "symbol", "datei", "unbenannt", "ohne", "titel",
            "platzhalter", "neu", "neues", "neue", "kopie", "entwurf", "beschreibung", "bildschirmfoto", "zeichnung",
            "illustration", "beschriftung", "kein", "keine",
        ], joiners: ["von", "vom", "der", "die", "das", "des", "ein", "eine", "um", "am"], realWords: ["art", "null"],
           numbered: ["ebene", "rahmen", "zeichenfläche"]),
        "es": List(words: [
            "imagen", "imágenes", "foto", "fotografía", "dibujo", "ilustración", "pegatina", "calcomanía", "icono",
            "ícono", "archivo", "captura", "pantalla", "sin", "título", "nuevo", "nueva", "copia", "prueba",
            "descripción", "texto", "marcador", "ninguno", "ninguna",
        ], joiners: ["de", "del", "la", "el", "un", "una", "a", "las", "los"]),
        "it": List(words: [
            "immagine", "immagini", "foto", "disegno", "illustrazione", "adesivo", "icona", "schermata", "senza",
            "titolo", "nuovo", "nuova", "copia", "prova", "descrizione", "testo", "segnaposto", "nessuno", "nessuna",
        ], joiners: ["di", "del", "della", "un", "una", "uno", "il", "la", "lo", "alle"]),
        "pt": List(words: [
            "imagem", "imagens", "foto", "fotografia", "desenho", "ilustração", "adesivo", "figurinha", "ícone",
            "arquivo", "ficheiro", "captura", "ecrã", "tela", "sem", "título", "novo", "nova", "cópia", "teste",
            "descrição", "texto", "nenhum", "nenhuma",
        ], joiners: ["de", "da", "do", "um", "uma", "a", "o", "às"]),
        "nl": List(words: [
            "afbeelding", "afbeeldingen", "plaatje", "tekening", "illustratie", "pictogram", "icoon", "bestand",
            "schermafbeelding", "schermopname", "naamloos", "zonder", "titel", "nieuw", "nieuwe", "kopie",
            "beschrijving", "tekst", "geen",
        ], joiners: ["van", "de", "het", "een", "om"]),
        // Arabic and Hebrew words as written alone and with their article (ال, ה) attached; words
        // that are a real label alone ("لا", no; "אין"; Korean "새", bird; Russian "нет") are left out.
        "ar": List(words: [
            "صورة", "الصورة", "صور", "رسم", "رسمة", "ملصق", "الملصق", "ملصقات", "أيقونة", "ايقونة", "رمز", "ملف",
            "لقطة", "شاشة", "الشاشة", "بدون", "عنوان", "جديد", "جديدة", "نسخة", "تجربة", "اختبار", "وصف", "نص", "بديل",
            "تسمية", "توضيح", "إيموجي", "ايموجي",
        ], joiners: ["من", "في"]),
        "he": List(words: [
            "תמונה", "התמונה", "תמונות", "צילום", "ציור", "איור", "מדבקה", "המדבקה", "סמל", "אייקון", "קובץ", "מסך",
            "ללא", "כותרת", "חדש", "חדשה", "עותק", "בדיקה", "ניסיון", "תיאור", "טקסט", "חלופי", "תווית", "אימוג'י",
        ], joiners: ["של"]),
        "ko": List(words: [
            "이미지", "사진", "그림", "일러스트", "스티커", "아이콘", "파일", "스크린샷", "화면", "캡처", "제목", "없음",
            "복사본", "테스트", "설명", "텍스트", "대체", "이모지", "이모티콘", "임시",
        ], joiners: ["의"]),
        "ru": List(words: [
            "изображение", "картинка", "фото", "фотография", "рисунок", "иллюстрация", "стикер", "наклейка", "значок",
            "иконка", "файл", "снимок", "скриншот", "экрана", "без", "названия", "новый", "новая", "копия", "тест",
            "описание", "текст", "эмодзи", "заглушка",
        ], joiners: ["с", "на"]),
        // Japanese and Chinese are written without spaces: `isPlaceholder` splits a run of these
        // words ("無題の画像") into them, so each list holds words, not phrases.
        "ja": List(words: [
            "画像", "写真", "絵", "イラスト", "ステッカー", "スタンプ", "シール", "アイコン", "ファイル", "無題",
            "名称未設定", "新規", "コピー", "テスト", "説明", "テキスト", "絵文字", "スクリーンショット", "画面",
            "プレースホルダー", "なし", "未設定",
        ], joiners: ["の"]),
        "zh": List(words: [
            "图片", "圖片", "图像", "圖像", "照片", "相片", "贴纸", "貼紙", "贴图", "貼圖", "表情", "图标", "圖標",
            "圖示", "文件", "檔案", "截图", "截圖", "屏幕", "无标题", "無標題", "未命名", "新建", "副本", "测试",
            "測試", "描述", "文本", "插图", "插圖", "占位符", "佔位符",
        ], joiners: ["的", "一", "张", "張", "个", "個"], whole: ["无", "無"]),
    ]

    /// The list for a BCP 47 tag: its base subtag's list joined with English's.
    static func list(for language: String) -> List {
        let base = String(language.split(separator: "-").first ?? "").lowercased()
        guard base != "en", let own = lists[base], let english = lists["en"] else { return lists["en"]! }
        return List(words: own.words.union(english.words.subtracting(own.realWords)),
                    joiners: own.joiners.union(english.joiners), numbered: own.numbered.union(english.numbered),
                    whole: own.whole.union(english.whole))
    }
}
