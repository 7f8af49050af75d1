import Foundation
import PeachPresentation
@testable import PeachTerminal
import Testing

@Suite struct InfoScreenCalibrationTests {
    @Test func theCalibrationLineShowsOnlyWhenThereIsOne() {
        var model = ScreenFixtures.info()
        let without = InfoScreen.render(model, size: ScreenFixtures.size, style: ScreenFixtures.mono)
        #expect(!without.contains { $0.contains("Calibration") })
        model.synthCalibration = "calibrated 2026-11-22: 99.2 c/semitone, 1 c floor, keys within ±6.7 c"
        let with = InfoScreen.render(model, size: ScreenFixtures.size, style: ScreenFixtures.mono)
        // Wrapped within 80 columns, nothing cut.
        let text = with.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(with.allSatisfy { TextLayout.visibleWidth($0) <= ScreenFixtures.size.columns })
        #expect(text.contains("Calibration calibrated 2026-11-22: 99.2 c/semitone, 1 c floor, keys within ±6.7 c"), "\(with)")
        #expect(with.firstIndex { $0.contains("Synth") }! < with.firstIndex { $0.contains("Calibration") }!)
    }
}
