import Foundation
import Testing
import PeachStore
import PeachDisciplines
import PeachTestSupport
import PeachFormats

@Suite struct TimestampTests {
    @Test func formatsUTCWithMilliseconds() {
        #expect(UTCMilliseconds(value: 1_772_548_200_123).iso8601() == "2026-03-03T14:30:00.123Z")
        #expect(UTCMilliseconds(value: 0).iso8601() == "1970-01-01T00:00:00.000Z")
        #expect(UTCMilliseconds(value: 1_772_548_200_000).iso8601(fractionalSeconds: .whenNonZero) == "2026-03-03T14:30:00Z")
        #expect(UTCMilliseconds(value: -1).iso8601() == "1969-12-31T23:59:59.999Z")
    }

    @Test func parsesWithAndWithoutFractionAndOffsets() {
        #expect(ISO8601Parser.parse("2026-03-03T14:30:00Z")?.value == 1_772_548_200_000)
        #expect(ISO8601Parser.parse("2026-03-03T14:30:00.5Z")?.value == 1_772_548_200_500)
        #expect(ISO8601Parser.parse("2026-03-03T14:30:00.123456Z")?.value == 1_772_548_200_123)
        #expect(ISO8601Parser.parse("2026-03-03T14:30:00.1235Z")?.value == 1_772_548_200_124)
        #expect(ISO8601Parser.parse("2026-03-03T15:30:00+01:00")?.value == 1_772_548_200_000)
        #expect(ISO8601Parser.parse("2026-03-03T09:30:00-0500")?.value == 1_772_548_200_000)
    }

    @Test(arguments: ["", "2026-03-03", "2026-03-03T14:30:00", "2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z",
                      "2026-03-03T24:00:00Z", "2026-03-03T14:30:00.Z", "2026-03-03T14:30:00Zjunk", "03/03/2026 14:30"])
    func rejectsMalformed(_ text: String) {
        #expect(ISO8601Parser.parse(text) == nil)
    }

    @Test func agreesWithFoundationOverManyDates() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let ms = Int64.random(in: -2_000_000_000_000...200_000_000_000_000, using: &generator)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let text = UTCMilliseconds(value: ms).iso8601()
            #expect(ISO8601Parser.parse(text)?.value == ms)
            #expect(formatter.date(from: text).map { UTCMilliseconds($0).value } == ms, "\(text)")
        }
    }
}
