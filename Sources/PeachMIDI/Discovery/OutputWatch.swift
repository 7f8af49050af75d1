import PeachCore

/// `OutputMonitor` wired to a live directory: feed it the announcements from the input stream and
/// it answers with the interruption each one means. It lists the ports only when a port starts
/// (the one announcement whose meaning depends on what the port is).
public actor OutputWatch {
    private var monitor: OutputMonitor
    private let directory: any SequencerDirectory

    public init(directory: any SequencerDirectory, output: SequencerAddress, destination: SequencerAddress?,
                matching: OutputMonitor.Matching) {
        self.directory = directory
        monitor = OutputMonitor(output: output, destination: destination, matching: matching)
    }

    public var destination: SequencerAddress? { monitor.destination }

    public func handle(_ event: AnnounceEvent) async -> InterruptionEvent? {
        var ports: [SequencerPortInfo] = []
        if case .portStart = event {
            // A port that vanished before we looked is simply not available.
            ports = (try? await directory.ports()) ?? []
        }
        return monitor.interruption(for: event, ports: ports)
    }

    /// Peach has (re)connected its output to `destination`.
    public func connected(to destination: SequencerAddress) {
        monitor.connected(to: destination)
    }
}
