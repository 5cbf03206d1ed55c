import Foundation

/// One `peel fit` over its stickers, in order: each one fitted and written, found to fit already,
/// or refused with the reason, the results recorded (`FitRecord`) so the next run goes on from
/// there. The command only prints what this decides.
public struct FitRun {
    /// Why a sticker was not fitted.
    public enum Refusal: Error {
        /// Its file could not be read or decoded.
        case unreadable(Error)
        /// Every side is under Messages' 300 px minimum, and fit never enlarges art.
        case underMinimumSide(width: Int, height: Int)
        /// Its result is a PNG under another name, so it cannot replace the original in place.
        /// `isPNGAlready`: the original is a PNG named otherwise (`.gif`).
        case cannotReplaceInPlace(isPNGAlready: Bool)
        /// Still 500,000 bytes or more after every step; nothing is written.
        case stillTooHeavy(StickerFitter.Report)
        /// Its result's path is where an earlier sticker of this run was just written.
        case samePathAs(FitPlan.Item, path: URL)
        /// Writing the result failed.
        case writeFailed(PeelError)
    }

    public enum Outcome {
        case fitted(StickerFitter.Report, written: URL)
        case alreadyFits
        case refused(Refusal)
    }

    public let output: URL
    public let inPlace: Bool
    public let maxPixels: Int

    public init(output: URL, inPlace: Bool, maxPixels: Int = ImageAnalyzer.defaultMaxPixels) {
        self.output = output
        self.inPlace = inPlace
        self.maxPixels = maxPixels
    }

    /// Fits `items` in order and gives each outcome to `each`; checks `shouldStop` before each
    /// sticker. Returns false when it stopped early. What was written is recorded even then.
    @discardableResult
    public func run(_ items: [FitPlan.Item], shouldStop: () -> Bool = { false },
                    each: (FitPlan.Item, Outcome) -> Void) -> Bool {
        var record = FitRecord(output: output)
        var wroteAny = false
        defer { if !inPlace, wroteAny { try? record.save(in: output) } }
        var writtenThisRun: [String: FitPlan.Item] = [:]
        for item in items {
            if shouldStop() { return false }
            let outcome = fit(item, record: &record, writtenThisRun: &writtenThisRun)
            if case .fitted = outcome { wroteAny = true }
            each(item, outcome)
        }
        return true
    }

    private func fit(_ item: FitPlan.Item, record: inout FitRecord, writtenThisRun: inout [String: FitPlan.Item]) -> Outcome {
        let data: Data
        let result: (data: Data, report: StickerFitter.Report)
        do {
            data = try ContentFile.read(item.input)
            result = try StickerFitter(sizeClass: item.sizeClass, maxPixels: maxPixels).fit(data)
        } catch {
            return .refused(.unreadable(error))
        }
        let report = result.report
        if report.isUnderMinimumSide { return .refused(.underMinimumSide(width: report.afterSize.width, height: report.afterSize.height)) }
        if report.unchanged { return .alreadyFits }
        let path = FitPlan.outputPath(for: item)
        if inPlace && path != item.relativePath && item.input.pathExtension.lowercased() != "png" {
            let format = ImageFormat.sniff(data)
            return .refused(.cannotReplaceInPlace(isPNGAlready: format == .png || format == .apng))
        }
        // What still breaks the rules is written nowhere: the original stays as it was.
        guard report.fits else { return .refused(.stillTooHeavy(report)) }
        // sun.png and sun.gif both become fitted/p/sun.png (a.png and b/a.png given loose, a.png):
        // the second would replace the first.
        if !inPlace {
            if let first = writtenThisRun[path] { return .refused(.samePathAs(first, path: output.appendingPathComponent(path))) }
            writtenThisRun[path] = item
        }
        do {
            return .fitted(report, written: try FitPlan.write(result.data, for: item, output: output, inPlace: inPlace, record: &record))
        } catch let error as PeelError {
            return .refused(.writeFailed(error))
        } catch {
            return .refused(.writeFailed(.cannotWrite(path: output.appendingPathComponent(path).path, reason: SystemErrorText.describe(error))))
        }
    }
}
