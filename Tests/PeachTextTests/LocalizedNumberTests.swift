import Foundation
import Testing
@testable import PeachText

@Suite struct LocalizedNumberTests {
    @Test func germanWritesADecimalComma() {
        #expect(LocalizedNumber.decimal(7.25, places: 1, in: .german) == "7,2" || LocalizedNumber.decimal(7.25, places: 1, in: .german) == "7,3")
        #expect(LocalizedNumber.decimal(7.3, places: 1, in: .german) == "7,3")
        #expect(LocalizedNumber.decimal(-12.04, places: 2, signed: true, in: .german) == "-12,04")
        #expect(LocalizedNumber.decimal(2.1, places: 1, signed: true, in: .german) == "+2,1")
    }

    @Test func englishWritesAPoint() {
        #expect(LocalizedNumber.decimal(7.3, places: 1, in: .english) == "7.3")
        #expect(LocalizedNumber.decimal(2.1, places: 1, signed: true, in: .english) == "+2.1")
        #expect(LocalizedNumber.decimal(3, places: 0, in: .english) == "3")
    }

    @Test func theCurrentLanguageDecides() {
        #expect(Localization.rendering(in: .german) { LocalizedNumber.decimal(7.3, places: 1) } == "7,3")
        #expect(Localization.rendering(in: .english) { LocalizedNumber.decimal(7.3, places: 1) } == "7.3")
    }

    /// What files write (`String(format:)`, as the log, CSV and JSON do) keeps its point in German.
    @Test func fileFormattingIgnoresTheLanguage() {
        Localization.rendering(in: .german) {
            #expect(String(format: "%.1f", 7.3) == "7.3")
            #expect("\(7.3)" == "7.3")
        }
    }
}
