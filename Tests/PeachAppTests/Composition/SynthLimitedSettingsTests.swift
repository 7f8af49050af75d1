@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachTestSupport
@testable import PeachTrainer
import Testing

@MainActor @Suite struct SynthLimitedSettingsTests {
    final class Source: TrainingSettingsSource {
        var currentSettings = TrainingSettings().with {
            $0.minimumCentDifference = Cents(0.1)
            $0.maximumCentDifference = Cents(100)
        }
    }

    @Test func theSmallestDifferenceNeverGoesBelowWhatTheSynthCanPresent() {
        let source = Source()
        #expect(SynthLimitedSettings(source, resolution: Cents(1)).currentSettings.minimumCentDifference == Cents(1))
        #expect(SynthLimitedSettings(source, resolution: .zero).currentSettings.minimumCentDifference == Cents(0.1))
        source.currentSettings.minimumCentDifference = Cents(2)
        #expect(SynthLimitedSettings(source, resolution: Cents(1)).currentSettings.minimumCentDifference == Cents(2))
    }
}
