/// Binarises a prepared frame and whitens the shapes too large to be letters. Tesseract gives up
/// on words enclosed by a large shape (a disc the word sits on, a face's outline): measured on the
/// generated stickers, "HELLO" on an orange disc read as nothing until the disc's rim was removed.
/// A connected run of ink whose box exceeds `maximumShare` of the side in both directions is art:
/// the tallest lettering that fits a sticker is well under that, and a long word is wide but not tall.
enum LargeShapeFilter {
    /// Ink is darker than this after background normalisation (the paper is 255).
    static let inkLevel: UInt8 = 128
    static let maximumShare = 0.4

    /// 0 (ink) or 255 (paper) per pixel, with large shapes turned to paper.
    static func filtered(_ gray: [UInt8], width: Int, height: Int) -> [UInt8] {
        var out = gray.map { $0 < inkLevel ? UInt8(0) : 255 }
        whitenLargeShapes(&out, width: width, height: height)
        return out
    }

    /// Turns to paper (255) each 8-connected run of ink (0) in `binary` whose box is too large for a letter.
    static func whitenLargeShapes(_ binary: inout [UInt8], width: Int, height: Int) {
        var label = [Bool](repeating: false, count: binary.count)
        var stack: [Int] = []
        var members: [Int] = []
        let limitX = Int(Double(width) * maximumShare), limitY = Int(Double(height) * maximumShare)
        for start in 0..<binary.count where binary[start] == 0 && !label[start] {
            // Flood fill one 8-connected component, noting its box.
            label[start] = true
            stack.append(start)
            members.removeAll(keepingCapacity: true)
            var minX = width, maxX = 0, minY = height, maxY = 0
            while let index = stack.popLast() {
                members.append(index)
                let x = index % width, y = index / width
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                for dy in -1...1 {
                    let ny = y + dy
                    guard ny >= 0, ny < height else { continue }
                    for dx in -1...1 {
                        let nx = x + dx
                        guard nx >= 0, nx < width else { continue }
                        let neighbour = ny * width + nx
                        if binary[neighbour] == 0, !label[neighbour] {
                            label[neighbour] = true
                            stack.append(neighbour)
                        }
                    }
                }
            }
            if maxX - minX > limitX, maxY - minY > limitY {
                for index in members { binary[index] = 255 }
            }
        }
    }
}
