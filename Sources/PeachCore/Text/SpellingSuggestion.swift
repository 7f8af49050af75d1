/// "Did you mean …?" for a misspelt word: command names, options, configuration keys.
public enum SpellingSuggestion {
    /// The candidate within two edits of `word` (velocty → velocity), the closest first; nil when none is.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        // The distance is at least the difference in length: a long word (a pasted 2 MB value) is not compared.
        guard word.utf8.count <= (candidates.map(\.utf8.count).max() ?? 0) + 2 else { return nil }
        return candidates.map { ($0, editDistance(word, $0)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance: insertions, deletions and substitutions of characters.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for i in a.indices {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for j in b.indices {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a[i] == b[j] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
