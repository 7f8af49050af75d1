import Foundation
@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachStore
import PeachTestSupport
@testable import PeachTrainer
import Testing

/// A temporary data directory whose log holds `records`, written in the order given (out of order if they are).
struct FuzzDirectory {
    let data: DataDirectory

    init(_ records: [TrainingRecord]) throws {
        let path = NSTemporaryDirectory() + "peach-fuzz-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        data = DataDirectory(path: path)
        guard !records.isEmpty else { return }
        let lines = try records.map { try Disciplines.codecs.logLine(for: $0) }
        try (LogFormat.headerLine + "\n" + lines.joined()).write(toFile: path + "/training.log", atomically: true,
                                                                 encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(atPath: data.path) }
}

final class CapturedConsole: @unchecked Sendable {
    // @unchecked: only written by the command under test, on the test's thread.
    var out = "", err = ""
    var console: Console { Console(out: { self.out += $0 }, err: { self.err += $0 }) }
}

/// What every figure of a profile must be, whatever the history: finite, and inside its own interval.
@MainActor enum ProfileFigures {
    static func expectFinite(_ profile: PerceptualProfile, _ label: String,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        for discipline in profile.trainedDisciplines {
            guard let progress = profile.progress(of: discipline) else { continue }
            for estimate in progress.points + [progress.now].compactMap({ $0 }) {
                #expect(estimate.lower.isFinite && estimate.value.isFinite && estimate.upper.isFinite
                        && estimate.lower <= estimate.value && estimate.value <= estimate.upper,
                        "\(label), \(discipline): \(estimate)", sourceLocation: sourceLocation)
            }
            #expect(progress.probabilityLower.isFinite && progress.probabilityHigher.isFinite, "\(label), \(discipline)",
                    sourceLocation: sourceLocation)
        }
    }

    /// Every number in `peach profile --json` finite, and every object with an interval holding its value in it.
    static func expectSane(json: String, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let document = try JSONSerialization.jsonObject(with: Data(json.utf8))
        var problems: [String] = []
        walk(document, path: "", problems: &problems)
        #expect(problems.isEmpty, "\(label): \(problems.prefix(5))", sourceLocation: sourceLocation)
    }

    private static func walk(_ node: Any, path: String, problems: inout [String]) {
        if let object = node as? [String: Any] {
            if let lower = object["lower"] as? Double, let upper = object["upper"] as? Double {
                let middle = (object["value"] ?? object["median"] ?? object["mean"]) as? Double
                let outside = middle.map { $0 < lower - 1e-9 || $0 > upper + 1e-9 } ?? false
                if lower > upper || outside {
                    problems.append("\(path): \(lower) … \(String(describing: middle)) … \(upper)")
                }
            }
            for (key, value) in object { walk(value, path: path + "." + key, problems: &problems) }
        } else if let array = node as? [Any] {
            for (index, value) in array.enumerated() { walk(value, path: path + "[\(index)]", problems: &problems) }
        } else if let number = node as? Double, !number.isFinite {
            problems.append("\(path): \(number)")
        }
    }
}

/// The trainer as the composition root wires it, on a loaded history, with instant mock ports.
@MainActor enum FuzzTrainer {
    static func wire(_ launched: LaunchHistory) -> TrainerController {
        let store = launched.store
        let adapters = TrainerWiring.Adapters(store: store, notePlayer: InstantNotePlayer(), rhythmPlayer: SilentRhythmPlayer(),
                                              output: RecordingOutput(), settings: FixedSettings(), clock: SteppingClock(),
                                              logger: SilentLogger(), interruptions: InterruptionHub(),
                                              outputName: { store.outputName }, pitchBasis: { nil })
        let choices = TrainerWiring.Choices(breaks: QuietBreakSchedule(), decoder: ControllerDecoder(binding: nil),
                                            userStopFade: .zero)
        return TrainerWiring.trainer(adapters, profile: launched.profile, choices: choices)
    }
}

/// How long each history took through every path (debug build), printed once the suite is done.
final class FuzzTimes: @unchecked Sendable {
    // @unchecked: guarded by `lock`.
    static let shared = FuzzTimes()
    private let lock = NSLock()
    private var slowest: (label: String, duration: Duration)?
    private var count = 0

    func add(_ label: String, _ duration: Duration) {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        if duration > slowest?.duration ?? .zero { slowest = (label, duration) }
        print("history fuzz: \(count) histories; slowest \(slowest?.duration ?? .zero) (\(slowest?.label ?? ""))")
    }
}
