import Testing
@testable import PeachMIDI

@Suite struct ChannelAllocatorTests {
    private let one = MIDIChannel(0)!, two = MIDIChannel(1)!, three = MIDIChannel(2)!

    @Test func successiveNotesAlternate() {
        var allocator = ChannelAllocator(channels: [one, two])
        #expect((0..<5).map { _ in allocator.allocate(busy: []) } == [one, two, one, two, one])
    }

    @Test func busyChannelsAreSkipped() {
        var allocator = ChannelAllocator(channels: [one, two, three])
        #expect(allocator.allocate(busy: []) == one)
        #expect(allocator.allocate(busy: [two]) == three)
        #expect(allocator.allocate(busy: [one]) == two)
    }

    @Test func whenAllAreBusyRotationContinues() {
        var allocator = ChannelAllocator(channels: [one, two])
        #expect(allocator.allocate(busy: [one, two]) == one)
        #expect(allocator.allocate(busy: [one, two]) == two)
    }
}
