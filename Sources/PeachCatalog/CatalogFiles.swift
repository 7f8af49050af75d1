import Foundation

/// The catalogs in a checkout: `po/peach.pot` (English, the template) and `po/de.po` (German), and the
/// Swift source generated from them.
public struct CatalogFiles: Sendable {
    public var repository: String

    public init(repository: String) { self.repository = repository }

    public var templatePath: String { repository + "/po/peach.pot" }
    public var germanPath: String { repository + "/po/de.po" }
    public var generatedSourcePath: String { repository + "/Sources/PeachText/Generated/Catalog.swift" }

    public func template() throws -> Catalog { try read(templatePath, name: "po/peach.pot") }
    public func german() throws -> Catalog { try read(germanPath, name: "po/de.po") }

    /// The source the catalogs give now.
    public func generatedSource() throws -> String {
        CatalogSourceWriter.source(template: try template(), german: try german())
    }

    private func read(_ path: String, name: String) throws -> Catalog {
        try CatalogParser.parse(String(contentsOfFile: path, encoding: .utf8), file: name)
    }
}
