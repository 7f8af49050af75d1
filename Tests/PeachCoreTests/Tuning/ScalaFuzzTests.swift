import Foundation
import Testing
@testable import PeachCore
import PeachTestSupport

/// Malformed variants of valid files, made by a seeded generator so every run tries the same ones: parsing
/// must never crash, and every error either names its line or is a whole-file error.
@Suite struct ScalaFuzzTests {
    static let scl = ScalaScaleParsingTests.meantoneFile()
    static let kbm = ScalaKeyboardMappingParsingTests.whiteKeysFile()

    static let garbage = ["/0", "3/0", "-3/2", "99999999999999999999999", "1e400", String(repeating: "9", count: 330) + ".5",
                          "\u{0}", "x", "", "  ", "!", ".", "/", "0", "-0.0", "nan", "+", "é", "12 notes", "\u{7F}"]

    /// One mutation of `text`: delete, duplicate, swap or garble a line, insert garbage, cut the file short or empty it.
    static func mutate(_ text: String, using random: inout SeededRandom) -> String {
        var lines = text.components(separatedBy: "\n")
        let index = Int.random(in: 0..<lines.count, using: &random)
        let junk = garbage.randomElement(using: &random) ?? ""
        switch Int.random(in: 0..<9, using: &random) {
        case 0: lines.remove(at: index)
        case 1: lines.insert(lines[index], at: index)
        case 2: lines[index] = junk
        case 3: lines[index] += junk
        case 4: lines.insert(junk, at: index)
        case 5: lines = Array(lines.prefix(index))
        case 6: lines[index] = String(lines[index].shuffled(using: &random))
        case 7: lines.swapAt(index, Int.random(in: 0..<lines.count, using: &random))
        default: return Int.random(in: 0..<4, using: &random) == 0 ? "" : junk
        }
        return lines.joined(separator: "\n")
    }

    /// Several mutations in a row, so variants also combine faults.
    static func variants(of text: String, count: Int, seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            var variant = text
            for _ in 0..<Int.random(in: 1...3, using: &random) { variant = mutate(variant, using: &random) }
            return variant
        }
    }

    /// True for a message that names a line ("line 7: ...") or is one of the whole-file errors.
    static func isWellFormed(_ error: ScalaError) -> Bool {
        switch error {
        case .emptyFile, .binaryFile, .tooLarge: return true
        case .line(let number, _):
            return number >= 1 && error.description.hasPrefix("line \(number): ")
                && error.description.range(of: #"^line [0-9]+: \S"#, options: .regularExpression) != nil
        }
    }

    @Test func malformedScalesNeverCrashAndNameTheirLine() {
        let variants = Self.variants(of: Self.scl, count: 100, seed: 0x5C1)
        var errors = 0
        for variant in variants {
            do { _ = try ScalaScale.parse(variant) } catch {
                errors += 1
                #expect(Self.isWellFormed(error), "\(error) for \(variant.debugDescription)")
            }
            do { _ = try ScalaScale.parse(bytes: Array(variant.utf8)) } catch {
                #expect(Self.isWellFormed(error), "\(error)")
            }
        }
        #expect(errors >= 50, "the mutations should break most variants, broke \(errors)")
    }

    @Test func malformedMappingsNeverCrashAndNameTheirLine() {
        let variants = Self.variants(of: Self.kbm, count: 100, seed: 0x6B6D)
        var errors = 0
        for variant in variants {
            do { _ = try ScalaKeyboardMapping.parse(variant) } catch {
                errors += 1
                #expect(Self.isWellFormed(error), "\(error) for \(variant.debugDescription)")
            }
        }
        #expect(errors >= 40, "the mutations should break many variants, broke \(errors)")
    }
}
