import PeachCore

/// MIDI-learn: watches controller messages and names the control the user moved.
///
/// - A pitch-bend message is the pitch wheel at once. The wheel then works as a gesture (push, hold,
///   let go to commit: `PitchWheelGesture`); the push that taught it is ignored until it is let go.
/// - The first CC moved becomes the candidate. If its partner 32 apart (CC n < 32 with CC n+32, in
///   either order) arrives on the same channel, it is a 14-bit pair.
/// - Otherwise, after `samplesNeeded` values of the candidate: an endless encoder repeats small
///   step values (turning one way sends 1, 1, 1...), which an absolute knob never does (it sends
///   only changes). So repeated values all within one encoding's small-step set mean relative:
///   values near 64 → binary offset; 1...15 with 65...79 → sign-magnitude; 1...15 and/or
///   113...127 → two's complement (a one-way turn of 1, 1, 1 is read as two's complement, the most
///   common). Anything else is an absolute 7-bit knob. Pick the mode by hand if a guess is wrong.
/// Button controllers (commit triggers), RPN/NRPN data entry and channel-mode messages are never taken.
struct ControllerLearner: Sendable {
    static let samplesNeeded = 4
    private static let ignored: Set<UInt8> = [6, 38, 96, 97, 98, 99, 100, 101]

    let excluded: Set<UInt8>
    private var candidate: (channel: MIDIChannel, controller: UInt8)?
    private var values: [UInt8] = []

    init(excluding buttons: Set<UInt8>) { excluded = buttons }

    mutating func observe(_ event: MIDIEvent) -> ControllerBinding? {
        switch event {
        case .pitchBend(let channel, _):
            return ControllerBinding(source: .pitchWheel, channel: .only(channel))
        case .controlChange(let channel, let controller, let value):
            guard controller < 120, !excluded.contains(controller), !Self.ignored.contains(controller) else { return nil }
            guard let current = candidate else {
                candidate = (channel, controller)
                values = [value]
                return nil
            }
            guard current.channel == channel else { return nil }
            if controller == current.controller {
                values.append(value)
                return values.count >= Self.samplesNeeded ? classify(current) : nil
            }
            let pair = [current.controller, controller].sorted()
            if pair[0] < 32, pair[1] == pair[0] + 32 {
                return ControllerBinding(source: .absolute14Bit(msb: pair[0]), channel: .only(channel))
            }
            return nil
        case .noteOn, .noteOff, .programChange:
            return nil
        }
    }

    private func classify(_ current: (channel: MIDIChannel, controller: UInt8)) -> ControllerBinding {
        let source = Self.relativeEncoding(of: values).map { ControllerSource.relative(controller: current.controller, encoding: $0) }
            ?? .absolute7Bit(controller: current.controller)
        return ControllerBinding(source: source, channel: .only(current.channel))
    }

    static func relativeEncoding(of values: [UInt8]) -> RelativeEncoding? {
        let repeats = zip(values, values.dropFirst()).contains { $0 == $1 }
        guard repeats else { return nil }
        let small = 1...15, nearCentre = 49...79, negativeTC = 113...127, negativeSM = 65...79
        if values.allSatisfy({ nearCentre.contains(Int($0)) && $0 != 64 }) { return .binaryOffset }
        if values.allSatisfy({ small.contains(Int($0)) || negativeSM.contains(Int($0)) }),
           values.contains(where: { negativeSM.contains(Int($0)) }), values.contains(where: { small.contains(Int($0)) }) {
            return .signMagnitude
        }
        if values.allSatisfy({ small.contains(Int($0)) || negativeTC.contains(Int($0)) }) { return .twosComplement }
        return nil
    }
}
