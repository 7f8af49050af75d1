/// One hearing-now row's goals: each judged goal goes into the report (and so the JSON) under the listener's name,
/// and the row's last column says which were missed.
struct HearingNowVerdicts {
    let listener: String
    let report: BenchReport
    private(set) var missed: [String] = []

    init(_ listener: String, report: BenchReport) {
        self.listener = listener
        self.report = report
    }

    mutating func judge(_ what: String, _ value: Double, _ unit: String, goal: String, met: Bool, note: String? = nil) {
        report.add("hearing-now", "\(listener): \(what)", value, unit, goal: goal, met: met, note: note, printed: false)
        if !met { missed.append(what) }
    }

    /// The row's goals column: "met", or what was not.
    var column: String { missed.isEmpty ? "met" : "NOT met: " + missed.joined(separator: ", ") }
}
