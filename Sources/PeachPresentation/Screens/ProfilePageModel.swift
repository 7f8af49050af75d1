/// The whole profile on one page, for a front end that scrolls instead of paging: the overview's summary, every
/// discipline's section as `peach profile` prints it, and the picture `peach profile --svg` writes.
public struct ProfilePageModel: Hashable, Sendable {
    public var summary: [ProfileSummaryLine]
    public var sections: [[String]]
    /// Every discipline's chart as one SVG document (its XML declaration included).
    public var svg: String
    /// What the last import from this page said (how many records, or why nothing was imported); nil before one.
    public var importNote: String?

    public init(summary: [ProfileSummaryLine], sections: [[String]], svg: String, importNote: String? = nil) {
        self.summary = summary
        self.sections = sections
        self.svg = svg
        self.importNote = importNote
    }
}
