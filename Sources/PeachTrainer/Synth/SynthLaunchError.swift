import Foundation
import PeachSystem
import PeachText

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
            tr(.synthNotInstalled)
        case .soundFontUnusable(let error):
            tr(.synthBadSoundFont, ["error": "\(error)"])
        case .noDefaultSoundFont(let searched):
            tr(.synthNoSoundFont, ["searched": searched.joined(separator: ", ")])
        case .unknownAudioDriver(let name, let available):
            tr(.synthNoAudioDriver, ["name": name, "available": available.joined(separator: ", ")])
        case .exitedEarly(let status, let output):
            tr(.synthExitedEarly, ["status": "\(status)", "output": Self.indent(output)])
        case .portTimeout(let seconds, let output):
            tr(.synthPortTimeout, ["seconds": "\(Int(seconds))", "output": Self.indent(output)])
        }
    }

    private static func indent(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? tr(.synthNoOutput) : trimmed.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "  " + $0 }.joined(separator: "\n")
    }
}
