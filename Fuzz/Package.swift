// swift-tools-version:6.0
// libFuzzer targets for Peel's parsers. Built by Fuzz/run.sh with -sanitize=fuzzer,address; kept
// out of the main package so ordinary builds never carry sanitizer flags.
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder, so the checkout may be called anything
/// (peel, main, a worktree's name): take the name from where this manifest sits.
let peel = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "PeelFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "peel-fuzz",
            dependencies: [.product(name: "PeelKit", package: peel)],
            // Only this executable links libFuzzer's main; everything else is just instrumented.
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]
        ),
    ]
)
