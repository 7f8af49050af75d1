import PeachCore
import Testing

/// What every line error of a malformed .scl or .kbm case must say: the 1-based line it is on, first, and what
/// is wrong there.
func expectLineError(_ error: ScalaError?, line: Int, saying words: String, case index: Int) throws {
    let error = try #require(error, "case \(index) parsed")
    #expect(error.description.hasPrefix("line \(line): "), "\(error)")
    #expect(error.description.contains(words), "\(error)")
}
