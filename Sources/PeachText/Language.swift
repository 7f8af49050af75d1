/// The languages Peach speaks. Note names (C4, F♯4) are international and never translated.
public enum Language: String, CaseIterable, Sendable {
    case english = "en"
    case german = "de"

    /// The language the GNU way: the first non-empty of `LC_ALL`, `LC_MESSAGES`, `LANG` decides; German for
    /// `de`, `de_DE.UTF-8`, `de_AT@euro` …; English for everything else, `C` and `POSIX` included (and when
    /// none is set). `LANGUAGE` is not read: glibc ignores it too when the locale is `C`, and a single
    /// choice keeps `LC_ALL=C` a reliable way to get the English that scripts parse.
    public static func chosen(by environment: [String: String]) -> Language {
        let setting = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return setting.map(language(ofLocale:)) ?? .english
    }

    /// "de_DE.UTF-8" → German; "de" alone too; "dev" or "C" → English.
    static func language(ofLocale locale: String) -> Language {
        let code = locale.prefix { $0.isLetter }
        return code.lowercased() == "de" ? .german : .english
    }
}
