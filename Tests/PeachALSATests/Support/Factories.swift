import PeachALSA
import PeachCore
import PeachMIDI

/// Peach's client connected to a fresh capture client.
func makePeachWithCapture(name: String = "Capture") async throws -> (ALSASequencer, TestClient) {
    let peach = try ALSASequencer(clientName: "Peach")
    let capture = try TestClient(name: name, portName: "capture", writable: true)
    try await peach.connectOutput(to: capture.address)
    return (peach, capture)
}

let channel1 = MIDIChannel(0)!
let channel2 = MIDIChannel(1)!

/// RPN 0 (pitch-bend range) = `semitones`, then RPN null, as the issue specifies.
func bendRangeRPN(_ channel: MIDIChannel, semitones: UInt8) -> [MIDIEvent] {
    [.controlChange(channel: channel, controller: 101, value: 0),
     .controlChange(channel: channel, controller: 100, value: 0),
     .controlChange(channel: channel, controller: 6, value: semitones),
     .controlChange(channel: channel, controller: 38, value: 0),
     .controlChange(channel: channel, controller: 101, value: 127),
     .controlChange(channel: channel, controller: 100, value: 127)]
}

/// Notes still sounding at the end of `events` (note-on without a later note-off, CC123 or CC120).
func notesLeftOn(_ events: [MIDIEvent]) -> Set<String> {
    var sounding: Set<String> = []
    for event in events {
        switch event {
        case .noteOn(let channel, let note, let velocity) where velocity > 0:
            sounding.insert("\(channel.displayNumber)/\(note.rawValue)")
        case .noteOn(let channel, let note, _), .noteOff(let channel, let note, _):
            sounding.remove("\(channel.displayNumber)/\(note.rawValue)")
        case .controlChange(let channel, let controller, _) where controller == 123 || controller == 120:
            sounding = sounding.filter { !$0.hasPrefix("\(channel.displayNumber)/") }
        case .controlChange, .pitchBend, .programChange:
            break
        }
    }
    return sounding
}
