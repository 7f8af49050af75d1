import Foundation
import PeachStore
import PeachDisciplines
import PeachTestSupport

/// A fresh directory under the system temp dir, removed when released. Tests never touch the real home.
final class TemporaryDirectory {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "peach-store-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    var dataDirectory: DataDirectory { DataDirectory(path: path + "/data") }

    func file(_ name: String) -> String { path + "/" + name }
}

func readText(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

func writeText(_ text: String, to path: String) {
    try! FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                             withIntermediateDirectories: true)
    try! text.write(toFile: path, atomically: false, encoding: .utf8)
}
