import Foundation
import PeachCore
import PeachMIDI
import PeachText

/// The calibration of FluidSynth with one SoundFont and preset: from the cache when it measured every
/// key of the plan (the keys the trials reach: `CalibrationKeys`), else measured now (a few seconds) and stored.
public struct FluidSynthCalibrationSource: Sendable {
    public var calibrator: FluidSynthCalibrator
    public var cache: CalibrationCache

    public init(calibrator: FluidSynthCalibrator, cache: CalibrationCache) {
        self.calibrator = calibrator
        self.cache = cache
    }

    public var cacheKey: CalibrationCache.Key? {
        CalibrationCache.key(soundFont: calibrator.soundFont, instrument: calibrator.plan.instrument, bendRange: calibrator.plan.bendRange)
    }

    /// The stored calibration if it measured every key of the plan: one made for fewer keys is not taken
    /// as covering more (their tuning would be assumed, not measured).
    public func cached() -> SynthCalibration? {
        guard let key = cacheKey, let stored = cache.load(key),
              calibrator.plan.keys.notes.allSatisfy({ stored.keyTuning.offsets[$0] != nil }) else { return nil }
        return stored
    }

    /// `remeasure`: ignore the cache. A calibration that cannot be stored is still returned (`warn` says why).
    public func calibration(remeasure: Bool, progress: @Sendable (String) -> Void,
                            warn: (String) -> Void) async throws -> SynthCalibration {
        if !remeasure, let cached = cached() { return cached }
        let measured = try await calibrator.calibrate(progress: progress)
        if let key = cacheKey {
            do { try cache.save(measured, for: key) } catch { warn(tr(.calibrateCannotStore, ["directory": cache.directory, "error": "\(error)"])) }
        }
        return measured
    }
}
