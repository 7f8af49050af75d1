import Testing

/// The suites that need a real kernel sequencer, nested here so they run one at a time: they
/// measure timing, and the VM's emulated CPU is shared by everything running at once.
@Suite(.serialized, .enabled(if: SequencerRequirement.shouldRun))
enum RealSequencerTests {}
