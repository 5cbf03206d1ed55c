import Foundation
import Testing
@testable import PeelKit

/// `location-in-metadata` on the README's own example, a JPEG from a phone: its APP1 EXIF, in
/// either byte order, with a latitude or a longitude. Only a little-endian PNG `eXIf` with a
/// latitude was tried, so a JPEG's location could be ignored unseen.
@Suite struct EXIFLocationTests {
    /// TIFF whose first directory points to a GPS directory holding one entry of `tag`.
    static func tiff(bigEndian: Bool, gpsTag: Int) -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] { bigEndian ? [UInt8(value >> 8), UInt8(value & 0xFF)] : [UInt8(value & 0xFF), UInt8(value >> 8)] }
        func u32(_ value: Int) -> [UInt8] { bigEndian ? u16(value >> 16) + u16(value & 0xFFFF) : u16(value & 0xFFFF) + u16(value >> 16) }
        var bytes: [UInt8] = Array((bigEndian ? "MM" : "II").utf8) + u16(42) + u32(8)
        bytes += u16(1) + u16(0x8825) + u16(4) + u32(1) + u32(26) + u32(0)        // IFD0: GPSInfo at 26
        bytes += u16(1) + u16(gpsTag) + u16(5) + u32(3) + u32(44) + u32(0)        // GPS: one rational triple at 44
        bytes += u32(48) + u32(1) + u32(51) + u32(1) + u32(30) + u32(1)
        return bytes
    }

    /// The fixture JPEG with an APP1 EXIF segment holding `tiff` right after its SOI.
    static func jpeg(with tiff: [UInt8]) throws -> Data {
        let photo = [UInt8](try Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/dog.jpg")))
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return Data([0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + photo.dropFirst(2))
    }

    @Test(arguments: [(true, 2), (true, 4), (false, 2), (false, 4)])
    func aJPEGsGPSIsFoundInEitherByteOrder(bigEndian: Bool, gpsTag: Int) throws {
        let data = try Self.jpeg(with: Self.tiff(bigEndian: bigEndian, gpsTag: gpsTag))
        #expect(EXIFLocation.isPresent(in: data))
        #expect(try ImageAnalyzer().analyze(data).info.carriesLocation == true, "the analysed sticker says so too")
    }

    @Test func gpsWithoutALatitudeOrLongitudeIsNoLocation() throws {
        // GPS tag 0 (the version) alone says nothing about where.
        #expect(!EXIFLocation.isPresent(in: try Self.jpeg(with: Self.tiff(bigEndian: true, gpsTag: 0))))
        #expect(!EXIFLocation.isPresent(in: try Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/dog.jpg"))))
    }

    /// Photoshop saving a phone photo as PNG, or Lightroom exporting a JPEG, writes the position in
    /// XMP: nothing was found, and `peel fit` kept the XMP in the copy it made.
    @Test func aPositionInXMPIsFoundAndFitLeavesItOut() throws {
        let xmp = #"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="48,51.4N" exif:GPSLongitude="2,21.1E"/></rdf:RDF></x:xmpmeta>"#
        let noPlace = xmp.replacingOccurrences(of: #" exif:GPSLatitude="48,51.4N" exif:GPSLongitude="2,21.1E""#, with: #" exif:GPSLatitudeRef="" exif:GPSVersionID="2.2.0.0""#)
        func png(_ text: String, compressed: Bool = false) throws -> Data {
            let body = Array("XML:com.adobe.xmp".utf8) + [0, compressed ? 1 : 0, 0, 0, 0]
                + (compressed ? DeflateCompressor.zlib(Array(text.utf8)) : Array(text.utf8))
            let art = try Fixtures.data(Fixtures.packageRoot.appendingPathComponent("content/faces/grinning.png"))
            return PNGChunks.inserting([Data(PNGChunk(type: "iTXt", data: body).encoded)], into: art)
        }
        #expect(EXIFLocation.isPresent(in: try png(xmp)))
        #expect(EXIFLocation.isPresent(in: try png(xmp, compressed: true)))
        #expect(!EXIFLocation.isPresent(in: try png(noPlace)), "a reference or version alone gives no place")
        let photo = [UInt8](try Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/dog.jpg")))
        let payload = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array(xmp.utf8)
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload + photo.dropFirst(2))
        #expect(EXIFLocation.isPresent(in: jpeg))
        #expect(try ImageAnalyzer().analyze(jpeg).info.carriesLocation == true)
        // A copy `peel fit` makes (the 618 px face in the small class) carries no position.
        let fitted = try StickerFitter(sizeClass: .small).fit(try png(xmp))
        #expect(!EXIFLocation.isPresent(in: fitted.data))
        #expect(fitted.report.steps.contains { $0.contains("where it was made") }, "\(fitted.report.steps)")
    }
}
