/// A line a discipline adds to the Info screen (`Discipline.infoEntries`): its label and what it says, both
/// already in the user's language. Long texts are wrapped under the label.
public struct InfoEntry: Hashable, Sendable {
    public var label: String
    public var text: String

    public init(label: String, text: String) {
        self.label = label
        self.text = text
    }
}
