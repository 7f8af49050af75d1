/// A tuning of Peach's library: a short id for the configuration ("meantone-quarter-comma"), a name for
/// screens, where its definition comes from, and its scale.
public struct NamedTuning: Hashable, Sendable, Identifiable {
    public let id: String
    public let name: String
    /// The published definition the scale follows (docs/tunings.md lists them).
    public let source: String
    /// The .scl text the scale was parsed from, so `peach tunings` can show or export it as is.
    public let scalaText: String
    public let scale: ScalaScale
}
