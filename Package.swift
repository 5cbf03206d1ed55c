// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Peel",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "peel", targets: ["peel"]),
        .library(name: "PeelKit", targets: ["PeelKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // Tests only: reads back the pack zips Peel writes (ZipWriter).
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // `peel serve`: FlyingSocks' non-blocking sockets and event loop, without SwiftNIO (builds in
        // seconds, not minutes); Peel reads requests and writes responses itself, within limits.
        // Only the FlyingSocks product: FlyingFox's HTTP types bring FoundationNetworking and libcurl
        // into every process.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        // System libraries from Debian: headers and link flags only.
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .systemLibrary(
            name: "CGIF",
            providers: [.apt(["libgif-dev"])]  // giflib ships no pkg-config file; the modulemap links -lgif
        ),
        .systemLibrary(
            name: "CImageQuant",
            pkgConfig: "imagequant",
            providers: [.apt(["libimagequant-dev"])]
        ),
        // libdeflate: thumbnails are written by Peel's own PNG writer with libdeflate, 2.5–4× faster
        // than libpng with zlib at the same size (measured in BENCHMARKS.md); also its CRC-32.
        .systemLibrary(
            name: "CLibDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        // libwebp: still thumbnails as lossy WebP with alpha (smaller and faster than PNG; BENCHMARKS.md).
        // Nettle: SHA-256, the content hashes and cache keys (Support/SHA256.swift).
        .systemLibrary(
            name: "CNettle",
            pkgConfig: "nettle",
            providers: [.apt(["nettle-dev"]), .brew(["nettle"])]
        ),
        // Little CMS: art in Display P3, Adobe RGB or linear light converted to sRGB for the
        // messengers, whose apps show every sticker as sRGB.
        .systemLibrary(
            name: "CLCMS2",
            pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"])]
        ),
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]
        ),
        .systemLibrary(
            name: "CLibJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev"])]
        ),
        // Hunspell: label spelling, and the dictionary that tells words read in the art from noise.
        .systemLibrary(
            name: "CHunspell",
            pkgConfig: "hunspell",
            providers: [.apt(["libhunspell-dev"]), .brew(["hunspell"])]
        ),
        // Tesseract (reads the text drawn into stickers, label-misses-art-text) is not linked: its C
        // API is loaded with dlopen when the art checks first read text (TesseractLibrary.swift),
        // so the forty libraries it links are not loaded by every command.
        // libxml2: reads and writes the XLIFF files translators work in (`peel labels export --xliff`).
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // libpng and libjpeg report errors with longjmp (libjpeg's default even calls exit()); every
        // call that can fail lives in these small C targets, behind setjmp, and returns a status.
        // The common PNGs are inflated by libdeflate (png_fast_decode.c), the rest by libpng.
        .target(name: "CPNGCodec", dependencies: ["CLibPNG", "CLibDeflate"], cSettings: [.unsafeFlags(["-O3"])]),
        .target(name: "CJPEGCodec", dependencies: ["CLibJPEG"]),
        // Telegram video stickers: VP9 with alpha (libvpx, libvpx-dev) in WebM (libwebm's mkvmuxer,
        // libwebm-dev), behind one C function.
        .target(
            name: "CWebMVideo",
            exclude: ["libwebm/LICENSE.TXT", "libwebm/PATENTS.TXT"],
            cxxSettings: [.headerSearchPath("libwebm"), .unsafeFlags(["-O2"])],
            linkerSettings: [.linkedLibrary("vpx"), .linkedLibrary("webm")]
        ),
        // The resampler's two inner loops, built for AVX2 and for baseline x86-64 (see the file).
        .target(name: "CResampleKernel", cSettings: [.unsafeFlags(["-O3", "-ffp-contract=off"])]),
        // clock() counting work, so Hunspell's time-limited suggestions are the same on every run (see the file).
        .target(name: "CSpellingClock"),

        // The library that does all the work.
        .target(
            name: "PeelKit",
            dependencies: [
                "CPNGCodec",
                "CJPEGCodec",
                "CWebMVideo",
                "CResampleKernel",
                "CGIF",
                "CImageQuant",
                "CLibDeflate",
                "CLCMS2",
                "CNettle",
                "CWebP",
                "CCmarkGFM",
                "CHunspell",
                "CSpellingClock",
                "CLibXML2",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ],
            // Optimised in debug builds too: the resampler's SIMD code runs ~150× slower at -Onone,
            // which would make `swift run peel build` and the tests crawl.
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))],
            plugins: ["EmbedTemplates"]
        ),
        // The thin command-line front end.
        .executableTarget(
            name: "peel",
            dependencies: [
                "PeelKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Per-sticker decode and thumbnail figures for BENCHMARKS.md (Benchmarks/run.sh runs it).
        .executableTarget(name: "peel-image-benchmark", dependencies: ["PeelKit"], path: "Benchmarks/ImageBenchmark"),

        // Embeds Templates/ into PeelKit so `peel` works from any directory.
        .executableTarget(name: "peel-embed-templates"),
        .plugin(
            name: "EmbedTemplates",
            capability: .buildTool(),
            dependencies: ["peel-embed-templates"]
        ),

        // `peel` is a dependency so the CLI tests can run the built binary; ZIPFoundation reads
        // the pack zips back (an independent reader of what ZipWriter writes).
        // Tests only: FreeType draws words into stickers for the art-text tests (fonts-dejavu-core).
        .systemLibrary(name: "CFreeType", path: "Tests/Support/CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        .target(name: "CTextRaster", dependencies: ["CFreeType"], path: "Tests/Support/CTextRaster"),
        .testTarget(
            name: "PeelKitTests",
            dependencies: ["PeelKit", "peel", "CTextRaster", "CLibXML2", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            exclude: ["Fixtures"]
        ),
    ]
)
