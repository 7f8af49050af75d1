import PeachPresentation
import PeachWeb

/// What each address of the local page answers (the server has already held the request to `LocalPageAccess`):
/// the page, its script and style, what the page sends (`/input`, a `PageInput` for the trainer), the profile's JSON
/// and the training's CSV. Pure: the app hands over what changes (the profile, the export) as closures.
public struct PageRoutes: Sendable {
    /// What an import was: the CSV file's bytes and whether the valid rows are to be imported without the others.
    public typealias Import = @Sendable (_ csv: [UInt8], _ partial: Bool) -> (HTTPStatus, String)

    /// Where the Profile page posts a CSV file to import: the one address whose body may be large
    /// (`LocalPageServer.Limits.http.upload`).
    public static let importPath = "/import"

    public var profileJSON: @Sendable () -> String
    /// The training as CSV, or why the history could not be read (said to the user as it is).
    public var exportCSV: @Sendable () -> Result<String, PageFailure>
    public var importCSV: Import
    public var input: @Sendable (PageInput) -> Void

    public init(profileJSON: @escaping @Sendable () -> String, exportCSV: @escaping @Sendable () -> Result<String, PageFailure>,
                importCSV: @escaping Import, input: @escaping @Sendable (PageInput) -> Void) {
        self.profileJSON = profileJSON
        self.exportCSV = exportCSV
        self.importCSV = importCSV
        self.input = input
    }

    public func answer(_ request: HTTPRequest) -> HTTPResponse {
        if let page = Self.pageItself(request) { return page }
        return switch (request.method, request.path) {
        case ("GET", "/profile.json"): Self.content(profileJSON(), type: "application/json; charset=utf-8")
        case ("GET", "/export.csv"):
            switch exportCSV() {
            case .success(let csv): Self.content(csv, type: "text/csv; charset=utf-8")
            case .failure(let failure): .text(.internalServerError, failure.description)
            }
        case ("POST", "/input"): received(request)
        case ("POST", Self.importPath): imported(request)
        case (_, "/"), (_, "/page.js"), (_, "/page.css"), (_, "/profile.json"), (_, "/export.csv"), (_, "/input"), (_, Self.importPath):
            .rejection(HTTPRejection(.methodNotAllowed, "\(request.path) does not take \(request.method)"))
        default: .text(.notFound, "Peach's page has nothing at \(request.path)")
        }
    }

    private func received(_ request: HTTPRequest) -> HTTPResponse {
        switch PageRequest.input(fromForm: String(decoding: request.body, as: UTF8.self)) {
        case .success(let pageInput):
            input(pageInput)
            return HTTPResponse(.noContent)
        case .failure(let error):
            return .text(.badRequest, error.description)
        }
    }

    /// The file imported (or refused) and what the import says, in the user's language: the page shows it.
    private func imported(_ request: HTTPRequest) -> HTTPResponse {
        let (status, text) = importCSV(request.body, request.query["partial"] == "1")
        return .text(status, text)
    }

    /// The page, its script and its style: served from the first moment, before the trainer exists (`PageRouter`).
    static func pageItself(_ request: HTTPRequest) -> HTTPResponse? {
        guard request.method == "GET" else { return nil }
        switch request.path {
        case "/": return content(PageShell.html(), type: "text/html; charset=utf-8")
        case "/page.js": return content(PageScript.source, type: "text/javascript; charset=utf-8")
        case "/page.css": return content(PageStyle.source, type: "text/css; charset=utf-8")
        default: return nil
        }
    }

    static func content(_ text: String, type: String) -> HTTPResponse {
        HTTPResponse(.ok, headers: [HTTPHeader("Content-Type", type)], body: Array(text.utf8))
    }
}

/// Why the page could not be given what it asked for, in words for the user.
public struct PageFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
