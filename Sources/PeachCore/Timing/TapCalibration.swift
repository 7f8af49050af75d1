import Foundation

/// What the tap calibration measured for one tap source: how late its taps come after the click sounds, as
/// the user taps along with a steady click. That includes the device's own latency (USB, MIDI interface, the
/// terminal) and the user's habit of tapping a little ahead of or behind a beat they hear, which is exactly
/// what fill the gap should not count as an error.
public struct TapCalibration: Hashable, Sendable {
    public var source: TapSource
    /// Tap minus the click as heard: the synth's MIDI-to-sound latency is subtracted when it was measured
    /// (`synthLatency`); when it was not, this includes it.
    public var latency: MeasuredLatency
    /// The synth's latency subtracted from the taps; nil when none had been measured.
    public var synthLatency: Milliseconds?
    public var date: Date

    public init(source: TapSource, latency: MeasuredLatency, synthLatency: Milliseconds?, date: Date) {
        self.source = source
        self.latency = latency
        self.synthLatency = synthLatency
        self.date = date
    }

    /// How much to take off a tap's offset against the click grid, given the synth's latency now (nil: not
    /// measured). The synth's latency counts only when this calibration subtracted one: a calibration taken
    /// against an unmeasured synth already holds that synth's latency in `latency`. When it subtracted one and
    /// the synth now playing is not measured, the one from then stands in (usually the same synth).
    public func correction(synthLatencyNow: Milliseconds?) -> Milliseconds {
        guard let then = synthLatency else { return latency.median }
        return latency.median + (synthLatencyNow ?? then)
    }
}

/// Where the tap calibrations are kept between runs (a file in the data directory); mocked in tests.
public protocol TapCalibrationStore: Sendable {
    /// Every stored calibration; an empty list when none was ever stored.
    func load() throws -> [TapCalibration]
    /// Replaces what is stored with `calibrations`.
    func save(_ calibrations: [TapCalibration]) throws
}
