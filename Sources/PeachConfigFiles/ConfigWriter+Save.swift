import Foundation
import PeachConfig
import PeachSystem

extension ConfigWriter {
    /// Reads `path` (missing = empty), applies the changes and writes it back atomically, creating
    /// the directory on first save. A directory, FIFO or device at `path` (`--config /dev/null`) is
    /// refused: it is never replaced by a file.
    public static func save(_ changes: [Change], to path: String) throws {
        try UserFile.checkReplaceable(path)
        let url = URL(fileURLWithPath: path)
        let original = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        try createDirectories(url.deletingLastPathComponent().path)
        try updating(original, with: changes).write(to: url, atomically: true, encoding: .utf8)
    }
}
