import PeachPresentation

/// What the page posts to `/input`: one form field naming what happened (`key=ArrowUp`, `choose=2`, `adjust=-1.5`,
/// `setting=4&value=…`, `reset=4`), read into a `PageInput` or refused with a line saying why.
public enum PageRequest {
    public static func input(fromForm body: String) -> Result<PageInput, PageRequestError> {
        let fields = form(body)
        if let name = fields["key"] {
            return WebKeyName.key(name).map { .success(.key($0)) } ?? .failure(PageRequestError("no key is called \(name)"))
        }
        if let entry = fields["choose"] { return index(entry).map { .choose($0) } }
        if let cents = fields["adjust"] {
            guard let value = Double(cents), value.isFinite, abs(value) <= 1_200 else {
                return .failure(PageRequestError("adjust takes cents between -1200 and 1200"))
            }
            return .success(.adjust(value))
        }
        if let row = fields["setting"] {
            guard let text = fields["value"] else { return .failure(PageRequestError("a setting needs its value")) }
            return index(row).map { .setting(row: $0, text: text) }
        }
        if let row = fields["reset"] { return index(row).map { .resetSetting(row: $0) } }
        return .failure(PageRequestError("say key, choose, adjust, setting or reset"))
    }

    private static func index(_ text: String) -> Result<Int, PageRequestError> {
        guard let value = Int(text), (0..<10_000).contains(value) else {
            return .failure(PageRequestError("\(text) is not a row or entry number"))
        }
        return .success(value)
    }

    /// `application/x-www-form-urlencoded` fields (the first of a repeated name); `+` is a space.
    static func form(_ body: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts.first.flatMap({ percentDecoded(String($0)) }),
                  let value = percentDecoded(parts.count > 1 ? String(parts[1]) : "") else { continue }
            if fields[name] == nil { fields[name] = value }
        }
        return fields
    }

    /// Nil for a broken escape or bytes that are not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next(), let low = iterator.next(),
                      let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else { return nil }
                bytes.append(value)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

public struct PageRequestError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
