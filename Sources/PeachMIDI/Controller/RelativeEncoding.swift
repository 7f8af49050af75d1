/// How a relative (endless) encoder writes a signed step into one 7-bit CC value.
/// Value 0 (and 64 in binary offset) means no movement.
public enum RelativeEncoding: String, Hashable, Sendable, CaseIterable {
    /// 1...63 = +1...+63, 127...64 = −1...−64 (Mackie, many Behringer "relative 1").
    case twosComplement
    /// 64 = 0, 65...127 = +1...+63, 63...0 = −1...−64 (Arturia "relative 1", Akai "binary offset").
    case binaryOffset
    /// Bit 6 is the sign: 1...63 = +1...+63, 65...127 = −1...−63 (Native Instruments, "signed bit").
    case signMagnitude

    public func step(_ value: UInt8) -> Int {
        let value = Int(value & 0x7F)
        switch self {
        case .twosComplement: return value < 64 ? value : value - 128
        case .binaryOffset: return value - 64
        case .signMagnitude: return value & 0x40 == 0 ? value : -(value & 0x3F)
        }
    }
}
