import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libtesseract, loaded with `dlopen` the first time the art checks read text, not when `peel`
/// starts. Linked in, it and what it links (Leptonica, libarchive, libcurl, GnuTLS, Kerberos,
/// LDAP: over forty libraries) were loaded by every command, `peel --version` included, for about
/// 5 MB of every process's memory and part of every start; most builds never read text.
///
/// The functions are Tesseract's C API (`tesseract/capi.h`), the same in Tesseract 4 and 5; the
/// enumerations' values are that header's.
struct TesseractLibrary: @unchecked Sendable {
    /// `TessPageSegMode`, `TessOcrEngineMode` and `TessPageIteratorLevel` values from capi.h.
    typealias PageSegmentation = Int32
    static let sparseText: PageSegmentation = 11  // PSM_SPARSE_TEXT
    static let lstmOnly: Int32 = 1  // OEM_LSTM_ONLY
    static let word: Int32 = 3  // RIL_WORD

    let create: @convention(c) () -> OpaquePointer?
    let delete: @convention(c) (OpaquePointer?) -> Void
    /// `TessBaseAPIInit4(handle, datapath, language, mode, configs, configs_size, vars_vec, vars_values, vars_vec_size, set_only_non_debug_params)`.
    typealias Initialize = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32,
                                           UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, Int32,
                                           UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                           UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, Int, Int32) -> Int32
    /// `TessBaseAPISetImage(handle, imagedata, width, height, bytes_per_pixel, bytes_per_line)`.
    typealias SetImage = @convention(c) (OpaquePointer?, UnsafePointer<UInt8>?, Int32, Int32, Int32, Int32) -> Void
    /// `TessPageIteratorBoundingBox(handle, level, &left, &top, &right, &bottom)`.
    typealias BoundingBox = @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?,
                                            UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32

    let initialize: Initialize
    let setPageSegmentation: @convention(c) (OpaquePointer?, Int32) -> Void
    let end: @convention(c) (OpaquePointer?) -> Void
    let setImage: SetImage
    let setSourceResolution: @convention(c) (OpaquePointer?, Int32) -> Void
    let clear: @convention(c) (OpaquePointer?) -> Void
    let recognize: @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
    let iterator: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let deleteIterator: @convention(c) (OpaquePointer?) -> Void
    let text: @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
    let deleteText: @convention(c) (UnsafePointer<CChar>?) -> Void
    let confidence: @convention(c) (OpaquePointer?, Int32) -> Float
    let pageIterator: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let boundingBox: BoundingBox
    let next: @convention(c) (OpaquePointer?, Int32) -> Int32

    /// The library, loaded once; why not when it cannot be.
    static let shared: Result<TesseractLibrary, ArtTextError> = load()

    /// Debian's and Homebrew's names for Tesseract 5 and 4.
    static let candidates = [
        "libtesseract.so.5", "libtesseract.so.4", "libtesseract.so",
        "libtesseract.5.dylib", "/opt/homebrew/lib/libtesseract.dylib", "/usr/local/lib/libtesseract.dylib",
    ]

    private static func load() -> Result<TesseractLibrary, ArtTextError> {
        var reasons: [String] = []
        for name in candidates {
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
                if let error = dlerror() { reasons.append(String(cString: error)) }
                continue
            }
            if let library = TesseractLibrary(handle: handle) { return .success(library) }
            reasons.append("\(name) lacks a function of Tesseract's C API")
        }
        return .failure(.libraryMissing(reason: reasons.first ?? "not found"))
    }

    private init?(handle: UnsafeMutableRawPointer) {
        func function<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let create = function("TessBaseAPICreate", as: (@convention(c) () -> OpaquePointer?).self),
              let delete = function("TessBaseAPIDelete", as: (@convention(c) (OpaquePointer?) -> Void).self),
              let initialize = function("TessBaseAPIInit4", as: Initialize.self),
              let setPageSegmentation = function("TessBaseAPISetPageSegMode", as: (@convention(c) (OpaquePointer?, Int32) -> Void).self),
              let end = function("TessBaseAPIEnd", as: (@convention(c) (OpaquePointer?) -> Void).self),
              let setImage = function("TessBaseAPISetImage", as: SetImage.self),
              let setSourceResolution = function("TessBaseAPISetSourceResolution", as: (@convention(c) (OpaquePointer?, Int32) -> Void).self),
              let clear = function("TessBaseAPIClear", as: (@convention(c) (OpaquePointer?) -> Void).self),
              let recognize = function("TessBaseAPIRecognize", as: (@convention(c) (OpaquePointer?, OpaquePointer?) -> Int32).self),
              let iterator = function("TessBaseAPIGetIterator", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self),
              let deleteIterator = function("TessResultIteratorDelete", as: (@convention(c) (OpaquePointer?) -> Void).self),
              let text = function("TessResultIteratorGetUTF8Text", as: (@convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?).self),
              let deleteText = function("TessDeleteText", as: (@convention(c) (UnsafePointer<CChar>?) -> Void).self),
              let confidence = function("TessResultIteratorConfidence", as: (@convention(c) (OpaquePointer?, Int32) -> Float).self),
              let pageIterator = function("TessResultIteratorGetPageIteratorConst", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self),
              let boundingBox = function("TessPageIteratorBoundingBox", as: BoundingBox.self),
              let next = function("TessResultIteratorNext", as: (@convention(c) (OpaquePointer?, Int32) -> Int32).self)
        else { return nil }
        self.create = create
        self.delete = delete
        self.initialize = initialize
        self.setPageSegmentation = setPageSegmentation
        self.end = end
        self.setImage = setImage
        self.setSourceResolution = setSourceResolution
        self.clear = clear
        self.recognize = recognize
        self.iterator = iterator
        self.deleteIterator = deleteIterator
        self.text = text
        self.deleteText = deleteText
        self.confidence = confidence
        self.pageIterator = pageIterator
        self.boundingBox = boundingBox
        self.next = next
        // Leptonica (Tesseract's image library, loaded with it) prints its own messages on stderr
        // ("Error in boxClipToRectangle: box outside rectangle") for boxes Tesseract clips: about
        // no file a user has, and outside Peel's `file:line: severity[code]` form. Silenced.
        // L_SEVERITY_NONE is 6 in leptonica/environ.h; an older library without the call keeps talking.
        if let setMessageSeverity = function("setMsgSeverity", as: (@convention(c) (Int32) -> Int32).self) {
            _ = setMessageSeverity(6)
        }
    }
}
