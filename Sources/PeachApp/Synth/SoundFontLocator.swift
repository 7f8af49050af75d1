import Foundation

/// Picks the SoundFont FluidSynth loads: the user's choice, else Debian's default-GM link,
/// else FluidR3 from fluid-soundfont-gm.
public struct SoundFontLocator: Sendable {
    public static let debianDefaults = [
        "/usr/share/sounds/sf2/default-GM.sf2",
        "/usr/share/sounds/sf2/FluidR3_GM.sf2",
    ]

    public var candidates: [String]
    public var fileExists: @Sendable (String) -> Bool

    public init(candidates: [String] = SoundFontLocator.debianDefaults,
                fileExists: @escaping @Sendable (String) -> Bool = { FileManager.default.isReadableFile(atPath: $0) }) {
        self.candidates = candidates
        self.fileExists = fileExists
    }

    public func locate(requested: String?) throws(SynthLaunchError) -> String {
        if let requested {
            guard fileExists(requested) else { throw .soundFontNotFound(requested) }
            return requested
        }
        guard let found = candidates.first(where: fileExists) else { throw .noDefaultSoundFont(searched: candidates) }
        return found
    }
}
