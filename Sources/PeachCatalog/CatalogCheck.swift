import PeachText

/// What is wrong between the English template and a translation, one line each; empty when the
/// translation is complete: every English id has a non-empty translation with the same placeholders,
/// the English each translation was made from is the template's current English (a changed English
/// text needs its translation reviewed), and no translation is left for an id the template dropped.
public enum CatalogCheck {
    public static func problems(template: [CatalogEntry], translation: [CatalogEntry], language: String) -> [String] {
        let translated = Dictionary(uniqueKeysWithValues: translation.map { ($0.id, $0) })
        let known = Set(template.map(\.id))
        var problems: [String] = []
        for entry in template {
            guard let other = translated[entry.id], !other.translation.isEmpty else {
                problems.append("\(entry.id): no \(language) text")
                continue
            }
            if other.english != entry.english {
                problems.append("\(entry.id): the English changed since it was translated; review the \(language) text "
                                + "and copy the new English into its msgid")
            }
            let expected = Set(Template.placeholders(in: entry.english))
            let found = Set(Template.placeholders(in: other.translation))
            if expected != found {
                problems.append("\(entry.id): placeholders {\(expected.sorted().joined(separator: "} {"))} in English, "
                                + "{\(found.sorted().joined(separator: "} {"))} in \(language)")
            }
        }
        for entry in translation where !known.contains(entry.id) {
            problems.append("\(entry.id): translated, but not in the English template (removed or renamed?)")
        }
        return problems
    }
}
