import Foundation

/// The latencies that fill the gap takes off a tap's offset: each tap source's calibration and the synth's
/// measured MIDI-to-sound latency. Filled once by the composition root; the tap calibration adds to it.
@MainActor
public final class TimingLatencies {
    /// The synth's MIDI-to-sound latency (`peach calibrate --capture`); nil when not measured.
    public var synth: MeasuredLatency?
    public private(set) var taps: [TapSource: TapCalibration]
    private let store: (any TapCalibrationStore)?

    public init(synth: MeasuredLatency? = nil, taps: [TapCalibration] = [], store: (any TapCalibrationStore)? = nil) {
        self.synth = synth
        self.taps = Dictionary(taps.map { ($0.source, $0) }, uniquingKeysWith: { $0.date > $1.date ? $0 : $1 })
        self.store = store
    }

    /// How much to take off a tap from `source`; nil when that source was never calibrated (the offset stays
    /// uncorrected, and the record says so).
    public func correction(for source: TapSource) -> Milliseconds? {
        taps[source]?.correction(synthLatencyNow: synth?.median)
    }

    /// The most any source's taps are moved back (never less than zero): a gap's window stays open that much
    /// longer on the queue clock, or a late device's last tap would come after its trial was scored.
    public var largestCorrection: Milliseconds {
        taps.keys.compactMap(correction(for:)).reduce(Milliseconds.zero) { $0.value >= $1.value ? $0 : $1 }
    }

    /// Keeps `calibration` (replacing the source's earlier one) and stores every calibration; throws when
    /// storing failed (it is still used for this run).
    public func record(_ calibration: TapCalibration) throws {
        taps[calibration.source] = calibration
        try store?.save(taps.values.sorted { $0.source.storageKey < $1.source.storageKey })
    }
}
