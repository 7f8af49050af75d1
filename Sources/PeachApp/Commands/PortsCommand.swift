import PeachALSA
import PeachCore
import PeachMIDI
import PeachText
import PeachTrainer

/// `peach ports`: every sequencer port as `aconnect -l` would show it, and what Peach would use.
public enum PortsCommand {
    /// `calibration`: the stored FluidSynth calibration line (see `StartupCalibration.storedSummary`);
    /// `queueFrequency`: `[rhythm] queue_frequency`, so the queue line says what training would get.
    public static func run(connection: SynthConnection, inputPort: String?, calibration: String? = nil,
                           queueFrequency: Int = QueueWakeUps.defaultFrequency, console: Console) async -> Int32 {
        let sequencer: ALSASequencer
        do {
            sequencer = try ALSASequencer(clientName: "Peach (ports)", queueFrequency: queueFrequency)
        } catch {
            console.err("peach: \(error)\n")
            return 1
        }
        defer { sequencer.close() }
        do {
            let ports = try await sequencer.ports().filter { $0.address.client != sequencer.ownClient }
            let resolver = PortResolver(ports: ports, ownClient: sequencer.ownClient)
            console.out(tr(.portsDestinations) + "\n" + PortListing.lines(resolver.candidates(for: .destination)) + "\n")
            console.out(tr(.portsSources) + "\n" + PortListing.lines(resolver.candidates(for: .source)) + "\n\n")
            switch try connection.plan(ports: ports, ownClient: sequencer.ownClient) {
            case .some(let port): console.out(tr(.portsWouldPlayTo) + PortListing.line(port) + "\n")
            case .none: console.out(tr(.portsWouldStartFluidSynth) + "\n")
            }
            if let calibration { console.out(calibration + "\n") }
            let inputs = try inputPort.map { [try resolver.resolve($0, for: .source)] }
                ?? ControllerSelection.defaultInputs(from: ports, ownClient: sequencer.ownClient)
            console.out(inputs.isEmpty ? tr(.portsNoController) + "\n" : tr(.portsWouldListenTo) + "\n" + PortListing.lines(inputs) + "\n")
            console.out(rhythmQueueLine(await Result(catching: { try await sequencer.queueTimer() })) + "\n")
            return 0
        } catch {
            console.err("peach: \(error)\n")
            return 1
        }
    }

    /// Which kernel timer plays rhythms and taps are stamped by, and how finely (docs/rhythm-timing.md).
    static func rhythmQueueLine(_ timer: Result<QueueTimerInfo, any Error>) -> String {
        switch timer {
        case .success(let info):
            tr(.portsRhythmQueue, ["timer": "\(info)"]) + (info.isCoarse ? "\n" + tr(.portsCoarseQueue, [
                "period": LocalizedNumber.decimal(info.wakeUps.period?.value ?? 0, places: 1)]) : "")
        case .failure(let error): tr(.portsRhythmQueueUnreadable, ["error": "\(error)"])
        }
    }
}

private extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
