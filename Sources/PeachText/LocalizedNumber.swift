import Foundation

/// Numbers as the screen shows them: a decimal comma in German ("7,3 ct"), a point in English. Files
/// (the log, CSV, JSON, the configuration) never come through here: they use `String(format:)` directly,
/// which is locale-independent in Swift, so an export reads the same whatever the user's language.
public enum LocalizedNumber {
    /// `value` with `places` decimals ("7.3" / "7,3"); `signed` puts "+" before a positive value.
    public static func decimal(_ value: Double, places: Int, signed: Bool = false, in language: Language = Localization.current) -> String {
        localizing(String(format: signed ? "%+.\(places)f" : "%.\(places)f", value), in: language)
    }

    /// A number already written with a decimal point ("99.22"), in the language's notation ("99,22").
    public static func localizing(_ written: String, in language: Language = Localization.current) -> String {
        language == .german ? written.replacingOccurrences(of: ".", with: ",") : written
    }
}
