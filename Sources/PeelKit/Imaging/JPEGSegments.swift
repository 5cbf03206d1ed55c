import Foundation

/// The marker segments of a JPEG before its scan (APPn, DQT, SOF, …): where its EXIF (APP1) and
/// ICC profile (APP2) are. The walk stops at the scan (SOS), at the end (EOI), and at a segment
/// that runs past the file's end.
enum JPEGSegments {
    /// Calls `body` with each segment's marker and payload (after its length field) until it
    /// returns true.
    static func forEach(in data: Data, _ body: (_ marker: UInt8, _ payload: Slice<UnsafeRawBufferPointer>) -> Bool) {
        data.withUnsafeBytes { bytes in
            var offset = 2
            while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
                let marker = bytes[offset + 1]
                if marker == 0xDA || marker == 0xD9 { return }
                if marker == 0xFF { offset += 1; continue }  // fill byte
                let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
                guard length >= 2, offset + 2 + length <= bytes.count else { return }
                if body(marker, bytes[(offset + 4)..<(offset + 2 + length)]) { return }
                offset += 2 + length
            }
        }
    }
}
