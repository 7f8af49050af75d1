import PeachConfig
import PeachCore
import PeachSystem

extension TuningFiles {
    /// A .scl or .kbm file's bytes, read with a cap one byte over what the parser accepts, so an oversized file
    /// reaches the parser and is refused as too large, and an endless device is never read to its end.
    public static func read(_ path: String) throws(UserFileError) -> [UInt8] {
        try UserFile.read(path, limit: ScalaText.maximumBytes + 1)
    }
}
