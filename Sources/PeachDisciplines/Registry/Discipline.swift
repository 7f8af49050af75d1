import Foundation
import PeachCore
import PeachFormats
import PeachPresentation

/// Everything Peach knows about one discipline, in one place: its record and how that is written to the log
/// and to CSV, what its sessions' outcomes become, how the profile reports it, and the modes that train it.
/// The store, importer, exporter, profile, reports, Start menu and plain mode dispatch through the registered
/// list (`Disciplines.all`); none of them names a discipline. Adding one is a folder with a conformance and
/// one line in that list (docs/adding-a-discipline.md).
public protocol Discipline: Sendable {
    /// The record type this discipline's log lines and CSV rows hold (its kind is the discipline's identity).
    associatedtype Record: DisciplineRecord
    /// How its records are log lines.
    var logCodec: AnyRecordLogCodec { get }
    /// How its records are CSV rows, or why iOS Peach's format has none for them.
    var csvRows: CSVRows { get }
    /// The record of a finished trial or result of this discipline's sessions; nil for another discipline's.
    /// `outputName` is the synth or port the notes went to.
    func record(of outcome: any TrainingOutcome, outputName: String?) -> Record?
    /// The same, with everything the run knows about where it was played; a discipline whose records state
    /// a presented pitch takes its basis from `context`. The default is `record(of:outputName:)`.
    func record(of outcome: any TrainingOutcome, in context: RecordContext) -> Record?
    /// Its sections of `peach profile` (text, `--json`, SVG) and of the Profile screen.
    @MainActor var report: any DisciplineReport { get }
    /// Its entries of the Start menu and plain mode, in the order they are offered.
    @MainActor var modes: [any TrainingMode] { get }
    /// Its configuration keys and how they reach the training settings (none by default).
    var settings: [DisciplineSetting] { get }
    /// What it adds to the Info screen, e.g. fill the gap's calibrated tap latencies (none by default).
    @MainActor func infoEntries(_ context: InfoContext) -> [InfoEntry]
    /// A record as one of its sessions could have made it at `timestamp`, from a listener of `skill` (0: flawless,
    /// every answer right or every error 0; 1: hopeless, every answer wrong or as far off as it can be): the
    /// generated histories of the property tests and benchmarks, so a new discipline is fuzzed with the rest.
    func simulatedRecord(at timestamp: Date, skill: Double, using random: inout SplitMix64) -> Record
}

extension Discipline {
    public var kind: DisciplineKind { Record.kind }
    public var settings: [DisciplineSetting] { [] }
    @MainActor public func infoEntries(_ context: InfoContext) -> [InfoEntry] { [] }

    /// Disciplines that play no pitch (timing, the threshold test's result) record only the output name.
    public func record(of outcome: any TrainingOutcome, in context: RecordContext) -> Record? {
        record(of: outcome, outputName: context.outputName)
    }
}
