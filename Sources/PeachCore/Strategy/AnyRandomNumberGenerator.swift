/// A type-erased generator, so sessions and strategies can store an injected one (seeded in tests)
/// and still hand it to the standard library's generic `random(using:)` functions.
public struct AnyRandomNumberGenerator: RandomNumberGenerator {
    private var base: any RandomNumberGenerator

    public init(_ base: any RandomNumberGenerator) { self.base = base }

    public mutating func next() -> UInt64 { base.next() }
}
