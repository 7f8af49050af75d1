import Synchronization

/// Which language text is rendered in. The program sets the process's language once at start
/// (`use(_:)`); a task can render in another language for its own duration (`Localization.$override`),
/// which is how tests render German screens while other tests run English ones in parallel.
public enum Localization {
    private static let processLanguage = Mutex(Language.english)

    /// A language for the current task and the tasks it starts, ahead of the process's.
    @TaskLocal public static var override: Language?

    /// The language text is rendered in right now.
    public static var current: Language { override ?? processLanguage.withLock { $0 } }

    /// Sets the process's language (at start, from the environment).
    public static func use(_ language: Language) {
        processLanguage.withLock { $0 = language }
    }

    /// `body`'s text in `language`, whatever the process's language is.
    public static func rendering<T>(in language: Language, _ body: () throws -> T) rethrows -> T {
        try $override.withValue(language, operation: body)
    }

    /// `id`'s text in the current language; English where the German catalog has no entry.
    public static func text(_ id: MessageID, in language: Language = current) -> String {
        switch language {
        case .english: CatalogTables.english(id)
        case .german: CatalogTables.german(id) ?? CatalogTables.english(id)
        }
    }
}

/// `id`'s text in the current language with its placeholders filled: `tr(.startTrend, ["trend": label])`.
/// A value given for no placeholder is ignored; a placeholder given no value stays as written.
public func tr(_ id: MessageID, _ values: [String: String] = [:]) -> String {
    Template.fill(Localization.text(id), with: values)
}

/// The `.one` or `.other` form of a counted text, with `{count}` filled: "1 answer", "3 answers".
public func tr(count: Int, one: MessageID, other: MessageID, _ values: [String: String] = [:]) -> String {
    tr(count == 1 ? one : other, values.merging(["count": String(count)]) { current, _ in current })
}
