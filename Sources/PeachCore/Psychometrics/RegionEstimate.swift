/// One keyboard region's threshold; `estimate` is nil for a region without trials (unknown, never zero).
public struct RegionEstimate: Hashable, Sendable {
    public var notes: ClosedRange<MIDINote>
    public var estimate: ThresholdEstimate?

    public init(notes: ClosedRange<MIDINote>, estimate: ThresholdEstimate?) {
        self.notes = notes
        self.estimate = estimate
    }

    public var trials: Int { estimate?.trials ?? 0 }
}
