/// A GM program with optional bank, as sent at connect time (default 0 = Acoustic Grand Piano).
public struct InstrumentSelection: Hashable, Sendable {
    public static let piano = InstrumentSelection(program: 0)

    /// 0...127 on the wire (GM's "program 1" is 0).
    public let program: UInt8
    public let bankMSB: UInt8
    public let bankLSB: UInt8

    /// Values are clamped to 0...127.
    public init(program: Int, bankMSB: Int = 0, bankLSB: Int = 0) {
        func seven(_ value: Int) -> UInt8 { UInt8(min(max(value, 0), 127)) }
        self.program = seven(program)
        self.bankMSB = seven(bankMSB)
        self.bankLSB = seven(bankLSB)
    }
}
