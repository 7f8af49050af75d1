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

    /// The form of the counted text `id` that `count` takes in the language's plural rule ("1 answer",
    /// "3 answers"); English where the German catalog has no entry.
    public static func text(_ id: PluralMessageID, count: Int, in language: Language = current) -> String {
        switch language {
        case .english: form(CatalogTables.english(id), CatalogTables.englishForm(count: count))
        case .german:
            CatalogTables.german(id).map { form($0, CatalogTables.germanForm(count: count)) }
                ?? form(CatalogTables.english(id), CatalogTables.englishForm(count: count))
        }
    }

    /// The form at `index`; the last one should a rule ever name a form past the end (a catalog the parser let
    /// through has exactly the forms its rule numbers).
    private static func form(_ forms: [String], _ index: Int) -> String {
        forms.indices.contains(index) ? forms[index] : forms.last ?? ""
    }
}

/// `id`'s text in the current language with its placeholders filled: `tr(.startTrend, ["trend": label])`.
/// A value given for no placeholder is ignored; a placeholder given no value stays as written.
public func tr(_ id: MessageID, _ values: [String: String] = [:]) -> String {
    Template.fill(Localization.text(id), with: values)
}

/// A counted text in the form `count` takes, with `{count}` and the other placeholders filled:
/// `tr(.profileComparisons, count: 1)` is "1 comparison", with 3 "3 comparisons".
public func tr(_ id: PluralMessageID, count: Int, _ values: [String: String] = [:]) -> String {
    Template.fill(Localization.text(id, count: count), with: values.merging(["count": String(count)]) { given, _ in given })
}
