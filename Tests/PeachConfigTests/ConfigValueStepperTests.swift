@testable import PeachConfig
import PeachCore
import PeachDisciplines
import Testing

@Suite struct ConfigValueStepperTests {
    func step(_ key: ConfigKey, _ value: ConfigValue, _ direction: Int, coarse: Bool = false) -> ConfigValue {
        ConfigValueStepper.stepped(value, of: key, direction: direction, coarse: coarse)
    }

    @Test func numbersStepAndClampToTheAllowedRange() {
        #expect(step(ConfigSchema.velocity, .integer(90), 1) == .integer(91))
        #expect(step(ConfigSchema.velocity, .integer(120), 1, coarse: true) == .integer(127))
        #expect(step(ConfigSchema.noteDuration, .decimal(1), -1) == .decimal(0.9))
        #expect(step(ConfigSchema.noteDuration, .decimal(0.2), -1) == .decimal(0.2))
        #expect(step(ComparisonSettings.naturalVsMechanical, .decimal(0.25), 1) == .decimal(0.3))
        #expect(step(ConfigSchema.referencePitch, .decimal(440), 1, coarse: true) == .decimal(450))
        #expect(step(ConfigSchema.referencePitch, .decimal(498), 1, coarse: true) == .decimal(500))
    }

    @Test func notesChoicesBooleansChannelsCycle() {
        #expect(step(ConfigSchema.lowestNote, .note(MIDINote(60)), 1) == .note(MIDINote(61)))
        #expect(step(ConfigSchema.lowestNote, .note(MIDINote(60)), -1, coarse: true) == .note(MIDINote(48)))
        #expect(step(ConfigSchema.answerHigherNote, .note(nil), 1) == ConfigSchema.answerHigherNote.defaultValue)
        #expect(step(ConfigSchema.synth, .text("external"), 1) == .text("auto"))
        #expect(step(ConfigSchema.synth, .text("auto"), -1) == .text("external"))
        #expect(step(ConfigSchema.bell, .boolean(true), 1) == .boolean(false))
        #expect(step(ConfigSchema.controllerChannel, .channel(nil), 1) == .channel(1))
        #expect(step(ConfigSchema.controllerChannel, .channel(nil), -1) == .channel(16))
        #expect(step(ConfigSchema.controllerChannel, .channel(16), 1) == .channel(nil))
        #expect(step(ConfigSchema.outputPort, .text("128:0"), 1) == .text("128:0"))
    }

    @Test func everySteppedValueIsAllowed() {
        for key in Disciplines.schema.keys {
            var value = key.defaultValue
            for direction in [1, 1, -1, -1, -1] {
                value = step(key, value, direction, coarse: direction < 0)
                #expect(key.kind.parse(value.description) == value, "\(key) → \(value)")
            }
        }
    }
}
