import Foundation

extension FileStatus {
    /// The last modification as a `Date`, to the bit the one Foundation's FileManager gives (its arithmetic: from
    /// the reference date, then the nanoseconds), so a calibration keyed by a SoundFont's date before this layer
    /// existed is still found.
    public var modificationDate: Date {
        Date(timeIntervalSinceReferenceDate: Double(modifiedSeconds) - Date.timeIntervalBetween1970AndReferenceDate
             + Double(modifiedNanoseconds) / 1_000_000_000)
    }
}
