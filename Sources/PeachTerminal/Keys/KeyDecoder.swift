import PeachPresentation

/// Turns terminal input bytes into keys, incrementally: an escape sequence or UTF-8 character split
/// across two reads is completed by the next `feed`. A lone ESC cannot be told apart from the start
/// of a sequence until time passes, so it stays pending until `flush()` — call it when the read
/// after ESC timed out (`TerminalInput.escapeTimeoutMilliseconds`). Pure: no I/O, no clock.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// True while bytes wait for more input (a lone ESC or an incomplete sequence/character).
    public var hasPendingInput: Bool { !pending.isEmpty }

    public mutating func feed(_ bytes: [UInt8]) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        while !pending.isEmpty {
            switch Self.decodeOne(pending) {
            case .key(let key, let length):
                keys.append(key)
                pending.removeFirst(length)
            case .skip(let length):
                pending.removeFirst(length)
            case .needMore:
                return keys
            }
        }
        return keys
    }

    /// No more bytes came: a pending ESC was the Escape key; whatever followed it is decoded as
    /// ordinary keys, and an incomplete UTF-8 character is dropped.
    public mutating func flush() -> [Key] {
        var keys: [Key] = []
        while !pending.isEmpty {
            let bytes = pending
            pending = []
            guard bytes.first == 0x1B else { break }
            keys.append(.escape)
            keys += feed(Array(bytes.dropFirst()))
        }
        return keys
    }

    private enum Step {
        case key(Key, length: Int)
        case skip(length: Int)
        case needMore
    }

    private static func decodeOne(_ bytes: [UInt8]) -> Step {
        let first = bytes[0]
        switch first {
        case 0x1B: return decodeEscape(bytes)
        case 0x0D, 0x0A: return .key(.enter, length: 1)
        case 0x09: return .key(.tab, length: 1)
        case 0x7F, 0x08: return .key(.backspace, length: 1)
        case 0x00: return .skip(length: 1)
        case 0x01...0x1A:
            return .key(.control(Character(UnicodeScalar(first + 0x60))), length: 1)
        case 0x1C...0x1F: return .skip(length: 1)
        case 0x20...0x7E: return .key(.character(Character(UnicodeScalar(first))), length: 1)
        default: return decodeUTF8(bytes)
        }
    }

    private static func decodeUTF8(_ bytes: [UInt8]) -> Step {
        let first = bytes[0]
        let length: Int
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .skip(length: 1)
        }
        guard bytes.count >= length else { return .needMore }
        let sequence = bytes.prefix(length)
        guard sequence.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }) else { return .skip(length: 1) }
        guard let text = String(validating: sequence, as: UTF8.self), let character = text.first else {
            return .skip(length: length)
        }
        return .key(.character(character), length: length)
    }

    private static func decodeEscape(_ bytes: [UInt8]) -> Step {
        guard bytes.count >= 2 else { return .needMore }
        switch bytes[1] {
        case UInt8(ascii: "["): return decodeCSI(bytes)
        case UInt8(ascii: "O"): return decodeSS3(bytes)
        case 0x20...0x7E:
            return .key(.alt(Character(UnicodeScalar(bytes[1]))), length: 2)
        default:
            // ESC followed by a control byte or another ESC: the Escape key, then that byte on its own.
            return .key(.escape, length: 1)
        }
    }

    /// `ESC O x`: cursor keys in application mode, and Home/End on some terminals.
    private static func decodeSS3(_ bytes: [UInt8]) -> Step {
        guard bytes.count >= 3 else { return .needMore }
        // rxvt sends Ctrl+arrows as ESC O a...d.
        let key = rxvtArrow(bytes[2], modifiers: .control) ?? finalKey(bytes[2], modifiers: []) ?? .unknown
        return .key(key, length: 3)
    }

    /// `ESC [ params final`: parameters are digits and ';', the final byte is 0x40...0x7E.
    private static func decodeCSI(_ bytes: [UInt8]) -> Step {
        var index = 2
        while index < bytes.count {
            let byte = bytes[index]
            if (0x40...0x7E).contains(byte) {
                let parameterText = String(decoding: bytes[2..<index], as: UTF8.self)
                let parameters = parameterText.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
                return .key(csiKey(final: byte, parameters: parameters, hasParameters: !parameterText.isEmpty),
                            length: index + 1)
            }
            guard (0x20...0x3F).contains(byte) else {
                // Not a valid sequence: treat the ESC as the Escape key and decode the rest anew.
                return .key(.escape, length: 1)
            }
            index += 1
        }
        return .needMore
    }

    private static func csiKey(final: UInt8, parameters: [Int?], hasParameters: Bool) -> Key {
        // xterm: modifier parameter m = 1 + (shift 1 | alt 2 | ctrl 4).
        let modifierParameter = parameters.count >= 2 ? (parameters[1] ?? 1) : 1
        let modifiers = KeyModifiers(rawValue: max(modifierParameter - 1, 0) & 0b111)
        if final == UInt8(ascii: "~") {
            switch parameters.first ?? nil {
            case 1, 7: return .home
            case 3: return .delete
            case 4, 8: return .end
            case 5: return .pageUp
            case 6: return .pageDown
            default: return .unknown
            }
        }
        if final == UInt8(ascii: "Z") { return .backTab }
        // rxvt sends Shift+arrows as ESC [ a...d (never with parameters; ESC [ ? 6 c is a device report).
        if !hasParameters, let arrow = rxvtArrow(final, modifiers: .shift) { return arrow }
        return finalKey(final, modifiers: modifiers) ?? .unknown
    }

    private static func rxvtArrow(_ final: UInt8, modifiers: KeyModifiers) -> Key? {
        switch final {
        case UInt8(ascii: "a"): .arrow(.up, modifiers)
        case UInt8(ascii: "b"): .arrow(.down, modifiers)
        case UInt8(ascii: "c"): .arrow(.right, modifiers)
        case UInt8(ascii: "d"): .arrow(.left, modifiers)
        default: nil
        }
    }

    private static func finalKey(_ final: UInt8, modifiers: KeyModifiers) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .arrow(.up, modifiers)
        case UInt8(ascii: "B"): .arrow(.down, modifiers)
        case UInt8(ascii: "C"): .arrow(.right, modifiers)
        case UInt8(ascii: "D"): .arrow(.left, modifiers)
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "M"): .enter  // keypad Enter in application mode
        default: nil
        }
    }
}
