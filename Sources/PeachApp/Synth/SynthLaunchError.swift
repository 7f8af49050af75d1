import Foundation
import PeachFiles

/// Why FluidSynth could not be started or reached; each says what to do.
public enum SynthLaunchError: Error, Equatable, CustomStringConvertible {
    case fluidSynthNotInstalled
    case soundFontUnusable(UserFileError)
    case noDefaultSoundFont(searched: [String])
    case unknownAudioDriver(String, available: [String])
    case exitedEarly(status: Int32, output: String)
    case portTimeout(seconds: Double, output: String)

    public var description: String {
        switch self {
        case .fluidSynthNotInstalled:
            "FluidSynth is not installed. Install it with: sudo apt-get install fluidsynth fluid-soundfont-gm"
        case .soundFontUnusable(let error):
            "SoundFont \(error). Give a readable .sf2 file with --soundfont (or [midi] soundfont), "
                + "or leave it out to use the General MIDI SoundFont from fluid-soundfont-gm."
        case .noDefaultSoundFont(let searched):
            "No SoundFont found (looked for \(searched.joined(separator: ", "))). "
                + "Install one with: sudo apt-get install fluid-soundfont-gm — or give one with --soundfont FILE."
        case .unknownAudioDriver(let name, let available):
            "FluidSynth has no audio driver '\(name)'; it has: \(available.joined(separator: ", "))."
        case .exitedEarly(let status, let output):
            "FluidSynth exited (status \(status)) before its MIDI port appeared. Its output:\n\(Self.indent(output))"
        case .portTimeout(let seconds, let output):
            "FluidSynth's MIDI port did not appear within \(Int(seconds)) s. Its output so far:\n\(Self.indent(output))"
        }
    }

    private static func indent(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? "  (nothing)" : trimmed.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "  " + $0 }.joined(separator: "\n")
    }
}
