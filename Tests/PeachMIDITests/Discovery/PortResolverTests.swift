import PeachMIDI
import Testing

@Suite struct PortResolverTests {
    typealias F = PortFixtures

    @Test(arguments: [
        ("128:0", F.fluid), ("128.0", F.fluid), ("128", F.fluid), (" 129:1 ", F.timidity1),
        ("FLUID Synth (4242)", F.fluid), ("fluid synth (4242)", F.fluid), ("FLUID", F.fluid), ("fluid", F.fluid),
        ("TiMidity:1", F.timidity1), ("timidity", F.timidity0), ("'TiMidity':1", F.timidity1),
        ("\"FLUID Synth (4242)\":0", F.fluid), ("FLUID Synth (4242):0", F.fluid),
        ("Synth input port (4242:0)", F.fluid), ("synth input", F.fluid), ("TiMidity port 1", F.timidity1),
        ("Midi Through", F.through), ("14:0", F.through), ("aseqdump", F.monitor),
    ])
    func resolvesWhatAconnectAccepts(text: String, expected: SequencerPortInfo) throws {
        #expect(try F.resolver().resolve(text, for: .destination) == expected)
    }

    @Test func exactClientNameBeatsAPrefixOfAnother() throws {
        let short = F.port(140, 0, "Synth", "a", caps: F.writable, types: [.synthesizer])
        let long = F.port(135, 0, "Synth Deluxe", "b", caps: F.writable, types: [.synthesizer])
        #expect(try F.resolver([long, short]).resolve("synth", for: .destination) == short)
        #expect(try F.resolver([long, short]).resolve("synth d", for: .destination) == long)
    }

    @Test func aPrefixMatchingSeveralClientsTakesTheLowestNumberAsAconnectDoes() throws {
        let second = F.port(133, 0, "FLUID Synth (9)", "Synth input port (9:0)", caps: F.writable, types: [.synthesizer])
        #expect(try F.resolver(F.desktop + [second]).resolve("FLUID", for: .destination) == F.fluid)
    }

    @Test func sourcesResolveToReadablePorts() throws {
        #expect(try F.resolver().resolve("nano", for: .source) == F.knobs)
        #expect(try F.resolver().resolve("20", for: .source) == F.keyboard)
    }

    @Test func unknownNamesListTheValidPorts() {
        #expect(throws: PortResolutionError.noMatch("Yamaha", .destination,
                                                    candidates: F.resolver().candidates(for: .destination))) {
            try F.resolver().resolve("Yamaha", for: .destination)
        }
        do {
            _ = try F.resolver().resolve("Yamaha", for: .destination)
        } catch {
            #expect(error.description.contains("'Yamaha'"))
            #expect(error.description.contains("128:0  'FLUID Synth (4242)' / 'Synth input port (4242:0)'"))
            #expect(!error.description.contains("130:"), "Peach's own ports are not offered")
            #expect(!error.description.contains("Announce"), "read-only ports are not offered as destinations")
        }
    }

    @Test func missingPortNumberOfAnExistingClientIsNoMatch() {
        #expect(throws: PortResolutionError.self) { try F.resolver().resolve("128:5", for: .destination) }
        #expect(throws: PortResolutionError.self) { try F.resolver().resolve("77", for: .destination) }
    }

    @Test func readOnlyPortIsNotADestination() {
        #expect(throws: PortResolutionError.unsuitable("0:1", F.announce, .destination,
                                                       candidates: F.resolver().candidates(for: .destination))) {
            try F.resolver().resolve("0:1", for: .destination)
        }
        #expect(throws: PortResolutionError.unsuitable("FLUID", F.fluid, .source,
                                                       candidates: F.resolver().candidates(for: .source))) {
            try F.resolver().resolve("FLUID", for: .source)
        }
    }

    @Test func peachItselfIsRefused() {
        #expect(throws: PortResolutionError.ownClient("Peach", candidates: F.resolver().candidates(for: .destination))) {
            try F.resolver().resolve("Peach", for: .destination)
        }
        #expect(throws: PortResolutionError.self) { try F.resolver().resolve("130:1", for: .destination) }
    }

    @Test func emptyTextIsAnError() {
        #expect(throws: PortResolutionError.empty(.destination, candidates: F.resolver().candidates(for: .destination))) {
            try F.resolver().resolve("  ", for: .destination)
        }
    }
}
