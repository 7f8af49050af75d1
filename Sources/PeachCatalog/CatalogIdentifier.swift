/// Message ids: words joined by dots ("comparison.prompt", "start.keyHints"), each word a lowercase ASCII
/// letter then letters and digits. In Swift the id becomes a case name: "comparison.prompt" → comparisonPrompt.
public enum CatalogIdentifier {
    public static func isValid(_ id: String) -> Bool {
        let words = id.split(separator: ".", omittingEmptySubsequences: false)
        return words.allSatisfy { word in
            guard let first = word.first, first.isASCII, first.isLowercase else { return false }
            return word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    public static func caseName(of id: String) -> String {
        let words = id.split(separator: ".")
        guard let first = words.first else { return id }
        return String(first) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
