import Glibc
import PeachCore
import PeachMIDI

/// One line Peach writes to its guardian. Each message replaces what the guardian knew of that
/// kind (whole lists, never deltas), so a lost or repeated line cannot leave it wrong for long.
///
///     client 128              Peach's own sequencer client (its deletion is announced early)
///     channels 0 1            the channels Peach uses (0...15)
///     keys 0:60 1:62          the keys switched on now (channel:note), may be empty
///     destinations 128:0      where Peach's notes go now (client:port), may be empty
///     synth 4242              the FluidSynth Peach started (its PID); `synth` alone: none
///     bye                     Peach has silenced everything itself: exit without a sound
enum GuardianMessage: Hashable, Sendable {
    case client(Int)
    case channels([MIDIChannel])
    case keys([SoundingKey])
    case destinations([SequencerAddress])
    case synth(pid: Int32?)
    case cleanExit

    var line: String {
        switch self {
        case .client(let client): "client \(client)"
        case .channels(let channels): (["channels"] + channels.map { "\($0.rawValue)" }).joined(separator: " ")
        case .keys(let keys): (["keys"] + keys.map(\.description)).joined(separator: " ")
        case .destinations(let addresses): (["destinations"] + addresses.map(\.description)).joined(separator: " ")
        case .synth(let pid): pid.map { "synth \($0)" } ?? "synth"
        case .cleanExit: "bye"
        }
    }

    /// Nil for a line it does not understand (the guardian ignores it).
    init?(line: Substring) {
        let words = line.split(separator: " ")
        guard let word = words.first else { return nil }
        let values = words.dropFirst()
        func pairs() -> [(Int, Int)]? {
            let parsed = values.map { value -> (Int, Int)? in
                let parts = value.split(separator: ":")
                guard parts.count == 2, let first = Int(parts[0]), let second = Int(parts[1]) else { return nil }
                return (first, second)
            }
            return parsed.contains { $0 == nil } ? nil : parsed.compactMap { $0 }
        }
        switch word {
        case "client":
            guard values.count == 1, let client = Int(values.first!), client >= 0 else { return nil }
            self = .client(client)
        case "channels":
            let channels = values.map { Int($0).flatMap { MIDIChannel($0) } }
            guard !channels.contains(nil) else { return nil }
            self = .channels(channels.compactMap { $0 })
        case "keys":
            guard let pairs = pairs() else { return nil }
            let keys = pairs.map { pair in
                MIDIChannel(pair.0).flatMap { channel in MIDINote(pair.1).map { SoundingKey(channel: channel, note: $0) } }
            }
            guard !keys.contains(nil) else { return nil }
            self = .keys(keys.compactMap { $0 })
        case "destinations":
            guard let pairs = pairs() else { return nil }
            self = .destinations(pairs.map { SequencerAddress(client: $0.0, port: $0.1) })
        case "synth":
            if values.isEmpty { self = .synth(pid: nil); return }
            guard values.count == 1, let pid = Int32(values.first!), pid > 0 else { return nil }
            self = .synth(pid: pid)
        case "bye":
            self = .cleanExit
        default:
            return nil
        }
    }
}

/// What the guardian knows, built from the messages in the order they came.
struct GuardianState: Hashable, Sendable {
    var peachClient: Int?
    var plan = SilencePlan(channels: [])
    var destinations: [SequencerAddress] = []
    var synthPID: Int32?
    var cleanExit = false

    mutating func apply(_ message: GuardianMessage) {
        switch message {
        case .client(let client): peachClient = client
        case .channels(let channels): plan.channels = channels.sorted()
        case .keys(let keys): plan.keys = keys.sorted()
        case .destinations(let addresses): destinations = addresses
        case .synth(let pid): synthPID = pid
        case .cleanExit: cleanExit = true
        }
    }

    /// Splits complete lines off the front of `pending` (bytes read so far) and applies them.
    mutating func consume(_ pending: inout [UInt8]) {
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: pending[..<newline], as: UTF8.self)
            pending.removeSubrange(...newline)
            if let message = GuardianMessage(line: Substring(line)) { apply(message) }
        }
    }
}
