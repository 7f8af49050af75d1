import Foundation
import PeachSystem
import PeachText
import PeachTrainer
import PeachWeb
import PeachWebPage
import PeachWebServer
import Synchronization

/// `peach web`'s page from step 2 on: served as soon as the history is open (a second Peach on the same data has been
/// refused by then), so the browser opens at once and shows each startup step as the terminal prints it — FluidSynth
/// starting, its calibration's progress — until the trainer takes the page over (`bind`, step 10). What the page sends
/// goes into `input`, which the trainer reads from then on; a tab closed meanwhile stops nothing (no training runs).
final class EarlyPage: Sendable {
    private struct State {
        var lines: [String] = []
        var isBound = false
        var isClosed = false
        var redirect: String?
    }

    let server: LocalPageServer
    let access: LocalPageAccess
    let input: AsyncStream<UserInput>
    let sent: AsyncStream<UserInput>.Continuation
    private let router: PageRouter
    private let console: Console
    private let state = Mutex(State())

    private init(server: LocalPageServer, access: LocalPageAccess, router: PageRouter, input: AsyncStream<UserInput>,
                 sent: AsyncStream<UserInput>.Continuation, console: Console) {
        self.server = server
        self.access = access
        self.router = router
        self.input = input
        self.sent = sent
        self.console = console
    }

    /// The listener on 127.0.0.1 (a new secret each start), the server on its thread, the address printed and the
    /// browser opened. A port that cannot be served ends the run.
    @MainActor static func start(_ context: TrainingApp.Context, request: WebRequest) throws(StartupExit) -> EarlyPage {
        let (input, sent) = AsyncStream<UserInput>.makeStream()
        let page: EarlyPage
        do {
            let listener = try LoopbackListener(port: request.port ?? 0)
            let access = LocalPageAccess(port: listener.port, secret: LocalPageAccess.newSecret())
            let router = PageRouter()
            let tabs = PageTabs { sent.yield(.page(.closed)) }
            let server = try LocalPageServer(listener: listener, access: access, limits: TrainingApp.pageLimits,
                                             streamCountChanged: tabs.countChanged, handler: router.answer)
            page = EarlyPage(server: server, access: access, router: router, input: input, sent: sent, console: context.console)
        } catch {
            context.console.err("peach: " + tr(.webCannotServe, ["error": "\(error)"]) + "\n")
            throw StartupExit(reason: "\(error)")
        }
        page.server.start()
        page.publish(StartingHTML.render([tr(.pageStartingTitle) + "…"]))
        let redirect = TrainingApp.announce(page.access.openingURL, request: request, context: context)
        page.state.withLock { $0.redirect = redirect }
        return page
    }

    /// A startup step's line (from any thread): on the terminal as before, and on the page until the trainer takes it.
    func say(_ line: String) {
        console.err("peach: \(line)\n")
        let lines: [String]? = state.withLock { state in
            guard !state.isBound else { return nil }
            state.lines.append(line)
            return state.lines
        }
        if let lines { publish(StartingHTML.render(lines)) }
    }

    /// The trainer's routes answer from now on; its interface publishes the screens.
    func bind(_ routes: PageRoutes) {
        state.withLock { $0.isBound = true }
        router.bind(routes)
    }

    func publish(_ html: String) {
        server.publish(ServerSentEvent(name: "screen", data: html))
    }

    /// Stops the server and removes the browser's redirect file; once, however the run ends.
    func close() {
        let redirect: String?? = state.withLock { state in
            guard !state.isClosed else { return .none }
            state.isClosed = true
            return .some(state.redirect)
        }
        guard case .some(let file) = redirect else { return }
        server.stop()
        sent.finish()
        if let file { try? FileSystem.removeTree(file) }
    }
}
