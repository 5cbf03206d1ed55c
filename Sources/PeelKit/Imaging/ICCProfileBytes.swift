import CLCMS2

/// A profile Little CMS made, as the bytes Peel embeds: the same for the same profile every
/// time. Little CMS stamps a new profile with the time it was made (header bytes 24–35) and, in a
/// v4 profile, an MD5 of it (84–99): the same art gave other thumbnails every second. A fixed date
/// (2000-01-01) and no ID ("not computed", ICC.1 7.2.18) make them the same.
enum ICCProfileBytes {
    static func saved(_ profile: cmsHPROFILE) -> [UInt8]? {
        var size: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(profile, nil, &size) != 0, size > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        guard bytes.withUnsafeMutableBytes({ cmsSaveProfileToMem(profile, $0.baseAddress, &size) }) != 0, bytes.count >= 128 else { return nil }
        bytes.replaceSubrange(24..<36, with: [0x07, 0xD0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0])
        bytes.replaceSubrange(84..<100, with: [UInt8](repeating: 0, count: 16))
        return bytes
    }
}
