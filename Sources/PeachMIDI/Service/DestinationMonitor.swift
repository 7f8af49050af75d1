import PeachCore
import PeachText

/// Reads System:Announce for what concerns Peach's destination (pure; the service acts on it).
///
/// Lost: the destination's client exits, its port exits, or our subscription to it is removed
/// (someone ran `aconnect -d`). Appeared: any new port, which the service looks up and offers.
public struct DestinationMonitor: Hashable, Sendable {
    public enum Verdict: Hashable, Sendable {
        case lost(reason: String)
        case portAppeared(SequencerAddress)
        case irrelevant
    }

    public var ownOutput: SequencerAddress
    public var destination: SequencerAddress?

    public init(ownOutput: SequencerAddress, destination: SequencerAddress? = nil) {
        self.ownOutput = ownOutput
        self.destination = destination
    }

    public func verdict(on event: AnnounceEvent) -> Verdict {
        if case .portStart(let address) = event, address.client != ownOutput.client { return .portAppeared(address) }
        guard let destination else { return .irrelevant }
        switch event {
        case .clientExit(let client) where client == destination.client:
            return .lost(reason: tr(.synthLostClientQuit, ["client": "\(client)"]))
        case .portExit(let address) where address == destination:
            return .lost(reason: tr(.synthLostPortClosed, ["address": "\(address)"]))
        case .portUnsubscribed(let sender, let receiver) where sender == ownOutput && receiver == destination:
            return .lost(reason: tr(.synthLostConnectionRemoved, ["destination": "\(destination)"]))
        default:
            return .irrelevant
        }
    }
}
