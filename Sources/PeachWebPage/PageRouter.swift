import PeachWeb
import Synchronization

/// The page's addresses from the moment the server starts, before the trainer exists: `peach web` serves the page
/// while the synth starts and calibrates, so the browser opens at once and shows that progress. Until `bind`, the
/// page, its script and style are served and anything else says Peach is still starting (503); then every request
/// goes to the trainer's `PageRoutes`.
public final class PageRouter: Sendable {
    private let routes = Mutex<PageRoutes?>(nil)

    public init() {}

    public func bind(_ routes: PageRoutes) {
        self.routes.withLock { $0 = routes }
    }

    public func answer(_ request: HTTPRequest) -> HTTPResponse {
        if let routes = routes.withLock({ $0 }) { return routes.answer(request) }
        return PageRoutes.pageItself(request) ?? .text(.serviceUnavailable, StartingHTML.unavailable)
    }
}
