import PeachMIDI

/// How the app answers what the trainer asks of it, built once by the composition root and handed through
/// `TrainerWiring` to the `TrainerController` as one value: keeping a MIDI-learned control, why results are not
/// being saved, connecting to a synth that appeared, and naming the device a MIDI tap came from. The defaults do
/// nothing, for tests and benchmarks that need none of them.
public struct TrainerHooks {
    /// Keeps a control taken by MIDI-learn (saved to the config file); returns a problem to show, or nil.
    public var saveLearnedBinding: @MainActor (ControllerBinding) -> String?
    /// Why results are not being saved (the store's persistent warning); nil while saving works.
    public var saveWarning: @MainActor () -> String?
    /// Connects to the synth the announce port offered (by its name, as `outputState` shows it).
    public var connectOffered: @MainActor (_ offered: String) async throws -> Void
    /// The device a MIDI tap came from, by the port it came from (its client's name): each device's tap
    /// latency is calibrated and taken off apart.
    public var tapDevice: @MainActor (SequencerAddress) async -> String

    public init(saveLearnedBinding: @escaping @MainActor (ControllerBinding) -> String? = { _ in nil },
                saveWarning: @escaping @MainActor () -> String? = { nil },
                connectOffered: @escaping @MainActor (_ offered: String) async throws -> Void = { _ in },
                tapDevice: @escaping @MainActor (SequencerAddress) async -> String = TapDeviceNames.unnamed) {
        self.saveLearnedBinding = saveLearnedBinding
        self.saveWarning = saveWarning
        self.connectOffered = connectOffered
        self.tapDevice = tapDevice
    }
}
