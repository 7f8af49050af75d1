import Foundation
import PeachCore
@testable import PeachFormats
import Testing

/// The log's number reader without strtod: every value it decides must be the bit pattern `Double(String)`
/// gives, and it must decide the log's usual numbers (shortest round-trip forms of 16–17 digits).
struct ExactDecimalTests {
    func parse(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { ExactDecimal.parse($0.baseAddress!, count: $0.count) }
    }

    /// What it decides equals Double(String), bit for bit; returns how many of `texts` it decided.
    func expectSameAsDoubleString(_ texts: [String]) -> Int {
        var decided = 0
        for text in texts {
            guard let value = parse(text) else { continue }
            decided += 1
            #expect(value.bitPattern == Double(text)?.bitPattern, "'\(text)': \(value) vs \(String(describing: Double(text)))")
        }
        return decided
    }

    @Test func shortestFormsOfCentValuesAreReadExactlyAndDecided() {
        var random = SplitMix64(seed: 11)
        let texts = (0..<200_000).map { index in
            let magnitude = [0.01, 1.0, 100.0, 1200.0][index % 4]
            return "\(Double.random(in: -magnitude...magnitude, using: &random))"
        }.filter { !$0.contains("e") }
        let decided = expectSameAsDoubleString(texts)
        #expect(decided >= texts.count * 999 / 1000, "decided \(decided) of \(texts.count)")
    }

    /// Random digit strings with the point anywhere: most land between two doubles at no special place.
    /// Integers above 2^54 (about 1.5 % of these) are left to strtod: the 128-bit check is for fractions.
    @Test func randomDigitStringsOfUpToNineteenDigitsAgreeWithDoubleString() {
        var random = SplitMix64(seed: 5)
        let texts = (0..<200_000).map { _ -> String in
            let count = Int.random(in: 1...19, using: &random)
            var digits = String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
            let point = Int.random(in: 0...count, using: &random)
            if point < count { digits.insert(".", at: digits.index(digits.startIndex, offsetBy: point)) }
            if digits.hasPrefix(".") { digits = "0" + digits }
            return Bool.random(using: &random) ? "-" + digits : digits
        }
        #expect(expectSameAsDoubleString(texts) >= texts.count * 98 / 100)
    }

    /// Halfway cases (exact ties between two doubles) and powers of two are left to strtod, or read right.
    @Test func tiesAndPowersOfTwoAreLeftToStrtodOrReadRight() {
        // 2^53 + 1 is exactly halfway between 2^53 and 2^53 + 2; 2^54 + 2 between 2^54 and 2^54 + 4.
        #expect(parse("9007199254740993") == nil)
        #expect(parse("18014398509481986") == nil)
        let edges = ["9007199254740992", "9007199254740994", "18014398509481984", "0.1", "0.30000000000000004",
                     "1.0000000000000002", "0.9999999999999999", "4503599627370496.5", "4503599627370497.5",
                     "1152921504606846976", "1152921504606846977", "-0.0", "0", "0.5", ".5", "123456789.987654321"]
        _ = expectSameAsDoubleString(edges)
        #expect(parse("0.1") == 0.1 && parse("-0.0")?.sign == .minus)
    }

    @Test func otherFormsAreLeftToStrtod() {
        for text in ["", "-", "1e5", "1E-3", "+1.5", " 1.5", "1.5 ", "1.", "1..5", "0x1p3", "nan", "inf", "1,5",
                     "12345678901234567890", "0.00000000000000000000001"] {
            #expect(parse(text) == nil, "'\(text)'")
        }
    }
}
