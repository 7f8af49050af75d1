import Foundation
import PeachCore
@testable import PeachDisciplines
import PeachFormats
import PeachMIDI
import PeachPresentation
@testable import PeachApp
import PeachText
import PeachTestSupport
import Testing

/// A compare-timing record carries the queue period its clicks were played on, the finest offset that queue could
/// play; a coarse queue (a system timer that wakes every 4 ms) is said on the screen, in `peach ports` and in
/// `peach profile`.
@Suite struct QueuePeriodTests {
    static let tempo = TempoBPM(120)!

    static func record(_ period: Milliseconds?) -> CompareTimingRecord {
        CompareTimingRecord(timestamp: Date(timeIntervalSince1970: 1_772_548_200), tempo: tempo, offset: Milliseconds(-12),
                            answeredLate: false, isCorrect: true, outputName: "FLUID Synth (1234)", queuePeriod: period)
    }

    static func line(_ record: CompareTimingRecord) throws -> String {
        try Disciplines.codecs.logLine(for: TrainingRecord(record))
    }

    /// The record a log line (with its LF) reads as.
    static func read(_ line: String) throws -> CompareTimingRecord? {
        let fields = LogFields()
        let bytes = Array(line.dropLast().utf8)
        bytes.withUnsafeBufferPointer { fields.load($0.baseAddress!, count: bytes.count) }
        return try Disciplines.codecs.logCodec(forTagOf: fields)?.decode(fields).as(CompareTimingRecord.self)
    }

    @Test func theTrialPlayedStatesItsQueuesPeriod() {
        let start = QueueInstant(nanoseconds: 5_000_000_000)
        let trial = CompareTimingTrial(tempo: Self.tempo, offset: Milliseconds(-9.3))
        #expect(trial.delivered(from: start, on: QueueWakeUps(periodNanoseconds: 1_000_000)).queuePeriod == Milliseconds(1))
        let coarse = trial.delivered(from: start, on: QueueWakeUps(periodNanoseconds: 4_000_000))
        // The grid steps 124 ms (31 wake-ups; 125 ms would leave the clicks 128, 124 and 124 ms apart), so the grid
        // click is at 5.372 s, the moved one (5.3627 s asked) at 5.364 s: 8 ms early on this grid.
        #expect(coarse.queuePeriod == Milliseconds(4) && coarse.isOnCoarseQueue && coarse.offset == Milliseconds(-8))
        #expect(coarse.playedSixteenth == .milliseconds(124))
        #expect(trial.delivered(from: start, on: .exact).queuePeriod == nil)
    }

    @Test func thePeriodRoundTripsThroughTheLogAndOlderLinesReadAsUnknown() throws {
        for period in [Milliseconds(1), Milliseconds(0.16), Milliseconds(4), nil] {
            let line = try Self.line(Self.record(period))
            #expect(try Self.read(line) == Self.record(period), "\(line)")
        }
        let old = "compareTiming\t2026-03-03T14:30:00.000Z\t120\t-12\tearly\tcorrect\tFLUID Synth (1234)\n"
        #expect(try Self.read(old) == Self.record(nil))
        #expect(throws: (any Error).self) { try Self.read("compareTiming\t2026-03-03T14:30:00.000Z\t120\t-12\tearly\tcorrect\tx\tfour\n") }
    }

    @Test @MainActor func theProfileSaysHowManyAnswersSatOnACoarseGrid() {
        let profile = PerceptualProfile()
        profile.rebuild(from: [Milliseconds(1), Milliseconds(4), Milliseconds(4), nil].map { TrainingRecord(Self.record($0)) })
        let lines = Localization.rendering(in: .english) {
            CompareTimingReport().lines(for: .compareTiming, in: ReportContext(profile: profile, range: TrainingSettings.defaults.noteRange))
        }
        #expect(lines.last == "2 answers were played on a coarse queue timer (4.0 ms grid): offsets finer than its grid could not be played; load snd-hrtimer for 1 ms or finer", "\(lines)")
    }

    @Test func peachPortsExplainsACoarseTimer() {
        let system = QueueTimerInfo(timerClass: .global, device: 0, name: "system timer", resolutionNanoseconds: 4_000_000)
        let line = Localization.rendering(in: .english) { PortsCommand.rhythmQueueLine(.success(system)) }
        #expect(line.contains("the queue wakes every 4 ms") && line.contains("cannot play (or measure) offsets finer than that"), "\(line)")
        #expect(line.contains("modprobe snd-hrtimer"))
        let hrtimer = QueueTimerInfo(timerClass: .global, device: 3, name: "HR timer", resolutionNanoseconds: 1)
        #expect(!PortsCommand.rhythmQueueLine(.success(hrtimer)).contains("coarse"))
    }
}

/// The compare-timing screen says when its clicks sit on a coarse queue grid, and says nothing on a fine one.
@MainActor @Suite struct CoarseQueueScreenTests {
    func screenText(wakeUps: QueueWakeUps) async -> String {
        let rig = CompareTimingSessionTests.Rig(wakeUps: wakeUps)
        rig.session.start()
        await rig.playPattern()
        _ = await eventually("answerable") { rig.session.state == .awaitingAnswer }
        let model = Localization.rendering(in: .english) { CompareTimingScreen.model(rig.session, warning: nil) }
        rig.session.stop()
        return "\(model.lines)"
    }

    @Test func aCoarseQueueIsSaidWhereTheClicksAreShown() async {
        let coarse = await screenText(wakeUps: QueueWakeUps(periodNanoseconds: 4_000_000))
        #expect(coarse.contains("coarse timer: clicks on a 4.0 ms grid, no offset below 4.0 ms"), "\(coarse)")
        #expect(!(await screenText(wakeUps: QueueWakeUps(periodNanoseconds: 1_000_000)).contains("coarse")))
    }
}
