/// The iOS Peach CSV export, format version 3: a `# peach-export-format:3` line, a header row with
/// these 19 columns in this order, then one row per record; cells that do not apply are empty.
public enum PeachCSVFormat {
    public static let version = 3
    public static let metadataPrefix = "# peach-export-format:"
    public static let metadataLine = metadataPrefix + String(version)

    public static let columns = [
        "trainingType", "timestamp", "referenceNote", "referenceNoteName", "targetNote", "targetNoteName",
        "interval", "tuningSystem", "centOffset", "isCorrect", "initialCentOffset", "userCentError",
        "tempoBPM", "offsetMs", "meanOffsetMs", "meanOffsetMsPosition0", "meanOffsetMsPosition1",
        "meanOffsetMsPosition2", "meanOffsetMsPosition3",
    ]

    /// Column positions, named so the importer and exporter never use bare indices.
    public enum Column: Int, CaseIterable, Sendable {
        case trainingType, timestamp, referenceNote, referenceNoteName, targetNote, targetNoteName
        case interval, tuningSystem, centOffset, isCorrect, initialCentOffset, userCentError
        case tempoBPM, offsetMs, meanOffsetMs, meanOffsetMsPosition0, meanOffsetMsPosition1
        case meanOffsetMsPosition2, meanOffsetMsPosition3

        public var name: String { PeachCSVFormat.columns[rawValue] }
    }

    /// Every `trainingType` iOS Peach writes in format 3. A type no registered discipline reads is counted
    /// and reported as skipped on import, never as invalid.
    public static let iOSTrainingTypes = ["pitchDiscrimination", "pitchMatching", "rhythmOffsetDetection",
                                          "continuousRhythmMatching"]
}
