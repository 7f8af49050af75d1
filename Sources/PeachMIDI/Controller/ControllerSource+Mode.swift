import PeachCore

extension ControllerSource {
    /// The word recorded with a pitch-matching attempt this control tuned.
    public var controllerMode: ControllerMode {
        switch self {
        case .absolute7Bit: .cc7
        case .absolute14Bit: .cc14
        case .relative: .relative
        case .pitchWheel: .pitchbend
        }
    }
}
