import Foundation
import PeachALSA
import PeachCore
import PeachDisciplines
import PeachMIDI

/// Stop (docs/rhythm-timing.md): the two timing sessions, as the app runs them (their own `stop`, through the output service's
/// rhythm player on the real queue), stopped at random moments; a capture client counts every click that arrives
/// after the stop returned, until the next start.
enum SessionStopBenchmark {
    @MainActor
    static func run(report: BenchReport, short: Bool) async {
        do {
            try await measure(report: report, stops: short ? 10 : 100)
        } catch {
            report.unmeasurable("rhythm session stop", "\(error)")
        }
    }

    @MainActor
    static func measure(report: BenchReport, stops: Int) async throws {
        let rig = try await RhythmCaptureRig.open("stop-capture")
        defer { rig.close() }
        let capture = rig.capture, service = rig.service
        var settings = TrainingSettings()
        settings.tempo = TempoBPM(160)!
        let source = BenchSettings(settings)
        var generator = SeededGenerator(seed: 0x570B)
        var afterStop: Set<Int> = []
        for index in 0..<stops {
            let session: any TrainingSession = index.isMultiple(of: 2)
                ? CompareTimingSession(player: service.rhythmPlayer, profile: PerceptualProfile(), settings: source,
                                       clock: SystemTrainingClock())
                : FillTheGapSession(player: service.rhythmPlayer, settings: source, clock: SystemTrainingClock())
            capture.send("mark \(2 * index + 1)")
            session.start()
            try await Task.sleep(for: .milliseconds(Int.random(in: 50...1500, using: &generator)))
            await session.stop().value
            capture.send("mark \(2 * index + 2)")
            afterStop.insert(2 * index + 2)
            try await Task.sleep(for: .milliseconds(400))
        }
        capture.send("mark \(2 * stops + 1)")
        try await Task.sleep(for: .milliseconds(100))
        capture.finish()
        let clicks = CapturedRhythm.read(rig.capturePath).filter { $0.kind == "on" }
        let late = clicks.filter { afterStop.contains($0.mark) }.count
        let played = clicks.count - late
        report.add("rhythm", "session stop: clicks after stop returned", Double(late), "clicks", goal: "0", met: late == 0,
                   note: "\(stops) stops at random moments (50–1500 ms in) of compare timing and fill the gap, "
                       + "alternating, 160 BPM; \(played) clicks before the stops")
    }
}
