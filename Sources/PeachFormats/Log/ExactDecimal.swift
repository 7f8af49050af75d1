/// Reads `-?digits(.digits)?` to the double `Double(String)` returns (the correctly rounded one) without
/// strtod, or returns nil when it cannot be sure and strtod must decide.
///
/// Why: the log writes each cent value in Swift's shortest round-trip form, which for a computed offset is
/// 16–17 significant digits, and strtod took about a third of reading a 100,000-record history at launch.
/// - Up to 2^53 the digits are an exact double, and so is 10^f for f ≤ 22: one division rounds correctly
///   (Clinger's fast path).
/// - Above that (the 16–17-digit case), a candidate from the same division is at most about an ulp off.
///   It and its two neighbours are checked exactly in 128-bit integers, and the one whose rounding interval
///   holds the decimal is it. A tie, a power of two (whose interval is lopsided) or a number too large or too
///   small for the 128-bit check is left to strtod.
enum ExactDecimal {
    private static let powersOfTen: [Double] = (0...22).map { power in (0..<power).reduce(1.0) { value, _ in value * 10 } }
    private static let widePowersOfTen: [UInt128] = (0...22).map { power in (0..<power).reduce(UInt128(1)) { value, _ in value * 10 } }

    static func parse(_ start: UnsafePointer<UInt8>, count: Int) -> Double? {
        guard let (negative, digits, fractionDigits) = scan(start, count: count) else { return nil }
        guard let magnitude = value(of: digits, fractionDigits: fractionDigits) else { return nil }
        return negative ? -magnitude : magnitude
    }

    /// The sign, the digits as one integer, and how many of them follow the point; nil for anything
    /// else (an exponent, white space, a bare point, over 19 digits or 22 decimals).
    private static func scan(_ start: UnsafePointer<UInt8>, count: Int) -> (Bool, UInt64, Int)? {
        var index = 0
        let negative = count > 0 && start[0] == 0x2D
        if negative { index = 1 }
        var digits: UInt64 = 0, digitCount = 0, fractionDigits = 0, seenPoint = false
        while index < count {
            let byte = start[index]
            if byte >= 0x30 && byte <= 0x39 {
                guard digits <= (UInt64.max - 9) / 10 else { return nil }
                digits = digits * 10 + UInt64(byte - 0x30)
                digitCount += 1
                if seenPoint { fractionDigits += 1 }
            } else if byte == 0x2E && !seenPoint {
                seenPoint = true
            } else {
                return nil
            }
            index += 1
        }
        guard digitCount > 0, !(seenPoint && fractionDigits == 0), fractionDigits <= 22 else { return nil }
        return (negative, digits, fractionDigits)
    }

    /// digits / 10^fractionDigits, correctly rounded, or nil when undecided.
    private static func value(of digits: UInt64, fractionDigits: Int) -> Double? {
        let candidate = Double(digits) / powersOfTen[fractionDigits]
        if digits <= 1 << 53 { return candidate }
        if roundsTo(candidate, digits: digits, fractionDigits: fractionDigits) { return candidate }
        if roundsTo(candidate.nextUp, digits: digits, fractionDigits: fractionDigits) { return candidate.nextUp }
        if roundsTo(candidate.nextDown, digits: digits, fractionDigits: fractionDigits) { return candidate.nextDown }
        return nil
    }

    /// Whether digits / 10^f lies strictly inside `guess`'s rounding interval, (M − ½)·2^e to (M + ½)·2^e
    /// for guess = M·2^e: |digits·2^(1−e) − 2M·10^f| < 10^f, exactly, in 128 bits.
    private static func roundsTo(_ guess: Double, digits: UInt64, fractionDigits: Int) -> Bool {
        guard guess.isNormal, guess.significandBitPattern != 0 else { return false }
        let significand = UInt128(guess.significandBitPattern | 1 << 52)
        let shift = 1 - (Int(guess.exponent) - 52)
        guard shift >= 0, 64 - digits.leadingZeroBitCount + shift <= 127 else { return false }
        let scaledDigits = UInt128(digits) << shift
        let power = widePowersOfTen[fractionDigits]
        let scaledGuess = 2 * significand * power  // < 2^54 · 10^22 < 2^128
        let distance = scaledDigits > scaledGuess ? scaledDigits - scaledGuess : scaledGuess - scaledDigits
        return distance < power
    }
}
