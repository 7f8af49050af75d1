import Foundation
import PeachCore
import Testing

/// A store in memory that can be told to fail.
final class MemoryTapCalibrationStore: TapCalibrationStore, @unchecked Sendable {
    // @unchecked: tests use it from one task at a time.
    var saved: [TapCalibration] = []
    var failure: (any Error)?

    func load() throws -> [TapCalibration] { saved }

    func save(_ calibrations: [TapCalibration]) throws {
        if let failure { throw failure }
        saved = calibrations
    }
}

@MainActor @Suite struct TimingLatenciesTests {
    static func calibration(_ source: TapSource, median: Double, synth: Double? = nil, day: Double = 0) -> TapCalibration {
        TapCalibration(source: source, latency: MeasuredLatency(median: Milliseconds(median), spread: Milliseconds(5), count: 20),
                       synthLatency: synth.map(Milliseconds.init), date: Date(timeIntervalSince1970: day * 86_400))
    }

    @Test func anUncalibratedSourceHasNoCorrection() {
        let latencies = TimingLatencies(taps: [Self.calibration(.keyboard, median: 40)])
        #expect(latencies.correction(for: .midi(device: "nanoPAD2")) == nil)
        #expect(latencies.correction(for: .keyboard) == Milliseconds(40))
    }

    @Test func aCalibrationAgainstAnUnmeasuredSynthAlreadyHoldsTheSynthsLatency() {
        let latencies = TimingLatencies(synth: MeasuredLatency(median: Milliseconds(12), spread: Milliseconds(1), count: 40),
                                        taps: [Self.calibration(.keyboard, median: 40)])
        #expect(latencies.correction(for: .keyboard) == Milliseconds(40), "the 12 ms would be counted twice")
    }

    @Test func aCalibrationThatTookTheSynthOffAddsTheSynthPlayingNowOrTheOneFromThen() {
        let pad = TapSource.midi(device: "nanoPAD2")
        let latencies = TimingLatencies(synth: MeasuredLatency(median: Milliseconds(30), spread: Milliseconds(1), count: 40),
                                        taps: [Self.calibration(pad, median: 8, synth: 12)])
        #expect(latencies.correction(for: pad) == Milliseconds(38), "tap 8 ms after the heard click; this synth sounds 30 ms late")
        latencies.synth = nil
        #expect(latencies.correction(for: pad) == Milliseconds(20), "unmeasured now: the synth from then stands in")
    }

    @Test func recordingReplacesTheSourcesCalibrationAndStoresThemAll() throws {
        let store = MemoryTapCalibrationStore()
        let latencies = TimingLatencies(taps: [Self.calibration(.keyboard, median: 40)], store: store)
        try latencies.record(Self.calibration(.midi(device: "nanoPAD2"), median: 6, day: 1))
        try latencies.record(Self.calibration(.keyboard, median: 35, day: 2))
        #expect(latencies.correction(for: .keyboard) == Milliseconds(35))
        #expect(store.saved.map(\.source) == [.keyboard, .midi(device: "nanoPAD2")])
        #expect(store.saved.first?.latency.median == Milliseconds(35))
    }

    @Test func aFailedSaveStillCalibratesThisRun() {
        let store = MemoryTapCalibrationStore()
        store.failure = CocoaError(.fileWriteNoPermission)
        let latencies = TimingLatencies(store: store)
        #expect(throws: CocoaError.self) { try latencies.record(Self.calibration(.keyboard, median: 40)) }
        #expect(latencies.correction(for: .keyboard) == Milliseconds(40))
    }

    @Test func theLargestCorrectionIsTheLatestSourcesAndNeverNegative() {
        #expect(TimingLatencies().largestCorrection == .zero)
        #expect(TimingLatencies(taps: [Self.calibration(.keyboard, median: -12)]).largestCorrection == .zero)
        #expect(TimingLatencies(taps: [Self.calibration(.keyboard, median: 40), Self.calibration(.midi(device: "pad"), median: 6, synth: 12)])
            .largestCorrection == Milliseconds(40))
    }

    @Test func aSourceRoundTripsThroughItsStorageKey() {
        for source in [TapSource.keyboard, .page, .midi(device: "nanoPAD2"), .midi(device: "midi:odd name")] {
            #expect(TapSource(storageKey: source.storageKey) == source)
        }
        #expect(TapSource(storageKey: "midi:") == nil)
        #expect(TapSource(storageKey: "pedal") == nil)
    }
}
