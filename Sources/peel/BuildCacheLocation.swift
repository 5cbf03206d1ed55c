import Foundation

/// Where `peel build` and `peel check` keep the build cache (check its art checks and composed parts): `--cache-dir`, else the
/// `PEEL_CACHE_DIR` environment variable (for CI, where one cache folder is saved and restored
/// between runners), else nil (beside the output).
enum BuildCacheLocation {
    static func folder(_ option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        guard let path = option ?? environment["PEEL_CACHE_DIR"].flatMap({ $0.isEmpty ? nil : $0 }) else { return nil }
        return URL(fileURLWithPath: path)
    }
}
