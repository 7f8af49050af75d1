import Foundation
import PeachCore
import PeachDisciplines
import PeachSystem
import PeachPresentation
import PeachStore
import PeachTerminal
import PeachText
import PeachTrainer

/// `peach profile [--svg FILE | --json]`: the perceptual profile from the stored history, as text, as an
/// SVG chart or as JSON. Read-only: works while a trainer is running.
@MainActor
public enum ProfileCommand {
    public static func run(directory: DataDirectory, range: ClosedRange<MIDINote>, svgPath: String?, json: Bool = false,
                           console: Console) -> Int32 {
        // Checked first: a wrong --svg is reported before the history is read.
        let special: FileKind?
        do {
            special = try svgPath.map(UserFile.outputTarget) ?? nil
        } catch {
            console.err("peach: " + tr(.profileGiveFileName, ["error": "\(error)", "directory": error.path]) + "\n")
            return 1
        }
        // Streamed: the whole history is never held (100,000 records would cost ~20 MB more).
        let fold = ProfileFold()
        guard HistoryReader.read(directory, console: console, each: fold.add) else { return 1 }
        let profile = PerceptualProfile()
        profile.replace(with: fold.finish())
        let document = ProfileDocument(ReportContext(profile: profile, range: range))
        if json {
            console.out(document.json + "\n")
            return 0
        }
        guard let svgPath else {
            console.out(document.lines.joined(separator: "\n") + "\n")
            return 0
        }
        do {
            // A FIFO or device (/dev/stdout) is written in place: an atomic write would rename over it.
            try document.svg.write(toFile: svgPath, atomically: special == nil, encoding: .utf8)
        } catch {
            console.err("peach: " + tr(.profileCannotWrite, ["path": svgPath, "reason": error.localizedDescription]) + "\n")
            return 1
        }
        console.err("peach: " + tr(.profileChartWritten, ["path": svgPath]) + "\n")
        return 0
    }
}
