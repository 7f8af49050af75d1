import Foundation
import PeachSystem

/// Picks the SoundFont FluidSynth loads: the user's choice, else Debian's default-GM link,
/// else FluidR3 from fluid-soundfont-gm.
public struct SoundFontLocator: Sendable {
    public static let debianDefaults = [
        "/usr/share/sounds/sf2/default-GM.sf2",
        "/usr/share/sounds/sf2/FluidR3_GM.sf2",
    ]

    public var candidates: [String]
    public var fileExists: @Sendable (String) -> Bool
    /// Checks the user's own choice: a directory, an empty file, a FIFO or a device is refused with
    /// its own reason before FluidSynth is started with it.
    public var checkRequested: @Sendable (String) throws(UserFileError) -> Void

    public init(candidates: [String] = SoundFontLocator.debianDefaults,
                fileExists: @escaping @Sendable (String) -> Bool = { FileSystem.isReadable($0) },
                checkRequested: @escaping @Sendable (String) throws(UserFileError) -> Void = UserFile.checkReadable) {
        self.candidates = candidates
        self.fileExists = fileExists
        self.checkRequested = checkRequested
    }

    public func locate(requested: String?) throws(SynthLaunchError) -> String {
        if let requested {
            do { try checkRequested(requested) } catch { throw .soundFontUnusable(error) }
            return requested
        }
        guard let found = candidates.first(where: fileExists) else { throw .noDefaultSoundFont(searched: candidates) }
        return found
    }
}
