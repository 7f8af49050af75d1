import Foundation
import PeachSystem

/// Opens the page in the user's browser the way Jupyter does: the address with this run's secret goes into a file
/// only the user can read (in `$XDG_RUNTIME_DIR`, else the data directory), which sends the browser on; `xdg-open`
/// is given the file's name, so the secret never appears in a process's command line for other users to read.
enum BrowserOpener {
    /// Whether a desktop session is there to show a browser.
    static func hasDesktop(_ environment: [String: String]) -> Bool {
        [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
    }

    /// `xdg-open` on the PATH, if any.
    static func xdgOpen(_ environment: [String: String]) -> String? {
        (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { $0 + "/xdg-open" }.first(where: FileSystem.isExecutable)
    }

    /// Where the redirect files go: `$XDG_RUNTIME_DIR` (the user's own, emptied at logout), else `fallback`.
    static func redirectDirectory(_ environment: [String: String], fallback: String) -> String {
        environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? fallback
    }

    /// The redirect file of the Peach with process ID `pid`.
    static func redirectPath(in directory: String, pid: Int32) -> String { directory + "/peach-page-\(pid).html" }

    /// The redirect file for `url` in `directory`, readable by its owner alone; its path.
    static func writeRedirect(to url: String, in directory: String) throws(SystemError) -> String {
        let path = redirectPath(in: directory, pid: Processes.ownID)
        let escaped = url.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
        let html = "<!DOCTYPE html><meta charset=\"utf-8\"><meta http-equiv=\"refresh\" content=\"0;url=\(escaped)\">"
            + "<title>Peach</title><p><a href=\"\(escaped)\">Peach</a></p>\n"
        let file = try OpenFile(path: path, flags: O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode: 0o600)
        try file.writeWhole(Array(html.utf8), at: 0)
        return path
    }

    /// Starts `xdg-open` on the redirect file; its path (to remove at the end), or nil when no browser could be asked.
    static func open(_ url: String, environment: [String: String], fallbackDirectory: String) -> String? {
        guard hasDesktop(environment), let opener = xdgOpen(environment),
              let redirect = try? writeRedirect(to: url, in: redirectDirectory(environment, fallback: fallbackDirectory)),
              hand(redirect, to: opener) else { return nil }
        return redirect
    }

    /// The page of the Peach `pid` that already trains on this data, opened again through the redirect file it
    /// wrote (its secret still good): whether a browser was asked to. False when that Peach opened no browser (no
    /// desktop, `--no-browser`, a terminal `peach`) or none is here.
    static func openRunning(pid: Int32, environment: [String: String], fallbackDirectory: String) -> Bool {
        let redirect = redirectPath(in: redirectDirectory(environment, fallback: fallbackDirectory), pid: pid)
        guard hasDesktop(environment), let opener = xdgOpen(environment), FileSystem.isReadable(redirect) else {
            return false
        }
        return hand(redirect, to: opener)
    }

    /// `xdg-open redirect`, detached; whether it started.
    private static func hand(_ redirect: String, to opener: String) -> Bool {
        guard let devNull = try? OpenFile(path: "/dev/null", flags: O_RDONLY | O_CLOEXEC),
              let pid = try? ChildProcess.spawnDetached(opener, arguments: [redirect], standardInput: devNull.descriptor) else {
            return false
        }
        // xdg-open hands over to the browser and ends; reaped on a thread of its own so no zombie is left.
        Thread.detachNewThread {
            for _ in 0..<600 where !Processes.reapIfEnded(pid) { Thread.sleep(forTimeInterval: 0.1) }
        }
        return true
    }
}
