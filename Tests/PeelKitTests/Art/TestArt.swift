import Foundation
@testable import PeelKit

/// Sticker art the tests paint themselves: recoloured shapes on a transparent canvas.
struct TestArt {
    typealias Colour = (r: UInt8, g: UInt8, b: UInt8)
    static let yellow: Colour = (250, 204, 40)
    static let black: Colour = (0, 0, 0)
    static let nearBlack: Colour = (24, 22, 28)
    static let white: Colour = (255, 255, 255)
    static let paleGrey: Colour = (226, 228, 232)

    private(set) var image: RGBAImage

    init(size: Int = 300) {
        image = RGBAImage(width: size, height: size, pixels: [UInt8](repeating: 0, count: size * size * 4))
    }

    /// Paints every pixel whose centre `inside` accepts.
    mutating func paint(_ colour: Colour, alpha: UInt8 = 255, where inside: (Double, Double) -> Bool) {
        for y in 0..<image.height {
            for x in 0..<image.width where inside(Double(x) + 0.5, Double(y) + 0.5) {
                let offset = (y * image.width + x) * 4
                image.pixels[offset] = colour.r
                image.pixels[offset + 1] = colour.g
                image.pixels[offset + 2] = colour.b
                image.pixels[offset + 3] = alpha
            }
        }
    }

    mutating func disc(_ colour: Colour, centre: (Double, Double), radius: Double) {
        paint(colour) { x, y in (x - centre.0) * (x - centre.0) + (y - centre.1) * (y - centre.1) <= radius * radius }
    }

    mutating func ring(_ colour: Colour, centre: (Double, Double), radius: Double, width: Double) {
        paint(colour) { x, y in
            let distance = ((x - centre.0) * (x - centre.0) + (y - centre.1) * (y - centre.1)).squareRoot()
            return distance <= radius && distance > radius - width
        }
    }

    /// A yellow face with a black outline, eyes and mouth: the case that is never reported.
    static func outlinedFace(size: Int = 300) -> RGBAImage {
        var art = TestArt(size: size)
        let c = Double(size) / 2, r = Double(size) * 0.45
        art.disc(yellow, centre: (c, c), radius: r)
        art.ring(black, centre: (c, c), radius: r, width: Double(size) / 50)
        art.disc(black, centre: (c - r * 0.35, c - r * 0.2), radius: r * 0.1)
        art.disc(black, centre: (c + r * 0.35, c - r * 0.2), radius: r * 0.1)
        art.paint(black) { x, y in abs(y - (c + r * 0.4)) < Double(size) / 100 && abs(x - c) < r * 0.4 }
        return art.image
    }

    /// A near-black bat: body, wings and two small pale eyes.
    static func nearBlackBat(size: Int = 300) -> RGBAImage {
        var art = TestArt(size: size)
        let s = Double(size)
        art.paint(nearBlack) { x, y in
            let body = pow((x - s / 2) / (s * 0.12), 2) + pow((y - s * 0.5) / (s * 0.2), 2) <= 1
            // Each wing: a triangle from the body out to the side, its lower edge scalloped.
            let dx = abs(x - s / 2)
            let wing = dx > s * 0.08 && dx < s * 0.47 && y > s * 0.3 + dx * 0.2
                && y < s * 0.62 - 0.06 * s * abs(sin(dx / (s * 0.13) * .pi))
            return body || wing
        }
        art.disc((255, 236, 120), centre: (s * 0.46, s * 0.42), radius: s * 0.015)
        art.disc((255, 236, 120), centre: (s * 0.54, s * 0.42), radius: s * 0.015)
        return art.image
    }

    /// A white cloud with a pale grey outline (1.3:1 against white).
    static func whiteCloud(size: Int = 300) -> RGBAImage {
        var art = TestArt(size: size)
        let s = Double(size)
        let puffs = [(s * 0.35, s * 0.55, s * 0.2), (s * 0.55, s * 0.45, s * 0.25), (s * 0.72, s * 0.58, s * 0.17)]
        for (x, y, r) in puffs { art.disc(paleGrey, centre: (x, y), radius: r) }
        for (x, y, r) in puffs { art.disc(white, centre: (x, y), radius: r - s / 60) }
        art.paint(white) { x, y in x > s * 0.35 && x < s * 0.72 && y > s * 0.55 && y < s * 0.73 }
        return art.image
    }

    /// Line art: a ring and a cross drawn in `colour`, 3 px wide, with nothing inside.
    static func lineArt(_ colour: Colour, size: Int = 300) -> RGBAImage {
        var art = TestArt(size: size)
        let c = Double(size) / 2
        art.ring(colour, centre: (c, c), radius: Double(size) * 0.45, width: 3)
        art.paint(colour) { x, y in (abs(x - c) < 1.5 || abs(y - c) < 1.5) && abs(x - c) < Double(size) * 0.3 && abs(y - c) < Double(size) * 0.3 }
        return art.image
    }

    func png() throws -> Data { try PNGCodec.encode(image) }
}
