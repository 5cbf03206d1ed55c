// swift-tools-version:6.0
// libFuzzer targets for Peel's parsers. Built by Fuzz/run.sh with -sanitize=fuzzer,address; kept
// out of the main package so ordinary builds never carry sanitizer flags.
import PackageDescription

let package = Package(
    name: "PeelFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "peel-fuzz",
            dependencies: [.product(name: "PeelKit", package: "main")],
            // Only this executable links libFuzzer's main; everything else is just instrumented.
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]
        ),
    ]
)
