import Foundation
import PeachConfig
import PeachConfigFiles
import PeachCore
import PeachText

/// `peach tunings`: Peach's named tunings with their sizes; `peach tunings FILE.scl|FILE.kbm`: checks a user's Scala
/// file and describes it, or says on which line and what is wrong (exit 1), so a file can be made right before
/// `[training] tuning` names it.
public enum TuningsCommand {
    public static func run(path: String?, console: Console) -> Int32 {
        guard let path else {
            console.out(list())
            return 0
        }
        let bytes: [UInt8]
        do {
            bytes = try TuningFiles.read(path)
        } catch {
            console.err("peach: \(error)\n")
            return 1
        }
        do {
            let isMapping = path.lowercased().hasSuffix(".kbm")
            console.out(isMapping ? describe(try ScalaKeyboardMapping.parse(bytes: bytes), path: path)
                                  : describe(try ScalaScale.parse(bytes: bytes), path: path))
            return 0
        } catch {
            console.err("peach: \(path): \(error)\n")
            return 1
        }
    }

    /// One line per named tuning: its id for the configuration, its name, its size and two of its intervals on C4.
    static func list() -> String {
        let width = NamedTunings.all.map(\.id.count).max() ?? 0
        let lines = NamedTunings.all.map { tuning in
            let system = TuningSystem.named(tuning)
            let sizes = [Interval.perfectFifth, .majorThird].map { size(of: $0, in: system) }.joined(separator: ", ")
            return "  " + tuning.id.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + tuning.name
                + " — " + notes(tuning.scale) + "; " + sizes
        }
        return tr(.tuningsHeader) + "\n" + lines.joined(separator: "\n") + "\n" + tr(.tuningsFooter) + "\n"
    }

    /// "P5 696.6 ct" on C4, with the number of steps for a scale played by pitch: "P5 696.8 ct (18 steps)".
    static func size(of interval: Interval, in system: TuningSystem) -> String {
        let tuned = system.placement(of: DirectedInterval(interval), from: .c4, referencePitch: .standard)
        let cents = interval.shortName + " " + LocalizedNumber.decimal(tuned.size.value, places: 1) + " ct"
        guard system.scale?.isKeyboardScale == false, let steps = tuned.degrees?.steps else { return cents }
        return cents + " (" + tr(.tuningsSteps, count: steps) + ")"
    }

    /// "12 notes per 1200.0 ct".
    static func notes(_ scale: ScalaScale) -> String {
        tr(.tuningsNotes, count: scale.noteCount, ["period": LocalizedNumber.decimal(scale.period.value, places: 1)])
    }

    static func describe(_ scale: ScalaScale, path: String) -> String {
        let degrees = (1...scale.noteCount).map { index in
            let cents = scale.cents(ofDegree: index)
            return tr(.tuningsDegree, ["degree": "\(index)", "written": scale.degrees[index - 1].written,
                                       "cents": LocalizedNumber.decimal(cents.value, places: 3),
                                       "nearest": nearest(cents)])
        }
        return tr(.tuningsScaleFile, ["path": path, "description": scale.description, "notes": notes(scale)]) + "\n"
            + degrees.map { "  " + $0 }.joined(separator: "\n") + "\n" + tr(.tuningsUseScale, ["path": path]) + "\n"
    }

    /// "≈ P5 −3.2 ct" against the nearest 12-TET interval; beyond an octave, "≈ 19 semitones +1.9 ct".
    static func nearest(_ cents: Cents) -> String {
        let semitones = Int((cents.value / Cents.perSemitone).rounded())
        let deviation = LocalizedNumber.decimal(cents.value - Double(semitones) * Cents.perSemitone, places: 1, signed: true)
        let name = Interval(semitones: semitones)?.shortName ?? tr(.tuningsSemitones, count: semitones)
        return "≈ " + name + " " + deviation + " ct"
    }

    static func describe(_ mapping: ScalaKeyboardMapping, path: String) -> String {
        let pattern = mapping.isLinear ? tr(.tuningsMappingLinear) : tr(.tuningsMappingPattern, count: mapping.size)
        return tr(.tuningsMappingFile, [
            "path": path, "pattern": pattern, "first": mapping.firstNote.name, "last": mapping.lastNote.name,
            "middle": mapping.middleNote.name, "reference": mapping.referenceNote.name,
            "frequency": LocalizedNumber.decimal(mapping.referenceFrequency.hertz, places: 3),
        ]) + "\n" + tr(.tuningsUseMapping, ["path": path]) + "\n"
    }
}
