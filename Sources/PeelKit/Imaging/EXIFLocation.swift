import Foundation

/// Whether an image's EXIF says where it was made: a GPS directory (tag 0x8825) holding a latitude
/// or longitude (GPS tags 2 and 4). Phones and photo apps write it; Peel publishes originals as
/// they are (the site, the pack zips, the Xcode export), so the place would go with them.
enum EXIFLocation {
    static func isPresent(in data: Data) -> Bool {
        guard let exif = TIFFStructure.exif(in: data), let first = exif.firstDirectory else { return false }
        for entry in exif.entries(at: first) where entry.tag == 0x8825 {
            guard let gps = exif.u32(entry.value) else { return false }
            return exif.entries(at: gps).contains { $0.tag == 2 || $0.tag == 4 }
        }
        return false
    }
}
